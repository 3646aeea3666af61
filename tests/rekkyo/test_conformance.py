"""The shared conformance suite on 列強の興亡, with a hidden-information view check."""

from __future__ import annotations

from collections import Counter

import pytest

from gamelib.rekkyo.view import RekkyoView, unseen_cards
from gamelib.testing import run_conformance


def hidden_information_check(state, view: RekkyoView, viewer: int | None) -> None:
    """A seat sees its own hand, counts of the others, never a face-down card of another seat."""
    assert view.reconstruction_note == state.cards.note.text(view.lang)
    assert "reconstruction" in view.reconstruction_note or "再構成" in view.reconstruction_note
    total = sum(state.cards.counts.values())
    if viewer is None:
        assert all(h is not None for h in view.hands)
        assert view.draw_pile is not None and Counter(view.draw_pile) == unseen_cards(view)
        return
    assert view.draw_pile is None
    for seat, hand in enumerate(view.hands):
        if seat == viewer:
            assert hand is not None and sorted(hand) == sorted(state.hands[seat])
        else:
            assert hand is None
        assert view.hand_sizes[seat] == len(state.hands[seat])
    for entry in view.log:
        assert entry.visible_to is None or viewer in entry.visible_to
    combat = view.combat
    hidden: Counter[str] = Counter(state.pile)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            hidden.update(hand)
    c = state.combat
    if combat is not None and combat.stage in ("attack", "defend"):
        if viewer != c.attacker:
            assert combat.attacker_cards is None
            assert combat.attacker_count == len(c.attacker_cards)
            hidden.update(x for x in c.attacker_cards if x not in combat.attacker_open)
        if viewer != c.defender:
            assert combat.defender_cards is None
            hidden.update(c.defender_cards)
    assert unseen_cards(view) == hidden
    seen = Counter(view.discard_pile) + Counter(view.hands[viewer])
    assert sum(seen.values()) + sum(hidden.values()) <= total


@pytest.mark.parametrize(
    ("players", "games"), [(4, 40), (2, 10), (3, 10), (5, 10), (6, 10), (7, 10)]
)
def test_conformance(players, games):
    """Random games: invariants, action texts, play() purity, views, records, determinism and
    the fast path. Random games are long (about 200 steps, up to 900): 40 seeded games in the
    main configuration (4 players), 10 at each other player count, a fixed count."""
    report = run_conformance("rekkyo", {"players": players}, games=games,
                             view_check=hidden_information_check)
    print(report.summary())
    assert report.games == report.finished == games


@pytest.mark.parametrize(
    "options",
    [{"partisan": "sabotage"}, {"siberia": "siberia6", "players": 3},
     {"opening_partisan": "discard"}, {"neutral_short": "what_exists"},
     {"fighter_return": "producer"}, {"lang": "ja", "players": 5}],
)
def test_conformance_rulings(options):
    """Every ruling option keeps the game conformant."""
    report = run_conformance("rekkyo", options, games=6,
                             view_check=hidden_information_check, heavy_every=3,
                             replay_every=3)
    print(report.summary())
    assert report.games == report.finished == 6
