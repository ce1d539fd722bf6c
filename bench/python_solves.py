"""Solves per second from Python against the command-line tool, on the same boards.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_solves.py [--cli build/npuzzle] [--runs 5]

For each workload: npuzzle.solve called once per board, npuzzle.solve_many on one thread, and
`npuzzle solve` reading the boards on stdin (one process, tables built in the run). Each figure
is the median of --runs runs; the ratio column is against the CLI measured in the same run.
"""

import argparse
import statistics
import subprocess
import time

import npuzzle


def timed(fn, runs):
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        fn()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default="build/npuzzle")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    workloads = [("3x3", 20000), ("3x4", 100)]
    print(f"{'workload':<16}{'how':<28}{'median':>10}{'solves/s':>12}{'vs CLI':>8}")
    for size, n in workloads:
        boards = npuzzle.random(size, n=n, seed=1)
        text = "\n".join(" ".join(str(t) for row in b for t in row) for b in boards) + "\n"
        npuzzle.solve(boards[0])  # the table or search set up once, as the CLI run's own
        cli = timed(lambda: subprocess.run([args.cli, "solve", "--size", size], input=text,
                                           capture_output=True, text=True, check=True),
                    args.runs)
        rows = [
            ("solve() per board", timed(lambda: [npuzzle.solve(b) for b in boards], args.runs)),
            ("solve_many(threads=1)",
             timed(lambda: npuzzle.solve_many(boards, threads=1), args.runs)),
            ("CLI solve, stdin", cli),
        ]
        for how, t in rows:
            print(f"{size + ' x' + str(n):<16}{how:<28}{t * 1e3:>8.1f}ms{n / t:>12,.0f}"
                  f"{t / cli:>8.2f}")


if __name__ == "__main__":
    main()
