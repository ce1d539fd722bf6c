#!/usr/bin/env bash
# End-to-end speed figures of docs/benchmarks.md, each the median of several runs:
#   judge poj1077 on 100,000 seeded random 8-puzzles (parsing and printing included),
#   judge acwing108 on ten 499x499 datasets, check on one 3000x3000 board,
#   solve (auto) on seeded random 3x4 and 4x3 boards,
#   Korf's 100 15-puzzles and the seventeen at 80 moves, with the 7-8 and the 7-8+L pattern
#   databases (each where built: npuzzle pdb build SET),
#   judge poj3131 on five seeded 15-dataset inputs whose answers are all 29, 30 or -1, with the
#   answer table (the exact search's speed on them is BM_CubeHardInputSearch, below),
# then the library micro-benchmarks (Google Benchmark).
# Usage: bench/run.sh [RUNS]   (default 5)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-5}"
"$root/npuzzle" --help >/dev/null  # builds if needed
cmake --build "$root/build" --target npuzzle_bench cube_hard_inputs >/dev/null
bin="$root/build/npuzzle"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Median wall-clock seconds of `runs` runs of: $bin ARGS < INPUT
median_seconds() {
  local input="$1"; shift
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    "$bin" "$@" <"$input" >/dev/null
    end=$(date +%s%N)
    echo $(( (end - start) / 1000 ))
  done | sort -n | awk '{a[NR]=$1} END {printf "%.3f", a[int((NR+1)/2)]/1e6}'
}

"$bin" random --size 3x3 -n 100000 --seed 1 --blank x >"$work/eight.txt"
s=$(median_seconds "$work/eight.txt" judge poj1077)
echo "judge poj1077, 100000 random 8-puzzles: ${s} s median of $runs ($(awk -v s="$s" 'BEGIN{printf "%.0f", 100000/s}') puzzles/s)"

for i in $(seq 1 10); do
  echo 499
  "$bin" random --size 499x499 --seed "$i"
  "$bin" random --size 499x499 --seed "$((i + 100))"
done >"$work/odd.txt"
echo "judge acwing108, ten 499x499 datasets ($(du -m "$work/odd.txt" | cut -f1) MB): $(median_seconds "$work/odd.txt" judge acwing108) s median of $runs"

"$bin" random --size 3000x3000 --seed 1 >"$work/huge.txt"
s=$(median_seconds "$work/huge.txt" check --size 3000x3000)
echo "check of one 3000x3000 board ($(du -m "$work/huge.txt" | cut -f1) MB): ${s} s median of $runs"

for size in 3x4 4x3; do
  "$bin" random --size "$size" -n 20 --seed 12 >"$work/twelve.txt"
  s=$(median_seconds "$work/twelve.txt" solve)
  echo "solve (auto) on 20 random ${size} boards: ${s} s median of $runs ($(awk -v s="$s" 'BEGIN{printf "%.1f", s*1000/20}') ms per board)"
done

for set in 7-8 7-8+L; do
  if "$bin" pdb list | grep -q "^$set .* built"; then
    for _ in $(seq "$runs"); do "$bin" bench korf100 --pdb "$set" | tail -n 1; done |
      sed -E 's/.*search time ([0-9.]+) ([um]?s) in total, median ([0-9.]+ [um]?s).*/\1 \2 \3/' |
      awk '{ t = $2 == "ms" ? $1 / 1e3 : $2 == "us" ? $1 / 1e6 : $1; print t, $3, $4 }' | sort -n |
      awk -v runs="$runs" -v set="$set" '{ a[NR] = $0 } END { split(a[int((NR + 1) / 2)], m, " ");
        printf "bench korf100 (%s): %.3f s total search time, median of %d runs (that run'"'"'s median instance %s %s)\n", set, m[1], runs, m[2], m[3] }'
    "$bin" bench "$root/instances/fifteen80.txt" --goal blank-last --pdb "$set" --search-threads 1 |
      tail -n 1 | sed "s/^/the seventeen 80-move 15-puzzles ($set): /"
  else
    echo "bench korf100 ($set): skipped, the set is not built (npuzzle pdb build $set)"
  fi
done

export NPUZZLE_CACHE="$work/cache"
"$bin" cube table build 2>/dev/null
for seed in 1 2 3 4 5; do "$root/build/bench/cube_hard_inputs" "$seed" >"$work/cube$seed.txt"; done
times=""
for seed in 1 2 3 4 5; do times+="$(median_seconds "$work/cube$seed.txt" judge poj3131) "; done
echo "judge poj3131 with the answer table, 15 datasets answered 29, 30 or -1: $times s (median of $runs, per input)"
s=$(median_seconds /dev/null --version)
echo "npuzzle --version alone (process start): ${s} s median of $runs"

"$root/build/bench/npuzzle_bench" --benchmark_repetitions="$runs" --benchmark_report_aggregates_only=true
