"""npuzzle: sliding-tile puzzles solved exactly and fast, from Python.

Boards are accepted in any form the command-line tool reads -- a string such as
``"1 2 3/4 5 6/7 8 0"``, ``"123456780"`` or ``"[[1,2,3],[4,5,6],[7,8,0]]"`` -- and also as a
list of rows, a flat list with ``size=(rows, cols)``, or a NumPy array; 0 (or ``"x"``) is the
blank. Goals are ``"blank-last"``, ``"blank-first"`` or a board in any of those forms.

Moves are written in blank notation: each letter (u, d, l, r) names where the blank goes.

>>> import npuzzle
>>> s = npuzzle.solve("1 2 3/4 5 6/7 0 8")
>>> s.moves, s.length, s.optimal
('r', 1, True)

The module-level functions share one Solver that keeps its tables in memory; make your own
``npuzzle.Solver(cache_dir=...)`` to keep pattern databases on disk between runs (the command
line tool's cache is ``~/.cache/npuzzle``).
"""

from __future__ import annotations

import numbers
import os
import secrets
import threading
from typing import Any, Iterable, Optional, Tuple, Union

from . import _core
from ._core import Bounds, Hint, Solution, Verdict

__all__ = [
    "Bounds", "Hint", "LimitReached", "Solution", "Solver", "Verdict", "algorithms",
    "bounds", "check", "cube", "generate", "heuristics", "hint", "random", "solve",
    "solve_many", "verify",
]

Board = Any  # str, list of rows, flat list (with size), or NumPy array
Size = Union[str, int, Tuple[int, int]]


class LimitReached(RuntimeError):
    """A search named by ``algo`` ran out of its budget (time or nodes) before it finished.

    ``solution`` holds what it proved: ``solution.lower_bound`` and the search statistics.
    (With ``algo="auto"`` the budget's end is not an error: the fast solver answers, not proven
    shortest, as the command-line tool does.)
    """

    def __init__(self, message: str, solution: Optional[Solution] = None):
        super().__init__(message)
        self.solution = solution


_LIMITS = ("node limit", "time limit", "memory limit", "depth limit")


def _size_text(size: Optional[Size]) -> Optional[str]:
    if size is None:
        return None
    if isinstance(size, str):
        return size
    if isinstance(size, int) and not isinstance(size, bool):
        return f"{size}x{size}"
    if isinstance(size, (tuple, list)) and len(size) == 2 and all(
            isinstance(side, int) and not isinstance(side, bool) for side in size):
        return f"{size[0]}x{size[1]}"
    raise ValueError(f"a size is 'RxC', an int or a (rows, cols) pair of ints, not {size!r}")


def _board_arg(board: Board) -> Any:
    """A board as the core reads it: text as it is, a NumPy array as nested lists, a tuple as a
    list; the core reads the tiles and says what is wrong with them."""
    if hasattr(board, "tolist") and hasattr(board, "ndim"):  # a NumPy array
        board = board.tolist()
    if isinstance(board, tuple):
        board = list(board)
    return board


def _limits(timeout: Optional[float], max_nodes: Optional[int],
            improve: bool = False) -> _core.Limits:
    if timeout is not None and (isinstance(timeout, bool)
                                or not isinstance(timeout, numbers.Real)):
        raise ValueError(f"a timeout is a number of seconds above 0, not {timeout!r}")
    if max_nodes is not None:
        _count(max_nodes, "max_nodes")
    if not isinstance(improve, bool):
        raise ValueError(f"improve is True or False, not {improve!r}")
    return _core.Limits(None if timeout is None else float(timeout), max_nodes, improve)


def _seed(seed: Optional[int]) -> int:
    if seed is None:
        return secrets.randbits(64)
    if not 0 <= seed < 2**64:
        raise ValueError(f"a seed is a whole number from 0 to 2^64 - 1, not {seed}")
    return int(seed)


def _raise_on_limit(s: Solution) -> Solution:
    if s.status in _LIMITS:
        raise LimitReached(
            f"{s.algorithm} stopped at its {s.status} after {s.stats['expanded']:,} nodes; "
            f"no solution is shorter than {s.lower_bound} moves: raise timeout or max_nodes, "
            "or use algo='auto'", s)
    return s


