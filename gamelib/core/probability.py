"""Shared probability helpers: exact counting and Monte Carlo estimates that say which they are."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Estimate", "hypergeometric_pmf", "monte_carlo"]


@dataclass(frozen=True)
class Estimate:
    """A probability, either exact or simulated with its standard error."""

    value: float
    exact: bool
    stderr: float = 0.0
    samples: int = 0

    def describe(self, lang: str = "en", digits: int = 4) -> str:
        """Say the number and how it was obtained."""
        value = f"{self.value:.{digits}f}"
        if self.exact:
            return f"{value} (厳密)" if lang == "ja" else f"{value} (exact)"
        spread = f"{value} ± {self.stderr:.{digits}f}"
        if lang == "ja":
            return f"{spread} (シミュレーション {self.samples:,}回)"
        return f"{spread} (simulated, {self.samples:,} samples)"

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The ``z``-sigma interval (a point for an exact value)."""
        return (self.value - z * self.stderr, self.value + z * self.stderr)


def hypergeometric_pmf(population: int, successes: int, draws: int, k: int) -> float:
    """P(exactly ``k`` successes in ``draws`` cards drawn without replacement)."""
    if k < 0 or k > draws or k > successes or draws - k > population - successes:
        return 0.0
    return (
        math.comb(successes, k)
        * math.comb(population - successes, draws - k)
        / math.comb(population, draws)
    )


def monte_carlo(trial: Callable[[random.Random], bool], samples: int, seed: int) -> Estimate:
    """Estimate P(``trial`` is true) from ``samples`` runs of a seeded generator."""
    if samples <= 0:
        raise ValueError("samples must be positive")
    rng = random.Random(seed)
    hits = sum(1 for _ in range(samples) if trial(rng))
    p = hits / samples
    return Estimate(p, exact=False, stderr=math.sqrt(p * (1 - p) / samples), samples=samples)
