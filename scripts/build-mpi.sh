#!/usr/bin/env bash
# Builds build/npuzzle-mpi, the CLI for MPI jobs (OpenMPI from Debian, installed where missing):
# the same commands, arguments, input and output as ./npuzzle, run as `mpirun -np P
# build/npuzzle-mpi ...`. It is built in the launcher's Release folder, beside build/npuzzle,
# whose library it shares; the plain build and ./npuzzle need no MPI.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh" core mpi
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DNPUZZLE_MPI=ON >/dev/null
cmake --build "$root/build" --target npuzzle-mpi
