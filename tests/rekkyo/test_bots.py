"""The heuristic bot: legal, deterministic, and clearly better than random."""

from __future__ import annotations

import time

import gamelib
from gamelib.bots import RandomBot, make_bot
from gamelib.rekkyo.bots import BOTS, HeuristicBot

GAMES = 2000
"""At most this many games; the test stops earlier once ``TIME_BUDGET`` seconds have passed."""
TIME_BUDGET = 60.0
MIN_GAMES = 80
"""Always played, however slow the machine (the time budget only cuts games beyond these)."""


def _play(game, seed: int, heuristic_seat: int) -> tuple[int, ...]:  # type: ignore[no-untyped-def]
    """One game: the heuristic bot at one seat, random bots elsewhere; return the winners."""
    players = game.players
    bots = [
        HeuristicBot(seed) if i == heuristic_seat else RandomBot(seed * 10 + i)
        for i in range(players)
    ]
    state = game.new_state(seed)
    while not state.is_terminal():
        p = state.current_player
        legal = state.legal_actions()
        # random bots never look at the view: only the heuristic seat pays for one
        view = state.view(p) if p == heuristic_seat else None
        action = bots[p].choose(view, legal)  # type: ignore[arg-type]
        assert action in legal
        state = state.clone()
        state._apply(action)
    outcome = state.outcome()
    assert outcome is not None
    return outcome.winners


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
    """Two-player games, seats alternating; prints the win share (ties split)."""
    game = gamelib.load("rekkyo", players=2)
    start = time.perf_counter()
    share = 0.0
    played = 0
    for seed in range(GAMES):
        if played >= MIN_GAMES and time.perf_counter() - start > TIME_BUDGET:
            break
        seat = seed % 2
        winners = _play(game, seed, seat)
        if seat in winners:
            share += 1 / len(winners)
        played += 1
    rate = share / played
    print(
        f"heuristic vs random (2 players): won {rate:.1%} of {played} games "
        f"in {time.perf_counter() - start:.0f}s"
    )
    assert rate > 0.75
