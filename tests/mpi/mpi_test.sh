#!/usr/bin/env bash
# mpi_test.sh TEST BIN_DIR DATA_DIR HAVE_MPI: one of the program tests under mpirun (CMakeLists.txt).
set -uo pipefail
test_name=$1
bin=$2
data=${HSEARCH_DATA_DIR:-$3}
have_mpi=$4
skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAILED: $*"; exit 1; }
[[ $have_mpi == ON ]] || skip "this build has no MPI (apt-get install openmpi-bin libopenmpi-dev, then reconfigure)"
command -v mpirun >/dev/null || skip "mpirun not found (apt-get install openmpi-bin)"
microban=$data/sokoban/microban/microban_155.xsb
microban_oracle=$data/sokoban/microban/microban_optimal_pushes.tsv
korf=$data/fifteen/korf100.txt
korf_meta=$data/fifteen/korf100_meta.tsv
for f in "$microban" "$microban_oracle" "$korf" "$korf_meta"; do
  [[ -f $f ]] || skip "data file $f not found (set HSEARCH_DATA_DIR)"
done
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Two ranks on two cores or fewer; no per-core binding (the machine is shared).
mpi=(mpirun --oversubscribe --bind-to none -n 2)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The pattern databases: the build tree's cache, shared with tests/fifteen_puzzle (built once).
cache=(--cache-dir "$(dirname "$bin")/fifteen-pdb-cache")

# The lines without their times (seconds differ from run to run).
untimed() { sed -E 's/[0-9]+\.[0-9]+ s//g; s/ +[0-9]+\.[0-9]{3}( |$)/ /g; s/total [0-9.]+/total/; s/median [0-9.]+/median/'; }

case $test_name in
batch_same_output)
  # sokoban: human output (lines, table, summary) and JSON (status, pushes, moves, solution per level).
  "$bin/sokoban" "$microban" --levels 1-10 >"$work/one.txt" 2>/dev/null || fail "sokoban on one process"
  "${mpi[@]}" "$bin/sokoban" "$microban" --levels 1-10 >"$work/two.txt" 2>"$work/two.err" ||
    { cat "$work/two.err"; fail "sokoban under mpirun"; }
  diff <(untimed <"$work/one.txt") <(untimed <"$work/two.txt") || fail "sokoban: the outputs differ"
  grep -q "^Summary: 10 level(s): 10 solved" "$work/two.txt" || fail "sokoban: no summary"
  "$bin/sokoban" "$microban" --levels 11-16 --json >"$work/one.json" 2>/dev/null || fail "sokoban --json"
  "${mpi[@]}" "$bin/sokoban" "$microban" --levels 11-16 --json >"$work/two.json" 2>"$work/two.err" ||
    fail "sokoban --json under mpirun"
  keys() { sed -E 's/"(seconds[a-z_]*|peak_bytes)":[0-9.e+-]+,?//g'; }
  diff <(keys <"$work/one.json") <(keys <"$work/two.json") || fail "sokoban --json: the records differ"
  [[ $(wc -l <"$work/two.json") -eq 6 ]] || fail "sokoban --json: not 6 records"
  # fifteen-puzzle --instances: six Korf boards that pdb-663 solves in well under a second each.
  sed -n '1p;2p;6p;8p;9p;12p' "$korf" >"$work/korf.txt"
  "$bin/fifteen-puzzle" "${cache[@]}" --instances "$work/korf.txt" -q >"$work/one.txt" 2>/dev/null ||
    fail "fifteen-puzzle on one process"
  "${mpi[@]}" "$bin/fifteen-puzzle" "${cache[@]}" --instances "$work/korf.txt" -q >"$work/two.txt" 2>"$work/two.err" ||
    { cat "$work/two.err"; fail "fifteen-puzzle under mpirun"; }
  diff <(untimed <"$work/one.txt") <(untimed <"$work/two.txt") || fail "fifteen-puzzle: the outputs differ"
  grep -q "^Summary: 6 instance(s): 6 solved (6 optimal)" "$work/two.txt" || fail "fifteen-puzzle: no summary"
  # search-compare: a grid of 3 configurations x 8 Hanoi problems, its tables and its JSON lines.
  compare=("$bin/search-compare" --domain hanoi --random 8 --seed 3 -q)
  "${compare[@]}" >"$work/one.txt" 2>/dev/null || fail "search-compare on one process"
  "${mpi[@]}" "${compare[@]}" >"$work/two.txt" 2>"$work/two.err" || { cat "$work/two.err"; fail "search-compare under mpirun"; }
  diff <(untimed <"$work/one.txt") <(untimed <"$work/two.txt") || fail "search-compare: the outputs differ"
  grep -q "8 instances x 3 configurations" "$work/two.txt" || fail "search-compare: no grid line"
  "${compare[@]}" --json >"$work/one.json" 2>/dev/null || fail "search-compare --json"
  "${mpi[@]}" "${compare[@]}" --json >"$work/two.json" 2>"$work/two.err" || fail "search-compare --json under mpirun"
  diff <(keys <"$work/one.json") <(keys <"$work/two.json") || fail "search-compare --json: the records differ"
  [[ $(wc -l <"$work/two.json") -eq 24 ]] || fail "search-compare --json: not 24 records"
  ;;
