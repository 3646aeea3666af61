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
