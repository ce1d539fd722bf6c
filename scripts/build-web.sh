#!/usr/bin/env bash
# Builds the web page (WebAssembly core and static files) into build-web/site, when its sources
# changed. Installs Emscripten first if it is missing. Quiet unless the build fails.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build-web"
"$root/scripts/setup.sh" web
# Debian's Emscripten finds its JavaScript tools (acorn) only through NODE_PATH.
export NODE_PATH=/usr/share/nodejs
mkdir -p "$build"
log="$build/build.log"
if ! { [ -f "$build/build.ninja" ] ||
       emcmake cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DNPUZZLE_WEB=ON \
         -DNPUZZLE_CLI=OFF -DNPUZZLE_TESTS=OFF -DNPUZZLE_BENCH=OFF; } >"$log" 2>&1 ||
   ! cmake --build "$build" -j "$(nproc)" >>"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "npuzzle: the web build failed; the whole log is in build-web/build.log" >&2
  exit 1
fi
# The core goes compressed to a browser that takes gzip (npuzzle web, or a static host that
# serves FILE.gz beside FILE): compressed again only where the build changed it.
for f in "$build/site/npuzzle.wasm" "$build/site/npuzzle.js"; do
  if [ -f "$f" ] && ! [ "$f.gz" -nt "$f" ]; then gzip -9 -n -k -f "$f"; fi
done
