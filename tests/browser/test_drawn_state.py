"""Every controller figure shows the engine's current state after every click, in Voila and
JupyterLab.

A copy of each game notebook gets one more cell after its controller cell
(:data:`tests.browser.drawn.DIGEST_CELL`): the kernel then keeps, in the page, a digest of the
figures the controller's builders make from its current view. The test clicks the controller's
buttons and, after each click, waits until every figure drawn in the page (its plotly graph
div's ``data`` and ``layout``) equals that digest -- or fails after a generous timeout with the
differences. In JupyterLab it also checks that every figure is drawn taller than 50 px.
"""

from __future__ import annotations

import json
import re
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest

from tests.browser.drawn import (
    DIGEST,
    DIGEST_CELL,
    KERNEL_REPORT,
    PAGE_FIGURES_JS,
    TRACE_KEYS,
    UNDER_TEST,
    differences_any,
    matched_indices,
)
from tests.browser.harness import ClickTrace, JsErrors, wait_preheated

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
GAME_NOTEBOOKS = ["powers", "rekkyo", "megalomania", "trench", "qmg"]
CLICKS = 4
MATCH_TIMEOUT_S = 120.0  # generous: the machine is shared; not a speed check
LOAD_MS = 600_000
"""Time for a whole lesson notebook to run before its digest shows (a loaded machine runs a
60-cell lesson for minutes); generous on purpose, not a speed check."""
# JupyterLab (run with expose_app_in_browser) shows the notebook and its kernel is idle.
KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = w && w.sessionContext && w.sessionContext.session
    && w.sessionContext.session.kernel;
  return !!kernel && kernel.status === "idle";
}"""

# Every code cell of the notebook has started (an execution count) and the kernel is idle again:
# the last one has finished, so nothing queued is left ahead of a click's message.
ALL_CELLS_RUN = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = w && w.sessionContext && w.sessionContext.session
    && w.sessionContext.session.kernel;
  if (!kernel || kernel.status !== "idle") return false;
  return w.content.widgets.every(
    (c) => c.model.type !== "code" || c.model.executionCount !== null);
}"""


ASSIGNED_CONTROLLER = re.compile(r"^(\w+)\s*=\s*.*\b(?:controller|Controller)\(", re.M)
"""A top-level line that makes a controller: ``name = ...controller(...``."""


def controller_cell(cells: list[Any]) -> tuple[int, str] | None:
    """The code cell that makes the notebook's game controller, and its variable: ``ctrl`` when
    a cell assigns it, else the first variable assigned a controller (lessons make several)."""
    found = [
        (i, m.group(1))
        for i, c in enumerate(cells)
        if c.cell_type == "code"
        for m in ASSIGNED_CONTROLLER.finditer(c.source)
    ]
    return next((f for f in found if f[1] == "ctrl"), found[0] if found else None)


def _with_digest(name: str, folder: Path) -> Path:
    """A copy of ``notebooks/<name>.ipynb`` in ``folder`` with the digest cell after the cell
    that makes its controller; skips while the notebook (or a controller cell) does not exist."""
    source = NOTEBOOKS / f"{name}.ipynb"
    if not source.exists():
        pytest.skip(f"notebooks/{name}.ipynb does not exist yet")
    nb = nbformat.read(source, as_version=4)
    found = controller_cell(nb.cells)
    if found is None:
        pytest.skip(f"notebooks/{name}.ipynb has no `name = controller(...)` cell")
    at, var = found
    nb.cells.insert(at + 1, nbformat.v4.new_code_cell(DIGEST_CELL.format(var=var)))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / source.name
    nbformat.write(nb, path)
    return path


def _digest(page: Any) -> dict[str, Any] | None:
    """The kernel's digest shown in the page (textContent: also while scrolled out of view)."""
    text = page.locator(DIGEST).first.text_content() or ""
    return dict(json.loads(text)) if text.strip() else None


