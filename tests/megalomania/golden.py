"""Golden seeded games (issue 12): a recorded random playout per (options, seed), replayed to prove
that speed work leaves seeded games, records and logs exactly as they were.

A record holds the whole action history as text, the outcome, and fingerprints of the final
state's log that do not use :func:`gamelib.core.state.digest`: a SHA-256 of the teacher's log
text in English and in Japanese, and of each seat's visible log in English. Shared by the
Megalomania and 列強の興亡 golden tests; regenerate a file (only when a change is *meant* to alter
seeded games) with ``PYTHONPATH=. python -m tests.megalomania.golden <game> <path>``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gamelib

__all__ = ["check", "fingerprint_of", "load", "replay", "write"]


def _sha(lines: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def fingerprint_of(state: Any) -> dict[str, Any]:
    """What a record compares at the end of a game: history, outcome, log texts (hashed)."""
    out = state.outcome()
    return {
        "history": list(state.history),
        "scores": list(out.scores) if out else None,
        "winners": list(out.winners) if out else None,
        "log_en": _sha(state.log_text("en")),
        "log_ja": _sha(state.log_text("ja")),
        "seat_logs": [_sha(state.log_text("en", s)) for s in range(state.game.players)],
    }


def replay(game_id: str, options: dict[str, Any], seed: int, path: str) -> Any:
    """Play game ``seed`` with random choices seeded by ``seed`` on ``path``: ``"checked"``
    (``gamelib.play`` every step), ``"fast"`` (``clone()`` once, ``apply_in_place``) or
    ``"quiet"`` (the fast path with ``quiet`` set). Returns the final state."""
    game = gamelib.load(game_id, **options)
    rng = random.Random(seed)
    state = game.new_state(seed)
    if path != "checked":
        state = state.clone()
        state.quiet = path == "quiet"
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if path == "checked":
            state = gamelib.play(state, action)
        else:
            state.apply_in_place(action)
    return state


def check(game_id: str, record: dict[str, Any]) -> None:
    """Assert that ``record`` replays identically on the checked, fast and quiet paths (the quiet
    path has no log: its actions and outcome are compared)."""
    options, seed = record["options"], record["seed"]
    want = {k: v for k, v in record.items() if k not in ("options", "seed")}
    for path in ("checked", "fast"):
        assert fingerprint_of(replay(game_id, options, seed, path)) == want, path
    quiet = replay(game_id, options, seed, "quiet")
    got = fingerprint_of(quiet)
    assert [got[k] for k in ("history", "scores", "winners")] == [
        want[k] for k in ("history", "scores", "winners")
    ]


def load(path: Path) -> list[dict[str, Any]]:
    """The records of a golden file (gzip-compressed JSON)."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        data: list[dict[str, Any]] = json.load(f)
    return data


def write(game_id: str, cases: Sequence[tuple[dict[str, Any], int]], path: Path) -> None:
    """Record ``cases`` (options, seed) of ``game_id`` through the checked path into ``path``."""
    records = []
    for options, seed in cases:
        state = replay(game_id, options, seed, "checked")
        records.append({"options": options, "seed": seed, **fingerprint_of(state)})
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write(json.dumps(records, ensure_ascii=False, indent=0).encode())


if __name__ == "__main__":
    import importlib

    game_arg, path_arg = sys.argv[1], Path(sys.argv[2])
    module = importlib.import_module(f"tests.{game_arg}.test_golden")
    write(game_arg, module.CASES, path_arg)
    print(f"wrote {len(module.CASES)} records to {path_arg}")
