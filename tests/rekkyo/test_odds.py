"""Exact neutral-defence odds: hand-computed cases, exact vs float, and a Monte Carlo check."""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

from gamelib.core import hypergeometric_pmf
from gamelib.rekkyo.odds import (
    StrengthDistribution,
    as_card_dist,
    draw_distribution,
    draw_distribution_with_rebuild,
    fixed,
    monte_carlo_draw,
    uniform_die,
)

D6 = uniform_die(range(1, 7))

# A pool shaped like the full deck seen from one seat: many zeros (events, open cards, navy on
# land), weapons of strength 1-6 and a few die-rolling cards.
DECK_LIKE = {
    fixed(0): 18,
    fixed(1): 10,
    fixed(2): 12,
    fixed(3): 10,
    fixed(4): 8,
    fixed(5): 5,
    fixed(6): 3,
    D6: 4,
}


def test_three_cards_two_drawn_by_hand() -> None:
    d = draw_distribution([0, 1, 2], 2, exact=True)
    assert d.fractions == (0, F(1, 3), F(1, 3), F(1, 3))
    assert d.p_win_exact(3) == F(2, 3)  # wins only when the defence is below 3
    assert d.p_win_exact(2) == F(1, 3)  # a tie (2 vs 2) is the attacker's defeat


def test_die_card_by_hand() -> None:
    d = draw_distribution([D6, 3], 1, exact=True)
    expected = [F(0), *[F(1, 12)] * 2, F(1, 2) + F(1, 12), *[F(1, 12)] * 3]
    assert list(d.fractions or ()) == expected


def test_two_dice_and_a_blank_by_hand() -> None:
    # {die, die}: sum of two dice (1/3); {die, blank} twice: one die (2/3)
    d = draw_distribution([D6, D6, 0], 2, exact=True)
    two = [F(0)] * 13
    for a in range(1, 7):
        for b in range(1, 7):
            two[a + b] += F(1, 36) / 3
    for a in range(1, 7):
        two[a] += F(1, 6) * F(2, 3)
    assert list(d.fractions or ()) == two


@pytest.mark.parametrize("draws", [0, 1, 3, 5])
def test_hypergeometric(draws: int) -> None:
    d = draw_distribution({fixed(1): 5, fixed(0): 7}, draws)
    for k in range(draws + 1):
        assert d.prob(k) == pytest.approx(hypergeometric_pmf(12, 5, draws, k), abs=1e-15)


def test_float_matches_exact_on_deck_like_pool() -> None:
    for n in range(11):
        a = draw_distribution(DECK_LIKE, n)
        b = draw_distribution(DECK_LIKE, n, exact=True)
        assert b.fractions is not None and sum(b.fractions) == 1
        assert len(a) == len(b)
        assert max(abs(x - y) for x, y in zip(a.probs, b.probs, strict=True)) < 1e-12


def test_pool_as_list_equals_pool_as_counts() -> None:
    as_list = [d for d, c in DECK_LIKE.items() for _ in range(c)]
    assert draw_distribution(as_list, 6, exact=True) == draw_distribution(DECK_LIKE, 6, exact=True)


def test_short_pool_draws_everything() -> None:
    d = draw_distribution([2, 3], 5, exact=True)
    assert d.fractions == (*[F(0)] * 5, F(1))


def test_rebuild_by_hand() -> None:
    # pile of 1 card out of the unseen {1, 2, 3}; the second card comes from the rebuilt {5, 5}
    d = draw_distribution_with_rebuild([1, 2, 3], 1, [5, 5], 2, exact=True)
    assert d.fractions == (*[F(0)] * 6, F(1, 3), F(1, 3), F(1, 3))
    same = draw_distribution_with_rebuild([1, 2, 3], 4, [5, 5], 2, exact=True)
    assert same == draw_distribution([1, 2, 3], 2, exact=True)


def test_attack_with_dice() -> None:
    defence = StrengthDistribution.point(3)
    attack = StrengthDistribution.from_card_dists([D6], exact=True)
    assert attack.fractions is not None
    assert defence.p_win_exact(attack) == F(1, 2)  # 4, 5 or 6 beats 3
    assert defence.p_win(attack) == pytest.approx(0.5)


def test_as_card_dist_validates() -> None:
    assert as_card_dist({2: 0.5, 4: 0.5}) == ((2, F(1, 2)), (4, F(1, 2)))
    with pytest.raises(ValueError):
        as_card_dist({1: 0.5})
    with pytest.raises(ValueError):
        as_card_dist(-1)


def test_monte_carlo_agrees_within_error() -> None:
    n, attack, samples = 7, 16, 20_000
    exact = draw_distribution(DECK_LIKE, n)
    est, emp = monte_carlo_draw(DECK_LIKE, n, attack, samples, seed=7)
    print(f"P(win) exact {exact.p_win(attack):.4f}, simulated {est.describe()}")
    assert abs(est.value - exact.p_win(attack)) < 4.5 * est.stderr + 1e-9
    for s in range(max(len(exact), len(emp))):
        p = exact.prob(s)
        sigma = math.sqrt(p * (1 - p) / samples)
        assert abs(emp.prob(s) - p) < 4.5 * sigma + 2 / samples, s
