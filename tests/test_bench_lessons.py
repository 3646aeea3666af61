"""The lesson benchmark's runner (issue 12): a notebook's cells run in one process through
IPython's shell. The benchmark itself runs under valgrind in ``python -m benchmarks``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.bench_lessons import run_cells


def _notebook(path: Path, *sources: str) -> Path:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": ["# a lesson"]}] + [
        {"cell_type": "code", "metadata": {}, "source": [s], "outputs": [],
         "execution_count": None} for s in sources]
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}), encoding="utf-8")
    return path


def test_the_cells_run_in_order_in_the_notebooks_folder(tmp_path: Path) -> None:
    (tmp_path / "data.txt").write_text("read from the notebook's folder")
    notebook = _notebook(tmp_path / "lesson.ipynb", "text = open('data.txt').read()",
                         "print(text)", "import plotly.graph_objects as go\n"
                         "go.Figure(go.Bar(y=[1, 2]))")
    result = run_cells(notebook)
    assert result["cells"] == 3  # the figure's text is printed too (no frontend)
    assert result["printed"] > len("read from the notebook's folder\n")


def test_a_failing_cell_is_named(tmp_path: Path) -> None:
    notebook = _notebook(tmp_path / "lesson.ipynb", "x = 1", "assert x == 2, 'x is not 2'")
    with pytest.raises(RuntimeError, match=r"lesson.ipynb, code cell 2: .*x is not 2"):
        run_cells(notebook)
