#!/bin/sh
# Korf & Felner's easiest 24-puzzle instances with the 6-6-6-6 pattern databases: the runs behind
# the 24-puzzle table of docs/fifteen_puzzle.md. fifteen-korf100 checks every length against
# korf_felner_24puzzle_50_meta.tsv, replays every plan and prints kf02_nodes next to our counts.
#
#   bench/fifteen_puzzle/kf24_easy.sh [--ten] BUILD_DIR [CONFIG...]
#
# Instances: #38 and #40 (the two easiest), or with --ten the ten with the fewest kf02_nodes
# (#38, #40, #25, #32, #44, #37, #30, #13, #1, #28), one after another on one core.
# CONFIG is any of: 6666 6666-learned 6666-noreflect 6666-mirror 6666-mirror-learned 7755
# 7755-learned 6666+7755 6666+7755-learned (default: 6666 6666-learned). The tables are built on first use (minutes each,
# ~1 GB; pdb-7755's 7-tile table 45 minutes and 14 GB) unless cached:
# fifteen-build-pdb --partition pdb-6666 (pdb-6666-mirror, pdb-7755).
set -eu
ids="38 40"
if [ "${1:-}" = "--ten" ]; then
  ids="38 40 25 32 44 37 30 13 1 28"
  shift
fi
build=${1:?usage: kf24_easy.sh [--ten] BUILD_DIR [CONFIG...]}
shift
[ $# -gt 0 ] || set -- 6666 6666-learned
here=$(cd "$(dirname "$0")" && pwd)
automaton="$here/../../domains/fifteen_puzzle/data/sliding_tile_learned.automaton"
for config in "$@"; do
  case "$config" in
    6666) args="--heuristic pdb-6666 --pruning inverse" ;;
    6666-learned) args="--heuristic pdb-6666 --pruning learned=$automaton" ;;
    6666-noreflect) args="--heuristic pdb-6666 --pruning inverse --no-reflect" ;;
    6666-mirror) args="--heuristic pdb-6666-mirror --pruning inverse" ;;
    6666-mirror-learned) args="--heuristic pdb-6666-mirror --pruning learned=$automaton" ;;
    7755) args="--heuristic pdb-7755 --pruning inverse" ;;
    7755-learned) args="--heuristic pdb-7755 --pruning learned=$automaton" ;;
    6666+7755) args="--heuristic pdb-6666+7755 --pruning inverse" ;;
    6666+7755-learned) args="--heuristic pdb-6666+7755 --pruning learned=$automaton" ;;
    *) echo "unknown configuration '$config'" >&2; exit 2 ;;
  esac
  for id in $ids; do
    echo "== $config #$id: fifteen-korf100 --set kf24 $args --first $id --last $id" >&2
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e s wall, %U s user, %M KB peak" \
      "$build/bin/fifteen-korf100" --set kf24 $args --first "$id" --last "$id" | sed -n 3p
  done
done
