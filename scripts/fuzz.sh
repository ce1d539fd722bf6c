#!/usr/bin/env bash
# Runs every fuzz target as a libFuzzer fuzzer (clang, with AddressSanitizer and
# UndefinedBehaviorSanitizer) for SECONDS each (default 600), one after the other on all cores
# (or on $NPUZZLE_FUZZ_JOBS of them),
# from its corpus in tests/fuzz/corpus/NAME, into which it then merges the inputs that reach new
# code. A crash stops the run and leaves the input that caused it in build-fuzz/ (crash-*);
# once fixed, copy it into the corpus so that the tests replay it.
# The target `cli` is the command line's options: the seeded option-fuzzing test
# (Hostile.SeededOptionFuzzingEndsCleanly) run against the sanitizer build, one seed after
# another on every core, until the time is up; a failure names its seed and the command.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(board moves cube table_file judges)
jobs="${NPUZZLE_FUZZ_JOBS:-$(nproc)}"
"$root/scripts/setup.sh" core clang
build="$root/build-fuzz"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" -DNPUZZLE_SANITIZE=ON -DNPUZZLE_FUZZ=ON -DNPUZZLE_TESTS=ON \
  -DNPUZZLE_BENCH=OFF >/dev/null
build_targets=()
for t in "${targets[@]}"; do
  if [ "$t" = cli ]; then build_targets+=(test_cli npuzzle); else build_targets+=("fuzz_$t"); fi
done
cmake --build "$build" -j "$(nproc)" --target "${build_targets[@]}"
cd "$build"
# The cube judge's answer table is built once, in the fuzz build, not in the user's cache.
export NPUZZLE_CACHE="$build/fuzz-cache"
for t in "${targets[@]}"; do
  if [ "$t" = cli ]; then
    echo "== the command line's options for ${seconds} s"
    end=$((SECONDS + seconds))
    worker() {  # seeds $1, $1 + nproc, ...
      local seed="$1" runs=0
      while [ $SECONDS -lt $end ]; do
        NPUZZLE_CLI_FUZZ_SEED=$seed NPUZZLE_CLI_FUZZ_RUNS=200 ASAN_OPTIONS=abort_on_error=1 \
          "$build/tests/test_cli" --gtest_filter=Hostile.SeededOptionFuzzingEndsCleanly \
          >"$build/cli-$1.log" 2>&1 || { echo "seed $seed failed: $build/cli-$1.log"; return 1; }
        runs=$((runs + 200))
        seed=$((seed + $(nproc)))
      done
      echo "worker $1: $runs runs"
    }
    pids=()
    for w in $(seq 1 "$(nproc)"); do worker "$w" & pids+=($!); done
    for p in "${pids[@]}"; do wait "$p"; done
    continue
  fi
  echo "== fuzz_$t for ${seconds} s"
  # New inputs go to a working corpus here; then only those that reach code (edges, not hit
  # counts) the committed corpus does not are merged into it, so that it stays small.
  work="$build/corpus/$t"
  mkdir -p "$work"
  "$build/tests/fuzz_$t" -max_total_time="$seconds" -jobs="$jobs" -workers="$jobs" \
    -artifact_prefix="$build/" -print_final_stats=1 "$work" "$root/tests/fuzz/corpus/$t"
  "$build/tests/fuzz_$t" -merge=1 -use_counters=0 "$root/tests/fuzz/corpus/$t" "$work" 2>&1 |
    tail -n 1
done
