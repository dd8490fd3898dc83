#!/bin/sh
# Runs one fuzz target of tests/fuzz for a given time (docs/fuzzing.md):
#   bench/fuzz/run.sh TARGET SECONDS [libFuzzer options...]
# TARGET: xsb | oracle_tsv | board_text | hanoi_problem | options | automaton_file |
# sliding_tile_pdb | hanoi_pdb | sokoban_learned. Builds the target in
# build-fuzz/ (clang, -DHSEARCH_FUZZ=ON) when needed, starts from the seed corpus
# tests/fuzz/corpus/TARGET (copied: the repository's corpus is never written) and prints
# libFuzzer's final figures (executions, coverage, peak memory). A crash, leak, timeout or
# sanitizer report stops the run with its input saved in build-fuzz/findings/TARGET/.
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 TARGET SECONDS [libFuzzer options...]" >&2
  exit 2
fi
target=$1
seconds=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSEARCH_FUZZ_BUILD:-$root/build-fuzz}
seeds=$root/tests/fuzz/corpus/$target
if [ ! -d "$seeds" ]; then
  echo "$0: no seed corpus $seeds (targets: $(ls "$root/tests/fuzz/corpus" | tr '\n' ' '))" >&2
  exit 2
fi
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DHSEARCH_FUZZ=ON -DHSEARCH_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$build" -j2 --target "${target}_fuzz" >/dev/null
work=$build/corpus/$target
findings=$build/findings/$target
mkdir -p "$work" "$findings"
echo "$target: $seconds s from $(ls "$seeds" | wc -l) seed(s); working corpus $work" >&2
exec "$build/bin/${target}_fuzz" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
  -rss_limit_mb=2048 -artifact_prefix="$findings/" "$@" "$work" "$seeds"
