"""The search contract of 毒ガス塹壕戦 (issue 11): action ids, bounds, observation, sampled worlds.

Every game here is seeded and the counts are fixed; nothing is timed.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

import gamelib
from gamelib.core import Rng, digest, fingerprint
from gamelib.trench.search import GIVES_PER_TURN, length_terms

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "beginner": True},
    {"players": 3, "interrupt_timing": "boundary"}, {"players": 4, "open_teams": True},
    {"players": 4, "hidden_teams": True}, {"players": 2, "civilians": True, "guerrillas": True},
    {"players": 4, "civilians": True, "open_teams": True},
]
IDS = ["2p", "3p", "4p", "beginner", "boundary", "open-teams", "hidden-teams", "guerrillas",
       "civilians-open-teams"]


def _random_states(opts: dict[str, Any], games: int, every: int, seed: int = 0) -> Iterator[Any]:
    """Every ``every``-th state of ``games`` seeded random games (fast path)."""
    game = gamelib.load("trench", **opts)
    for g in range(games):
        st = game.new_state(seed * 1000 + g)
        chooser = random.Random(seed * 1000 + g)
        step = 0
        while not st.is_terminal():
            if step % every == 0:
                yield st
                st = st.clone()
            st.apply_in_place(chooser.choice(st.legal_actions()))
            step += 1


# ----------------------------------------------------------------------------- action ids
@pytest.mark.parametrize("opts", OPTION_SETS, ids=IDS)
def test_every_legal_action_of_random_games_has_an_id_that_maps_back(opts):
    """all_actions covers what legal_actions can offer: 20 random games, every step."""
    game = gamelib.load("trench", **opts)
    count = game.action_count()
    assert count < 5_000  # OpenSpiel's num_distinct_actions / PettingZoo's mask length
    for g in range(20):
        st = game.new_state(g, quiet=True)
        chooser = random.Random(g)
        while not st.is_terminal():
            legal = st.legal_actions()
            ids = [game.action_id(a) for a in legal]
            assert len(set(ids)) == len(ids)
            i = chooser.randrange(len(legal))
            assert game.action_from_id(st, ids[i]) is legal[i]
            st.apply_in_place(legal[i])


def test_action_ids_follow_the_rule_tables():
    """The first ids are the weapon assignments (R4.4), in permutation order; no duplicates."""
    game = gamelib.load("trench", players=2)
    actions = game.all_actions()
    assert [str(a) for a in actions[:2]] == ["arm gun,gas,bomb", "arm gun,bomb,gas"]
    assert len({id(a) for a in actions}) == len(actions) == game.action_count()
    beginner = gamelib.load("trench", players=2, beginner=True)
    assert [str(a) for a in beginner.all_actions()[:2]] == ["arm gun,bomb", "arm bomb,gun"]
    assert beginner.action_count() < game.action_count()  # no gas, drugs, masks (R13.1)


# ----------------------------------------------------------------------------- bounds
@pytest.mark.parametrize("opts", OPTION_SETS, ids=IDS)
def test_max_length_and_score_bounds_hold_over_random_games(opts):
    """40 seeded random games per option set end within max_length, scores within bounds."""
    game = gamelib.load("trench", **opts)
    limit = game.max_length()
    low, high = game.score_bounds()
    for g in range(40):
        st = game.new_state(500 + g, quiet=True)
        chooser = random.Random(g)
        while not st.is_terminal():
            st.apply_in_place(chooser.choice(st.legal_actions()))
            assert len(st.history) <= limit
        out = st.outcome()
        assert all(low <= s <= high for s in out.scores), out


def test_max_length_is_finite_for_every_rule_set():
    """Every combination of the options that shape the game gives a finite positive bound."""
    for players, beginner, civilians, food, timing in itertools.product(
        (2, 3, 4), (False, True), (False, True), (0, 3), ("phase4", "boundary")
    ):
        game = gamelib.load("trench", players=players, beginner=beginner, civilians=civilians,
                            setup_food=food, interrupt_timing=timing)
        terms = length_terms(game.options)
        assert 0 < terms["turns"] < terms["rounds"] <= terms["decisions"]
        assert game.max_length() == terms["total"] < 10**9


def test_free_transfers_stop_after_the_cap_per_turn():
    """The ruling under R6.11: after GIVES_PER_TURN transfers in a turn none is offered, and
    the next turn may give again (no endless turn, so max_length holds)."""
    for st in _random_states({"players": 2}, 30, 1, seed=7):
        gives = [a for a in st.legal_actions() if a.verb == "give"]
        if gives:
            break
    else:  # pragma: no cover - the seeded games above do offer transfers
        pytest.fail("no transfer found")
    st = st.clone()
    turn = st.turn_no
    for _ in range(GIVES_PER_TURN):
        give = next(a for a in st.legal_actions() if a.verb == "give")
        st.apply_in_place(give)
        assert st.turn_no == turn
    assert not [a for a in st.legal_actions() if a.verb == "give"]
    assert st.t_gives == GIVES_PER_TURN


# ----------------------------------------------------------------------------- observation
@pytest.mark.parametrize("opts", OPTION_SETS, ids=IDS)
def test_observation_size_is_fixed_across_a_game(opts):
    """Every seat's observation has observation_size() finite numbers at every 3rd step."""
    game = gamelib.load("trench", **opts)
    size = game.observation_size()
    for st in _random_states(opts, 2, 3):
        for seat in range(game.players):
            numbers = game.observe(st.view(seat))
            assert len(numbers) == size
            assert all(isinstance(x, float) for x in numbers)


