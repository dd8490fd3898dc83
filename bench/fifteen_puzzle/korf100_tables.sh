#!/bin/sh
# Produces the Korf-100 tables behind the README's 15-puzzle totals, one TSV per configuration,
# with fifteen-korf100 (every length checked against korf100_meta.tsv, every plan replayed).
#
#   bench/fifteen_puzzle/korf100_tables.sh BUILD_DIR OUT_DIR [CONFIG...]
#
# CONFIG is any of: manhattan lc lc-learned pdb-663 pdb-78 (default: lc lc-learned pdb-663).
# manhattan generates ~3.6e10 nodes (several minutes); pdb-78 builds its 8-tile table on first
# use (minutes, ~4 GB while building) unless it is already cached (fifteen-build-pdb).
set -eu
build=${1:?usage: korf100_tables.sh BUILD_DIR OUT_DIR [CONFIG...]}
out=${2:?usage: korf100_tables.sh BUILD_DIR OUT_DIR [CONFIG...]}
shift 2
[ $# -gt 0 ] || set -- lc lc-learned pdb-663
here=$(cd "$(dirname "$0")" && pwd)
automaton="$here/../../domains/fifteen_puzzle/data/sliding_tile_learned.automaton"
mkdir -p "$out"
for config in "$@"; do
  case "$config" in
    manhattan) args="--heuristic manhattan --pruning inverse" ;;
    lc) args="--heuristic linear-conflict --pruning inverse" ;;
    lc-learned) args="--heuristic linear-conflict --pruning learned=$automaton" ;;
    pdb-663) args="--heuristic pdb-663 --pruning inverse" ;;
    pdb-78) args="--heuristic pdb-78 --pruning inverse" ;;
    *) echo "unknown configuration '$config'" >&2; exit 2 ;;
  esac
  echo "== $config: fifteen-korf100 $args" >&2
  # shellcheck disable=SC2086
  "$build/bin/fifteen-korf100" $args --output "$out/korf100_$config.tsv" | tail -1
done
