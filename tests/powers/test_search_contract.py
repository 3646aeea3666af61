"""The search contract of Powers (issue 11): action ids, length and score bounds, the numeric
observation and sampled worlds. Seeded games with fixed counts; no time budgets."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import gamelib
from gamelib.core import IllegalAction, Rng, digest, fingerprint
from gamelib.powers.actions import Decline, Defend, Discard, Fold, PassRight, Pay, Play
from gamelib.powers.data import parse_card
from gamelib.powers.state import PowersState

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "rules": "magazine"},
    {"players": 3, "rules": "refill"},
    {"players": 4, "rules": "magazine", "blitzkrieg": True},
    {"players": 5, "rules": "refill", "blitzkrieg": True},
    {"players": 3, "uncontested": "must_play", "lead_ace": 14},
]


def _ids(o: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in o.items())


def _states(opts: dict[str, Any], games: int, seed: int = 0) -> Iterator[PowersState]:
    """Every state of ``games`` seeded random playouts (fast path, quiet)."""
    game = gamelib.load("powers", **opts)
    chooser = random.Random(seed)
    for g in range(games):
        state = game.new_state(seed * 1000 + g, quiet=True)
        yield state
        while not state.is_terminal():
            legal = state.legal_actions()
            state = state.clone()
            state.apply_in_place(legal[chooser.randrange(len(legal))])
            yield state


# -- action ids ------------------------------------------------------------------------------
def test_action_counts_follow_the_card_table():
    """Base: 54 discards, 54 plays, fold, 54 pays, pass, 12 face-card defences (絵札), decline.
    Magazine: a Joker is played only with its extra cost (53 each), defences are the 79 pairs
    (two Jokers are a pair) and 704 straights of three (A connects to 2, K not to A)."""
    assert gamelib.load("powers").action_count() == 54 * 3 + 3 + 12
    assert gamelib.load("powers", rules="magazine").action_count() == (
        54 + 52 + 2 * 53 + 1 + 54 + 1 + 79 + 11 * 64 + 1
    )
    # 電撃戦 removes the Kings: 50 cards, 8 face cards.
    assert gamelib.load("powers", blitzkrieg=True).action_count() == 50 * 3 + 3 + 8


def test_action_ids_are_in_the_documented_order():
    game = gamelib.load("powers", rules="magazine")
    actions = list(game.all_actions())
    kinds = [type(a) for a in actions]
    order = [Discard, Play, Fold, Pay, PassRight, Defend, Decline]
    firsts = [kinds.index(k) for k in order]
    assert firsts == sorted(firsts)
    assert str(actions[0]) == "discard Joker1"
    joker = Play(parse_card("Joker1"), parse_card("AS"))
    assert str(actions[game.action_id(joker)]) == "play Joker1 paying AS"
    assert str(actions[-1]) == "decline"


@pytest.mark.parametrize("opts", CONFIGS, ids=_ids)
def test_every_legal_action_of_many_random_games_has_an_id(opts):
    """30 seeded games per rule set: every legal action's id maps back to it."""
    game = gamelib.load("powers", **opts)
    count = game.action_count()
    for state in _states(opts, 30, seed=11):
        if state.is_terminal():
            continue
        legal = state.legal_actions()
        ids = [game.action_id(a) for a in legal]
        assert len(set(ids)) == len(ids)
        assert all(0 <= i < count for i in ids)
        assert [game.action_from_id(state, i) for i in ids] == legal


def test_an_id_that_is_not_legal_now_is_refused_and_the_state_kept():
    game = gamelib.load("powers")
    state = game.new_state(5)
    before = digest(state)
    fold = game.action_id(Fold())
    legal = {game.action_id(a) for a in state.legal_actions()}
    other = next(i for i in range(game.action_count()) if i not in legal and i != fold)
    with pytest.raises(IllegalAction):
        game.action_from_id(state, other)
    assert digest(state) == before


# -- bounds ----------------------------------------------------------------------------------
def test_max_length_is_the_documented_sum():
    """14 country rounds × (54 plays + 2 folds + cost 4 + 4 neighbours) + 5 disarmaments × 27."""
    assert gamelib.load("powers").max_length() == 14 * (54 + 2 + 4 + 4) + 5 * 27
    # 電撃戦, 5 players: 9 country cards left, 50 cards, printed cost 5, 4 disarmaments.
    game = gamelib.load("powers", players=5, blitzkrieg=True)
    assert game.max_length() == 9 * (50 + 5 + 5 + 4) + 4 * 25


@pytest.mark.parametrize("opts", CONFIGS, ids=_ids)
def test_max_length_and_score_bounds_hold_over_many_random_games(opts):
    """150 seeded random games per rule set end within max_length with scores in bounds."""
    game = gamelib.load("powers", **opts)
    limit = game.max_length()
    low, high = game.score_bounds()
    longest = 0
    chooser = random.Random(3)
    for g in range(150):
        state = game.new_state(g, quiet=True)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_in_place(legal[chooser.randrange(len(legal))])
            steps += 1
            assert steps <= limit
        longest = max(longest, steps)
        outcome = state.outcome()
        assert outcome is not None
        assert all(low <= s <= high for s in outcome.scores)
    assert 0 < longest <= limit


def test_score_bounds_come_from_the_domination_rule():
    """制覇勝利 at 35 points ends the game at once: at most 34 + 10 (the largest country)."""
    assert gamelib.load("powers").score_bounds() == (0.0, 44.0)


