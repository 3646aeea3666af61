"""Button icons as text glyphs drawn by a style sheet, not Font Awesome icons.

An ipywidgets button's ``icon`` is a Font Awesome icon: the first one a page shows makes it load
Font Awesome's fonts, 155 kB of the page's first 3 MB (issue 12). gamelib's buttons carry a
class instead (:func:`set_icon`), and :data:`ICON_STYLE` (in an ``HTML`` widget beside them,
:func:`icon_style`) draws a glyph that every system font has before the button's text.
"""

from __future__ import annotations

import ipywidgets as widgets

from gamelib.ui.shared_parts import make

__all__ = ["GLYPHS", "ICON_STYLE", "icon_style", "set_icon"]

GLYPHS = {
    "bot": "\u2699",  # ⚙
    "play": "\u25b6",  # ▶
    "stop": "\u25a0",  # ■
    "undo": "\u21b6",  # ↶
    "restart": "\u21bb",  # ↻
    "show": "\u25c9",  # ◉
    "reveal": "\u2736",  # ✶
    "check": "\u2713",  # ✓
    "open": "\u25be",  # ▾
    "back": "\u2190",  # ←
}
"""Icon names and the glyph drawn for each."""

PREFIX = "gamelib-icon-"

ICON_STYLE = "<style>" + "".join(
    f".{PREFIX}{name}::before{{content:'{glyph}';margin-right:0.4em}}"
    for name, glyph in GLYPHS.items()
) + "</style>"
"""The style sheet that draws every icon."""


def set_icon(button: widgets.DOMWidget, name: str | None) -> None:
    """Show icon ``name`` (a key of :data:`GLYPHS`) on ``button``, or none; replaces its icon."""
    if name is not None and name not in GLYPHS:
        raise ValueError(f"unknown icon {name!r}; known: {', '.join(GLYPHS)}")
    wanted = None if name is None else PREFIX + name
    classes = [c for c in button._dom_classes if not c.startswith(PREFIX) or c == wanted]
    if wanted is not None and wanted not in classes:
        classes.append(wanted)
    if tuple(classes) != tuple(button._dom_classes):
        button._dom_classes = tuple(classes)


def icon_style() -> widgets.HTML:
    """A widget holding :data:`ICON_STYLE`, to place beside buttons with icons (it shows
    nothing)."""
    return make(widgets.HTML, ICON_STYLE, layout={"display": "none"})