# What the page holds when figures do not match: for a failure message that says why.
FIGURE_STATES_JS = """
async () => {
  const key = Symbol.for("gamelib.plotly.widgetbundle");
  const bundle = globalThis[key];
  const state = !bundle ? "not requested" : await Promise.race([
    bundle.then(() => "loaded", (e) => `failed: ${e}`),
    new Promise((r) => setTimeout(() => r("pending"), 100)),
  ]);
  const figures = [...document.querySelectorAll(".gamelib-controller .gamelib-figure")].map(
    (el) => {
      const r = el.getBoundingClientRect();
      const cell = el.closest(".jp-Cell");
      return `connected=${el.isConnected} top=${r.top.toFixed(0)} height=${r.height.toFixed(0)}`
        + ` drawn=${!!el.querySelector(".js-plotly-plot") || el.matches(".js-plotly-plot")}`
        + (cell ? ` cell-visibility=${getComputedStyle(cell).contentVisibility}` : "");
    });
  return [`bundle: ${state}`, `window height ${innerHeight}`, ...figures];
}
"""


# Asks the notebook's kernel (JupyterLab only) what it saw, outside any cell; the kernel's
# status when it does not answer within 10 s.
ASK_KERNEL_JS = """
async (code) => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = w && w.sessionContext && w.sessionContext.session
    && w.sessionContext.session.kernel;
  if (!kernel) return "kernel: not asked (not JupyterLab)";
  let out = "";
  const future = kernel.requestExecute({ code, silent: false, store_history: false });
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += msg.content.ename + ": " + msg.content.evalue;
  };
  const timeout = new Promise((r) => setTimeout(() => r("timeout"), 10000));
  const done = await Promise.race([future.done.then(() => "done"), timeout]);
  return done === "done" ? out.trim() : `kernel: no answer in 10 s (status ${kernel.status})`;
}
"""

LOST_CLICK_S = 30.0
"""How long a click may go unanswered before the test looks at where it went."""


@dataclass
class Click:
    """A "Bot move" click being waited for: the button, and what the page had seen before it."""

    button: Any
    trace: ClickTrace
    seen_before: int
    retries_left: int = 2

    def missed(self) -> bool:
        """The document never saw a "Bot move" click since: the browser clicked elsewhere (a
        layout moved under the pointer), so the controller was never clicked."""
        return self.trace.buttons()[self.seen_before:].count("Bot move") == 0

    def again(self) -> None:
        warnings.warn("the browser's click missed the Bot move button: clicked again",
                      stacklevel=2)
        self.retries_left -= 1
        self.seen_before = len(self.trace.buttons())
        self.button.click()

    def report(self, page: Any) -> list[str]:
        clicked = self.trace.buttons()[self.seen_before:]
        return [
            f"buttons the page saw clicked since: {clicked or 'none'}",
            f"websocket frames with a click sent by the page: {self.trace.frames}",
            page.evaluate(ASK_KERNEL_JS, KERNEL_REPORT),
        ]


def _wait_drawn(
    page: Any, step: int | None = None, errors: JsErrors | None = None,
    click: Click | None = None,
) -> dict[str, Any]:
    """Wait until the digest is past ``step`` and every figure drawn equals it; return it.

    The reader keeps the controller on screen: figures are drawn when near it, and JupyterLab
    may scroll the notebook on its own after running all cells (a CI run saw every figure of the
    controller 2,000 px above the screen, never drawn). A ``click`` the page never saw (the
    browser's pointer landed elsewhere) is made again; any other lost click fails the test with
    where it went."""
    deadline = time.monotonic() + MATCH_TIMEOUT_S
    look_at = time.monotonic() + LOST_CLICK_S
    problems: list[str] = ["digest not shown"]
    while time.monotonic() < deadline:
        page.locator(UNDER_TEST).first.scroll_into_view_if_needed()
        expected = _digest(page) if page.locator(DIGEST).count() else None
        if expected is not None:
            if step is None or expected["step"] > step:
                drawn = page.evaluate(PAGE_FIGURES_JS, list(TRACE_KEYS))
                problems = differences_any(expected, drawn)
                if not problems:
                    return expected
            else:
                problems = [f"still at step {expected['step']}"]
                if (click is not None and time.monotonic() > look_at and click.retries_left
                        and click.missed()):
                    click.again()
                    look_at = time.monotonic() + LOST_CLICK_S
        page.wait_for_timeout(500)
    page_state = page.evaluate(FIGURE_STATES_JS)
    js_errors = errors.relevant() if errors is not None else []
    pytest.fail(
        "figures do not show the engine's state:\n" + "\n".join(problems[:20])
        + "\nin the page:\n" + "\n".join(page_state)
        + ("\nthe click:\n" + "\n".join(click.report(page)) if click is not None else "")
        + "\nJavaScript errors:\n" + ("\n".join(js_errors[:20]) or "none")
    )


