"""Batch simulation as users run it: ``python -m gamelib simulate powers --players 2 --games
10000`` (random bots, every core), whose goal is ≤ 10 s on this project's 2-core machine.

The batch runs through :func:`gamelib.sim.simulate` exactly as the command does (worker
processes forked with gamelib imported); the row gives its wall-clock seconds, with the goal's
10 s as the reference (ratio ≤ 1 meets it) and, to read the seconds on another machine or under
load, the steps per second of OpenSpiel's ``python_liars_poker`` measured in the same run
(104,266 on a quiet day of this machine). ``--quick`` runs a tenth of the games.
"""

from __future__ import annotations

import os
import time

from benchmarks import Row, row
from benchmarks.bench_throughput import REFERENCE, _measure, openspiel_playout

__all__ = ["run"]

NAME = "simulate"
GAME = "powers"
GAMES = 10_000
GOAL_S = 10.0


def run(quick: bool = False) -> list[Row]:
    """Wall-clock seconds of the issue's simulate command, next to its 10 s goal."""
    from gamelib.sim.simulate import simulate

    games = GAMES // 10 if quick else GAMES
    play_ref = openspiel_playout(REFERENCE)
    calibration = ""
    if play_ref is not None:
        seconds, _games, steps = _measure(play_ref, 2.0, 5000)
        calibration = f"; {REFERENCE} ran {steps / seconds:,.0f} steps/s in this run"
    start = time.perf_counter()
    summary = simulate(GAME, players=2, games=games, seed=0, bots=("random",))
    seconds = time.perf_counter() - start
    goal = GOAL_S * games / GAMES
    load = os.getloadavg()[0]
    notes = (
        f"{games:,} games on {summary.processes} processes, load {load:.1f}; goal ≤ {goal:g} s"
        f"{calibration}"
    )
    subject = f"python -m gamelib simulate {GAME} --players 2 --games {games}"
    return [row(NAME, subject, seconds, "s", f"goal: {goal:g} s", goal, notes)]
