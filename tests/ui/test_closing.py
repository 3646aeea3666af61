"""Replaced widgets are closed without racing a page that is loading or still drawing them
(:mod:`gamelib.ui.closing`)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import ipywidgets as widgets
import pytest

from gamelib.powers.ui import controller
from gamelib.ui import closing


def _open(widget: widgets.Widget) -> bool:
    return widget.comm is not None


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    closing.reset()
    yield
    closing.reset()


def test_without_an_event_loop_closes_at_once() -> None:
    button = widgets.Button()
    closing.close_soon([button])
    assert not _open(button) and not _open(button.layout) and not _open(button.style)


def test_shared_parts_stay_open() -> None:
    layout = widgets.Layout()
    layout._gamelib_shared = True
    button = widgets.Button(layout=layout)
    closing.close_widget(button)
    assert not _open(button) and _open(layout)


def test_before_a_page_clicks_closes_are_parked_not_timed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A timer started while Voila runs the notebook would fire while its page loads (the page
    logged "Comm not found for comm id" for widgets closed between its two loading steps)."""
    monkeypatch.setattr(closing, "CLOSE_DELAY", 0.01)
    button = widgets.Button()

    async def main() -> None:
        closing.close_soon([button])
        await asyncio.sleep(0.1)
        assert _open(button) and closing.parked() == (button,)
        closing.heard_from_page()
        assert _open(button) and closing.parked() == ()  # still a delay after the click
        await asyncio.sleep(0.1)
        assert not _open(button)

    asyncio.run(main())


def test_after_a_click_closes_wait_the_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(closing, "CLOSE_DELAY", 0.05)
    button = widgets.Button()

    async def main() -> None:
        closing.heard_from_page()
        closing.close_soon([button])
        assert closing.parked() == ()
        await asyncio.sleep(0.01)
        assert _open(button)  # a page may still be drawing it
        await asyncio.sleep(0.2)
        assert not _open(button)

    asyncio.run(main())


def test_a_controller_click_releases_the_buttons_replaced_while_the_notebook_ran(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(closing, "CLOSE_DELAY", 0.01)

    async def main() -> None:
        ctrl = controller(seats=["human", "human"], seed=3)
        for _ in range(3):  # what a notebook cell may do before any page is there
            ctrl.play(ctrl.state.legal_actions()[0])
        replaced = closing.parked()
        assert replaced and all(_open(w) for w in replaced)
        ctrl.bot_button.click()  # as a page's click arrives
        assert ctrl.last_error is None
        await asyncio.sleep(0.1)
        assert not any(_open(w) for w in replaced)
        assert closing.parked() == ()

    asyncio.run(main())
