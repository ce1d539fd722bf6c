#!/usr/bin/env bash
# Installs the build into a temporary prefix, then builds and runs a project that finds it.
# Usage: run.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$source" -B "$work/consumer" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/consumer" >/dev/null
moves=$("$work/consumer/consumer")
[ "$moves" = ullddrurdllurdruldr ] || { echo "the consumer printed '$moves'"; exit 1; }
echo "1 passed, 0 failed"
