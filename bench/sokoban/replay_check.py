#!/usr/bin/env python3
"""Replays the solutions of a `sokoban --json` run on the level file, independently of the
solver's C++ code: every step of the LURD string must be legal (a lower-case letter walks onto
floor, an upper-case one pushes a box onto free floor), the counts must equal the JSON's
pushes and moves, and every box must end on a goal.

    python3 bench/sokoban/replay_check.py LEVELS.xsb RUN.jsonl [RUN2.jsonl ...]

Prints one line per solved level and a summary; exits 1 when any solution fails."""
import json
import sys


def read_levels(path):
    """The boards of an XSB file, in order: runs of lines that contain '#' and only board
    characters (the same convention as the solver's reader, simplified)."""
    levels, board = [], []
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\r\n")
        is_row = "#" in line and set(line) <= set("#$.*@+-_ ")
        if is_row:
            board.append(line.replace("-", " ").replace("_", " "))
        elif board:
            levels.append(board)
            board = []
    if board:
        levels.append(board)
    return levels


def replay(board, lurd):
    walls, goals, boxes, player = set(), set(), set(), None
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            if ch == "#":
                walls.add((r, c))
            if ch in ".*+":
                goals.add((r, c))
            if ch in "$*":
                boxes.add((r, c))
            if ch in "@+":
                player = (r, c)
    step = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
    pushes = moves = 0
    for i, ch in enumerate(lurd):
        if ch.lower() not in step:
            return f"character {i + 1} '{ch}' is not a move", 0, 0
        dr, dc = step[ch.lower()]
        nxt = (player[0] + dr, player[1] + dc)
        if nxt in walls:
            return f"move {i + 1} walks into a wall", 0, 0
        if ch.isupper():
            beyond = (nxt[0] + dr, nxt[1] + dc)
            if nxt not in boxes or beyond in walls or beyond in boxes:
                return f"move {i + 1} is not a legal push", 0, 0
            boxes.remove(nxt)
            boxes.add(beyond)
            pushes += 1
        elif nxt in boxes:
            return f"move {i + 1} walks into a box", 0, 0
        player = nxt
        moves += 1
    if not boxes <= goals:
        return "not every box ends on a goal", pushes, moves
    return "", pushes, moves


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    levels = read_levels(sys.argv[1])
    checked = failed = 0
    for path in sys.argv[2:]:
        for line in open(path):
            rec = json.loads(line)
            if rec.get("status") != "solved":
                continue
            n = rec["level"]
            problem, pushes, moves = replay(levels[n - 1], rec["solution"])
            if not problem and (pushes, moves) != (rec["pushes"], rec["moves"]):
                problem = f"counts {pushes} pushes, {moves} moves; the JSON says {rec['pushes']}, {rec['moves']}"
            checked += 1
            failed += bool(problem)
            print(f"level {n}: " + (f"FAILS: {problem}" if problem else f"replays: {pushes} pushes, {moves} moves"))
    print(f"{checked} solutions checked, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
