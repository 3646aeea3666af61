"""The golden games of 毒ガス塹壕戦 speed work: seeded random playouts recorded as text.

``python -m tests.trench.golden`` (from the repository root) rewrites ``data/golden.json``;
``test_golden.py`` replays every game through ``play`` and through ``apply_in_place`` and
compares the actions, the outcome and a fingerprint of the teacher's log in both languages.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import gamelib

PATH = Path(__file__).parent / "data" / "golden.json"
#: (options, number of games): every player count and the main option sets.
SETS: list[tuple[dict[str, Any], int]] = [
    ({"players": 2}, 10), ({"players": 3}, 6), ({"players": 4}, 5),
    ({"players": 2, "beginner": True}, 4), ({"players": 4, "beginner": True}, 3),
    ({"players": 3, "interrupt_timing": "boundary"}, 3), ({"players": 2, "relief": False}, 3),
    ({"players": 4, "open_teams": True}, 3), ({"players": 4, "hidden_teams": True}, 3),
]


def log_print(state: Any) -> str:
    """A fingerprint of the teacher's log, English and Japanese (not of the state's digest)."""
    h = hashlib.sha256()
    for lang in ("en", "ja"):
        for e in state.log:
            h.update(e.text(lang).encode())
            h.update(b"\n")
    return h.hexdigest()


def playout(opts: dict[str, Any], seed: int) -> dict[str, Any]:
    """One seeded random game through the fast path."""
    st = gamelib.load("trench", **opts).new_state(seed)
    chooser = random.Random(seed * 7919 + 1)
    while not st.is_terminal():
        st.apply_in_place(chooser.choice(st.legal_actions()))
    out = st.outcome()
    return {
        "options": opts, "seed": seed, "actions": [str(a) for a in st.history],
        "outcome": [list(out.scores), list(out.winners), out.reason], "log": log_print(st),
    }


def record() -> list[dict[str, Any]]:
    """All golden games."""
    return [playout(opts, 100 + k) for opts, n in SETS for k in range(n)]


if __name__ == "__main__":
    PATH.parent.mkdir(exist_ok=True)
    PATH.write_text(json.dumps(record(), ensure_ascii=False, indent=0) + "\n", "utf-8")
