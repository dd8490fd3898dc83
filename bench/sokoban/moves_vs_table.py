#!/usr/bin/env python3
"""Compares the player moves of `sokoban --json` results with the Microban table.

The table (microban_optimal_pushes.tsv) gives, for each level its breadth-first search finished,
the optimal push count and the fewest moves among all push-optimal solutions. Usage, from the
project root:

  ./build/bin/sokoban ../shared/data/sokoban/microban/microban_155.xsb --levels 1-155 \\
      --time-limit 5 --json > microban.jsonl
  python3 bench/sokoban/moves_vs_table.py microban.jsonl \\
      ../shared/data/sokoban/microban/microban_optimal_pushes.tsv

Prints how many solved levels have exactly the table's moves, more, or fewer (fewer would be a
bug here or there: the table's value is a proven minimum), and how many the fewer-moves pass
finished and improved.
"""
import json
import sys


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    table = {}
    with open(sys.argv[2]) as f:
        next(f)
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) > 3 and cols[3] == "proven_optimal":
                table[int(cols[0])] = (int(cols[1]), int(cols[2]))
    equal = more = fewer = compared = finished = improved = 0
    worst = []
    with open(sys.argv[1]) as f:
        for line in f:
            o = json.loads(line)
            n = o["level"]
            if o["status"] != "solved" or n not in table:
                continue
            compared += 1
            pushes, moves = table[n]
            if o["pushes"] != pushes:
                print(f"level {n}: {o['pushes']} pushes, table {pushes}", file=sys.stderr)
            if o["moves"] == moves:
                equal += 1
            elif o["moves"] > moves:
                more += 1
                worst.append((o["moves"] - moves, n, o["moves"], moves))
            else:
                fewer += 1
                print(f"level {n}: {o['moves']} moves, fewer than the table's {moves}", file=sys.stderr)
            p = o.get("moves_pass", {})
            finished += bool(p.get("finished"))
            improved += o["moves"] < p.get("first_plan_moves", o["moves"])
    print(f"compared {compared}: equal {equal}, more {more}, fewer {fewer}; "
          f"pass finished {finished}, improved {improved}")
    worst.sort(reverse=True)
    for extra, n, got, best in worst[:10]:
        print(f"  level {n}: {got} moves, table {best} (+{extra})")
    return 1 if fewer else 0


if __name__ == "__main__":
    sys.exit(main())
