"""The controller's in-place figure update keeps the widget's saved state current and separate."""

from __future__ import annotations

import copy
from typing import Any

import plotly.graph_objects as go
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.ui import update_figure
from gamelib.ui.figure_update import _diff_container_array
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


def _relayout(items: list[dict[str, Any]], edits: dict[tuple[Any, ...], Any]) -> list[Any]:
    """plotly.js's ``applyContainerArrayChanges`` (src/plot_api/manage_arrays.js), in Python:
    indices in increasing order, an object inserts before the current item, a path edits the
    current item, null marks it removed; the removals are made last, from the highest index."""
    array = copy.deepcopy(items)
    by_index: dict[int, dict[tuple[Any, ...], Any]] = {}
    for path, value in edits.items():
        by_index.setdefault(path[1], {})[path[2:]] = value
    removed = []
    for index in sorted(by_index):
        changes = by_index[index]
        if () in changes:
            assert len(changes) == 1, f"index {index}: an insert or removal with edits"
            if changes[()] is None:
                assert index < len(array), f"removing past the end: {index}"
                removed.append(index)
            else:
                assert index <= len(array), f"inserting past the end: {index}"
                array.insert(index, copy.deepcopy(changes[()]))
            continue
        for keys, value in changes.items():
            target = array[index]
            for key in keys[:-1]:
                target = target.setdefault(key, {})
            if value is None:
                target.pop(keys[-1], None)
            else:
                target[keys[-1]] = copy.deepcopy(value)
    for index in reversed(removed):
        del array[index]
    return array


_ITEMS = st.lists(
    st.fixed_dictionaries(
        {"x0": st.integers(0, 3), "text": st.sampled_from(["a", "b", "c"])},
        optional={"line": st.fixed_dictionaries({"color": st.sampled_from(["red", "blue"])})},
    ),
    max_size=12,
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(old=_ITEMS, new=_ITEMS)
def test_container_array_changes_turn_old_items_into_new_under_plotly_js_rules(
    old: list[dict[str, Any]], new: list[dict[str, Any]]
) -> None:
    edits: dict[tuple[Any, ...], Any] = {}
    _diff_container_array(old, new, ("shapes",), edits)
    assert _relayout(old, edits) == new


def test_a_card_moved_from_a_hand_to_the_trick_leaves_the_other_items_alone() -> None:
    """Items equal before and after keep their place: only the card's own items are sent."""
    hand = [{"type": "rect", "x0": i, "text": f"card {i}"} for i in range(5)]
    panels = [{"type": "rect", "x0": 50 + i, "text": f"panel {i}"} for i in range(20)]
    played = hand[2]
    trick = {**played, "x0": 99}
    edits: dict[tuple[Any, ...], Any] = {}
    _diff_container_array([*hand, *panels], [*hand[:2], *hand[3:], *panels, trick],
                          ("shapes",), edits)
    assert edits == {("shapes", 2): None, ("shapes", 25): trick}
