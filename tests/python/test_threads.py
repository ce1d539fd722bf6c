"""Long calls release the GIL and stop on Ctrl-C."""

import os
import signal
import threading
import time

import pytest

import npuzzle

HARD = "15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0"  # 80 moves: no exact search ends quickly


def test_a_solve_releases_the_gil():
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    try:
        with pytest.raises(npuzzle.LimitReached):
            npuzzle.solve(HARD, algo="idastar", heuristic="manhattan", timeout=0.5)
    finally:
        done.set()
        t.join()
    assert ticks > 50  # about 500 when the GIL is free; 1 or 2 when held


def test_ctrl_c_stops_a_solve_cleanly():
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    began = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            npuzzle.solve(HARD, algo="idastar", heuristic="manhattan", timeout=60)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - began < 30
    # The solver is still usable afterwards.
    assert npuzzle.solve("1 2 3/4 5 6/7 0 8").moves == "r"


def test_ctrl_c_stops_a_table_build():
    solver = npuzzle.Solver(threads=1)  # in memory: nothing is left behind
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    began = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            solver.build_tables("7-8")  # minutes when not stopped
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - began < 30
    assert [t.present for t in solver.table_sets() if t.name == "7-8"] == [False]
    # Its token is cleared for the next call: a solve that builds the light set still runs.
    assert solver.solve("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15").moves == "r"
