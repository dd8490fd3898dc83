#!/bin/sh
# Builds every fuzz target of tests/fuzz (the *_fuzz targets only) and runs each for a given
# time from its seed corpus (docs/fuzzing.md):
#   bench/fuzz/smoke.sh SECONDS
# The build is run.sh's (build-fuzz/, clang, -DHSEARCH_FUZZ=ON, configured on first use). Each
# run starts from a fresh copy of nothing but the seeds (tests/fuzz/corpus/TARGET is never
# written); a crash, leak, timeout (10 s), memory blow-up (2 GB) or sanitizer report is a
# finding: its input is kept in build-fuzz/findings/smoke/TARGET/, every other target still
# runs, and the script exits with status 1 naming the targets that found something.
set -eu
if [ $# -ne 1 ]; then
  echo "usage: $0 SECONDS" >&2
  exit 2
fi
seconds=$1
case $seconds in
  '' | *[!0-9]*) echo "$0: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSEARCH_FUZZ_BUILD:-$root/build-fuzz}
targets=
for source in "$root"/tests/fuzz/*_fuzz.cpp; do
  name=${source##*/}
  targets="$targets ${name%_fuzz.cpp}"
done
for t in $targets; do
  if [ ! -d "$root/tests/fuzz/corpus/$t" ]; then
    echo "$0: target $t has no seed corpus tests/fuzz/corpus/$t" >&2
    exit 2
  fi
done
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DHSEARCH_FUZZ=ON -DHSEARCH_BUILD_BENCH=OFF >/dev/null
fi
# shellcheck disable=SC2046
cmake --build "$build" -j2 --target $(for t in $targets; do printf '%s_fuzz ' "$t"; done) >/dev/null
failed=
for t in $targets; do
  work=$build/smoke/corpus/$t
  findings=$build/findings/smoke/$t
  rm -rf "$work"
  mkdir -p "$work" "$findings"
  if "$build/bin/${t}_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$findings/" "$work" "$root/tests/fuzz/corpus/$t" \
      >"$build/smoke/$t.log" 2>&1; then
    echo "$t: $(grep -E '^stat::number_of_executed_units' "$build/smoke/$t.log" | awk '{print $2}') executions, no finding"
  else
    echo "$t: FINDING (log $build/smoke/$t.log, input in $findings/)" >&2
    grep -E 'ERROR|SUMMARY|what\(\)' "$build/smoke/$t.log" | head -5 >&2 || true
    failed="$failed $t"
  fi
done
if [ -n "$failed" ]; then
  echo "$0: findings in:$failed" >&2
  exit 1
fi
