"""Closing replaced widgets without pulling them from under a page that may still need them.

A controller replaces its action buttons at every step and its log pages when it renders them
anew. Closing a widget sends a ``comm_close`` to every page; two races make a page log errors:

- a page still drawing a box of buttons that were closed meanwhile logs "widget model not
  found": closes wait :data:`CLOSE_DELAY` seconds;
- a page that is loading (Voila opens its page once the whole notebook has run; a browser tab
  reloaded) first asks the kernel for every open widget, then registers them: a close that
  arrives in between logs "Comm not found for comm id …". Closes asked for before any page has
  clicked are therefore *parked* rather than timed (a timer started while the notebook runs
  fires while Voila's page loads) and released, with the same delay, at the first click: a
  page that can click has loaded every widget it knows of.

Without an event loop (tests, scripts, nbval) no page can be drawing: closes are immediate.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import ipywidgets as widgets

CLOSE_DELAY = 30.0
"""Seconds a kernel keeps replaced widgets open, after a page has clicked, before closing them
(a page on a loaded machine may draw a step's buttons many seconds late; a few dozen widgets
kept a little longer cost nothing)."""

_parked: list[widgets.Widget] = []
_page_heard = False


def close_widget(widget: widgets.Widget) -> None:
    """Close a widget and the layout and style widgets it owns (they are widgets too); parts
    marked ``_gamelib_shared`` belong to many widgets and stay open."""
    for part in ("layout", "style"):
        owned = getattr(widget, part, None)
        if isinstance(owned, widgets.Widget) and not getattr(owned, "_gamelib_shared", False):
            owned.close()
    widget.close()


def close_soon(old: Sequence[widgets.Widget]) -> None:
    """Close ``old`` widgets: at once without an event loop, else :data:`CLOSE_DELAY` seconds
    after now or, before any page has clicked, after that first click (see the module)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None:
        for widget in old:
            close_widget(widget)
    elif not _page_heard:
        _parked.extend(old)
    elif old:
        batch = list(old)
        loop.call_later(CLOSE_DELAY, lambda: [close_widget(w) for w in batch])


def heard_from_page() -> None:
    """Note that a page clicked (it has every widget it knows of): release parked closes."""
    global _page_heard
    _page_heard = True
    parked = _parked[:]
    _parked.clear()
    close_soon(parked)


def reset() -> None:
    """Forget the page and the parked widgets (a test's fresh start; the spare kernel's, after
    it built and closed the games' controllers: :func:`gamelib.ui.spare_kernel.warm_code`)."""
    global _page_heard
    _page_heard = False
    _parked.clear()


def parked() -> tuple[widgets.Widget, ...]:
    """The widgets waiting for a page's first click before their close is timed."""
    return tuple(_parked)
