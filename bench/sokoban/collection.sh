#!/bin/sh
# Solves a level collection with the sokoban program, one JSON line per level, and compares
# each proven optimum with a reference table: the runs behind docs/sokoban.md's results table.
#
#   bench/sokoban/collection.sh FILE A-B SECONDS [TSV [OUT.jsonl]] [-- more sokoban options]
#
# e.g., from the project root:
#   bench/sokoban/collection.sh ../shared/data/sokoban/microban/microban_155.xsb 1-155 60 \
#       ../shared/data/sokoban/microban/microban_optimal_pushes.tsv microban.jsonl
#
# The JSON lines go to OUT.jsonl (default: stdout); the summary (solved, push-optimal, median
# and total seconds, expansions, and with a TSV: matches, finds below the table, mismatches)
# goes to stderr. The exit status is the program's: the worst of the levels (0 all solved,
# 3 a level hit the time limit, 70 a mismatch with the table).
# SOKOBAN names the program (default: build/bin/sokoban).
set -eu
if [ $# -lt 3 ]; then
  sed -n '2,16p' "$0" >&2
  exit 2
fi
file=$1 levels=$2 seconds=$3
shift 3
oracle="" out=""
if [ $# -gt 0 ] && [ "$1" != "--" ]; then oracle=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != "--" ]; then out=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then shift; fi
sokoban=${SOKOBAN:-build/bin/sokoban}
set -- "$file" --levels "$levels" --time-limit "$seconds" --json --quiet "$@"
if [ -n "$oracle" ]; then set -- "$@" --oracle "$oracle"; fi
if [ -n "$out" ]; then
  exec "$sokoban" "$@" > "$out"
else
  exec "$sokoban" "$@"
fi