hda_optimal)
  # Microban 1-12 with --algorithm hda over two ranks: every push count proven and equal to the table.
  "${mpi[@]}" "$bin/sokoban" "$microban" --levels 1-12 -a hda --oracle "$microban_oracle" --no-solution \
    >"$work/sokoban.txt" 2>"$work/sokoban.err" || { cat "$work/sokoban.err"; fail "sokoban -a hda (status $?)"; }
  grep -q "^Summary: 12 level(s): 12 solved (12 push-optimal)" "$work/sokoban.txt" || fail "sokoban -a hda: not 12 optimal"
  grep -q "12 checked: 12 matches, 0 below the table, 0 mismatches" "$work/sokoban.txt" ||
    { cat "$work/sokoban.txt"; fail "sokoban -a hda: not 12 matches"; }
  # Korf boards: the cost printed ("OK n") equals the table's optimum.
  for id in 9 12; do
    want=$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' "$korf_meta")
    sed -n "${id}p" "$korf" | "${mpi[@]}" "$bin/fifteen-puzzle" "${cache[@]}" -a hda -q >"$work/k.txt" 2>"$work/k.err" ||
      { cat "$work/k.err"; fail "fifteen-puzzle -a hda on Korf $id"; }
    [[ $(head -1 "$work/k.txt") == "OK $want" ]] || fail "Korf $id: $(head -1 "$work/k.txt"), the table says $want"
  done
  # The 8-puzzle with Manhattan distance (no tables): a known 28-move board, and a one-rank run.
  echo "8 7 6 5 4 3 2 1 0" | "${mpi[@]}" "$bin/fifteen-puzzle" --size 3x3 -H manhattan -a hda >"$work/e.txt" ||
    fail "8-puzzle -a hda"
  [[ $(head -1 "$work/e.txt") == "OK 28" ]] || fail "8-puzzle: $(head -1 "$work/e.txt"), expected OK 28"
  ;;
