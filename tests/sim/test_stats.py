"""Win-rate intervals, the chi-square tail and seat advantage."""

from __future__ import annotations

import math

import pytest

from gamelib.sim import stats
from gamelib.sim.batch import Batch
from gamelib.sim.simulate import GameResult


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (50, 100, 0.4038, 0.5962),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 4, 0.0456, 0.6994),
    ],
)
def test_wilson_matches_published_values(wins: float, n: int, low: float, high: float) -> None:
    got = stats.wilson(wins, n)
    assert got == pytest.approx((low, high), abs=5e-4)


@pytest.mark.parametrize(
    ("x", "df", "p"),
    [
        (3.841459, 1, 0.05),
        (5.991465, 2, 0.05),
        (7.814728, 3, 0.05),
        (9.487729, 4, 0.05),
        (11.0705, 5, 0.05),
        (6.634897, 1, 0.01),
        (0.0, 3, 1.0),
        (1.0, 1, 0.3173105),
    ],
)
def test_chi2_tail_matches_tables(x: float, df: int, p: float) -> None:
    assert stats.chi2_sf(x, df) == pytest.approx(p, abs=2e-5)


def test_chi2_refuses_no_degrees_of_freedom() -> None:
    with pytest.raises(ValueError, match="degrees of freedom"):
        stats.chi2_sf(1.0, 0)


def _batch(winners: list[tuple[int, ...]], players: int = 2) -> Batch:
    bots = ("a", "b")
    results = tuple(
        GameResult(
            i,
            i,
            tuple(bots[(s + i) % 2] for s in range(players)),
            w,
            tuple(float(s in w) for s in range(players)),
            10 + i,
        )
        for i, w in enumerate(winners)
    )
    return Batch("toy", players, {}, bots, 0, results)


def test_seat_advantage_sees_a_lopsided_table_and_not_an_even_one() -> None:
    lopsided = _batch([(0,)] * 80 + [(1,)] * 20)
    chi, p = stats.seat_advantage(lopsided)
    assert chi == pytest.approx(36.0) and p < 1e-6
    even = _batch([(0,), (1,)] * 50)
    assert stats.seat_advantage(even) == (0.0, 1.0)


def test_ties_count_a_share_and_rates_add_up() -> None:
    batch = _batch([(0, 1), (0,), (1,), (0,)])
    seats = stats.win_rates_by_seat(batch)
    assert [s.wins for s in seats] == [2.5, 1.5]
    assert math.isclose(sum(s.rate for s in seats), 1.0)
    bots = stats.win_rates_by_bot(batch)
    assert sum(r.wins for r in bots.values()) == pytest.approx(4.0)
    assert all(r.low <= r.rate <= r.high for r in bots.values())
    assert stats.lengths(batch) == [10, 11, 12, 13]
