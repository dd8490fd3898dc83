#!/usr/bin/env python3
"""A small group of boxes that makes a dead state dead on its own.

Given a level whose position is a deadlock (for instance a sample of `--sample-states` that
the solver proves unsolvable), removes its boxes one at a time and keeps each removal after
which the remaining boxes, alone on the board (`sokoban --box-group`: the player where the
level puts him), are still proven unsolvable within the node limit. Removing boxes never makes
a level harder, so every group this finds is a deadlock pattern of the state: how many boxes a
test would have to look at together to see it.

    python3 bench/sokoban/dead_group.py LEVELS.xsb [--level N] [--node-limit K] [--sokoban BIN]

Prints the group as --box-group's "ROW,COL ..." (rows and columns from 0, as in the level's
text) and the board with only its boxes. Exits 0 with a group, 1 when the whole position is not
proven dead within the node limit, 2 on bad input. The group is minimal for single removals
under that limit, not necessarily the smallest."""
import argparse
import os
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from replay_check import read_levels  # noqa: E402  (the same file convention)


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output, not with a traceback
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("levels")
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--node-limit", type=int, default=300000, help="per --box-group run")
    ap.add_argument("--sokoban", default=os.path.join("build", "bin", "sokoban"))
    args = ap.parse_args()
    levels = read_levels(args.levels)
    if not 1 <= args.level <= len(levels):
        print(f"dead_group.py: {args.levels}: no level {args.level} (it has {len(levels)})", file=sys.stderr)
        return 2
    board = levels[args.level - 1]
    boxes = [(r, c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch in "$*"]

    def dead(group):
        squares = " ".join(f"{r},{c}" for r, c in group)
        run = subprocess.run([args.sokoban, args.levels, "--level", str(args.level), "--box-group", squares,
                              "--node-limit", str(args.node_limit), "--json", "-q"], capture_output=True, text=True)
        if run.returncode == 2:
            sys.exit(f"dead_group.py: {run.stderr.strip()}")
        return run.returncode == 1  # the solver's status for a group proven unsolvable

    if not boxes or not dead(boxes):
        print(f"dead_group.py: {args.levels} level {args.level}: not proven dead within {args.node_limit} expansions")
        return 1
    group = list(boxes)
    for box in boxes:
        trial = [b for b in group if b != box]
        if trial and dead(trial):
            group = trial
    print(f"{len(group)} of {len(boxes)} boxes dead alone: \"{' '.join(f'{r},{c}' for r, c in group)}\"")
    for r, row in enumerate(board):
        line = ""
        for c, ch in enumerate(row):
            if (r, c) in group:
                line += "*" if ch in "*" else "$"
            elif ch in "$*":
                line += "." if ch == "*" else " "
            else:
                line += ch
        print(line.rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
