"""Golden games: 40 seeded random games (every player count and main option set) recorded before
the speed work replay to the same history, outcome, teacher log (both languages) and final board,
through ``gamelib.play`` and through ``apply_in_place`` (logged and quiet)."""

from __future__ import annotations

import pytest

import gamelib
from tests.qmg.golden import choices, fingerprint, load

GOLDEN = load()


def _id(rec):
    opts = ",".join(f"{k}={v}" for k, v in rec["options"].items())
    return f"{opts}-seed{rec['seed']}"


@pytest.mark.parametrize("rec", GOLDEN, ids=[_id(r) for r in GOLDEN])
def test_golden_game_replays_identically(rec):
    """The same seed and chooser give the same actions; both paths give the recorded end."""
    options, seed, history = rec["options"], rec["seed"], rec["history"]
    assert choices(options, seed) == history
    checked = gamelib.load("qmg", **options).new_state(seed=seed)
    for text in history:
        checked = gamelib.play(checked, text)
    assert fingerprint(checked) == rec["final"]
    fast = gamelib.load("qmg", **options).new_state(seed=seed).clone()
    for text in history:
        legal = {str(a): a for a in fast.legal_actions()}
        fast.apply_in_place(legal[text])
    assert fingerprint(fast) == rec["final"]
    assert fast.history == checked.history == tuple(history)
    quiet = gamelib.load("qmg", **options).new_state(seed=seed).clone()
    quiet.quiet = True
    for text in history:
        legal = {str(a): a for a in quiet.legal_actions()}
        quiet.apply_in_place(legal[text])
    final = fingerprint(quiet)
    assert final["outcome"] == rec["final"]["outcome"]
    assert final["pieces"] == rec["final"]["pieces"] and final["hands"] == rec["final"]["hands"]
