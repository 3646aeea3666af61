"""The fast path (issue 12): ``clone()`` once, then ``legal_actions()`` + ``apply_in_place()``
gives exactly the state that the checked :func:`gamelib.play` gives, and a clone shares nothing
that ``_apply`` changes."""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib.core.state import fingerprint
from gamelib.megalomania.state import MegalomaniaState


@pytest.mark.parametrize(
    ("seed", "options"),
    [(0, {}), (1, {"players": 3}), (2, {"players": 2}), (3, {"teams": "pairs"})],
)
def test_fast_path_gives_the_same_game_as_play(seed: int, options: dict[str, object]) -> None:
    game = gamelib.load("megalomania", length="short", **options)
    checked: MegalomaniaState = game.new_state(seed)
    fast = checked.clone()
    rng = random.Random(seed)
    while not checked.is_terminal():
        legal = checked.legal_actions()
        assert fast.legal_actions() == legal
        action = legal[rng.randrange(len(legal))]
        checked = gamelib.play(checked, action)  # type: ignore[assignment]
        fast.apply_in_place(action)
    assert fingerprint(fast) == fingerprint(checked)
    assert fast.outcome() == checked.outcome()


def test_quiet_fast_path_same_outcome_without_a_log() -> None:
    """``quiet`` playouts record no log and reach the same end."""
    game = gamelib.load("megalomania", length="short")
    loud: MegalomaniaState = game.new_state(4)
    quiet = loud.clone()
    quiet.quiet = True
    start = list(loud.log)
    rng = random.Random(4)
    while not loud.is_terminal():
        legal = loud.legal_actions()
        action = legal[rng.randrange(len(legal))]
        loud.apply_in_place(action)
        quiet.apply_in_place(action)
    assert quiet.log == start and len(loud.log) > len(start)
    assert quiet.outcome() == loud.outcome() and quiet.history == loud.history


def test_clone_shares_nothing_apply_changes() -> None:
    """Playing a whole game on a clone leaves the original exactly as it was."""
    game = gamelib.load("megalomania", length="short")
    st: MegalomaniaState = game.new_state(5)
    rng = random.Random(5)
    for _ in range(60):
        legal = st.legal_actions()
        st = gamelib.play(st, legal[rng.randrange(len(legal))])  # type: ignore[assignment]
    before = fingerprint(st)
    other = st.clone()
    while not other.is_terminal():
        legal = other.legal_actions()
        other.apply_in_place(legal[rng.randrange(len(legal))])
    assert fingerprint(st) == before


def test_playing_on_the_original_leaves_its_clone_unchanged() -> None:
    """A state folds its trick in place only while no clone shares the folded trick: after
    ``clone()`` the original played on in place (mid-trick, every step) leaves the clone's
    trick status, winner and legal actions as they were."""
    game = gamelib.load("megalomania", length="short")
    st: MegalomaniaState = game.new_state(6, quiet=True)
    rng = random.Random(6)
    checked = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        if st.phase == "play" and st.trick:
            twin = st.clone()
            status, legal_before = twin.view(None).trick_status, twin.legal_actions()
            st.apply_in_place(legal[rng.randrange(len(legal))])
            if not st.is_terminal():
                st.legal_actions()
            assert twin.view(None).trick_status == status
            assert twin.legal_actions() == legal_before
            assert twin._tracker().count == len(twin.trick)
            checked += 1
        else:
            st.apply_in_place(legal[rng.randrange(len(legal))])
    assert checked > 50


def test_trick_tracker_agrees_with_the_trick_rules() -> None:
    """The fast path folds a trick play by play (:class:`TrickTracker`); on 20,000 seeded random
    tricks (any powers, Oracle colours, cubes, cube steps) it gives what the rule functions
    give: the status, the winner, and whether one more play would be winning."""
    from gamelib.megalomania.actions import PlayCard
    from gamelib.megalomania.bots import play_wins_now
    from gamelib.megalomania.cards import COLOURS, DECK
    from gamelib.megalomania.powers import (
        Play,
        TrickContext,
        TrickTracker,
        trick_status,
        trick_winner,
    )

    rng = random.Random(1)
    colours = (None, *COLOURS)
    for _ in range(20_000):
        dominant, step, k = rng.choice(COLOURS), rng.choice((1, 2, 3)), rng.randrange(4)
        cards = rng.sample(DECK, k + 1)
        plays = [Play(s, c, rng.random() < 0.5, rng.choice(colours), rng.choice((0, 0, 1, -1)))
                 for s, c in enumerate(cards[:k])]
        track = TrickTracker.of(plays, dominant, step)
        assert track.status() == trick_status(plays, dominant, TrickContext(step))
        if plays:
            assert track.winner == trick_winner(plays, None, dominant, TrickContext(step))
        nxt = PlayCard(cards[k], rng.random() < 0.5, rng.choice(colours), rng.choice((0, 1, -1)))
        assert track.wins_with(nxt) == play_wins_now(plays, nxt, k, dominant, step)


