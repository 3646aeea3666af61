"""Megalomania: random-playout speed of whole games, next to OpenSpiel's ``python_liars_poker``.

All subjects are driven from Python with uniformly random moves in the same run, each as a ratio
to OpenSpiel's pure-Python ``python_liars_poker`` (issue 12's reference; targets: checked ≥ 0.5×,
fast ≥ 1.0×): gamelib's Megalomania through the checked :func:`gamelib.play` (every step checks
legality and returns a new state) and through the fast path used by simulations and search
(``clone()`` once, then ``legal_actions()`` + ``apply_in_place()`` with ``quiet`` set, no log).

Also the notebook's odds panel: the time of :func:`gamelib.megalomania.odds.panel_odds` (trick and
mission odds, default panel budget, an empty cache so every position is computed) at each
position of a seeded short game seen from seat 0, as median and 95th percentile (the click
target: ≤ 30 ms median, ≤ 60 ms p95 for the whole click, figures included).
"""

from __future__ import annotations

import random
import time
from typing import Any

import gamelib
from benchmarks import percentile
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


def panel_odds_times(positions: int = 150, seed: int = 7) -> list[float]:
    """Seconds of ``panel_odds`` at each of the first ``positions`` positions of short game
    ``seed`` (random moves, seeded), seen from seat 0, with the cache emptied first."""
    from gamelib.megalomania import odds

    game = gamelib.load("megalomania", length="short")
    state = game.new_state(seed)
    rng = random.Random(0)
    times: list[float] = []
    while not state.is_terminal() and len(times) < positions:
        view = state.view(0)
        odds._PANEL_CACHE.clear()
        start = time.perf_counter()
        odds.panel_odds(view)
        times.append(time.perf_counter() - start)
        legal = state.legal_actions()
        state = gamelib.play(state, legal[rng.randrange(len(legal))])
    return times


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
    times = panel_odds_times(60 if quick else 150)
    for name, q in (("median", 50), ("p95", 95)):
        rows.append({
            "benchmark": "megalomania odds panel",
            "subject": f"panel_odds per position, {name} (short game 7, seat 0, cache empty)",
            "value": percentile(times, q) * 1000,
            "unit": "ms",
            "reference": None,
            "ratio": None,
            "notes": f"{len(times)} positions; target for the whole click: median ≤ 30 ms, "
                     "p95 ≤ 60 ms",
        })
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
