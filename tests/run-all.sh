#!/usr/bin/env bash
# The README's test command: installs what is missing, builds SQLMend twice and runs every test.
#   1. build/        GCC, RelWithDebInfo: the app and every test (unit, CLI, GUI offscreen, and the
#                    integration suites, whose ctest fixture starts real PostgreSQL and MariaDB
#                    servers on loopback in a temporary folder and stops them afterwards)
#   2. build-asan/   clang with AddressSanitizer, UndefinedBehaviorSanitizer and libFuzzer
#                    instrumentation: the core tests again, the command line's two benchmarks of
#                    the shared set (compared with the gcc build's), then each fuzz target for a
#                    bounded time, from the repository's seeds and seeds written from ../shared
# Usage: tests/run-all.sh            (as root on Debian 12; see README.md)
# Environment: SQLMEND_FUZZ_SECONDS (default 60 per target), SQLMEND_JOBS (default: all cores).
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$src"
jobs=${SQLMEND_JOBS:-$(nproc)}
fuzz_seconds=${SQLMEND_FUZZ_SECONDS:-60}
passed=0
skipped=0
failed=0
failures=()
skips=()

step() { printf '\n=== %s (%s)\n' "$1" "$(date +%H:%M:%S)"; }

# Counts the tests of one ctest run from its JUnit file, so the closing line covers every suite.
# A suite that needs a data set which is not here skips in initTestCase(); ctest marks it
# <skipped> (SKIP_REGULAR_EXPRESSION, tests/CMakeLists.txt), and its reason is listed.
count_ctest() {
    local junit=$1 label=$2 total fails skips_here name reason
    if [ ! -f "$junit" ]; then
        failed=$((failed + 1)); failures+=("$label: no test report"); return
    fi
    total=$(grep -o '<testcase ' "$junit" | wc -l)
    fails=$(grep -c '<failure' "$junit" || true)
    skips_here=$(grep -c '<skipped' "$junit" || true)
    passed=$((passed + total - fails - skips_here))
    skipped=$((skipped + skips_here))
    failed=$((failed + fails))
    [ "$fails" -eq 0 ] || failures+=("$label: $fails failed")
    while IFS=$'\t' read -r name reason; do
        [ -n "$name" ] && skips+=("$label: $name: $reason")
    done < <(awk '
        /<testcase / { match($0, /name="[^"]*"/); name = substr($0, RSTART + 6, RLENGTH - 7); skip = 0 }
        /<skipped/ { skip = 1 }
        skip && /SKIP   : / { sub(/.*SKIP   : [^ ]+ /, ""); print name "\t" $0; skip = 0 }
    ' "$junit")
}

# A shared data set (../shared) that is not here: a listed skip, or a failure when CI is set.
shared_missing() {
    if [ -n "${CI:-}" ]; then
        failed=$((failed + 1)); failures+=("$1 (CI is set: it must be)")
    else
        skipped=$((skipped + 1)); skips+=("$1")
    fi
}

step "dependencies"
bash packaging/install-deps.sh

step "build (gcc)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -Wno-dev >/dev/null
cmake --build build -j "$jobs"

step "tests (gcc build: unit, CLI, GUI, integration with real servers)"
export QT_QPA_PLATFORM=offscreen
set +e
ctest --test-dir build --output-on-failure --timeout 600 -j "$jobs" \
    --output-junit "$src/build/ctest-junit.xml"
set -e
count_ctest "$src/build/ctest-junit.xml" "gcc build"

step "build (clang, ASan + UBSan + fuzzer instrumentation)"
CC=clang CXX=clang++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -Wno-dev \
    -DSQLMEND_BUILD_UI=OFF -DSQLMEND_CORE_TESTS_ONLY=ON \
    -DSQLMEND_SANITIZE=ON -DSQLMEND_FUZZ=ON >/dev/null
cmake --build build-asan -j "$jobs"

step "core tests under ASan + UBSan"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$src/tests/sanitizers/lsan.supp
set +e
ctest --test-dir build-asan --output-on-failure --timeout 900 -j "$jobs" -L core \
    --output-junit "$src/build-asan/ctest-junit.xml"
set -e
count_ctest "$src/build-asan/ctest-junit.xml" "sanitizer build"

step "the command line under ASan + UBSan on real data, against the gcc build"
# Both benchmarks of the shared set through the sanitizer build's CLI (the executor's worker
# thread, the diagnosis, every repair step and the answer checks on real SQLite files): a sanitizer
# report stops it, and its JSON must say what the gcc build's says, timings aside.
real_errors=${SQLMEND_REAL_ERRORS_DIR:-$src/../shared/bench/real-errors}
spider=${SQLMEND_SPIDER_DIR:-$src/../shared/bench/spider}
if [ -f "$real_errors/real_errors.jsonl" ] && [ -f "$spider/dev.json" ]; then
    cli_dir=$(mktemp -d)
    for bench in replay correction; do
        bench_args=(bench "$bench" --spider "$spider" --json)
        [ "$bench" = replay ] && bench_args+=(--input "$real_errors/real_errors.jsonl")
        rc=0
        build-asan/app/sqlmend "${bench_args[@]}" >"$cli_dir/$bench-asan.json" 2>"$cli_dir/$bench-asan.err" || rc=$?
        build/app/sqlmend "${bench_args[@]}" >"$cli_dir/$bench-gcc.json" 2>/dev/null || rc=$?
        if [ "$rc" = 0 ] && python3 tests/scripts/same-json.py "$cli_dir/$bench-asan.json" "$cli_dir/$bench-gcc.json"; then
            passed=$((passed + 1))
            echo "bench $bench: no sanitizer report, the same JSON as the gcc build"
        else
            failed=$((failed + 1)); failures+=("bench $bench under ASan + UBSan (exit $rc)")
            tail -40 "$cli_dir/$bench-asan.err"
        fi
    done
    rm -rf "$cli_dir"
else
    shared_missing "the command line under ASan: the shared set is not here (SQLMEND_REAL_ERRORS_DIR, SQLMEND_SPIDER_DIR)"
fi

step "fuzzing (${fuzz_seconds}s per target, $jobs at a time)"
fuzz_dir=$(mktemp -d)
trap 'rm -rf "$fuzz_dir"' EXIT
# Seeds from the shared data sets (real predictions, engine errors, model-server bodies), written
# here at run time since they may not be copied into the repository.
seed_dir=$fuzz_dir/shared-seeds
seeds_rc=0
build-asan/tests/fuzz/make_fuzz_seeds "$seed_dir" || seeds_rc=$?
if [ "$seeds_rc" = 2 ]; then
    shared_missing "fuzz seeds: a shared data set is not here, so the targets start from tests/fuzz/corpus alone"
elif [ "$seeds_rc" != 0 ]; then
    failed=$((failed + 1)); failures+=("fuzz seeds from the shared data (exit $seeds_rc)")
fi
# Each target runs in the background with its own log and exit file; at most $jobs run at once,
# and the results are read in the targets' order once all have stopped.
fuzz_one() {
    local fuzzer=$1 name rc=0 seeds=()
    name=$(basename "$fuzzer")
    mkdir -p "$fuzz_dir/$name"
    [ -d "tests/fuzz/corpus/$name" ] && seeds=("tests/fuzz/corpus/$name")
    [ -d "$seed_dir/$name" ] && seeds+=("$seed_dir/$name")
    "$fuzzer" -max_total_time="$fuzz_seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$fuzz_dir/$name/" \
        "$fuzz_dir/$name" "${seeds[@]}" >"$fuzz_dir/$name.log" 2>&1 || rc=$?
    echo "$rc" >"$fuzz_dir/$name.rc"
}
fuzzers=()
for fuzzer in build-asan/tests/fuzz/fuzz_*; do
    [ -f "$fuzzer" ] && [ -x "$fuzzer" ] && fuzzers+=("$fuzzer")
done
for fuzzer in "${fuzzers[@]+"${fuzzers[@]}"}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    fuzz_one "$fuzzer" &
done
wait
for fuzzer in "${fuzzers[@]+"${fuzzers[@]}"}"; do
    name=$(basename "$fuzzer")
    if [ "$(cat "$fuzz_dir/$name.rc" 2>/dev/null)" = 0 ]; then
        passed=$((passed + 1))
        echo "$name: $(grep -E 'stat::number_of_executed_units' "$fuzz_dir/$name.log" | awk '{print $2}') runs, no crash"
    else
        failed=$((failed + 1)); failures+=("fuzzer $name")
        tail -60 "$fuzz_dir/$name.log"
    fi
done

step "summary"
for s in "${skips[@]+"${skips[@]}"}"; do echo "SKIPPED: $s"; done
for f in "${failures[@]+"${failures[@]}"}"; do echo "FAILED: $f"; done
echo "tests: $passed passed, $skipped skipped, $failed failed"
[ "$failed" -eq 0 ]
