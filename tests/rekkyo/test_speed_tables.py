"""Tables and shortcuts the rules engine uses agree with what they replace, along seeded random
games of several tables: the invasions each seat's holdings open (``_reach``, found from the
link tables by sets of entry indices), a combat side's total summed from the fixed values when
no die is rolled and nothing was cancelled; and ``_entry`` makes ``entry_from``'s entries."""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib.core.log import LogEntry
from gamelib.rekkyo.combat import card_value
from gamelib.rekkyo.game import MESSAGES
from gamelib.rekkyo.state import _ONLY, RekkyoState, _entry, _invade


def _reach_scanned(state: RekkyoState, p: int) -> tuple[tuple[object, ...], ...]:
    held = tuple(t for t, o in state.owner.items() if o == p)
    mine = frozenset(held)
    targets = tuple((tid, route) for tid, route, links in state.game.invasion_links
                    if tid not in mine and (not mine or not links.isdisjoint(mine)))
    return (targets,
            tuple(_invade(t, r) for t, r in targets if r == "land"),
            tuple(_invade(t, r) for t, r in targets if r == "sea"),
            tuple(_invade(t, r) for t, r in targets),
            held)


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_reach_agrees_with_a_scan_of_the_links(players: int) -> None:
    game = gamelib.load("rekkyo", players=players)
    rng = random.Random(players)
    for seed in range(6):
        state = game.new_state(seed, quiet=True)
        game.card_tables.reach.clear()  # fresh look-ups, not only remembered ones
        game.card_tables.targets.clear()
        while not state.is_terminal():
            for p in range(players):
                reach, scanned = state._reach(p), _reach_scanned(state, p)
                assert reach == scanned
                assert all(a is b for a, b in zip(reach[3], scanned[3], strict=True))
            legal = state.legal_actions()
            state.apply_in_place(legal[rng.randrange(len(legal))])


def test_revolutionary_reaches_every_link() -> None:
    game = gamelib.load("rekkyo", players=3)
    state = game.new_state(1, quiet=True)
    state.owner = dict.fromkeys(state.owner)
    game.card_tables.reach.clear()
    game.card_tables.targets.clear()
    assert state._reach(0) == _reach_scanned(state, 0)
    assert len(state._reach(0)[0]) == len(game.invasion_links)


@pytest.mark.parametrize("options", [{}, {"partisan": "sabotage"}, {"players": 4}])
def test_combat_totals_equal_the_card_values(options: dict[str, object]) -> None:
    """Every resolved combat's totals: the fixed value of each card that rolled no die (and was
    not cancelled) plus the value of each roll, in the order rolled."""
    game = gamelib.load("rekkyo", **options)
    cards = game.cards
    rng = random.Random(3)
    seen = 0
    for seed in range(20):
        state = game.new_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            before = state.last_combat
            state = gamelib.play(state, legal[rng.randrange(len(legal))])
            combat = state.last_combat
            if combat is None or combat is before:
                continue
            seen += 1
            rolls = [(cid, side, v) for cid, side, _, v in combat.rolls if side != "intercept"]
            for side, ids, total in (
                    ("attacker", combat.attacker_cards, combat.attacker_total),
                    ("neutral" if combat.defender is None else "defender",
                     combat.neutral_counted if combat.defender is None
                     else combat.defender_cards, combat.defender_total)):
                cancelled = [cid for s, cid in combat.cancelled if s == side]
                expected = 0
                for cid in ids:
                    if cid in cancelled:
                        cancelled.remove(cid)
                    elif rolls and rolls[0][:2] == (cid, side):
                        expected += rolls.pop(0)[2]
                    else:
                        expected += card_value(cards.card(cid), face=1, route=combat.route,
                                               neutral=side == "neutral")
                assert total == expected
            assert not rolls
    assert seen > 100


def test_entry_sets_every_slot_as_entry_from() -> None:
    for visible_to in (None, _ONLY[2]):
        params = {"seat": "—", "turn": 3, "left": 40}
        made = _entry("turn", params, 2, visible_to, "phase")
        expected = MESSAGES.entry_from("turn", params, 2, visible_to, "phase")
        for name in LogEntry.__slots__:
            assert getattr(made, name) == getattr(expected, name), name
        assert made == expected and made.text("ja") == expected.text("ja")
