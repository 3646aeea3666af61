"""The shared conformance suite on every rule set and player count, with a hidden-hand check."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gamelib.powers.data import Card
from gamelib.powers.view import PowersView
from gamelib.testing import run_conformance

RULE_SETS = [
    {"rules": "base"},
    {"rules": "magazine"},
    {"rules": "refill"},
    {"rules": "magazine", "blitzkrieg": True},
    {"rules": "refill", "blitzkrieg": True},
]


def _cards_in(obj: Any) -> set[Card]:
    found: set[Card] = set()
    stack = [obj]
    while stack:
        o = stack.pop()
        if isinstance(o, Card):
            found.add(o)
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack.extend(o)
        elif isinstance(o, dict):
            stack.extend(o.values())
        elif dataclasses.is_dataclass(o) and not isinstance(o, type):
            stack.extend(getattr(o, f.name) for f in dataclasses.fields(o) if f.name != "log")
    return found


def view_check(state: Any, view: Any, viewer: int | None) -> None:
    """Hands of others appear only as counts; the deck only as a count; public info agrees."""
    assert isinstance(view, PowersView)
    n = state.game.players
    assert view.hand_counts == tuple(len(h) for h in state.hands)
    assert view.deck_count == len(state.deck)
    assert view.discards == tuple(state.discards)
    assert view.owners == state.owners
    if viewer is None:
        assert all(view.hands[p] == tuple(sorted(state.hands[p])) for p in range(n))
        return
    assert view.hand == tuple(sorted(state.hands[viewer]))
    for p in range(n):
        if p != viewer:
            assert view.hands[p] is None
    public = set(view.discards) | set(view.removed)
    for f in view.in_front:
        public |= set(f)
    visible = _cards_in(view)
    hidden = visible - public - set(view.hand or ())
    assert not hidden, f"view of {viewer} shows hidden cards {hidden}"
    for e in view.log:
        assert e.visible_to is None or viewer in e.visible_to


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("opts", RULE_SETS, ids=lambda o: "+".join(str(v) for v in o.values()))
def test_conformance(opts, players):
    """Seeded random playouts checked after every step: 200 games in the main configuration
    (base rules, 2 players), 30 in each other; a fixed count, so no machine is too slow."""
    main = opts == {"rules": "base"} and players == 2
    games = 200 if main else 30
    report = run_conformance(
        "powers", {**opts, "players": players}, games=games, view_check=view_check
    )
    print(report.summary())
    assert report.games == report.finished == games


def test_conformance_rulings():
    """The ruling options also pass the suite."""
    report = run_conformance(
        "powers",
        {"players": 3, "uncontested": "must_play", "lead_ace": 14, "rules": "refill",
         "refill_count": "all", "magazine_costs_final": False, "initiative_draw": False},
        games=30, view_check=view_check,
    )
    print(report.summary())
    assert report.games == report.finished == 30
