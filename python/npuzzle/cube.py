"""The Cubic Eight-Puzzle (POJ 3131): eight rolling cubes on a 3x3 board.

A dataset is the empty square's column and row (1 to 3) and nine letters, B, W or R for the
top colour wanted on each square and E for the empty one, as POJ 3131 writes it::

    >>> import npuzzle
    >>> npuzzle.cube.solve("1 2\\nW W W\\nE W W\\nW W W").length
    0
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple, Union

from . import _core, _solver, _limits, _raise_on_limit

Dataset = Union[str, Tuple[int, int, Union[str, Sequence[str]]]]


def _dataset(dataset: Dataset) -> Tuple[int, int, str]:
    if isinstance(dataset, str):
        words = dataset.split()
        if len(words) < 2 or not all(w.isdigit() for w in words[:2]):
            raise ValueError("a cube dataset starts with the empty square's column and row "
                             "(1 to 3), then nine letters")
        return int(words[0]), int(words[1]), "".join(words[2:])
    if isinstance(dataset, (tuple, list)) and len(dataset) == 3:
        x, y, pattern = dataset
        if not isinstance(pattern, str):
            pattern = "".join(pattern)
        return int(x), int(y), "".join(pattern.split())
    raise ValueError("a cube dataset is POJ 3131 text or an (x, y, pattern) triple, not "
                     f"{type(dataset).__name__}")


def solve(dataset: Dataset, algo: str = "auto", timeout: Optional[float] = None, *,
          solver=None) -> _core.Solution:
    """A shortest roll sequence making the pattern (``.moves``: where the empty square goes,
    u/d/l/r) and its length, the true distance. Raises ValueError for a bad dataset and
    LimitReached where the timeout ends the search first."""
    x, y, pattern = _dataset(dataset)
    s = (solver or _solver())._core.cube_solve(x, y, pattern, algo, _limits(timeout, None))
    return _raise_on_limit(s)


def distance(dataset: Dataset, cap: int = 30, *, solver=None) -> Optional[int]:
    """The least number of rolls making the pattern if it is at most `cap`, else None (POJ 3131
    prints -1 for None with cap 30). One lookup where the answer table was built
    (``Solver.build_tables("cube")``), an exact search otherwise."""
    x, y, pattern = _dataset(dataset)
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 0:
        raise ValueError(f"cap is a whole number of at least 0, not {cap!r}")
    return (solver or _solver())._core.cube_distance(x, y, pattern, cap)
