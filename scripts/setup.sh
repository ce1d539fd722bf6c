#!/usr/bin/env bash
# Installs the Debian packages npuzzle needs, skipping those already present. With no argument:
# what the tool, its tests and the Python module build with. `web`: Emscripten, for the page.
# `browser`: Chromium and Node.js, for the page's tests. `clang`: clang and its sanitizer and
# fuzzer runtimes, for the sanitizer build and scripts/fuzz.sh. `mpi`: OpenMPI, for
# scripts/build-mpi.sh. Several groups may be named.
set -euo pipefail
groups=("$@")
[ ${#groups[@]} -eq 0 ] && groups=(core)
packages=()
for group in "${groups[@]}"; do
  case "$group" in
    core) packages+=(cmake ninja-build g++ libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev
            libfmt-dev nlohmann-json3-dev pybind11-dev python3-dev python3-pytest python3-numpy
            python3-venv python3-pip) ;;
    web) packages+=(cmake ninja-build emscripten nlohmann-json3-dev) ;;
    browser) packages+=(chromium)
      # A Node.js from elsewhere (with its own npm) serves as well as Debian's.
      command -v node >/dev/null || packages+=(nodejs)
      command -v npm >/dev/null || packages+=(npm) ;;
    clang) packages+=(clang libclang-rt-dev) ;;
    mpi) packages+=(openmpi-bin libopenmpi-dev) ;;
    *) echo "setup.sh: no group '$group' (core, web, browser, clang, mpi)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "npuzzle: installing ${missing[*]}" >&2
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq >&2
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
