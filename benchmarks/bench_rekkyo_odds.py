"""列強の興亡: the exact neutral-defence distribution next to a Monte Carlo of the same question.

Subject: :func:`gamelib.rekkyo.odds.draw_distribution` on the whole action deck (every card
unseen, as at the start of a game) for a land invasion, national power 1 to 10 (floats, and the
exact integer/Fraction programme). Reference: a vectorised NumPy Monte Carlo of 100,000 samples
of the same draw (without replacement, dice rolled per card), measured in the same run.

Also the engine's speed (issue 12): random playouts of a default game through the checked
``gamelib.play`` and through the fast path (``clone()`` once, then ``legal_actions()`` +
``apply_in_place()``), in steps/s against OpenSpiel's pure-Python ``python_liars_poker`` played
at random in the same run (targets: checked >= 0.5x, fast >= 1.0x).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["run"]

SAMPLES = 100_000


def _deck_pool() -> tuple[dict[Any, int], str]:
    """The full action deck as ``{contribution distribution: copies}`` for a land invasion."""
    from gamelib.rekkyo import odds

    return odds.full_deck_pool(by_sea=False), "the full action deck (cards.toml), land invasion"


def _median_ms(fn: Callable[[], object], repeats: int) -> float:
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def monte_carlo_numpy(pool: dict[Any, int], draws: int, samples: int, seed: int) -> np.ndarray:
    """Sampled totals of ``draws`` cards from ``pool`` (vectorised NumPy, for the reference)."""
    from gamelib.rekkyo.odds import as_card_dist

    cards = [as_card_dist(d) for d, c in pool.items() for _ in range(c)]
    width = max(len(c) for c in cards)
    values = np.zeros((len(cards), width), dtype=np.int64)
    cum = np.ones((len(cards), width))
    for i, card in enumerate(cards):
        acc = 0.0
        for j, (v, p) in enumerate(card):
            acc += float(p)
            values[i, j] = v
            cum[i, j] = acc
        values[i, len(card) :] = card[-1][0]
    rng = np.random.default_rng(seed)
    picks = rng.random((samples, len(cards))).argpartition(draws - 1, axis=1)[:, :draws]
    u = rng.random((samples, draws))
    face = (u[..., None] >= cum[picks]).sum(axis=-1).clip(max=width - 1)
    return values[picks, face].sum(axis=1)


def fast_playout(players: int = 3) -> Callable[[int], int]:
    """Play game ``i`` at random on the fast path; return the number of steps."""
    import random

    import gamelib

    game = gamelib.load("rekkyo", players=players)
    rng = random.Random(2024)

    def play_one(i: int) -> int:
        state = game.new_state(2024 + i).clone()
        state.quiet = True  # a playout nobody reads: no log
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_in_place(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return play_one


def playout_rows(quick: bool = False) -> list[dict[str, Any]]:
    """Steps/s of rekkyo random playouts (checked and fast) against python_liars_poker."""
    from benchmarks import row
    from benchmarks.bench_throughput import _measure, gamelib_playout, openspiel_playout

    budget = 2.0 if quick else 8.0
    reference = openspiel_playout("python_liars_poker")
    ref_rate = None
    if reference is not None:
        seconds, _games, steps = _measure(reference, budget, 5000)
        ref_rate = steps / seconds
    label = (f"open_spiel python_liars_poker: {ref_rate:,.0f} steps/s" if ref_rate
             else None)
    rows: list[dict[str, Any]] = []
    for subject, play_one in (("rekkyo checked play", gamelib_playout("rekkyo")),
                              ("rekkyo fast path", fast_playout(2))):
        seconds, games, steps = _measure(play_one, budget, 5000)
        rows.append(row("rekkyo playouts", subject, steps / seconds, "steps/s", label,
                        ref_rate, f"{games} random games, {steps / games:.1f} steps/game"))
    return rows


def run(quick: bool = False) -> list[dict[str, Any]]:
    """Median time of the exact distribution vs. a 100,000-sample Monte Carlo, power 1-10."""
    from gamelib.rekkyo.odds import draw_distribution

    pool, what = _deck_pool()
    repeats = 5 if quick else 31
    powers = (1, 5, 10) if quick else tuple(range(1, 11))
    rows: list[dict[str, Any]] = []
    float_times = []
    exact_times = []
    mc_times = []
    worst_gap = 0.0
    for n in powers:
        float_times.append(_median_ms(lambda n=n: draw_distribution(pool, n), repeats))
        exact_times.append(
            _median_ms(lambda n=n: draw_distribution(pool, n, exact=True), max(3, repeats // 4))
        )
        start = time.perf_counter()
        totals = monte_carlo_numpy(pool, n, SAMPLES, seed=n)
        mc_times.append((time.perf_counter() - start) * 1000)
        exact = draw_distribution(pool, n)
        emp = np.bincount(totals, minlength=len(exact.probs)) / SAMPLES
        gap = float(np.abs(emp[: len(exact.probs)] - np.asarray(exact.probs)).max())
        worst_gap = max(worst_gap, gap)
    mc_median = statistics.median(mc_times)
    reference = f"NumPy Monte Carlo, {SAMPLES:,} samples of the same draw (same run)"
    for label, times in (("float64", float_times), ("exact Fractions", exact_times)):
        med = statistics.median(times)
        rows.append(
            {
                "benchmark": "rekkyo neutral-defence distribution",
                "subject": f"exact DP ({label}), national power {powers[0]}-{powers[-1]}",
                "value": round(med, 3),
                "unit": "ms (median)",
                "reference": f"{reference}: {mc_median:.1f} ms",
                "ratio": round(med / mc_median, 5),
                "notes": (
                    f"{what}; per-power medians "
                    + ", ".join(f"{n}:{t:.2f}" for n, t in zip(powers, times, strict=True))
                    + f" ms; slowest {max(times):.2f} ms; largest |MC - exact| point "
                    f"probability {worst_gap:.4f}"
                ),
            }
        )
    return rows + playout_rows(quick)


if __name__ == "__main__":
    for row in run(quick=False):
        print(row)
