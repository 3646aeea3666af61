"""Golden seeded playouts of Powers: the games, records and logs that speed work must not change.

Each case is a set of options and a seed. A seeded random playout (``random.Random(seed)`` picks
among the legal actions, in their documented order) is recorded as its full action history, its
outcome, and fingerprints of the final teacher view that do not use
:func:`gamelib.core.state.digest`: SHA-256 of the log texts in English and in Japanese, and of the
rest of the teacher view's fields. ``tests/powers/test_golden.py`` replays every case through
``gamelib.play`` and through ``apply_in_place`` and compares.

Regenerate (only when a change is meant to alter seeded games, and say so):
``PYTHONPATH=. python -m tests.powers.golden``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import gamelib
from gamelib.core import fingerprint

PATH = Path(__file__).with_name("data") / "golden_playouts.json"


def cases() -> list[tuple[dict[str, Any], int]]:
    """40 cases: every player count with every rule set, with and without 電撃戦, then rulings."""
    out: list[tuple[dict[str, Any], int]] = []
    seed = 100
    for players in range(2, 6):
        for rules in ("base", "magazine", "refill"):
            for blitz in (False, True):
                out.append(({"players": players, "rules": rules, "blitzkrieg": blitz}, seed))
                seed += 1
    rulings: list[dict[str, Any]] = [
        {"players": 2, "lead_ace": 14},
        {"players": 3, "lead_ace": 14, "rules": "magazine"},
        {"players": 2, "uncontested": "must_play"},
        {"players": 4, "uncontested": "must_play", "rules": "refill"},
        {"players": 3, "rules": "magazine", "magazine_costs_final": False},
        {"players": 4, "rules": "magazine", "initiative_draw": False},
        {"players": 5, "rules": "refill", "refill_count": "all"},
        {"players": 3, "rules": "refill", "refill_count": "all", "blitzkrieg": True},
        {"players": 4, "blitzkrieg": True, "home_letters": "printed"},
        {"players": 2, "rules": "magazine", "blitzkrieg": True, "home_letters": "printed"},
        {"players": 2, "lang": "ja"},
        {"players": 5, "lang": "ja", "rules": "magazine"},
        {"players": 2},
        {"players": 2, "rules": "magazine"},
        {"players": 2, "rules": "refill"},
        {"players": 3},
    ]
    for opts in rulings:
        out.append((opts, seed))
        seed += 1
    return out


def _sha(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def fingerprint_final(state: Any) -> dict[str, Any]:
    """What is compared of a finished game (see the module docstring)."""
    view = state.view(None)
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "log"}
    outcome = state.outcome()
    return {
        "history": list(state.history),
        "outcome": [list(outcome.scores), list(outcome.winners), outcome.reason],
        "log_en": _sha(state.log_text("en")),
        "log_ja": _sha(state.log_text("ja")),
        "log_entries": len(state.log),
        "view": hashlib.sha256(repr(fingerprint(fields)).encode("utf-8")).hexdigest(),
    }


def checked_playout(options: dict[str, Any], seed: int) -> Any:
    """The seeded random playout through ``gamelib.play``; returns the final state."""
    game = gamelib.load("powers", **options)
    pick = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state = gamelib.play(state, legal[pick.randrange(len(legal))])
    return state


def fast_playout(options: dict[str, Any], seed: int, *, quiet: bool = False) -> Any:
    """The same playout through ``clone()`` once and ``apply_in_place``."""
    game = gamelib.load("powers", **options)
    pick = random.Random(seed)
    state = game.new_state(seed).clone()
    state.quiet = quiet
    while state.current_player is not None:
        legal = state.legal_actions()
        state.apply_in_place(legal[pick.randrange(len(legal))])
    return state


SIMULATIONS: list[dict[str, Any]] = [
    {"players": 2, "games": 40, "seed": 3, "bots": ["random"]},
    {"players": 3, "games": 12, "seed": 4, "bots": ["random", "heuristic"]},
    {"players": 4, "games": 8, "seed": 5, "bots": ["heuristic"], "options": {"rules": "magazine"}},
    {"players": 5, "games": 8, "seed": 6, "bots": ["heuristic", "random"],
     "options": {"rules": "refill", "blitzkrieg": True}},
]
"""Small simulator batches (one process): their summaries are golden too (bots included)."""


def simulation(spec: dict[str, Any]) -> dict[str, Any]:
    """The summary of one batch of :data:`SIMULATIONS` as plain data."""
    from gamelib.sim import simulate

    summary = simulate(
        "powers", players=spec["players"], games=spec["games"], seed=spec["seed"],
        bots=tuple(spec["bots"]), options=spec.get("options"), processes=1,
    )
    return json.loads(summary.to_json())


def main() -> None:
    """Write the golden file from the checked path (one case per line)."""
    playouts = [
        {"options": opts, "seed": seed, **fingerprint_final(checked_playout(opts, seed))}
        for opts, seed in cases()
    ]
    sims = [{"spec": spec, "summary": simulation(spec)} for spec in SIMULATIONS]
    lines = [json.dumps(x, ensure_ascii=False, sort_keys=True) for x in playouts + sims]
    text = '{"playouts": [\n' + ",\n".join(lines[: len(playouts)]) + '\n],\n"simulations": [\n'
    text += ",\n".join(lines[len(playouts):]) + "\n]}\n"
    PATH.write_text(text, encoding="utf-8")
    print(f"wrote {len(playouts)} playouts and {len(sims)} simulations to {PATH}")


if __name__ == "__main__":
    main()
