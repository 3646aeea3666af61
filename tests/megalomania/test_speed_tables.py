"""Tables the fast path reads instead of computing (issue 12), checked against the computation
along seeded random games."""

from __future__ import annotations

import random

import gamelib
from gamelib.megalomania.actions import PlayCard
from gamelib.megalomania.powers import Play
from gamelib.megalomania.state import _SEAT_PLAYS


def test_every_offered_play_has_its_record_in_the_seat_table() -> None:
    """``_apply_play`` takes a play's record from ``_SEAT_PLAYS``: every card play offered along
    seeded games is there, with the record its seat and action make."""
    rng = random.Random(7)
    for players in (2, 3, 4):
        game = gamelib.load("megalomania", players=players)
        for seed in range(4):
            st = game.new_state(seed, quiet=True)
            while st.current_player is not None:
                legal = st.legal_actions()
                seat = st.current_player
                for a in legal:
                    if type(a) is PlayCard:
                        want = Play(seat, a.card, a.power, a.as_colour, a.cube)
                        assert _SEAT_PLAYS[seat][a] == want
                st.apply_in_place(legal[rng.randrange(len(legal))])
