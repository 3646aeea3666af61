"""The search contract on 主計将校 (issue 11): action ids, bounds, observation, sampled worlds.

Random games are seeded and their number fixed. The rules checked: a seat sees its own nations'
hands and face-down Responses, counts of the others', every Status card and the top card of each
discard pile (docs/rules/qmg.md, "Cards"); the game lasts at most 20 rounds (「20ラウンド」).
"""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib.core import IllegalAction, Rng, digest, fingerprint
from gamelib.qmg import search
from gamelib.qmg.board import NATIONS
from gamelib.qmg.cards import default_cards
from tests.qmg.util import GER, ITA, UK, board, scenario


def _random_states(players: int, games: int, seed: int = 0, **options):
    """Every state (the game's own object, moved on in place) of ``games`` seeded random games."""
    game = gamelib.load("qmg", players=players, **options)
    for g in range(games):
        state = game.new_state(seed * 1000 + g, quiet=True)
        pick = random.Random(g)
        while True:
            yield g, state
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_in_place(legal[pick.randrange(len(legal))])


def _sampled_at(players: int, games: int, every: int):
    """(state clone, steps) every ``every``-th step of seeded random games (logged states)."""
    game = gamelib.load("qmg", players=players)
    for g in range(games):
        state = game.new_state(500 + g)
        pick = random.Random(g)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                yield state.clone()
            legal = state.legal_actions()
            state.apply_in_place(legal[pick.randrange(len(legal))])
            step += 1


# -- action ids ---------------------------------------------------------------------------------
def test_all_actions_are_distinct_and_the_same_for_every_option_set():
    base = gamelib.load("qmg").all_actions()
    assert len(set(base)) == len(base) == gamelib.load("qmg").action_count()
    for options in ({"players": 6}, {"reallocate": False}, {"iron_ore": "then", "lang": "ja"}):
        assert list(map(str, gamelib.load("qmg", **options).all_actions())) == list(
            map(str, base)
        )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_legal_action_of_random_games_has_an_id_that_maps_back(players):
    game = gamelib.load("qmg", players=players)
    count = game.action_count()
    checked = 0
    for _, state in _random_states(players, games=6, seed=players):
        if state.is_terminal():
            continue
        for action in state.legal_actions():
            i = game.action_id(action)
            assert 0 <= i < count
            assert game.all_actions()[i] == action
            checked += 1
    assert checked > 1000


def test_action_from_id_refuses_an_action_not_legal_now_in_both_languages():
    game = gamelib.load("qmg")
    state = game.new_state(seed=4)
    legal = {game.action_id(a) for a in state.legal_actions()}
    other = next(i for i in range(game.action_count()) if i not in legal)
    with pytest.raises(IllegalAction) as info:
        game.action_from_id(state, other)
    assert info.value.en != info.value.ja


# -- bounds -------------------------------------------------------------------------------------
def test_max_length_and_score_bounds_hold_over_random_games():
    """「20ラウンド」 bounds every game; VP stay within score_bounds (ruling 7: VP may be < 0)."""
    low, high = gamelib.load("qmg").score_bounds()
    limit = gamelib.load("qmg").max_length()
    assert low < 0 < high and limit > 0
    for players in (2, 4, 6):
        longest = 0
        for _, state in _random_states(players, games=8, seed=10 + players):
            longest = max(longest, len(state.history))
            if state.is_terminal():
                assert len(state.history) <= limit
                assert all(low <= s <= high for s in state.outcome().scores)
        assert 0 < longest <= limit


def test_max_length_is_derived_from_the_card_data():
    """The bound is recomputed from the tables (cached) and refuses data that would break it."""
    assert search.max_length() == gamelib.load("qmg", players=5).max_length()
    assert search.max_length() > 18 + 20 * 6  # at least one decision per turn


# -- observation ----------------------------------------------------------------------------------
def test_observation_has_a_fixed_size_over_a_game_for_every_seat():
    game = gamelib.load("qmg", players=3)
    size = game.observation_size()
    assert size == search.SIZE
    seen = 0
    for _, state in _random_states(3, games=1, seed=3):
        if len(state.history) % 5 and not state.is_terminal():
            continue
        for seat in range(3):
            numbers = game.observe(state.view(seat))
            assert len(numbers) == size
            assert all(isinstance(x, float) for x in numbers)
            seen += 1
    assert seen > 50


def test_observation_shows_own_hand_and_only_counts_of_hidden_cards():
    game = gamelib.load("qmg", players=2)
    state = game.new_state(seed=8)
    view = state.view(0)
    numbers = game.observe(view)
    hand = search.OFFSETS["hand"]
    own = sum(len(state.hands[n]) for n in game.seats[0])
    assert sum(numbers[hand : hand + len(search.CARD_IDS)]) == own
    for n in range(len(NATIONS)):
        assert numbers[search.OFFSETS["sizes"] + 4 * n] == len(state.hands[n])
    # a world with other hidden cards gives the seat the same numbers
    world = state.sample_world(0, Rng(1))
    assert game.observe(world.view(0)) == numbers


def test_observe_refuses_the_teachers_view():
    game = gamelib.load("qmg")
    with pytest.raises(ValueError, match="seat"):
        game.observe(game.new_state(seed=1).view(None))


