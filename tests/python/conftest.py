"""Shared references for the Python tests, independent of npuzzle's own code: a replay of
move strings and a breadth-first search of the 8-puzzle written here in plain Python."""

import collections
import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("NPUZZLE_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
CLI = os.environ.get("NPUZZLE_BIN", str(SOURCE / "build" / "npuzzle"))

STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def replay(rows, moves):
    """The board after the blank moves as `moves` says (blank notation), or None if a move
    leaves the board."""
    grid = [list(r) for r in rows]
    (br, bc), = [(r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == 0]
    for m in moves:
        dr, dc = STEP[m]
        nr, nc = br + dr, bc + dc
        if not (0 <= nr < len(grid) and 0 <= nc < len(grid[0])):
            return None
        grid[br][bc], grid[nr][nc] = grid[nr][nc], 0
        br, bc = nr, nc
    return grid


def goal_rows(rows, cols, blank_first=False):
    tiles = list(range(rows * cols)) if blank_first else list(range(1, rows * cols)) + [0]
    return [tiles[r * cols:(r + 1) * cols] for r in range(rows)]


def rows_of(text, cols):
    tiles = [int(t) for t in text.split()]
    return [tiles[r * cols:(r + 1) * cols] for r in range(len(tiles) // cols)]


@pytest.fixture(scope="session")
def eight_puzzle_distances():
    """Every reachable 3x3 board (a tuple of 9 tiles) and its distance to 1..8 blank-last."""
    goal = tuple(range(1, 9)) + (0,)
    dist = {goal: 0}
    queue = collections.deque([goal])
    while queue:
        b = queue.popleft()
        z = b.index(0)
        r, c = divmod(z, 3)
        for dr, dc in STEP.values():
            nr, nc = r + dr, c + dc
            if 0 <= nr < 3 and 0 <= nc < 3:
                n = list(b)
                n[z], n[nr * 3 + nc] = n[nr * 3 + nc], 0
                n = tuple(n)
                if n not in dist:
                    dist[n] = dist[b] + 1
                    queue.append(n)
    return dist


@pytest.fixture(scope="session")
def korf100():
    """(id, optimal length, board rows) of Korf's 100 instances; goal blank first."""
    out = []
    for line in (SOURCE / "instances" / "korf100.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        w = line.split()
        out.append((int(w[0]), int(w[1]), rows_of(" ".join(w[4:]), 4)))
    return out


def cli(*args, stdin=""):
    return subprocess.run([CLI, *args], input=stdin, capture_output=True, text=True, timeout=300)
