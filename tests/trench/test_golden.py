"""Seeded games stay the same games: the golden playouts of ``data/golden.json`` (recorded by
``tests/trench/golden.py``) replay identically through checked ``play`` and through the fast
``apply_in_place``: same legal choices, same outcome, same log in both languages."""

from __future__ import annotations

import json

import pytest

import gamelib
from gamelib.core import play
from tests.trench.golden import PATH, log_print

GAMES = json.loads(PATH.read_text("utf-8"))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['options']}-{g['seed']}")
def test_golden_game_replays(game):
    """The recorded actions replay through ``play`` and ``apply_in_place`` to the same end."""
    g = gamelib.load("trench", **game["options"])
    checked = g.new_state(game["seed"])
    fast = g.new_state(game["seed"]).clone()
    for text in game["actions"]:
        checked = play(checked, text)
        action = next(a for a in fast.legal_actions() if str(a) == text)
        fast.apply_in_place(action)
    for st in (checked, fast):
        out = st.outcome()
        assert out is not None
        assert [list(out.scores), list(out.winners), out.reason] == game["outcome"]
        assert log_print(st) == game["log"]