# -- sampled worlds -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_sample_world_keeps_the_seats_view_and_its_legal_actions(players):
    checked = 0
    for state in _sampled_at(players, games=3, every=13):
        before = digest(state)
        for seat in range(players):
            world = state.sample_world(seat, Rng(checked))
            assert fingerprint(world.view(seat)) == fingerprint(state.view(seat))
            if state.current_player == seat:
                world._opts = None  # built again from the world's cards, not the cached ones
                assert list(map(str, world.legal_actions())) == list(
                    map(str, state.legal_actions())
                )
            world.check_invariants()
            checked += 1
        assert digest(state) == before, "sample_world changed the state"
    assert checked > 20


def test_sample_world_resamples_the_other_seats_hands_responses_and_piles():
    hands = responses = piles = decks = 0
    for state in _sampled_at(2, games=2, every=41):
        world = state.sample_world(0, Rng(len(state.history)))
        for n in (1, 3, 5):  # the Allies: seat 1's nations
            hands += world.hands[n] != state.hands[n]
            responses += sorted(world.responses[n]) != sorted(state.responses[n])
            piles += world.discards[n][:-1] != state.discards[n][:-1]
        for n in (0, 2, 4):
            decks += world.decks[n] != state.decks[n]
    assert hands and responses and piles and decks


def test_sample_world_keeps_own_cards_public_cards_and_sizes():
    cards = default_cards()
    for state in _sampled_at(3, games=2, every=29):
        seat = state.current_player if state.current_player is not None else 0
        world = state.sample_world(seat, 5)
        for n in range(len(NATIONS)):
            mine = n in state.game.seats[seat]
            assert world.table[n] == state.table[n]
            assert len(world.hands[n]) == len(state.hands[n])
            assert len(world.decks[n]) == len(state.decks[n])
            assert len(world.responses[n]) == len(state.responses[n])
            assert world.discards[n][-1:] == state.discards[n][-1:]
            assert all(cards.card(c).type == "response" for c in world.responses[n])
            assert all(cards.card(c).nation == n for c in (*world.hands[n], *world.decks[n]))
            if mine:
                assert world.hands[n] == state.hands[n]
                assert world.responses[n] == state.responses[n]
                assert world.discards[n] == state.discards[n]
                assert sorted(world.decks[n]) == sorted(state.decks[n])
        assert world.pieces == state.pieces and world.vp == state.vp
        assert world.stack == state.stack and world.history == state.history


def test_sample_world_keeps_a_response_whose_use_is_pending():
    """A pending use-or-pass decision names its card: the world keeps it face down there."""
    found = 0
    for state in _sampled_at(2, games=6, every=1):
        reacts = [t for t in state.stack if t.op == "react" and t.card in state.responses[t.nation]]
        for task in reacts:
            seat = 1 - state.seat_of[task.nation]
            for k in range(3):
                world = state.sample_world(seat, k)
                assert task.card in world.responses[task.nation]
            found += 1
        if found >= 5:
            break
    assert found


def test_sample_world_depends_only_on_the_view():
    for state in _sampled_at(2, games=1, every=53):
        for seat in (0, 1):
            world = state.sample_world(seat, 11)
            assert fingerprint(world.sample_world(seat, 12)) == fingerprint(
                state.sample_world(seat, 12)
            )
            assert fingerprint(state.sample_world(seat, 11)) == fingerprint(world)


def test_a_sampled_world_plays_out_to_an_end():
    state = next(_sampled_at(4, games=1, every=100))
    world = state.sample_world(2, Rng(3))
    pick = random.Random(3)
    limit = state.game.max_length()
    while not world.is_terminal():
        legal = world.legal_actions()
        world.apply_in_place(legal[pick.randrange(len(legal))])
        world.check_invariants()
        assert len(world.history) <= limit


@pytest.mark.parametrize("seat", [-1, 2, True, "0", None, 1.0])
def test_sample_world_refuses_a_seat_that_does_not_exist(seat):
    state = gamelib.load("qmg", players=2).new_state(seed=1)
    before = digest(state)
    with pytest.raises(ValueError, match="seat"):
        state.sample_world(seat, Rng(1))
    assert digest(state) == before


def test_projected_scores_count_each_victory_step_to_come_at_what_it_gives_now():
    """``projected_scores`` (the search bot's ``evaluation="projection"``): each team's VP plus,
    for every Victory step still to come in the 20 rounds (「20ラウンド」), the supply-space points
    it would give now (「自分の陸軍コマだけが…2勝利点」「同盟国の陸軍コマが共同で…1勝利点」), none
    for a nation whose home an enemy army holds (「本拠地に敵国の陸軍…飛ばされます」)."""
    start = gamelib.load("qmg", players=2).new_state(seed=3)
    assert start.projected_scores() == (120.0, 120.0)  # a team: 3 homes × 2 VP × 20 steps
    # Italy's turn of round 1, after its Victory step: 19 steps to come for Germany to Italy,
    # 20 for the United States.
    st = scenario(ITA, pieces=board(western_europe=(GER, ITA)), hand=[])
    assert (st.round, st.vp) == (1, [3, 0])
    axis = 3 + 19 * (3 + 2 + 3)  # Germany and Italy share Western Europe: 2 + 1 each
    allies = 19 * (2 + 2) + 20 * 2
    assert st.projected_scores()[:2] == (axis, allies)
    taken = scenario(ITA, pieces=board(germany=(UK,), western_europe=(GER,)), hand=[])
    assert taken.projected_scores()[0] == 2 + 19 * (0 + 2 + 2)  # Germany's steps score nothing
    for _, state in _random_states(2, 1, seed=4):
        if state.is_terminal():
            assert state.projected_scores() == tuple(float(v) for v in state.vp)
    before = digest(st)
    st.projected_scores()
    assert digest(st) == before  # reading a projection changes nothing
