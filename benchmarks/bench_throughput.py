"""Random-playout throughput of every gamelib game, next to OpenSpiel games in the same run.

gamelib games are played through the checked public path (``legal_actions`` and ``gamelib.play``,
which clones the state), with default options and uniformly random actions. The references are
OpenSpiel's Python-implemented ``python_liars_poker`` and its C++ ``oh_hell`` driven from Python,
random actions and sampled chance nodes (PyPI ``open-spiel``, the ``bench`` extra).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import gamelib
from benchmarks import Row, row, shipped_games

NAME = "throughput"
REFERENCES = ("python_liars_poker", "oh_hell")
SEED = 2024


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


def gamelib_playout(game_id: str) -> Callable[[int], int]:
    """A function playing game ``i`` of ``game_id`` at random; it returns the number of steps."""
    game = gamelib.load(game_id)
    rng = random.Random(SEED)

    def play_one(i: int) -> int:
        state = game.new_state(SEED + i)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state = gamelib.play(state, legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return play_one


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
    """Measure steps/s and games/s of every available game and of the OpenSpiel references."""
    budget = 2.0 if quick else 10.0
    max_games = 200 if quick else 5000
    rows: list[Row] = []
    refs: dict[str, tuple[float, float]] = {}
    for name in REFERENCES:
        play_one = openspiel_playout(name)
        if play_one is None:
            continue
        seconds, games, steps = _measure(play_one, budget, max_games)
        refs[name] = (steps / seconds, games / seconds)
        note = f"OpenSpiel reference, {games} games, {steps / games:.1f} steps/game"
        rows.append(row(NAME, f"open_spiel {name}", steps / seconds, "steps/s", notes=note))
        rows.append(row(NAME, f"open_spiel {name}", games / seconds, "games/s", notes=note))
    missing = "" if refs else "open_spiel not installed (pip install -e '.[bench]'): no reference"
    for game_id in shipped_games():
        try:
            play_one = gamelib_playout(game_id)
            seconds, games, steps = _measure(play_one, budget, max_games)
        except Exception as err:  # a game under construction must not stop the other rows
            rows.append(row(NAME, game_id, float("nan"), "steps/s", notes=f"failed: {err!r}"))
            continue
        note = f"{games} games, {steps / games:.1f} steps/game, default options"
        for unit, value, index in (
            ("steps/s", steps / seconds, 0),
            ("games/s", games / seconds, 1),
        ):
            if not refs:
                rows.append(row(NAME, game_id, value, unit, notes=f"{note}; {missing}"))
            for name, ref in refs.items():
                label = f"open_spiel {name}: {ref[index]:,.0f} {unit}"
                rows.append(row(NAME, game_id, value, unit, label, ref[index], note))
    return rows
