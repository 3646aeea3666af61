"""The heuristic bot: legal, deterministic per seed, and better than random."""

from __future__ import annotations

import gamelib
from gamelib.bots import make_bot
from gamelib.qmg.bots import HeuristicBot
from tests.qmg.util import GER, USSR, do, scenario


def play_game(seed: int, axis: str, allies: str) -> tuple[int, int]:
    """One 2-player game; returns the VP."""
    game = gamelib.load("qmg", players=2)
    bots = [make_bot(axis, game, seed), make_bot(allies, game, seed + 1)]
    st = game.new_state(seed=seed)
    st = st.clone()
    st.quiet = True
    while not st.is_terminal():
        seat = st.current_player
        st.apply_in_place(bots[seat].choose(st.view(seat), st.legal_actions()))
    return st.vp[0], st.vp[1]


def test_heuristic_battles_the_enemy_and_builds_on_supply():
    """It takes an enemy army off a supply space rather than battle an empty space."""
    st = scenario(
        GER,
        pieces={"germany": (GER,), "ukraine": (USSR,), "eastern_europe": (GER,), "moscow": (USSR,)},
        hand=["ger_land_battle"],
        reallocate=False,
    )
    st = do(st, "play ger_land_battle")
    bot = HeuristicBot(0)
    assert str(bot.choose(st.view(0), st.legal_actions())) == "battle ukraine soviet_union"


def test_heuristic_beats_random_both_sides():
    """Over 6 seeded games per side the heuristic team wins more often than random."""
    wins = 0
    for seed in range(6):
        axis, allies = play_game(seed, "heuristic", "random")
        wins += axis >= allies
        axis, allies = play_game(100 + seed, "random", "heuristic")
        wins += allies > axis
    assert wins >= 9
