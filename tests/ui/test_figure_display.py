"""Static figures: widgets sharing the controller's plotly.js, and the plotly renderer."""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from gamelib.ui import show, static_figure, use_shared_plotly
from gamelib.ui.figure_display import RENDERER
from gamelib.ui.plotly_widget import LOADER_ESM, FigureWidget

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _fig() -> go.Figure:
    return go.Figure(go.Bar(x=["a", "b"], y=[1, 2]), layout={"title": {"text": "odds"}})


def test_static_figure_is_a_shared_bundle_widget_holding_the_figure() -> None:
    widget = static_figure(_fig())
    assert isinstance(widget, FigureWidget)
    assert widget._esm == FigureWidget._esm  # the page's one plotly.js, not a bundle of its own
    assert "requestBundle" in widget._esm and len(widget._esm) < len(LOADER_ESM)
    assert widget._widget_data[0]["y"] == [1, 2]
    assert widget._widget_layout["title"] == {"text": "odds"}
    assert "gamelib-static-figure" in widget._dom_classes


def test_show_displays_one_widget_view(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[Any] = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    assert show(_fig()) is None
    assert len(shown) == 1 and isinstance(shown[0], FigureWidget)
    assert shown[0]._widget_data[0]["x"] == ["a", "b"]


def test_renderer_outputs_a_widget_view_not_the_plotly_mime_type(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pio.renderers, "default", pio.renderers.default)
    assert use_shared_plotly(force=True)
    assert pio.renderers.default == RENDERER
    bundle = _fig()._repr_mimebundle_()
    assert WIDGET_VIEW in bundle
    assert "application/vnd.plotly.v1+json" not in bundle
    assert "text/html" not in bundle


def test_renderer_widget_is_the_validated_figure_and_validates_later_edits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The renderer gets plotly's validated JSON of the figure and does not validate it again:
    its widget holds what a widget validating the figure holds; a plain dict is validated."""
    import gamelib.ui.figure_display as figure_display

    made: list[FigureWidget] = []
    original = figure_display.static_figure
    monkeypatch.setattr(figure_display, "static_figure",
                        lambda fig, **kw: made.append(original(fig, **kw)) or made[-1])
    monkeypatch.setattr(pio.renderers, "default", pio.renderers.default)
    use_shared_plotly(force=True)
    _fig()._repr_mimebundle_()
    checked = FigureWidget(_fig().to_dict())
    assert [{k: v for k, v in t.items() if k != "uid"} for t in made[0]._widget_data] == [
        {k: v for k, v in t.items() if k != "uid"} for t in checked._widget_data]
    assert made[0]._widget_layout == checked._widget_layout
    with pytest.raises(ValueError):
        made[0].layout.xaxis.range = "wide"
    with pytest.raises(ValueError, match="bogus"):
        static_figure({"data": [{"type": "bar", "bogus": 1}]})


def test_outside_a_kernel_plotly_default_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pio.renderers, "default", "json")
    assert not use_shared_plotly()
    assert pio.renderers.default == "json"
    assert RENDERER in pio.renderers
