"""The search contract on 列強の興亡 (issue 11): action ids, max_length, score bounds, the numeric
observation and sampled worlds (``sample_world``), over fixed seeded random games."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest

import gamelib
from gamelib.core import Rng
from gamelib.core.state import digest, fingerprint
from gamelib.rekkyo import search
from gamelib.rekkyo.position import make_position, play_texts
from gamelib.rekkyo.state import RekkyoState
from gamelib.testing import run_conformance
from tests.rekkyo.test_conformance import hidden_information_check


def _states(game, seed: int, every: int = 1) -> Iterator[RekkyoState]:
    """Every ``every``-th state of a seeded random game (fast path), the end included."""
    chooser = random.Random(seed)
    state = game.new_state(seed)
    step = 0
    while True:
        if step % every == 0 or state.is_terminal():
            yield state
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state = state.clone()
        state.apply_in_place(legal[chooser.randrange(len(legal))])
        step += 1


def _sampled_states(players: int, games: int, every: int = 5, **options) -> Iterator[RekkyoState]:
    game = gamelib.load("rekkyo", players=players, **options)
    for seed in range(games):
        for state in _states(game, seed, every):
            if not state.is_terminal():
                yield state


# -- action ids and bounds ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_every_legal_action_has_an_id_in_random_games(players):
    """all_actions lists every action legal_actions offers (40 seeded games per player count),
    ids map back, games stay within max_length and scores within score_bounds."""
    game = gamelib.load("rekkyo", players=players)
    count = game.action_count()
    limit = game.max_length()
    low, high = game.score_bounds()
    for seed in range(40):
        steps = 0
        for state in _states(game, seed):
            legal = state.legal_actions()
            ids = [game.action_id(a) for a in legal]
            assert len(set(ids)) == len(ids) and all(0 <= i < count for i in ids)
            if steps % 7 == 0:
                assert [game.action_from_id(state, i) for i in ids] == legal
            steps += 1
        assert steps - 1 <= limit
        outcome = state.outcome()
        assert outcome is not None and all(low <= s <= high for s in outcome.scores)


@pytest.mark.parametrize("options", [
    {"attack_open_cards": "face_up"}, {"defender_events": "alone"},
    {"siberia": "siberia6", "players": 3}, {"partisan": "sabotage", "players": 5},
])
def test_every_legal_action_has_an_id_under_rulings(options):
    game = gamelib.load("rekkyo", **options)
    for seed in range(15):
        for state in _states(game, seed):
            for action in state.legal_actions():
                assert game.action_from_id(state, game.action_id(action)) == action


def test_all_actions_in_card_file_order():
    """The list starts with doing nothing and the invasions in card-file order (land first),
    and holds each kind of action the rules offer, once."""
    game = gamelib.load("rekkyo", players=4)
    texts = [str(a) for a in game.all_actions()]
    assert texts[0] == "do nothing"
    invasions = [(tid, route) for tid, route, _ in game.invasion_links]
    assert texts[1 : 1 + len(invasions)] == [f"invade {t} by {r}" for t, r in invasions]
    assert len(texts) == len(set(texts)) == game.action_count() == 149
    for text in ("play spy on player 4", "play diplomacy on hawaii", "play conscription",
                 "commit", "defend", "no interception", "intercept with spitfire",
                 "add atomic_bomb", "discard spy"):
        assert text in texts
    assert "discard partisan" not in texts and "add spy" not in texts
    assert "play diplomacy on usa" not in texts  # power 6 is above diplomacy's max_power


def test_max_length_follows_from_the_deck_and_the_hand_limit():
    """(83 cards - 5 per seat) turns of at most 5 × 5 + 6 = 31 steps."""
    for players in range(2, 8):
        game = gamelib.load("rekkyo", players=players)
        assert game.max_length() == (83 - 5 * players) * 31


def test_score_bounds():
    assert gamelib.load("rekkyo").score_bounds() == (0.0, 51.0)
    # Siberia counts 6 instead of 2 for the Soviet starter
    assert gamelib.load("rekkyo", siberia="siberia6").score_bounds() == (0.0, 55.0)


# -- the numeric observation --------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_observation_size_is_fixed_across_a_game(players):
    game = gamelib.load("rekkyo", players=players)
    size = game.observation_size()
    phases = set()
    for state in _states(game, seed=players, every=3):
        phases.add(state.phase)
        for seat in range(players):
            numbers = game.observe(state.view(seat))
            assert len(numbers) == size
            assert all(isinstance(x, float) and math.isfinite(x) for x in numbers)
    assert {"action", "attack", "over"} <= phases


def test_observation_hides_what_the_view_hides():
    """A seat's observation is the same in every world sampled for it (it is made from the
    view only), and refuses the teacher's view."""
    game = gamelib.load("rekkyo", players=3)
    for state in list(_sampled_states(3, 2, every=11))[:20]:
        for seat in range(3):
            world = state.sample_world(seat, Rng(5))
            assert game.observe(world.view(seat)) == game.observe(state.view(seat))
    with pytest.raises(ValueError, match="seat"):
        game.observe(game.new_state(1).view(None))


