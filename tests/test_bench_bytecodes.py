"""The bytecode benchmark's counting (its bookkeeping only: no speed is measured here)."""

from __future__ import annotations

import sys

from benchmarks.bench_bytecodes import count


def _steps(played: list[int], per_step: int):
    def step() -> None:
        total = 0
        for i in range(per_step):
            total += i

    def play_one(i: int) -> int:
        played.append(i)
        for _ in range(3):
            step()
        return 3

    return play_one


def test_only_the_measured_games_are_counted_and_a_step_twice_as_long_counts_more():
    played: list[int] = []
    short = count(_steps(played, 10), warm_steps=5, steps=7)
    assert played == [0, 1, 2, 3, 4]  # two warm-up games (6 steps), then three (9 steps)
    assert short["warm_games"] == 2 and short["games"] == 3 and short["steps"] == 9
    assert short == count(_steps([], 10), warm_steps=5, steps=7)  # exact, so repeatable
    longer = count(_steps([], 20), warm_steps=5, steps=7)
    assert longer["bytecodes"] > short["bytecodes"] > 0


def test_the_caller_s_trace_function_is_put_back():
    def mine(frame, event, arg):
        return None

    previous = sys.gettrace()
    sys.settrace(mine)
    try:
        count(_steps([], 1), warm_steps=0, steps=1)
        assert sys.gettrace() is mine
    finally:
        sys.settrace(previous)
