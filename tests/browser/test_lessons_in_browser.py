"""The Powers, Megalomania and 毒ガス塹壕戦 lessons in Voila at 1280×800, worked through by
clicking: the first chapter's board is on screen with its actions, a move is played on it, and
the chapter's "try it" answers a click with the engine's verdict (issue 8). For the trench lesson,
whose two boards stand side by side, the boards, the plot panel (the hand), the actions and the
controls are measured to fit one 1280×800 screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_notebooks_in_browser import NOTEBOOKS, _wait_voila_rendered

pytestmark = pytest.mark.browser

# (notebook, a wrong answer and the right answer of its first "try it", as the buttons say)
LESSONS = [("powers", "Player 1", "Player 2"), ("megalomania", "7", "6"), ("trench", "3", "5"),
           ("rekkyo", "Germany", "China")]
SCREEN = {"width": 1280, "height": 800}
FITS = {"trench": 1}  # the controller measured: trench's chapter 2 board, where Player 1 plots
FIRST_BOARD_MADE = """() => {
  const first = document.querySelector('.gamelib-controller, .gamelib-later');
  return !!first && (first.classList.contains('gamelib-controller')
                     || !!first.querySelector('.gamelib-controller'));
}"""
"""The page's first board (a controller, or a chapter board made later) is a controller."""
LOAD_MS = 600_000  # a whole lesson runs before Voila shows it: generous, not a speed check


@pytest.mark.parametrize(("name", "wrong", "right"), LESSONS)
def test_first_chapter_by_clicking(
    name: str, wrong: str, right: str, voila: Callable[[Path], Any], page: Any,
    artifacts_dir: Path,
) -> None:
    page.set_viewport_size(SCREEN)
    server = voila(NOTEBOOKS / f"{name}.ipynb")
    page.goto(server.page_url, wait_until="commit", timeout=LOAD_MS)
    # the first chapter's board, made when its place comes near the screen (Lesson.later)
    first = page.locator(".gamelib-controller, .gamelib-later").first
    first.wait_for(state="attached", timeout=LOAD_MS)
    page.wait_for_function("() => !document.getElementById('loading')", timeout=LOAD_MS)
    first.scroll_into_view_if_needed()
    # made: the page's first controller is now the first chapter's (the boards further down,
    # the whole game's at the end too, are made when their place nears the screen)
    page.wait_for_function(FIRST_BOARD_MADE, timeout=LOAD_MS)
    _wait_voila_rendered(page, artifacts_dir / f"lesson-{name}-start.png")
    if name in FITS:
        _assert_fits_the_screen(_chapter_board(page, FITS[name]))

    board = page.locator(".gamelib-controller").first
    board.scroll_into_view_if_needed()
    log = board.locator(".gamelib-log")
    before = log.inner_text()
    action = board.locator(".widget-hbox button").first  # the first action of the position
    action.click()
    page.wait_for_function(
        "([el, old]) => el.innerText !== old", arg=[log.element_handle(), before],
        timeout=60_000)

    question = page.locator(".gamelib-tryit").first
    question.scroll_into_view_if_needed()
    feedback = question.locator(".gamelib-feedback")
    question.get_by_role("button", name=wrong, exact=True).click()
    feedback.get_by_text("Not quite.").wait_for(timeout=30_000)
    question.get_by_role("button", name=right, exact=True).click()
    feedback.get_by_text("Right!").wait_for(timeout=30_000)
    page.screenshot(path=str(artifacts_dir / f"lesson-{name}-answered.png"))


def _chapter_board(page: Any, n: int) -> Any:
    """The ``n``-th chapter board (0: the first), made once scrolled to (``Lesson.later``)."""
    later = page.locator(".gamelib-later").nth(n)
    later.scroll_into_view_if_needed()
    board = later.locator(".gamelib-controller").first
    board.wait_for(timeout=LOAD_MS)
    return board


def _assert_fits_the_screen(ctrl: Any) -> None:
    """From the top of the controller ``ctrl`` (its status line) to the bottom of its controls
    (Undo …): boards, the plot panel with the hand's buttons and the actions fit 800 px; the
    figures stand side by side."""
    ctrl.scroll_into_view_if_needed()
    hand = ctrl.locator(".widget-hbox button").first  # the plot panel's first card
    hand.wait_for(timeout=60_000)
    top = ctrl.bounding_box()
    controls = ctrl.locator(".widget-hbox").filter(has_text="Undo").first.bounding_box()
    assert top and controls
    assert controls["y"] + controls["height"] - top["y"] <= SCREEN["height"], (top, controls)
    boards = [ctrl.locator(".js-plotly-plot").nth(i).bounding_box() for i in range(2)]
    assert boards[0] and boards[1] and abs(boards[0]["y"] - boards[1]["y"]) < 5, boards
    assert boards[1]["x"] + boards[1]["width"] <= SCREEN["width"]
