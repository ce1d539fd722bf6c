#!/usr/bin/env bash
# The MPI build against the plain one, three ranks on this machine (mpirun --oversubscribe):
# the same answers, move for move, on seeded 4x4 boards with the light tables (a batch's boards
# dealt to the ranks, one board's large iterations shared among them), in input order, with the
# plain build's messages and exit code; a bench's instances dealt whole to the ranks, with the
# same answers and counts, each kept as soon as it is found (and checkpoints only where one rank
# searches); bad input refused with exit 2; a rank killed mid-search ends the run with a message
# and a failing exit code, no hang.
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
# A job over three ranks that should end of itself: `mpi ARGS... <INPUT`. Open MPI 4.1's mpirun at
# times takes a rank that finalized and exited on a loaded machine for one that exited without
# finalizing ("exiting improperly", open-mpi/ompi#7833, left unfixed in 4.x): such a job is run
# once more, and said; its output is passed on only from the run that counts.
exec 3>&1  # (the test's own output)
mpi() {
  cat >"$work/mpi.in"
  local try code
  for try in 1 2; do
    "${run[@]}" "$@" <"$work/mpi.in" >"$work/mpi.stdout" 2>"$work/mpi.stderr"
    code=$?
    [ "$try" -eq 1 ] && [ "$code" -ne 0 ] && grep -q "exiting improperly" "$work/mpi.stderr" ||
      break
    echo "note: mpirun took a finished rank for a failed one; run again: $*" >&3
  done
  cat "$work/mpi.stdout"
  cat "$work/mpi.stderr" >&2
  return "$code"
}

"$plain" pdb build 5-5-5 >/dev/null 2>&1 || fail "building the light tables"
"$plain" random --size 4x4 -n 8 --seed 39 --goal blank-first >"$work/boards.txt"
for threads in 1 2; do
  "$plain" solve --goal blank-first --pdb 5-5-5 --search-threads 1 <"$work/boards.txt" \
    >"$work/plain.txt" 2>"$work/plain.err" || fail "the plain build: $(cat "$work/plain.err")"
  mpi solve --goal blank-first --pdb 5-5-5 --search-threads "$threads" \
    <"$work/boards.txt" >"$work/mpi.txt" 2>"$work/mpi.err" ||
    fail "three ranks of $threads thread(s): exit $?: $(head -c 600 "$work/mpi.err")"
  cmp -s "$work/plain.txt" "$work/mpi.txt" ||
    fail "three ranks of $threads thread(s) answered otherwise: $(diff "$work/plain.txt" "$work/mpi.txt" | head -4)"
  "$plain" verify --goal blank-first --moves-from "$work/mpi.txt" <"$work/boards.txt" \
    >"$work/verdicts.txt" || fail "the answers of three ranks do not replay"
done
[ "$(wc -l <"$work/mpi.txt")" -eq 8 ] || fail "not one answer per board"
# A batch is dealt to the ranks, a board each, so no search of it is shared; one board alone is.
mpi solve --goal blank-first --pdb 5-5-5 --search-threads 1 --json <"$work/boards.txt" \
  >"$work/mpi.json"
[ "$(grep -c '"split_iterations":0' "$work/mpi.json")" -eq 8 ] ||
  fail "a batch's searches were shared rather than dealt: $(grep -o '"split_iterations":[0-9]*' "$work/mpi.json" | tr '\n' ' ')"
head -n 1 "$work/boards.txt" | mpi solve --goal blank-first --pdb 5-5-5 \
  --search-threads 1 --json >"$work/one.json"
grep -q '"split_iterations":[1-9]' "$work/one.json" || fail "one board's search was not shared"

# A batch with a bad line, a blank line and boards of other sizes: what the plain build prints,
# on stdout and stderr, in input order, and its exit code.
{ head -n 4 "$work/boards.txt"; echo '1 2 3'; echo; "$plain" random --size 3x3 -n 5 --seed 2; } \
  >"$work/mixed.txt"
"$plain" solve --goal blank-first --pdb 5-5-5 <"$work/mixed.txt" >"$work/plain.out" 2>"$work/plain.err"
plain_code=$?
mpi solve --goal blank-first --pdb 5-5-5 <"$work/mixed.txt" >"$work/mpi.out" 2>"$work/mpi.err"
code=$?
[ "$code" -eq "$plain_code" ] || fail "a mixed batch: exit $code, the plain build's $plain_code"
cmp -s "$work/plain.out" "$work/mpi.out" ||
  fail "a mixed batch answered otherwise: $(diff "$work/plain.out" "$work/mpi.out" | head -4)"
grep -q "$(cat "$work/plain.err")" "$work/mpi.err" || fail "a mixed batch: not the plain build's message"

# A batch of instances dealt whole to the ranks: the same answers and counts, in order.
fields() { grep -o '"id":"[0-9]*"\|"length":[0-9]*\|"expanded":[0-9]*\|"ok":[a-z]*'; }
"$plain" bench korf100 --pdb 5-5-5 --limit 9 --search-threads 1 --json | fields >"$work/plain.bench"
mpi bench korf100 --pdb 5-5-5 --limit 9 --search-threads 1 --json </dev/null 2>"$work/bench.err" |
  fields >"$work/mpi.bench"
[ "$(grep -c '"ok":true' "$work/mpi.bench")" -eq 9 ] &&
  cmp -s "$work/plain.bench" "$work/mpi.bench" ||
  fail "bench over three ranks: $(diff "$work/plain.bench" "$work/mpi.bench" | head -4) $(head -c 300 "$work/bench.err")"

