"""Megalomania: random-playout speed of whole games, next to OpenSpiel's C++ ``oh_hell``.

Both subjects are driven from Python with uniformly random moves in the same run: gamelib's
Megalomania through the checked :func:`gamelib.play` (every step clones the state and checks
legality) and through the unchecked in-place ``_apply`` used by simulations; OpenSpiel's
``oh_hell`` (four players, eight tricks, the closest plain trick-taking game it ships) with its
chance nodes (the deal, the trump card) sampled by their probabilities.
"""

from __future__ import annotations

import random
import time
from typing import Any

__all__ = ["run"]

OH_HELL_PARAMS = {"players": 4, "num_tricks_fixed": 8}


def _megalomania_rate(seconds: float, checked: bool, options: dict[str, Any]) -> tuple[float, int]:
    import gamelib

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
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if checked:
                state = gamelib.play(state, action)
            else:
                state._apply(action)
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start), games


def _oh_hell_rate(seconds: float) -> tuple[float, int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", OH_HELL_PARAMS)
    rng = random.Random(0)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                action = rng.choices(actions, weights=[p for _, p in outcomes])[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start), games


def run(quick: bool = False) -> list[dict[str, Any]]:
    """Measure steps per second of random whole games; one row per gamelib path."""
    seconds = 1.0 if quick else 5.0
    reference = _oh_hell_rate(seconds)
    if reference is None:
        ref_name = None
        ref_note = "open-spiel is not installed (pip install 'gamelib[bench]'): no reference"
    else:
        ref_name = f"OpenSpiel oh_hell {OH_HELL_PARAMS} (C++, random moves driven from Python)"
        ref_note = f"reference {reference[0]:,.0f} steps/s over {reference[1]} games"
    rows: list[dict[str, Any]] = []
    subjects = [
        ("gamelib.play (checked, clones every step)", True),
        ("State._apply in place (unchecked)", False),
    ]
    for options in ({}, {"length": "short"}):
        for label, checked in subjects:
            try:
                rate, games = _megalomania_rate(seconds, checked, options)
            except Exception as err:  # an option the engine lacks: report, do not crash the run
                rows.append(_row(label, options, float("nan"), None, None, f"failed: {err}"))
                continue
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
