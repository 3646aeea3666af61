"""Benchmarks run by ``python -m benchmarks`` (``make bench``); results go to docs/performance.md.

Each ``benchmarks/bench_<name>.py`` defines ``run(quick: bool = False) -> list[dict]``; a row is
``{"benchmark", "subject", "value", "unit", "reference", "ratio", "notes"}`` where the reference
is measured in the same run and ``ratio = value / reference value``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["Row", "percentile", "read_results", "row", "shipped_games", "write_results"]

Row = dict[str, Any]


def row(
    benchmark: str,
    subject: str,
    value: float,
    unit: str,
    reference: str | None = None,
    reference_value: float | None = None,
    notes: str = "",
) -> Row:
    """Make one result row; the ratio is ``value / reference_value`` when there is a reference."""
    ratio = None
    if reference is not None and reference_value:
        ratio = value / reference_value
    return {
        "benchmark": benchmark,
        "subject": subject,
        "value": float(value),
        "unit": unit,
        "reference": reference,
        "ratio": ratio,
        "notes": notes,
    }


def shipped_games() -> list[str]:
    """The games gamelib ships (not games registered at run time, such as the tests' toy game)."""
    import gamelib
    from gamelib.core.registry import GAMES

    return [g for g in gamelib.available_games() if GAMES[g].startswith("gamelib.")]


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0..100) of ``values`` by linear interpolation."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def read_results(path: Path) -> dict[str, dict[str, Any]]:
    """The measurements kept in ``path`` (a JSON object of entries), empty if there is none."""
    if not path.exists():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write_results(path: Path, data: dict[str, dict[str, Any]]) -> None:
    """Keep the measurements ``data`` in ``path`` (sorted keys, so diffs stay small)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                    encoding="utf-8")
