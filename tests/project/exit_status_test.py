#!/usr/bin/env python3
"""Every program's exit status agrees with what its JSON says, by the one table of
apps/common/include/hsearch/app/exit_status.hpp: solved 0, unsolvable 1, invalid (bad input) 2,
a limit (time_limit, node_limit, memory_limit) 3, error 70, interrupted 130; a batch exits
with its worst instance's status (130, then 70, 2, 3, 1, 0).

  exit_status_test.py BIN_DIR

Each case runs one program with --json on a small instance whose outcome is known by
construction (a solved board, a board of the wrong parity, a node limit of 1 on an instance
that needs more, a level no box can leave), reads the JSON lines it prints, and checks the
exit status against them and against the case's expected outcome. Bad command lines exit 2
with a message that starts with the program's name. Ctrl-C (one SIGINT a second into a long
run) gives a JSON line that says interrupted and exit 130.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

CODE = {"solved": 0, "unsolvable": 1, "invalid": 2, "time_limit": 3, "node_limit": 3, "memory_limit": 3,
        "error": 70, "interrupted": 130}
SEVERITY = {0: 0, 1: 1, 3: 2, 2: 3, 70: 4, 130: 5}

failures = []


def check(name, cmd, stdin, expected_statuses, *, cwd):
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=cwd, timeout=120)
    statuses = []
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            if "status" in record:
                statuses.append(record["status"])
    if statuses != expected_statuses:
        failures.append(f"{name}: JSON statuses {statuses}, expected {expected_statuses}\n  {done.stderr.strip()}")
        return
    worst = max((CODE[s] for s in statuses), key=lambda c: SEVERITY[c])
    if done.returncode != worst:
        failures.append(f"{name}: exit {done.returncode}, but its JSON says {statuses} (exit {worst} by the table)")


def check_interrupted(name, cmd, stdin, *, cwd):
    """One SIGINT after a second: the run says interrupted in its JSON and exits 130."""
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd)
    proc.stdin.write(stdin)
    proc.stdin.close()
    proc.stdin = None  # (communicate() below only reads)
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        failures.append(f"{name}: still running 30 s after SIGINT")
        return
    statuses = [json.loads(line).get("status") for line in out.splitlines() if line.startswith("{")]
    if "interrupted" not in statuses:
        failures.append(f"{name}: no run says interrupted after SIGINT: {statuses}\n  {err.strip()[:300]}")
    if proc.returncode != 130:
        failures.append(f"{name}: exit {proc.returncode} after SIGINT, expected 130")


def check_usage(name, cmd, program, *, cwd):
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, timeout=60)
    if done.returncode != 2:
        failures.append(f"{name}: exit {done.returncode} for a bad command line, expected 2")
    elif not done.stderr.startswith(program + ":"):
        failures.append(f"{name}: the message does not start with '{program}:': {done.stderr.strip()!r}")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    bin_dir = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="hsearch_exit_status_")
    cache = ["--cache-dir", os.path.join(tmp, "cache")]

    def program(name):
        return os.path.join(bin_dir, name)

    def write(name, text):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    sokoban, fifteen, hanoi = program("sokoban"), program("fifteen-puzzle"), program("hanoi")
    if os.path.exists(sokoban):
        never = "#######\n#.@$  #\n#######\n"
        solvable = "#####\n#@$.#\n#####\n"
        bad = "#####\n#@$$#\n#####\n"  # two boxes, no goal
        check("sokoban built-in level", [sokoban, "--json"], "", ["solved"], cwd=tmp)
        check("sokoban, no box can reach a goal", [sokoban, write("never.xsb", never), "--json"], "",
              ["unsolvable"], cwd=tmp)
        check("sokoban, node limit 1", [sokoban, "--json", "--node-limit", "1"], "", ["node_limit"], cwd=tmp)
        batch = write("batch.xsb", solvable + "\n" + never + "\n" + bad)
        check("sokoban batch: solved, unsolvable", [sokoban, batch, "--levels", "1-2", "--json"], "",
              ["solved", "unsolvable"], cwd=tmp)
        check("sokoban batch: solved, unsolvable, invalid", [sokoban, batch, "--json"], "",
              ["solved", "unsolvable", "invalid"], cwd=tmp)
        check_usage("sokoban --node-limit -5", [sokoban, "--node-limit", "-5"], "sokoban", cwd=tmp)
        check_usage("sokoban --objective fast", [sokoban, "--objective", "fast"], "sokoban", cwd=tmp)
    if os.path.exists(fifteen):
        check("fifteen-puzzle, solved", [fifteen, "--size", "3x3", "--json"] + cache, "1 2 0 3 4 5 6 7 8\n",
              ["solved"], cwd=tmp)
        check("fifteen-puzzle, wrong parity", [fifteen, "--size", "3x3", "--json"] + cache, "2 1 0 3 4 5 6 7 8\n",
              ["unsolvable"], cwd=tmp)
        check("fifteen-puzzle, node limit 1", [fifteen, "--size", "3x3", "--json", "--node-limit", "1"] + cache,
              "8 6 7 2 5 4 3 0 1\n", ["node_limit"], cwd=tmp)
        boards = write("boards.txt", "1 2 0 3 4 5 6 7 8\n2 1 0 3 4 5 6 7 8\n")
        check("fifteen-puzzle batch: solved, unsolvable", [fifteen, "--size", "3x3", "--instances", boards, "--json"]
              + cache, "", ["solved", "unsolvable"], cwd=tmp)
        check_usage("fifteen-puzzle --size -2x-2", [fifteen, "--size", "-2x-2"], "fifteen-puzzle", cwd=tmp)
    if os.path.exists(hanoi):
        check("hanoi, solved", [hanoi, "--pegs", "3", "--disks", "4", "--json"] + cache, "", ["solved"], cwd=tmp)
        check("hanoi, node limit 1", [hanoi, "--pegs", "4", "--disks", "8", "--json", "--node-limit", "1"] + cache,
              "", ["node_limit"], cwd=tmp)
        check_usage("hanoi --pegs 2", [hanoi, "--pegs", "2"], "hanoi", cwd=tmp)
    compare = program("search-compare")
    if os.path.exists(compare):
        levels = write("compare.xsb", "#####\n#@$.#\n#####\n\n#######\n#.@$  #\n#######\n")
        check("search-compare: solved, unsolvable", [compare, "--domain", "sokoban", "--instances", levels, "-a",
                                                     "astar", "--json", "-q"] + cache, "",
              ["solved", "unsolvable"], cwd=tmp)
        check("search-compare, node limit 5", [compare, "--domain", "fifteen-puzzle", "--random", "1", "--seed", "3",
                                               "-a", "ida", "-H", "manhattan", "--node-limit", "5", "--json", "-q"]
              + cache, "", ["node_limit"], cwd=tmp)
        problems = write("hanoi.txt", "classic 3 4\n")
        check("search-compare, hanoi solved", [compare, "--domain", "hanoi", "--instances", problems, "-a", "astar",
                                               "-H", "goalpeg", "--json", "-q"] + cache, "", ["solved"], cwd=tmp)
        check_interrupted("search-compare, Ctrl-C", [compare, "--domain", "fifteen-puzzle", "--random", "1",
                                                     "--seed", "3", "-a", "ida", "-H", "manhattan", "--json", "-q"]
                          + cache, "", cwd=tmp)
        check_usage("search-compare --domain chess", [compare, "--domain", "chess", "--random", "1"],
                    "search-compare", cwd=tmp)
        check_usage("search-compare --random -1", [compare, "--domain", "fifteen-puzzle", "--random", "-1"],
                    "search-compare", cwd=tmp)
    if os.path.exists(fifteen):
        check_interrupted("fifteen-puzzle, Ctrl-C", [fifteen, "--heuristic", "manhattan", "--json"] + cache,
                          "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n", cwd=tmp)
    subprocess.run(["rm", "-rf", tmp])
    for f in failures:
        print("FAIL " + f)
    print(f"{'FAILED' if failures else 'passed'}: exit statuses against JSON, {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
