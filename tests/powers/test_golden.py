"""Seeded games stay the same games: golden playouts replayed through ``play`` and the fast path.

The golden file (``data/golden_playouts.json``, written by ``tests/powers/golden.py`` before the
speed work of issue 12) holds 40 seeded random playouts over every player count, rule set and
ruling, and 4 simulator batches with the heuristic bot. A change that alters a seeded game, a
record, the legal-action order or a log text fails here.
"""

from __future__ import annotations

import json

import pytest

from tests.powers.golden import (
    PATH,
    checked_playout,
    fast_playout,
    fingerprint_final,
    simulation,
)

GOLDEN = json.loads(PATH.read_text(encoding="utf-8"))
PLAYOUTS = GOLDEN["playouts"]


def _ids(case: dict) -> str:
    opts = ",".join(f"{k}={v}" for k, v in case["options"].items())
    return f"{opts}/seed={case['seed']}"


def test_the_golden_file_covers_every_player_count_and_rule_set():
    seen = {(c["options"].get("players", 2), c["options"].get("rules", "base"),
             c["options"].get("blitzkrieg", False)) for c in PLAYOUTS}
    assert len(PLAYOUTS) == 40
    assert len(seen) == 24  # 2–5 players × base/magazine/refill × 電撃戦 or not


@pytest.mark.parametrize("case", PLAYOUTS, ids=_ids)
def test_checked_play_gives_the_golden_game(case):
    expected = {k: v for k, v in case.items() if k not in ("options", "seed")}
    assert fingerprint_final(checked_playout(case["options"], case["seed"])) == expected


@pytest.mark.parametrize("case", PLAYOUTS, ids=_ids)
def test_apply_in_place_gives_the_golden_game(case):
    expected = {k: v for k, v in case.items() if k not in ("options", "seed")}
    assert fingerprint_final(fast_playout(case["options"], case["seed"])) == expected
    quiet = fast_playout(case["options"], case["seed"], quiet=True)
    outcome = quiet.outcome()
    assert list(quiet.history) == case["history"]
    assert [list(outcome.scores), list(outcome.winners), outcome.reason] == case["outcome"]


@pytest.mark.parametrize("case", GOLDEN["simulations"], ids=lambda c: str(c["spec"]))
def test_simulator_batches_give_the_golden_summaries(case):
    assert simulation(case["spec"]) == case["summary"]
