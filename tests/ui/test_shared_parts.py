"""Widgets share their layout and style widgets (:mod:`gamelib.ui.shared_parts`): a page asks
for fewer widget states when it loads (issue 12)."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from gamelib.ui import shared_parts
from gamelib.ui.closing import close_widget
from gamelib.ui.shared_parts import make


def test_widgets_with_the_same_layout_values_share_one_layout_and_one_style() -> None:
    a, b = make(widgets.HTML, "a"), make(widgets.HTML, "b")
    assert a.layout is b.layout and a.style is b.style
    assert a.value == "a" and b.value == "b"
    wide = make(widgets.Button, description="x", layout={"width": "auto"})
    assert wide.layout is shared_parts.layout(width="auto") and wide.layout is not a.layout
    assert wide.layout.width == "auto" and wide.description == "x"
    assert wide.style is shared_parts.style(widgets.ButtonStyle)
    assert isinstance(wide.style, widgets.ButtonStyle) and isinstance(wide.layout, widgets.Layout)
    box = make(widgets.VBox, [a, b])
    assert box.layout is a.layout and box.children == (a, b)
    mine = widgets.ButtonStyle(button_color="gold")  # a style given is kept
    assert make(widgets.Button, style=mine).style is mine


def test_a_shared_layout_refuses_a_change_and_keeps_its_values() -> None:
    a = make(widgets.HTML, layout={"margin": "0"})
    with pytest.raises(AttributeError, match=r"shared by many widgets.*'display'"):
        a.layout.display = "none"
    assert a.layout.display is None and a.layout.margin == "0"
    with pytest.raises(AttributeError, match="'font_size'"):
        a.style.font_size = "20px"
    assert a.style.font_size is None


def test_closing_a_widget_leaves_its_shared_parts_open_and_closed_parts_are_made_again() -> None:
    a, b = make(widgets.HTML), make(widgets.HTML)
    close_widget(a)
    assert a.comm is None and b.layout.comm is not None and b.style.comm is not None
    old = b.layout
    old.close()  # as Widget.close_all() does
    c = make(widgets.HTML)
    assert c.layout is not old and c.layout.comm is not None
