#!/usr/bin/env bash
# Builds build-mpi/npuzzle, the CLI for MPI jobs (OpenMPI from Debian, installed where missing):
# the same commands, arguments, input and output as ./npuzzle, run as `mpirun -np P
# build-mpi/npuzzle ...`. The plain build and ./npuzzle need no MPI.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh" core mpi
cmake -S "$root" -B "$root/build-mpi" -G Ninja -DCMAKE_BUILD_TYPE=Release -DNPUZZLE_MPI=ON \
  -DNPUZZLE_TESTS=OFF -DNPUZZLE_BENCH=OFF >/dev/null
cmake --build "$root/build-mpi" --target npuzzle
