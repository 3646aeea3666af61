"""The Megalomania notebook controller: a whole game played headlessly by clicking hand cards
(buttons for the steps that have no card to click), undo, viewpoint switch, the odds panel."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

import gamelib

ui = pytest.importorskip(
    "gamelib.ui", reason="gamelib.ui (the generic controller) is not importable"
)

from gamelib.megalomania.ui import controller, odds_panel  # noqa: E402


def _click_hand(ctrl: object) -> bool:
    """Click the first card of the table figure whose customdata is a legal action."""
    legal = set(ctrl.legal_texts())  # type: ignore[attr-defined]
    fw = ctrl.figure_widgets()[0]  # type: ignore[attr-defined]
    for trace in fw.data:
        for i, value in enumerate(trace.customdata or ()):
            if value in legal:
                before = len(ctrl.state.history)  # type: ignore[attr-defined]
                ctrl._click_points(trace, [i])  # type: ignore[attr-defined]
                assert len(ctrl.state.history) > before  # type: ignore[attr-defined]
                return True
    return False


def test_whole_game_by_clicks() -> None:
    game = gamelib.load("megalomania", length="short")
    ctrl = controller(game, seed=4, odds=False)
    assert len(ctrl.figure_widgets()) == 2
    clicks = buttons = 0
    while not ctrl.state.is_terminal():
        assert ctrl.is_human(ctrl.state.current_player)
        if _click_hand(ctrl):
            clicks += 1
        else:
            ctrl.play(ctrl.legal_texts()[0])  # a step with no card to click (resources, …)
            buttons += 1
        assert ctrl.last_error is None, ctrl.last_error
    outcome = ctrl.state.outcome()
    assert outcome is not None and len(outcome.scores) == 4
    print(f"\nwhole game: {clicks} card clicks, {buttons} button plays, scores {outcome.scores}")
    assert clicks >= 8 * 4


def test_undo_viewpoint_and_odds_panel() -> None:
    game = gamelib.load("megalomania", length="short")
    ctrl = controller(game, seed=2, odds_options={"samples": 40, "mission_samples": 5})
    while ctrl.state.phase != "play" or ctrl.state.current_player != 0:  # type: ignore[attr-defined]
        ctrl.play(ctrl.legal_texts()[0])
    assert _click_hand(ctrl)
    steps = len(ctrl.state.history)
    ctrl.undo()
    assert len(ctrl.state.history) < steps
    ctrl.set_viewpoint(None)
    assert ctrl.view.viewer is None and ctrl.last_error is None
    ctrl.set_viewpoint(1)
    assert ctrl.view.viewer == 1 and ctrl.last_error is None
    ctrl.set_viewpoint(0)
    panel = odds_panel(samples=40, mission_samples=5)
    shown = panel(ctrl.view)  # no event loop here: computed at once
    assert shown is panel.widget and panel.figure in shown.children
    assert "P(take the trick)" in panel.figure.layout.title.text
    assert panel(ctrl.state.view(None)) is shown and "viewpoint" in panel.note.value
    assert panel.figure not in shown.children


def test_odds_wait_for_the_figures_and_buttons() -> None:
    """In a kernel (a running event loop) the odds panel answers at once with a note and
    computes after the controller's refresh, only for the latest view."""
    import asyncio

    game = gamelib.load("megalomania", length="short")
    ctrl = controller(game, seed=2, odds=False)
    while ctrl.state.phase != "play" or ctrl.state.current_player != 0:  # type: ignore[attr-defined]
        ctrl.play(ctrl.legal_texts()[0])
    panel = odds_panel(samples=20, mission_samples=2)

    async def click() -> tuple[str, str]:
        panel(ctrl.view)
        panel(ctrl.view)  # a second refresh before the loop runs: computed once
        during = panel.note.value
        await asyncio.sleep(0)
        return during, panel.note.value

    during, after = asyncio.run(click())
    assert "Computing" in during and after == ""
    assert "P(take the trick)" in panel.figure.layout.title.text


def _live_widgets() -> dict[str, int]:
    from collections import Counter

    from ipywidgets.widgets.widget import _instances

    return dict(Counter(type(w).__name__ for w in _instances.values()))


def test_odds_panel_refreshes_without_leaking_widgets() -> None:
    """30 clicks with the odds panel shown: the number of live widgets stays flat (issue 13:
    one new FigureWidget per refresh, 113 → 154 MB over 30 clicks)."""
    game = gamelib.load("megalomania", length="short")
    ctrl = controller(game, seed=5, seats=["human"] * 4,
                      odds_options={"samples": 10, "mission_samples": 2})
    for _ in range(3):
        ctrl.play(ctrl.legal_texts()[0])
    before = _live_widgets()
    odds_shown = 0
    for _ in range(30):
        if ctrl.state.is_terminal():
            break
        ctrl.set_viewpoint(ctrl.state.current_player)
        buttons = [b for b in ctrl.action_buttons if b.layout.display != "none"]
        if buttons:
            buttons[-1].click()
        else:
            ctrl.play_button.click()
        assert ctrl.last_error is None, ctrl.error_area.value
        odds_shown += any(isinstance(w, go.FigureWidget) for box in _slot_widgets(ctrl)
                          for w in box.children)  # type: ignore[attr-defined]
    after = _live_widgets()
    assert odds_shown >= 20
    assert after.get("FigureWidget", 0) <= before.get("FigureWidget", 0)
    assert sum(after.values()) <= sum(before.values()) + 5, (before, after)


def _slot_widgets(ctrl: object) -> list[object]:
    return [w for slot in ctrl._extra_slots for w in slot.children]  # type: ignore[attr-defined]
