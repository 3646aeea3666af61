"""Test helpers for games: the conformance suite (see :mod:`gamelib.core.conformance`)."""

from __future__ import annotations

from gamelib.core.conformance import ConformanceReport, run_conformance

__all__ = ["ConformanceReport", "run_conformance"]
