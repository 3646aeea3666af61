"""The log entries the rules share between games (made once, by what their parameters depend
on) read exactly as entries made afresh for every game would."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

import gamelib
from gamelib.powers import state as powers_state

OPTIONS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "rules": "magazine"},
    {"players": 4, "rules": "refill", "blitzkrieg": True},
    {"players": 5, "rules": "magazine", "magazine_costs_final": False},
    {"players": 3, "lead_ace": 14},
]


class _Never(dict[Any, Any]):
    """A memo that never remembers: every entry is made afresh."""

    def get(self, key: Any, default: Any = None) -> Any:
        return default


def _logs(opts: dict[str, Any], seed: int) -> tuple[list[str], list[str]]:
    game = gamelib.load("powers", **opts)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state = gamelib.play(state, legal[rng.randrange(len(legal))])
    return state.log_text("en"), state.log_text("ja")


def test_shared_entries_read_as_fresh_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    cases = [(opts, seed) for seed in range(4) for opts in OPTIONS]
    shared = [_logs(opts, seed) for opts, seed in cases]  # every option set fills the memo
    monkeypatch.setattr(powers_state, "_MEMO", _Never())
    monkeypatch.setattr(powers_state, "_PAY_ENTRIES", _Never())
    fresh = [_logs(opts, seed) for opts, seed in cases]
    assert shared == fresh


def test_the_memo_of_shared_entries_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new game empties a memo over its limit; the logs read the same all the same."""
    expected = [_logs(opts, seed) for seed in range(3) for opts in OPTIONS]
    memo: dict[Any, Any] = {}
    monkeypatch.setattr(powers_state, "_MEMO", memo)
    monkeypatch.setattr(powers_state, "_MEMO_LIMIT", 10)
    sizes = []
    got = []
    for seed in range(3):
        for opts in OPTIONS:
            got.append(_logs(opts, seed))
            sizes.append(len(memo))
    assert got == expected
    assert max(sizes) < 10 + 300  # one game's entries at most beyond the limit
    assert any(b < a for a, b in pairwise(sizes))  # (it was emptied)
