"""Exact and simulated probabilities say which they are."""

from __future__ import annotations

import math

import pytest

from gamelib.core import Estimate, hypergeometric_pmf, monte_carlo


def test_hypergeometric_pmf() -> None:
    # P(exactly 1 ace in a 5-card hand from 52 cards)
    expected = math.comb(4, 1) * math.comb(48, 4) / math.comb(52, 5)
    assert hypergeometric_pmf(52, 4, 5, 1) == pytest.approx(expected)
    assert sum(hypergeometric_pmf(20, 6, 7, k) for k in range(8)) == pytest.approx(1.0)
    assert hypergeometric_pmf(10, 3, 4, 4) == 0.0
    assert hypergeometric_pmf(10, 3, 4, -1) == 0.0
    assert hypergeometric_pmf(10, 9, 4, 0) == 0.0  # must draw at least 3 successes
    assert hypergeometric_pmf(5, 5, 5, 5) == 1.0


def test_estimate_describe() -> None:
    exact = Estimate(0.25, exact=True)
    assert exact.describe() == "0.2500 (exact)"
    assert exact.describe("ja") == "0.2500 (厳密)"
    assert exact.interval() == (0.25, 0.25)
    sim = Estimate(0.5, exact=False, stderr=0.01, samples=10_000)
    assert sim.describe(digits=2) == "0.50 ± 0.01 (simulated, 10,000 samples)"
    assert sim.describe("ja", digits=2) == "0.50 ± 0.01 (シミュレーション 10,000回)"
    low, high = sim.interval()
    assert low == pytest.approx(0.4804) and high == pytest.approx(0.5196)


def test_monte_carlo_is_seeded() -> None:
    a = monte_carlo(lambda rng: rng.random() < 0.3, 2000, seed=1)
    b = monte_carlo(lambda rng: rng.random() < 0.3, 2000, seed=1)
    assert a == b and not a.exact and a.samples == 2000
    assert abs(a.value - 0.3) < 4 * a.stderr + 1e-9
    with pytest.raises(ValueError, match="samples must be positive"):
        monte_carlo(lambda rng: True, 0, seed=1)
