"""The heuristic bot: legal, deterministic, and clearly better than random."""

from __future__ import annotations

import gamelib
from gamelib.bots import make_bot
from gamelib.rekkyo.bots import BOTS, HeuristicBot
from gamelib.sim import simulate

GAMES = 2000
"""Games of the heuristic-against-random match."""


def test_registered_with_the_game() -> None:
    game = gamelib.load("rekkyo", players=3)
    assert {"heuristic": HeuristicBot} == BOTS
    assert isinstance(make_bot("heuristic", game, seed=1), HeuristicBot)


def test_deterministic_and_legal_through_play() -> None:
    game = gamelib.load("rekkyo", players=3)
    runs = []
    for _ in range(2):
        bots = [HeuristicBot(4), HeuristicBot(5), HeuristicBot(6)]
        state = game.new_state(21)
        while not state.is_terminal() and len(state.history) < 300:
            p = state.current_player
            state = gamelib.play(state, bots[p].choose(state.view(p), state.legal_actions()))
        runs.append(state.history)
    assert runs[0] == runs[1]


def test_heuristic_beats_random() -> None:
    """2,000 seeded two-player games, seats alternating, on every core; prints the win share."""
    summary = simulate(
        "rekkyo", players=2, games=GAMES, seed=0, bots=("heuristic", "random")
    )
    rate = summary.win_rate_by_bot()["heuristic"]
    print(f"heuristic vs random (2 players): won {rate:.1%} of {summary.games} games (ties split)")
    assert summary.games == GAMES
    assert rate > 0.75
