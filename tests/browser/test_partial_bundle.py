"""A Voila page draws with the smaller plotly.js where it can, and with the whole one where it
cannot (:mod:`gamelib.ui.partial_bundle`): the harness builds the smaller bundle as ``make run``
does, and a figure with a trace type it lacks asks the kernel for the whole bundle."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import pytest

from gamelib.ui import partial_bundle
from tests.browser.harness import bundle_cache

pytestmark = pytest.mark.browser

LOAD_MS = 300_000  # generous: the machine is shared; not a speed check
CELL = """import plotly.graph_objects as go
from gamelib.ui import show

show(go.Figure(go.Bar(x=["a", "b", "c"], y=[1, 2, 3])))
show(go.Figure(go.Pie(labels=["x", "y"], values=[1, 2])))
show(go.Figure(go.Scatter3d(x=[0, 1], y=[0, 1], z=[0, 1], mode="markers")))
"""
DRAWN_3D_JS = """() => [...document.querySelectorAll('.js-plotly-plot')].some((gd) =>
  gd._fullLayout && gd._fullLayout.scene && (gd._fullData || []).some(
    (t) => t.type === 'scatter3d' && t._module && t._module.name === 'scatter3d')
  && gd.querySelector('.gl-container canvas'))"""
"""A scatter3d trace drawn by its own module in a 3D scene (a type plotly.js does not know
would be drawn by none)."""
PRELOAD_JS = """async () => {
  const early = await globalThis[Symbol.for("gamelib.plotly.preload")];
  return early && early.traces;
}"""


def test_a_page_draws_lesson_traces_with_the_smaller_plotly_and_a_pie_with_the_whole(
    voila: Callable[[Path], Any], page: Any, tmp_path: Path
) -> None:
    if partial_bundle.load(bundle_cache()) is None:
        pytest.skip("this machine cannot build the smaller plotly.js (Node.js, npm, registry)")
    assert "pie" not in partial_bundle.TRACES
    path = tmp_path / "nb" / "figures.ipynb"
    path.parent.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(CELL))
    nbformat.write(nb, path)
    server = voila(path)
    page.goto(server.page_url, wait_until="commit", timeout=LOAD_MS)
    page.wait_for_function(
        "() => document.querySelectorAll('.js-plotly-plot .main-svg').length >= 2",
        timeout=LOAD_MS)
    assert page.evaluate(PRELOAD_JS) == list(partial_bundle.TRACES)
    page.wait_for_function("() => document.querySelectorAll('.bars .point path').length === 3",
                           timeout=LOAD_MS)
    page.wait_for_function("() => document.querySelectorAll('.pielayer .slice').length === 2",
                           timeout=LOAD_MS)
    # a 3D type is in the smaller plotly.js, registered when a figure first draws one
    assert "scatter3d" in partial_bundle.LATER
    page.wait_for_function(DRAWN_3D_JS, timeout=LOAD_MS)
