#!/usr/bin/env python3
"""Runs the `hanoi` program on the benchmark instances and prints a Markdown table:
instance, method (symmetric or plain, see docs/hanoi.md), heuristic, algorithm, moves,
optimal, expanded, search seconds (wall clock), CPU seconds of the whole run (tables
included), table size and build/load seconds, peak memory (process peak RSS, tables included).

Usage (from the repository root, after building the `hanoi` target):
    python3 bench/hanoi/table.py --hanoi build/bin/hanoi [--limit 60] [--only SUBSTRING] > table.md

Each run gets --time-limit LIMIT (wall clock, building or loading the tables included); a run
stopped by the limit shows its proven lower bound. --pdb-max-entries is raised to 2^30 for the rows that ask for a 15-disk table
(1 GiB, built in minutes the first time, then cached: build it once before measuring, see
docs/hanoi.md).
Pattern databases are cached (see docs/hanoi.md): the first run of an instance builds them,
later runs load them; the "table s" column says which time was measured. Use --fresh-tables to
build them in memory on every run (no cache).
"""
import argparse
import json
import subprocess
import sys


def tower(letter, h):
    return "".join(f"{letter}{r}" for r in range(h, 0, -1))


def swap(pegs, h):
    empty = "|" * (pegs - 2)
    return (f"{tower('a', h)}{empty}|{tower('b', h)}", f"{tower('b', h)}{empty}|{tower('a', h)}")


INSTANCES = []


def add(name, problem, heuristic, algorithm="astar", extra=()):
    INSTANCES.append((name, problem, heuristic, algorithm, list(extra)))


BIG = ["--pdb-max-entries", str(2**30)]
# The symmetric method (the default for the classic shape): --pdb sizes describe the half
# problem of n - 1 disks.
add("3 pegs, 1 tower x 12", ["--pegs", "3", "--disks", "12"], "pdb", "astar", BIG)
for n, parts in [(12, "pdb"), (14, "pdb"), (16, "pdb"), (16, ["window:13"]), (18, "pdb"), (18, ["2,15"]),
                 (18, ["window:15"]), (20, ["window:15"])]:
    add(f"4 pegs, 1 tower x {n}", ["--pegs", "4", "--disks", str(n)], parts, "astar", BIG)


# The plain search on the whole classic problem (--no-symmetry), for comparison.
PLAIN = ["--no-symmetry"]
for n, parts in [(10, ["7,3", "3,7"]), (12, ["2,10", "10,2"])]:
    add(f"3 pegs, 1 tower x {n}", ["--pegs", "3", "--disks", str(n)], parts, "astar", PLAIN)
for n, parts in [(12, ["2,10", "10,2"]), (14, ["1,13", "13,1"]), (16, ["3,13", "13,3"]),
                 (18, ["5,13", "13,5"]), (20, ["7,13", "13,7"])]:
    add(f"4 pegs, 1 tower x {n}", ["--pegs", "4", "--disks", str(n)], parts, "astar", PLAIN)
for n, window in [(14, 1), (16, 3), (18, 5)]:
    add(f"4 pegs, 1 tower x {n}", ["--pegs", "4", "--disks", str(n)], [f"window:{window}"], "astar", PLAIN)
for h in (3, 6):
    start, goal = swap(4, h)
    prob = ["--start", start, "--goal", goal]
    add(f"4 pegs, 2 towers x {h} swap", prob, "goalpeg")
    add(f"4 pegs, 2 towers x {h} swap", prob, "towers")
    add(f"4 pegs, 2 towers x {h} swap", prob, "towers", "ida")
    add(f"4 pegs, 2 towers x {h} swap", prob, ["towers", f"{h - 2},{h + 2}" if h == 6 else "2,4"])
for heuristic, extra in [("manhattan", []), ("belfort", []), ("belfort", ["--weight", "3,2"]),
                         ("goalpeg", []), ("towers", [])]:
    start, goal = swap(4, 4)
    add("4 pegs, 2 towers x 4 swap", ["--start", start, "--goal", goal], heuristic, "astar", extra)
start, goal = swap(4, 7)
add("4 pegs, 2 towers x 7 swap", ["--start", start, "--goal", goal], ["towers", "4,10"])
add("4 pegs, 2 towers x 7 swap", ["--start", start, "--goal", goal], "towers")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hanoi", default="build/bin/hanoi")
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--only", default="")
    ap.add_argument("--fresh-tables", action="store_true")
    ap.add_argument("--method", choices=["symmetric", "plain", "all"], default="all",
                    help="only the rows of this method (plain rows: --no-symmetry or another shape)")
    args = ap.parse_args()
    print("| instance | method | heuristic | algorithm | moves | optimal | expanded | search s | CPU s "
          "| tables MiB | table s | peak memory |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, problem, heuristic, algorithm, extra in INSTANCES:
        if args.only and args.only not in name:
            continue
        if args.method == "plain" and "--no-symmetry" not in extra and "1 tower" in name:
            continue
        if args.method == "symmetric" and ("--no-symmetry" in extra or "1 tower" not in name):
            continue
        cmd = [args.hanoi, *problem, "--json", "--time-limit", str(args.limit), "-a", algorithm, *extra]
        if isinstance(heuristic, list):
            cmd += ["-H", "pdb"] + [x for p in heuristic for x in ("--pdb", p)]
            label = "pdb " + " max ".join(heuristic)
        else:
            cmd += ["-H", heuristic]
            label = "pdb (automatic)" if heuristic == "pdb" else heuristic
        shown = [x for x in extra if x not in PLAIN and x not in BIG and not x.isdigit()]
        if shown:
            label += " " + " ".join(shown)
        if args.fresh_tables:
            cmd.append("--no-pdb-cache")
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode not in (0, 3):
            print(f"| {name} | | {label} | {algorithm} | error: {proc.stderr.strip()} | | | | | | | |")
            continue
        r = json.loads(proc.stdout)
        if r["status"] == "solved":
            moves = str(r["cost"])
        else:
            moves = f"stopped ({r['status']}), lower bound {r['lower_bound']}"
        method = r["method"]
        if r.get("half_moves") is not None:
            method += f" (H = {r['half_moves']})"
        print(f"| {name} | {method} | {label} | {r['algorithm']} | {moves} | {'yes' if r['optimal'] else 'no'} | "
              f"{r['expanded']} | {r['seconds']:.2f} | {r['cpu_seconds']:.2f} | "
              f"{r['table_bytes'] / 2**20:.0f} | {r['table_seconds']:.2f} | "
              f"{r['peak_rss_bytes'] / 2**20:.0f} MiB |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