# Nodes with different tables: a rank whose cache holds only 5-5-5 among ranks that read 6-6-3
# ends the run with a message and exit 1 (they would list different tops); a rank that lacks the
# set asked for fails alone, and ends the job after a wait, saying why.
"$plain" pdb build 6-6-3 >/dev/null 2>&1 || fail "building the 6-6-3 tables"
mkdir -p "$work/other" && cp "$work"/cache/pdb-4x4-*-1-2-3-5-6.tbl "$work"/cache/pdb-4x4-*-4-8-9-12-13.tbl \
  "$work"/cache/pdb-4x4-*-7-10-11-14-15.tbl "$work/other/"
one="$(head -n 1 "$work/boards.txt")"
apart=(timeout 60 mpirun --oversubscribe --allow-run-as-root)  # the last of three ranks elsewhere
mine=(-np 2 -x NPUZZLE_CACHE="$work/cache" "$mpi" solve --goal blank-first --search-threads 1)
theirs=(-np 1 -x NPUZZLE_CACHE="$work/other" "$mpi" solve --goal blank-first --search-threads 1)
"${apart[@]}" "${mine[@]}" --heuristic pdb $one : "${theirs[@]}" --heuristic pdb $one \
  >"$work/apart.out" 2>"$work/apart.err"
code=$?
[ "$code" -eq 1 ] || fail "ranks with different tables: exit $code, not 1: $(head -c 300 "$work/apart.err")"
grep -q "do not all search with the same tables (this one: 6-6-3)" "$work/apart.err" ||
  fail "ranks with different tables: no message: $(head -c 300 "$work/apart.err")"
[ ! -s "$work/apart.out" ] || fail "ranks with different tables: something was printed"
"${apart[@]}" "${mine[@]}" --pdb 6-6-3 $one : "${theirs[@]}" --pdb 6-6-3 $one \
  >"$work/alone.out" 2>"$work/alone.err"
code=$?
[ "$code" -ne 0 ] && [ "$code" -ne 124 ] || fail "a rank without the tables asked for: exit $code"
grep -q "6-6-3" "$work/alone.err" && grep -q "rank 2 failed" "$work/alone.err" ||
  fail "a rank without the tables asked for: no message naming them: $(head -c 400 "$work/alone.err")"

# Ctrl-C to mpirun (which ends the job by SIGTERM): the ranks stop together, rank 0 says so.
board24="14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13"
"${run[@]}" solve --goal blank-first --heuristic linear-conflict --algo idastar \
  --search-threads 1 $board24 >"$work/int.out" 2>"$work/int.err" &
job=$!
sleep 2
kill -INT "$job"
( sleep 30; kill -9 "$job" 2>/dev/null ) &
watchdog=$!
wait "$job"
code=$?
kill "$watchdog" 2>/dev/null
[ "$code" -ne 0 ] && [ "$code" -ne 137 ] || fail "Ctrl-C to mpirun: exit $code"
grep -q "interrupted" "$work/int.err" || fail "Ctrl-C to mpirun: not said: $(head -c 300 "$work/int.err")"

printf '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15\n' >"$work/bad.txt"
mpi solve <"$work/bad.txt" >"$work/bad.out" 2>"$work/bad.err"
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

# A bench dealt to the ranks keeps each answer as soon as the rank that solved it has it, so a
# run killed outright later loses none, and rank 0 prints its line as soon as it is in: Korf's #6
# takes a moment, #88 (linear conflict) minutes.
grep -v '^#' "$(dirname "$0")/../../instances/korf100.txt" | awk '$1 == 6 || $1 == 88' \
  >"$work/pair.txt"
mkdir "$work/records"
"${run[@]}" bench "$work/pair.txt" --heuristic linear-conflict --search-threads 1 \
  --checkpoint-dir "$work/records" >"$work/records.out" 2>"$work/records.err" &
job=$!
for _ in $(seq 300); do
  [ -e "$work/records/pair-6.answer" ] && grep -q '^ *6 ' "$work/records.out" && break
  sleep 0.1
done
grep -q '^ *6 .* ok ' "$work/records.out" ||
  fail "a dealt bench: #6's line was not printed as it ended: $(head -c 300 "$work/records.out")"
pkill -9 -f "^$mpi bench"
( sleep 30; kill -9 "$job" 2>/dev/null ) &
watchdog=$!
wait "$job"
kill "$watchdog" 2>/dev/null
grep -q '"lower_bound":52,.*"optimal":true' "$work/records/pair-6.answer" 2>/dev/null ||
  fail "a dealt bench killed part-way: the answer found first was not kept: $(ls "$work/records") $(head -c 300 "$work/records.err")"
[ ! -e "$work/records/pair-88.answer" ] || fail "a dealt bench: #88 was solved (too soon to test)"
# Ranks that see different answers kept (folders not shared) would deal different instances:
# refused. So is a checkpoint of one instance, whose search the ranks share.
mkdir "$work/unshared"
"${apart[@]}" -np 2 "$mpi" bench "$work/pair.txt" --heuristic linear-conflict --search-threads 1 \
  --checkpoint-dir "$work/records" : -np 1 "$mpi" bench "$work/pair.txt" --heuristic \
  linear-conflict --search-threads 1 --checkpoint-dir "$work/unshared" >/dev/null 2>"$work/unshared.err"
code=$?
[ "$code" -eq 2 ] && grep -q "one folder they all read" "$work/unshared.err" ||
  fail "ranks that see different answers kept: exit $code: $(head -c 300 "$work/unshared.err")"
mpi bench korf100 --ids 6 --checkpoint-dir "$work/records" </dev/null >/dev/null 2>"$work/one.err"
code=$?
[ "$code" -eq 2 ] && grep -q "keeps one process's search" "$work/one.err" ||
  fail "a checkpoint of one instance shared among ranks: exit $code: $(head -c 300 "$work/one.err")"

echo "$((15 - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
