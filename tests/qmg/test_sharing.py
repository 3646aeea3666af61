"""What the speed work shares or shortcuts stays invisible: a state's card lists are shared
with its clone until one of them changes a list (copy on write), and the cache of supply, reach
and points is kept across moves that cannot change it, and basic-card playability stops at the
first target. Seeded random games, fixed counts."""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib.core.state import digest
from gamelib.qmg import effects as fx


@pytest.mark.parametrize("players", [2, 6])
def test_no_state_changes_after_it_is_handed_out(players):
    """Every state of a checked game keeps its digest to the end, and so does a snapshot
    (a clone) of a state that is then played in place."""
    game = gamelib.load("qmg", players=players)
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_state(seed)
        kept = [(state, digest(state))]
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if rng.random() < 0.2:
                snapshot = state.clone()
                kept.append((snapshot, digest(snapshot)))
                state = state.clone()
                state.apply_in_place(action)  # the original shares its lists with the snapshot
            else:
                state = gamelib.play(state, action)
            kept.append((state, digest(state)))
        assert all(digest(s) == d for s, d in kept)


def _fresh(state, key):
    """The cached value under ``key`` computed again from scratch."""
    twin = state.clone()
    twin.forget_supply()
    if key == fx.STRAITS:
        return twin.axis_straits()
    if isinstance(key, tuple):  # ("playable", n, kind)
        return fx._basic_possible(twin, key[1], key[2])
    kind, n = divmod(key, 10)
    if kind == 0:
        return twin.supplied(n)
    if kind * 10 == fx.OWN:
        return twin.own_spaces(n)
    if kind * 10 == fx.REACH:
        return fx.reach(twin, n)
    assert kind * 10 == fx.HELD
    pieces = twin.pieces
    return sum(
        1 if len(pieces[s]) > 1 else 2
        for s in twin.supply_spaces(n).intersection(twin.own_spaces(n))
    )


def test_the_cache_is_always_true():
    """After every action of random fast games, each cached value equals a fresh computation."""
    game = gamelib.load("qmg")
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_state(seed, quiet=True)
        while state.current_player is not None:
            for n in range(6):  # fill the cache for everyone, so moves must keep or drop it
                state.supplied(n)
                fx.reach(state, n)
            legal = state.legal_actions()
            state.apply_in_place(legal[rng.randrange(len(legal))])
            for key, value in list(state.memo().items()):
                assert _fresh(state, key) == value, key


def test_each_card_list_has_its_own_ownership_bit():
    """hand/deck/pile/status/face_down copy exactly the list they name, once, and mark it."""
    from gamelib.qmg.state import OWN_BIT, ZONES

    state = gamelib.load("qmg").new_state(3)
    twin = state.clone()
    methods = (twin.hand, twin.deck, twin.pile, twin.status, twin.face_down)
    for zone, method in zip(ZONES, methods, strict=True):
        for n in range(6):
            shared = getattr(twin, zone)[n]
            assert shared is getattr(state, zone)[n]
            mine = method(n)
            assert mine is not shared and mine == shared and twin._own & (OWN_BIT[zone] << n)
            assert method(n) is mine


def test_basic_card_playability_matches_its_options():
    """A basic card is playable exactly when its step has an option (「できない効果だけ無視されま
    す」 aside, a Build or Battle card needs a target): the shortcut that stops at the first target
    agrees with the full option list, for every nation and basic type, at every step."""
    from gamelib.qmg.tasks import Task

    game = gamelib.load("qmg", players=3)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state(seed, quiet=True)
        while state.current_player is not None:
            for n in range(6):
                for kind, step in fx.BASIC_STEPS.items():
                    full = fx.step_options(state, Task("step", n, step=step))
                    assert fx._basic_possible(state, n, kind) == bool(full), (n, kind)
            legal = state.legal_actions()
            state.apply_in_place(legal[rng.randrange(len(legal))])


def test_a_clone_shares_the_outer_card_lists_until_it_sets_one():
    """A clone shares each zone's outer list with its original; changing a nation's list copies
    the outer list first, so the original's lists stay as they were."""
    from gamelib.qmg.state import ZONES

    state = gamelib.load("qmg").new_state(5)
    twin = state.clone()
    for zone in ZONES:
        assert getattr(twin, zone) is getattr(state, zone)
    before = [list(map(list, getattr(state, zone))) for zone in ZONES]
    twin.discard_from_hand(0, twin.hands[0][0])
    twin.deck(1).pop()
    twin.status(2).append("x")
    for zone, lists in zip(ZONES, before, strict=True):
        assert getattr(state, zone) == lists
    assert twin.hands is not state.hands and twin.discards is not state.discards
    assert twin.decks is not state.decks and twin.table is not state.table
    assert twin.responses is state.responses


def test_shared_log_entries_read_as_fresh_ones():
    """The log entries made once and shared (turn, round, draw, set-up, discard) read exactly
    as entries made anew from the catalog at each use, in both languages."""
    from gamelib.qmg.game import MESSAGES

    game = gamelib.load("qmg", players=3)
    rng = random.Random(2)
    state = game.new_state(2)
    while not state.is_terminal():
        legal = state.legal_actions()
        state = gamelib.play(state, legal[rng.randrange(len(legal))])
    keys = {"turn", "round", "draw", "setup_army", "discard", "discard_hidden"}
    seen = set()
    for entry in state.log:
        if entry.key in keys:
            seen.add(entry.key)
            fresh = MESSAGES.entry_from(entry.key, dict(entry.params), entry.player,
                                        entry.visible_to, entry.kind)
            assert (fresh.en, fresh.ja) == (entry.en, entry.ja)
            assert fresh == entry
    assert seen == keys


def test_a_clone_draws_from_its_own_rng():
    """A clone shares its original's rng until it draws: own_rng copies it first, so drawing
    moves only the drawer's stream (either twin's)."""
    state = gamelib.load("qmg").new_state(7)
    twin = state.clone()
    assert twin.rng is state.rng
    counter = state.rng.counter
    twin.own_rng().stream()
    assert state.rng.counter == counter and twin.rng.counter == counter + 1
    other = twin.clone()
    other.own_rng().stream()
    assert twin.rng.counter == counter + 1 and other.rng.counter == counter + 2