def test_observation_shows_only_the_seat_view():
    """Two states that differ only in what seat 0 cannot see give seat 0 the same numbers; the
    teacher's view is refused."""
    game = gamelib.load("trench", players=3)
    for st in _random_states({"players": 3}, 1, 11):
        world = st.sample_world(0, 5)
        assert game.observe(world.view(0)) == game.observe(st.view(0))
    with pytest.raises(ValueError, match="seat"):
        game.observe(st.view(None))


# ----------------------------------------------------------------------------- worlds
@pytest.mark.parametrize("opts", OPTION_SETS, ids=IDS)
def test_sample_world_keeps_the_seat_view_and_its_legal_actions(opts):
    """Every 5th step of 3 games: for each seat, the world shows it the same view, offers it the
    same actions on its turn, keeps the invariants and leaves the state unchanged."""
    game = gamelib.load("trench", **opts)
    for k, st in enumerate(_random_states(opts, 3, 5)):
        before = digest(st)
        for seat in range(game.players):
            world = st.sample_world(seat, Rng(k * 7 + seat))
            assert fingerprint(world.view(seat)) == fingerprint(st.view(seat))
            if st.current_player == seat:
                assert list(map(str, world.legal_actions())) == list(map(str, st.legal_actions()))
            world.check_invariants()
            assert digest(st) == before


def _teacher(st: Any) -> Any:
    return fingerprint(dataclasses.replace(st.view(None), log=()))


def test_sample_world_resamples_an_opponents_plot_and_hand():
    """R9.6: after seat 1 plots, seat 0's worlds deal seat 1's plot anew over fixed seeds (its
    size and seat 1's cards kept, seat 0's own hand and plot kept)."""
    differ = 0
    for st in _random_states({"players": 2}, 40, 1, seed=3):
        if st.plots[1] is None or st.plots[0] is not None or st.phase != "plot":
            continue
        for r in range(5):
            world = st.sample_world(0, r)
            assert world.hands[0] == st.hands[0] and world.plots[0] == st.plots[0]
            assert len(world.plots[1]) == len(st.plots[1])
            assert sum(world.hands[1].values()) == sum(st.hands[1].values())
            pool = {c: world.hands[1][c] + world.plots[1].count(c) for c in world.hands[1]}
            assert pool == {c: st.hands[1][c] + st.plots[1].count(c) for c in st.hands[1]}
            differ += world.plots[1] != st.plots[1]
    assert differ > 10


