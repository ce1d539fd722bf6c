#!/usr/bin/env bash
# The launcher (./npuzzle) in a copy of its folder, with a stand-in for cmake that logs its calls
# (and fails where told): the tool runs at once where no source changed since the build's stamp;
# a changed, added or removed source, or no stamp, builds first, then runs the command with its
# arguments, stdin and exit code; a failed build says so (exit 1) and runs nothing; a source dated
# in the future builds each time rather than for ever.
#   tests/cli/launcher.sh NPUZZLE
set -uo pipefail
tool="$1"
here="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

root="$work/root"
mkdir -p "$root/build" "$root/scripts" "$root/cmake" "$root/src/core" "$root/include/npuzzle/core" \
  "$root/cli" "$root/tests" "$work/bin"
cp "$here/npuzzle" "$root/npuzzle"
ln -s "$tool" "$root/build/npuzzle"
printf '#!/bin/sh\n' >"$root/scripts/setup.sh"
chmod +x "$root/scripts/setup.sh"
for f in CMakeLists.txt cmake/a.cmake src/CMakeLists.txt src/core/board.cpp \
  include/npuzzle/core/board.hpp cli/main.cpp tests/test.cpp; do
  echo "$f" >"$root/$f"
done
cat >"$work/bin/cmake" <<STANDIN
#!/bin/sh
echo "cmake \$*" >>"$work/cmake.log"
[ ! -e "$work/broken" ] || { echo "board.cpp:1: error: a slip"; exit 1; }
STANDIN
chmod +x "$work/bin/cmake"
export PATH="$work/bin:$PATH"
exec 2>"$work/stderr"  # (the launcher's "building" lines; a failure prints them)

# Everything dated before the stamp.
built() {
  find "$root" -path "$root/build" -prune -o -exec touch -h -d '2001-01-01' {} +
  touch -d '2002-01-01' "$root/build/.launcher-stamp"
  rm -f "$work/cmake.log"
}
builds() { [ -s "$work/cmake.log" ] && grep -q -- "--build $root/build --target npuzzle" "$work/cmake.log"; }
board='1 2 3 4 5 6 7 8 0'

built
out="$(echo "$board" | "$root/npuzzle" check)" || fail "unchanged: exit $?"
[ "$out" = "solvable" ] || fail "unchanged: printed '$out'"
[ ! -e "$work/cmake.log" ] || fail "unchanged: built: $(cat "$work/cmake.log")"

# A source's time is read, not its folder's alone (a file written in place).
for changed in CMakeLists.txt cmake/a.cmake src/core/board.cpp include/npuzzle/core/board.hpp \
  cli/main.cpp; do
  built
  touch "$root/$changed"
  out="$(echo "$board" | "$root/npuzzle" check)" || fail "$changed changed: exit $?"
  [ "$out" = "solvable" ] || fail "$changed changed: printed '$out'"
  builds || fail "$changed changed: not built"
  [ ! "$root/$changed" -nt "$root/build/.launcher-stamp" ] || fail "$changed changed: the stamp was not renewed"
  rm -f "$work/cmake.log"
  echo "$board" | "$root/npuzzle" check >/dev/null
  [ ! -e "$work/cmake.log" ] || fail "$changed changed: built twice"
done

# Files that are not the tool's sources (a hidden one in a source folder, there before).
echo swap >"$root/src/.board.cpp.swp"
built
touch "$root/tests/test.cpp" "$root/src/.board.cpp.swp"
"$root/npuzzle" check "$board" >/dev/null || fail "a test changed: exit $?"
[ ! -e "$work/cmake.log" ] || fail "a test or a hidden file changed: built"

# A file added, and one removed.
built
echo new >"$root/src/core/moves.cpp"
"$root/npuzzle" check "$board" >/dev/null && builds || fail "a source added: not built"
built
rm "$root/src/core/moves.cpp"
"$root/npuzzle" check "$board" >/dev/null && builds || fail "a source removed: not built"

# No stamp (a build from before the tool checked its sources, or none at all).
built
rm "$root/build/.launcher-stamp"
"$root/npuzzle" check "$board" >/dev/null && builds || fail "no stamp: not built"
[ -e "$root/build/.launcher-stamp" ] || fail "no stamp: none written"

# The command's own exit code and messages pass through a build.
built
touch "$root/src/core/board.cpp"
"$root/npuzzle" check 1 2 3 >/dev/null 2>"$work/err"
code=$?
[ "$code" -eq 2 ] || fail "bad input after a build: exit $code"
grep -q "npuzzle:" "$work/err" || fail "bad input after a build: no message"
builds || fail "bad input after a build: not built"

# A build that fails runs nothing.
built
touch "$root/src/core/board.cpp"
touch "$work/broken"
out="$("$root/npuzzle" check "$board" 2>"$work/err")"
code=$?
rm "$work/broken"
[ "$code" -eq 1 ] || fail "a failed build: exit $code"
[ -z "$out" ] || fail "a failed build: the command ran: $out"
grep -q "a slip" "$work/err" && grep -q "the build failed" "$work/err" ||
  fail "a failed build: not said: $(cat "$work/err")"

# A source dated in the future: built once each call, no loop.
built
touch -d '2099-01-01' "$root/src/core/board.cpp"
out="$(timeout 20 "$root/npuzzle" check "$board")"
code=$?
[ "$code" -eq 0 ] && [ "$out" = "solvable" ] || fail "a source in the future: exit $code, '$out'"
[ "$(grep -c -- "--build" "$work/cmake.log")" -eq 1 ] ||
  fail "a source in the future: built $(grep -c -- "--build" "$work/cmake.log") times"

[ "$failed" -eq 0 ] || cat "$work/stderr" >&1
echo "$((13 - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
