"""Python bytecodes per step of the throughput playouts: where a game's wall time goes.

The *instructions* section counts machine instructions, but a game's seconds do not follow
them: on 2026-12-03 trench's fast path ran 46.8k instructions a step against the reference's
75.3k, and yet barely outran it (1.03×), while Powers ran 45.1k and 1.48×. What they follow
more closely is the number of bytecodes the interpreter runs: across the five games, a fast
step's seconds were the same multiple of its bytecodes within about ±11% (946 for trench, 705
for Powers). The count is exact and does not move with the machine's load, so a change can be
judged by it before a throughput run confirms it.

The same seeded games as *instructions* (:func:`benchmarks.bench_instructions.play`'s warm-up and
measured games), counted with ``sys.settrace`` opcode events. The reference's bytecodes each do
more in C (OpenSpiel's game objects), so its count is shown for scale only: no target here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

from benchmarks import Row, row, shipped_games
from benchmarks.bench_instructions import QUICK, STEPS, WARM_STEPS, play_games
from benchmarks.bench_throughput import PATHS, REFERENCE

__all__ = ["count", "run"]

NAME = "bytecodes"
UNIT = "bytecodes/step"


def count(play_one: Callable[[int], int], warm_steps: int, steps: int) -> dict[str, int]:
    """Play warm-up games until ``warm_steps`` steps, then count the bytecodes of the games
    until ``steps`` more steps (whole games, at least one each): the warm-up games, then the
    measured games, their steps and bytecodes."""
    warm_games, _warm = play_games(play_one, 0, warm_steps)
    ops = 0

    def trace(frame: FrameType, event: str, _arg: Any) -> Any:
        nonlocal ops
        if event == "opcode":
            ops += 1
        elif event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        return trace

    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        games, measured = play_games(play_one, warm_games, steps)
    finally:
        sys.settrace(previous)
    return {"warm_games": warm_games, "games": games, "steps": measured, "bytecodes": ops}


def run(quick: bool = False) -> list[Row]:
    """Bytecodes per step of the reference and of every shipped game on both paths."""
    from benchmarks.bench_throughput import gamelib_playout, openspiel_playout

    warm, steps = QUICK if quick else (WARM_STEPS, STEPS)
    rows: list[Row] = []
    label: str | None = None
    reference = openspiel_playout(REFERENCE)
    if reference is None:
        rows.append(row(NAME, f"open_spiel {REFERENCE}", float("nan"), UNIT,
                        notes="open_spiel not installed (pip install -e '.[bench]')"))
    else:
        counted = count(reference, warm, steps)
        value = counted["bytecodes"] / counted["steps"]
        label = f"open_spiel {REFERENCE}: {value:,.0f} {UNIT}"
        rows.append(row(NAME, f"open_spiel {REFERENCE}", value, UNIT,
                        notes=f"for scale: each of its bytecodes does more in C; {_note(counted)}"))
    for game_id in shipped_games():
        for path in PATHS:
            counted = count(gamelib_playout(game_id, path), warm, steps)
            value = counted["bytecodes"] / counted["steps"]
            result = row(NAME, f"{game_id} ({path})", value, UNIT, label, None, _note(counted))
            result["ratio"] = None  # (no target: see the module's docstring)
            rows.append(result)
    return rows


def _note(counted: dict[str, int]) -> str:
    first = counted["warm_games"]
    last = first + counted["games"] - 1
    return f"games {first}–{last} ({counted['steps']} steps; {first} warm-up)"
