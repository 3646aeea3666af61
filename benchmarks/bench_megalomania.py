"""Megalomania: random-playout speed of whole games, next to OpenSpiel's ``python_liars_poker``.

All subjects are driven from Python with uniformly random moves in the same run, each as a ratio
to OpenSpiel's pure-Python ``python_liars_poker`` (issue 12's reference; targets: checked ≥ 0.5×,
fast ≥ 1.0×): gamelib's Megalomania through the checked :func:`gamelib.play` (every step checks
legality and returns a new state) and through the fast path used by simulations and search
(``clone()`` once, then ``legal_actions()`` + ``apply_in_place()`` with ``quiet`` set, no log).
"""

from __future__ import annotations

import random
import time
from typing import Any

import gamelib
from benchmarks.bench_throughput import openspiel_playout

__all__ = ["run"]

REFERENCE = "python_liars_poker"


def _megalomania_rate(seconds: float, checked: bool, options: dict[str, Any]) -> tuple[float, int]:
    game = gamelib.load("megalomania", **options)
    rng = random.Random(0)
    steps = games = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds or games == 0:
        state = game.new_state(seed)
        seed += 1
        if not checked:
            state = state.clone()
            state.quiet = True
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if checked:
                state = gamelib.play(state, action)
            else:
                state.apply_in_place(action)
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start), games


def _reference_rate(seconds: float) -> tuple[float, int] | None:
    play_one = openspiel_playout(REFERENCE)
    if play_one is None:
        return None
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        steps += play_one(games)
        games += 1
    return steps / (time.perf_counter() - start), games


def run(quick: bool = False) -> list[dict[str, Any]]:
    """Measure steps per second of random whole games; one row per gamelib path."""
    seconds = 1.0 if quick else 5.0
    reference = _reference_rate(seconds)
    if reference is None:
        ref_name = None
        ref_note = "open-spiel is not installed (pip install 'gamelib[bench]'): no reference"
    else:
        ref_name = f"OpenSpiel {REFERENCE} (pure Python, random moves)"
        ref_note = f"reference {reference[0]:,.0f} steps/s over {reference[1]} games"
    rows: list[dict[str, Any]] = []
    subjects = [
        ("gamelib.play (checked, a new state every step)", True),
        ("clone() once + legal_actions() + apply_in_place(), quiet (fast path)", False),
    ]
    for options in ({}, {"length": "short"}):
        for label, checked in subjects:
            rate, games = _megalomania_rate(seconds, checked, options)
            ratio = None if reference is None else rate / reference[0]
            note = f"{games} whole games; {ref_note}"
            rows.append(_row(label, options, rate, ref_name, ratio, note))
    return rows


def _row(
    label: str,
    options: dict[str, Any],
    value: float,
    reference: str | None,
    ratio: float | None,
    notes: str,
) -> dict[str, Any]:
    opts = ", ".join(f"{k}={v!r}" for k, v in options.items()) or "default options"
    return {
        "benchmark": "megalomania random playout",
        "subject": f"megalomania ({opts}): {label}",
        "value": value,
        "unit": "steps/s",
        "reference": reference,
        "ratio": ratio,
        "notes": notes,
    }


if __name__ == "__main__":
    for r in run(quick=True):
        print(r)
