"""play(), legality, seeded randomness and views, on the toy game."""

from __future__ import annotations

import random

import numpy as np
import pytest

import gamelib
from gamelib.core import IllegalAction, LogPrefix, Rng, fingerprint, play
from tests.toy_game import ToyAction, register

register()


def test_play_returns_a_new_state_and_never_mutates() -> None:
    state = gamelib.load("toy").new_state(1)
    before = fingerprint(state)
    log_before = list(state.log)
    nxt = play(state, state.legal_actions()[0])
    assert nxt is not state
    assert fingerprint(state) == before and state.log == log_before and state.history == ()
    assert nxt.history == (str(state.legal_actions()[0]),)


def test_text_actions_parse_loosely_and_illegal_ones_say_why() -> None:
    state = gamelib.load("toy").new_state(1)
    card = state.hands[0][0]
    assert play(state, f"  PLAY   {card} ").history == (f"play {card}",)
    before = fingerprint(state)
    foreign = state.hands[1][0]
    with pytest.raises(IllegalAction, match=f"you do not hold the card {foreign}"):
        play(state, ToyAction(foreign))
    with pytest.raises(IllegalAction, match="'play 42' is not a legal action now; legal actions"):
        play(state, "play 42")
    with pytest.raises(IllegalAction, match="as text, not int"):
        state.game.parse_action(state, 42)  # type: ignore[arg-type]
    assert fingerprint(state) == before


def test_finished_game_refuses_actions() -> None:
    state = gamelib.load("toy").new_state(2)
    while not state.is_terminal():
        state = play(state, state.legal_actions()[0])
    assert state.current_player is None and state.outcome() is not None
    with pytest.raises(IllegalAction, match="the game is over"):
        play(state, "play 1")


def _game(seed: int) -> tuple[str, ...]:
    state = gamelib.load("toy", players=3).new_state(seed)
    return tuple(str(h) for h in state.hands)


def test_same_seed_same_deal_with_global_generators_disturbed() -> None:
    first = _game(11)
    random.seed(999)
    random.random()
    np.random.seed(7)
    np.random.random(5)
    assert _game(11) == first
    random.seed(1)
    assert _game(11) == first
    assert len({_game(s) for s in range(20)}) > 1, "different seeds give different deals"


def test_rng_is_a_small_copyable_value() -> None:
    a = Rng(5)
    b = a.copy()
    assert a.randint(1, 6) == b.randint(1, 6)
    assert (a.seed, a.counter) == (5, 1)
    items = list(range(10))
    a.shuffle(items)
    assert sorted(items) == list(range(10))
    assert a.choice([7]) == 7 and len(a.sample(range(10), 3)) == 3
    assert repr(a) == "Rng(seed=5, counter=4)"


def test_new_state_checks_the_seed() -> None:
    game = gamelib.load("toy")
    for bad in (-1, "3", 1.5, True):
        with pytest.raises(ValueError, match="seed must be a non-negative integer"):
            game.new_state(bad)  # type: ignore[arg-type]
    assert game.new_state().seed >= 0


def test_views_hide_other_hands() -> None:
    state = gamelib.load("toy", players=3).new_state(3)
    for seat in range(3):
        view = state.view(seat)
        assert view.viewer == seat and view.hands[seat] == tuple(state.hands[seat])
        assert all(h is None for i, h in enumerate(view.hands) if i != seat)
        assert all(e.is_visible_to(seat) for e in view.log)
        assert len(view.log) == 1
    teacher = state.view(None)
    assert all(h is not None for h in teacher.hands) and len(teacher.log) == 3
    with pytest.raises(ValueError, match="no player 3"):
        state.view(3)


def test_log_in_both_languages() -> None:
    state = gamelib.load("toy", lang="ja").new_state(3)
    state = play(state, state.legal_actions()[0])
    assert "が" in state.log_text()[-1]
    assert "plays" in state.log_text("en")[-1]
    assert state.view(0).log_lines()[-1] == state.log_text()[-1]


def test_a_quiet_new_state_logs_nothing_from_its_set_up_on_and_plays_the_same_game() -> None:
    game = gamelib.load("toy")
    loud, quiet = game.new_state(4), game.new_state(4, quiet=True)
    assert quiet.quiet and not loud.quiet and quiet.log == [] and loud.log
    pick_a, pick_b = random.Random(1), random.Random(1)
    while loud.current_player is not None:
        legal = loud.legal_actions()
        assert [str(a) for a in quiet.legal_actions()] == [str(a) for a in legal]
        loud.apply_in_place(legal[pick_a.randrange(len(legal))])
        legal = quiet.legal_actions()
        quiet.apply_in_place(legal[pick_b.randrange(len(legal))])
    assert quiet.history == loud.history and quiet.outcome() == loud.outcome()
    assert quiet.log == [] and not game.new_state(4).quiet  # the next state is loud again


def test_a_twin_takes_the_log_list_and_the_original_keeps_a_view_of_its_entries() -> None:
    """share_log (issue 12): no copy at the clone nor at the twin's entries; the original's
    entries never change, and it copies them once when it writes again."""
    state = gamelib.load("toy").new_state(5)
    twin = state.clone()
    handed, entries = state.log, list(state.log)
    state.share_log(twin)  # what a game's hand-written clone() does
    assert twin.log is handed and isinstance(state.log, LogPrefix) and state.log == entries
    before = fingerprint(state)
    twin.apply_in_place(twin.legal_actions()[0])
    assert twin.log is handed and len(twin.log) > len(entries), "no copy for the twin"
    assert state.log == entries and list(state.log) == entries and state.log[:] == entries
    assert fingerprint(state) == before, "the view and its flag are bookkeeping, not content"
    grown = list(twin.log)
    state.apply_in_place(state.legal_actions()[0])  # the original, played on in place
    assert type(state.log) is list and len(state.log) == len(entries) + 1
    assert twin.log == grown, "the original's entry is its own"
    mine = state._writable_log()
    assert state._writable_log() is mine is state.log, "copied once only"


def test_a_state_cloned_twice_shares_its_view_until_a_twin_writes() -> None:
    state = gamelib.load("toy").new_state(6)
    first, second = state.clone(), state.clone()
    for twin in (first, second):
        state.share_log(twin)
    entries = list(state.log)
    assert second.log is state.log and second._log_shared and not first._log_shared
    second.apply_in_place(second.legal_actions()[0])
    first.apply_in_place(first.legal_actions()[0])
    assert state.log == entries and len(first.log) == len(second.log) == len(entries) + 1
    assert first.log is not second.log and first.log[-1] is not second.log[-1]
