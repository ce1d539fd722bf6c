#!/usr/bin/env bash
# The MPI build against the plain one, three ranks on this machine (mpirun --oversubscribe):
# the same answers, move for move, on seeded 4x4 boards with the light tables (every search's
# large iterations shared among the ranks), in input order; a bench's instances dealt whole to
# the ranks, with the same answers and counts; bad input refused with exit 2; a rank killed
# mid-search ends the run with a message and a failing exit code, no hang.
#   tests/mpi/run.sh PLAIN_NPUZZLE MPI_NPUZZLE
set -uo pipefail
plain="$1" mpi="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export NPUZZLE_CACHE="$work/cache"
# (CI runs as root, which mpirun refuses unless told.)
run=(mpirun --oversubscribe --allow-run-as-root -np 3 "$mpi")
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

"$plain" pdb build 5-5-5 >/dev/null 2>&1 || fail "building the light tables"
"$plain" random --size 4x4 -n 8 --seed 39 --goal blank-first >"$work/boards.txt"
for threads in 1 2; do
  "$plain" solve --goal blank-first --pdb 5-5-5 --search-threads 1 <"$work/boards.txt" \
    >"$work/plain.txt" 2>"$work/plain.err" || fail "the plain build: $(cat "$work/plain.err")"
  "${run[@]}" solve --goal blank-first --pdb 5-5-5 --search-threads "$threads" \
    <"$work/boards.txt" >"$work/mpi.txt" 2>"$work/mpi.err" ||
    fail "three ranks of $threads thread(s): exit $?: $(head -c 600 "$work/mpi.err")"
  cmp -s "$work/plain.txt" "$work/mpi.txt" ||
    fail "three ranks of $threads thread(s) answered otherwise: $(diff "$work/plain.txt" "$work/mpi.txt" | head -4)"
  "$plain" verify --goal blank-first --moves-from "$work/mpi.txt" <"$work/boards.txt" \
    >"$work/verdicts.txt" || fail "the answers of three ranks do not replay"
done
[ "$(wc -l <"$work/mpi.txt")" -eq 8 ] || fail "not one answer per board"
"${run[@]}" solve --goal blank-first --pdb 5-5-5 --json <"$work/boards.txt" >"$work/mpi.json"
grep -q '"split_iterations":[1-9]' "$work/mpi.json" || fail "no search was shared among the ranks"

# A batch of instances dealt whole to the ranks: the same answers and counts, in order.
fields() { grep -o '"id":"[0-9]*"\|"length":[0-9]*\|"expanded":[0-9]*\|"ok":[a-z]*'; }
"$plain" bench korf100 --pdb 5-5-5 --limit 9 --search-threads 1 --json | fields >"$work/plain.bench"
"${run[@]}" bench korf100 --pdb 5-5-5 --limit 9 --search-threads 1 --json 2>"$work/bench.err" |
  fields >"$work/mpi.bench"
[ "$(grep -c '"ok":true' "$work/mpi.bench")" -eq 9 ] &&
  cmp -s "$work/plain.bench" "$work/mpi.bench" ||
  fail "bench over three ranks: $(diff "$work/plain.bench" "$work/mpi.bench" | head -4) $(head -c 300 "$work/bench.err")"

printf '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15\n' >"$work/bad.txt"
"${run[@]}" solve <"$work/bad.txt" >"$work/bad.out" 2>"$work/bad.err"
code=$?
[ "$code" -eq 2 ] || fail "bad input: exit $code, not 2"
grep -q "tile 15 appears twice" "$work/bad.err" || fail "bad input: no message"

# A long search (Korf's #3 with linear conflict), one rank killed a second in.
board="14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15"
start=$SECONDS
"${run[@]}" solve --goal blank-first --heuristic linear-conflict --search-threads 1 $board \
  >"$work/killed.out" 2>"$work/killed.err" &
job=$!
for _ in $(seq 50); do
  victim=$(pgrep -f "^$mpi solve" | sed -n 2p)
  [ -n "$victim" ] && break
  sleep 0.1
done
sleep 1
[ -n "${victim:-}" ] && kill -9 "$victim"
( sleep 60; kill -9 "$job" 2>/dev/null ) &
watchdog=$!
wait "$job"
code=$?
kill "$watchdog" 2>/dev/null
[ "$code" -ne 0 ] || fail "a killed rank: exit 0"
[ $((SECONDS - start)) -lt 60 ] || fail "a killed rank: the run hung"
grep -q "rank" "$work/killed.err" || fail "a killed rank: no message naming it"
[ ! -s "$work/killed.out" ] || fail "a killed rank: something was printed: $(cat "$work/killed.out")"

echo "$((6 - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
