#!/usr/bin/env python3
"""How far the push bound falls short in the states a search spends its time on.

`sokoban LEVELS.xsb --level N --sample-states S.xsb` writes every K-th state its push search
expands as a level titled "sample K: expansion E, g G, h H, f F". Solving that file gives each
state's true pushes left (or a lower bound on them, or "dead"), and this script tables them
against h, the bound the search expanded the state with:

    sokoban LEVELS.xsb --level N --time-limit 60 --sample-states S.xsb --sample-every 20000 -q
    sokoban S.xsb --time-limit 10 --json -q > S.jsonl
    python3 bench/sokoban/bound_gap.py S.jsonl [--optimum C]

gap = pushes left - h: what the bound misses there. With --optimum C (the level's proven push
count) a state is "on an optimal path" only if g + pushes left == C; the others are states A*
expands only because their bound is too low (their true f is above C). Exits 1 on a line that
is not a sample's result."""
import argparse
import json
import re
import statistics
import sys

TITLE = re.compile(r"sample (\d+): expansion (\d+), g (-?\d+), h (-?\d+), f (-?\d+)")


def read_runs(path):
    rows = []
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        if not line.strip():
            continue
        run = json.loads(line)
        m = TITLE.fullmatch(run.get("title", ""))
        if not m:
            sys.exit(f"bound_gap.py: {path}:{n}: the title {run.get('title')!r} is not a sample's "
                     "(solve a file written by --sample-states)")
        sample, expansion, g, h, f = map(int, m.groups())
        status = run["status"]
        if status == "solved" and run.get("optimal"):
            left, exact = run["pushes"], True
        elif status == "unsolvable":
            left, exact = None, True
        else:
            left, exact = run.get("lower_bound", 0), False
        rows.append(dict(sample=sample, expansion=expansion, g=g, h=h, f=f, left=left, exact=exact, status=status))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", help="the JSON lines of `sokoban SAMPLES.xsb --json`")
    ap.add_argument("--optimum", type=int, default=0, help="the level's proven push count")
    args = ap.parse_args()
    rows = read_runs(args.runs)
    print("| sample | expansion | g | h | f | pushes left | gap | true f |")
    print("|---|---|---|---|---|---|---|---|")
    gaps, dead, open_ = [], 0, 0
    on_path = above = 0
    for r in rows:
        if r["left"] is None:
            left, gap, true_f = "dead", "-", "-"
            dead += 1
            above += 1
        else:
            sign = "" if r["exact"] else ">= "
            left = f"{sign}{r['left']}"
            gap = f"{sign}{r['left'] - r['h']}"
            true_f = f"{sign}{r['g'] + r['left']}"
            if r["exact"]:
                gaps.append(r["left"] - r["h"])
            else:
                open_ += 1
            if args.optimum:
                if r["g"] + r["left"] > args.optimum:
                    above += 1
                elif r["exact"] and r["g"] + r["left"] == args.optimum:
                    on_path += 1
        print(f"| {r['sample']} | {r['expansion']} | {r['g']} | {r['h']} | {r['f']} | {left} | {gap} | {true_f} |")
    print()
    summary = f"{len(rows)} samples: {len(gaps)} solved, {dead} dead, {open_} not solved (a lower bound shown)"
    if gaps:
        summary += f"; gap of the solved: median {statistics.median(gaps)}, min {min(gaps)}, max {max(gaps)}"
    print(summary)
    if args.optimum:
        print(f"against the optimum {args.optimum}: {on_path} on an optimal path (g + pushes left == "
              f"{args.optimum}), {above} provably above it (dead, or g + pushes left > {args.optimum})")


if __name__ == "__main__":
    main()
