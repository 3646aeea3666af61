"""Golden seeded games of 主計将校: the record that proves engine changes keep games identical.

``python -m tests.qmg.golden`` (from the worktree root, ``PYTHONPATH=.``) writes
``tests/qmg/data/golden.json.gz``: for each case (player count, options, seed) a seeded random
playout's whole action history as text, its outcome, and a fingerprint of the final teacher view
that does not use :func:`gamelib.core.state.digest`: the teacher log's text in English and
Japanese (hashed, with the line count and the last lines in clear) and the board, hands, piles and
cards in play. ``tests/qmg/test_golden.py`` replays every case through ``gamelib.play`` and through
``apply_in_place`` and compares.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import gamelib

GOLDEN = Path(__file__).with_name("data") / "golden.json.gz"

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 6},
    {"players": 2, "reallocate": False},
    {"players": 4, "iron_ore": "then"},
    {"players": 6, "reallocate": False, "iron_ore": "then", "lang": "ja"},
)
SEEDS_PER_SET = 5
"""40 games: 5 seeds for each of the 8 option sets."""


def cases() -> list[tuple[dict[str, Any], int]]:
    """(options, seed) of every golden game."""
    return [
        (opts, 1000 * i + k) for i, opts in enumerate(OPTION_SETS) for k in range(SEEDS_PER_SET)
    ]


def choices(options: dict[str, Any], seed: int) -> list[str]:
    """A seeded random playout (the chooser's own ``random.Random(seed)``), as action texts."""
    state = gamelib.load("qmg", **options).new_state(seed=seed)
    state = state.clone()
    pick = random.Random(seed)
    while state.current_player is not None:
        legal = state.legal_actions()
        state.apply_in_place(legal[pick.randrange(len(legal))])
    return list(state.history)


def fingerprint(state: Any) -> dict[str, Any]:
    """The final teacher view, rendered without ``digest``: log texts in both languages and the
    visible game data."""
    view = state.view(None)
    out: dict[str, Any] = {}
    for lang in ("en", "ja"):
        lines = [e.text(lang) for e in view.log]
        out[f"log_{lang}_sha256"] = hashlib.sha256("\n".join(lines).encode()).hexdigest()
        out[f"log_{lang}_lines"] = len(lines)
        out[f"log_{lang}_tail"] = lines[-3:]
    outcome = view.outcome
    out["outcome"] = (
        None if outcome is None else [list(outcome.scores), list(outcome.winners), outcome.reason]
    )
    out["round"] = view.round
    out["vp"] = list(view.vp)
    out["pieces"] = [[s, list(ns)] for s, ns in view.pieces]
    out["hands"] = [list(h or ()) for h in view.hands]
    out["responses"] = [list(r or ()) for r in view.responses]
    out["table"] = [list(t) for t in view.table]
    out["deck_sizes"] = list(view.deck_sizes)
    out["discard_sizes"] = list(view.discard_sizes)
    out["discard_tops"] = list(view.discard_tops)
    return out


def record() -> list[dict[str, Any]]:
    """Play every case and return the golden records."""
    out = []
    for options, seed in cases():
        history = choices(options, seed)
        state = gamelib.load("qmg", **options).new_state(seed=seed)
        for text in history:
            state = gamelib.play(state, text)
        out.append(
            {"options": options, "seed": seed, "history": history, "final": fingerprint(state)}
        )
    return out


def load() -> list[dict[str, Any]]:
    """The committed golden records."""
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        data: list[dict[str, Any]] = json.load(f)
    return data


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    with gzip.open(GOLDEN, "wt", encoding="utf-8", compresslevel=9) as f:
        json.dump(record(), f, ensure_ascii=False, separators=(",", ":"))
    print(GOLDEN, GOLDEN.stat().st_size)
