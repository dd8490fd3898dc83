#!/usr/bin/env python3
"""Each push-optimality-keeping technique of the Sokoban solver switched off alone, on a fixed
list of levels: expansions and seconds to the push optimum, as a Markdown table (stdout) and
the raw JSON lines (--out). The table behind docs/sokoban.md's "What each technique is worth".

  bench/sokoban/techniques.py FILE LEVELS SECONDS [--jobs 2] [--out runs.jsonl] [--sokoban PATH]
                              [--variants "no bound probes,no PI-corrals"]
                              [--variant "pattern nodes 4000=--pattern-nodes 4000" ...]

LEVELS is a comma-separated list (ranges allowed: 1,2,6-7). Every run is
`sokoban FILE --level N --time-limit SECONDS --json --quiet [--no-X]`; --jobs runs that many at
once (the docs' figures: 2, one per core). A cell gives the expansions of the push search and
the seconds until the push optimum was proven (the fewer-moves pass that follows is not
counted), or the status and the bound reached when the limit stopped it. The pushes of every
solved run must agree with the default's (else the script says so and exits 1: a technique
that changed an optimum would be a bug). --variant NAME=FLAGS adds a column of its own (any
options of the program, split on spaces), for settings the built-in list does not have.
"""
import argparse
import concurrent.futures
import json
import subprocess
import sys

VARIANTS = [
    ("default", []),
    ("no pattern search", ["--no-pattern-search"]),
    ("no PI-corrals", ["--no-pi-corrals"]),
    ("tunnel macros", ["--tunnel-macros"]),
    ("goal macros", ["--goal-macros"]),
    ("goal macros in probes", ["--goal-macros=probes"]),
    ("no frozen goals", ["--no-frozen-goals"]),
    ("no push parity", ["--no-push-parity"]),
    ("no corral test", ["--no-corral-test"]),
    ("no window deadlocks", ["--no-window-deadlocks"]),
    ("no newer-first ties", ["--no-newer-first"]),
    ("no revaluation", ["--no-revalue"]),
    ("no bound probes", ["--no-bound-probes"]),
    ("no goal-room bound", ["--no-goal-room"]),
    ("no area-entry groups", ["--no-area-entry"]),
    ("no start groups", ["--pattern-start-boxes", "0"]),
    ("no entry neighbours", ["--no-entry-neighbours"]),
    ("groups before the search", ["--pattern-start-after", "0"]),
    ("goal-set dual bound", ["--goal-set-slack", "10"]),
    ("pattern effort 0.1", ["--pattern-effort", "0.1"]),
    ("pattern effort 0.3", ["--pattern-effort", "0.3"]),
    ("patterns at expansion", ["--patterns-at-expansion"]),
]


def parse_levels(text):
    levels = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            levels.extend(range(int(a), int(b) + 1))
        else:
            levels.append(int(part))
    return levels


def run(sokoban, file, level, seconds, flags):
    cmd = [sokoban, file, "--level", str(level), "--time-limit", str(seconds), "--json", "--quiet"] + flags
    done = subprocess.run(cmd, capture_output=True, text=True)
    lines = [l for l in done.stdout.splitlines() if l.startswith("{")]
    if not lines:
        raise SystemExit(f"techniques.py: {' '.join(cmd)}: no JSON line (exit {done.returncode}): {done.stderr.strip()}")
    return json.loads(lines[-1])


def cell(r):
    if r["status"] == "solved" and r.get("optimal"):
        return f"{r['expanded']:,} / {r['seconds_push_optimum']:.2f} s".replace(",", " ")
    return f"{r['status']} (>= {r['lower_bound']})"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("levels")
    ap.add_argument("seconds")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out")
    ap.add_argument("--sokoban", default="build/bin/sokoban")
    ap.add_argument("--variants", help="only these columns (comma-separated names; the default is always run)")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME=FLAGS",
                    help="one more column: NAME, run with FLAGS (repeatable)")
    args = ap.parse_args()
    levels = parse_levels(args.levels)
    variants = list(VARIANTS)
    if args.variants:
        wanted = [w.strip() for w in args.variants.split(",")]
        known = [name for name, _ in VARIANTS]
        for w in wanted:
            if w not in known:
                raise SystemExit(f"techniques.py: --variants: no variant '{w}' (there are: {', '.join(known)})")
        variants = [(name, flags) for name, flags in VARIANTS if name == "default" or name in wanted]
    for v in args.variant:
        name, sep, flags = v.partition("=")
        if not sep or not name.strip() or not flags.split():
            raise SystemExit(f"techniques.py: --variant '{v}': expected NAME=FLAGS, e.g. \"nodes 4000=--pattern-nodes 4000\"")
        if any(name.strip() == n for n, _ in variants):
            raise SystemExit(f"techniques.py: --variant '{v}': the column '{name.strip()}' already exists")
        variants.append((name.strip(), flags.split()))
    # Level by level, so that a level's variants run at the same time, under the same load.
    jobs = [(name, flags, level) for level in levels for name, flags in variants]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run, args.sokoban, args.file, level, args.seconds, flags): (name, level)
                   for name, flags, level in jobs}
        for f in concurrent.futures.as_completed(futures):
            name, level = futures[f]
            results[(name, level)] = f.result()
            print(f"  {name}, level {level}: {cell(results[(name, level)])}", file=sys.stderr)
    if args.out:
        with open(args.out, "w") as out:
            for name, _, level in jobs:
                out.write(json.dumps({"variant": name, **results[(name, level)]}) + "\n")
    names = [name for name, _ in variants]
    print("| level | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    wrong = []
    for level in levels:
        base = results[("default", level)]
        row = []
        for name in names:
            r = results[(name, level)]
            if r["status"] == "solved" and base["status"] == "solved" and r["pushes"] != base["pushes"]:
                wrong.append(f"level {level}: {name} gives {r['pushes']} pushes, the default {base['pushes']}")
            row.append(cell(r))
        print(f"| {level} | " + " | ".join(row) + " |")
    totals = []
    for name in names:
        rs = [results[(name, level)] for level in levels]
        solved = [r for r in rs if r["status"] == "solved" and r.get("optimal")]
        totals.append(f"{len(solved)}/{len(rs)} proven; {sum(r['expanded'] for r in rs):,} expanded".replace(",", " "))
    print("| all | " + " | ".join(totals) + " |")
    for w in wrong:
        print("techniques.py: different optimum: " + w, file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
