#!/usr/bin/env python3
"""Each push-optimality-keeping technique of the Sokoban solver switched off alone, on a fixed
list of levels: expansions and seconds to the push optimum, as a Markdown table (stdout) and
the raw JSON lines (--out). The table behind docs/sokoban.md's "What each technique is worth".

  bench/sokoban/techniques.py FILE LEVELS SECONDS [--jobs 2] [--out runs.jsonl] [--sokoban PATH] [--by-variant]
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
--by-variant prints a row per variant instead (for the whole list); --from RUNS.jsonl prints
the table of an earlier --out file without running anything.
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
    ("no start frozen walls", ["--no-start-frozen-walls"]),
    ("no push parity", ["--no-push-parity"]),
    ("no corral test", ["--no-corral-test"]),
    ("no window deadlocks", ["--no-window-deadlocks"]),
    ("no newer-first ties", ["--no-newer-first"]),
    ("no revaluation", ["--no-revalue"]),
    ("no bound probes", ["--no-bound-probes"]),
    ("probes in packing cells", ["--probe-cells", "packing"]),
    ("probes in plan-connectivity cells", ["--probe-cells", "plan-connectivity"]),
    ("probes in plan-rooms cells", ["--probe-cells", "plan-rooms"]),
    ("no goal-room bound", ["--no-goal-room"]),
    ("no symmetry reduction", ["--no-symmetry"]),
    ("no area-entry groups", ["--no-area-entry"]),
    ("no start groups", ["--pattern-start-boxes", "0"]),
    ("no entry neighbours", ["--no-entry-neighbours"]),
    ("groups before the search", ["--pattern-start-after", "0"]),
    ("goal-set dual bound", ["--goal-set-slack", "10"]),
    ("pattern effort 0.1", ["--pattern-effort", "0.1"]),
    ("pattern effort 0.3", ["--pattern-effort", "0.3"]),
    ("patterns at expansion", ["--patterns-at-expansion"]),
    ("no pattern walls", ["--no-pattern-walls"]),
    ("no joint bounds", ["--joint-nodes", "0"]),
    ("joint bounds from the start", ["--joint-after", "0"]),
    ("joint bounds never paused", ["--joint-min-raised", "0"]),
    ("no joint union", ["--joint-union", "0"]),
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
    ap.add_argument("file", nargs="?")
    ap.add_argument("levels", nargs="?")
    ap.add_argument("seconds", nargs="?")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out")
    ap.add_argument("--sokoban", default="build/bin/sokoban")
    ap.add_argument("--variants", help="only these columns (comma-separated names; the default is always run)")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME=FLAGS",
                    help="one more column: NAME, run with FLAGS (repeatable)")
    ap.add_argument("--from", dest="runs", metavar="RUNS.jsonl",
                    help="run nothing: print the table of an earlier --out file (FILE, LEVELS and SECONDS are "
                         "not used; the variants and levels are the file's)")
    ap.add_argument("--by-variant", action="store_true",
                    help="one row per variant and one column per level (for many variants)")
    args = ap.parse_args()
    if args.runs:
        return print_table(*read_runs(args.runs), args.by_variant)
    if not args.seconds:
        ap.error("FILE LEVELS SECONDS are needed (or --from RUNS.jsonl)")
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
    return print_table([name for name, _ in variants], levels, results, args.by_variant)


def read_runs(path):
    names, levels, results = [], [], {}
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            if r["variant"] not in names:
                names.append(r["variant"])
            if r["level"] not in levels:
                levels.append(r["level"])
            results[(r["variant"], r["level"])] = r
    missing = [(n, l) for n in names for l in levels if (n, l) not in results]
    if "default" not in names or missing:
        raise SystemExit(f"techniques.py: {path}: not a whole table (no default, or missing runs: {missing[:3]})")
    return names, levels, results


def print_table(names, levels, results, by_variant=False):
    if by_variant:
        print("| variant | " + " | ".join(str(level) for level in levels) + " | all |")
        print("|---" * (len(levels) + 2) + "|")
        for name in names:
            rs = [results[(name, level)] for level in levels]
            print(f"| {name} | " + " | ".join(cell(r) for r in rs) + f" | {total(rs)} |")
        return check_optima(names, levels, results)
    print("| level | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for level in levels:
        print(f"| {level} | " + " | ".join(cell(results[(name, level)]) for name in names) + " |")
    print("| all | " + " | ".join(total([results[(name, level)] for level in levels]) for name in names) + " |")
    return check_optima(names, levels, results)


def total(rs):
    solved = [r for r in rs if r["status"] == "solved" and r.get("optimal")]
    return f"{len(solved)}/{len(rs)} proven; {sum(r['expanded'] for r in rs):,} expanded".replace(",", " ")


def check_optima(names, levels, results):
    wrong = []
    for level in levels:
        base = results[("default", level)]
        for name in names:
            r = results[(name, level)]
            if r["status"] == "solved" and base["status"] == "solved" and r["pushes"] != base["pushes"]:
                wrong.append(f"level {level}: {name} gives {r['pushes']} pushes, the default {base['pushes']}")
    for w in wrong:
        print("techniques.py: different optimum: " + w, file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
