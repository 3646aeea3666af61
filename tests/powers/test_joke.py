"""The closing two-player joke: exact chances, a hand check, and a seeded simulation."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from gamelib.powers.joke import (
    OTHER_RULERS,
    play_joke,
    simulate_first_player,
    win_probability,
    win_probability_recursive,
    win_table,
)


def test_hand_checked_values() -> None:
    # b = 13: every ruler but Victoria is bearded, so the first player flips until Victoria.
    assert win_probability(13) == 1
    # b = 12: one beardless passer; Victoria before it (1/2) or after it (1/2).
    assert win_probability(12) == Fraction(1, 2)
    # b = 11: two passers P, P and V in random order: V first or last -> 2/3.
    assert win_probability(11) == Fraction(2, 3)
    # b = 0: plain alternation over 14 cards; Victoria at an odd position with chance 7/14.
    assert win_probability(0) == Fraction(1, 2)


@pytest.mark.parametrize("bearded", range(OTHER_RULERS + 1))
def test_closed_form_matches_recursion(bearded: int) -> None:
    assert win_probability(bearded) == win_probability_recursive(bearded)


@pytest.mark.parametrize("bearded", range(OTHER_RULERS + 1))
def test_optional_continuation_changes_nothing(bearded: int) -> None:
    assert win_probability_recursive(bearded, optional=True) == win_probability(bearded)


@pytest.mark.parametrize("bearded", [0, 1, 4, 9, 10])
def test_enumeration_of_small_orders(bearded: int) -> None:
    # Enumerate distinct orders of the beardless cards and Victoria (beards never matter),
    # then also a full enumeration over a reduced deck with beards placed everywhere.
    passers = OTHER_RULERS - bearded
    # Distinct orders of V among the passers: V after exactly k passers, k = 0..passers.
    orders = [["P"] * k + ["V"] + ["P"] * (passers - k) for k in range(passers + 1)]
    wins = sum(play_joke(o) == 0 for o in orders)
    assert Fraction(wins, len(orders)) == win_probability(bearded)


def test_full_enumeration_with_beards_small_deck() -> None:
    # 2 passers, 3 beards, Victoria: all 6!/(2!3!) = 60 distinct orders.
    orders = {tuple(p) for p in itertools.permutations(["V", "P", "P", "B", "B", "B"])}
    wins = sum(play_joke(list(o)) == 0 for o in orders)
    assert Fraction(wins, len(orders)) == Fraction(2, 3)


@pytest.mark.parametrize("bearded", range(OTHER_RULERS + 1))
def test_simulation_agrees(bearded: int) -> None:
    est = simulate_first_player(bearded, samples=4000, seed=bearded)
    exact = float(win_probability(bearded))
    assert not est.exact
    assert abs(est.value - exact) <= 4 * est.stderr + 1e-9


def test_table_and_errors() -> None:
    table = win_table()
    assert [b for b, _ in table] == list(range(14))
    assert all(p >= Fraction(1, 2) for _, p in table)
    with pytest.raises(ValueError):
        win_probability(14)
    with pytest.raises(ValueError):
        play_joke(["P", "B"])
