"""The heuristic bot beats the random bot (2,000 seeded two-player games, seats alternating)."""

from __future__ import annotations

import time

import pytest

import gamelib
from gamelib.bots import bot_names, make_bot


def heuristic_wins(games: int, **options: object) -> tuple[float, float, float]:
    """(sole wins, shared wins, ms per game) of the heuristic bot against the random bot."""
    game = gamelib.load("powers", **options)
    wins = shared = 0
    start = time.perf_counter()
    for i in range(games):
        me = i % 2
        bots = {me: make_bot("heuristic", game, i), 1 - me: make_bot("random", game, 10_000 + i)}
        state = game.new_state(i)
        while not state.is_terminal():
            p = state.current_player
            state = gamelib.play(state, bots[p].choose(state.view(p), state.legal_actions()))
        winners = state.outcome().winners
        if winners == (me,):
            wins += 1
        elif me in winners:
            shared += 1
    ms = (time.perf_counter() - start) * 1000 / games
    return wins / games, shared / games, ms


def test_heuristic_bot_is_registered():
    game = gamelib.load("powers")
    assert bot_names(game)[:2] == ["random", "heuristic"]  # then "ismcts" once it samples worlds


def test_heuristic_beats_random_in_2000_games():
    """At least 65% sole wins over 2,000 seeded base two-player games."""
    rate, shared, ms = heuristic_wins(2000)
    print(f"heuristic vs random (base, 2 players): {rate:.1%} wins, {shared:.1%} shared, "
          f"{ms:.1f} ms/game")
    assert rate >= 0.65


@pytest.mark.parametrize(
    "options",
    [{"rules": "magazine"}, {"rules": "refill"}, {"rules": "refill", "blitzkrieg": True},
     {"blitzkrieg": True}],
)
def test_heuristic_beats_random_in_later_rules(options):
    rate, _shared, ms = heuristic_wins(200, **options)
    print(f"heuristic vs random {options}: {rate:.1%} wins, {ms:.1f} ms/game")
    assert rate >= 0.6


def test_bot_only_uses_views_and_legal_actions():
    """The bot is deterministic for a seed and picks only legal actions (also with 4 players)."""
    game = gamelib.load("powers", players=4, rules="magazine")
    for seed in range(5):
        state = game.new_state(seed)
        bots = [make_bot("heuristic", game, seed + k) for k in range(4)]
        while not state.is_terminal():
            p = state.current_player
            legal = state.legal_actions()
            action = bots[p].choose(state.view(p), legal)
            assert action in legal
            state = gamelib.play(state, action)
