"""Batch simulation of bot-versus-bot games and the ``python -m gamelib`` command line."""

from __future__ import annotations

from gamelib.sim.simulate import GameResult, Summary, simulate

__all__ = ["GameResult", "Summary", "simulate"]
