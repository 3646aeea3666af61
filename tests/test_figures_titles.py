"""Every figure of every game has a title, and axis titles (or, without axes, labels).

The builders are found in each game's ``figures`` module (public functions returning a plotly
figure). A builder of a view alone is called on views of seeded games from several seats and the
teacher; any other builder needs an entry in ``EXAMPLES``: a new builder fails until it gets one.
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Iterator
from typing import Any

import plotly.graph_objects as go
import pytest

import gamelib
from gamelib.core import View

GAMES_WITH_FIGURES = ("powers", "rekkyo", "megalomania", "trench")
CARTESIAN = {"scatter", "bar", "heatmap", "histogram", "box", "contour"}


def _rekkyo_examples() -> dict[str, Callable[[View], go.Figure]]:
    from gamelib.rekkyo import figures, odds

    def neutral(view: Any) -> str:
        return next(t for t, o in view.owners.items() if o is None)

    def dist(view: Any) -> go.Figure:
        d = odds.draw_distribution([0, 1, 2, 3, 4], 2)
        return figures.distribution_figure(d, attack=3, title="t", lang=view.lang)

    def curve(view: Any) -> go.Figure:
        d = odds.draw_distribution([0, 1, 2, 3, 4], 2)
        return figures.win_curve_figure({2: d.win_curve(8)}, lang=view.lang)

    def heat(view: Any) -> go.Figure:
        return figures.win_heatmap_figure([[0.5, 1.0], [0.2, 0.6]], powers=[1, 2],
                                          lang=view.lang)

    return {
        "defence_figure": lambda v: figures.defence_figure(v, target=neutral(v), cards=["t34"]),
        "distribution_figure": dist,
        "win_curve_figure": curve,
        "win_heatmap_figure": heat,
    }


def _megalomania_examples() -> dict[str, Callable[[View], go.Figure]]:
    from gamelib.megalomania import figures

    return {"odds_figure": lambda v: figures.odds_figure(None, lang=v.lang)}


def _powers_examples() -> dict[str, Callable[[View], go.Figure]]:
    from gamelib.powers import figures

    return {
        "beat_chance_figure": lambda v: figures.beat_chance_figure([(5, 0.9), (14, 0.6)],
                                                                   lang=v.lang),
        "defence_chance_figure": lambda v: figures.defence_chance_figure(
            [(5, 0.4, 0.3, 0.6, 0.7)], lang=v.lang),
    }


EXAMPLES: dict[str, Callable[[], dict[str, Callable[[View], go.Figure]]]] = {
    "powers": _powers_examples,
    "rekkyo": _rekkyo_examples,
    "megalomania": _megalomania_examples,
}
"""Per game, how to call each builder that needs more than a view."""


KNOWN_GAPS: dict[str, set[str]] = {}
"""Titles still missing in figures of other areas (issue 8), listed exactly: a new gap fails the
test, and so does a fixed one still listed here (remove it from the list)."""


def _builders(game_id: str) -> dict[str, Callable[..., go.Figure]]:
    module = importlib.import_module(f"gamelib.{game_id}.figures")
    found = {}
    for name in getattr(module, "__all__", ()):
        fn = getattr(module, name)
        if callable(fn) and not isinstance(fn, type) and "Figure" in str(
                inspect.signature(fn).return_annotation):
            found[name] = fn
    return found


def _views(game_id: str, lang: str) -> Iterator[View]:
    game = gamelib.load(game_id, lang=lang)
    rng = random.Random(1)
    state = game.new_state(1)
    for step in range(40):
        if step % 13 == 0:
            for viewer in (None, *range(game.players)):
                yield state.view(viewer)
        if state.is_terminal():
            break
        state = gamelib.play(state, rng.choice(state.legal_actions()))
    yield state.view(None)


def _axis_title(axis: Any) -> str:
    title = getattr(axis, "title", None)
    return (getattr(title, "text", None) or "") if title is not None else ""


def problems_of(fig: go.Figure) -> list[str]:
    """What a figure lacks: a title; axis titles on visible axes; labels if it has no axes."""
    found = []
    layout = fig.layout
    if not (layout.title and layout.title.text):
        found.append("no title")
    types = {t.type for t in fig.data}
    if types & CARTESIAN:
        axes = [(name, getattr(layout, name)) for name in ("xaxis", "yaxis")]
        shown = [(n, a) for n, a in axes if a.visible is not False]
        for name, axis in shown:
            if not _axis_title(axis):
                found.append(f"{name} has no title")
        if not shown and not any(t.text is not None or t.name for t in fig.data) and not (
                layout.annotations):
            found.append("no axes and no labels")
    scene = layout.scene
    if types & {"scatter3d", "surface", "mesh3d"}:
        for name in ("xaxis", "yaxis", "zaxis"):
            axis = getattr(scene, name)
            if axis.visible is not False and not _axis_title(axis):
                found.append(f"scene.{name} has no title")
    return found


@pytest.mark.parametrize("game_id", GAMES_WITH_FIGURES)
def test_every_builder_is_covered(game_id: str) -> None:
    examples = EXAMPLES.get(game_id, dict)()
    for name, fn in _builders(game_id).items():
        params = list(inspect.signature(fn).parameters.values())
        view_only = params and all(p.default is not inspect.Parameter.empty
                                   for p in params[1:]) and "view" in params[0].name
        assert view_only or name in examples, f"{game_id}.figures.{name}: add it to EXAMPLES"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES_WITH_FIGURES)
def test_every_figure_has_a_title_and_axis_titles(game_id: str, lang: str) -> None:
    examples = EXAMPLES.get(game_id, dict)()
    builders = _builders(game_id)
    failures: set[str] = set()
    for view in _views(game_id, lang):
        for name, fn in builders.items():
            call = examples.get(name, fn)
            fig = call(view)
            failures.update(f"{name}: {p}" for p in problems_of(fig))
    known = KNOWN_GAPS.get(game_id, set())
    assert not failures - known, sorted(failures - known)
    assert not known - failures, f"fixed, remove from KNOWN_GAPS: {sorted(known - failures)}"


def test_the_check_can_fail() -> None:
    assert problems_of(go.Figure(go.Bar(x=[1], y=[1]))) == [
        "no title", "xaxis has no title", "yaxis has no title"]
    labelled = go.Figure(go.Scatter(x=[0], y=[0], text=["a"]), layout={"title": {"text": "t"}})
    labelled.update_xaxes(visible=False).update_yaxes(visible=False)
    assert problems_of(labelled) == []
