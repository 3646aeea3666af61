"""The digest of tests/browser/drawn.py, without a browser: it sees what differs, and a
controller's figure widgets equal the engine's view after clicks (the kernel side)."""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

import gamelib
from gamelib.ui import GameController
from tests.browser.drawn import (
    controller_digest,
    differences,
    differences_any,
    matched_indices,
)


def _figure(view: Any) -> go.Figure:
    cards = [c for hand in view.hands for c in (hand or ())]
    return go.Figure(
        go.Bar(x=list(range(len(cards))), y=cards, text=[str(c) for c in cards]),
        layout={"title": {"text": f"step {view.step}"}},
    )


def _as_page(ctrl: GameController) -> list[dict[str, Any]]:
    """The controller's widgets as the page reads them (the widgets' own figure JSON)."""
    out = []
    for i, fw in enumerate(ctrl.figure_widgets()):
        fig = fw.to_plotly_json()
        out.append({"index": i, "height": 400, "data": fig["data"], "layout": fig["layout"]})
    return out


def test_widgets_equal_the_engine_after_clicks_and_differences_are_named() -> None:
    from tests.toy_game import register

    register()
    ctrl = GameController(gamelib.load("toy", players=2), figures=[_figure], seats=["human"] * 2)
    for _ in range(3):
        ctrl.bot_move()
        assert differences(controller_digest(ctrl), _as_page(ctrl)) == []
    stale = _as_page(ctrl)
    ctrl.bot_move()
    problems = differences(controller_digest(ctrl), stale)
    assert any("title" in p for p in problems)
    assert differences(controller_digest(ctrl), []) == ["figure 0 (step 4): not drawn"]
    # figures are matched by content, wherever the controller draws them
    page = _as_page(ctrl)
    extra = {**page[0], "index": 5, "layout": {"title": {"text": "an odds panel"}}}
    assert differences(controller_digest(ctrl), [extra, {**page[0], "index": 3}]) == []
    assert matched_indices(controller_digest(ctrl), [extra, {**page[0], "index": 3}]) == [3]
    assert differences_any(controller_digest(ctrl), [stale, _as_page(ctrl)]) == []
    assert differences_any(controller_digest(ctrl), []) == ["no controller drawn"]
