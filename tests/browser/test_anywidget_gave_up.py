"""A figure draws although anywidget gave up on its model.

anywidget (0.11) gives each model's front-end module two seconds to load; when that time is up
first (a busy page: a classroom laptop, a loaded CI machine running JupyterLab's first page), it
rejects the model's ``ready`` and from then on drops every message to the model, although the
module goes on to load and its views render. A figure then never received its plotly bundle nor
its state: a JupyterLab page once showed none of a controller's five figures. The loader
(:mod:`gamelib.ui.plotly_widget`) takes its model's messages itself once its module has loaded.

The page here ends anywidget's two seconds at once (only anywidget's: JupyterLab has timeouts of
its own), so every anywidget model of the page is given up on before its module loads. The page
counts the give-ups as they happen: anywidget's "Failed to initialize model." reaches the console
only when a message to the model arrives before its module has loaded, which a fast page may not
see (the test once waited for that message and failed about one run in two).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import pytest

from tests.browser.harness import ANYWIDGET_GAVE_UP

pytestmark = pytest.mark.browser

LOAD_MS = 200_000  # generous: the machine is shared; not a speed check
DRAW_MS = 120_000
GIVE_UP_AT_ONCE = """(() => {
  const timeout = AbortSignal.timeout.bind(AbortSignal);
  const fromAnywidget = () => /anywidget/.test(new Error().stack);
  window.__anywidgetGaveUp = 0;
  const givesUp = (listener) => String(listener).includes(GAVE_UP_MESSAGE);
  // A signal whose "abort" listener runs as it is added: anywidget gives up on the model while
  // it makes it, before any module can load (a 1 ms timer lost that race on a fast CI run).
  const abortedNow = () => ({
    aborted: true,
    addEventListener: (type, listener) => {
      if (type !== "abort") return;
      if (givesUp(listener)) window.__anywidgetGaveUp += 1;
      listener();
    },
    removeEventListener: () => {},
  });
  AbortSignal.timeout = (ms) => (ms === 2000 && fromAnywidget() ? abortedNow() : timeout(ms));
})();""".replace("GAVE_UP_MESSAGE", json.dumps(ANYWIDGET_GAVE_UP))

CELLS = [
    "import plotly.graph_objects as go\nfrom gamelib.ui.plotly_widget import FigureWidget",
    "first = FigureWidget(go.Figure(go.Bar(y=[3, 1, 2], name='first')))\nfirst",
    "second = FigureWidget(go.Figure(go.Scatter(y=[5, 4, 6, 7], name='second')))\nsecond",
]
DRAWN_JS = """() => [...document.querySelectorAll(".gamelib-figure")].map(
  (gd) => (gd.data || []).map((t) => [t.name, Array.from(t.y || [])]))"""
EXPECTED = [[["first", [3, 1, 2]]], [["second", [5, 4, 6, 7]]]]


def _notebook(folder: Path) -> Path:
    folder.mkdir()
    cells = [nbformat.v4.new_code_cell(c) for c in CELLS]
    path = folder / "gave_up.ipynb"
    kernel = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata=kernel), path)
    return path


def _gave_up(page: Any) -> int:
    """How many times anywidget gave up on a model: its listener that rejects the model's
    ``ready`` with :data:`ANYWIDGET_GAVE_UP` ran."""
    return int(page.evaluate("() => window.__anywidgetGaveUp"))


def _wait_drawn(page: Any) -> None:
    want = json.dumps(json.dumps(EXPECTED, separators=(",", ":")))
    page.wait_for_function(f"() => JSON.stringify(({DRAWN_JS})()) === {want}", timeout=DRAW_MS)


def test_voila_figures_draw_when_anywidget_gave_up_on_their_models(
    voila: Callable[[Path], Any], page: Any, tmp_path: Path
) -> None:
    page.add_init_script(GIVE_UP_AT_ONCE)
    server = voila(_notebook(tmp_path / "nb"))
    page.goto(server.page_url, timeout=LOAD_MS)
    _wait_drawn(page)
    assert _gave_up(page) == len(EXPECTED), "anywidget did not give up on each figure's model once"
    assert page.evaluate(DRAWN_JS) == EXPECTED


def test_jupyterlab_figures_draw_when_anywidget_gave_up_on_their_models(
    lab_at: Callable[[Path], Any], page: Any, tmp_path: Path
) -> None:
    from tests.browser.test_drawn_state import ALL_CELLS_RUN, KERNEL_IDLE

    page.add_init_script(GIVE_UP_AT_ONCE)
    notebook = _notebook(tmp_path / "nb")
    server = lab_at(notebook.parent)
    page.goto(f"{server.page_url}/tree/{notebook.name}")
    page.wait_for_function(KERNEL_IDLE, timeout=LOAD_MS)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ALL_CELLS_RUN, timeout=LOAD_MS)
    _wait_drawn(page)
    assert _gave_up(page) == len(EXPECTED), "anywidget did not give up on each figure's model once"
    assert page.evaluate(DRAWN_JS) == EXPECTED
