"""The fast path (``clone`` once, then ``apply_in_place``) plays the same game as ``play``."""

from __future__ import annotations

import pickle
import random

import pytest

import gamelib
from gamelib.core import digest, fingerprint

CONFIGS = [{}, {"players": 4}, {"players": 3, "rules": "magazine", "blitzkrieg": True},
           {"players": 5, "rules": "refill"}]


def _checked(game, seed):
    rng = random.Random(seed)
    state = game.new_state(seed)
    start = fingerprint(state)
    first = state
    while not state.is_terminal():
        legal = state.legal_actions()
        state = gamelib.play(state, legal[rng.randrange(len(legal))])
    assert fingerprint(first) == start  # play never changed the state it was given
    return state


def _fast(game, seed, *, quiet):
    rng = random.Random(seed)
    state = game.new_state(seed).clone()
    if quiet:
        state.quiet = True
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_in_place(legal[rng.randrange(len(legal))])
    return state


def _without_log(state):
    return {k: v for k, v in fingerprint(state)[1][1] if k not in ("log", "quiet")}


@pytest.mark.parametrize("options", CONFIGS)
def test_fast_path_gives_the_same_game_as_play(options):
    game = gamelib.load("powers", **options)
    for seed in range(4):
        checked = _checked(game, seed)
        fast = _fast(game, seed, quiet=False)
        assert fingerprint(fast) == fingerprint(checked)
        assert fast.log == checked.log and fast.outcome() == checked.outcome()
        quiet = _fast(game, seed, quiet=True)
        assert quiet.log == checked.log[: len(quiet.log)] and len(quiet.log) < len(checked.log)
        assert quiet.history == checked.history and quiet.outcome() == checked.outcome()
        assert _without_log(quiet) == _without_log(checked)


def test_log_entries_pickle_small_and_render_after_loading():
    """Entries keep key and parameters (the named catalog pickles by name) and render when read."""
    state = _checked(gamelib.load("powers", lang="ja"), 5)
    copy = pickle.loads(pickle.dumps(state.log))
    assert [e.ja for e in copy] == [e.ja for e in state.log]
    assert len(pickle.dumps(state.log[-1])) < 600


@pytest.mark.parametrize("options", CONFIGS)
def test_branches_from_one_state_never_share_a_change(options):
    """Copy on write (issue 12): every legal action played from one state (``play``, so through
    ``clone``) leaves that state and its other branches exactly as they were."""
    game = gamelib.load("powers", **options)
    rng = random.Random(11)
    state = game.new_state(11)
    while not state.is_terminal():
        legal = state.legal_actions()
        before = fingerprint(state)
        branches = [gamelib.play(state, a) for a in legal]
        prints = [fingerprint(b) for b in branches]
        for b in branches:
            if not b.is_terminal():
                gamelib.play(b, b.legal_actions()[0])
        assert fingerprint(state) == before
        assert [fingerprint(b) for b in branches] == prints
        state = branches[rng.randrange(len(branches))]


def test_remembered_legal_actions_are_not_part_of_the_state():
    """The legality cache (``State._caches``) is left out of fingerprints and digests, and a
    list handed out cannot change what ``play`` accepts."""
    game = gamelib.load("powers")
    state = game.new_state(4)
    fresh = game.new_state(4)
    legal = state.legal_actions()
    assert fingerprint(state) == fingerprint(fresh)
    assert digest(state) == digest(fresh)
    legal.clear()  # the caller's list, not the state's
    assert gamelib.play(state, fresh.legal_actions()[0]).history == (str(fresh.legal_actions()[0]),)


def test_a_state_that_handed_its_log_to_a_clone_still_plays_in_place():
    """``clone`` gives its log list to the twin and keeps a view of it (issue 12): the state, a
    second clone and the twin may each go on in place, and none sees another's entries."""
    game = gamelib.load("powers")
    state = game.new_state(3)
    first = state.log[:]
    twin = gamelib.play(state, state.legal_actions()[0])
    other = state.clone()
    assert state.log == first and other.log == first
    state.apply_in_place(state.legal_actions()[-1])
    other.apply_in_place(other.legal_actions()[-1])
    twin_log = twin.log[:]
    twin.apply_in_place(twin.legal_actions()[0])
    assert state.log == other.log and state.log[: len(first)] == first
    assert len(state.log) > len(first) and twin.log[: len(twin_log)] == twin_log
    assert state.log[len(first):] != twin.log[len(first): len(state.log)]
    assert fingerprint(state) == fingerprint(other)


def test_shared_actions_keep_their_text_and_equal_hand_built_ones():
    """The shared action instances keep their text in ``_text`` (read by the history); it is
    no field: an action built or parsed by hand equals its shared twin and plays the same."""
    from gamelib.powers.actions import DECLINE, FOLD, PLAY, Fold, Play, defend, parse_action

    game = gamelib.load("powers", players=3, rules="magazine")
    state = game.new_state(2)
    for a in state.legal_actions():
        assert a._text == str(a) and parse_action(str(a)) == a
        assert hash(parse_action(str(a))) == hash(a) and repr(parse_action(str(a))) == repr(a)
        assert pickle.loads(pickle.dumps(a)) == a
    for a in (FOLD, DECLINE, PLAY[20], defend((PLAY[48].card,))):
        assert a._text == str(a)
    assert Fold() == FOLD and Play(PLAY[20].card) == PLAY[20]
    by_hand = gamelib.play(state, parse_action(str(state.legal_actions()[0])))
    assert by_hand.history == gamelib.play(state, state.legal_actions()[0]).history


@pytest.mark.parametrize("options", CONFIGS)
def test_invasion_plays_follow_the_rule_card_by_card(options):
    """The invasion's plays come from a table of the card codes that beat the top (issue 12):
    in every invasion of random games they are exactly the accepted cards whose strength
    (card_strength, with the owned neighbours' bonus) beats the top, Jokers and Aces always
    (a Joker, beyond the base rules, only with another card to pay)."""
    from gamelib.powers.actions import Play
    from gamelib.powers.data import COUNTRIES
    from gamelib.powers.strength import adjacent_owned, card_strength

    game = gamelib.load("powers", **options)
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_state(seed, quiet=True)
        while state.current_player is not None:
            legal = state.legal_actions()
            if state.phase == "invasion":
                p, c, top = state.current_player, state.round_card, state.top_strength()
                bonus = len(adjacent_owned(p, c, state.owners))
                hand = state.hands[p]
                expected = sorted({
                    card for card in hand if COUNTRIES[c].accepts(card) and (
                        card_strength(card, top, bonus) > top if not card.is_joker
                        else len(hand) > 1 or state.rules == "base")
                })
                assert sorted({a.card for a in legal if isinstance(a, Play)}) == expected
            state.apply_in_place(legal[rng.randrange(len(legal))])
