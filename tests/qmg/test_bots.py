"""The heuristic bot: legal, deterministic per seed, and better than random."""

from __future__ import annotations

from gamelib.qmg.bots import HeuristicBot
from tests.qmg.bot_report import play
from tests.qmg.util import GER, USSR, do, scenario


def play_game(seed: int, axis: str, allies: str) -> tuple[int, int]:
    """One 2-player game on the fast path; returns the VP (as in the bot report)."""
    return play(2, seed, axis, allies)


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
