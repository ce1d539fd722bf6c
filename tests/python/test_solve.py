"""npuzzle.solve and friends: answers replayed, lengths against independent references, every
board form, errors as the CLI words them."""

import json
import random as stdlib_random
import subprocess
import sys

import numpy as np
import pytest

import npuzzle
from conftest import cli, goal_rows, replay


def test_every_board_form_gives_the_same_answer():
    forms = [
        "1 2 3/4 5 6/0 7 8",
        "123456078",
        "[[1,2,3],[4,5,6],[0,7,8]]",
        [[1, 2, 3], [4, 5, 6], [0, 7, 8]],
        (1, 2, 3, 4, 5, 6, 0, 7, 8),
        [1, 2, 3, 4, 5, 6, "x", 7, 8],
        np.array([[1, 2, 3], [4, 5, 6], [0, 7, 8]]),
        np.array([1, 2, 3, 4, 5, 6, 0, 7, 8]),
    ]
    for form in forms:
        s = npuzzle.solve(form)
        assert (s.moves, s.length, s.optimal, s.lower_bound) == ("rr", 2, True, 2), form


def test_a_flat_list_takes_its_size():
    board = [1, 2, 3, 4, 5, 6, 0, 7]
    s = npuzzle.solve(board, size=(2, 4))
    assert replay([board[:4], board[4:]], s.moves) == goal_rows(2, 4)
    assert npuzzle.solve(board, size="2x4").moves == s.moves


def test_every_8_puzzle_length_matches_an_independent_search(eight_puzzle_distances):
    rng = stdlib_random.Random(20261122)
    boards = rng.sample(sorted(eight_puzzle_distances), 300)
    solutions = npuzzle.solve_many([list(b) for b in boards], threads=2)
    for b, s in zip(boards, solutions):
        assert s.optimal and s.length == eight_puzzle_distances[b]
        rows = [list(b[0:3]), list(b[3:6]), list(b[6:9])]
        assert replay(rows, s.moves) == goal_rows(3, 3)
    # The farthest boards, 31 moves.
    farthest = [b for b, d in eight_puzzle_distances.items() if d == 31]
    assert len(farthest) == 2
    for b in farthest:
        assert npuzzle.solve(list(b)).length == 31


@pytest.mark.parametrize("algo", ["bfs", "bibfs", "astar", "idastar"])
def test_each_exact_algorithm_is_shortest(algo, eight_puzzle_distances):
    board = (8, 6, 7, 2, 5, 4, 3, 0, 1)
    s = npuzzle.solve(list(board), algo=algo)
    assert s.algorithm == algo and s.optimal
    assert s.length == eight_puzzle_distances[board] == 31


def test_korf_instances_have_their_published_lengths(korf100):
    # The easiest of Korf's 100 for the light pattern databases, built in memory on first use.
    for number, optimal, rows in [k for k in korf100 if k[0] in (80, 82, 88, 94)]:
        s = npuzzle.solve(rows, goal="blank-first")
        assert s.length == optimal and s.optimal, number
        assert replay(rows, s.moves) == goal_rows(4, 4, blank_first=True)
        assert npuzzle.verify(rows, s.moves, goal="blank-first")


def test_solve_many_on_threads_answers_as_one_thread():
    boards = npuzzle.random((3, 4), n=12, seed=7)
    one = npuzzle.solve_many(boards, threads=1)
    two = npuzzle.solve_many(boards, threads=2)
    assert [s.moves for s in one] == [s.moves for s in two]
    for b, s in zip(boards, one):
        assert s.optimal and replay(b, s.moves) == goal_rows(3, 4)


def test_an_unsolvable_board_is_an_answer_not_an_error():
    s = npuzzle.solve("2 1 3/4 5 6/7 8 0")
    assert (s.solvable, s.status, s.moves, s.length) == (False, "unsolvable", None, None)
    assert not npuzzle.check("2 1 3/4 5 6/7 8 0")
    assert npuzzle.check("1 2 3/4 5 6/7 0 8")


def test_large_boards_get_a_valid_answer_with_a_bound():
    board = npuzzle.random((20, 20), seed=3)[0]
    s = npuzzle.solve(board)
    assert s.algorithm == "fast" and not s.optimal
    assert 0 < s.lower_bound <= s.length
    assert s.lower_bound == npuzzle.bounds(board).conflict
    assert replay(board, s.moves) == goal_rows(20, 20)


