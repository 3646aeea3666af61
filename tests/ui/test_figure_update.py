"""The controller's in-place figure update keeps the widget's saved state current and separate."""

from __future__ import annotations

import plotly.graph_objects as go

from gamelib.ui import update_figure
from gamelib.ui.plotly_widget import FigureWidget


def _fig(step: int) -> go.Figure:
    return go.Figure(
        go.Bar(x=["a", "b"], y=[step, step + 1]),
        layout={"title": {"text": f"step {step}"}, "xaxis": {"title": {"text": "card"}}},
    )


def test_saved_state_is_current_and_a_copy_with_the_template_copied_once() -> None:
    fw = FigureWidget(_fig(0))
    update_figure(fw, _fig(1))
    saved = fw._widget_layout
    assert fw._widget_data == fw._data and saved == fw._layout_obj._props
    assert fw._widget_data[0] is not fw._data[0]
    saved["xaxis"]["title"]["text"] = "edited in the saved copy"  # as plotly does in place
    assert fw.layout.xaxis.title.text == "card"
    template = saved["template"]
    update_figure(fw, _fig(2))
    assert fw._widget_layout["title"] == {"text": "step 2"}
    assert fw._widget_layout["template"] is template  # unchanged template: not copied again
    assert fw._widget_data[0]["y"] == fw._data[0]["y"]


def _traces(fw: FigureWidget) -> list[dict[str, object]]:
    return [{k: v for k, v in t.items() if k != "uid"} for t in fw.to_plotly_json()["data"]]


def test_a_plotly_json_dict_updates_the_widget_like_the_figure_it_describes() -> None:
    by_figure = FigureWidget(_fig(0))
    by_dict = FigureWidget(_fig(0))
    for step in (1, 2):
        update_figure(by_figure, _fig(step))
        update_figure(by_dict, _fig(step).to_plotly_json())
        assert _traces(by_dict) == _traces(by_figure)
        assert by_dict.layout.title.text == by_figure.layout.title.text == f"step {step}"
    scatter = {"data": [{"x": [1], "y": [2]}], "layout": {"title": {"text": "other"}}}
    update_figure(by_dict, scatter)  # trace types change: the traces are replaced
    assert [t.type for t in by_dict.data] == ["scatter"]
    assert by_dict._widget_layout["title"] == {"text": "other"}
    assert not by_dict._widget_layout.get("xaxis")  # a stale layout key is emptied
