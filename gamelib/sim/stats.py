"""Statistics of a :class:`~gamelib.sim.batch.Batch`: win rates with confidence intervals, seat
advantage, score and length distributions (plain Python, no plotting).

Win rates use the Wilson score interval (95% by default), which behaves at rates near 0 and 1
where the textbook ``p ± 1.96·√(p(1−p)/n)`` does not. Ties count ``1/k`` of a win for each of
``k`` tied winners, as in :mod:`gamelib.sim.simulate`. Seat advantage is Pearson's chi-square
test of the seats' wins against an even split (``players − 1`` degrees of freedom).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gamelib.sim.batch import Batch

__all__ = [
    "Rate",
    "chi2_sf",
    "lengths",
    "mean",
    "scores_by_seat",
    "seat_advantage",
    "wilson",
    "win_rates_by_bot",
    "win_rates_by_seat",
]

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``wins`` in ``n`` trials (``(0, 1)`` when n = 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rate:
    """A win rate: ``wins`` (fractional with ties) out of ``games``, and its 95% interval."""

    wins: float
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        """``wins / games`` (0 for no games)."""
        return self.wins / self.games if self.games else 0.0

    @classmethod
    def of(cls, wins: float, games: int) -> Rate:
        """The rate of ``wins`` in ``games`` with its Wilson interval."""
        low, high = wilson(wins, games)
        return cls(wins, games, low, high)


def win_rates_by_bot(batch: Batch) -> dict[str, Rate]:
    """Each bot's wins per seat it played, with an interval."""
    wins = {b: 0.0 for b in dict.fromkeys(batch.bots)}
    seats = {b: 0 for b in wins}
    for r in batch.results:
        share = 1.0 / len(r.winners) if r.winners else 0.0
        for seat, bot in enumerate(r.bots):
            seats[bot] += 1
            if seat in r.winners:
                wins[bot] += share
    return {b: Rate.of(wins[b], seats[b]) for b in wins}


def win_rates_by_seat(batch: Batch) -> list[Rate]:
    """Each seat's share of the wins (seat 0 moves first where the game has a first player)."""
    wins = [0.0] * batch.players
    for r in batch.results:
        share = 1.0 / len(r.winners) if r.winners else 0.0
        for seat in r.winners:
            wins[seat] += share
    return [Rate.of(w, batch.games) for w in wins]


def chi2_sf(x: float, df: int) -> float:
    """P(X ≥ x) for a chi-square variable with ``df`` (a positive integer) degrees of freedom."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be a positive integer, not {df!r}")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term = total = 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    root = math.sqrt(x)
    total = math.erfc(root / math.sqrt(2))
    term = root
    acc = 0.0
    for r in range(1, (df - 1) // 2 + 1):
        if r > 1:
            term *= x / (2 * r - 1)
        acc += term
    return min(1.0, total + math.sqrt(2 / math.pi) * math.exp(-half) * acc)


def seat_advantage(batch: Batch) -> tuple[float, float]:
    """``(chi-square, p-value)`` of the seats' wins against an even split.

    A small p-value (below 0.05, say) says the seats do not win equally often, beyond what
    chance in this many games explains. Games nobody won are left out.
    """
    wins = [r.wins for r in win_rates_by_seat(batch)]
    total = sum(wins)
    if total <= 0 or batch.players < 2:
        return 0.0, 1.0
    expected = total / batch.players
    chi = sum((w - expected) ** 2 / expected for w in wins)
    return chi, chi2_sf(chi, batch.players - 1)


def scores_by_seat(batch: Batch) -> list[list[float]]:
    """Every game's final score, per seat."""
    return [[r.scores[s] for r in batch.results] for s in range(batch.players)]


def lengths(batch: Batch) -> list[int]:
    """Every game's length in steps (actions taken, all seats together)."""
    return [r.steps for r in batch.results]


def mean(values: Iterable[float]) -> float:
    """The arithmetic mean (0 for no values)."""
    vals: Sequence[float] = list(values)
    return sum(vals) / len(vals) if vals else 0.0
