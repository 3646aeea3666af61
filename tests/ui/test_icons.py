"""Button icons are glyphs drawn by a style sheet, never Font Awesome icons (issue 12: the first
Font Awesome icon a page shows makes it load 155 kB of fonts)."""

from __future__ import annotations

import asyncio
import contextlib

import ipywidgets as widgets
import pytest

import gamelib
from gamelib.ui import GameController
from gamelib.ui.icons import GLYPHS, ICON_STYLE, PREFIX, icon_style, set_icon
from gamelib.ui.lesson import Exercise
from tests.toy_game import register
from tests.ui.test_controller import all_widgets

register()


def _icons(button: widgets.Widget) -> list[str]:
    return [c[len(PREFIX):] for c in button._dom_classes if c.startswith(PREFIX)]


def _no_font_awesome(root: widgets.Widget) -> list[widgets.Widget]:
    found = all_widgets(root)
    assert not [w for w in found if getattr(w, "icon", "")], "a Font Awesome icon is shown"
    assert any(isinstance(w, widgets.HTML) and w.value == ICON_STYLE for w in found)
    return found


def test_set_icon_replaces_the_icon_and_refuses_unknown_names() -> None:
    button = widgets.Button(description="Go")
    button.add_class("other")
    set_icon(button, "play")
    set_icon(button, "stop")
    assert _icons(button) == ["stop"] and "other" in button._dom_classes
    set_icon(button, None)
    assert _icons(button) == [] and "other" in button._dom_classes
    with pytest.raises(ValueError, match="unknown icon 'android'"):
        set_icon(button, "android")
    assert _icons(button) == []


def test_the_style_sheet_draws_every_icon_and_shows_nothing() -> None:
    for name, glyph in GLYPHS.items():
        assert f".{PREFIX}{name}::before{{content:'{glyph}'" in ICON_STYLE
    assert icon_style().layout.display == "none"


def test_the_controller_uses_glyph_icons_and_autoplay_swaps_them() -> None:
    ctrl = GameController(gamelib.load("toy"), seed=3)
    _no_font_awesome(ctrl.widget)
    assert _icons(ctrl.bot_button) == ["bot"] and _icons(ctrl.undo_button) == ["undo"]
    assert _icons(ctrl.autoplay_button) == ["play"]

    async def start_and_stop() -> list[str]:
        ctrl._toggle_autoplay()
        during = _icons(ctrl.autoplay_button)
        task = ctrl._autoplay_task
        await asyncio.sleep(0)  # the task starts playing
        ctrl._toggle_autoplay()
        with contextlib.suppress(asyncio.CancelledError):
            await task  # type: ignore[misc]
        return during

    assert asyncio.run(start_and_stop()) == ["stop"]
    assert _icons(ctrl.autoplay_button) == ["play"]


def test_an_exercise_reveal_button_uses_a_glyph() -> None:
    exercise = Exercise("Which?", [("a", "A"), ("b", "B")], lambda: "a", explain="A is right.",
                        solution="A.")
    _no_font_awesome(exercise.widget)
    assert _icons(exercise.reveal_button) == ["reveal"]
