"""The search contract on Megalomania (issue 11): action ids, length and score bounds, the
numeric observation and sampled worlds (:mod:`gamelib.megalomania.search`).

Fixed seeds and counts throughout; no time budget."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

import gamelib
from gamelib.core.rng import Rng
from gamelib.core.state import digest, fingerprint
from gamelib.megalomania.cards import DECK, parse_cards
from gamelib.megalomania.odds import hidden_card_bans
from gamelib.megalomania.search import OBSERVATION_LAYOUT, _bans, _deal_with_bans, _match
from gamelib.megalomania.state import MegalomaniaState

CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2, "length": "short"},
    {"players": 3, "length": "short", "dominant_rule": "random", "cube_step": 1},
    {"players": 4, "length": "short", "teams": "pairs", "resources": 5},
    {"players": 3, "length": "short", "scroll_rule": "off", "resources": 1},
]


def _states(game: gamelib.Game, seed: int) -> Iterator[MegalomaniaState]:
    """Every state of one seeded random game on the fast path (each one a fresh clone)."""
    state: MegalomaniaState = game.new_state(seed, quiet=True)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state = state.clone()
        state.apply_in_place(legal[rng.randrange(len(legal))])


def _first_round(number: int) -> tuple[gamelib.Game, list[MegalomaniaState]]:
    """The states of round 1 of a game whose first mission is ``number``."""
    game = gamelib.load(
        "megalomania", players=4 if number in (20, 21) else 2 + number % 3, first_mission=number,
        length="short",
    )
    out = []
    for state in _states(game, number):
        if state.round != 1:
            break
        out.append(state)
    return game, out


# -- action ids -----------------------------------------------------------------------------
def test_action_count_is_a_few_hundred_and_every_id_maps_back() -> None:
    game = gamelib.load("megalomania")
    actions = game.all_actions()
    assert game.action_count() == len(actions) == 362
    assert len({str(a) for a in actions}) == len(actions), "two actions print alike"
    assert [game.action_id(a) for a in actions] == list(range(len(actions)))


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{v}" for v in o.values()))
def test_every_legal_action_of_random_games_has_an_id(options: dict[str, Any]) -> None:
    """Rule: the ids list every action a state can offer (30 seeded games per option set)."""
    game = gamelib.load("megalomania", **options)
    count = game.action_count()
    for seed in range(30):
        for state in _states(game, seed):
            for action in state.legal_actions():
                assert 0 <= game.action_id(action) < count


def test_every_mission_offers_only_listed_actions() -> None:
    """The set-up steps of missions 15, 24 and 25, Explorer returns and Peasant choices all
    have ids (round 1 of every mission)."""
    for number in range(1, 26):
        game, states = _first_round(number)
        for state in states:
            for action in state.legal_actions():
                assert game.action_from_id(state, game.action_id(action)) == action


# -- bounds ---------------------------------------------------------------------------------
@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{v}" for v in o.values()))
def test_max_length_and_score_bounds_hold_over_random_games(options: dict[str, Any]) -> None:
    """40 seeded random games per option set end within max_length() steps, with every score
    within score_bounds()."""
    game = gamelib.load("megalomania", **options)
    limit = game.max_length()
    low, high = game.score_bounds()
    for seed in range(40):
        *_, end = _states(game, seed)
        assert len(end.history) <= limit
        outcome = end.outcome()
        assert outcome is not None
        assert all(low <= s <= high for s in outcome.scores), (outcome.scores, low, high)


def test_bounds_follow_the_options() -> None:
    g4 = gamelib.load("megalomania")
    assert g4.max_length() == 4 * 208  # 20 (mission 25) + 18 (15) + 10 x 17 per seat
    assert g4.score_bounds() == (-35.0, 76.0)
    short2 = gamelib.load("megalomania", players=2, length="short")
    assert short2.max_length() < g4.max_length()
    paired = gamelib.load("megalomania", teams="pairs")
    assert paired.score_bounds() == (-70.0, 152.0)  # two seats' pooled scores
    no_scrolls = gamelib.load("megalomania", scroll_rule="off")
    assert no_scrolls.score_bounds()[1] == 74.0  # no end bonus


# -- observation ----------------------------------------------------------------------------
def test_observation_size_is_fixed_across_a_game() -> None:
    game = gamelib.load("megalomania", players=3, length="short")
    size = game.observation_size()
    assert size == sum(w * (3 if per_seat else 1) for _, w, per_seat in OBSERVATION_LAYOUT)
    for state in _states(game, 5):
        for seat in range(3):
            numbers = game.observe(state.view(seat))
            assert len(numbers) == size
            assert all(isinstance(x, float) for x in numbers)


def test_observation_shows_the_own_hand_only() -> None:
    game = gamelib.load("megalomania", players=4)
    state = next(s for s in _states(game, 2) if s.phase == "play")
    numbers = game.observe(state.view(1))
    start = sum(w * (4 if per else 1) for name, w, per in OBSERVATION_LAYOUT
                if OBSERVATION_LAYOUT.index((name, w, per)) < 10)
    hand = numbers[start : start + 32]
    assert [DECK[i] for i, x in enumerate(hand) if x] == state.hands[1]


def test_observe_refuses_the_teachers_view() -> None:
    game = gamelib.load("megalomania")
    with pytest.raises(ValueError, match="seat"):
        game.observe(game.new_state(1).view(None))


# -- sampled worlds -------------------------------------------------------------------------
def test_sample_world_rejects_a_bad_seat() -> None:
    state = gamelib.load("megalomania", players=3).new_state(1)
    before = digest(state)
    for bad in (-1, 3, True, "0", None):
        with pytest.raises(ValueError):
            state.sample_world(bad, 0)  # type: ignore[arg-type]
    assert digest(state) == before


@pytest.mark.parametrize("number", range(1, 26))
def test_sample_world_keeps_the_view_and_legal_actions_in_every_mission(number: int) -> None:
    """Round 1 of each mission (set-up steps, Explorer and Peasant choices included): for every
    seat, a sampled world shows the seat the same view and, on its turn, the same legal actions;
    the state is unchanged; the world keeps the invariants; the sample depends on the view only
    (sampling from the world gives what sampling from the truth gives)."""
    game, states = _first_round(number)
    _ = game.rule_options  # the game caches these on the first view: not a change of state
    for step, state in enumerate(states):
        if step % 2:
            continue
        before = digest(state)
        for seat in range(game.players):
            world = state.sample_world(seat, Rng(step * 7 + seat))
            assert digest(state) == before
            world.check_invariants()
            assert fingerprint(world.view(seat)) == fingerprint(state.view(seat))
            if state.current_player == seat:
                assert world.legal_actions() == state.legal_actions()
            again = world.sample_world(seat, Rng(99))
            assert fingerprint(again) == fingerprint(state.sample_world(seat, Rng(99)))


def test_sample_world_resamples_an_opponents_hand() -> None:
    """Over fixed seeds the world deals seat 1 another hand than the true one."""
    game = gamelib.load("megalomania", players=4)
    state = next(s for s in _states(game, 3) if s.phase == "play" and s.m.number != 20)
    differ = sum(
        state.sample_world(0, Rng(seed)).hands[1] != state.hands[1] for seed in range(20)
    )
    assert differ >= 15
    assert all(state.sample_world(0, Rng(seed)).hands[0] == state.hands[0] for seed in range(20))


def test_sample_world_resamples_the_decks_and_face_down_cards() -> None:
    """Mission 19's draw piles (face down, even the seat's own), the cards set aside, the
    mission deck and the scroll deck are dealt anew."""
    _, states = _first_round(19)
    state = next(s for s in states if s.phase == "play")
    worlds = [state.sample_world(0, Rng(seed)) for seed in range(10)]
    assert any(w.draw_piles[0] != state.draw_piles[0] for w in worlds)
    assert any(w.set_aside != state.set_aside for w in worlds)
    assert any(w.mission_deck != state.mission_deck for w in worlds)
    assert all(sorted(w.mission_deck) == sorted(state.mission_deck) for w in worlds)
    assert any(w.scroll_deck != state.scroll_deck for w in worlds)


def test_sample_world_keeps_cards_the_seat_knows_in_other_hands() -> None:
    """Mission 20 (hands given to the partner): the partner's hand is the seat's own old hand,
    so it is kept; mission 13: the face-up cards stay in their hands; mission 25: the three
    cards passed to the left neighbour stay there."""
    _, states = _first_round(20)
    state = next(s for s in states if s.phase == "play")
    for seed in range(5):
        world = state.sample_world(0, Rng(seed))
        assert world.hands[2] == state.hands[2]
        assert world.hands[1] != state.hands[1] or world.hands[3] != state.hands[3]
    _, states = _first_round(13)
    state = next(s for s in states if s.phase == "play")
    for seed in range(5):
        world = state.sample_world(0, Rng(seed))
        for s in range(1, state.n):
            assert set(state.revealed[s]) <= set(world.hands[s])
    _, states = _first_round(25)
    state = next(s for s in states if s.phase == "play")
    passed = [c for c in state.hands[1] if c in state.seen[0]]
    assert len(passed) >= 3
    for seed in range(5):
        assert set(passed) <= set(state.sample_world(0, Rng(seed)).hands[1])


def test_sample_world_gives_no_card_of_a_colour_a_player_did_not_follow() -> None:
    """Rule (follow the lead colour): seat 1 played black on a blue lead, so it holds no blue;
    neither is it given one in a sampled world."""
    game = gamelib.load("megalomania", players=3)
    state = MegalomaniaState.position(
        game,
        hands=[parse_cards("Y15 Y12 R9"), parse_cards("K15 K12 R7"), parse_cards("B12 R6 K9")],
        mission_no=1,
        trick=[],
    )
    state = gamelib.play(state, "play yellow 15 (Emperor)")  # type: ignore[assignment]
    state = gamelib.play(state, "play black 15 (Emperor)")  # type: ignore[assignment]
    state = gamelib.play(state, "play blue 12 (Oracle)")  # type: ignore[assignment]
    yellow = {c for c in DECK if c.colour.value == "yellow"}
    for seed in range(30):
        world = state.sample_world(2, Rng(seed))
        assert not yellow & set(world.hands[1])
        world.check_invariants()


def test_deal_with_bans_finds_a_deal_when_greedy_cannot() -> None:
    """The exact fallback places every card where the greedy deal gets stuck."""
    cards = parse_cards("B15 B12 Y15 Y12")
    blue, yellow = frozenset(cards[:2]), frozenset(cards[2:])
    dealt = _match(list(cards), [2, 2], [yellow, blue])
    assert set(dealt[0]) == blue and set(dealt[1]) == yellow
    dealt = _deal_with_bans(list(cards), [1, 1, 2], [yellow, yellow, frozenset()], Rng(1))
    assert not (set(dealt[0]) | set(dealt[1])) & yellow


@pytest.mark.parametrize("options", CONFIGS[:3], ids=["4p", "2p", "3p"])
def test_bans_are_those_the_odds_read_from_the_view(options: dict[str, Any]) -> None:
    """The sampled worlds ban what :func:`hidden_card_bans` reads from a seat's view."""
    game = gamelib.load("megalomania", **options)
    found = 0
    for seed in range(6):
        for state in _states(game, seed):
            if state.is_terminal():
                break
            bans = _bans(state)
            assert tuple(bans) == hidden_card_bans(state.view(0))
            found += any(bans)
    assert found


def test_sample_world_plays_out_to_an_end() -> None:
    game = gamelib.load("megalomania", players=4, length="short")
    chooser = random.Random(3)
    for i, state in enumerate(_states(game, 8)):
        if i % 25 or state.is_terminal():
            continue
        world = state.sample_world(i % 4, Rng(i))
        while not world.is_terminal():
            legal = world.legal_actions()
            world.apply_in_place(legal[chooser.randrange(len(legal))])
            world.check_invariants()
        assert len(world.history) <= game.max_length()


def test_sample_world_hides_nothing_new_from_the_teacher() -> None:
    """A world is a full state: the teacher's view of it differs from the truth only in what
    the seat cannot see (here: the other hands)."""
    game = gamelib.load("megalomania", players=2)
    state = next(s for s in _states(game, 4) if s.phase == "play")
    world = state.sample_world(0, Rng(1))
    truth, seen = state.view(None), world.view(None)
    assert dataclasses.replace(
        seen, hands=truth.hands, known_cards=truth.known_cards, log=truth.log
    ) == truth