kill_rank)
  # Four boards that Manhattan-distance IDA* needs about 2 s or more for: rank 0 and rank 1 each
  # take one; rank 1's process is killed while it supervises. Its board must be reported as an
  # internal error and the three others must still be run: each gets its own result (time_limit,
  # or solved when the machine is fast enough: Korf #10 takes about 1.6 s on a quiet one).
  sed -n '1p;3p;7p;10p' "$korf" >"$work/hard.txt"
  run_killed() {  # $1: what to kill (rank or child)
    rm -f "$work"/pid.*
    "${mpi[@]}" --enable-recovery bash -c 'echo $$ > '"$work"'/pid.$OMPI_COMM_WORLD_RANK; exec "$0" "$@"' \
      "$bin/fifteen-puzzle" --instances "$work/hard.txt" -H manhattan --time-limit 2 -q \
      >"$work/out.txt" 2>"$work/err.txt" &
    local launcher=$!
    for _ in $(seq 100); do [[ -s $work/pid.1 ]] && break; sleep 0.1; done
    [[ -s $work/pid.1 ]] || { kill "$launcher"; fail "rank 1 did not start"; }
    sleep 1
    local victim
    victim=$(cat "$work/pid.1")
    if [[ $1 == child ]]; then victim=$(pgrep -P "$victim" | head -1); fi
    [[ -n $victim ]] || { kill "$launcher"; fail "no process to kill ($1)"; }
    kill -9 "$victim"
    wait "$launcher"
    echo "mpirun exited with status $? after the $1 was killed"
    cat "$work/out.txt"
    [[ $(grep -cE "^[0-9]+: (time_limit|OK )" "$work/out.txt") -eq 3 ]] ||
      { cat "$work/err.txt"; fail "$1 killed: not 3 boards run"; }
    [[ $(grep -c ": error" "$work/out.txt") -eq 1 ]] || { cat "$work/err.txt"; fail "$1 killed: no board reported lost"; }
    grep -q "internal error" "$work/err.txt" || fail "$1 killed: no message"
    grep -qE "^Summary: 4 instance\(s\): [0-3] solved \([0-3] optimal\), 0 unsolvable, [0-3] not finished, 0 invalid, 1 internal errors" \
      "$work/out.txt" || fail "$1 killed: wrong summary"
  }
  run_killed child
  run_killed rank
  ;;
interrupt_batch)
  # Ctrl-C (SIGINT to rank 0 alone: the levels running go on to their end) during a batch whose
  # hardest levels were handed out first: every level that ran is reported, in the batch's order,
  # though earlier levels never ran; the summary says how many did not; the exit status is 130.
  "${mpi[@]}" bash -c 'echo $$ > '"$work"'/pid.$OMPI_COMM_WORLD_RANK; exec "$0" "$@"' \
    "$bin/sokoban" "$microban" --levels 130-155 --time-limit 6 --no-solution >"$work/out.txt" 2>"$work/err.txt" &
  launcher=$!
  for _ in $(seq 100); do [[ -s $work/pid.0 ]] && break; sleep 0.1; done
  [[ -s $work/pid.0 ]] || { kill "$launcher"; fail "rank 0 did not start"; }
  sleep 3
  kill -INT "$(cat "$work/pid.0")"
  wait "$launcher"
  status=$?
  cat "$work/out.txt"
  [[ $status -eq 130 ]] || { cat "$work/err.txt"; fail "exit status $status after Ctrl-C, expected 130"; }
  mapfile -t levels < <(sed -nE 's/^Level ([0-9]+) .*/\1/p' "$work/out.txt")
  (( ${#levels[@]} > 0 )) || fail "no level reported after Ctrl-C"
  [[ $(printf '%s\n' "${levels[@]}" | sort -n | tr '\n' ' ') == "$(printf '%s\n' "${levels[@]}" | tr '\n' ' ')" ]] ||
    fail "levels not reported in order: ${levels[*]}"
  (( levels[0] > 130 )) || fail "level 130 ran first: the batch was not handed out longest first"
  not_run=$(sed -nE 's/^Interrupted \(Ctrl-C\): ([0-9]+) level\(s\) not run$/\1/p' "$work/out.txt")
  [[ $not_run -eq $((26 - ${#levels[@]})) ]] || fail "the summary says ${not_run:-nothing} not run, ${#levels[@]} of 26 reported"
  ;;
*) fail "unknown test $test_name" ;;
esac
echo "PASSED: $test_name"
