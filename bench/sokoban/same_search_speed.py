#!/usr/bin/env python3
"""Two builds of the solver that must make the same search, timed against each other.

  bench/sokoban/same_search_speed.py OLD NEW FILE:LEVEL:NODES [FILE:LEVEL:NODES ...] [--rounds 3]

Each case is `sokoban FILE --level LEVEL --node-limit NODES --json --quiet`, run with OLD and
NEW in turn, --rounds times (alternating, so that a slower minute of the machine hits both).
A node limit, not a time limit, so that both builds stop at the same expansion. The two
builds must report the same expanded, generated and dead-end counts and the same bound in
every run (else the script says which and exits 1: a change meant to be only faster changed
the search). Prints a Markdown table: per case the counts and each build's fastest run, with
the ratio NEW / OLD, and the sums.
"""
import argparse
import json
import subprocess
import sys


def run(binary, path, level, nodes):
    out = subprocess.run([binary, path, "--level", level, "--node-limit", nodes, "--json", "--quiet"],
                         capture_output=True, text=True, check=False)
    if out.returncode not in (0, 1, 3):  # solved, unsolvable, stopped by the node limit
        sys.exit(f"same_search_speed.py: {binary} on {path} level {level}: exit {out.returncode}: {out.stderr.strip()}")
    d = json.loads(out.stdout)
    return d["seconds"], (d["expanded"], d["generated"], d.get("dead_ends"), d.get("lower_bound"))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("cases", nargs="+", metavar="FILE:LEVEL:NODES")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rows, total_old, total_new, differ = [], 0.0, 0.0, False
    for case in args.cases:
        try:
            path, level, nodes = case.rsplit(":", 2)
        except ValueError:
            sys.exit(f"same_search_speed.py: {case}: expected FILE:LEVEL:NODES")
        times = {args.old: [], args.new: []}
        counts = set()
        for _ in range(args.rounds):
            for binary in (args.old, args.new):
                seconds, c = run(binary, path, level, nodes)
                times[binary].append(seconds)
                counts.add(c)
        if len(counts) != 1:
            print(f"same_search_speed.py: {case}: the builds searched differently: {sorted(counts)}", file=sys.stderr)
            differ = True
        old, new = min(times[args.old]), min(times[args.new])
        total_old += old
        total_new += new
        expanded, generated, _, bound = sorted(counts)[0]
        name = path.rsplit("/", 1)[-1]
        rows.append(f"| {name} {level} | {expanded} | {generated} | {bound} | {old:.2f} | {new:.2f} | {new / old:.3f} |")
    print("| level | expanded | generated | bound | old (s) | new (s) | new / old |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"| all | | | | {total_old:.2f} | {total_new:.2f} | {total_new / total_old:.3f} |")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
