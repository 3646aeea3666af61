"""Plotly figures of Powers, each a pure function of a :class:`~gamelib.powers.view.PowersView`.

* :func:`map_figure` — the 14 countries at their rough places on a Pacific-centred world sketch,
  neighbour links (the USA's links to the UK, Japan and Indonesia go the short way round, across
  the map's edge when needed), owner colours, island ♥♦ / landlocked ♠♣ marks, points and costs,
  the revealed country ringed in gold.
* :func:`round_deck_figure` — the round cards left by kind (public information).
* :func:`hands_figure` — hands as playing cards: only the hands the viewer may see face up,
  the others as backs with counts; cards in front of the players (public) beside them. Clicking a
  card of the player to move plays it (its action text is the point's ``customdata``).
* :func:`ladder_figure` — the bidding ladder: each card's effective strength and why.
* :func:`score_figure` — the score track against the 35-point target.
* :func:`beat_chance_figure`, :func:`defence_chance_figure` — static odds charts (the chance
  that someone beats a card; of a pair/straight or face-card defence), from numbers computed by
  :mod:`gamelib.powers.odds`.

Every builder keeps the same traces, in the same order, whatever the state, so the notebook
controller can update its widgets in place. Labels follow ``view.lang``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from gamelib.powers.data import (
    COUNTRIES,
    COUNTRY_KEYS,
    DISARMAMENT,
    MOBILIZATION,
    WIN_POINTS,
    Card,
)
from gamelib.powers.strength import can_play, card_strength
from gamelib.powers.view import PowersView

__all__ = [
    "MAP_POSITIONS",
    "SEAT_COLOURS",
    "beat_chance_figure",
    "card_action",
    "card_label",
    "defence_chance_figure",
    "hands_figure",
    "hands_spec",
    "ladder_figure",
    "ladder_spec",
    "map_figure",
    "map_spec",
    "round_deck_figure",
    "round_deck_spec",
    "score_figure",
    "score_spec",
]

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
"""Owner colour of each seat (seat 0 first)."""
UNOWNED = "#d9d9d9"
HIGHLIGHT = "#f2b600"
MIN_FONT = 12
"""The smallest text on a figure, in pixels."""
RED_TEXT, BLACK_TEXT = "#c62828", "#111111"
CARD_BACK = "#27408b"

# Longitude, latitude of each country's marker. Europe is spread out a little so that its six
# countries stay readable at world scale; the places are rough on purpose.
MAP_POSITIONS: dict[str, tuple[float, float]] = {
    "USA": (-100.0, 40.0),
    "China": (103.0, 32.0),
    "Russia": (70.0, 60.0),
    "India": (78.0, 19.0),
    "Ottoman": (40.0, 36.0),
    "France": (-6.0, 45.0),
    "Germany": (13.0, 57.0),
    "UK": (-14.0, 58.0),
    "Japan": (142.0, 35.0),
    "Austria": (25.0, 49.0),
    "Italy": (22.0, 31.0),
    "Korea": (124.0, 44.0),
    "Indonesia": (115.0, -4.0),
    "Switzerland": (5.0, 40.0),
}

# Where each label sits around its marker (Europe is crowded).
_LABEL_POSITION = {
    "UK": "top center", "France": "middle left", "Germany": "top center",
    "Austria": "top right", "Russia": "top center", "Korea": "top center",
    "Japan": "middle right",
}  # fmt: skip

SEAM = -30.0
"""The map is cut in the mid-Atlantic: x = longitude, plus 360 west of 30°W (Pacific-centred)."""

# A coarse world outline (longitude, latitude), for orientation only.
_OUTLINE: tuple[tuple[tuple[float, float], ...], ...] = (
    (  # North America
        (-168, 65), (-140, 70), (-95, 72), (-80, 64), (-62, 58), (-55, 50), (-66, 44),
        (-76, 35), (-81, 25), (-97, 26), (-97, 19), (-88, 15), (-78, 8), (-83, 9), (-105, 20),
        (-117, 32), (-124, 40), (-125, 49), (-135, 58), (-150, 60), (-165, 60),
    ),
    (  # South America
        (-78, 8), (-60, 10), (-50, 0), (-35, -6), (-40, -22), (-53, -34), (-65, -42),
        (-68, -55), (-75, -50), (-72, -30), (-70, -18), (-81, -5),
    ),
    (  # Eurasia
        (-10, 36), (-9, 43), (-2, 44), (-5, 48), (2, 51), (8, 54), (10, 57), (5, 60), (5, 62),
        (15, 68), (25, 71), (40, 67), (60, 69), (80, 73), (105, 78), (140, 72), (180, 69),
        (180, 65), (160, 60), (142, 53), (135, 43), (129, 35), (126, 35), (122, 30), (120, 23),
        (108, 21), (105, 10), (100, 13), (100, 3), (98, 8), (92, 22), (88, 22), (80, 15),
        (77, 8), (72, 20), (67, 25), (57, 25), (56, 27), (48, 30), (52, 24), (56, 22), (59, 22),
        (52, 16), (43, 12), (35, 28), (34, 31), (36, 36), (27, 37), (26, 40), (23, 37),
        (22, 40), (19, 42), (12, 45), (18, 40), (16, 38), (8, 44), (3, 43), (-1, 37), (-6, 36),
    ),
    (  # Africa
        (-17, 21), (-17, 14), (-8, 4), (9, 4), (9, -1), (13, -8), (12, -17), (18, -35),
        (27, -34), (33, -26), (40, -15), (40, -3), (51, 11), (43, 12), (33, 29), (32, 31),
        (20, 32), (10, 37), (-2, 35), (-9, 32),
    ),
    ((-5, 50), (1, 51), (0, 53), (-2, 56), (-3, 58.5), (-6, 58), (-5, 55), (-3, 54), (-5, 52)),
    (
        (130, 31), (132, 34), (136, 34), (140, 35), (141, 38), (142, 43), (145, 44), (141, 45),
        (140, 41), (138, 37), (133, 35), (130, 33),
    ),
    ((95, 5), (98, 4), (106, -6), (102, -4)),
    ((106, -6), (114, -7), (114, -8), (106, -7)),
    ((109, 2), (117, 7), (119, 1), (116, -4), (110, -3)),
    ((131, -1), (141, -3), (150, -10), (141, -9)),
    (
        (114, -22), (122, -17), (130, -12), (137, -12), (142, -11), (146, -19), (153, -26),
        (150, -37), (141, -38), (131, -31), (115, -34),
    ),
)  # fmt: skip

_LABELS: dict[str, tuple[str, str]] = {
    "map": ("Powers — the world", "Powers — 世界"),
    "revealed": ("revealed", "めくられた国"),
    "map_key": (
        "number in circle: points · (n): occupation cost now · ♥♦ island · ♠♣ landlocked",
        "円の数字: 得点 · (n): 現在の占領コスト · ♥♦ 島国 · ♠♣ 内陸国",
    ),
    "unowned": ("unowned", "未所有"),
    "points": ("pts", "点"),
    "cost": ("cost", "コスト"),
    "island": ("island: only ♥ ♦ and Jokers", "島国: ♥ ♦ とジョーカーのみ"),
    "landlocked": ("landlocked: only ♠ ♣ and Jokers", "内陸国: ♠ ♣ とジョーカーのみ"),
    "neighbours": ("neighbours", "近接"),
    "owner": ("owner", "所有者"),
    "printed_cost": ("printed cost", "記載コスト"),
    "home": ("home of", "本国"),
    "round_deck": ("Round deck: cards left by kind", "ラウンドカード: 種類別の残り"),
    "left": ("left", "残り"),
    "revealed_cards": ("revealed", "めくられた"),
    "countries": ("countries", "国カード"),
    "disarmament": ("disarmament", "軍縮"),
    "mobilization": ("mobilization", "動員"),
    "hands": ("Hands", "手札"),
    "cards": ("cards", "枚"),
    "in_front": ("in front", "前に置いた札"),
    "hidden": ("hidden card", "見えない札"),
    "deck": ("deck", "山札"),
    "discards": ("discards", "捨て札"),
    "ladder": ("Bidding ladder", "侵略の競り"),
    "to_beat": ("to beat", "上回るべき強さ"),
    "no_bids": ("No card played yet", "まだ札が出ていない"),
    "no_invasion": ("No invasion this round", "このラウンドに侵略はない"),
    "folded": ("folded", "降りた"),
    "strength": ("strength", "強さ"),
    "cards_axis": ("round cards", "ラウンドカードの枚数"),
    "points_axis": ("points", "得点"),
    "players_axis": ("player", "プレイヤー"),
    "bids_axis": ("cards played, in order", "出された札(順番)"),
    "kind_axis": ("kind", "種類"),
    "wins": ("wins at once", "即勝利"),
    "score": ("Score track (domination at 35)", "得点(35点で制覇勝利)"),
    "target": ("35: domination", "35: 制覇勝利"),
    "playable": ("strength if played now", "今出した場合の強さ"),
    "not_playable": ("cannot be played against", "出せない: "),
    "click": ("click to play", "クリックで出す"),
    "beat_title": ("Chance that someone can beat your card", "あなたの札を上回れる人がいる確率"),
    "beat_x": ("strength of your card", "あなたの札の強さ"),
    "beat_y": ("chance someone can beat it (%)", "上回れる人がいる確率(%)"),
    "defence_title": ("Chance that a hand can defend", "手札で防衛できる確率"),
    "defence_x": ("cards in hand", "手札の枚数"),
    "defence_y": ("chance (%)", "確率(%)"),
    "pair": ("pair (magazine)", "ペア(雑誌)"),
    "straight": ("straight of 3 (magazine)", "3枚のストレート(雑誌)"),
    "either": ("pair or straight (magazine)", "ペアかストレート(雑誌)"),
    "face": ("face card J/Q/K (ver.2)", "絵札J/Q/K(ver.2)"),
}


def _t(key: str, lang: str) -> str:
    en, ja = _LABELS[key]
    return ja if lang == "ja" else en


def _x(lon: float) -> float:
    return lon + 360.0 if lon < SEAM else lon


def _name(view: PowersView, key: str) -> str:
    term = view.country_names.get(key)
    if term is None:
        return COUNTRIES[key].name.text(view.lang)
    return term.text(view.lang)


def _seat_colour(seat: int | None) -> str:
    return UNOWNED if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _terrain_mark(key: str) -> str:
    c = COUNTRIES[key]
    return "♥♦" if c.is_island else "♠♣" if c.is_landlocked else ""


def _links() -> list[tuple[str, str]]:
    seen: list[tuple[str, str]] = []
    for key in COUNTRY_KEYS:
        for other in COUNTRIES[key].neighbours:
            pair = (key, other) if key < other else (other, key)
            if pair not in seen:
                seen.append(pair)
    return seen


Line = tuple[list[float | None], list[float | None]]


def _link_segments(links: Sequence[tuple[str, str]]) -> Line:
    # A link longer than half the world is drawn the other way round: two pieces that leave the
    # map at its edges (the plot range clips them).
    xs: list[float | None] = []
    ys: list[float | None] = []
    for a, b in links:
        (la, ya), (lb, yb) = MAP_POSITIONS[a], MAP_POSITIONS[b]
        xa, xb = _x(la), _x(lb)
        if abs(xb - xa) <= 180:
            xs += [xa, xb, None]
            ys += [ya, yb, None]
        else:
            shift = 360.0 if xb < xa else -360.0
            xs += [xa, xb + shift, None, xa - shift, xb, None]
            ys += [ya, yb, None, ya, yb, None]
    return xs, ys


def map_figure(view: PowersView, *, height: int = 330, outline: bool = True) -> go.Figure:
    """The world map: countries, neighbour links, owners, terrain, points and costs."""
    return go.Figure(map_spec(view, height=height, outline=outline))


@functools.cache
def _outline_xy(outline: bool) -> tuple[list[float | None], list[float | None]]:
    """The world sketch as one line of x and one of y (the same lists every call: a spec
    compared with the last one skips them at once)."""
    ox: list[float | None] = []
    oy: list[float | None] = []
    if outline:
        for poly in _OUTLINE:
            pts = [(_x(lon), lat) for lon, lat in poly]
            ox += [p[0] for p in pts] + [pts[0][0], None]
            oy += [p[1] for p in pts] + [pts[0][1], None]
    return ox, oy


@functools.cache
def _link_lines(revealed: str | None) -> tuple[Line, Line]:
    """The neighbour links away from and touching ``revealed`` (cached, as above)."""
    links = _links()
    hot = [p for p in links if revealed in p]
    cold = [p for p in links if revealed not in p]
    return _link_segments(cold), _link_segments(hot)


def map_spec(view: PowersView, *, height: int = 330, outline: bool = True) -> dict[str, Any]:
    """:func:`map_figure` as a plotly JSON dict (what the controller sends, unvalidated)."""
    lang = view.lang
    revealed = view.round_card if view.round_card in COUNTRIES else None
    data: list[dict[str, Any]] = []
    ox, oy = _outline_xy(outline)
    data.append({
        "type": "scatter", "x": ox, "y": oy, "mode": "lines", "fill": "toself",
        "fillcolor": "#eef3ea", "line": {"color": "#c9d6c0", "width": 1}, "hoverinfo": "skip",
        "showlegend": False, "name": "world",
    })
    cold, hot = _link_lines(revealed)
    for (xs, ys), colour, width, name in ((cold, "#9e9e9e", 1.5, "links"),
                                          (hot, HIGHLIGHT, 3.5, "revealed links")):
        data.append({
            "type": "scatter", "x": xs, "y": ys, "mode": "lines",
            "line": {"color": colour, "width": width}, "hoverinfo": "skip",
            "showlegend": False, "name": name,
        })

    homes = {c: seat for seat, c in view.homes.items()}
    keys = list(COUNTRY_KEYS)
    colours, sizes, borders, widths, texts, hovers = [], [], [], [], [], []
    for key in keys:
        c = COUNTRIES[key]
        owner = view.owners.get(key)
        colours.append(_seat_colour(owner))
        sizes.append(12 + 1.8 * c.points)
        is_revealed = key == revealed
        borders.append(HIGHLIGHT if is_revealed else "#555555")
        widths.append(5 if is_revealed else 1)
        cost = view.start_costs.get(key, c.cost)
        mark = _terrain_mark(key)
        head = f"<b>{_name(view, key)}</b>" if is_revealed else _name(view, key)
        texts.append(f"{head} {mark} ({cost})")
        lines = [f"<b>{_name(view, key)}</b> ({c.points} {_t('points', lang)})"]
        lines.append(f"{_t('cost', lang)} {cost} ({_t('printed_cost', lang)} {c.cost})")
        if c.terrain:
            lines.append(_t(c.terrain, lang))
        lines.append(
            f"{_t('neighbours', lang)}: " + ", ".join(_name(view, n) for n in c.neighbours)
        )
        owner_name = view.seat_names[owner] if owner is not None else _t("unowned", lang)
        lines.append(f"{_t('owner', lang)}: {owner_name}")
        if key in homes:
            lines.append(f"{_t('home', lang)} {view.seat_names[homes[key]]}")
        if is_revealed:
            lines.append(f"<b>{_t('revealed', lang)}</b>")
        hovers.append("<br>".join(lines))
    xs = [_x(MAP_POSITIONS[k][0]) for k in keys]
    ys = [MAP_POSITIONS[k][1] for k in keys]
    data.append({
        "type": "scatter", "x": xs, "y": ys, "mode": "markers+text",
        "marker": {"size": sizes, "color": colours, "line": {"color": borders, "width": widths},
                   "opacity": 0.95},
        "text": texts,
        "textposition": [_LABEL_POSITION.get(k, "bottom center") for k in keys],
        "textfont": {"size": MIN_FONT}, "cliponaxis": False, "hovertext": hovers,
        "hoverinfo": "text", "showlegend": False, "name": "countries", "ids": keys,
    })
    data.append({
        "type": "scatter", "x": xs, "y": ys, "mode": "text",
        "text": [str(COUNTRIES[k].points) for k in keys],
        "textfont": {"size": MIN_FONT, "color": "black"}, "hoverinfo": "skip",
        "showlegend": False, "name": "points",
    })

    # One legend entry per seat (and "unowned") in the owner colours.
    for seat in range(view.players):
        data.append({
            "type": "scatter", "x": [None], "y": [None], "mode": "markers",
            "name": f"{view.seat_names[seat]} ({view.scores[seat]} {_t('points', lang)})",
            "marker": {"size": 12, "color": _seat_colour(seat)},
        })
    data.append({"type": "scatter", "x": [None], "y": [None], "mode": "markers",
                 "name": _t("unowned", lang), "marker": {"size": 12, "color": UNOWNED}})

    title = _t("map", lang)
    if revealed is not None:
        title += f" — {_t('revealed', lang)}: {_name(view, revealed)}"
    elif view.round_card in (DISARMAMENT, MOBILIZATION):
        title += f" — {_t(view.round_card, lang)}"
    layout = {
        "annotations": [{
            "text": _t("map_key", lang), "x": 0, "y": 0, "xref": "paper", "yref": "paper",
            "xanchor": "left", "yanchor": "bottom", "showarrow": False,
            "font": {"size": MIN_FONT, "color": "#555555"}, "bgcolor": "rgba(255,255,255,0.7)",
        }],
        "title": {"text": title, "x": 0.01},
        "height": height,
        "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
        "xaxis": {"range": [SEAM - 14, SEAM + 360], "visible": False, "fixedrange": True},
        "yaxis": {"range": [-42, 78], "visible": False, "fixedrange": True},
        "plot_bgcolor": "#f7fbff",
        "legend": {"orientation": "h", "y": -0.02, "x": 0.0},
        "hovermode": "closest",
    }
    return {"data": data, "layout": layout}


def round_deck_figure(view: PowersView, *, height: int = 230) -> go.Figure:
    """Round cards left in the round deck and revealed so far, by kind (public information)."""
    return go.Figure(round_deck_spec(view, height=height))


def round_deck_spec(view: PowersView, *, height: int = 230) -> dict[str, Any]:
    """:func:`round_deck_figure` as a plotly JSON dict."""
    lang = view.lang
    kinds: tuple[str, ...] = ("countries", DISARMAMENT)
    if view.players == 2:
        kinds += (MOBILIZATION,)

    def kind(card: str) -> str:
        return card if card in (DISARMAMENT, MOBILIZATION) else "countries"

    left = [sum(1 for c in view.round_deck_remaining if kind(c) == k) for k in kinds]
    shown = [sum(1 for c in view.rounds_played if kind(c) == k) for k in kinds]
    labels = [_t(k, lang) for k in kinds]
    left_countries = [c for c in view.round_deck_remaining if c in COUNTRIES]
    sep = "、" if lang == "ja" else ", "
    hover_left = [
        sep.join(_name(view, c) for c in left_countries) if k == "countries" else ""
        for k in kinds
    ]
    played_countries = [c for c in view.rounds_played if c in COUNTRIES]
    hover_shown = [
        sep.join(_name(view, c) for c in played_countries) if k == "countries" else ""
        for k in kinds
    ]
    data = [
        {"type": "bar", "y": labels, "x": left, "orientation": "h", "name": _t("left", lang),
         "marker": {"color": "#5c6bc0"}, "text": [str(n) for n in left],
         "textposition": "inside", "hovertext": hover_left, "hoverinfo": "text+x"},
        {"type": "bar", "y": labels, "x": shown, "orientation": "h",
         "name": _t("revealed_cards", lang), "marker": {"color": "#cfd8dc"},
         "text": [str(n) if n else "" for n in shown], "textposition": "inside",
         "hovertext": hover_shown, "hoverinfo": "text+x"},
    ]
    total = view.round_deck_count
    layout = {
        "barmode": "stack",
        "title": {"text": f"{_t('round_deck', lang)} ({_t('left', lang)} {total})", "x": 0.01},
        "height": height,
        "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
        "xaxis": {"range": [0, 15], "dtick": 1, "fixedrange": True,
                  "title": {"text": _t("cards_axis", lang)}},
        "yaxis": {"autorange": "reversed", "fixedrange": True,
                  "title": {"text": _t("kind_axis", lang)}},
        "legend": {"orientation": "h", "y": -0.15},
    }
    return {"data": data, "layout": layout}


def card_label(card: Card) -> str:
    """The card as shown on its face: ``"Q♥"``, ``"10♠"``, ``"🃏"``."""
    return "🃏" if card.is_joker else card.symbol


def card_action(view: PowersView, seat: int, card: Card) -> str:
    """The text of the action that plays ``card`` from ``seat``'s hand now, or ``""``.

    Only single-card actions are clickable: discarding in a disarmament round, playing in an
    invasion if it may be played (not a Joker under the magazine rules: it needs a second card),
    paying toward an occupation, defending with a face card (base rules).
    """
    if view.current_player != seat or view.is_terminal():
        return ""
    if view.phase == "disarmament" and view.to_discard.get(seat):
        return f"discard {card}"
    if view.phase == "invasion" and view.round_card in COUNTRIES:
        if card.is_joker and view.rules != "base":
            return ""
        bonus = view.bonus[seat] if seat < len(view.bonus) else 0
        return f"play {card}" if can_play(card, view.round_card, view.top_strength, bonus) else ""
    occ = view.occupation
    if view.phase == "occupation" and occ is not None and occ.holder == seat:
        affordable = bool(occ.paid) or view.hand_counts[seat] >= occ.cost
        return f"pay {card}" if affordable else ""
    if view.phase == "defence" and view.rules == "base" and card.is_face:
        return f"defend with {card}"
    return ""


def _card_hover(view: PowersView, seat: int, card: Card) -> str:
    lang = view.lang
    lines = [card_label(card) if not card.is_joker else ("ジョーカー" if lang == "ja" else "Joker")]
    revealed = view.round_card if view.round_card in COUNTRIES else None
    if view.phase == "invasion" and revealed is not None:
        country = COUNTRIES[revealed]
        if not country.accepts(card):
            lines.append(f"{_t('not_playable', lang)}{_name(view, revealed)} "
                         f"({_t(country.terrain, lang)})")
        else:
            bonus = view.bonus[seat] if seat < len(view.bonus) else 0
            s = card_strength(card, view.top_strength, bonus)
            lines.append(f"{_t('playable', lang)}: "
                         + (_t("wins", lang) if s is None else str(s)))
    if card_action(view, seat, card):
        lines.append(f"<i>{_t('click', lang)}</i>")
    return "<br>".join(lines)


def hands_figure(view: PowersView, *, height: int | None = None) -> go.Figure:
    """The players' hands as playing cards; hidden hands as backs with counts.

    Face up: the viewer's own hand (every hand for the teacher, ``viewer=None``). Other hands
    show only backs. Cards the player to move may play by clicking are outlined in gold.
    Cards in front of each player (played this round: public) follow a gap.
    """
    return go.Figure(hands_spec(view, height=height))


def hands_spec(view: PowersView, *, height: int | None = None) -> dict[str, Any]:
    """:func:`hands_figure` as a plotly JSON dict."""
    lang = view.lang
    rows = list(range(view.players))
    up_x, up_y, up_text, up_colour, up_hover, up_data = [], [], [], [], [], []
    up_border: list[str] = []
    up_width: list[float] = []
    back_x, back_y, back_hover = [], [], []
    front_x, front_y, front_text, front_colour, front_hover = [], [], [], [], []
    width = 8
    names = []
    for seat in rows:
        y = -seat
        hand = view.hands[seat] if seat < len(view.hands) else None
        count = view.hand_counts[seat]
        mark = " ▶" if view.current_player == seat else ""
        names.append(f"{view.seat_names[seat]}{mark} ({count} {_t('cards', lang)})")
        if hand is not None:
            for i, card in enumerate(hand):
                up_x.append(i)
                up_y.append(y)
                up_text.append(card_label(card))
                up_colour.append(RED_TEXT if card.is_red or card.is_joker else BLACK_TEXT)
                up_hover.append(_card_hover(view, seat, card))
                action = card_action(view, seat, card)
                up_data.append(action)
                up_border.append(HIGHLIGHT if action else "#333333")
                up_width.append(3.5 if action else 1.5)
        else:
            for i in range(count):
                back_x.append(i)
                back_y.append(y)
                back_hover.append(f"{_t('hidden', lang)} ({count} {_t('cards', lang)})")
        start = max(count, 1) + 1
        for i, card in enumerate(view.in_front[seat]):
            front_x.append(start + i)
            front_y.append(y)
            front_text.append(card_label(card))
            front_colour.append(RED_TEXT if card.is_red or card.is_joker else BLACK_TEXT)
            front_hover.append(f"{card_label(card)} ({_t('in_front', lang)})")
        width = max(width, start + len(view.in_front[seat]))
    data = [
        {"type": "scatter", "x": up_x, "y": up_y, "mode": "markers+text", "text": up_text,
         "customdata": up_data, "textfont": {"size": 15, "color": up_colour},
         "marker": {"symbol": "square", "size": 36, "color": "white",
                    "line": {"color": up_border, "width": up_width}},
         "hovertext": up_hover, "hoverinfo": "text", "name": "hand", "showlegend": False},
        {"type": "scatter", "x": back_x, "y": back_y, "mode": "markers",
         "hovertext": back_hover, "hoverinfo": "text",
         "marker": {"symbol": "square", "size": 36, "color": CARD_BACK,
                    "line": {"color": "white", "width": 2}},
         "name": "backs", "showlegend": False},
        {"type": "scatter", "x": front_x, "y": front_y, "mode": "markers+text",
         "text": front_text, "textfont": {"size": 13, "color": front_colour},
         "marker": {"symbol": "square", "size": 34, "color": "#fff8e1",
                    "line": {"color": "#b0a070", "width": 1}},
         "hovertext": front_hover, "hoverinfo": "text", "name": "in front",
         "showlegend": False},
    ]
    title = (f"{_t('hands', lang)} — {_t('deck', lang)} {view.deck_count}, "
             f"{_t('discards', lang)} {len(view.discards)}")
    if view.phase == "invasion" and view.round_card in COUNTRIES and not view.is_terminal():
        place = f"{_name(view, view.round_card)} {_terrain_mark(view.round_card)}".strip()
        title += f" — {place}, {_t('to_beat', lang)} {view.top_strength}"
    layout = {
        "title": {"text": title, "x": 0.01},
        "height": height or 60 + 46 * view.players,
        "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
        "xaxis": {"range": [-0.7, width + 0.5], "visible": False, "fixedrange": True},
        "yaxis": {"range": [-view.players + 0.5, 0.5], "tickvals": [-s for s in rows],
                  "ticktext": names, "fixedrange": True, "showgrid": False, "zeroline": False,
                  "title": {"text": _t("players_axis", lang)}},
        "plot_bgcolor": "#e8f5e9",
        "hovermode": "closest",
        "clickmode": "event",
    }
    return {"data": data, "layout": layout}


def ladder_figure(view: PowersView, *, height: int = 260) -> go.Figure:
    """The bidding ladder of the current invasion: each card's effective strength and why."""
    return go.Figure(ladder_spec(view, height=height))