def _click_through(page: Any, shots: Path, errors: JsErrors, trace: ClickTrace) -> None:
    """Click "Bot move" (or a human action) ``CLICKS`` times, checking the figures each time."""
    controller = page.locator(UNDER_TEST).first
    page.screenshot(path=str(shots.with_name(f"{shots.stem}-start.png")))
    expected = _wait_drawn(page, errors=errors)
    for n in range(CLICKS):
        bot = controller.get_by_role("button", name="Bot move").first
        if bot.is_disabled():
            break  # the game is over
        click = Click(bot, trace, seen_before=len(trace.buttons()))
        bot.click()
        expected = _wait_drawn(page, step=expected["step"], errors=errors, click=click)
        page.screenshot(path=str(shots.with_name(f"{shots.stem}-{n}.png")))


@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_voila_figures_show_engine_state(
    name: str, voila: Callable[[Path], Any], page: Any, tmp_path: Path, artifacts_dir: Path
) -> None:
    notebook = _with_digest(name, tmp_path / "nb")
    errors = JsErrors(page)
    trace = ClickTrace(page)
    server = voila(notebook)
    page.goto(server.page_url, wait_until="commit", timeout=LOAD_MS)
    page.locator(DIGEST).first.wait_for(timeout=LOAD_MS)
    # the server's first page: its spare kernel (gamelib.ui.voila_pool) runs the notebook
    assert "taken by a page" in server.log.read_text()
    page.wait_for_function("() => !document.getElementById('loading')")
    # figures are drawn when near the screen (gamelib.ui.plotly_widget), as a reader scrolls
    page.locator(UNDER_TEST).first.scroll_into_view_if_needed()
    _click_through(page, artifacts_dir / f"voila-drawn-{name}.png", errors, trace)
    assert errors.relevant() == []


def test_voila_preheated_page_shows_engine_state(
    voila: Callable[..., Any], page: Any, tmp_path: Path, artifacts_dir: Path
) -> None:
    """A page served by a kernel that ran its notebook before the page was asked for
    (gamelib.ui.voila_pool) draws the engine's state and follows its clicks, as a new
    kernel's page does."""
    notebook = _with_digest("powers", tmp_path / "nb")
    errors = JsErrors(page)
    trace = ClickTrace(page)
    server = voila(notebook, preheat=[notebook.name])
    wait_preheated(server, notebook.name, timeout_s=LOAD_MS / 1000)
    page.goto(server.page_url, wait_until="commit", timeout=LOAD_MS)
    page.locator(DIGEST).first.wait_for(timeout=LOAD_MS)
    assert f"page of {notebook.name} served by pre-heated kernel" in server.log.read_text()
    page.wait_for_function("() => !document.getElementById('loading')")
    page.locator(UNDER_TEST).first.scroll_into_view_if_needed()
    _click_through(page, artifacts_dir / "voila-preheated-powers.png", errors, trace)
    assert errors.relevant() == []


@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_jupyterlab_figures_show_engine_state(
    name: str, lab_at: Callable[[Path], Any], page: Any, tmp_path: Path, artifacts_dir: Path
) -> None:
    notebook = _with_digest(name, tmp_path / "nb")
    errors = JsErrors(page)
    trace = ClickTrace(page)
    server = lab_at(notebook.parent)
    page.goto(f"{server.page_url}/tree/{notebook.name}")
    page.wait_for_function(KERNEL_IDLE)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(DIGEST).first.wait_for(timeout=LOAD_MS)
    # A click's message waits behind the cells still queued: click once they have all run.
    page.wait_for_function(ALL_CELLS_RUN, timeout=LOAD_MS)
    page.locator(UNDER_TEST).first.scroll_into_view_if_needed()
    _click_through(page, artifacts_dir / f"lab-drawn-{name}.png", errors, trace)
    expected = _digest(page)
    assert expected is not None
    drawn = page.evaluate(PAGE_FIGURES_JS, list(TRACE_KEYS))
    shown = max(drawn, key=lambda figs: len(matched_indices(expected, figs)))
    heights = {f["index"]: f["height"] for f in shown}
    flat = [f"figure {i}: {heights[i]:.0f} px" for i in matched_indices(expected, shown)
            if heights[i] <= 50]
    assert not flat, f"figures drawn flat in JupyterLab: {flat}"
