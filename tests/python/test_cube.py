"""npuzzle.cube against the POJ 3131 sample."""

import pytest

import npuzzle

SAMPLE = [
    ("1 2\nW W W\nE W W\nW W W", 0),
    ("2 1\nR B W\nR W W\nE W W", 3),
    ("3 3\nW B W\nB R E\nR B R", 13),
    ("3 3\nB W R\nB W R\nB E R", 23),
    ("2 1\nB B B\nB R B\nB R E", 29),
    ("1 1\nR R R\nW W W\nR R E", 30),
    ("2 1\nR R R\nB W B\nR R E", None),
    ("3 2\nR R R\nW E W\nR R R", None),
]


@pytest.mark.parametrize("dataset,distance", SAMPLE[:4])
def test_solve_gives_a_shortest_roll_sequence(dataset, distance):
    s = npuzzle.cube.solve(dataset)
    assert s.optimal and s.length == distance and len(s.moves) == distance


@pytest.mark.parametrize("dataset,distance", SAMPLE)
def test_distance_answers_the_sample(dataset, distance):
    assert npuzzle.cube.distance(dataset) == distance


def test_datasets_as_triples():
    assert npuzzle.cube.distance((2, 1, "RBWRWWEWW")) == 3
    assert npuzzle.cube.distance((2, 1, ["RBW", "RWW", "EWW"])) == 3


@pytest.mark.parametrize("dataset", ["4 1\nWWW\nEWW\nWWW", "1 1\nWWW\nEWW\nWWX", "1", "a b"])
def test_bad_datasets_raise(dataset):
    with pytest.raises(ValueError):
        npuzzle.cube.distance(dataset)
