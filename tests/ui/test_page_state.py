"""A page loading gets every widget's state without the defaults its front end knows
(gamelib.ui.page_state; issue 12: bytes before the board)."""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
from ipywidgets import Widget

import gamelib.ui  # noqa: F401  (installs the lean reply)
from gamelib.ui.page_state import page_states
from gamelib.ui.plotly_widget import FigureWidget


class _Comm:
    def __init__(self) -> None:
        self.sent: list[tuple[dict[str, Any], Any]] = []

    def send(self, data: dict[str, Any], buffers: Any = None) -> None:
        self.sent.append((data, buffers))


def _request(method: str = "request_states") -> list[tuple[dict[str, Any], Any]]:
    comm, old = _Comm(), Widget._control_comm
    Widget._control_comm = comm
    try:
        Widget._handle_control_comm_msg({"content": {"data": {"method": method}}})
    finally:
        Widget._control_comm = old
    return comm.sent


def test_core_widgets_are_sent_without_their_defaults() -> None:
    button = widgets.Button(description="Bot move", layout={"width": "120px"})
    states = page_states()
    layout = states[button.layout.model_id]["state"]
    assert layout == {"width": "120px"}  # the 40-odd CSS properties left at None are left out
    state = states[button.model_id]["state"]
    assert state["description"] == "Bot move" and "tooltip" not in state
    assert state["layout"] == f"IPY_MODEL_{button.layout.model_id}"
    assert states[button.model_id]["model_name"] == "ButtonModel"
    full = json.dumps(button.get_state()) + json.dumps(button.layout.get_state())
    assert len(json.dumps(state) + json.dumps(layout)) < len(full) / 3


def test_other_widgets_keep_their_full_state() -> None:
    fw = FigureWidget(go.Figure(go.Bar(y=[1])))
    state = page_states()[fw.model_id]["state"]
    assert state["_esm"] == fw._esm and "_widget_data" in state and "_view_count" in state


def test_request_states_is_answered_with_the_lean_states() -> None:
    html = widgets.HTML("<b>hi</b>")
    sent = _request()
    assert len(sent) == 1
    data, _buffers = sent[0]
    assert data["method"] == "update_states"
    state = data["states"][html.model_id]["state"]
    assert state["value"] == "<b>hi</b>" and "description" not in state


def test_other_control_messages_go_to_ipywidgets() -> None:
    import pytest

    with pytest.raises(RuntimeError, match="Unknown front-end to back-end"):
        _request("something else")
