"""Every figure of a game notebook in Voila is drawn with the kernel's figure once it is scrolled
to, and not before (issue 12: a figure widget sends its figure only when one of its views comes
near the screen, see :mod:`gamelib.ui.plotly_widget`; a lesson's chapter boards are made when
their place comes near the screen, see :class:`gamelib.ui.lesson.Later`).

A copy of the notebook gets one more cell at its end (:data:`tests.browser.drawn.FIGURES_CELL`):
the digests of every figure widget in the kernel. The test checks that figures far below the
first screen are not drawn after the page loaded, scrolls to each chapter board made later until
it is made, then scrolls to each figure in turn (in hidden
boxes too: they stay undrawn) and checks that every drawn figure shows one of the kernel's
figures, and that every shown figure was drawn.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import pytest

from tests.browser.drawn import EVERY_FIGURE_JS, FIGURES, FIGURES_CELL, TRACE_KEYS, unmatched

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LOAD_MS = 600_000  # a whole lesson runs before Voila shows it: generous, not a speed check
DRAW_TIMEOUT_S = 60.0  # per figure, generous: the machine is shared; not a speed check
POLL_MS = 200
POLLS = int(DRAW_TIMEOUT_S * 1000 / POLL_MS)


def _with_figures_cell(name: str, folder: Path) -> Path:
    source = NOTEBOOKS / f"{name}.ipynb"
    if not source.exists():
        pytest.skip(f"notebooks/{name}.ipynb does not exist yet")
    nb = nbformat.read(source, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(FIGURES_CELL))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / source.name
    nbformat.write(nb, path)
    return path


def _figures(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(EVERY_FIGURE_JS, list(TRACE_KEYS)))


@pytest.mark.parametrize("name", ["powers", "qmg"])
def test_every_figure_is_drawn_with_the_kernels_figure_when_scrolled_to(
    name: str, voila: Callable[[Path], Any], page: Any, tmp_path: Path, artifacts_dir: Path
) -> None:
    server = voila(_with_figures_cell(name, tmp_path / "nb"))
    page.goto(server.page_url, wait_until="commit", timeout=LOAD_MS)
    page.locator(FIGURES).first.wait_for(state="attached", timeout=LOAD_MS)
    page.wait_for_function("() => !document.getElementById('loading')", timeout=LOAD_MS)
    figures = page.locator(".gamelib-figure")
    assert figures.count() >= 5, f"{figures.count()} figure widgets in the page"
    page.wait_for_timeout(2000)
    first = _figures(page)
    assert first[-1]["data"] is None, "the last figure was drawn before it was scrolled to"

    # boards made when their place comes near the screen (Lesson.later): each, in turn
    later = page.locator(".gamelib-later")
    for i in range(later.count()):
        later.nth(i).evaluate("(e) => e.scrollIntoView({ block: 'center' })")
        later.nth(i).locator(".gamelib-controller").first.wait_for(
            state="attached", timeout=DRAW_TIMEOUT_S * 1000)
    if later.count():
        before = page.locator(FIGURES).first.text_content()
        page.locator(".gamelib-figures-refresh").first.click()  # the digest with later boards
        page.wait_for_function("([sel, old]) => document.querySelector(sel).textContent !== old",
                               arg=[FIGURES, before], timeout=DRAW_TIMEOUT_S * 1000)
    kernel = json.loads(page.locator(FIGURES).first.text_content() or "[]")
    count = figures.count()
    for i in range(count):
        if not _figures(page)[i]["shown"]:
            continue  # in a hidden box (a panel not opened): drawn when shown
        figures.nth(i).evaluate("(e) => e.scrollIntoView({ block: 'center' })")
        for _poll in range(POLLS):
            if _figures(page)[i]["data"] is not None:
                break
            page.wait_for_timeout(POLL_MS)
        else:
            pytest.fail(f"figure {i} not drawn {DRAW_TIMEOUT_S:g} s after scrolling to it")
    page.screenshot(path=str(artifacts_dir / f"voila-lazy-{name}.png"), full_page=True)

    drawn = _figures(page)
    undrawn = [f["index"] for f in drawn if f["shown"] and f["data"] is None]
    assert not undrawn, f"figures shown but not drawn: {undrawn}"
    problems = unmatched(kernel, [f for f in drawn if f["data"] is not None])
    assert not problems, "figures drawn differ from the kernel's:\n" + "\n".join(problems[:20])


DRAWS_JS = """
window.__gamelibDraws = [];
window.__gamelibFrames = 0;
const frame = () => { window.__gamelibFrames += 1; requestAnimationFrame(frame); };
requestAnimationFrame(frame);
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      if (node.nodeType === 1 && node.classList.contains("main-svg")
          && !node.previousElementSibling) {
        window.__gamelibDraws.push(window.__gamelibFrames);
      }
    }
  }
}).observe(document, { subtree: true, childList: true });
"""
"""Counts animation frames, and records the count when each figure's first svg appears."""


def test_figures_are_drawn_one_at_a_time_each_painted_before_the_next(
    voila: Callable[[Path], Any], page: Any
) -> None:
    """The figures near the first screen of a lesson are drawn one per task with a painted frame
    between two draws (gamelib.ui.plotly_widget's draw queue), not all in one run of work that
    shows none of them until the last is drawn."""
    page.add_init_script(DRAWS_JS)
    server = voila(NOTEBOOKS / "powers.ipynb")
    page.goto(server.page_url, wait_until="commit", timeout=LOAD_MS)
    page.locator(".gamelib-controller .js-plotly-plot .main-svg").first.wait_for(
        state="attached", timeout=LOAD_MS)
    page.wait_for_timeout(3000)
    frames = page.evaluate("window.__gamelibDraws")
    assert len(frames) >= 5, f"only {len(frames)} figures drawn near the first screen"
    same = [i for i in range(1, len(frames)) if frames[i] == frames[i - 1]]
    assert not same, f"figures drawn in the same frame as the one before: {same} of {frames}"
