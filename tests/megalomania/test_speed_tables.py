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


def test_the_kept_current_player_is_the_one_the_phase_gives() -> None:
    """``current_player`` is a field kept as the game moves: along seeded games on the checked
    path, the fast path, the quiet fast path and ``_apply`` (as the odds engine plays), it is
    what :meth:`MegalomaniaState._turn` finds from the phase at every step."""
    rng = random.Random(11)
    for players in (2, 3, 4):
        game = gamelib.load("megalomania", players=players)
        for seed in range(3):
            for path in ("checked", "fast", "quiet", "apply"):
                st = game.new_state(seed, quiet=path == "quiet")
                assert st.current_player == st._turn()
                while not st.is_terminal():
                    legal = st.legal_actions()
                    action = legal[rng.randrange(len(legal))]
                    if path == "checked":
                        st = gamelib.play(st, action)
                    elif path == "apply":
                        st._apply(action)
                    else:
                        st.apply_in_place(action)
                    assert st.current_player == st._turn(), (players, seed, path)
                assert st.current_player is None


def test_states_built_by_hand_know_whose_turn_it_is() -> None:
    """A state set up by :meth:`MegalomaniaState.position` and one rebuilt from a view by the
    odds engine hold the current player the phase gives."""
    from gamelib.megalomania.odds import _Rebuilder
    from gamelib.megalomania.state import MegalomaniaState

    game = gamelib.load("megalomania", players=4)
    st = game.new_state(5)
    rng = random.Random(5)
    while not (st.phase == "play" and st.trick):
        legal = st.legal_actions()
        st = gamelib.play(st, legal[rng.randrange(len(legal))])
    seat = st.current_player
    assert seat is not None
    built = MegalomaniaState.position(game, hands=st.hands, trick=st.trick,
                                      mission_no=st.mission_no, dominant=st.dominant)
    assert built.current_player == built._turn() == seat
    sample = _Rebuilder(st.view(seat), game, None).sample(random.Random(1))
    assert sample.current_player == sample._turn() == seat


def test_shared_play_log_lines_match_the_play() -> None:
    """A card play's log line is made once per seat, play and cube step and shared: along
    seeded games with every cube step (one after the other, so later games reuse the lines of
    earlier ones) each play's line names its player and card, and a cube play its value with
    the game's cube step."""
    from gamelib.megalomania.state import _NAMES

    rng = random.Random(3)
    for cube_step in (1, 2, 3, 2):
        game = gamelib.load("megalomania", cube_step=cube_step, length="short")
        st = game.new_state(cube_step)
        while not st.is_terminal():
            legal = st.legal_actions()
            action = legal[rng.randrange(len(legal))]
            seat, was = st.current_player, len(st.log)
            st = gamelib.play(st, action)
            if type(action) is not PlayCard:
                continue
            entry = next(e for e in st.log[was:] if e.key in ("play", "play_cube"))
            card = action.card
            want = {"who": _NAMES[seat], "card": card.term}
            if action.cube:
                want["value"] = card.value + action.cube * cube_step
            assert entry.key == ("play_cube" if action.cube else "play")
            assert (entry.params, entry.player, entry.kind) == (want, seat, "action")
            assert entry.visible_to is None and entry.catalog is game.messages
