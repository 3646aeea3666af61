"""Instructions a new kernel runs for each game's lesson notebook, counted by valgrind's
callgrind (issue 12: a Voila page that starts a new kernel waits for its whole notebook).

Each lesson's code cells run in one process through IPython's shell, as a kernel runs them
(display hooks, widgets made and shown; no kernel, so no messages), after what a kernel has done
before a lesson's first cell: IPython's shell made, ``gamelib.ui`` imported (plotly, ipywidgets).
Callgrind dumps its counters at two ``os.getppid()`` calls around the cells; the instructions
between them are the lesson's. The reference is the part before the first cell in the same
process (Python, IPython, plotly, ipywidgets and gamelib.ui imported): what every page pays, in
the same run. Counts, unlike seconds, do not swing with this shared machine's load. The
subjects run one at a time, about two minutes each here; ``--quick`` counts the Powers lesson
only.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from benchmarks import Row, row
from benchmarks.bench_instructions import callgrind_parts

__all__ = ["count", "run", "run_cells"]

NAME = "lessons"
ROOT = Path(__file__).resolve().parents[1]
LESSONS = ("powers", "rekkyo", "megalomania", "qmg", "trench")
UNIT = "M instr"
TIMEOUT = 900.0
"""Seconds a lesson may take under valgrind before its row says it failed."""


def run_cells(notebook: Path) -> dict[str, int]:
    """Run ``notebook``'s code cells in this process through IPython's shell, in the
    notebook's folder, between two ``os.getppid()`` calls (callgrind's dumps); the cells' count
    and printed characters. Raises ``RuntimeError`` naming the first cell that fails."""
    from IPython.core.interactiveshell import InteractiveShell

    from gamelib.ui.figure_display import use_shared_plotly

    cells = [c for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
             if c["cell_type"] == "code"]
    shell = InteractiveShell.instance()
    use_shared_plotly(force=True)  # what importing gamelib.ui does inside a kernel
    printed = io.StringIO()
    here = Path.cwd()
    os.chdir(notebook.parent)
    try:
        os.getppid()  # callgrind dumps Python's start and the imports here
        with contextlib.redirect_stdout(printed):
            for number, cell in enumerate(cells, 1):
                source = "".join(cell["source"])
                result = shell.run_cell(source, store_history=False, silent=False)
                error = result.error_before_exec or result.error_in_exec
                if error is not None:
                    raise RuntimeError(f"{notebook.name}, code cell {number}: {error!r}")
        os.getppid()  # and the cells here
    finally:
        os.chdir(here)
    return {"cells": len(cells), "printed": len(printed.getvalue())}


def count(notebook: Path) -> dict[str, Any]:
    """Run :func:`run_cells` under callgrind: its result, with the instructions before the
    cells (``before``) and of the cells (``instructions``). Raises ``RuntimeError`` on any
    failure."""
    result, (before, cells) = callgrind_parts(
        ["benchmarks.bench_lessons", "--child", str(notebook)], timeout=TIMEOUT)
    return {**result, "before": before, "instructions": cells}


def run(quick: bool = False) -> list[Row]:
    """Instructions of each lesson's cells, next to the imports before them (same process)."""
    if shutil.which("valgrind") is None:
        return [row(NAME, "all lessons", float("nan"), UNIT,
                    notes="skipped: valgrind not found (apt-get install valgrind)")]
    rows: list[Row] = []
    for name in LESSONS[:1] if quick else LESSONS:
        subject = f"{name}.ipynb: a new kernel runs its cells"
        print(f"  {subject} under callgrind ...", file=sys.stderr, flush=True)
        try:
            counted = count(ROOT / "notebooks" / f"{name}.ipynb")
        except (RuntimeError, ValueError) as err:
            rows.append(row(NAME, subject, float("nan"), UNIT, notes=f"failed: {err}"))
            continue
        before = counted["before"] / 1e6
        rows.append(row(
            NAME, subject, counted["instructions"] / 1e6, UNIT,
            f"before the first cell: {before:,.0f} {UNIT}", before,
            f"{counted['cells']} code cells, through IPython's shell (no kernel); the "
            "reference: Python, IPython, plotly, ipywidgets and gamelib.ui imported"))
    return rows


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.bench_lessons --child NOTEBOOK`` runs one lesson's cells (what
    :func:`count` runs under valgrind) and prints the result as JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_lessons")
    parser.add_argument("--child", metavar="NOTEBOOK", required=True)
    args = parser.parse_args(argv)
    print(json.dumps(run_cells(Path(args.child).resolve())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
