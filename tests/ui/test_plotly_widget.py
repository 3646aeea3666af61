"""The shared-bundle FigureWidget: a small loader in the widget state, the bundle on request."""

from __future__ import annotations

import gzip
import lzma
from pathlib import Path
from typing import Any

import plotly
import plotly.graph_objects as go
import pytest

from gamelib.ui import widget_bundle
from gamelib.ui.plotly_widget import FigureWidget

ORIGINAL = (Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_bytes()


def test_state_holds_a_small_loader_not_the_bundle() -> None:
    fw = FigureWidget(go.Figure(go.Bar(y=[1, 2])))
    assert isinstance(fw, go.FigureWidget)
    assert len(fw._esm) < 7_000
    assert len(str(go.FigureWidget()._esm)) > 1_000_000  # what plotly's own widget carries


def _asked_for_the_bundle(**ask: Any) -> tuple[Any, list[bytes]]:
    fw = FigureWidget()
    sent: list[tuple[Any, list[bytes]]] = []
    fw.send = lambda content, buffers=None: sent.append((content, buffers))  # type: ignore[method-assign]
    fw._handle_custom_msg({"something": "else"}, [])
    assert sent == []
    fw._handle_custom_msg({"gamelib": "bundle?", **ask}, [])
    assert len(sent) == 1
    return sent[0]


def test_bundle_is_sent_gzip_compressed_until_an_lzma_one_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAMELIB_CACHE_DIR", str(tmp_path))
    started: list[bool] = []
    monkeypatch.setattr(widget_bundle, "prepare_in_background", lambda: started.append(True))
    content, buffers = _asked_for_the_bundle()
    assert content == {"gamelib": "bundle", "format": "gzip"} and started == [True]
    assert len(buffers) == 1 and len(buffers[0]) < 2_000_000
    assert gzip.decompress(buffers[0]) == ORIGINAL


def test_bundle_is_sent_lzma_compressed_with_its_decoder_once_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAMELIB_CACHE_DIR", str(tmp_path))
    path = widget_bundle.prepare()
    assert path.parent == tmp_path and path.exists()
    content, buffers = _asked_for_the_bundle()
    assert content == {"gamelib": "bundle", "format": "lzma"}
    decoder, data = buffers
    assert b"export function decode" in decoder
    assert len(data) < 0.8 * len(widget_bundle.gzip_bundle())
    assert lzma.decompress(data, format=lzma.FORMAT_ALONE) == ORIGINAL
    content, buffers = _asked_for_the_bundle(accept=["lzma", "gzip"])
    assert content["format"] == "lzma"
    # a page whose decoder could not start asks again for gzip only
    content, buffers = _asked_for_the_bundle(accept=["gzip"])
    assert content == {"gamelib": "bundle", "format": "gzip"}
    assert gzip.decompress(buffers[0]) == ORIGINAL


def test_a_damaged_cache_file_is_not_sent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMELIB_CACHE_DIR", str(tmp_path))
    good = widget_bundle.prepare(tmp_path / "good")
    damaged = widget_bundle.cache_path()
    damaged.write_bytes(good.read_bytes()[:-1000])
    assert widget_bundle.lzma_bundle() is None
    damaged.write_bytes(good.read_bytes())
    assert widget_bundle.lzma_bundle() is not None


def test_an_unwritable_cache_keeps_the_bundle_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("GAMELIB_CACHE_DIR", str(blocker / "cache"))
    path = widget_bundle.prepare()
    assert not path.exists()
    data = widget_bundle.lzma_bundle()
    assert data is not None and lzma.decompress(data, format=lzma.FORMAT_ALONE) == ORIGINAL


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
            "_gamelib_traces", "_gamelib_current"]
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
    assert len(fw_esm()) < 7_000  # in every figure widget's state: a few kB at most


def fw_esm() -> str:
    return str(FigureWidget()._esm)


def test_state_tells_the_figures_trace_types() -> None:
    fw = FigureWidget(go.Figure([go.Bar(y=[1]), go.Scatter(y=[2]), go.Pie(values=[1])]))
    assert fw.get_state()["_gamelib_traces"] == ["bar", "pie", "scatter"]
    sent = _sent(fw)
    fw._handle_custom_msg({"gamelib": "current?"}, [])
    assert sent[-1]["_gamelib_traces"] == ["bar", "pie", "scatter"]
    fw.add_trace(go.Heatmap(z=[[1]]))
    assert fw.get_state()["_gamelib_traces"] == ["bar", "heatmap", "pie", "scatter"]


def _without_uids(traces: Any) -> Any:
    return [{k: v for k, v in trace.items() if k != "uid"} for trace in traces]


@pytest.mark.parametrize("layout", [{}, {"title": {"text": "t"}, "height": 300}])
def test_default_template_is_stored_as_plotlys_validated_path_stores_it(
    layout: dict[str, Any],
) -> None:
    spec = {"data": [{"type": "bar", "y": [1, 2]}], "layout": layout}
    ours, plotlys = FigureWidget(spec), go.FigureWidget(spec)
    assert ours._layout_obj._props == plotlys._layout_obj._props
    assert ours._widget_layout == plotlys._widget_layout
    assert _without_uids(ours._widget_data) == _without_uids(plotlys._widget_data)
    assert ours.to_plotly_json()["layout"] == plotlys.to_plotly_json()["layout"]
    assert ours.layout.template.layout.font.color == "#2a3f5f"  # read as an object
    assert ours._validate and ours.layout._validate  # later edits are validated
    with pytest.raises(ValueError, match="titlex"):
        ours.update_layout(titlex=3)


