#!/usr/bin/env bash
# The README opens with two commands (run, test) in the first two ```sh blocks. CI must run the
# test command verbatim, and both must start from the same install step and build in Release.
set -euo pipefail
root=${1:?usage: readme_commands_test.sh PROJECT_ROOT}
readme=$root/README.md
ci=$root/.ci/run
fail() { echo "FAIL: $*" >&2; exit 1; }

mapfile -t blocks < <(awk '/^```sh$/{inside=1; next} /^```$/{inside=0} inside' "$readme" | head -n 2)
[[ ${#blocks[@]} -eq 2 ]] || fail "$readme: expected two one-line command blocks at the top, found ${#blocks[@]}"
run_cmd=${blocks[0]}
test_cmd=${blocks[1]}

[[ $run_cmd == apt-get\ update\ \&\&\ apt-get\ install\ -y* ]] || fail "run command does not start with the apt install step: $run_cmd"
[[ $test_cmd == apt-get\ update\ \&\&\ apt-get\ install\ -y* ]] || fail "test command does not start with the apt install step: $test_cmd"
[[ $run_cmd == *"-DCMAKE_BUILD_TYPE=Release"* ]] || fail "run command does not build in Release"
[[ $run_cmd == *"./build/bin/sokoban" ]] || fail "run command does not end by running ./build/bin/sokoban"
[[ $test_cmd == *"ctest --test-dir build -LE slow"* ]] || fail "test command does not run the fast suite"
grep -qxF -- "$test_cmd" "$ci" || fail "$ci does not contain the README's test command verbatim: $test_cmd"
# Same install step in both commands (a package needed to build is needed to test too).
[[ ${run_cmd%% && cmake*} == "${test_cmd%% && cmake*}" ]] || fail "the two README commands install different packages"
echo "README commands and .ci/run agree"
