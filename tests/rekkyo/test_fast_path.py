"""The fast path (issue 12): clone once, then legal_actions + apply_in_place, gives the very state
gamelib.play gives for the same seed and choices; a quiet state plays the same game unlogged."""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib.core import LogPrefix
from gamelib.core.state import fingerprint


def _choices(game, seed: int) -> tuple[object, list[str]]:
    """Play a random game through the checked path; return the end state and the choices."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state = gamelib.play(state, legal[rng.randrange(len(legal))])
    return state, list(state.history)


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 1), (4, 2), (7, 3)])
def test_fast_path_gives_the_checked_game(players: int, seed: int) -> None:
    game = gamelib.load("rekkyo", players=players)
    checked, history = _choices(game, seed)
    fast = game.new_state(seed).clone()
    rng = random.Random(seed)
    while not fast.is_terminal():
        legal = fast.legal_actions()
        fast.apply_in_place(legal[rng.randrange(len(legal))])
    assert list(fast.history) == history
    assert fingerprint(fast) == fingerprint(checked)
    fast.check_invariants()

    quiet = game.new_state(seed).clone()
    start = len(quiet.log)
    quiet.quiet = True
    rng = random.Random(seed)
    while not quiet.is_terminal():
        legal = quiet.legal_actions()
        quiet.apply_in_place(legal[rng.randrange(len(legal))])
    assert len(quiet.log) == start  # nothing recorded
    assert quiet.outcome() == checked.outcome() and quiet.pile == checked.pile


def test_clone_is_independent() -> None:
    game = gamelib.load("rekkyo", players=3)
    state = game.new_state(4)
    before = fingerprint(state)
    copy = state.clone()
    rng = random.Random(0)
    for _ in range(60):
        if copy.is_terminal():
            break
        legal = copy.legal_actions()
        copy.apply_in_place(legal[rng.randrange(len(legal))])
    assert fingerprint(state) == before


def test_caches_are_invisible() -> None:
    """The legal actions kept on a state and the game's memos never show in a fingerprint, a
    digest, a pickle or a deep copy (issue 12: caches must not look like state changes)."""
    import copy
    import pickle

    from gamelib.core.state import digest

    game = gamelib.load("rekkyo", players=3)
    game.new_state(4).legal_actions()  # the game's own lazily built tables now exist
    state = game.new_state(5)
    before_fp, before_digest = fingerprint(state), digest(state)
    legal = state.legal_actions()
    assert fingerprint(state) == before_fp and digest(state) == before_digest
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert fingerprint(other) == before_fp
        assert other.legal_actions() == legal


def test_action_text_kept_once_made_changes_no_value() -> None:
    from gamelib.rekkyo.actions import AddCard, Invade, parse_action_text

    made = AddCard("t34")
    assert str(made) == "add t34" and str(made) == "add t34"
    assert made == AddCard("t34") and hash(made) == hash(AddCard("t34"))
    assert repr(made) == "AddCard(card='t34')"
    assert parse_action_text(str(Invade("china", "land"))) == Invade("china", "land")


def test_twins_never_see_each_others_log_entries() -> None:
    """clone() hands the log list to the twin, the original keeping a view of its entries (issue
    12); neither ever sees the other's entries, on the checked and on the fast path."""
    game = gamelib.load("rekkyo", players=2)
    state = game.new_state(6)
    handed = state.log
    twin = state.clone()
    assert twin.log is handed and isinstance(state.log, LogPrefix) and state.log == handed
    entries = list(state.log)
    action = state.legal_actions()[-1]
    after = gamelib.play(state, action)
    twin.apply_in_place(action)
    assert state.log == entries and len(after.log) > len(entries)
    assert twin.log == after.log and twin.log is not after.log
    state.add_log("pass", kind="action", player=0, seat="—")
    assert len(state.log) == len(entries) + 1 and twin.log == after.log


