"""Powers odds: exact counts next to a Monte Carlo of the same question, in the same run.

* Invasion: five players, the viewer's four opponents hold 7, 6, 6 and 5 of 41 unseen cards
  (bonuses 2, 1, 0, 0; one cannot use a Joker); "can anyone beat strength 13 against an island?"
  Subject: the exact dynamic programme of :func:`gamelib.powers.odds.beat_odds`; reference: its
  20,000-sample simulation.
* Magazine defence: a pair or a straight in 7 cards from the full deck. Subject: the exact rank
  programme of :func:`gamelib.powers.odds.hand_odds`; reference: 20,000 sampled hands.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks import Row, row

__all__ = ["run"]

SAMPLES = 20_000


def _median_ms(fn: Callable[[], object], repeats: int) -> float:
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def run(quick: bool = False) -> list[dict[str, Any]]:
    """Median milliseconds of the exact answers and of the simulations they replace."""
    from gamelib.powers.odds import (
        Opponent,
        beat_odds,
        full_deck,
        hand_odds,
        has_pair,
        has_straight,
    )

    repeats = 3 if quick else 15
    samples = 2_000 if quick else SAMPLES
    unseen = full_deck()[13:]
    opponents = [Opponent(1, 7, 2), Opponent(2, 6, 1), Opponent(3, 6, 0),
                 Opponent(4, 5, 0, joker_allowed=False)]

    def exact() -> object:
        return beat_odds(unseen, opponents, to_beat=13, terrain="island", method="exact")

    def simulated() -> object:
        return beat_odds(unseen, opponents, to_beat=13, terrain="island", method="simulate",
                         samples=samples, seed=1)

    ex_ms = _median_ms(exact, repeats)
    mc_ms = _median_ms(simulated, max(1, repeats // 5))
    e = beat_odds(unseen, opponents, to_beat=13, terrain="island", method="exact").anyone
    s = beat_odds(unseen, opponents, to_beat=13, terrain="island", method="simulate",
                  samples=samples, seed=1).anyone
    rows: list[Row] = [
        row("powers odds: invasion (4 opponents, 41 unseen)", "exact count", ex_ms, "ms",
            f"Monte Carlo {samples:,} samples", mc_ms,
            f"P = {e.value:.5f} exact, {s.value:.5f} ± {s.stderr:.5f} simulated"),
    ]

    deck = full_deck()

    def sample_hands() -> float:
        rng = random.Random(2)
        hits = sum(
            (lambda h: has_pair(h) or has_straight(h))(rng.sample(deck, 7)) for _ in range(samples)
        )
        return hits / samples

    hx_ms = _median_ms(lambda: hand_odds(7), repeats)
    hm_ms = _median_ms(sample_hands, max(1, repeats // 5))
    p = sample_hands()
    err = math.sqrt(p * (1 - p) / samples)
    rows.append(
        row("powers odds: pair or straight in 7 cards", "exact count", hx_ms, "ms",
            f"Monte Carlo {samples:,} hands", hm_ms,
            f"P = {hand_odds(7).either.value:.5f} exact, {p:.5f} ± {err:.5f} simulated")
    )
    return rows
