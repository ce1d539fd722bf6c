#!/usr/bin/env bash
# Every test: on the Release build (with the Python module and its tests), the web page built
# for WebAssembly and tested in Chromium, then every C++ test again on a build with
# AddressSanitizer and UndefinedBehaviorSanitizer. Installs what is missing first.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scripts/setup.sh
jobs=$(nproc)

echo "== Release build and tests (build/)"
# The Python tests run on Debian's interpreter, which has pytest, not on whichever python3 comes
# first on the PATH.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DNPUZZLE_SANITIZE=OFF -DNPUZZLE_TESTS=ON \
  -DNPUZZLE_BENCH=ON -DNPUZZLE_PYTHON=ON -DPython_EXECUTABLE=/usr/bin/python3 >/dev/null
cmake --build build -j "$jobs"
touch build/.launcher-built
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== The web page: WebAssembly build (build-web/), then its tests in Chromium"
scripts/setup.sh browser
scripts/build-web.sh
npm ci --prefix tests/web --no-audit --no-fund --loglevel=error
(cd tests/web && NPUZZLE_BIN="$root/build/npuzzle" node --test)

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests (build-asan/)"
# Line tables only (-g1): the reports still name file and line, and the largest test file
# compiles in 29 s rather than 44 s.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DNPUZZLE_SANITIZE=ON -DNPUZZLE_TESTS=ON -DNPUZZLE_PYTHON=OFF \
  -DNPUZZLE_BENCH=OFF >/dev/null
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"