def test_observation_layout_starts_with_viewer_and_current_player():
    game = gamelib.load("rekkyo", players=4)
    state = game.new_state(7)
    numbers = game.observe(state.view(2))
    assert numbers[:4] == [0.0, 0.0, 1.0, 0.0]
    assert numbers[4 + state.current_player] == 1.0
    phase = numbers[12:18]
    assert phase == [1.0 if p == state.phase else 0.0 for p in search.PHASES]


# -- sampled worlds ---------------------------------------------------------------------------
def _check_world(state: RekkyoState, seat: int, seed: int) -> RekkyoState:
    before = digest(state)
    world = state.sample_world(seat, Rng(seed))
    assert digest(state) == before, "sample_world changed the state"
    assert fingerprint(world.view(seat)) == fingerprint(state.view(seat))
    if state.current_player == seat:
        assert list(map(str, world.legal_actions())) == list(map(str, state.legal_actions()))
    world.check_invariants()
    return world


@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (4, {}), (7, {}), (3, {"attack_open_cards": "face_up"}),
    (3, {"defender_events": "alone"}),
])
def test_sample_world_keeps_the_view_and_the_legal_actions(players, options):
    """Worlds for every seat of states in every phase: the seat's view and, on its turn, its
    legal actions are the truth's; the state is unchanged; the invariants hold."""
    phases = Counter()
    for k, state in enumerate(_sampled_states(players, 6, every=3, **options)):
        phases[state.phase] += 1
        for seat in range(players):
            _check_world(state, seat, seed=k * 10 + seat)
    assert {"action", "attack", "defend"} <= set(phases)


def test_sample_world_resamples_the_hidden_cards():
    """Over fixed seeds an opponent's hand and the draw pile differ from the truth, while the
    seat's own hand, the discards and the hand sizes stay."""
    game = gamelib.load("rekkyo", players=3)
    state = game.new_state(11)
    hands_differ = piles_differ = 0
    for seed in range(20):
        world = state.sample_world(0, seed)
        assert world.hands[0] == state.hands[0] and world.discard == state.discard
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.pile) == len(state.pile)
        hands_differ += Counter(world.hands[1]) != Counter(state.hands[1])
        piles_differ += world.pile != state.pile
        hidden = Counter(state.pile) + Counter(state.hands[1]) + Counter(state.hands[2])
        assert Counter(world.pile) + Counter(world.hands[1]) + Counter(world.hands[2]) == hidden
    assert hands_differ >= 15 and piles_differ >= 19


def test_sample_world_depends_only_on_the_view():
    """The same generator gives the same world from the truth and from a world of it."""
    for k, state in enumerate(_sampled_states(4, 2, every=13)):
        for seat in range(4):
            world = state.sample_world(seat, Rng(k))
            again = world.sample_world(seat, Rng(k + 1))
            direct = state.sample_world(seat, Rng(k + 1))
            assert fingerprint(again) == fingerprint(direct)


