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


def _measure(
    play_one: Callable[[int], int], budget: float, max_games: int
) -> tuple[float, int, int]:
    """Play whole games until ``budget`` seconds or ``max_games``: (seconds, games, steps)."""
    start = time.perf_counter()
    games = steps = 0
    while games < max_games:
        steps += play_one(games)
        games += 1
        if time.perf_counter() - start >= budget:
            break
    return time.perf_counter() - start, games, steps


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
    measured just before and just after it (their mean): a machine whose speed drifts during
    the run (shared cores, frequency scaling) moves both sides of a ratio alike."""
    budget = 1.5 if quick else 5.0
    max_games = 200 if quick else 5000
    rows: list[Row] = []
    play_ref = openspiel_playout(REFERENCE)

    def reference() -> float | None:
        if play_ref is None:
            return None
        seconds, _games, steps = _measure(play_ref, budget / 2, max_games)
        return steps / seconds

    ref = reference()
    if play_ref is not None and ref is not None:
        rows.append(row(NAME, f"open_spiel {REFERENCE}", ref, "steps/s",
                        notes="the reference, first measurement; each row has its own"))
    missing = "open_spiel not installed (pip install -e '.[bench]'): no reference"
    for game_id in shipped_games():
        for path in PATHS:
            subject = f"{game_id} ({path})"
            try:
                seconds, games, steps = _measure(gamelib_playout(game_id, path), budget, max_games)
            except Exception as err:  # a game under construction must not stop the other rows
                rows.append(row(NAME, subject, float("nan"), "steps/s", notes=f"failed: {err!r}"))
                continue
            after = reference()
            around = None if ref is None or after is None else (ref + after) / 2
            note = f"{games} games, {steps / games:.1f} steps/game; target ≥ {TARGETS[path]}×"
            if around is None:
                note = f"{note}; {missing}"
            label = f"open_spiel {REFERENCE}: {around:,.0f} steps/s" if around else None
            rows.append(row(NAME, subject, steps / seconds, "steps/s", label, around, note))
            ref = after
    return rows