def ladder_spec(view: PowersView, *, height: int = 260) -> dict[str, Any]:
    """:func:`ladder_figure` as a plotly JSON dict."""
    lang = view.lang
    bids = list(view.ladder)
    top = max([b.strength for b in bids if b.strength is not None] + [view.top_strength, 13])
    xs, ys, colours, texts, whys, hovers = [], [], [], [], [], []
    for i, bid in enumerate(bids):
        who = view.seat_names[bid.player]
        ys.append(f"{i + 1}. {who}")
        colours.append(_seat_colour(bid.player))
        if bid.strength is None:
            xs.append(top + 1)
            texts.append(f"{card_label(bid.card)} {_t('wins', lang)}")
        else:
            xs.append(bid.strength)
            texts.append(f"{card_label(bid.card)} → {bid.strength}")
        whys.append(bid.why.text(lang))
        hovers.append(f"{who}: {bid.why.text(lang)}")
    data = [
        {"type": "bar", "x": xs, "y": ys, "orientation": "h", "marker": {"color": colours},
         "text": texts, "textposition": "inside", "insidetextanchor": "end",
         "hovertext": hovers, "hoverinfo": "text", "name": "bids", "showlegend": False,
         "textfont": {"size": 13}},
        {"type": "scatter", "x": [x + 0.3 for x in xs], "y": ys, "mode": "text", "text": whys,
         "textposition": "middle right", "hoverinfo": "skip", "showlegend": False,
         "name": "why", "cliponaxis": False, "textfont": {"size": 12}},
    ]
    revealed = view.round_card if view.round_card in COUNTRIES else None
    title = _t("ladder", lang)
    if revealed is not None:
        title += f" — {_name(view, revealed)} {_terrain_mark(revealed)}"
        bonus = [f"{view.seat_names[s]} +{b}" for s, b in enumerate(view.bonus) if b]
        if bonus:
            title += " (" + ", ".join(bonus) + ")"
    folded = [view.seat_names[s] for s, f in enumerate(view.folded) if f]
    annotations = []
    if not bids:
        key = "no_bids" if view.phase == "invasion" else "no_invasion"
        annotations.append({"text": _t(key, lang), "x": 0.5, "y": 0.5, "xref": "paper",
                            "yref": "paper", "showarrow": False, "font": {"size": 14}})
    if folded and revealed is not None:
        annotations.append({"text": f"{_t('folded', lang)}: {', '.join(folded)}", "x": 1,
                            "y": 1.12, "xref": "paper", "yref": "paper", "showarrow": False,
                            "xanchor": "right"})
    shapes = []
    if view.phase == "invasion" and view.top_strength:
        shapes.append({"type": "line", "x0": view.top_strength, "x1": view.top_strength,
                       "y0": 0, "y1": 1, "yref": "paper",
                       "line": {"color": HIGHLIGHT, "width": 3, "dash": "dot"}})
        annotations.append({"text": f"{_t('to_beat', lang)} {view.top_strength}",
                            "x": view.top_strength, "y": 1, "yref": "paper",
                            "yanchor": "bottom", "showarrow": False})
    layout = {
        "title": {"text": title, "x": 0.01},
        "height": height,
        "margin": {"l": 10, "r": 10, "t": 40, "b": 30},
        "xaxis": {"title": {"text": _t("strength", lang)}, "range": [0, top + 14],
                  "fixedrange": True},
        "yaxis": {"autorange": "reversed", "fixedrange": True,
                  "title": {"text": _t("bids_axis", lang)}},
        "annotations": annotations,
        "shapes": shapes,
    }
    return {"data": data, "layout": layout}