def test_improving_keeps_a_valid_answer():
    board = npuzzle.random((5, 8), seed=3)[0]
    s = npuzzle.solve(board, algo="fast", timeout=1, improve=True)
    assert s.algorithm == "fast" and s.lower_bound <= s.length
    assert replay(board, s.moves) == goal_rows(5, 8)
    with pytest.raises(ValueError, match="improve is True or False"):
        npuzzle.solve(board, algo="fast", improve="yes")
    with pytest.raises(ValueError, match="shortest already"):
        npuzzle.solve([[1, 2, 3], [4, 5, 6], [7, 0, 8]], algo="idastar", improve=True)


def test_an_option_the_algorithm_would_not_read_is_refused():
    with pytest.raises(ValueError, match="the bfs algorithm reads no heuristic"):
        npuzzle.solve([[1, 2, 3], [4, 5, 6], [7, 0, 8]], algo="bfs", heuristic="manhattan")
    with pytest.raises(ValueError, match="read by the pdb heuristic, not by manhattan"):
        npuzzle.solve([[1, 2, 3], [4, 5, 6], [7, 0, 8]], algo="astar",
                      heuristic="manhattan", tables="5-5-5")


def test_auto_hands_over_to_the_fast_solver_where_the_budget_ends(korf100):
    rows = korf100[87][2]  # #88 needs 65 moves
    s = npuzzle.solve(rows, goal="blank-first", heuristic="manhattan", max_nodes=1000)
    assert s.algorithm == "fast" and s.length >= s.lower_bound
    assert replay(rows, s.moves) == goal_rows(4, 4, blank_first=True)


def test_a_named_search_out_of_budget_raises_with_its_bound():
    with pytest.raises(npuzzle.LimitReached) as e:
        npuzzle.solve("15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0", algo="idastar",
                      heuristic="manhattan", max_nodes=10_000)
    assert e.value.solution.status == "node limit"
    assert e.value.solution.lower_bound > 0


def test_hint_and_tile_notation():
    h = npuzzle.hint("1 2 3/4 5 6/0 7 8")
    assert (h.distance, h.next, h.optimal) == (2, "r", True)
    assert npuzzle.hint("1 2 3/4 5 6/7 8 0").next is None
    s = npuzzle.solve("1 2 3/4 5 6/0 7 8")
    assert s.tile_moves == "ll"
    assert npuzzle.verify("1 2 3/4 5 6/0 7 8", "ll", notation="tile").reaches_goal


def test_verify_says_where_a_move_leaves_the_board():
    v = npuzzle.verify("1 2 3/4 5 6/7 8 0", "dd")
    assert (v.legal, v.applied, v.reaches_goal, bool(v)) == (False, 0, False, False)
    v = npuzzle.verify("1 2 3/4 5 6/0 7 8", "r")
    assert v.legal and not v.reaches_goal and v.final == [[1, 2, 3], [4, 5, 6], [7, 0, 8]]


def test_goals_in_every_form():
    custom = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    board = [[1, 0, 2], [3, 4, 5], [6, 7, 8]]
    for goal in ("blank-first", custom, "0 1 2/3 4 5/6 7 8", np.array(custom)):
        s = npuzzle.solve(board, goal=goal)
        assert s.moves == "l"


@pytest.mark.parametrize("board,args", [
    ("1 2 3/4 5 5/7 0 8", []),
    ("1 2 3 4 5 6 7 8", []),
    ("1 2 3/4 5/6 7 8 0", []),
    ("1 2 3 4 5 6 7 9 0", []),
    ("1 2 q 4 5 6 7 8 0", []),
])
def test_bad_boards_raise_the_message_the_cli_prints(board, args):
    with pytest.raises(ValueError) as e:
        npuzzle.solve(board)
    r = cli("solve", board, *args)
    assert r.returncode == 2
    assert str(e.value) in r.stderr


def test_bad_arguments_raise_value_errors():
    with pytest.raises(ValueError, match="board is 3x3 but the goal is 4x4|4x4"):
        npuzzle.solve("1 2 3/4 5 6/7 0 8", goal="0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15")
    with pytest.raises(ValueError):
        npuzzle.solve("1 2 3/4 5 6/7 0 8", algo="dijkstra")
    with pytest.raises(ValueError):
        npuzzle.solve({"tiles": [1, 2]})
    with pytest.raises(ValueError):
        npuzzle.solve([[1, 2, 3], 4])
    with pytest.raises(ValueError):
        npuzzle.verify("1 2 3/4 5 6/7 0 8", "rz")
    with pytest.raises(ValueError):
        npuzzle.random("3y3")
    with pytest.raises(ValueError):
        npuzzle.solve("1 2 3/4 5 6/7 0 8", timeout=-1)
    with pytest.raises(ValueError, match="solve_many takes boards of one size"):
        npuzzle.solve_many(["1 2 3/4 5 6/7 0 8", "1 0/2 3"])