def test_view_trick_status_uses_the_games_cube_step() -> None:
    """The view's "winning now" counts a cube at the game's ``cube_step`` (here 1: yellow 6
    +cube is 7, a tie the earlier yellow 7 wins), as the trick's result will."""
    from gamelib.megalomania.cards import Colour, parse_card, parse_cards
    from gamelib.megalomania.powers import Play

    game = gamelib.load("megalomania", players=3, cube_step=1)
    trick = [Play(0, parse_card("Y7")), Play(1, parse_card("Y6"), cube=1)]
    st = MegalomaniaState.position(
        game, hands=[parse_cards("B1"), parse_cards("B2"), parse_cards("K4 R1")],
        dominant=Colour.BLUE, trick=trick, cubes=[1, 1, 1],
    )
    status = st.view(None).trick_status
    assert status is not None and status.winning_seat == 0
    st = gamelib.play(st, "play red 1 (Peasant)")  # type: ignore[assignment]
    assert st.last_winner == 0


def test_a_pass_leaves_a_clone_unchanged() -> None:
    """A pass replaces the passing lists and the queue a clone may share (no thaw): at every
    pass of seeded games the clone taken just before it is exactly as it was."""
    game = gamelib.load("megalomania")
    passes = 0
    for seed in range(40):
        st: MegalomaniaState = game.new_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal() and passes < 30:
            legal = st.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if st.phase == "pass":
                twin = st.clone()
                before = fingerprint(twin)
                st.apply_in_place(action)
                assert fingerprint(twin) == before
                passes += 1
            else:
                st.apply_in_place(action)
    assert passes == 30


def test_the_fast_path_grows_the_states_own_history_list_in_place() -> None:
    """No new history object per step: the state's own list grows; a history a caller holds
    keeps its length."""
    st: MegalomaniaState = gamelib.load("megalomania").new_state(5, quiet=True)
    st.apply_in_place(st.legal_actions()[0])
    own = st._history
    for _ in range(4):
        st.apply_in_place(st.legal_actions()[0])
    assert type(own) is list and st._history is own and len(st.history) == 5
    held = st.history
    st.apply_in_place(st.legal_actions()[0])
    assert len(held) == 5 and len(st.history) == 6 and st.history[:5] == held


def test_clones_taken_along_an_in_place_game_stay_as_they_were() -> None:
    """A state nobody cloned changes its hands, captured tricks and resources in place; clones
    taken at many steps of seeded in-place games (before and after set-up steps thaw the
    original) are exactly as they were at the end, and so is the original when each clone is
    played on to the end."""
    for players, seed in ((4, 3), (3, 8), (2, 12)):
        game = gamelib.load("megalomania", players=players, length="short")
        st: MegalomaniaState = game.new_state(seed)
        rng = random.Random(seed)
        twins: list[tuple[MegalomaniaState, object]] = []
        step = 0
        while not st.is_terminal():
            if step % 9 == 4:
                twin = st.clone()
                twins.append((twin, fingerprint(twin)))
            legal = st.legal_actions()
            st.apply_in_place(legal[rng.randrange(len(legal))])
            step += 1
        assert len(twins) > 10
        for twin, before in twins:
            assert fingerprint(twin) == before
        end = fingerprint(st)
        for twin, _ in twins[::5]:
            while not twin.is_terminal():
                legal = twin.legal_actions()
                twin.apply_in_place(legal[rng.randrange(len(legal))])
            assert fingerprint(st) == end


def test_a_clone_takes_the_trick_tracker_and_leaves_its_original_unchanged() -> None:
    """``clone()`` hands the state's trick tracker to the clone (which folds its next play in
    place) and keeps none: mid-trick, at every step of seeded games, no tracker is held by both,
    and after the clone plays on, the original's trick status, legal actions and remade tracker
    are those of its own trick."""
    from gamelib.megalomania.powers import TrickTracker

    game = gamelib.load("megalomania", length="short")
    st: MegalomaniaState = game.new_state(9)
    rng = random.Random(9)
    checked = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if st.phase == "play" and st.trick:
            status = st.view(None).trick_status
            twin = st.clone()
            assert st._scratch.track is None or st._scratch.track is not twin._scratch.track
            twin.apply_in_place(action)
            assert st.view(None).trick_status == status
            assert st.legal_actions() == legal
            fresh = TrickTracker.of(st.trick, st.dominant, st.cube_step)
            assert st._tracker().status() == fresh.status()
            assert st._tracker().winner == fresh.winner
            checked += 1
        st = gamelib.play(st, action)  # type: ignore[assignment]
    assert checked > 50