def test_sample_world_keeps_the_weapons_known_to_be_held():
    """Weapons everyone saw go back to a seat's hand stay with that seat in every world."""
    checked = 0
    for state in _sampled_states(3, 12, every=2):
        for r, known in enumerate(state.known_held):
            if not known:
                continue
            for seat in range(3):
                if seat == r:
                    continue
                world = _check_world(state, seat, seed=checked)
                held = Counter(world.hands[r])
                c = world.combat
                if c is not None and c.attacker == r:
                    held.update(c.attacker_cards)
                if c is not None and c.defender == r:
                    held.update(c.defender_cards)
                assert not Counter(known) - held
                checked += 1
    assert checked > 20


def test_sample_world_follows_the_combat_rules():
    """Resampled face-down cards may join the combat over its route (open cards shown face up
    stay); a committed attack can be committed; worlds play out to an end."""
    seen = Counter()
    chooser = random.Random(3)
    states = _sampled_states(3, 10, every=2, attack_open_cards="face_up")
    for k, state in enumerate(s for s in states if s.combat is not None):
        c = state.combat
        tables = state.game.card_tables
        for seat in range(3):
            world = _check_world(state, seat, seed=k)
            wc = world.combat
            if wc is not None and wc.stage in ("attack", "defend"):
                assert all(x in tables.addable[wc.route] for x in wc.attacker_cards)
                assert all(x in tables.addable[wc.route] for x in wc.defender_cards)
                shown = [x for x in c.attacker_cards if x in tables.open_cards]
                assert [x for x in wc.attacker_cards if x in tables.open_cards] == shown
                if wc.stage == "defend":
                    assert not tables.openers[wc.route].isdisjoint(wc.attacker_cards)
                seen[wc.stage] += 1
            if seat == k % 3:
                _play_out(world, chooser)
    assert seen["attack"] and seen["defend"]


def _play_out(world: RekkyoState, chooser: random.Random) -> None:
    limit = world.game.max_length()
    while not world.is_terminal():
        legal = world.legal_actions()
        assert legal and len(world.history) <= limit
        world.apply_in_place(legal[chooser.randrange(len(legal))])
    world.check_invariants()


def test_sample_world_gives_a_seat_asked_to_intercept_a_fighter():
    """Japan bombs China by sea; China's player, asked to intercept, holds a fighter in every
    world sampled for Japan's player (the other fighters and cards are dealt anew)."""
    game = gamelib.load("rekkyo", players=2)
    state = make_position(game, owners={"japan": 0, "china": 1},
                          hands=[["zero", "strategic_bombing", "yamato"],
                                 ["spitfire", "t34", "sherman", "kv1"]])
    state = play_texts(state, "invade china by sea", "add zero", "add strategic_bombing",
                       "commit", "add t34", "defend")
    assert state.phase == "intercept" and state.actor == 1
    fighters = game.card_tables.fighters
    chooser = random.Random(1)
    hands = set()
    for seed in range(30):
        world = _check_world(state, 0, seed)
        assert not fighters.isdisjoint(world.hands[1])
        hands.add(tuple(sorted(world.hands[1])))
        _play_out(world, chooser)
    assert len(hands) > 20


def test_sample_world_fallback_keeps_the_world_valid(monkeypatch):
    """Should every proposal fail, the unconstrained places are still dealt anew and the world
    is a valid state giving the seat its view."""
    monkeypatch.setattr(search, "TRIES", 0)
    for k, state in enumerate(_sampled_states(4, 2, every=9)):
        for seat in range(4):
            _check_world(state, seat, seed=k)


@pytest.mark.parametrize("bad", [-1, 3, True, "0", None, 1.0])
def test_sample_world_rejects_a_bad_seat(bad):
    state = gamelib.load("rekkyo", players=3).new_state(2)
    before = digest(state)
    with pytest.raises(ValueError, match="seat"):
        state.sample_world(bad, Rng(1))
    assert digest(state) == before


# -- the conformance suite under the rulings test_conformance does not run --------------------
@pytest.mark.parametrize("options", [
    {"attack_open_cards": "face_up", "players": 3}, {"defender_events": "alone"},
    {"first_player": "seat1", "opening_partisan": "reshuffle", "players": 4},
])
def test_conformance_other_rulings(options):
    report = run_conformance("rekkyo", options, games=6, view_check=hidden_information_check,
                             heavy_every=2, replay_every=3)
    assert report.games == report.finished == 6
