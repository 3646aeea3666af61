"""The lessons' static figures are committed as PNGs that render without a kernel (issue 8:
"static Plotly figures that render without a kernel (nbviewer, GitHub, a Voila page before a
click)"), and they are exactly what the code builds today (``tools/lesson_figures.py``)."""

from __future__ import annotations

import base64
import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest

pytest.importorskip("ipywidgets")

from gamelib.ui.lesson import FIGURE_KEY, is_static_output

ROOT = Path(__file__).resolve().parents[2]
SIZE_LIMIT = 1_500_000  # bytes: a notebook with its PNGs stays small enough for git and GitHub
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lesson_figures", ROOT / "tools" /
                                                  "lesson_figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
LESSONS = TOOL.lesson_notebooks()


def _figure_outputs(cell: Any) -> list[Any]:
    return [o for o in cell.get("outputs", ()) if is_static_output(o)
            and FIGURE_KEY in o["metadata"]]


def test_every_lesson_with_figures_is_found() -> None:
    names = {p.stem for p in LESSONS}
    assert {"powers", "megalomania", "rekkyo", "trench"} <= names
    assert "lab" not in names and "index" not in names


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_each_static_figure_cell_carries_its_png(path: Path) -> None:
    """Every cell that shows a static figure has it committed as a PNG (with its plotly JSON
    and a title, and the cell's execution count), and no other cell has one."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        shown = _figure_outputs(cell)
        assert len(shown) == cell.source.count("lesson.static("), cell.source[:80]
        if shown:  # nbval refuses outputs of a cell that never ran
            assert cell.execution_count is not None, cell.source[:80]
        for output in shown:
            png = base64.b64decode(output["data"]["image/png"])
            assert png.startswith(PNG_MAGIC) and len(png) > 2_000
            fig = json.loads(output["metadata"][FIGURE_KEY])
            assert fig["layout"]["title"]["text"], cell.source[:80]
            assert output["metadata"]["image/png"] == dict(
                zip(("width", "height"), TOOL.size_of(fig), strict=True))


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_notebook_with_its_figures_stays_small(path: Path) -> None:
    assert path.stat().st_size <= SIZE_LIMIT, f"{path.name}: {path.stat().st_size} bytes"


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_committed_figures_are_what_the_code_builds(path: Path) -> None:
    """Runs the notebook (as nbval does) and compares each figure's plotly JSON with the
    committed one, not pixels. If this fails: ``python tools/lesson_figures.py`` and commit."""
    problems = TOOL.differences(path)
    assert not problems, "\n".join([*problems, "run: python tools/lesson_figures.py"])


def test_a_changed_figure_is_reported() -> None:
    """The comparison the slow test makes, on a copy of a committed notebook standing for the
    executed one: an unchanged figure passes, a changed title is named."""
    path = next(p for p in LESSONS if p.stem == "trench")
    executed = nbformat.read(path, as_version=4)
    assert TOOL.differences(path, executed) == []
    output = next(o for c in executed.cells if c.cell_type == "code" for o in _figure_outputs(c))
    fig = json.loads(output["metadata"][FIGURE_KEY])
    fig["layout"]["title"]["text"] = "another title"
    output["metadata"][FIGURE_KEY] = fig  # as the kernel shows it: a dict, with a template
    problems = TOOL.differences(path, executed)
    assert len(problems) == 1 and "another title" in problems[0]