def test_each_widget_has_its_own_copy_of_the_template() -> None:
    one, two = FigureWidget(), FigureWidget()
    assert one._layout_obj._props["template"] is not two._layout_obj._props["template"]
    one.layout.template.layout.font.color = "red"
    assert two.layout.template.layout.font.color == "#2a3f5f"


def test_templates_chosen_by_the_user_or_the_figure_are_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import plotly.io as pio

    monkeypatch.setattr(pio.templates, "default", "plotly_white")
    assert FigureWidget().layout.template == go.FigureWidget().layout.template
    assert FigureWidget().layout.template.layout.plot_bgcolor == "white"
    monkeypatch.setattr(pio.templates, "default", "plotly+presentation")  # merged
    assert FigureWidget().layout.template == go.FigureWidget().layout.template
    monkeypatch.setattr(pio.templates, "default", None)
    assert FigureWidget().layout.template == go.FigureWidget().layout.template
    monkeypatch.undo()
    given = {"template": "simple_white"}
    ours = FigureWidget(layout=given).layout.template
    assert ours == go.FigureWidget(layout=given).layout.template


def test_a_figure_with_the_default_template_in_its_layout_is_stored_as_plotlys() -> None:
    from plotly.subplots import make_subplots

    fig = make_subplots(rows=1, cols=2)
    fig.add_trace(go.Bar(y=[1, 2]), row=1, col=2)
    as_json = fig.to_dict()
    assert "template" in as_json["layout"]  # what a figure shown as a cell's output gives
    for spec in (fig, as_json):
        ours, plotlys = FigureWidget(spec), go.FigureWidget(spec)
        assert ours._layout_obj._props == plotlys._layout_obj._props
        assert _without_uids(ours._widget_data) == _without_uids(plotlys._widget_data)
    grid = FigureWidget(fig)
    grid.add_trace(go.Scatter(y=[3]), row=1, col=1)  # the figure's subplot grid came along
    assert grid.data[-1].xaxis == "x"
    assert "template" in as_json["layout"]  # the caller's figure is left as it was
    white = go.Figure(layout={"template": "plotly_white"})
    assert FigureWidget(white).layout.template.layout.plot_bgcolor == "white"


def test_a_figure_is_not_validated_twice_and_later_edits_are() -> None:
    """A ``go.Figure`` was validated when it was made: its widget stores the same state as a
    widget validating its JSON, and the widget validates what is set on it afterwards."""
    fig = go.Figure(go.Scatter(x=[1, 2], y=[3, 4], marker={"color": "red"}),
                    layout={"title": {"text": "t"}, "xaxis": {"range": [0, 1]}})
    ours, checked = FigureWidget(fig), FigureWidget(fig.to_dict())
    assert ours._validate and ours.layout._validate and ours.data[0]._validate
    assert _without_uids(ours._widget_data) == _without_uids(checked._widget_data)
    assert ours._widget_layout == checked._widget_layout
    edits = [lambda: setattr(ours.layout.xaxis, "range", "wide"),
             lambda: setattr(ours.layout.yaxis, "range", "wide"),
             lambda: setattr(ours.data[0].marker, "color", "not-a-colour"),
             lambda: ours.data[0].update(bogus=1),
             lambda: ours.update_layout(titlex=3)]
    for edit in edits:
        with pytest.raises(ValueError):
            edit()
    unchecked = go.Figure({"data": [{"type": "bar", "bogus": 1}]}, _validate=False)
    with pytest.raises(ValueError, match="bogus"):  # a figure made without validation is checked
        FigureWidget(unchecked)


@pytest.mark.parametrize("game_id", ["powers", "rekkyo", "megalomania", "qmg", "trench"])
def test_every_game_figure_makes_the_widget_state_of_a_validated_one(game_id: str) -> None:
    """The figures of each game's controller along seeded random games, as ``go.Figure``s: the
    widget made without validating them again holds exactly the validated widget's state."""
    import importlib
    import random

    import gamelib

    ui = importlib.import_module(f"gamelib.{game_id}.ui")
    builders = ui.controller().builders
    compared = 0
    for seed in range(2):
        state, rng = gamelib.load(game_id).new_state(seed=seed), random.Random(seed)
        for step in range(121):
            if state.is_terminal():
                break
            if step % 40 == 0:
                for viewer in (None, 0):
                    for build in builders:
                        fig = go.Figure(build(state.view(viewer)))
                        ours, checked = FigureWidget(fig), FigureWidget(fig.to_dict())
                        assert _without_uids(ours._widget_data) == _without_uids(
                            checked._widget_data)
                        assert ours._widget_layout == checked._widget_layout
                        compared += 1
            state = gamelib.play(state, rng.choice(state.legal_actions()))
    assert compared >= 4 * len(builders)


def test_text_of_a_widget_is_one_line_and_its_saved_state_is_current_when_shown() -> None:
    """Jupyter asks for a widget's text each time it shows it (or a box holding it): one line,
    not plotly's whole figure; showing it makes its saved state the figure as it is now."""
    fw = FigureWidget(go.Figure([go.Bar(y=[1, 2]), go.Scatter(y=[3])],
                                layout={"title": {"text": "odds"}}))
    assert repr(fw) == "FigureWidget(title='odds', traces=[bar, scatter])"
    assert repr(FigureWidget()) == "FigureWidget(title=None, traces=[])"
    fw.data[0].y = [5, 6]
    fw.layout.title.text = "new odds"
    bundle = fw._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == fw.model_id
    assert bundle["text/plain"] == "FigureWidget(title='new odds', traces=[bar, scatter])"
    assert list(fw._trait_values["_widget_data"][0]["y"]) == [5, 6]
    assert fw._trait_values["_widget_layout"]["title"] == {"text": "new odds"}
