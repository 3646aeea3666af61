"""The heuristic bot: plays from views only and beats the random bot over fixed seeded games."""

from __future__ import annotations

import gamelib
from gamelib.bots import make_bot
from gamelib.core import play
from gamelib.sim import simulate


def test_heuristic_plays_legal_moves_from_views():
    """It picks one of the legal actions given only the seat's view."""
    game = gamelib.load("trench", players=3)
    st = game.new_state(5)
    bots = [make_bot("heuristic", game, seed=i) for i in range(3)]
    while not st.is_terminal():
        p = st.current_player
        legal = st.legal_actions()
        a = bots[p].choose(st.view(p), legal)
        assert a in legal
        st = play(st, a)


def test_heuristic_beats_random():
    """Over 60 seeded 2-player games (seats rotated) it wins clearly more than half."""
    summary = simulate("trench", players=2, games=60, seed=3, bots=("heuristic", "random"),
                       processes=1)
    assert summary.win_rate_by_bot()["heuristic"] >= 0.65


def test_heuristic_saves_something_useful_from_a_corpse():
    """R10.2: asked for the relief, it saves a drug rather than an empty machine gun."""
    from gamelib.trench.bots import HeuristicBot
    from tests.trench.helpers import plots, put, ready

    st = ready()
    put(st, 0, 1, (4, 2), "N")
    put(st, 1, 1, (4, 5), "S")
    st.soldiers[3].tiles = [(3, "gun", 0)]
    st = plots(st, "fire", "turn")
    st = play(st, "S1 fire gun")
    assert st.current_player == 1
    pick = HeuristicBot(0).choose(st.view(1), st.legal_actions())
    assert pick.verb == "relief" and pick.arg == "drug"
