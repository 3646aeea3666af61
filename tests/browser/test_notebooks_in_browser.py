"""End-to-end: notebooks rendered by Voila and JupyterLab, driven in headless Chromium."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

# Voila removes #loading once every cell has run; widgets then replace "Loading widget...".
VOILA_DONE = (
    "() => !document.getElementById('loading')"
    " && !document.body.innerText.includes('Loading widget...')"
)
# JupyterLab removes its splash screen once the shell is ready.
LAB_READY = "() => !document.getElementById('jupyterlab-splash')"


def _wait_voila_rendered(page: Any, screenshot: Path, settle_ms: int = 1000) -> None:
    """Wait until Voila has run every cell and every widget has rendered, stably.

    Saves a screenshot (also when a cell raised, to show what the reader would see).
    """
    page.wait_for_function("() => !document.getElementById('loading')")
    for _ in range(60):
        page.wait_for_function(VOILA_DONE)
        page.wait_for_timeout(settle_ms)
        if page.evaluate(VOILA_DONE):
            break
    else:
        pytest.fail("Voila output kept changing between loading and rendered")
    page.screenshot(path=str(screenshot), full_page=True)
    body = page.inner_text("body")
    assert "Traceback" not in body, f"a notebook cell raised:\n{body[-3000:]}"


def _index_notebook(tmp_path: Path) -> Path:
    """notebooks/index.ipynb, or a stand-in while that notebook is not written yet."""
    index = NOTEBOOKS / "index.ipynb"
    if index.exists():
        return index
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# gamelib\n\nStand-in for notebooks/index.ipynb."),
        nbformat.v4.new_code_cell("import ipywidgets as w\nw.HTML('<b>index widget</b>')"),
    ]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path / "index.ipynb"
    nbformat.write(nb, path)
    return path


def test_voila_renders_index(
    voila: Callable[[Path], Any], page: Any, tmp_path: Path, artifacts_dir: Path
) -> None:
    server = voila(_index_notebook(tmp_path))
    page.goto(server.page_url)
    page.locator(".jp-Notebook").first.wait_for()
    _wait_voila_rendered(page, artifacts_dir / "voila-index.png")
    assert page.locator(".jp-Cell").count() > 0
    if not (NOTEBOOKS / "index.ipynb").exists():
        page.get_by_text("index widget").wait_for()
    page.screenshot(path=str(artifacts_dir / "voila-index.png"), full_page=True)


def test_jupyterlab_serves_lab(jupyterlab: Any, page: Any, artifacts_dir: Path) -> None:
    page.goto(jupyterlab.url + "lab")
    page.locator("#jp-main-dock-panel").wait_for()
    page.wait_for_function(LAB_READY)
    # The file browser lists the repository (JupyterLab is rooted there).
    page.locator(".jp-DirListing-item", has_text="pyproject.toml").first.wait_for()
    assert "JupyterLab" in page.title()
    page.screenshot(path=str(artifacts_dir / "jupyterlab.png"))


# ---------------------------------------------------------------------------------------
# Plays each game notebook in Voila through the generic controller:
# buttons "Bot move" / "Auto-play" / "Undo" / "Restart", an HTML log widget with the CSS
# class `gamelib-log`, and board figures as plotly FigureWidgets (`.js-plotly-plot`).
# A parameter skips while its notebook does not exist.
# ---------------------------------------------------------------------------------------

GAME_NOTEBOOKS = ["powers", "rekkyo", "megalomania"]
BOT_MOVES = 3

FIGURES_HTML = (
    "() => [...document.querySelectorAll('.js-plotly-plot')].map(e => e.innerHTML).join('|')"
)


@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_game_notebook_plays(
    name: str, voila: Callable[[Path], Any], page: Any, artifacts_dir: Path
) -> None:
    notebook = NOTEBOOKS / f"{name}.ipynb"
    if not notebook.exists():
        pytest.skip(f"notebooks/{name}.ipynb does not exist yet")
    server = voila(notebook)
    page.goto(server.page_url)
    # Not exact: the button's icon is part of its accessible name.
    bot_move = page.get_by_role("button", name="Bot move").first
    bot_move.wait_for()
    _wait_voila_rendered(page, artifacts_dir / f"voila-{name}-start.png")

    log = page.locator(".gamelib-log").first
    log.wait_for()
    bot_move.scroll_into_view_if_needed()  # figures are drawn near the screen
    page.locator(".js-plotly-plot").first.wait_for()
    log_before = log.inner_text()
    figures_before = page.evaluate(FIGURES_HTML)

    for _ in range(BOT_MOVES):
        bot_move.click()
        page.wait_for_timeout(300)

    page.wait_for_function(
        "before => (document.querySelector('.gamelib-log') || {}).innerText !== before",
        arg=log_before,
        timeout=60_000,
    )
    page.wait_for_function(
        f"before => ({FIGURES_HTML})() !== before", arg=figures_before, timeout=60_000
    )
    assert log.inner_text() != log_before
    assert page.locator(".js-plotly-plot").count() > 0
    page.screenshot(path=str(artifacts_dir / f"voila-{name}-played.png"), full_page=True)