def score_figure(view: PowersView, *, height: int | None = None) -> go.Figure:
    """Each seat's countries stacked as points, against the 35-point domination target."""
    return go.Figure(score_spec(view, height=height))


def score_spec(view: PowersView, *, height: int | None = None) -> dict[str, Any]:
    """:func:`score_figure` as a plotly JSON dict."""
    lang = view.lang
    xs, ys, bases, colours, texts, hovers = [], [], [], [], [], []
    for seat in range(view.players):
        base = 0
        for key in view.countries_of(seat):
            pts = COUNTRIES[key].points
            xs.append(pts)
            ys.append(view.seat_names[seat])
            bases.append(base)
            colours.append(_seat_colour(seat))
            texts.append(_name(view, key))
            hovers.append(f"{_name(view, key)}: {pts} {_t('points', lang)}")
            base += pts
    data = [
        {"type": "bar", "x": xs, "y": ys, "base": bases, "orientation": "h",
         "marker": {"color": colours, "line": {"color": "white", "width": 1}},
         "text": texts, "textposition": "inside", "hovertext": hovers, "hoverinfo": "text",
         "name": "countries", "showlegend": False},
        {"type": "scatter", "x": list(view.scores), "y": list(view.seat_names[: view.players]),
         "mode": "text", "text": [f"  {s}" for s in view.scores],
         "textposition": "middle right", "hoverinfo": "skip", "showlegend": False,
         "name": "totals"},
    ]
    layout = {
        "title": {"text": _t("score", lang), "x": 0.01},
        "height": height or 90 + 40 * view.players,
        "margin": {"l": 10, "r": 10, "t": 40, "b": 30},
        "xaxis": {"range": [0, max(WIN_POINTS + 8, *(s + 8 for s in view.scores))],
                  "fixedrange": True, "title": {"text": _t("points_axis", lang)}},
        "yaxis": {"autorange": "reversed", "fixedrange": True,
                  "title": {"text": _t("players_axis", lang)},
                  "categoryorder": "array", "categoryarray": list(view.seat_names)},
        "shapes": [{"type": "line", "x0": WIN_POINTS, "x1": WIN_POINTS, "y0": 0, "y1": 1,
                    "yref": "paper",
                    "line": {"color": "#c62828", "width": 2, "dash": "dash"}}],
        "annotations": [{"text": _t("target", lang), "x": WIN_POINTS, "y": 1, "yref": "paper",
                         "yanchor": "bottom", "showarrow": False}],
    }
    return {"data": data, "layout": layout}


