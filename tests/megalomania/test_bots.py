"""The Megalomania heuristic bot: legal in every phase, wired into the game, plays for the
mission, and beats random bots clearly over 2,000 seeded games."""

from __future__ import annotations

import os
import random

import pytest

import gamelib
from gamelib.bots import make_bot
from gamelib.megalomania.bots import (
    BOTS,
    HeuristicBot,
    SeatTally,
    heuristic_vs_random,
    play_fast,
    trick_desire,
)
from gamelib.megalomania.cards import parse_cards
from gamelib.megalomania.missions import mission
from gamelib.megalomania.state import MegalomaniaState

SHORT = gamelib.load("megalomania", length="short")
GAMES = 2000


def _tally(number: int, won: int = 0, captured: str = "", trick: int = 1) -> SeatTally:
    return SeatTally(0, 4, mission(number), 8, trick, (won, 0, 0, 0),
                     tuple(parse_cards(captured)))


def test_registered_and_made_by_name() -> None:
    assert BOTS["heuristic"] is HeuristicBot
    assert "heuristic" in SHORT.bots()
    assert isinstance(make_bot("heuristic", SHORT, 3), HeuristicBot)


def test_every_choice_is_legal_through_checked_play() -> None:
    """Whole games with heuristic bots in every seat, each move checked by gamelib.play."""
    missions: set[int] = set()
    for seed in range(6):
        st = SHORT.new_state(seed)
        bots = [HeuristicBot(seed * 10 + s) for s in range(4)]
        while not st.is_terminal():
            seat = st.current_player
            missions.add(st.mission_no or 0)
            st = gamelib.play(st, bots[seat].choose(st.view(seat), st.legal_actions()))
    assert len(missions) >= 20


def test_same_seed_same_game() -> None:
    def run() -> tuple[float, ...]:
        bots = [HeuristicBot(s) for s in range(4)]
        return play_fast(SHORT, 11, bots).scores

    assert run() == run()


def test_desire_follows_the_mission() -> None:
    assert trick_desire(_tally(3), parse_cards("B1 B2")) > 0  # +1 per blue card
    assert trick_desire(_tally(9), parse_cards("R1")) < 0  # -1 per red card
    assert trick_desire(_tally(1, won=2), ()) > 0  # exactly 3: one more
    assert trick_desire(_tally(1, won=3), ()) < 0  # exactly 3: no more
    assert trick_desire(_tally(24), ()) < 0  # no trick at all
    assert trick_desire(_tally(18), ()) > 0  # +1 per trick
    assert trick_desire(_tally(6), parse_cards("R6")) < 0  # avoid Dwarf and Wizard


def test_takes_a_wanted_trick_cheaply_and_ducks_an_unwanted_one() -> None:
    # Seat 3 plays last to B1 B2 B4; holds B15 and B6 (dominant blue).
    def choice(number: int) -> str:
        from gamelib.megalomania.powers import Play

        trick = [Play(s, c) for s, c in enumerate(parse_cards("B1 B2 B4"))]
        st = MegalomaniaState.position(
            SHORT,
            hands=[parse_cards("Y1"), parse_cards("Y2"), parse_cards("Y4"), parse_cards("B15 B6")],
            mission_no=number, trick=trick,
        )
        return str(HeuristicBot(0).choose(st.view(3), st.legal_actions()))

    assert choice(18) == "play blue 6 (Dwarf)"  # wants tricks: the cheapest winner
    assert choice(25) == "play blue 15 (Emperor)"  # both win: get rid of the highest


@pytest.mark.slow
def test_heuristic_beats_random_over_2000_games() -> None:
    processes = min(2, os.cpu_count() or 1)
    result = heuristic_vs_random(GAMES, seed=0, options={"length": "short"}, processes=processes)
    print("\n" + result.describe())
    assert result.games == GAMES
    # Clearly better: far above the fair share, by many standard errors.
    assert result.share > result.fair_share + 0.15
    assert result.share - 5 * result.stderr > result.fair_share
    assert result.mean_score > result.mean_other_score


def test_random_bot_has_the_fair_share_baseline() -> None:
    # A sanity check of the measurement: a random seat wins about 1/4 of random games.
    rng = random.Random(0)
    wins = 0.0
    for g in range(60):
        from gamelib.bots import RandomBot

        out = play_fast(SHORT, 500 + g, [RandomBot(rng.randrange(10**6)) for _ in range(4)])
        if 0 in out.winners:
            wins += 1 / len(out.winners)
    assert 0.05 < wins / 60 < 0.5


@pytest.mark.parametrize("options", [{}, {"players": 3}, {"teams": "pairs"}, {"resources": 5}])
def test_choice_read_from_the_state_is_the_choice_from_the_view(options: dict) -> None:
    """``choose_in_state`` (odds playouts, no view built) picks what ``choose`` picks from the
    player's view; the constant-time 'wins now' of a trick in progress agrees with
    ``play_wins_now`` for every legal play."""
    from gamelib.megalomania.bots import play_wins_now
    from gamelib.megalomania.powers import TrickTracker, trick_status

    game = gamelib.load("megalomania", length="short", **options)
    compared = 0
    for seed in range(3):
        st = game.new_state(seed).clone()
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            seat = st.current_player
            if st.phase in ("play", "explorer", "peasant"):
                assert HeuristicBot(1).choose_in_state(st, legal) == HeuristicBot(1).choose(
                    st.view(seat), legal)
                compared += 1
            if st.phase == "play" and st.trick:
                track = TrickTracker.of(st.trick, st.dominant, st.cube_step)
                assert track.status() == trick_status(st.trick, st.dominant)
                for a in legal:
                    assert track.wins_with(a) == play_wins_now(
                        st.trick, a, seat, st.dominant, st.cube_step)
            st.apply_in_place(legal[rng.randrange(len(legal))])
    assert compared > 100
