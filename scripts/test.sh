#!/usr/bin/env bash
# Every test: the web page built for WebAssembly and the tool built for MPI, the Release build's
# tests (the library, the tool, the Python module, the page in Chromium and three MPI ranks, all
# under ctest), then every C++ test again on a build with AddressSanitizer and
# UndefinedBehaviorSanitizer (built by clang). Installs what is missing first.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scripts/setup.sh core web browser mpi clang
jobs=$(nproc)

echo "== The web page: WebAssembly build (build-web/) and its test's npm packages"
scripts/build-web.sh
npm ci --prefix tests/web --no-audit --no-fund --loglevel=error

echo "== Release build and tests (build/): the library, the tool, the tool for MPI jobs, Python and the page"
# The Python tests run on Debian's interpreter, which has pytest, not on whichever python3 comes
# first on the PATH. The tool for MPI jobs is built as scripts/build-mpi.sh builds it, in this
# folder once it is configured, so that both tools share the library's objects.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DNPUZZLE_SANITIZE=OFF -DNPUZZLE_TESTS=ON \
  -DNPUZZLE_BENCH=ON -DNPUZZLE_PYTHON=ON -DNPUZZLE_WEB_TESTS=ON -DNPUZZLE_MPI=ON \
  -DNPUZZLE_MPI_TESTS=ON -DPython_EXECUTABLE=/usr/bin/python3 >/dev/null
scripts/build-mpi.sh
cmake --build build -j "$jobs"
touch build/.launcher-stamp
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests (build-asan/, clang)"
# Built by clang, which compiles the instrumented code much faster than GCC (and so the code
# meets a second compiler's warnings). Line tables only (-g1): the reports still name file and
# line, and the largest files compile faster.
cmake -S . -B build-asan -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DNPUZZLE_SANITIZE=ON -DNPUZZLE_TESTS=ON -DNPUZZLE_PYTHON=OFF \
  -DNPUZZLE_BENCH=OFF >/dev/null
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"