@pytest.mark.parametrize("players,open_cards", [(2, "face_down"), (3, "face_up"), (4, "face_down")])
def test_attack_actions_after_an_add_are_the_ones_built_anew(players: int, open_cards: str) -> None:
    """``_apply`` derives the attack's legal actions after an added card from those before it:
    the same list, in the same order, as building them from the hand and the combat."""
    game = gamelib.load("rekkyo", players=players, attack_open_cards=open_cards)
    rng = random.Random(players)
    derived = 0
    for seed in range(12):
        state = game.new_state(seed, quiet=True)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_in_place(legal[rng.randrange(len(legal))])
            if state._legal is not None:
                derived += 1
                assert state._legal == state._legal_actions()
    assert derived > 50


def test_a_clone_keeps_the_legal_actions_and_a_sampled_world_builds_its_own() -> None:
    """A clone shares its twin's remembered legal actions; a world dealt anew forgets them."""
    game = gamelib.load("rekkyo", players=3)
    rng = random.Random(5)
    for seed in range(4):
        state = game.new_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert state.clone().legal_actions() == legal
            for seat in range(game.players):
                world = state.sample_world(seat, rng.randrange(1000))
                assert world.legal_actions() == world._legal_actions()
            state = gamelib.play(state, legal[rng.randrange(len(legal))])


def test_a_clone_has_every_attribute_of_its_state() -> None:
    """``clone`` sets the attributes one by one: a new attribute of the core's or the game's
    state must join its list."""
    game = gamelib.load("rekkyo", players=3)
    rng = random.Random(2)
    for quiet in (False, True):
        state = game.new_state(7, quiet=quiet)
        for _ in range(60):
            if state.is_terminal():
                break
            twin = state.clone()
            assert set(vars(twin)) == set(vars(state))
            assert fingerprint(twin) == fingerprint(state)
            legal = state.legal_actions()
            state.apply_in_place(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players", [2, 3, 5])
def test_current_player_is_the_actor_until_the_game_is_over(players: int) -> None:
    """``current_player`` is an attribute kept wherever ``actor`` or the phase ``over`` is set:
    it always equals what it stands for, on both paths and on clones."""
    game = gamelib.load("rekkyo", players=players)
    for seed in range(6):
        rng = random.Random(seed)
        checked = game.new_state(seed)
        fast = game.new_state(seed, quiet=True)
        while True:
            for state in (checked, fast, checked.clone()):
                expected = None if state.phase == "over" else state.actor
                assert state.current_player == expected
            if checked.is_terminal():
                assert fast.is_terminal()
                break
            legal = checked.legal_actions()
            action = legal[rng.randrange(len(legal))]
            checked = gamelib.play(checked, action)
            fast.apply_in_place(action)


def test_branches_keep_their_own_histories() -> None:
    """``apply_in_place`` grows the history inline: twins played apart, and the state they were
    cloned from played after them, each see their own texts after the shared ones."""
    game = gamelib.load("rekkyo", players=3)
    rng = random.Random(5)
    state = game.new_state(11)
    for _ in range(40):
        legal = state.legal_actions()
        before = tuple(state.history)
        first, second = state.clone(), state.clone()
        picks = [legal[rng.randrange(len(legal))] for _ in range(3)]
        first.apply_in_place(picks[0])
        second.apply_in_place(picks[1])
        played = gamelib.play(state, picks[2])
        state.apply_in_place(picks[2])
        for twin, pick in ((first, picks[0]), (second, picks[1]), (played, picks[2]),
                           (state, picks[2])):
            assert tuple(twin.history) == (*before, str(pick))
        if state.is_terminal():
            break


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4, "partisan": "sabotage"},
                                     {"players": 3, "fighter_return": "producer"}])
def test_known_cards_shared_by_twins_never_change_for_the_other(
        options: dict[str, object]) -> None:
    """A clone shares the known cards until the rules change them: playing a twin (checked or in
    place) never changes what its original knows, and both go on as fresh copies would."""
    game = gamelib.load("rekkyo", **options)
    seen_known = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_state(seed)
        while not state.is_terminal():
            before = [list(k) for k in state.known_held]
            seen_known += any(before)
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            twin = state.clone()
            twin.apply_in_place(action)
            nxt = gamelib.play(state, action)
            assert state.known_held == before
            assert nxt.known_held == twin.known_held
            state = nxt
    assert seen_known
