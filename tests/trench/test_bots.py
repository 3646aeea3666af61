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


def _pick(st):
    from gamelib.trench.bots import HeuristicBot

    return str(HeuristicBot(0).choose(st.view(st.current_player), st.legal_actions()))


def _exposed_scene(wall: bool):
    """Player 1's S1 on e3 (open ground), a hole on d3 beside him; Player 2's S1 on e6 facing
    him down column e (a wall on e5 between them when ``wall``)."""
    from tests.trench.helpers import park, plots, put, ready

    st = ready()
    park(st, {(0, 1), (1, 1)})
    put(st, 0, 1, (5, 3), "N")
    put(st, 1, 1, (5, 6), "S")
    st._set_h((4, 3), 0)
    if wall:
        st._set_h((5, 5), 2)
    return st, plots


def test_heuristic_takes_cover_in_a_trench_when_exposed():
    """Issue 10 "keeps soldiers in trenches": a soldier standing in an enemy's line of fire
    (R7.4.2; the enemy's weapon unseen, so feared as a gun) steps into the hole beside him with
    a Move card, or digs in (R7.5.1) with a Dig card; with a wall covering him he moves forward
    instead."""
    st, plots = _exposed_scene(wall=False)
    assert _pick(plots(st, "move", "turn")) == "S1 move W"
    st, plots = _exposed_scene(wall=False)
    assert _pick(plots(st, "dig", "turn")) == "S1 dig"
    st, plots = _exposed_scene(wall=True)
    assert _pick(plots(st, "move", "turn")) == "S1 move N"


def test_heuristic_in_a_trench_digs_forward_rather_than_climb_into_fire():
    """In a trench (R7.1.4) it goes forward by digging (still under cover) rather than by
    climbing out."""
    st, plots = _exposed_scene(wall=False)
    st.soldiers[0].cell = (5, 2)
    st._set_h((5, 2), 0)
    assert _pick(plots(st, "move", "turn")) == "S1 dig forward N"


def _gas_scene(wind):
    """Player 1's S2 (gas) on b2 facing north, S1 (gun) still on his ship; enemies on d3 and
    e3; the wind ``wind``."""
    from tests.trench.helpers import park, plots, put, ready

    st = ready()
    park(st, {(0, 1), (0, 2), (1, 1), (1, 3)})
    put(st, 0, 2, (2, 2), "N")
    put(st, 1, 1, (4, 3), "S")
    put(st, 1, 3, (5, 3), "S")
    st.wind = wind
    return plots(st, "fire", "turn")


def test_heuristic_fires_gas_when_the_wind_carries_it_onto_enemies():
    """Issue 10 "uses gas with the wind" (R7.4.3, R8.3): with an east wind a shell on b3 drifts
    along row 3 through both enemies, so it fires the gas at distance 1 (not at 0, which would
    gas itself). With a south wind the cloud would come back onto its own soldier, and under
    calm it would stay on an empty cell: then it keeps the gas."""
    assert _pick(_gas_scene("E")) == "S2 fire gas at 1"
    assert not _pick(_gas_scene("S")).startswith("S2 fire gas")
    assert not _pick(_gas_scene(None)).startswith("S2 fire gas")
