"""The log panel sends only the new lines after a click (issue 12, Browser: ≤ 8 MB a game).

Before, the whole panel was one HTML text sent again after every click: 8.7 of the 14 MB of
widget messages of a whole Megalomania game. The panel must still hold exactly the engine's
visible log lines, in the chosen language, after any number of clicks, and re-render on a
language or viewpoint switch, an undo or a restart.
"""

from __future__ import annotations

import html
import re

import gamelib
from gamelib.core import LogEntry
from gamelib.ui import GameController
from gamelib.ui.log_panel import LOG_BATCH, LOG_LIMIT, LogPanel
from tests.toy_game import register
from tests.ui.test_controller import click_first_action

register()


def panel_lines(panel: LogPanel) -> list[str]:
    """The lines the panel shows, as text."""
    return [html.unescape(t) for t in re.findall(r"<div class='gamelib-log-\w+'>(.*?)</div>",
                                                 panel.value)]


def engine_lines(ctrl: GameController) -> list[str]:
    view = ctrl.view
    return [e.text(view.lang) for e in view.log]


def batches(panel: LogPanel) -> list[object]:
    return [batch for page in panel._pages for batch in page.children]


def test_after_each_click_the_panel_holds_the_visible_log_and_keeps_what_it_sent() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["human", "human"])
    assert panel_lines(ctrl.log_panel) == engine_lines(ctrl)
    clicks = 0
    while not ctrl.state.is_terminal():
        before = batches(ctrl.log_panel)
        click_first_action(ctrl)
        clicks += 1
        assert panel_lines(ctrl.log_panel) == engine_lines(ctrl)
        after = batches(ctrl.log_panel)
        # the lines shown stay: only new ones are sent, in the last batch or a new one
        assert after[:len(before) - 1] == before[:-1] and len(after) - len(before) in (0, 1)
    assert clicks > 2


def test_language_viewpoint_undo_and_restart_render_the_panel_anew() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["human", "human"])
    click_first_action(ctrl)
    ctrl.set_lang("ja")
    assert panel_lines(ctrl.log_panel) == engine_lines(ctrl)
    assert "が配られた" in ctrl.log_panel.value and "is dealt" not in ctrl.log_panel.value
    ctrl.set_viewpoint(None)  # the teacher sees both deals
    assert panel_lines(ctrl.log_panel) == engine_lines(ctrl)
    ctrl.set_viewpoint(1)
    assert panel_lines(ctrl.log_panel) == engine_lines(ctrl)
    shown = len(engine_lines(ctrl))
    ctrl.undo()
    assert panel_lines(ctrl.log_panel) == engine_lines(ctrl)
    assert len(engine_lines(ctrl)) < shown
    ctrl.set_lang("en")
    ctrl.restart(seed=4)
    assert panel_lines(ctrl.log_panel) == engine_lines(ctrl)


def _entries(n: int) -> list[LogEntry]:
    return [LogEntry("line", f"line {i}", f"行 {i}", kind="event") for i in range(n)]


def test_a_long_log_shows_the_newest_entries_and_a_button_for_the_older_ones() -> None:
    closed: list[object] = []
    panel = LogPanel(close=closed.extend)
    log = _entries(40)
    panel.show(log, "en")
    assert panel.hidden == 0 and panel.older_button.layout.display == "none"
    for _ in range(300):  # one click, two new entries
        before = panel._lines.children
        log = log + _entries(2)
        panel.show(log, "en")
        # the box of pages only grows at its end (a browser rebuilds the views after a change)
        assert panel._lines.children[:len(before)] == before
    lines = panel_lines(panel)
    assert panel.shown == len(lines) >= LOG_LIMIT and panel.hidden + panel.shown == len(log)
    assert lines == [e.en for e in log[panel.hidden:]]
    assert len(lines) < LOG_LIMIT + 2 * LOG_BATCH  # capped: about one page more at most
    assert not closed  # pages taken off the page are closed at the next rendering anew
    assert panel.older_button.layout.display is None
    assert str(panel.hidden) in panel.older_button.description
    panel.older_button.click()
    assert panel_lines(panel) == [e.en for e in log] and panel.hidden == 0
    assert closed
    panel.show(log + _entries(1), "en")  # still all, with the new line
    assert panel.hidden == 0 and len(panel_lines(panel)) == len(log) + 1
    panel.show(log, "ja")  # a new language: the newest entries again, in Japanese
    assert panel_lines(panel) == [e.ja for e in log[-LOG_LIMIT:]]
    assert "古い記録" in panel.older_button.description


def test_an_empty_log_says_so_in_the_language_shown() -> None:
    panel = LogPanel()
    panel.show([], "ja")
    assert "まだ何も起きていません" in panel.value
    panel.show(_entries(1), "ja")
    assert "まだ" not in panel.value and panel_lines(panel) == ["行 0"]
