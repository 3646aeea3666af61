"""The shared-bundle FigureWidget: a small loader in the widget state, the bundle on request."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import plotly
import plotly.graph_objects as go

from gamelib.ui.plotly_widget import FigureWidget, widget_bundle


def test_state_holds_a_small_loader_not_the_bundle() -> None:
    fw = FigureWidget(go.Figure(go.Bar(y=[1, 2])))
    assert isinstance(fw, go.FigureWidget)
    assert len(fw._esm) < 5_000
    assert len(str(go.FigureWidget()._esm)) > 1_000_000  # what plotly's own widget carries


def test_bundle_is_sent_gzip_compressed_on_request() -> None:
    fw = FigureWidget()
    sent: list[tuple[Any, list[bytes]]] = []
    fw.send = lambda content, buffers=None: sent.append((content, buffers))  # type: ignore[method-assign]
    fw._handle_custom_msg({"something": "else"}, [])
    assert sent == []
    fw._handle_custom_msg({"gamelib": "bundle?"}, [])
    assert sent and sent[0][0] == {"gamelib": "bundle"}
    data = sent[0][1][0]
    assert data is widget_bundle() and len(data) < 2_000_000
    original = (Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_bytes()
    assert gzip.decompress(data) == original


def test_front_end_ready_gets_the_figure_as_it_is_now_then_a_reply() -> None:
    """Changes made while the bundle loaded are lost in the front end: on "current?" the kernel
    sends the current figure as widget state, then "current" (the loader draws after it)."""
    fw = FigureWidget(go.Figure(go.Bar(y=[1, 2]), layout={"title": {"text": "start"}}))
    fw.data[0].y = [3, 4]  # a change sent as a message only
    fw.layout.title.text = "now"
    calls: list[Any] = []
    fw.send_state = lambda keys=None: calls.append(("state", keys, fw._widget_data[0]["y"],  # type: ignore[method-assign]
                                                   fw._widget_layout["title"]["text"]))
    fw.send = lambda content, buffers=None: calls.append(("msg", content))  # type: ignore[method-assign]
    fw._handle_custom_msg({"gamelib": "current?"}, [])
    assert calls == [
        ("state", ["_widget_data", "_widget_layout"], [3, 4], "now"),
        ("msg", {"gamelib": "current"}),
    ]
