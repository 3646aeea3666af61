"""Random-playout throughput of every gamelib game, checked and fast path, as ratios to OpenSpiel's
pure-Python ``python_liars_poker`` measured in the same run.

Two paths per game (issue 12), with default options and uniformly random actions: **checked**,
``legal_actions()`` then ``gamelib.play(state, action)`` (validates the action and clones the
state, so no state is ever mutated; target ≥ 0.5× the reference), and **fast**, the simulator's
path: a ``quiet`` new state (no log from the set-up on) played in place with ``apply_in_place``
(target ≥ 1.0×).
Games are found with ``available_games()``, so a new game gets its rows without a change here.
The reference is driven the same way (random actions, sampled chance outcomes; PyPI
``open-spiel``, the ``bench`` extra).

The reference and the subject take turns in short slices (:data:`SLICE` seconds of whole games
each, the order swapped every round), and each side's steps/s is pooled over its slices: a
machine whose speed drifts within seconds (shared cores, neighbours, frequency scaling) moves
both sides of a ratio alike, which one reference measurement before and after a subject's run
did not (on a shared 2-core VM the reference alone ran 45,000–93,000 steps/s from one 2.5 s
window to the next).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import gamelib
from benchmarks import Row, row, shipped_games

NAME = "throughput"
REFERENCE = "python_liars_poker"
SEED = 2024
PATHS = ("checked", "fast")
TARGETS = {"checked": 0.5, "fast": 1.0}
#: Seconds of one side's turn in :func:`interleaved` (whole games, so a slice can run over).
SLICE = 0.25


def _measure(
    play_one: Callable[[int], int], budget: float, max_games: int, first: int = 0
) -> tuple[float, int, int]:
    """Play whole games ``first``, ``first + 1``, … until ``budget`` seconds or ``max_games``
    games: (seconds, games, steps)."""
    start = time.perf_counter()
    games = steps = 0
    while games < max_games:
        steps += play_one(first + games)
        games += 1
        if time.perf_counter() - start >= budget:
            break
    return time.perf_counter() - start, games, steps


def interleaved(
    subject: Callable[[int], int], reference: Callable[[int], int] | None, budget: float,
    max_games: int, slice_seconds: float = SLICE,
) -> tuple[tuple[float, int, int], tuple[float, int, int] | None]:
    """Measure ``subject`` for about ``budget`` seconds in slices of ``slice_seconds``, each
    round next to a slice of ``reference`` (the one first in even rounds, the other in odd
    ones). Returns (seconds, games, steps) of the subject and of the reference (``None``
    without one), each summed over its slices; the subject stops at ``max_games`` games."""
    rounds = max(2, round(budget / slice_seconds) if slice_seconds > 0 else 2)
    seconds = {"subject": 0.0, "reference": 0.0}
    games = {"subject": 0, "reference": 0}
    steps = {"subject": 0, "reference": 0}
    plays = {"subject": subject, "reference": reference}
    for n in range(rounds):
        if games["subject"] >= max_games:
            break
        for side in ("subject", "reference") if n % 2 else ("reference", "subject"):
            play_one = plays[side]
            if play_one is None:
                continue
            left = max_games - games["subject"] if side == "subject" else max_games
            took, played, made = _measure(play_one, slice_seconds, left, games[side])
            seconds[side] += took
            games[side] += played
            steps[side] += made
    mine = (seconds["subject"], games["subject"], steps["subject"])
    ref = (seconds["reference"], games["reference"], steps["reference"])
    return mine, None if reference is None else ref


def gamelib_playout(game_id: str, path: str = "checked") -> Callable[[int], int]:
    """A function playing game ``i`` of ``game_id`` at random on ``path``; it returns the steps."""
    game = gamelib.load(game_id)
    rng = random.Random(SEED)

    def checked(i: int) -> int:
        state = game.new_state(SEED + i)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state = gamelib.play(state, legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    def fast(i: int) -> int:
        state = game.new_state(SEED + i, quiet=True)  # as the simulator starts its games
        steps = 0
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply_in_place(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return {"checked": checked, "fast": fast}[path]


def openspiel_playout(name: str) -> Callable[[int], int] | None:
    """The same for an OpenSpiel game, or ``None`` when open_spiel is not installed."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(SEED)

    def play_one(_i: int) -> int:
        state: Any = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probs)[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        return steps

    return play_one


def run(quick: bool = False) -> list[Row]:
    """Steps/s of every available game on both paths, each next to the reference's steps/s
    measured in the same rounds (:func:`interleaved`)."""
    budget = 1.5 if quick else 5.0
    max_games = 200 if quick else 5000
    rows: list[Row] = []
    play_ref = openspiel_playout(REFERENCE)
    if play_ref is not None:
        seconds, _games, steps = _measure(play_ref, budget / 2, max_games)
        rows.append(row(NAME, f"open_spiel {REFERENCE}", steps / seconds, "steps/s",
                        notes="the reference alone, first measurement; each row has its own"))
    missing = "open_spiel not installed (pip install -e '.[bench]'): no reference"
    for game_id in shipped_games():
        for path in PATHS:
            subject = f"{game_id} ({path})"
            try:
                play_one = gamelib_playout(game_id, path)
                (seconds, games, steps), ref = interleaved(play_one, play_ref, budget, max_games)
            except Exception as err:  # a game under construction must not stop the other rows
                rows.append(row(NAME, subject, float("nan"), "steps/s", notes=f"failed: {err!r}"))
                continue
            around = None if ref is None else ref[2] / ref[0]
            note = (f"{games} games, {steps / games:.1f} steps/game, in slices of {SLICE} s "
                    f"taking turns with the reference; target ≥ {TARGETS[path]}×")
            if around is None:
                note = f"{note}; {missing}"
            label = f"open_spiel {REFERENCE}: {around:,.0f} steps/s" if around else None
            rows.append(row(NAME, subject, steps / seconds, "steps/s", label, around, note))
    return rows
