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


def test_a_view_near_the_screen_gets_the_figure_as_it_is_now() -> None:
    """On "current?" (a view near the screen, plotly loaded) the kernel sends the current figure
    as widget state with a new ``_gamelib_current`` (the loader draws once it has that value)."""
    fw = FigureWidget(go.Figure(go.Bar(y=[1, 2]), layout={"title": {"text": "start"}}))
    fw.data[0].y = [3, 4]  # a change made while no view asked: kept in Python only
    fw.layout.title.text = "now"
    calls: list[Any] = []
    fw.send_state = lambda keys=None: calls.append(("state", keys, fw._widget_data[0]["y"],  # type: ignore[method-assign]
                                                   fw._widget_layout["title"]["text"],
                                                   fw._gamelib_current))
    fw.send = lambda content, buffers=None: calls.append(("msg", content))  # type: ignore[method-assign]
    fw._handle_custom_msg({"gamelib": "current?"}, [])
    keys = ["_widget_data", "_widget_layout", "_last_trace_edit_id", "_last_layout_edit_id",
            "_gamelib_current"]
    assert calls == [("state", keys, [3, 4], "now", 1)]
    fw._handle_custom_msg({"gamelib": "current?"}, [])  # another view, or the page reloaded
    assert calls[-1] == ("state", keys, [3, 4], "now", 2)


def _sent(fw: FigureWidget) -> list[dict[str, Any]]:
    """The widget's update messages from now on (their ``state``), recorded."""
    sent: list[dict[str, Any]] = []
    fw._send = lambda msg, buffers=None: sent.append(msg["state"])  # type: ignore[method-assign]
    return sent


def test_the_figure_is_not_synced_until_a_view_asks_for_it() -> None:
    """A page loading asks for every widget's state at once: a figure no view asked for is an
    empty figure there, and its edits are not sent (issue 12: bytes before the board)."""
    fw = FigureWidget(go.Figure(go.Bar(y=[1, 2]), layout={"title": {"text": "start"}}))
    state = fw.get_state()
    assert state["_widget_data"] == [] and state["_widget_layout"] == {}
    assert state["_esm"] == fw._esm and state["_gamelib_current"] == 0
    sent = _sent(fw)
    fw.data[0].y = [3, 4]
    fw.layout.title.text = "now"
    with fw.batch_update():
        fw.data[0].y = [5, 6]
    fw.add_trace(go.Scatter(y=[1]))
    assert sent == []
    fw.layout.width = 300  # still kept in Python
    assert fw.layout.width == 300 and list(fw.data[0].y) == [5, 6]
    fw.add_class("x")  # other traits are sent as usual
    assert sent and all(not (k.startswith("_py2js_") or k in ("_widget_data", "_widget_layout"))
                        for msg in sent for k in msg)


def test_after_a_view_asked_the_figure_and_its_edits_are_sent() -> None:
    fw = FigureWidget(go.Figure(go.Bar(y=[1, 2])))
    sent = _sent(fw)
    fw._handle_custom_msg({"gamelib": "current?"}, [])
    assert sent[-1]["_widget_data"][0]["y"] == [1, 2] and sent[-1]["_gamelib_current"] == 1
    state = fw.get_state()
    assert state["_widget_data"][0]["y"] == [1, 2]  # a view connecting later gets it too
    fw.data[0].y = [3, 4]
    assert any("_py2js_restyle" in msg or "_py2js_update" in msg for msg in sent[1:])


def test_loader_is_compact_and_draws_near_the_screen() -> None:
    assert "IntersectionObserver" in fw_esm() and "//" not in fw_esm().replace("://", "")
    assert len(fw_esm()) < 3_600


def fw_esm() -> str:
    return str(FigureWidget()._esm)
