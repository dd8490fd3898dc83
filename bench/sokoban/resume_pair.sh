#!/usr/bin/env bash
# What `sokoban --resume` gains, two builds side by side: for each level, a 10 s --resume run
# (it writes the level's learned file), then a 60 s --resume run that starts from that file.
# Build A runs on core 0, build B on core 1, each with a cache directory of its own, so each
# reads only what it wrote itself. The second run's JSON (seconds_push_optimum, expanded,
# resumed, area_entry_searches) is the measurement.
#
#   bench/sokoban/resume_pair.sh XSB ORACLE BIN_A BIN_B OUTDIR LEVEL...
#   bench/sokoban/resume_pair.sh $X $O build/bin/sokoban old/sokoban out 9 44 48 51 82
#
# Writes OUTDIR/{a,b}-LEVEL-{first,second}.json (stderr beside them, .err).
set -euo pipefail
if [ $# -lt 6 ]; then
  echo "usage: $0 XSB ORACLE BIN_A BIN_B OUTDIR LEVEL..." >&2
  exit 2
fi
xsb=$1 oracle=$2 bin_a=$3 bin_b=$4 out=$5
shift 5
mkdir -p "$out"

pairs() {  # pairs TAG BIN CORE LEVEL...
  local tag=$1 bin=$2 core=$3
  shift 3
  for level in "$@"; do
    local cache="$out/cache-$tag-$level"
    rm -rf "$cache"
    mkdir -p "$cache"
    for run in first:10 second:60; do
      taskset -c "$core" "$bin" "$xsb" --level "$level" --time-limit "${run#*:}" --resume --cache-dir "$cache" \
        --oracle "$oracle" --json -q >"$out/$tag-$level-${run%%:*}.json" 2>"$out/$tag-$level-${run%%:*}.err" || true
    done
  done
}

pairs a "$bin_a" 0 "$@" &
pairs b "$bin_b" 1 "$@"
wait