def beat_chance_figure(
    points: Sequence[tuple[int, float]], *, lang: str = "en", note: str = "",
    height: int = 320,
) -> go.Figure:
    """Bars: for each strength of the card just played, the chance that someone still in the
    invasion holds a card that beats it (``points``: ``(strength, chance)``, from
    :func:`gamelib.powers.odds.invasion_odds`). A static figure: it renders without a kernel."""
    xs = [s for s, _ in points]
    ys = [100 * p for _, p in points]
    fig = go.Figure(go.Bar(
        x=xs, y=ys, marker_color="#5c6bc0", text=[f"{y:.0f}%" for y in ys],
        textposition="outside", textfont={"size": MIN_FONT}, name="beat",
        hovertemplate="%{x}: %{y:.1f}%<extra></extra>",
    ))
    title = _t("beat_title", lang) + (f" — {note}" if note else "")
    fig.update_layout(
        title={"text": title, "x": 0.01}, height=height,
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
        xaxis={"title": {"text": _t("beat_x", lang)}, "dtick": 1, "fixedrange": True},
        yaxis={"title": {"text": _t("beat_y", lang)}, "range": [0, 110],
               "fixedrange": True},
    )
    return fig


def defence_chance_figure(
    rows: Sequence[tuple[int, float, float, float, float]], *, lang: str = "en",
    height: int = 340,
) -> go.Figure:
    """Lines: for each hand size ``n``, the chance of holding a pair, a straight, either (the
    magazine defence) and a face card (the ver.2 defence); ``rows`` are
    ``(n, pair, straight, either, face)`` from :func:`gamelib.powers.odds.hand_odds` and
    :func:`~gamelib.powers.odds.face_card_odds`. A static figure."""
    ns = [r[0] for r in rows]
    fig = go.Figure()
    styles = (("pair", "#90caf9", "dot"), ("straight", "#a5d6a7", "dot"),
              ("either", "#1565c0", "solid"), ("face", "#c62828", "dash"))
    for k, (key, colour, dash) in enumerate(styles, start=1):
        fig.add_trace(go.Scatter(
            x=ns, y=[100 * r[k] for r in rows], mode="lines+markers", name=_t(key, lang),
            line={"color": colour, "dash": dash, "width": 3 if key == "either" else 2},
            hovertemplate="%{x}: %{y:.1f}%<extra></extra>",
        ))
    fig.update_layout(
        title={"text": _t("defence_title", lang), "x": 0.01}, height=height,
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
        xaxis={"title": {"text": _t("defence_x", lang)}, "dtick": 1, "fixedrange": True},
        yaxis={"title": {"text": _t("defence_y", lang)}, "range": [0, 102],
               "fixedrange": True},
        legend={"orientation": "h", "y": -0.25},
    )
    return fig