class Solver:
    """Owns the tables and caches; safe to use from several threads.

    cache_dir: where pattern databases are kept between runs (None: in memory only; "~" is
      expanded; the command-line tool keeps its tables in $NPUZZLE_CACHE, else
      $XDG_CACHE_HOME/npuzzle, else ~/.cache/npuzzle).
    threads: threads for table builds.
    """

    def __init__(self, cache_dir: Optional[Union[str, os.PathLike]] = None,
                 threads: Optional[int] = None):
        where = None if cache_dir is None else os.path.expanduser(os.fspath(cache_dir))
        self._core = _core.Solver(where, _threads(threads))

    def solve(self, board: Board, goal: Board = "blank-last", algo: str = "auto",
              heuristic: str = "auto", timeout: Optional[float] = None, *,
              size: Optional[Size] = None, tables: Optional[str] = None,
              max_nodes: Optional[int] = None, improve: bool = False) -> Solution:
        """A solution of `board`: shortest where proven (``.optimal``), with ``.lower_bound``.

        algo: "auto" (the distance table up to 10 cells; IDA* beyond, handing over to the fast
        solver where the budget ends; the fast solver alone past 256 cells) or one of
        ``algorithms()``. heuristic: "auto" or one of ``heuristics()``. timeout: seconds (None:
        no limit; Ctrl-C stops a solve). size: (rows, cols) for a flat list or a flat string of
        a board that is not square. tables: a pattern database set by name ("5-5-5", ...).
        improve: where the fast solver answers, go on with rounds of wider or other beams while
        the timeout leaves time for one, keeping the shortest answer (no timeout: every round).

        An unsolvable board gives a Solution with ``.solvable`` False and ``.moves`` None.
        Raises ValueError for a bad board, goal or method, and LimitReached where a search
        named by `algo` runs out of budget.
        """
        s = self._core.solve(_board_arg(board), _size_text(size), _board_arg(goal), algo,
                             heuristic, tables, _limits(timeout, max_nodes, improve))
        return _raise_on_limit(s)

    def solve_many(self, boards: Iterable[Board], goal: Board = "blank-last",
                   algo: str = "auto", heuristic: str = "auto",
                   timeout: Optional[float] = None, *, threads: Optional[int] = None,
                   size: Optional[Size] = None, tables: Optional[str] = None,
                   max_nodes: Optional[int] = None, improve: bool = False) -> list:
        """Solutions of boards of one size, in input order, on `threads` threads (default: all
        cores). The timeout holds for each board. Raises as solve() does."""
        out = self._core.solve_many([_board_arg(b) for b in boards], _size_text(size),
                                    _board_arg(goal), algo, heuristic, tables,
                                    _limits(timeout, max_nodes, improve), _threads(threads))
        for s in out:
            _raise_on_limit(s)
        return out

    def check(self, board: Board, goal: Board = "blank-last", *,
              size: Optional[Size] = None) -> bool:
        """Whether `board` can reach the goal (decided by parity, on any size)."""
        return self._core.check(_board_arg(board), _size_text(size), _board_arg(goal))

    def bounds(self, board: Board, goal: Board = "blank-last", *,
               size: Optional[Size] = None) -> Bounds:
        """Proven lower bounds, cheap on any size: ``.manhattan`` and ``.conflict``."""
        return self._core.bounds(_board_arg(board), _size_text(size), _board_arg(goal))

    def hint(self, board: Board, goal: Board = "blank-last", algo: str = "auto",
             heuristic: str = "auto", timeout: Optional[float] = None, *,
             size: Optional[Size] = None, tables: Optional[str] = None,
             max_nodes: Optional[int] = None) -> Hint:
        """The next move (``.next``) and the distance left (``.distance``; shortest where
        ``.optimal``). Raises as solve() does."""
        h = self._core.hint(_board_arg(board), _size_text(size), _board_arg(goal), algo,
                            heuristic, tables, _limits(timeout, max_nodes))
        if h.status in _LIMITS:
            raise LimitReached(f"the search stopped at its {h.status}; no solution is shorter "
                               f"than {h.lower_bound} moves")
        return h

    def verify(self, board: Board, moves: str, goal: Board = "blank-last", *,
               notation: str = "blank", size: Optional[Size] = None) -> Verdict:
        """Replays `moves` (notation "blank" or "tile") on `board`: ``.legal``,
        ``.reaches_goal``, ``.final``; true as a bool when legal and reaching the goal."""
        return self._core.verify(_board_arg(board), _size_text(size), _board_arg(goal), moves,
                                 notation)

    def random(self, size: Size, n: int = 1, seed: Optional[int] = None,
               goal: Board = "blank-last") -> list:
        """`n` boards drawn uniformly from those that can reach the goal, each a list of rows.
        The same seed gives the same boards on every platform."""
        return self._core.random(_size_text(size), _board_arg(goal), _count(n), _seed(seed))

    def generate(self, size: Size, distance: Optional[int] = None, moves: Optional[int] = None,
                 n: int = 1, seed: Optional[int] = None, goal: Board = "blank-last",
                 timeout: Optional[float] = None) -> list:
        """`n` boards of a chosen difficulty, each a list of rows; give one of:

        distance=D: boards whose shortest solution is exactly D moves, proven by the solver
          (boards of up to 16 cells). Up to 10 cells (3x3, 2x5, ...) they are drawn uniformly
          among all boards D moves away, read off the distance table. On 4x4 with D from 46 to
          60 they are drawn uniformly by rejection: uniform random boards are solved until one
          is D moves away (such boards are common there). Otherwise a walk goes out from the
          goal, each step to a neighbour drawn uniformly among those proven one move farther,
          starting again where there is none: every board returned is exactly D moves away,
          but they are not drawn uniformly.
        moves=K: boards K random moves of the blank from the goal, none undoing the one
          before; any size; at most K moves away, often fewer.

        timeout: seconds for all the boards together (None: no limit); LimitReached where it
        ends first. The same seed gives the same boards.
        """
        if (distance is None) == (moves is None):
            raise ValueError("give one of distance=D or moves=K")
        if moves is not None:
            boards = self._core.walk(_size_text(size), _board_arg(goal), _count(moves, "moves"),
                                     _count(n), _seed(seed), _limits(timeout, None))
            what = f"boards {moves} random moves from the goal"
        else:
            if (isinstance(distance, bool) or not isinstance(distance, numbers.Integral)
                    or not 0 <= distance < 2**31):
                raise ValueError(f"a distance is a whole number of moves, not {distance!r}")
            boards = self._core.generate(_size_text(size), _board_arg(goal), int(distance),
                                         _count(n), _seed(seed), _limits(timeout, None))
            what = f"boards {distance} moves away"
        if len(boards) < n:
            raise LimitReached(f"found {len(boards)} of {n} {what} before the timeout")
        return boards

    def build_tables(self, name: str) -> None:
        """Builds a table set by name ("7-8+L", "5-5-5", "cube", ...) and keeps it: a pattern
        database set's missing or damaged tables (an intact one is kept; remove a set to build
        it anew), the cube's answer table always. Raises MemoryError, before it starts, where
        the build needs more memory than the process can take."""
        self._core.build_tables(name)

    def table_sets(self) -> list:
        """The table sets, each with ``.name``, ``.serves``, ``.summary``, ``.present`` and
        ``.damaged`` (found damaged by a solve of this solver and not rebuilt)."""
        return self._core.table_sets()


