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


# -- specs: plotly JSON dicts compared with the previous one (issue 12, "Clicks") -------------
def _spec(step: int, shapes: int = 2) -> dict[str, object]:
    return {
        "data": [
            {"type": "scatter", "x": [1, step], "y": [2, 3], "customdata": ["a", f"b{step}"],
             "marker": {"color": "red" if step % 2 else "blue"}},
            {"type": "bar", "x": [1], "y": [7]},
        ],
        "layout": {
            "title": {"text": f"step {step}"},
            "shapes": [{"type": "rect", "x0": i, "x1": i + step, "y0": 0, "y1": 1}
                       for i in range(shapes)],
            "annotations": [{"text": f"note {i}", "x": i, "y": 0, "showarrow": False}
                            for i in range(2)],
        },
    }


def _updates(fw: FigureWidget) -> list[dict[str, object]]:
    sent: list[dict[str, object]] = []
    fw.observe(lambda change: change["new"] and sent.append(change["new"]),
               names=["_py2js_update", "_py2js_relayout", "_py2js_restyle", "_py2js_addTraces"])
    return sent


def test_a_spec_sends_only_the_paths_that_changed_in_one_message() -> None:
    fw = FigureWidget(_spec(0))
    sent = _updates(fw)
    update_figure(fw, _spec(1))
    assert len(sent) == 1
    msg = sent[0]
    assert msg["layout_data"] == {"title.text": "step 1", "shapes[0].x1": 1, "shapes[1].x1": 2}
    assert msg["style_traces"] == [0]  # the bar did not change: not sent
    style = msg["style_data"]
    assert isinstance(style, dict)
    assert set(style) == {"x", "customdata", "marker.color"}
    update_figure(fw, _spec(1))  # the same figure again: nothing is sent
    assert len(sent) == 1


def test_a_shape_added_or_removed_is_sent_alone() -> None:
    """issue 12, Browser (≤ 8 MB a game): a new card on the table sent every shape again."""
    fw = FigureWidget(_spec(1, shapes=2))
    sent = _updates(fw)
    update_figure(fw, _spec(1, shapes=4))
    assert sent[-1]["layout_data"] == {f"shapes[{i}]": _spec(1, shapes=4)["layout"]["shapes"][i]
                                       for i in (2, 3)}
    update_figure(fw, _spec(1, shapes=1))
    assert sent[-1]["layout_data"] == {"shapes[1]": None, "shapes[2]": None, "shapes[3]": None}
    assert fw._layout["shapes"] == _spec(1, shapes=1)["layout"]["shapes"]
    assert fw._widget_layout["shapes"] == fw._layout["shapes"]


def test_a_shape_taken_from_the_middle_or_put_back_is_one_path() -> None:
    """plotly.js's relayout inserts ``shapes[i]``: {...} before item i and removes on null."""
    shapes = _spec(1, shapes=4)["layout"]["shapes"]
    fewer = {**_spec(1), "layout": {**_spec(1)["layout"], "shapes": [*shapes[:1], *shapes[2:]]}}
    fw = FigureWidget(_spec(1, shapes=4))
    sent = _updates(fw)
    update_figure(fw, fewer)
    assert sent[-1]["layout_data"] == {"shapes[1]": None}
    assert fw._layout["shapes"] == fw._widget_layout["shapes"] == fewer["layout"]["shapes"]
    update_figure(fw, _spec(1, shapes=4))
    assert sent[-1]["layout_data"] == {"shapes[1]": shapes[1]}
    assert fw.to_plotly_json()["layout"] == FigureWidget(_spec(1, shapes=4)).to_plotly_json()[
        "layout"]


def test_a_spec_updated_widget_equals_a_widget_built_from_the_last_spec() -> None:
    fw = FigureWidget(_spec(0))
    fw._handle_custom_msg({"gamelib": "current?"}, [])  # a view near the screen asked for it
    for step, shapes in ((1, 2), (2, 3), (3, 1), (4, 1)):
        update_figure(fw, _spec(step, shapes))
        fresh = FigureWidget(_spec(step, shapes))
        assert _traces(fw) == _traces(fresh)
        assert fw.to_plotly_json()["layout"] == fresh.to_plotly_json()["layout"]
        assert len(fw.layout.shapes) == shapes  # plotly's cached children follow the length
        saved = fw.get_state()
        assert saved["_widget_data"] == fw._data and saved["_widget_layout"] == fw._layout
        assert fw._widget_data[0] is not fw._data[0]  # the saved state is a copy


def test_a_spec_with_other_trace_types_replaces_the_traces() -> None:
    fw = FigureWidget(_spec(0))
    update_figure(fw, {"data": [{"type": "pie", "values": [1, 2]}], "layout": {}})
    assert [t.type for t in fw.data] == ["pie"]
    assert not fw.layout.shapes and fw.layout.title.text is None
    update_figure(fw, _spec(2))
    assert [t.type for t in fw.data] == ["scatter", "bar"] and fw.layout.title.text == "step 2"
