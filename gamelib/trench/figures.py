"""Figures of 毒ガス塹壕戦, pure functions of a view: a 3D board of cubes and a 2D top view.

``board_3d_figure``: every cube as a box in one Mesh3d (trenches are missing ground cubes,
walls and pillars a second layer, bases in their owner's colour, the village in its own;
landing ships as grey cubes off the board while occupied),
soldiers and civilians as markers with facing cones, gas clouds as translucent spheres, the
wind as an arrow, north marked. ``top_view_figure``: the
same from above; clicking a cell plays the legal action aimed at it (``customdata``).

Each is ``go.Figure`` of a plotly JSON dict from ``board_3d_spec`` / ``top_view_spec``, which
the controller uses directly (it sends only what changed, unvalidated); with ``every_trace``
the specs keep a hidden trace for each absent piece, so their traces never change.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from gamelib.trench.board import DIRS, Cell, cell_name
from gamelib.trench.view import TrenchView

__all__ = [
    "COLOURS", "board_3d_figure", "board_3d_spec", "gas_odds_figure", "top_view_figure",
    "top_view_spec",
]

#: Player colours of the box (R2.1): blue, red, yellow, green.
COLOURS = ("#1f77b4", "#d62728", "#e6b800", "#2ca02c")
_ARROW = {"N": "▲", "E": "▶", "S": "▼", "W": "◀"}
_GROUND = "#b08d57"
#: The village cube's colour (R13.2: 民間人駒色の立方体) and the civilians' marker colour.
_VILLAGE = "#8c6d3f"
_CIVILIAN = "#f7f7f7"
_SHIP = "#7f8c99"


Vertex = tuple[float, float, float]
Spec = dict[str, Any]
Trace = dict[str, Any]

#: The 12 triangles of a unit box over its 8 corners (see :func:`_box`).
_FACES = ((0, 1, 3), (0, 3, 2), (4, 5, 7), (4, 7, 6), (0, 1, 5), (0, 5, 4),
          (2, 3, 7), (2, 7, 6), (0, 2, 6), (0, 6, 4), (1, 3, 7), (1, 7, 5))


def _box(x: float, y: float, z: float) -> tuple[list[Vertex], list[tuple[int, int, int]]]:
    v = [(x + dx, y + dy, z + dz) for dz in (0, 1) for dy in (-0.5, 0.5) for dx in (-0.5, 0.5)]
    return v, list(_FACES)


def _mesh(boxes: Sequence[tuple[float, float, float, str]], name: str) -> Trace:
    """One Mesh3d (as plotly JSON) of unit boxes ``(x, y, z, colour)`` (12 triangles each)."""
    xs: list[float] = []
    ys: list[float] = []
    zs: list[float] = []
    ii: list[int] = []
    jj: list[int] = []
    kk: list[int] = []
    colours: list[str] = []
    for bx, by, bz, colour in boxes:
        verts, faces = _box(bx, by, bz)
        off = len(xs)
        for vx, vy, vz in verts:
            xs.append(vx)
            ys.append(vy)
            zs.append(vz)
        for a, b, d in faces:
            ii.append(off + a)
            jj.append(off + b)
            kk.append(off + d)
            colours.append(colour)
    return {"type": "mesh3d", "x": xs, "y": ys, "z": zs, "i": ii, "j": jj, "k": kk,
            "facecolor": colours, "flatshading": True, "name": name, "hoverinfo": "skip"}


@functools.lru_cache(maxsize=64)
def _cubes_of(heights: tuple[int, ...], bases: tuple[tuple[Cell, int], ...],
              village: Cell | None) -> Trace:
    """The cubes' mesh (cached: the board changes seldom, and the same trace object lets the
    controller skip it at once). Never change the returned trace."""
    owner = dict(bases)
    boxes = []
    for idx, hgt in enumerate(heights):
        c = (idx % 7 + 1, idx // 7 + 1)
        for z in range(hgt):
            colour = (COLOURS[owner[c]] if c in owner and z == hgt - 1
                      else _VILLAGE if c == village and z == hgt - 1 else _GROUND)
            boxes.append((c[0], c[1], z, colour))
    return _mesh(boxes, "cubes")


def _cubes(view: TrenchView) -> Trace:
    return _cubes_of(tuple(view.heights), tuple(view.bases), view.village)


def _ships(view: TrenchView) -> Trace | None:
    """R3.13: a landing ship is a cube beside its owner's edge, off the board, while its
    soldier is still aboard (it leaves the game when he steps off)."""
    boxes = [(c[0], c[1], 0, _SHIP) for s in view.soldiers
             if s.ship and s.alive and not s.exited and (c := s.cell) is not None]
    return _mesh(boxes, "ships") if boxes else None


def _level(view: TrenchView, cell: tuple[int, int], ship: bool) -> int:
    if ship or not (1 <= cell[0] <= 7 and 1 <= cell[1] <= 7):
        return 1
    return view.heights[(cell[1] - 1) * 7 + cell[0] - 1]


def _xyz(pos: Sequence[tuple[float, float, float]]) -> Trace:
    return {"x": [p[0] for p in pos], "y": [p[1] for p in pos], "z": [p[2] for p in pos]}


#: The 3D board's traces, in order, as ``(type, name)``: the ones a state may lack are left out
#: of the figure, or hidden with ``every_trace``.
_SLOTS_3D = (("mesh3d", "cubes"), ("mesh3d", "ships"), ("scatter3d", "soldiers"),
             ("cone", "facing"), ("scatter3d", "village"), ("scatter3d", "civilians"),
             ("cone", "civilian facing"), ("scatter3d", "gas"), ("cone", "wind"),
             ("scatter3d", "north"))
#: The top view's traces, in order (the heights' heatmap has no name).
_SLOTS_TOP = (("heatmap", None), ("scatter", "cells"), ("scatter", "bases"),
              ("scatter", "items"), ("scatter", "gas"), ("scatter", "village"),
              ("scatter", "civilians"), ("scatter", "soldiers"))


def _every_trace(data: list[Trace], slots: Sequence[tuple[str, str | None]]) -> list[Trace]:
    """``data`` with a hidden, empty trace in each slot it lacks: the same traces whatever the
    state, so the controller always sends a click's figure as a diff (a new set of traces is
    sent whole, validated, several times slower). The figures leave them out, as they always
    did (the lessons' committed figure JSON stays the same)."""
    by_name = {t.get("name"): t for t in data}
    assert len(by_name) == len(data) and all(
        (t["type"], t.get("name")) in slots for t in data
    ), "every trace is in a slot, once"
    return [by_name.get(name) or {"type": kind, "name": name, "visible": False}
            for kind, name in slots]


def board_3d_figure(view: TrenchView, *, height: int = 480) -> go.Figure:
    """The 3D board of ``view``: cubes, soldiers and civilians with facing, the village, gas
    clouds, the wind arrow and north. Only what the view holds is drawn (all of it public)."""
    return go.Figure(board_3d_spec(view, height=height))


def board_3d_spec(
    view: TrenchView, *, height: int = 480, width: int | None = None, every_trace: bool = False
) -> Spec:
    """:func:`board_3d_figure` as a plotly JSON dict (what the controller sends, unvalidated);
    ``width``: px, or None for the page's width. ``every_trace``: see :func:`_every_trace`."""
    lang = view.lang
    data: list[Trace] = [_cubes(view)]
    ships = _ships(view)
    if ships is not None:
        data.append(ships)
    live = [s for s in view.soldiers if s.alive and not s.exited and s.cell is not None]
    if live:
        pos = [(c[0], c[1], _level(view, c, s.ship) + 0.5)
               for s in live if (c := s.cell) is not None]
        data.append({
            "type": "scatter3d", **_xyz(pos), "mode": "markers+text", "name": "soldiers",
            "marker": {"size": 8, "color": [COLOURS[s.owner] for s in live],
                       "line": {"width": 3,
                                "color": ["white" if s.masked else "black" for s in live]}},
            "text": [f"S{s.num}" for s in live], "textposition": "top center",
        })
        data.append({
            "type": "cone", **_xyz(pos),
            "u": [DIRS[s.facing][0] for s in live], "v": [DIRS[s.facing][1] for s in live],
            "w": [0] * len(live), "sizemode": "absolute", "sizeref": 0.4, "showscale": False,
            "anchor": "tail", "name": "facing", "colorscale": [[0, "black"], [1, "black"]],
        })
    data += _civilians_3d(view)
    if view.gas:
        data.append({
            "type": "scatter3d", "x": [c[0] for _, c in view.gas],
            "y": [c[1] for _, c in view.gas],
            "z": [_level(view, c, False) + 0.5 for _, c in view.gas], "mode": "markers",
            "name": "gas",
            "marker": {"size": 26, "opacity": 0.35, "color": [COLOURS[o] for o, _ in view.gas]},
        })
    if view.wind is not None:
        dx, dy = DIRS[view.wind]
        data.append({"type": "cone", "x": [4], "y": [4], "z": [4], "u": [dx], "v": [dy],
                     "w": [0], "sizemode": "absolute", "sizeref": 1.2, "showscale": False,
                     "name": "wind", "colorscale": [[0, "#7fbf7f"], [1, "#7fbf7f"]]})
    data.append({  # R4.1: north is marked on the board
        "type": "scatter3d", "x": [4], "y": [8.2], "z": [1], "mode": "text",
        "text": [_ax("north", lang)], "name": "north",
        "textfont": {"size": 16, "color": "#444444"}, "hoverinfo": "skip",
    })
    layout: Spec = {
        "height": height, "margin": {"l": 0, "r": 0, "t": 30, "b": 0}, "showlegend": False,
        "title": {"text": _title(view)}, "scene": _scene(lang),
    }
    if width is not None:
        layout["width"] = width
    return {"data": _every_trace(data, _SLOTS_3D) if every_trace else data, "layout": layout}


@functools.cache
def _scene(lang: str) -> Spec:
    """The 3D board's axes (cached: the same dict every click). Never change it."""
    return {"xaxis": {"range": [-0.5, 8.5], "title": {"text": _ax("x", lang)}},
            "yaxis": {"range": [-0.5, 8.5], "title": {"text": _ax("y", lang)}},
            "zaxis": {"range": [0, 5], "title": {"text": _ax("z", lang)}},
            "aspectmode": "manual",
            "aspectratio": {"x": 1, "y": 1, "z": 0.5}}


def _civilians_3d(view: TrenchView) -> list[Trace]:
    """The village (a label over its coloured cube) and the civilians as markers with facing
    cones (R13.2): public pieces, drawn from the view like the top view does."""
    data: list[Trace] = []
    if view.village is not None:
        vx, vy = view.village
        data.append({
            "type": "scatter3d", "x": [vx], "y": [vy],
            "z": [_level(view, view.village, False) + 0.3], "mode": "text",
            "text": [_ax("village", view.lang)], "name": "village", "hoverinfo": "skip",
            "textfont": {"size": 13, "color": _VILLAGE},
        })
    if not view.civilians:
        return data
    tag = _ax("civilian", view.lang)
    pos = [(c[0], c[1], _level(view, c, False) + 0.5) for _, c, _ in view.civilians]
    data.append({
        "type": "scatter3d", **_xyz(pos),
        "mode": "markers+text", "name": "civilians", "textposition": "top center",
        "marker": {"size": 7, "symbol": "diamond", "color": _CIVILIAN,
                   "line": {"width": 3, "color": _VILLAGE}},
        "text": [f"{tag}{n}" for n, _, _ in view.civilians], "hoverinfo": "text",
    })
    data.append({
        "type": "cone", **_xyz(pos),
        "u": [DIRS[f][0] for _, _, f in view.civilians],
        "v": [DIRS[f][1] for _, _, f in view.civilians],
        "w": [0] * len(pos), "sizemode": "absolute", "sizeref": 0.3, "showscale": False,
        "anchor": "tail", "name": "civilian facing", "colorscale": [[0, _VILLAGE], [1, _VILLAGE]],
    })
    return data


AXES = {
    "x": {"en": "column (a–g)", "ja": "列(a–g)"},
    "y": {"en": "row (1–7)", "ja": "行(1–7)"},
    "z": {"en": "height (cubes)", "ja": "高さ(ブロック数)"},
    "north": {"en": "N", "ja": "北"},
    "village": {"en": "village", "ja": "村"},
    "civilian": {"en": "C", "ja": "民"},
    "gas": {
        "en": "Where the gas clouds can go under each next wind card (shaded)",
        "ja": "次の風カードごとに毒ガスが届くマス(色付き)",
    },
}
"""Axis and figure titles and board labels in both languages."""


def _ax(key: str, lang: str) -> str:
    return AXES[key].get(lang, AXES[key]["en"])


def _title(view: TrenchView) -> str:
    ja = view.lang == "ja"
    wind = view.wind or ("無風" if ja else "calm")
    day = ("昼" if view.day else "夜") if ja else ("day" if view.day else "night")
    vp = " ".join(str(v) for v in view.vp)
    return (f"第{view.round}巡 {day} 風:{wind} 勝利点 {vp}" if ja
            else f"Round {view.round}, {day}, wind {wind}, VP {vp}")


def top_view_figure(view: TrenchView, *, height: int = 420, marks: Sequence[str] = ()) -> go.Figure:
    """The board from above: heights as shades, bases, items, gas, soldiers with facing arrows.

    Each cell carries in ``customdata`` the text of the legal action aimed at it (if any), so a
    click plays it. ``marks``: cell names to outline (e.g. where gas may go).
    """
    return go.Figure(top_view_spec(view, height=height, marks=marks))


_CELLS = tuple((x, y) for y in range(1, 8) for x in range(1, 8))
_CELL_NAMES = tuple(cell_name(c) for c in _CELLS)
_CELL_X = [c[0] for c in _CELLS]
_CELL_Y = [c[1] for c in _CELLS]
_SEVEN = list(range(1, 8))


@functools.lru_cache(maxsize=16)
def _heights_z(heights: tuple[int, ...]) -> list[list[int]]:
    """The top view's shades (cached per board). Never change the returned rows."""
    return [[heights[(y - 1) * 7 + x - 1] for x in range(1, 8)] for y in range(1, 8)]


@functools.cache
def _top_axes(lang: str) -> tuple[Spec, Spec]:
    """The top view's x and y axes (cached: the same dicts every click). Never change them."""
    return ({"range": [-0.5, 8.5], "tickvals": _SEVEN, "ticktext": list("abcdefg"),
             "showgrid": False, "title": {"text": _ax("x", lang)}},
            {"range": [-0.5, 8.5], "showgrid": False, "scaleanchor": "x",
             "title": {"text": _ax("y", lang)}})


def top_view_spec(
    view: TrenchView, *, height: int = 420, marks: Sequence[str] = (), every_trace: bool = False
) -> Spec:
    """:func:`top_view_figure` as a plotly JSON dict (what the controller sends, unvalidated).
    ``every_trace``: see :func:`_every_trace`."""
    acts = dict(view.cell_actions)
    custom = [acts.get(c, "") for c in _CELLS]
    data: list[Trace] = [{
        "type": "heatmap", "x": _SEVEN, "y": _SEVEN, "z": _heights_z(tuple(view.heights)),
        "zmin": 0, "zmax": 2, "colorscale": [[0, "#5a3d1e"], [0.5, "#c9a66b"], [1, "#efe3c8"]],
        "showscale": False, "hoverinfo": "skip",
    }, {
        "type": "scatter", "x": _CELL_X, "y": _CELL_Y, "mode": "markers", "name": "cells",
        "marker": {"size": 30, "symbol": "square", "opacity": 0.01,
                   "line": {"width": [3 if n in marks else 0 for n in _CELL_NAMES],
                            "color": "purple"}},
        "customdata": custom,
        "hovertext": [f"{n} {a}" for n, a in zip(_CELL_NAMES, custom, strict=True)],
        "hoverinfo": "text",
    }]
    if view.bases:
        data.append({
            "type": "scatter", "x": [c[0] for c, _ in view.bases],
            "y": [c[1] for c, _ in view.bases], "mode": "markers",
            "marker": {"size": 22, "symbol": "square",
                       "color": [COLOURS[o] for _, o in view.bases]},
            "name": "bases", "hoverinfo": "skip",
        })
    if view.items:
        data.append({
            "type": "scatter", "x": [c[0] + 0.3 for c, _ in view.items],
            "y": [c[1] + 0.3 for c, _ in view.items],
            "mode": "text", "text": [",".join(i) for _, i in view.items], "name": "items",
            "hoverinfo": "skip",
        })
    if view.gas:
        data.append({
            "type": "scatter", "x": [c[0] for _, c in view.gas], "y": [c[1] for _, c in view.gas],
            "mode": "markers",
            "marker": {"size": 34, "opacity": 0.35, "color": [COLOURS[o] for o, _ in view.gas]},
            "name": "gas", "hoverinfo": "skip",
        })
    if view.village is not None:
        data.append({
            "type": "scatter", "x": [view.village[0]], "y": [view.village[1]],
            "mode": "markers+text",
            "marker": {"size": 24, "symbol": "triangle-up", "color": "#8c6d3f"},
            "text": [_ax("village", view.lang)], "textposition": "bottom center",
            "name": "village", "hoverinfo": "skip",
        })
    if view.civilians:
        tag = _ax("civilian", view.lang)
        data.append({
            "type": "scatter", "x": [c[0] for _, c, _ in view.civilians],
            "y": [c[1] for _, c, _ in view.civilians],
            "mode": "text", "text": [f"{_ARROW.get(f, '')}{tag}{n}" for n, _, f in view.civilians],
            "textfont": {"size": 16, "color": "#333333"}, "name": "civilians",
            "hoverinfo": "skip",
        })
    live = [s for s in view.soldiers if s.alive and not s.exited and s.cell is not None]
    if live:
        data.append({
            "type": "scatter", "x": [s.cell[0] for s in live if s.cell],
            "y": [s.cell[1] for s in live if s.cell], "mode": "text",
            "text": [f"{_ARROW[s.facing]}{s.num}" for s in live], "name": "soldiers",
            "textfont": {"size": 18, "color": [COLOURS[s.owner] for s in live]},
            "hoverinfo": "skip",
        })
    xaxis, yaxis = _top_axes(view.lang)
    layout: Spec = {
        "height": height, "width": height, "margin": {"l": 20, "r": 20, "t": 30, "b": 20},
        "showlegend": False, "title": {"text": _title(view)}, "clickmode": "event",
        "xaxis": xaxis, "yaxis": yaxis,
    }
    return {"data": _every_trace(data, _SLOTS_TOP) if every_trace else data, "layout": layout}


def gas_odds_figure(view: TrenchView, *, height: int = 330) -> go.Figure:
    """Small multiples: for each wind card, the cells the gas clouds can reach (shaded).

    Computed from the view only (:func:`gamelib.trench.odds.reach_by_card`); walls are drawn
    darker, cells a cloud can reach in its owner's colour mix (purple when several owners).
    """
    from plotly.subplots import make_subplots

    from gamelib.trench.data import WIND_CARDS, WIND_NAMES
    from gamelib.trench.odds import reach_by_card

    reach = reach_by_card(view)
    fig = make_subplots(rows=1, cols=len(WIND_CARDS),
                        subplot_titles=[WIND_NAMES[c].text(view.lang) for c in WIND_CARDS])
    for col, card in enumerate(WIND_CARDS, start=1):
        z = [[(2.0 if view.heights[(y - 1) * 7 + x - 1] == 2 else
               1.0 if (x, y) in reach[card] else 0.0) for x in range(1, 8)] for y in range(1, 8)]
        fig.add_trace(go.Heatmap(
            z=z, x=list(range(1, 8)), y=list(range(1, 8)), zmin=0, zmax=2, showscale=False,
            colorscale=[[0, "#efe3c8"], [0.5, "#8fbf5f"], [1, "#5a3d1e"]], hoverinfo="skip",
        ), row=1, col=col)
        fig.update_xaxes(showticklabels=False, row=1, col=col)
        fig.update_yaxes(showticklabels=False, scaleanchor=f"x{col if col > 1 else ''}",
                         row=1, col=col)
    fig.update_xaxes(title_text=_ax("x", view.lang), row=1, col=1)
    fig.update_yaxes(title_text=_ax("y", view.lang), row=1, col=1)
    fig.update_layout(height=height, margin={"l": 40, "r": 10, "t": 70, "b": 40},
                      title={"text": _ax("gas", view.lang)})
    return fig