def _threads(threads: Optional[int]) -> int:
    """None or 0: every core."""
    if threads is None or (threads == 0 and not isinstance(threads, bool)):
        return os.cpu_count() or 1
    if (isinstance(threads, bool) or not isinstance(threads, numbers.Integral)
            or not 1 <= threads <= 256):
        raise ValueError(f"threads is a whole number from 1 to 256 (0: every core), "
                         f"not {threads!r}")
    return int(threads)


def _count(n: int, what: str = "n") -> int:
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or not 0 <= n < 2**64:
        raise ValueError(f"{what} is a whole number from 0 to 2^64 - 1, not {n!r}")
    return int(n)


_default: Optional[Solver] = None
_default_lock = threading.Lock()


def _solver() -> Solver:
    global _default
    with _default_lock:
        if _default is None:
            _default = Solver()
        return _default


def solve(board: Board, goal: Board = "blank-last", algo: str = "auto",
          heuristic: str = "auto", timeout: Optional[float] = None, **kwargs) -> Solution:
    return _solver().solve(board, goal, algo, heuristic, timeout, **kwargs)


def solve_many(boards: Iterable[Board], goal: Board = "blank-last", algo: str = "auto",
               heuristic: str = "auto", timeout: Optional[float] = None, **kwargs) -> list:
    return _solver().solve_many(boards, goal, algo, heuristic, timeout, **kwargs)


def check(board: Board, goal: Board = "blank-last", **kwargs) -> bool:
    return _solver().check(board, goal, **kwargs)


def bounds(board: Board, goal: Board = "blank-last", **kwargs) -> Bounds:
    return _solver().bounds(board, goal, **kwargs)


def hint(board: Board, goal: Board = "blank-last", algo: str = "auto",
         heuristic: str = "auto", timeout: Optional[float] = None, **kwargs) -> Hint:
    return _solver().hint(board, goal, algo, heuristic, timeout, **kwargs)


def verify(board: Board, moves: str, goal: Board = "blank-last", **kwargs) -> Verdict:
    return _solver().verify(board, moves, goal, **kwargs)


def random(size: Size, n: int = 1, seed: Optional[int] = None,
           goal: Board = "blank-last") -> list:
    return _solver().random(size, n, seed, goal)


def generate(size: Size, distance: Optional[int] = None, moves: Optional[int] = None,
             n: int = 1, seed: Optional[int] = None, goal: Board = "blank-last",
             timeout: Optional[float] = None) -> list:
    return _solver().generate(size, distance, moves, n, seed, goal, timeout)


for _name in ("solve", "solve_many", "check", "bounds", "hint", "verify", "random", "generate"):
    globals()[_name].__doc__ = getattr(Solver, _name).__doc__


def algorithms() -> list:
    """The algorithm names ``solve(algo=...)`` takes, besides "auto"."""
    return _core.algorithms()


def heuristics() -> list:
    """The heuristic names ``solve(heuristic=...)`` takes, besides "auto"."""
    return _core.heuristics()


from . import cube  # noqa: E402  (uses the default solver above)