def test_random_boards_are_the_clis_for_the_same_seed():
    ours = npuzzle.random("3x4", n=5, seed=42)
    r = cli("random", "--size", "3x4", "-n", "5", "--seed", "42", "--json")
    assert ours == [json.loads(line) for line in r.stdout.splitlines()]
    for b in ours:
        assert npuzzle.check(b)


def test_the_docstrings_teach():
    assert "blank notation" in npuzzle.__doc__
    assert "timeout" in npuzzle.solve.__doc__
    assert "uniformly" in npuzzle.generate.__doc__


def test_a_solver_keeps_its_tables_in_the_cache_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    solver = npuzzle.Solver(cache_dir="~/tables", threads=1)
    solver.build_tables("cube")
    assert [t.present for t in solver.table_sets() if t.name == "cube"] == [True]
    assert not any(t.damaged for t in solver.table_sets())
    assert any((tmp_path / "tables").iterdir())
    assert npuzzle.cube.distance("2 1\nR B W\nR W W\nE W W", solver=solver) == 3


def test_a_build_that_does_not_fit_is_refused_before_it_starts(tmp_path):
    # In a child interpreter, whose address space is limited to 256 MiB above what it maps.
    code = f"""
import resource, npuzzle
mapped = next(int(line.split()[1]) for line in open("/proc/self/status")
              if line.startswith("VmSize:")) * 1024
resource.setrlimit(resource.RLIMIT_AS, (mapped + (256 << 20), resource.RLIM_INFINITY))
solver = npuzzle.Solver(cache_dir={str(tmp_path)!r}, threads=1)
try:
    solver.build_tables("7-8")
except MemoryError as e:
    print(type(e).__name__, e)
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.stdout.startswith("ResourceError building the 7-8 tables needs"), r.stdout + r.stderr
    assert "(ulimit -v)" in r.stdout
    assert not any(tmp_path.iterdir())


def test_lists_reach_the_core_as_tiles_not_text():
    rows = [[8, 6, 7], [2, 5, 4], [3, 0, 1]]
    for board in (rows, tuple(map(tuple, rows)), [[8, 6, 7], [2, 5, 4], [3, "x", 1]],
                  [np.int64(t) for row in rows for t in row], np.array(rows, dtype=np.uint8)):
        assert npuzzle.solve(board).length == 31
    for bad, message in (([[8, 6, 7], [2, 5, 4], [3, 0, True]], "'True' is not a tile"),
                         ([[8, 6, 7], [2, 5, 4], [3, 0, 1.0]], "'1.0' is not a tile"),
                         ([8, 6, 7, 2, 5, 4, 3, 0, -1], "tile -1 is out of range"),
                         ([8, 6, 7, 2, 5, 4, 3, 0, 2**70], "out of range"),
                         ([[8, 6, 7], [2, 5], [3, 0, 1, 4]], "rows of unequal length"),
                         (None, "not NoneType")):
        with pytest.raises(ValueError, match=message):
            npuzzle.solve(bad)


def test_bad_numbers_raise_value_errors_before_the_core():
    board = [[8, 6, 7], [2, 5, 4], [3, 0, 1]]
    for call, message in (
            (lambda: npuzzle.solve(board, max_nodes=-1), "max_nodes is a whole number"),
            (lambda: npuzzle.solve(board, max_nodes=2**70), "max_nodes is a whole number"),
            (lambda: npuzzle.solve(board, timeout=float("nan")), "a timeout is a number"),
            (lambda: npuzzle.solve(board, timeout="1"), "a timeout is a number"),
            (lambda: npuzzle.solve([1, 2, 3, 4, 5, 0], size=(2.5, 3)), "pair of ints"),
            (lambda: npuzzle.solve_many([board], threads=-1), "threads is a whole number"),
            (lambda: npuzzle.random((3, 3), n=2**70), "n is a whole number"),
            (lambda: npuzzle.generate((3, 3), distance=2**40), "a distance is"),
            (lambda: npuzzle.Solver(threads=True), "threads is a whole number")):
        with pytest.raises(ValueError, match=message):
            call()
    assert npuzzle.solve(board, timeout=np.float64(10), max_nodes=np.int64(10**6)).length == 31
