"""npuzzle.generate: boards at a proven distance, and random walks from the goal."""

import collections
import json

import pytest

import npuzzle
from conftest import cli, goal_rows, replay


def key(rows):
    return tuple(t for row in rows for t in row)


def test_3x3_boards_have_exactly_the_distance_asked(eight_puzzle_distances):
    for d in (0, 1, 5, 17, 30, 31):
        boards = npuzzle.generate(3, distance=d, n=20, seed=d)
        assert all(eight_puzzle_distances[key(b)] == d for b in boards)


def test_3x3_draws_cover_every_board_at_a_small_distance(eight_puzzle_distances):
    # 4 boards are 2 moves away; 400 uniform draws miss one with probability below 1e-49.
    at_two = {b for b, d in eight_puzzle_distances.items() if d == 2}
    counts = collections.Counter(key(b) for b in npuzzle.generate(3, distance=2, n=400, seed=1))
    assert set(counts) == at_two
    assert min(counts.values()) > 50  # 100 expected each


def test_4x4_boards_have_their_distance_proven_by_the_solver():
    for d in (12, 30, 48):
        for b in npuzzle.generate((4, 4), distance=d, n=2, seed=d):
            s = npuzzle.solve(b)
            assert s.optimal and s.length == d
            assert replay(b, s.moves) == goal_rows(4, 4)


def test_other_shapes_and_goals():
    for b in npuzzle.generate((3, 4), distance=20, n=2, seed=5, goal="blank-first"):
        s = npuzzle.solve(b, goal="blank-first")
        assert s.optimal and s.length == 20


def test_the_same_seed_gives_the_same_boards_as_the_cli():
    ours = npuzzle.generate((4, 4), distance=25, n=3, seed=9)
    r = cli("random", "--size", "4x4", "--distance", "25", "-n", "3", "--seed", "9", "--json")
    assert r.returncode == 0, r.stderr
    assert ours == [json.loads(line) for line in r.stdout.splitlines()]
    assert npuzzle.generate((4, 4), distance=25, n=3, seed=9) == ours


def test_random_walks_stay_within_their_moves(eight_puzzle_distances):
    boards = npuzzle.generate(3, moves=9, n=50, seed=2)
    assert all(eight_puzzle_distances[key(b)] <= 9 for b in boards)
    assert all(eight_puzzle_distances[key(b)] % 2 == 1 for b in boards)  # the blank's colour
    big = npuzzle.generate((30, 40), moves=1000, seed=2)[0]
    assert npuzzle.check(big)
    assert npuzzle.bounds(big).manhattan <= 1000
    r = cli("random", "--size", "30x40", "--moves", "1000", "--seed", "2", "--json")
    assert json.loads(r.stdout) == big


def test_a_walk_longer_than_the_time_allows_is_stopped():
    with pytest.raises(npuzzle.LimitReached, match="0 of 1 boards 1000000000000000 random moves"):
        npuzzle.generate(3, moves=10**15, timeout=0.05)


def test_refusals():
    with pytest.raises(ValueError, match="more than 31 moves"):
        npuzzle.generate(3, distance=32)
    with pytest.raises(ValueError, match="more than 80 moves"):
        npuzzle.generate(4, distance=81)
    with pytest.raises(ValueError, match="up to 16 cells"):
        npuzzle.generate(5, distance=10)
    with pytest.raises(ValueError, match="one of"):
        npuzzle.generate(3)
    with pytest.raises(ValueError, match="one of"):
        npuzzle.generate(3, distance=3, moves=3)
    with pytest.raises(ValueError):
        npuzzle.generate(3, moves=-1)
    with pytest.raises(ValueError):
        npuzzle.generate(3, distance=-1)
