"""Projects unfinished IDA* searches to their end from the iterations they finished.

    npuzzle bench korf24 --ids 15,2 --algo idastar --timeout 90 --json > runs.jsonl
    python3 bench/project_iterations.py runs.jsonl

Reads the JSON lines of `npuzzle bench --json` (or `solve --json` with a known length given
by --length) and, for each search stopped by a limit, takes the growth from one iteration to
the next as the geometric mean of the last two finished steps, carries it on to the published
optimal length, and prints the nodes and time projected: up to the final iteration (a lower
figure: the final one stops where its solution turns up), with --final-share of the final
iteration (the share solved instances searched of theirs before the solution turned up), and
through the whole final iteration (an upper one). Time is the projected nodes at the runs'
own rate (nodes over seconds, pieces included), or at --rate (nodes a second) where the runs
shared the machine. Projections, never measurements: they say how far a search is from its
end, not what it will take.
"""

import argparse
import json
import math
import pathlib
import sys


def projection(record, length):
    """(lower nodes, upper nodes, growth, iterations left) for a search cut short."""
    iterations = record["stats"]["iterations"]
    finished = iterations[:-1]  # the last one was cut short by the limit
    if len(finished) < 3:
        raise ValueError("fewer than three finished iterations to project from")
    steps = [b[1] / a[1] for a, b in zip(finished[-3:], finished[-2:])]
    growth = math.sqrt(steps[0] * steps[1])
    step = finished[-1][0] - finished[-2][0]
    nodes = sum(n for _, n in finished)
    bound, size = finished[-1]
    left = 0
    while bound + step < length:  # the iterations before the final one
        bound += step
        size *= growth
        nodes += size
        left += 1
    final = size * growth
    return nodes, nodes + final, growth, left + 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", help="JSON lines (default: stdin)")
    ap.add_argument("--length", type=int, help="the optimal length, where records lack it")
    ap.add_argument("--final-share", type=float, default=0.0,
                    help="the share of the final iteration to count in the middle figure")
    ap.add_argument("--rate", type=float,
                    help="nodes a second to project time at (default: each run's own)")
    args = ap.parse_args()
    lines = []
    for name in args.files or ["-"]:
        text = sys.stdin.read() if name == "-" else pathlib.Path(name).read_text(encoding="utf-8")
        lines += text.splitlines()
    print("| id | length | published nodes | finished iterations | growth "
          "| nodes projected (low, middle, high) | time projected | at the rate of |")
    print("|---|---|---|---|---|---|---|---|")
    total = [0.0, 0.0, 0.0]
    for line in lines:
        record = json.loads(line)
        if record.get("summary") or record.get("status") == "solved":
            continue
        length = record.get("published") or args.length
        if length is None:
            sys.exit(f"no length known for {record.get('id', 'a record')}: give --length")
        stats = record["stats"]
        lower, upper, growth, left = projection(record, length)
        rate = args.rate or stats["expanded"] / stats["seconds"]
        nodes = (lower, lower + args.final_share * (upper - lower), upper)
        hours = [n / rate / 3600 for n in nodes]
        total = [t + h for t, h in zip(total, hours)]
        print(f"| {record.get('id', '')} | {length} | {record.get('published_nodes', '')} "
              f"| {len(stats['iterations']) - 1} (to {stats['iterations'][-2][0]}) "
              f"| {growth:.2f}x | {', '.join(f'{n / 1e9:,.0f}' for n in nodes)} G "
              f"({left} to go) | {', '.join(f'{h:,.1f}' for h in hours)} h "
              f"| {rate / 1e6:.1f} M/s |")
    print(f"\nIn all: {', '.join(f'{h:,.1f}' for h in total)} h projected.")


if __name__ == "__main__":
    main()
