"""Plotly figures of 主計将校: the map, the VP track, the cards, and the lesson's odds charts.

Every builder is a pure function of a :class:`~gamelib.qmg.view.QmgView` (or of computed odds)
with keyword-only options, and returns a new :class:`plotly.graph_objects.Figure` whose texts are
in the view's language. Nothing hidden from the view's seat is drawn: other seats' hands and
face-down Responses appear only as counts and card backs.

The research map has no coordinates, so :data:`LAYOUT` is a hand-made schematic that keeps the
geography (west to east, north to south, Europe spread out to be legible). The board wraps
around: the Americas' east coast is on the left, their west coast on the right; the five edges
that cross the map edge are drawn as short arrows leaving the map.

Clicks: the map's space points (and the pieces on them) carry in ``customdata`` the action text
``choices`` gives for that space, the hand's cards the text given for that card; the notebook
controller (:mod:`gamelib.qmg.ui`) passes the legal actions of the seat to move, so a click plays
it (see ``GameController._click_points``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

from gamelib.qmg.actions import QmgAction
from gamelib.qmg.board import AXIS, NATIONS, default_board
from gamelib.qmg.cards import CARD_TYPES, TYPE_TERMS, default_cards
from gamelib.qmg.labels import action_label
from gamelib.qmg.view import QmgView

__all__ = [
    "CARD_COLOURS",
    "LAYOUT",
    "NATION_COLOURS",
    "TEAM_COLOURS",
    "axis_straits",
    "cards_figure",
    "cards_spec",
    "click_choices",
    "draw_odds_figure",
    "map_figure",
    "map_spec",
    "supply_links",
    "vp_figure",
    "vp_race_figure",
    "vp_spec",
]

LAYOUT: dict[str, tuple[float, float]] = {
    # the Americas' east side (left edge of the board)
    "canada": (12, 92),
    "eastern_us": (14, 72),
    "latin_america": (18, 40),
    "southeast_pacific": (4, 18),
    "north_atlantic": (34, 78),
    "south_atlantic": (40, 28),
    "southern_ocean": (72, 4),
    # Europe, spread out
    "iceland": (44, 102),
    "united_kingdom": (60, 94),
    "north_sea": (50, 78),
    "scandinavia": (78, 106),
    "baltic": (84, 92),
    "western_europe": (68, 76),
    "germany": (86, 78),
    "italy": (80, 62),
    "balkans": (96, 66),
    "eastern_europe": (100, 84),
    "russia": (108, 100),
    "ukraine": (114, 72),
    "moscow": (126, 88),
    "mediterranean": (78, 48),
    "black_sea": (108, 56),
    "caspian": (128, 60),
    # Africa, the Middle East and Asia
    "north_africa": (62, 38),
    "africa": (78, 22),
    "madagascar": (104, 8),
    "middle_east": (112, 42),
    "bay_of_bengal": (124, 26),
    "indian_ocean": (134, 6),
    "kazakhstan": (142, 74),
    "siberia": (152, 98),
    "mongolia": (162, 80),
    "vladivostok": (184, 92),
    "china": (174, 64),
    "szechuan": (152, 58),
    "india": (138, 42),
    "southeast_asia": (160, 40),
    # the Pacific
    "south_china_sea": (172, 24),
    "indonesia": (150, 18),
    "philippines": (186, 40),
    "sea_of_japan": (190, 62),
    "japan": (204, 76),
    "iwo_jima": (206, 52),
    "new_guinea": (192, 14),
    "australia": (168, 2),
    "central_pacific": (216, 32),
    "south_pacific": (212, 6),
    "new_zealand": (234, 2),
    "north_pacific": (224, 70),
    "hawaii": (236, 50),
    "east_pacific": (248, 26),
    # the Americas' west side (right edge of the board)
    "western_us": (258, 64),
    "pacific_northwest": (252, 88),
}
"""Where each space is drawn (a schematic keeping the geography; the map has no coordinates)."""

X_RANGE = (-8.0, 276.0)
Y_RANGE = (-8.0, 112.0)

NATION_COLOURS = ("#4a4a4a", "#a0522d", "#e0a800", "#c0392b", "#7d3c98", "#2e8b57")
"""One colour per nation, in turn order: Germany, UK, Japan, USSR, Italy, USA."""
TEAM_COLOURS = ("#212121", "#1e5bbf")
"""The Axis, the Allies (straits are drawn in the colour of the team that uses them)."""
CARD_COLOURS = {
    "build_army": "#8d6e63",
    "build_navy": "#4fa3d1",
    "land_battle": "#c0392b",
    "sea_battle": "#1a5276",
    "event": "#f39c12",
    "status": "#27ae60",
    "response": "#8e44ad",
    "economic_warfare": "#7f8c8d",
}
LAND_COLOUR = "#e8d8b0"
SEA_COLOUR = "#cfe8f7"
SUPPLY_COLOUR = "#f1c40f"
OUT_COLOUR = "#e53935"
BACK_COLOUR = "#9e9e9e"
FONT = 13
"""Base font size (px) of every figure; marker texts are at least 12 px."""

_TEXT = {
    "en": {
        "map": "Round {round}: {nation}'s turn",
        "map_over": "Round {round}: the game is over",
        "lines": "supply lines of {nation}",
        "land": "land space",
        "sea": "sea space",
        "land_link": "land–land link",
        "sea_link": "link with a sea",
        "supply": "supply space ★",
        "home": "home space of {nation}",
        "strait": "strait: seas adjacent for {team}",
        "strait_short": "strait ({team})",
        "out": "out of supply",
        "army": "army",
        "navy": "navy",
        "edge": "across the map edge",
        "click": "click: {action}",
        "vp": "Victory points (round {round} of 20; a lead of 30 ends the game)",
        "vp_axis": "victory points",
        "team": "team",
        "lead": "lead {n}",
        "cards": "Cards: {nation}'s hand, Status cards in play, Responses",
        "hand_of": "hand of {nation}",
        "hidden": "{n} card(s), hidden",
        "back": "face-down Response",
        "row": "{nation} (deck {deck}, discard {discard})",
        "items": "cards (hand, then Status in play, then Responses)",
        "status": "Status in play",
        "own_response": "Response (face down)",
        "odds": "{nation}: chance to draw at least one card of a type within k turns",
        "odds_x": "turns from now (k), one card drawn per turn",
        "odds_y": "chance (%)",
        "race": "VP race: {games} simulated games ({bots})",
        "race_x": "round",
        "race_y": "victory points at the end of the round",
        "race_mean": "{team} mean",
        "race_band": "{team} middle half",
        "teams": ("the Axis", "the Allies"),
        "empty": "(none)",
    },
    "ja": {
        "map": "第{round}ラウンド：{nation}の手番",
        "map_over": "第{round}ラウンド：ゲーム終了",
        "lines": "{nation}の補給線",
        "land": "陸スペース",
        "sea": "海スペース",
        "land_link": "陸どうしの隣接",
        "sea_link": "海との隣接",
        "supply": "補給地 ★",
        "home": "{nation}の本拠地",
        "strait": "海峡：{team}にとって両海が隣接",
        "strait_short": "海峡（{team}）",
        "out": "補給切れ",
        "army": "陸軍",
        "navy": "海軍",
        "edge": "地図の端をこえて隣接",
        "click": "クリック：{action}",
        "vp": "勝利点（全20ラウンド中の第{round}ラウンド、30点差で終了）",
        "vp_axis": "勝利点",
        "team": "陣営",
        "lead": "{n}点差",
        "cards": "カード：{nation}の手札、場の情勢カード、対応カード",
        "hand_of": "{nation}の手札",
        "hidden": "{n}枚（非公開）",
        "back": "裏向きの対応カード",
        "row": "{nation}（デッキ{deck}・捨て札{discard}）",
        "items": "カード（手札、場の情勢、対応の順）",
        "status": "場の情勢カード",
        "own_response": "対応カード（裏向き）",
        "odds": "{nation}：kターン以内にその種類のカードを1枚以上引く確率",
        "odds_x": "今からのターン数 k（1ターンに1枚引く）",
        "odds_y": "確率（%）",
        "race": "勝利点の推移：シミュレーション{games}ゲーム（{bots}）",
        "race_x": "ラウンド",
        "race_y": "ラウンド終了時の勝利点",
        "race_mean": "{team}の平均",
        "race_band": "{team}の中央50%",
        "teams": ("枢軸国", "連合国"),
        "empty": "（なし）",
    },
}


def _t(lang: str, key: str, **params: object) -> str:
    value = _TEXT["ja" if lang == "ja" else "en"][key]
    assert isinstance(value, str)
    return value.format(**params)


def _team(lang: str, team: int) -> str:
    return _TEXT["ja" if lang == "ja" else "en"]["teams"][team]


def _nation(n: int, lang: str) -> str:
    return default_board().nations[n].name.text(lang)


def _space(space: str, lang: str) -> str:
    return default_board().names[space].text(lang)


def _card(cid: str, lang: str) -> str:
    return default_cards().card(cid).name.text(lang)


def _wrap(text: str, width: int, lang: str) -> str:
    """Break ``text`` into lines of about ``width`` characters (Japanese: by characters)."""
    if " " not in text and not text.isascii():
        width = max(4, width * 7 // 16)
        return "<br>".join(text[i : i + width] for i in range(0, len(text), width))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


# -- pure helpers on the view ----------------------------------------------------------------
def acting_nation(view: QmgView) -> int:
    """The nation deciding now (a reaction's owner), else the nation whose turn it is."""
    return view.deciding_nation if view.deciding_nation is not None else view.nation


def axis_straits(view: QmgView) -> frozenset[str]:
    """Strait land spaces an Axis army holds (there the Axis, not the Allies, use the strait)."""
    board = default_board()
    here = dict(view.pieces)
    return frozenset(
        land
        for land, _, _ in board.straits
        if any(board.nations[n].team == AXIS for n in here.get(land, ()))
    )


def supply_links(view: QmgView, nation: int) -> list[tuple[str, str]]:
    """The links of ``nation``'s supply chains: from each supply space it holds with an army,
    along adjacent spaces of its supplied pieces (straits as its team uses them).

    Pieces that a card keeps in supply without a chain (e.g. Truk, Shvernik) have no link.
    """
    board = default_board()
    team = board.nations[nation].team
    supplied = set(view.supplied[nation])
    straits = axis_straits(view)
    sources = [s for s in board.order if s in supplied and s in board.supply and s in board.land]
    seen = set(sources)
    frontier = list(sources)
    links: list[tuple[str, str]] = []
    while frontier:
        s = frontier.pop(0)
        for t in sorted(board.neighbours(s, team, straits)):
            if t in supplied and t not in seen:
                seen.add(t)
                links.append((s, t))
                frontier.append(t)
    return links


def _click(text: str, lang: str) -> str:
    """The hover line of a clickable point: what a click plays, as players name it."""
    return _t(lang, "click", action=action_label(QmgAction(*text.split()), lang))


def click_choices(texts: Iterable[str]) -> dict[str, str]:
    """For each space or card named first in an action text, the first such action.

    ``["build ukraine", "battle ukraine soviet_union", "play ger_blitzkrieg"]`` gives
    ``{"ukraine": "build ukraine", "ger_blitzkrieg": "play ger_blitzkrieg"}``.
    """
    out: dict[str, str] = {}
    for text in texts:
        parts = text.split()
        if len(parts) >= 2 and parts[1] not in out:
            out[parts[1]] = text
    return out


# -- the map ---------------------------------------------------------------------------------
def _line_trace(
    pairs: Sequence[tuple[str, str]], name: str, colour: str, width: float, dash: str
) -> dict[str, Any]:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for a, b in pairs:
        xs += [LAYOUT[a][0], LAYOUT[b][0], None]
        ys += [LAYOUT[a][1], LAYOUT[b][1], None]
    return {
        "type": "scatter", "x": xs, "y": ys, "mode": "lines", "name": name, "hoverinfo": "skip",
        "line": {"color": colour, "width": width, "dash": dash},
    }


@functools.cache
def _fixed_line_trace(kind: str, lang: str) -> dict[str, Any]:
    """The land or sea links, the same dict every call (a spec compared with the previous one
    skips it at once; never changed after it is made)."""
    if kind == "edge":
        return _edge_stubs(lang)
    colour = "#b59f74" if kind == "land" else "#7fb3d5"
    return _line_trace(_edges(kind), _t(lang, f"{kind}_link"), colour, 1.5, "solid")


def _edge_stubs(lang: str) -> dict[str, Any]:
    """The edges across the map edge as short arrows toward the border, named in the hover."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    tips: list[str] = []
    for a, b in _across_edge():
        for here, there in ((a, b), (b, a)):
            x, y = LAYOUT[here]
            border = X_RANGE[0] if x < 130 else X_RANGE[1]
            end = x + (border - x) * 0.5 if abs(border - x) > 20 else border
            xs += [x, end, None]
            ys += [y, y, None]
            tips.append(f"{_space(here, lang)} ↔ {_space(there, lang)}")
    return {
        "type": "scatter", "x": xs, "y": ys, "mode": "lines", "name": _t(lang, "edge"),
        "hoverinfo": "skip", "line": {"color": "#90a4ae", "width": 1.5, "dash": "dot"},
    }


def _across_edge() -> list[tuple[str, str]]:
    pairs = [sorted(e) for e in default_board().edges]
    return sorted((a, b) for a, b in pairs if abs(LAYOUT[a][0] - LAYOUT[b][0]) > 180)


def _edges(kind: str) -> list[tuple[str, str]]:
    """Map edges (not across the map edge): ``land`` between two land spaces, else ``sea``."""
    board = default_board()
    out = []
    for e in board.edges:
        a, b = sorted(e)
        if abs(LAYOUT[a][0] - LAYOUT[b][0]) > 180:
            continue
        both_land = a in board.land and b in board.land
        if (kind == "land") == both_land:
            out.append((a, b))
    return sorted(out)


_PIECE_OFFSETS = ((-2.6, 2.6), (2.6, 2.6), (-2.6, -2.6), (2.6, -2.6), (0.0, 3.6), (0.0, -3.6))


def map_figure(
    view: QmgView,
    *,
    nation: int | None = None,
    choices: Mapping[str, str] | None = None,
    marks: Iterable[str] = (),
    height: int = 640,
) -> go.Figure:
    """The 53 spaces at their schematic positions, with pieces, straits and supply.

    Land spaces are sand circles, sea spaces blue squares; supply spaces carry a gold star and
    home spaces a ring in their nation's colour. Each piece is a small marker in its nation's
    colour (a square for an army, a diamond for a navy), ringed red when out of supply. The
    supply lines of ``nation`` (default: the nation acting now) are drawn in its colour; straits
    as dashed lines in the colour of the team that uses them. ``choices`` maps a space to the
    action a click on it plays; ``marks``: spaces to outline in purple (e.g. a lesson's answer).
    """
    return go.Figure(map_spec(view, nation=nation, choices=choices, marks=marks, height=height))


def map_spec(
    view: QmgView,
    *,
    nation: int | None = None,
    choices: Mapping[str, str] | None = None,
    marks: Iterable[str] = (),
    height: int = 640,
) -> dict[str, Any]:
    """:func:`map_figure` as a plotly JSON dict (what the controller sends, unvalidated)."""
    board = default_board()
    lang = view.lang
    choices = dict(choices or {})
    marked = set(marks)
    who = acting_nation(view) if nation is None else nation
    data: list[dict[str, Any]] = [
        _fixed_line_trace("land", lang), _fixed_line_trace("sea", lang),
        _fixed_line_trace("edge", lang),
    ]
    held = axis_straits(view)
    for team in (0, 1):
        pairs = [
            pair
            for land, a, b in board.straits
            if (land in held) == (team == AXIS)
            for pair in ((a, land), (land, b))
        ]
        data.append(
            _line_trace(
                pairs, _t(lang, "strait_short", team=_team(lang, team)), TEAM_COLOURS[team], 2.5,
                "dash",
            )
        )
    data.append(
        _line_trace(
            supply_links(view, who), _t(lang, "lines", nation=_nation(who, lang)),
            NATION_COLOURS[who], 5, "solid",
        )
    )
    homes = {nat.home: nat.index for nat in board.nations}
    pieces = dict(view.pieces)
    for kind, spaces in (("land", [s for s in board.order if s in board.land]),
                         ("sea", [s for s in board.order if s in board.sea])):
        hover = []
        for s in spaces:
            lines = [f"<b>{_space(s, lang)}</b>", _t(lang, kind)]
            if s in board.supply:
                lines.append(_t(lang, "supply"))
            if s in homes:
                lines.append(_t(lang, "home", nation=_nation(homes[s], lang)))
            if any(s == land for land, _, _ in board.straits):
                team = AXIS if s in held else 1
                lines.append(_t(lang, "strait", team=_team(lang, team)))
            for n in pieces.get(s, ()):
                piece = _t(lang, "army" if kind == "land" else "navy")
                out = f" — {_t(lang, 'out')}" if s in view.out_of_supply[n] else ""
                lines.append(f"{_nation(n, lang)}: {piece}{out}")
            if s in choices:
                lines.append(f"<b>{_click(choices[s], lang)}</b>")
            hover.append("<br>".join(lines) + "<extra></extra>")
        ring = [
            NATION_COLOURS[homes[s]] if s in homes else ("#6a1b9a" if s in marked else
                                                         ("#000" if s in choices else "#fff"))
            for s in spaces
        ]
        data.append({
            "type": "scatter",
            "x": [LAYOUT[s][0] for s in spaces],
            "y": [LAYOUT[s][1] for s in spaces],
            "mode": "markers+text",
            "name": _t(lang, kind),
            "marker": {
                "size": 30 if kind == "land" else 26,
                "symbol": "circle" if kind == "land" else "square",
                "color": LAND_COLOUR if kind == "land" else SEA_COLOUR,
                "line": {"color": ring,
                         "width": [4 if (s in homes or s in marked or s in choices) else 1
                                   for s in spaces]},
            },
            "text": [_space(s, lang) for s in spaces],
            "textposition": "bottom center",
            "textfont": {"size": 12, "color": "#333" if kind == "land" else "#1a5276"},
            "customdata": [choices.get(s, "") for s in spaces],
            "hovertemplate": hover,
        })
    stars = [s for s in board.order if s in board.supply]
    data.append({
        "type": "scatter",
        "x": [LAYOUT[s][0] + 3.2 for s in stars], "y": [LAYOUT[s][1] + 3.4 for s in stars],
        "mode": "markers", "name": _t(lang, "supply"),
        "marker": {"symbol": "star", "size": 16, "color": SUPPLY_COLOUR,
                   "line": {"color": "#7d6608", "width": 1}},
        "customdata": [choices.get(s, "") for s in stars], "hoverinfo": "skip",
    })
    for n in range(len(NATIONS)):
        xs, ys, clicks, tips, rings = [], [], [], [], []
        for s, here in view.pieces:
            if n not in here:
                continue
            dx, dy = _PIECE_OFFSETS[here.index(n) % len(_PIECE_OFFSETS)] if len(here) > 1 else (
                0.0, 0.0)
            xs.append(LAYOUT[s][0] + dx)
            ys.append(LAYOUT[s][1] + dy)
            clicks.append(choices.get(s, ""))
            out = s in view.out_of_supply[n]
            rings.append(OUT_COLOUR if out else "#fff")
            piece = _t(lang, "army" if s in board.land else "navy")
            tip = f"{_nation(n, lang)}: {piece} — {_space(s, lang)}"
            tips.append(tip + (f"<br><b>{_t(lang, 'out')}</b>" if out else ""))
        data.append({
            "type": "scatter", "x": xs, "y": ys, "mode": "markers", "name": _nation(n, lang),
            "marker": {
                "size": 15,
                "color": NATION_COLOURS[n],
                "symbol": ["square" if s in board.land else "diamond"
                           for s, here in view.pieces if n in here],
                "line": {"color": rings, "width": [4 if r == OUT_COLOUR else 1.5
                                                   for r in rings]},
            },
            "customdata": clicks, "hovertext": tips, "hoverinfo": "text",
        })
    out_spaces = [(s, n) for n in range(len(NATIONS)) for s in view.out_of_supply[n]]
    data.append({
        "type": "scatter",
        "x": [LAYOUT[s][0] for s, _ in out_spaces], "y": [LAYOUT[s][1] for s, _ in out_spaces],
        "mode": "markers", "name": _t(lang, "out"), "hoverinfo": "skip",
        "marker": {"symbol": "circle-open", "size": 38, "color": OUT_COLOUR,
                   "line": {"width": 3, "color": OUT_COLOUR}},
    })
    title = (_t(lang, "map_over", round=view.round) if view.outcome is not None
             else _t(lang, "map", round=view.round, nation=_nation(view.nation, lang)))
    title += " — " + _t(lang, "lines", nation=_nation(who, lang))
    layout = {
        "title": {"text": title, "font": {"size": 16}},
        "height": height,
        "font": {"size": FONT},
        "margin": {"l": 10, "r": 10, "t": 44, "b": 10},
        "xaxis": {"range": list(X_RANGE), "visible": False, "fixedrange": True},
        "yaxis": {"range": list(Y_RANGE), "visible": False, "fixedrange": True},
        "plot_bgcolor": "#f4f9fc",
        "legend": {"orientation": "h", "y": -0.02, "font": {"size": 12}},
        "clickmode": "event",
        "hoverlabel": {"font": {"size": 13}},
    }
    return {"data": data, "layout": layout}


# -- VP track ----------------------------------------------------------------------------------
def vp_figure(view: QmgView, *, height: int = 200) -> go.Figure:
    """Both teams' victory points as bars, with the lead; the title names the round."""
    return go.Figure(vp_spec(view, height=height))


def vp_spec(view: QmgView, *, height: int = 200) -> dict[str, Any]:
    """:func:`vp_figure` as a plotly JSON dict."""
    lang = view.lang
    teams = [_team(lang, 0), _team(lang, 1)]
    vp = list(view.vp)
    bar = {
        "type": "bar", "x": vp, "y": teams, "orientation": "h",
        "marker": {"color": list(TEAM_COLOURS)}, "text": [str(v) for v in vp],
        "textposition": "auto", "textfont": {"size": 14},
        "hovertemplate": "%{y}: %{x}<extra></extra>", "name": _t(lang, "vp_axis"),
    }
    lead = vp[0] - vp[1]
    leader = 0 if lead >= 0 else 1
    top = max(30, *vp, 1)
    layout = {
        "title": {"text": _t(lang, "vp", round=view.round), "font": {"size": 15}},
        "height": height,
        "font": {"size": FONT},
        "margin": {"l": 90, "r": 20, "t": 44, "b": 44},
        "xaxis": {"title": {"text": _t(lang, "vp_axis")},
                  "range": [min(0, *vp) - 1, top * 1.15]},
        "yaxis": {"title": {"text": _t(lang, "team")}, "autorange": "reversed"},
        "showlegend": False,
        "annotations": [{
            "x": top * 1.12, "y": teams[leader], "xanchor": "right", "showarrow": False,
            "text": _t(lang, "lead", n=abs(lead)), "font": {"size": 13},
        }],
    }
    return {"data": [bar], "layout": layout}


# -- cards -----------------------------------------------------------------------------------
def cards_figure(
    view: QmgView,
    *,
    choices: Mapping[str, str] | None = None,
    width_chars: int = 16,
    part: str = "all",
    row_height: int = 52,
) -> go.Figure:
    """The acting nation's hand (or its size, when the view may not see it), then one row per
    nation: its Status cards in play and its Responses — face up for the viewer's own nations,
    card backs for the others. ``choices`` maps a card id to the action a click on it plays.

    ``part``: ``"all"``; ``"hand"`` (the hand row only: the controller's strip above the
    buttons) or ``"table"`` (the nations' rows only); ``row_height`` in pixels."""
    return go.Figure(cards_spec(view, choices=choices, width_chars=width_chars, part=part,
                                row_height=row_height))


def cards_spec(
    view: QmgView,
    *,
    choices: Mapping[str, str] | None = None,
    width_chars: int = 16,
    part: str = "all",
    row_height: int = 52,
) -> dict[str, Any]:
    """:func:`cards_figure` as a plotly JSON dict."""
    if part not in ("all", "hand", "table"):
        raise ValueError(f"part must be 'all', 'hand' or 'table', not {part!r}")
    lang = view.lang
    cards = default_cards()
    choices = dict(choices or {})
    who = acting_nation(view)
    rows = [_t(lang, "hand_of", nation=_nation(who, lang))] + [
        _t(lang, "row", nation=_nation(n, lang), deck=view.deck_sizes[n],
           discard=view.discard_sizes[n])
        for n in range(len(NATIONS))
    ]
    items: dict[str, list[tuple[int, int, str, str, str]]] = {t: [] for t in CARD_TYPES}
    items["back"] = []
    hand = view.hands[who]
    if hand is None:
        items["back"].append((0, 0, _t(lang, "hidden", n=view.hand_sizes[who]), "", ""))
    else:
        for i, cid in enumerate(hand):
            card = cards.card(cid)
            hover = f"{card.name.text(lang)} — {TYPE_TERMS[card.type].text(lang)}"
            items[card.type].append((i, 0, _wrap(card.name.text(lang), width_chars, lang),
                                     choices.get(cid, ""), hover))
    for n in range(len(NATIONS)):
        col = 0
        for cid in view.table[n]:
            hover = f"{_card(cid, lang)} — {_t(lang, 'status')}"
            items["status"].append((col, n + 1, _wrap(_card(cid, lang), width_chars, lang),
                                    choices.get(cid, ""), hover))
            col += 1
        own = view.responses[n]
        if own is None:
            for _ in range(view.response_counts[n]):
                items["back"].append(
                    (col, n + 1, _wrap(_t(lang, "back"), width_chars, lang), "", _t(lang, "back"))
                )
                col += 1
        else:
            for cid in own:
                hover = f"{_card(cid, lang)} — {_t(lang, 'own_response')}"
                items["response"].append((col, n + 1, _wrap(_card(cid, lang), width_chars, lang),
                                          choices.get(cid, ""), hover))
                col += 1
    if part != "all":  # keep the hand's row (0) or the nations' rows (1…, moved up by one)
        first, rows = (0, rows[:1]) if part == "hand" else (1, rows[1:])
        items = {kind: [(x, y - first, *rest) for x, y, *rest in pts
                        if (y == 0) == (part == "hand")] for kind, pts in items.items()}
    data: list[dict[str, Any]] = []
    for kind, pts in items.items():
        name = _t(lang, "back") if kind == "back" else TYPE_TERMS[kind].text(lang)
        data.append({
            "type": "scatter",
            "x": [p[0] for p in pts], "y": [p[1] for p in pts], "mode": "markers+text",
            "name": name,
            "marker": {"symbol": "square", "size": 16,
                       "color": BACK_COLOUR if kind == "back" else CARD_COLOURS[kind],
                       "line": {"width": [3 if p[3] else 1 for p in pts],
                                "color": ["#000" if p[3] else "#fff" for p in pts]}},
            "text": [p[2] for p in pts], "textposition": "middle right",
            "textfont": {"size": 12}, "customdata": [p[3] for p in pts],
            "hovertext": [p[4] + (f"<br><b>{_click(p[3], lang)}</b>" if p[3] else "")
                          for p in pts],
            "hoverinfo": "text", "showlegend": bool(pts),
        })
    longest = max([1] + [p[0] + 1 for pts in items.values() for p in pts])
    layout = {
        "title": {"text": _t(lang, "cards", nation=_nation(who, lang)), "font": {"size": 15}},
        "height": 90 + row_height * len(rows),
        "font": {"size": FONT},
        "margin": {"l": 10, "r": 10, "t": 44, "b": 40},
        "xaxis": {"title": {"text": _t(lang, "items")},
                  "range": [-0.4, max(longest, 7) + 0.2], "showticklabels": False,
                  "showgrid": False, "zeroline": False, "fixedrange": True},
        "yaxis": {"tickvals": list(range(len(rows))), "ticktext": rows,
                  "range": [len(rows) - 0.5, -0.5], "fixedrange": True, "automargin": True,
                  "showgrid": False, "zeroline": False},
        "legend": ({"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 1,
                    "xanchor": "right", "font": {"size": 12}} if part == "hand"
                   else {"orientation": "h", "y": -0.08, "font": {"size": 12}}),
        "plot_bgcolor": "#fafafa",
        "clickmode": "event",
    }
    return {"data": data, "layout": layout}


# -- odds ------------------------------------------------------------------------------------
def draw_odds_figure(
    chances: Mapping[str, Sequence[float]], *, nation: int, lang: str = "en", height: int = 360
) -> go.Figure:
    """One line per card type: P(at least one drawn within k turns), k = 1, 2, … in percent.

    ``chances[type][k - 1]`` is that probability (see :func:`gamelib.qmg.odds.draw_chances`).
    """
    fig = go.Figure()
    for kind, probs in chances.items():
        ks = list(range(1, len(probs) + 1))
        fig.add_trace(
            go.Scatter(
                x=ks, y=[100 * p for p in probs], mode="lines+markers",
                name=TYPE_TERMS[kind].text(lang), line={"color": CARD_COLOURS[kind], "width": 2},
                hovertemplate=f"{TYPE_TERMS[kind].text(lang)}: k=%{{x}}: %{{y:.1f}}%"
                "<extra></extra>",
            )
        )
    fig.update_layout(
        title={"text": _t(lang, "odds", nation=_nation(nation, lang)), "font": {"size": 15}},
        height=height,
        font={"size": FONT},
        margin={"l": 60, "r": 10, "t": 50, "b": 50},
        xaxis={"title": _t(lang, "odds_x"), "dtick": 1},
        yaxis={"title": _t(lang, "odds_y"), "range": [0, 102]},
        legend={"font": {"size": 12}},
    )
    return fig


def vp_race_figure(
    curves: Sequence[Sequence[Sequence[int]]],
    *,
    bots: str = "",
    lang: str = "en",
    height: int = 380,
) -> go.Figure:
    """The VP race of simulated games: per team, the mean VP at the end of each round and the
    band between the 25th and 75th percentile.

    ``curves[g][team][r]`` is team ``team``'s VP at the end of round ``r + 1`` of game ``g``;
    a game that ended early keeps its last VP for the later rounds.
    """
    rounds = max((len(c[0]) for c in curves), default=0)
    fig = go.Figure()
    for team in (0, 1):
        cols = []
        for r in range(rounds):
            col = sorted(c[team][min(r, len(c[team]) - 1)] for c in curves if c[team])
            cols.append(col)
        xs = list(range(1, rounds + 1))
        mean = [sum(c) / len(c) for c in cols]
        low = [c[len(c) // 4] for c in cols]
        high = [c[min(len(c) - 1, (3 * len(c)) // 4)] for c in cols]
        name = _team(lang, team)
        colour = TEAM_COLOURS[team]
        fig.add_trace(
            go.Scatter(
                x=xs + xs[::-1], y=high + low[::-1], fill="toself", mode="lines",
                line={"width": 0}, fillcolor=colour, opacity=0.18,
                name=_t(lang, "race_band", team=name), hoverinfo="skip",
            )
        )
        fig.add_trace(
            go.Scatter(
                x=xs, y=mean, mode="lines+markers", line={"color": colour, "width": 3},
                name=_t(lang, "race_mean", team=name),
                hovertemplate=f"{name}: %{{x}}: %{{y:.1f}}<extra></extra>",
            )
        )
    fig.update_layout(
        title={"text": _t(lang, "race", games=len(curves), bots=bots), "font": {"size": 15}},
        height=height,
        font={"size": FONT},
        margin={"l": 60, "r": 10, "t": 50, "b": 50},
        xaxis={"title": _t(lang, "race_x"), "dtick": 1},
        yaxis={"title": _t(lang, "race_y")},
        legend={"font": {"size": 12}},
    )
    return fig