# -- the numeric observation -----------------------------------------------------------------
@pytest.mark.parametrize("opts", CONFIGS[:4], ids=_ids)
def test_observation_size_is_fixed_across_a_game(opts):
    game = gamelib.load("powers", **opts)
    size = game.observation_size()
    for i, state in enumerate(_states(opts, 3, seed=4)):
        if i % 5:
            continue
        for p in range(game.players):
            numbers = game.observe(state.view(p))
            assert len(numbers) == size
            assert all(isinstance(x, float) and x >= 0 for x in numbers)


def test_observation_holds_only_the_view_and_tells_own_cards():
    """Two worlds that differ only in what seat 0 cannot see look the same to seat 0."""
    game = gamelib.load("powers", players=3)
    state = game.new_state(8)
    world = state.sample_world(0, 1)
    assert world.hands[1] != state.hands[1] or world.hands[2] != state.hands[2]
    assert game.observe(world.view(0)) == game.observe(state.view(0))
    assert game.observe(state.view(1)) != game.observe(state.view(0))
    own = game.observe(state.view(0))
    hand_flags = own[4 * 3 + 7 + 3 * 16 + 1 :][:54]
    assert sum(hand_flags) == len(state.hands[0])


def test_observe_refuses_the_teachers_view():
    game = gamelib.load("powers")
    with pytest.raises(ValueError, match="seat's view"):
        game.observe(game.new_state(1).view(None))


# -- sampled worlds --------------------------------------------------------------------------
@pytest.mark.parametrize("opts", CONFIGS, ids=_ids)
def test_sample_world_keeps_the_seats_view_and_legal_actions(opts):
    """Every 9th state of 4 seeded games, for every seat: same view, same legal actions on its
    turn, the state unchanged, the world valid and playable to an end."""
    game = gamelib.load("powers", **opts)
    chooser = random.Random(1)
    for i, state in enumerate(_states(opts, 4, seed=2)):
        if i % 9 or state.is_terminal():
            continue
        before = digest(state)
        for p in range(game.players):
            world = state.sample_world(p, Rng(i * 7 + p))
            assert digest(state) == before
            assert fingerprint(world.view(p)) == fingerprint(state.view(p))
            if state.current_player == p:
                assert world.legal_actions() == state.legal_actions()
            world.check_invariants()
        while not world.is_terminal():
            legal = world.legal_actions()
            world.apply_in_place(legal[chooser.randrange(len(legal))])
            world.check_invariants()


def test_sample_world_resamples_the_other_hands_the_deck_and_the_round_deck():
    """Over fixed seeds an opponent's hand, the deck order and the round deck order differ from
    the truth; the seat's own hand never does."""
    state = gamelib.load("powers", players=3).new_state(21)
    hands, decks, rounds = set(), set(), set()
    for seed in range(20):
        world = state.sample_world(0, seed)
        assert world.hands[0] == state.hands[0]
        hands.add(tuple(sorted(world.hands[1])))
        decks.add(tuple(world.deck))
        rounds.add(tuple(world.round_deck))
        assert sorted(world.round_deck) == sorted(state.round_deck)
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert len(hands) > 10 and len(decks) == 20 and len(rounds) > 10
    assert hands - {tuple(sorted(state.hands[1]))}


def test_sample_world_depends_only_on_the_seats_view():
    """Sampling from a sampled world with the same generator gives the same world."""
    state = gamelib.load("powers", players=4, rules="refill").new_state(6)
    world = state.sample_world(2, 99)
    assert fingerprint(world.sample_world(2, 5)) == fingerprint(state.sample_world(2, 5))


def _after_a_reshuffle() -> PowersState:
    for state in _states({"players": 5, "rules": "refill"}, 20, seed=9):
        if state.deck_source is not None and not state.is_terminal() and len(state.deck) > 3:
            drawn = [len(set(h) & state.deck_source) for h in state.hands[1:]]
            rest = [len(h) - d for h, d in zip(state.hands[1:], drawn, strict=True)]
            if any(drawn) and any(rest):
                return state
    raise AssertionError("no reshuffle in 20 games")


def test_sample_world_keeps_what_a_reshuffle_tells():
    """A reshuffle rebuilds the deck from the public discard pile (捨て札を切り直す): after it the
    deck holds only those cards, and each other seat holds as many of them as it drew since."""
    state = _after_a_reshuffle()
    source = state.deck_source
    assert source is not None
    truth = [len(set(h) & source) for h in state.hands]
    seen_elsewhere = set()
    for seed in range(15):
        world = state.sample_world(0, seed)
        assert world.deck_source == source
        assert set(world.deck) <= source
        assert [len(set(h) & source) for h in world.hands[1:]] == truth[1:]
        seen_elsewhere |= set(world.hands[1]) ^ set(state.hands[1])
    assert seen_elsewhere  # yet the hands are dealt anew


@pytest.mark.parametrize("bad", [-1, 2, True, "0", None])
def test_sample_world_refuses_a_seat_that_does_not_exist(bad):
    state = gamelib.load("powers").new_state(3)
    before = digest(state)
    with pytest.raises(ValueError):
        state.sample_world(bad, 1)  # type: ignore[arg-type]
    assert digest(state) == before


def test_sample_world_keeps_only_the_seats_log():
    state = gamelib.load("powers", players=3).new_state(2)
    world = state.sample_world(1, 4)
    assert world.log == [e for e in state.log if e.is_visible_to(1)]
    assert world.history == state.history
