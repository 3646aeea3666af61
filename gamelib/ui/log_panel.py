"""The controller's log panel: the visible log, sent to the page by batches of new lines.

The panel used to be one ``HTML`` widget whose whole text was sent again after every click (in
a whole Megalomania game, 8.7 of its 14 MB of widget messages). Now each refresh that only adds
entries sends one small ``HTML`` widget holding the new lines (a *batch*), appended to a box; a
change of language, of viewpoint (hidden entries shown or not), an undo or a restart renders
the panel anew. At least :data:`LOG_LIMIT` of the newest entries are shown (older batches are
closed as new ones arrive); a button shows the older ones.

>>> panel = LogPanel()
>>> panel.show(view.log, "en")   # after every change: sends only the new lines when it can
>>> panel.value                  # the HTML shown, batch after batch
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from gamelib.core import LogEntry
from gamelib.ui import shared_parts
from gamelib.ui.closing import heard_from_page
from gamelib.ui.labels import label

__all__ = ["LOG_BATCH", "LOG_LIMIT", "OPEN_BATCH", "PAGE_BATCHES", "LogPanel", "log_html"]

LOG_LIMIT = 300
"""The panel shows at least this many of the newest entries (whole batches); a button the rest."""
LOG_BATCH = 50
"""A panel rendered anew is cut in batches of at most this many entries, one page each."""
PAGE_BATCHES = 8
"""A page (a box, closed as a whole) holds at most this many batches."""
OPEN_BATCH = 8
"""New lines join the last batch (its text sent again) while it holds at most this many."""

_KIND_STYLE = {
    "narration": "color:#1b5e20;font-style:italic;padding-left:1.2em",
    "phase": "font-weight:bold;margin-top:0.4em;border-bottom:1px solid #ccc",
    "action": "",
    "event": "color:#444",
}
_LOG_STYLE = "<style>" + "".join(
    f".gamelib-log-{kind}{{{style}}}" for kind, style in _KIND_STYLE.items() if style
) + ".gamelib-log .widget-html{margin:0}</style>"


def _lines(entries: Sequence[LogEntry], lang: str) -> str:
    return "".join(
        f"<div class='gamelib-log-{html.escape(e.kind)}'>{html.escape(e.text(lang))}</div>"
        for e in entries
    )


def log_html(entries: Sequence[LogEntry], lang: str) -> str:
    """The whole panel as one HTML text (each kind styled by class): for static display."""
    if not entries:
        body = f"<div style='color:#888'>{html.escape(label('log_empty', lang))}</div>"
    else:
        body = _LOG_STYLE + _lines(entries, lang)
    return f"<div class='gamelib-log'>{body}</div>"


class LogPanel(widgets.VBox):  # type: ignore[misc]
    """The log panel (class ``gamelib-log``): a scrolled box of batches of log lines.

    :meth:`show` is given the whole visible log after every change and sends only what is new
    when the entries shown are still its first entries, in the same language. ``close`` closes
    the batches taken off the page (default: at once; the controller closes them a few seconds
    later, when every page has drawn what replaced them). Pages beyond the limit are hidden, and
    closed at the next rendering anew (see "sending" below).
    """

    def __init__(self, close: Callable[[Sequence[widgets.Widget]], None] | None = None) -> None:
        self._close = close or _close_now
        # every batch shares them (not closed with a batch: closing.close_widget)
        self._layout = shared_parts.layout(margin="0")
        self._style = shared_parts.style(HTMLStyle)
        self._head = widgets.HTML(_LOG_STYLE, layout=self._layout, style=self._style)
        self.older_button = widgets.Button(layout=widgets.Layout(width="auto", display="none"))
        self.older_button.add_class("gamelib-log-older")
        self.older_button.on_click(lambda _b: (heard_from_page(), self.show_all()))
        self._lines = shared_parts.make(widgets.VBox, [self._head, self.older_button])
        # column-reverse keeps the box scrolled to the newest entry, which is shown last.
        super().__init__(
            [self._lines],
            layout=widgets.Layout(
                display="flex", flex_flow="column-reverse", max_height="240px",
                overflow="hidden auto", border="1px solid #ddd", padding="4px 8px",
            ),
        )
        self.add_class("gamelib-log")
        self._entries: list[LogEntry] = []
        self._lang = ""
        self._pages: list[widgets.VBox] = []
        self._counts: dict[int, int] = {}  # entries per page, by id(page)
        self._hidden = 0
        self._all = False
        self._open: widgets.HTML | None = None  # the last batch, while it may still grow
        self._open_count = 0
        self._retired: list[widgets.VBox] = []  # pages hidden beyond the limit, still children

    # -- what is shown ------------------------------------------------------------------------
    @property
    def value(self) -> str:
        """The HTML of the lines shown, batch after batch (an empty log: a note saying so)."""
        return "".join(batch.value for page in self._pages for batch in page.children)

    @property
    def shown(self) -> int:
        """How many of the newest entries are shown."""
        return sum(self._counts.get(id(page), 0) for page in self._pages)

    @property
    def hidden(self) -> int:
        """How many older entries are behind the "show older" button."""
        return self._hidden

    def show(self, entries: Sequence[LogEntry], lang: str) -> None:
        """Show ``entries`` (a view's whole log) in ``lang``, sending only new lines if it can."""
        entries = list(entries)
        old = self._entries
        if lang == self._lang and old and len(entries) >= len(old) and all(
            a is b or a == b for a, b in zip(old, entries, strict=False)
        ):
            new = entries[len(old):]
            if new:
                self._append(new, lang)
        else:
            self._render(entries, lang)
        self._entries = entries
        self._lang = lang

    def show_all(self) -> None:
        """Show every entry, the older ones included (until the panel is rendered anew)."""
        self._all = True
        self._render(self._entries, self._lang)

    # -- sending ------------------------------------------------------------------------------
    # Batches are grouped in pages (boxes of at most PAGE_BATCHES batches or LOG_BATCH entries):
    # adding a batch resends the ids of its page's children only. The box of pages only ever
    # grows at its end between two renderings: a page beyond the limit is hidden, not removed
    # (the browser rebuilds every child view after the first one that changed, and a page
    # rebuilt while an auto-play at full speed changes it again logged "Could not add child
    # view to box"); hidden pages are closed at the next rendering anew.
    def _render(self, entries: Sequence[LogEntry], lang: str) -> None:
        """Replace every batch (a new language, viewpoint, undo or restart)."""
        if len(entries) < len(self._entries) or lang != self._lang:
            self._all = False
        old = [*self._retired, *self._pages]
        self._pages = []
        self._retired = []
        self._counts = {}
        self._open = None
        if not entries:
            empty = f"<div style='color:#888'>{html.escape(label('log_empty', lang))}</div>"
            self._add_batch(self._batch(empty), 0, new_page=True)
        else:
            start = 0 if self._all else max(0, len(entries) - LOG_LIMIT)
            for i in range(start, len(entries), LOG_BATCH):
                part = entries[i:i + LOG_BATCH]
                self._add_batch(self._batch(_lines(part, lang)), len(part), new_page=True)
        self._hidden = 0 if not entries or self._all else max(0, len(entries) - LOG_LIMIT)
        self._lang = lang
        self._update_pages()
        self._close([w for page in old for w in (*page.children, page)])

    def _append(self, new: Sequence[LogEntry], lang: str) -> None:
        """Add the lines of ``new``: to the last batch while it holds at most :data:`OPEN_BATCH`
        entries (one message), else as new batches; the oldest pages beyond the limit are
        hidden."""
        if self.shown == 0:  # the "nothing yet" note
            for page in self._pages:
                self._retire(page)
            self._pages = []
            self._open = None
        if self._open is not None and self._open_count + len(new) <= OPEN_BATCH:
            self._open.value += _lines(new, lang)
            self._open_count += len(new)
            self._counts[id(self._pages[-1])] += len(new)
            return
        pages = len(self._pages)
        for i in range(0, len(new), LOG_BATCH):
            part = new[i:i + LOG_BATCH]
            self._open = self._batch(_lines(part, lang))
            self._open_count = len(part)
            self._add_batch(self._open, len(part))
        hidden = self._hidden
        if not self._all:
            while len(self._pages) > 1 and self.shown - self._counts[id(self._pages[0])] >= (
                LOG_LIMIT
            ):
                page = self._pages.pop(0)
                self._hidden += self._counts[id(page)]
                self._retire(page)
        if pages != len(self._pages) or hidden != self._hidden:
            self._update_pages()

    def _retire(self, page: widgets.VBox) -> None:
        page.layout.display = "none"
        self._counts.pop(id(page), None)
        self._retired.append(page)

    def _add_batch(self, batch: widgets.HTML, count: int, *, new_page: bool = False) -> None:
        last = self._pages[-1] if self._pages else None
        if (
            new_page or last is None or len(last.children) >= PAGE_BATCHES
            or self._counts[id(last)] >= LOG_BATCH
        ):
            last = widgets.VBox(layout=widgets.Layout(margin="0"))  # its own: hidden alone
            self._pages.append(last)
            self._counts[id(last)] = 0
        last.children = (*last.children, batch)
        self._counts[id(last)] += count

    def _batch(self, text: str) -> widgets.HTML:
        """One batch of lines; every batch shares one layout and one style widget."""
        return widgets.HTML(text, layout=self._layout, style=self._style)

    def _update_pages(self) -> None:
        if self._hidden:
            self.older_button.description = label("log_older", self._lang, n=self._hidden)
            self.older_button.layout.display = None
        else:
            self.older_button.layout.display = "none"
        children = (self._head, self.older_button, *self._retired, *self._pages)
        if children != self._lines.children:
            self._lines.children = children


def _close_now(old: Sequence[widgets.Widget]) -> None:
    for widget in old:
        if isinstance(widget, widgets.Box):
            widget.layout.close()  # a page's own layout (a batch's is shared)
        widget.close()
