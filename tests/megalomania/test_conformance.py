"""The shared conformance suite on Megalomania, with a hidden-information check of every view."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import gamelib
from gamelib.core.state import State, View, digest
from gamelib.megalomania.actions import parse_action_text
from gamelib.megalomania.cards import DECK, Card
from gamelib.megalomania.state import MegalomaniaState
from gamelib.megalomania.view import MegalomaniaView
from gamelib.testing import run_conformance


def _cards_in(obj: Any, out: set[Card]) -> None:
    if isinstance(obj, Card):
        out.add(obj)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for x in obj:
            _cards_in(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            _cards_in(x, out)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            _cards_in(getattr(obj, f.name), out)


def view_check(state: State[Any], view: View, viewer: int | None) -> None:
    """No card the viewer may not see appears anywhere in the view (log aside), and the private
    log entries of others stay hidden."""
    assert isinstance(state, MegalomaniaState) and isinstance(view, MegalomaniaView)
    n = state.n
    assert view.hand_counts == tuple(len(h) for h in state.hands)
    if viewer is None:
        assert view.hands == tuple(tuple(h) for h in state.hands)
        return
    assert view.hand == tuple(state.hands[viewer])
    assert all(view.hands[s] is None for s in range(n) if s != viewer)
    allowed: set[Card] = set(state.hands[viewer])
    allowed |= {c for seat in state.captured for t in seat for c in t}
    allowed |= {p.card for p in state.trick} | {p.card for p in state.last_trick}
    for s in range(n):
        allowed |= set(state.revealed[s])
        allowed |= {c for c in state.hands[s] if c in state.seen[viewer]}
        assert set(view.known_cards[s]) <= set(state.hands[s])
    allowed |= set(state.own_aside[viewer]) | set(state.passing[viewer])
    if state.explorer is not None:
        allowed.add(state.explorer[3])
    found: set[Card] = set()
    for f in dataclasses.fields(view):
        if f.name != "log":
            _cards_in(getattr(view, f.name), found)
    leaked = found - allowed
    assert not leaked, f"viewer {viewer} sees hidden cards {sorted(map(str, leaked))}"
    hidden = set(DECK) - allowed
    for e in view.log:
        assert e.visible_to is None or viewer in e.visible_to
    # the set-aside cards and the face-down cards are never in a player's view
    assert not found & set(state.set_aside)
    assert not found & {u for c in state.covered for _, u in c}
    assert not found & {c for p in state.draw_piles for c in p}
    assert hidden.isdisjoint(found)


def test_conformance_main_config() -> None:
    """4 players, 12 rounds: 12 seeded random games (about 450 steps each), every step checked.

    A fixed count of games, so the test does the same work on any machine."""
    report = run_conformance("megalomania", {"players": 4}, games=12, view_check=view_check)
    print(report.summary())
    assert report.games == report.finished == 12


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "length": "short"},
        {"players": 3, "length": "short"},
        {"players": 2},
        {"players": 4, "length": "short", "dominant_rule": "random", "cube_step": 1},
        {"players": 3, "length": "short", "scroll_rule": "off", "resources": 5, "lang": "ja"},
    ],
    ids=["2p-short", "3p-short", "2p-long", "4p-short-variants", "3p-ja-options"],
)
def test_conformance_other_configs(options: dict[str, Any]) -> None:
    report = run_conformance("megalomania", options, games=6, view_check=view_check,
                             replay_every=3)
    print(report.summary())
    assert report.games == report.finished == 6


@pytest.mark.parametrize("number", range(1, 26))
def test_every_mission_round_fully_checked(number: int) -> None:
    """The first round of each mission (every deal and setup step), every step checked like the
    conformance suite's heavy games: invariants, unique texts that parse back, views of every
    seat and the teacher passing the hidden-information check."""
    game = gamelib.load(
        "megalomania", players=4 if number in (20, 21) else 2 + number % 3, first_mission=number
    )
    state = game.new_state(number)
    rng = random.Random(number)
    while state.round == 1:
        state.check_invariants()
        legal = state.legal_actions()
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts)
        for a, t in zip(legal, texts, strict=True):
            assert game.parse_action(state, t) == a
            assert parse_action_text(t) == a
        for viewer in [None, *range(game.players)]:
            view_check(state, state.view(viewer), viewer)
        state = gamelib.play(state, legal[rng.randrange(len(legal))])
    assert state.round_missions == [number]


def test_a_view_leaves_the_digest_of_game_and_state_unchanged() -> None:
    """Building a view caches nothing on the game or the state that their digest reads (the
    options a view carries are made with the game)."""
    game = gamelib.load("megalomania", players=3)
    state = game.new_state(7)
    before = (digest(game), digest(state))
    view = state.view(0)
    state.view(None)
    assert view.rule_options == tuple(game.options.to_dict().items())
    assert (digest(game), digest(state)) == before
