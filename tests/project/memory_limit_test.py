#!/usr/bin/env python3
"""Memory limits hold: a search stopped by --memory-limit M stays within M of its process's
fixed footprint, measured as peak RSS (the kernel's figure for the child process, os.wait4).

  memory_limit_test.py BIN_DIR

For each program and algorithm that keeps its states in memory (A*, BFS), two runs of the same
command on an instance far too large for M:
  1. with --node-limit 1: the fixed footprint (the binary, the domain's tables, the heuristic's
     pattern databases) is this run's peak RSS (at least the test interpreter's, which the
     child has when it is forked);
  2. with --memory-limit M: its JSON must say memory_limit, the search's own tables (the JSON's
     peak_bytes, when given) at most M, and its peak RSS at most footprint + 1.10 x M.
The limit counts the search's tables, growth included: a table that doubles is counted with the
new buffer before it is allocated (framework/.../detail/node_index.hpp, kGrowthLookahead).
Sokoban runs with its caches (frozen-goal tables, pattern search): the limit covers them too
(docs/programs.md, "Memory").
"""
import json
import os
import subprocess
import sys
import tempfile

MIB = 1 << 20
LIMIT_MIB = 64
# Korf's first instance: millions of states for A* on Manhattan distance, far more for BFS.
KORF1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"
# Eight boxes in an open room, solved for fewest moves: the (boxes, player square) states fill
# 64 MiB in about a second.
OPEN_ROOM = """\
##############
#            #
# $ $ $ $ $  #
#            #
# $  @  $ $  #
#          ###
#  ..........#
##############
"""

failures = []


def run(cmd, stdin, cwd):
    """Runs cmd; returns (exit status, stdout, stderr, peak RSS in bytes)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=out, stderr=err, cwd=cwd)
        proc.stdin.write(stdin.encode())
        proc.stdin.close()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return proc.returncode, out.read().decode(), err.read().decode(), usage.ru_maxrss * 1024


def records(stdout):
    return [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]


def check(name, cmd, stdin, cwd):
    _, out0, err0, footprint = run(cmd + ["--node-limit", "1"], stdin, cwd)
    first = [r["status"] for r in records(out0) if "status" in r]
    if first != ["node_limit"]:
        failures.append(f"{name}: with --node-limit 1, JSON statuses {first}\n  {err0.strip()[:300]}")
        return
    code, out, err, peak = run(cmd + ["--memory-limit", str(LIMIT_MIB)], stdin, cwd)
    recs = [r for r in records(out) if "status" in r]
    statuses = [r["status"] for r in recs]
    if statuses != ["memory_limit"]:
        failures.append(f"{name}: JSON statuses {statuses}, expected ['memory_limit'] (exit {code})\n  {err.strip()[:300]}")
        return
    held = recs[0].get("peak_bytes")
    if held is not None and held > LIMIT_MIB * MIB:
        failures.append(f"{name}: the search's tables reached {held / MIB:.1f} MiB, over the {LIMIT_MIB} MiB limit")
    allowed = footprint + 1.10 * LIMIT_MIB * MIB
    verdict = "ok" if peak <= allowed else "OVER"
    print(f"{name}: footprint {footprint / MIB:.1f} MiB, peak RSS {peak / MIB:.1f} MiB with --memory-limit "
          f"{LIMIT_MIB} (allowed {allowed / MIB:.1f}){'' if held is None else f', tables {held / MIB:.1f} MiB'}: {verdict}")
    if peak > allowed:
        failures.append(f"{name}: peak RSS {peak / MIB:.1f} MiB above footprint {footprint / MIB:.1f} MiB "
                        f"+ 1.10 x {LIMIT_MIB} MiB")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    bin_dir = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="hsearch_memory_limit_")
    cache = ["--cache-dir", os.path.join(tmp, "cache")]

    def program(name):
        return os.path.join(bin_dir, name)

    fifteen = [program("fifteen-puzzle"), "--json", "-q", "--heuristic", "manhattan"] + cache
    check("fifteen-puzzle bfs", fifteen + ["-a", "bfs"], KORF1, tmp)
    check("fifteen-puzzle astar", fifteen + ["-a", "astar"], KORF1, tmp)
    hanoi = [program("hanoi"), "--json", "-q", "--pegs", "4", "--disks", "22"] + cache
    check("hanoi bfs", hanoi + ["-a", "bfs"], "", tmp)
    level = os.path.join(tmp, "open_room.xsb")
    with open(level, "w") as f:
        f.write(OPEN_ROOM)
    sokoban = [program("sokoban"), level, "--json", "-q"] + cache
    check("sokoban astar", sokoban + ["-a", "astar", "--objective", "moves"], "", tmp)
    compare = [program("search-compare"), "--domain", "fifteen-puzzle", "--random", "1", "--seed", "3", "--json",
               "-q", "-H", "manhattan"] + cache
    check("search-compare bfs", compare + ["-a", "bfs"], "", tmp)

    for f in failures:
        print("FAIL", f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