def test_sample_world_resamples_unseen_weapon_tiles_and_keeps_seen_ones():
    """A1 / R9.3: tiles seat 0 has not seen may change kind (within one owner's set, same
    rounds left); its own tiles, tiles it saw and fired tiles keep their kind."""
    changed = 0
    for k, st in enumerate(_random_states({"players": 3}, 4, 9)):
        known = st.known[0] | st.public_tiles
        world = st.sample_world(0, k)
        for s, w in zip(st.soldiers, world.soldiers, strict=True):
            for t, u in zip(s.tiles, w.tiles, strict=True):
                assert t[0] == u[0] and t[2] == u[2]
                if int(t[0]) in known or s.owner == 0:
                    assert t[1] == u[1]
                changed += t[1] != u[1]
        for p in range(3):  # each owner still has one tile of each kind (A1)
            kinds = sorted(str(t[1]) for s in world.soldiers for t in s.tiles
                           if int(t[0]) // 3 == p)
            assert kinds == sorted(str(t[1]) for s in st.soldiers for t in s.tiles
                                   if int(t[0]) // 3 == p)
    assert changed > 0


def test_sample_world_reshuffles_the_wind_pile():
    """R2.4: the wind pile keeps its cards; its order (the winds to come) is drawn anew."""
    orders = set()
    for k, st in enumerate(_random_states({"players": 2}, 2, 15)):
        world = st.sample_world(1, k)
        assert sorted(world.pile) == sorted(st.pile)
        assert world.previews == st.previews and world.wind_card == st.wind_card
        orders.add(tuple(world.pile) != tuple(st.pile))
    assert True in orders


def test_sample_world_deals_unknown_hidden_teams_and_keeps_known_ones():
    """R13.4: teams seat 0 has not learnt are dealt among the deals it cannot tell apart (two
    of each); its own and the seen ones stay."""
    differ = 0
    for k, st in enumerate(_random_states({"players": 4, "hidden_teams": True}, 3, 10)):
        world = st.sample_world(0, k)
        assert sorted(world.team) == [0, 0, 1, 1]
        for q in st.team_seen[0]:
            assert world.team[q] == st.team[q]
        differ += world.team != st.team
    assert differ > 0


def test_sample_world_depends_only_on_the_seat_view():
    """A world sampled from a world, with the same generator, is the world sampled from the
    truth: nothing of the true hidden order shows through."""
    for k, st in enumerate(_random_states({"players": 4}, 2, 13)):
        first = st.sample_world(2, 100 + k)
        assert fingerprint(first.sample_world(2, 7)) == fingerprint(st.sample_world(2, 7))
        assert _teacher(st.sample_world(2, 7)) == _teacher(st.sample_world(2, Rng(7)))


def test_sampled_worlds_play_out_to_an_end():
    """Worlds of every seat play out (random actions) with the invariants kept every step."""
    game = gamelib.load("trench", players=3, interrupt_timing="boundary")
    for k, st in enumerate(_random_states({"players": 3, "interrupt_timing": "boundary"}, 2, 17)):
        for seat in range(3):
            world = st.sample_world(seat, k)
            chooser = random.Random(k)
            while not world.is_terminal():
                world.apply_in_place(chooser.choice(world.legal_actions()))
                world.check_invariants()
            assert len(world.history) <= game.max_length()


@pytest.mark.parametrize("seat", [-1, 2, True, "0", None, 1.0])
def test_sample_world_refuses_a_seat_that_does_not_exist(seat):
    st = gamelib.load("trench", players=2).new_state(1)
    before = digest(st)
    with pytest.raises(ValueError, match="seat"):
        st.sample_world(seat, 1)
    assert digest(st) == before
