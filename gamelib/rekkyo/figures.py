"""Plotly figures of 列強の興亡: the world map and the odds of invading a neutral country.

Every builder is a pure function of a view (or of a distribution) with keyword-only options and
returns a new :class:`plotly.graph_objects.Figure`. The map's territory points carry, in their
``customdata``, the text of the invasion the viewer may start there, so clicking a point in the
notebook controller plays it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import plotly.graph_objects as go

from gamelib.rekkyo import odds
from gamelib.rekkyo.cards import ActionCard
from gamelib.rekkyo.combat import can_open_invasion
from gamelib.rekkyo.view import RekkyoView

__all__ = [
    "FONT",
    "LAYOUT",
    "SEAT_COLOURS",
    "card_label",
    "defence_figure",
    "distribution_figure",
    "hand_figure",
    "hand_spec",
    "invasion_texts",
    "map_figure",
    "map_spec",
    "win_curve_figure",
    "win_heatmap",
    "win_heatmap_figure",
]

LAYOUT: dict[str, tuple[float, float]] = {
    "usa": (-98, 39),
    "hawaii": (-157, 20),
    "uk": (-22, 60),
    "france": (-6, 43),
    "germany": (20, 57),
    "italy": (24, 36),
    "africa": (20, 3),
    "soviet": (48, 56),
    "siberia": (105, 62),
    "india": (78, 22),
    "china": (106, 34),
    "se_asia": (104, 8),
    "japan": (139, 37),
    "australia": (134, -25),
    "south_pacific": (165, -12),
}
"""Where each territory is drawn: roughly (longitude, latitude), Europe spread out to be legible;
links longer than half the world wrap around its edges."""

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2")
"""One colour per seat; neutral territories are grey."""
NEUTRAL_COLOUR = "#9e9e9e"
FONT = {"size": 13}
"""Every figure's text is at least 12 px (read on a classroom projector)."""
KIND_COLOURS = {"land": "#a1887f", "navy": "#1a237e", "air": "#1e88e5", "event": "#fbc02d"}
"""Card colours by kind: the printed strength is dark blue for navy, blue for air."""
WIN_COLOUR = "#2e7d32"
LOSE_COLOUR = "#c62828"

_TEXT = {
    "en": {
        "neutral": "neutral",
        "power": "power",
        "land": "land link",
        "sea": "sea link",
        "defence": "defence strength of {name} (power {power}, {route})",
        "strength": "defence strength (sum of card values, points)",
        "prob": "probability (%)",
        "attack": "attack {a}",
        "pwin": "P(win) = {p:.3f}",
        "heat": "P(win) against a neutral: {route} invasion",
        "power_axis": "national power (cards drawn)",
        "attack_axis": "attack strength (points)",
        "pwin_axis": "chance the attack wins (%)",
        "curve": "Chance to beat a neutral by attack strength ({route})",
        "curve_line": "national power {power}",
        "hand": "{seat}'s hand: {n} cards (limit {limit})",
        "hand_teacher": "{seat}'s hand (turn player): {n} cards (limit {limit})",
        "hand_hidden": "Hands: {sizes}",
        "combat": "In combat: {attacker} → {target}",
        "face_down": "face down",
        "no_cards": "(no cards)",
        "kind_land": "land", "kind_navy": "navy", "kind_air": "air", "kind_event": "event",
        "you": "this attack",
        "by_land": "by land",
        "by_sea": "by sea",
        "map": "The world: owners and national power",
    },
    "ja": {
        "neutral": "中立国",
        "power": "国力",
        "land": "陸路",
        "sea": "海路",
        "defence": "{name}の戦力（国力{power}、{route}）",
        "strength": "防御側の戦力（カードの値の合計、点）",
        "prob": "確率（%）",
        "attack": "攻撃 {a}",
        "pwin": "勝率 = {p:.3f}",
        "heat": "中立国への侵略の勝率（{route}）",
        "power_axis": "国力（引くカードの枚数）",
        "attack_axis": "攻撃側の戦力（点）",
        "pwin_axis": "侵略が成功する確率（%）",
        "curve": "攻撃側の戦力ごとの中立国侵略の成功率（{route}）",
        "curve_line": "国力{power}",
        "hand": "{seat}の手札：{n}枚（上限{limit}枚）",
        "hand_teacher": "{seat}（手番）の手札：{n}枚（上限{limit}枚）",
        "hand_hidden": "手札の枚数：{sizes}",
        "combat": "戦闘中：{attacker} → {target}",
        "face_down": "裏向き",
        "no_cards": "（カードなし）",
        "kind_land": "陸軍", "kind_navy": "海軍", "kind_air": "空軍", "kind_event": "イベント",
        "you": "この攻撃",
        "by_land": "陸から",
        "by_sea": "海から",
        "map": "世界：領有者と国力",
    },
}


def _t(lang: str, key: str, **params: object) -> str:
    return _TEXT["ja" if lang == "ja" else "en"][key].format(**params)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def invasion_texts(view: RekkyoView) -> dict[str, str]:
    """For each territory the viewer may invade now, the text of that invasion (land first).

    Empty unless the viewer (or the teacher) is the player whose turn it is and may act.
    """
    seat = view.current_player
    if view.phase != "action" or seat is None or view.hands[seat] is None:
        return {}
    if view.viewer is not None and view.viewer != seat:
        return {}
    cset = odds.cards_of(view)
    hand = [cset.card(c) for c in view.hands[seat] or ()]
    mine = set(view.territories_of(seat))
    revolutionary = bool(view.revolutionary[seat]) if view.revolutionary else False
    out: dict[str, str] = {}
    for t in cset.territories:
        if t.id in mine:
            continue
        for route, links in (("land", t.land), ("sea", t.sea)):
            linked = revolutionary or any(n in mine for n in links)
            if linked and t.id not in out and can_open_invasion(hand, route):
                out[t.id] = f"invade {t.id} by {route}"
    return out


def _segments(a: tuple[float, float], b: tuple[float, float]) -> list[list[tuple[float, float]]]:
    (x0, y0), (x1, y1) = a, b
    if abs(x1 - x0) <= 180:
        return [[a, b]]
    # wrap around the world: leave one edge and come back from the other
    if x0 > x1:
        (x0, y0), (x1, y1) = (x1, y1), (x0, y0)
    span = x0 + 360 - x1
    ym = y1 + (y0 - y1) * (180 - x1) / span
    return [[(x0, y0), (-180, ym)], [(x1, y1), (180, ym)]]


def map_figure(view: RekkyoView, *, show_links: bool = True, height: int = 360) -> go.Figure:
    """The 15 territories on a world map: owner colours, national power, land and sea links.

    Points are sized by national power; clicking a point the viewer may invade plays the
    invasion (its text is in the point's ``customdata``).
    """
    return go.Figure(map_spec(view, show_links=show_links, height=height))


def map_spec(view: RekkyoView, *, show_links: bool = True, height: int = 360) -> dict[str, Any]:
    """:func:`map_figure` as a plotly JSON dict (what the controller sends, unvalidated)."""
    cset = odds.cards_of(view)
    lang = view.lang
    data: list[dict[str, Any]] = []
    if show_links:
        for route, dash, colour in (("land", "solid", "#8d6e63"), ("sea", "dot", "#4fc3f7")):
            xs: list[float | None] = []
            ys: list[float | None] = []
            for t in cset.territories:
                for other in t.land if route == "land" else t.sea:
                    if t.id < other:
                        for seg in _segments(LAYOUT[t.id], LAYOUT[other]):
                            xs += [seg[0][0], seg[1][0], None]
                            ys += [seg[0][1], seg[1][1], None]
            data.append({
                "type": "scatter", "x": xs, "y": ys, "mode": "lines", "name": _t(lang, route),
                "line": {"color": colour, "dash": dash, "width": 2}, "hoverinfo": "skip",
            })
    clickable = invasion_texts(view)
    names = view.seat_names
    # one trace per owner, always present (possibly empty), so in-place updates keep traces
    groups: dict[int | None, list[str]] = {None: [], **{p: [] for p in range(view.players)}}
    for t in cset.territories:
        groups[view.owners.get(t.id)].append(t.id)
    for owner in groups:
        ids = groups[owner]
        label = _t(lang, "neutral") if owner is None else names[owner]
        colour = NEUTRAL_COLOUR if owner is None else SEAT_COLOURS[owner % len(SEAT_COLOURS)]
        terr = [cset.territory(i) for i in ids]
        data.append({
            "type": "scatter",
            "x": [LAYOUT[i][0] for i in ids],
            "y": [LAYOUT[i][1] for i in ids],
            "mode": "markers+text",
            "name": label,
            "marker": {
                "size": [14 + 5 * t.power for t in terr],
                "color": colour,
                "line": {"width": [3 if i in clickable else 1 for i in ids],
                         "color": ["#000" if i in clickable else "#fff" for i in ids]},
            },
            "text": [f"{t.name.text(lang)} {t.power}" for t in terr],
            "textposition": "bottom center",
            "customdata": [clickable.get(i, "") for i in ids],
            "hovertemplate": [
                f"{t.name.text(lang)}<br>{_t(lang, 'power')} {t.power}<br>{label}"
                + (f"<br><b>{clickable[t.id]}</b>" if t.id in clickable else "")
                + "<extra></extra>"
                for t in terr
            ],
        })
    layout = {
        "title": {"text": _t(lang, "map")},
        "height": height,
        "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
        "xaxis": {"range": [-182, 182], "visible": False},
        "yaxis": {"range": [-40, 75], "visible": False},
        "plot_bgcolor": "#e3f2fd",
        "legend": {"orientation": "h", "y": -0.02},
        "clickmode": "event",
        "font": dict(FONT),
    }
    return {"data": data, "layout": layout}


def distribution_figure(
    dist: odds.StrengthDistribution,
    *,
    attack: int | odds.StrengthDistribution | None = None,
    title: str = "",
    lang: str = "en",
    height: int = 330,
) -> go.Figure:
    """The defence distribution as bars, green where the attack wins, red where it loses.

    ``attack`` (a strength, or the distribution of a die-rolling attack, marked at its mean) is
    drawn as a vertical line with P(win) in its label.
    """
    xs = list(range(len(dist.probs)))
    cut: float | None
    if isinstance(attack, odds.StrengthDistribution):
        cut = attack.mean()
    else:
        cut = attack
    colours = [
        NEUTRAL_COLOUR if cut is None else (WIN_COLOUR if s < cut else LOSE_COLOUR) for s in xs
    ]
    fig = go.Figure(
        go.Bar(
            x=xs,
            y=list(dist.probs),
            marker_color=colours,
            name=_t(lang, "prob"),
            hovertemplate="%{x}: %{y:.4f}<extra></extra>",
        )
    )
    if attack is not None and cut is not None:
        p = dist.p_win(attack)
        fig.add_vline(
            x=cut - 0.5 if not isinstance(attack, odds.StrengthDistribution) else cut,
            line={"color": "#000", "width": 2, "dash": "dash"},
            annotation_text=f"{_t(lang, 'attack', a=_num(cut))}: {_t(lang, 'pwin', p=p)}",
            annotation_position="top right",
        )
    fig.update_layout(
        title=title,
        height=height,
        margin={"l": 50, "r": 10, "t": 50, "b": 40},
        xaxis_title=_t(lang, "strength"),
        yaxis_title=_t(lang, "prob"),
        yaxis_tickformat=".0%",
        bargap=0.1,
        showlegend=False,
        font=FONT,
    )
    return fig


def defence_figure(
    view: RekkyoView,
    *,
    target: str,
    cards: Iterable[str] | None = None,
    route: str = "land",
    seat: int | None = None,
) -> go.Figure:
    """The neutral ``target``'s defence distribution as ``seat`` knows it, with the attack of
    ``cards`` (default: no attack marked) drawn as a line."""
    cset = odds.cards_of(view)
    t = cset.territory(target)
    if seat is None:
        seat = view.viewer
    dist = odds.neutral_defence(view, target, route, seat=seat)
    attack = odds.attack_distribution(cards, route, card_set=cset) if cards else None
    route_text = _t(view.lang, "by_land" if route == "land" else "by_sea")
    title = _t(view.lang, "defence", name=t.name.text(view.lang), power=t.power, route=route_text)
    return distribution_figure(dist, attack=attack, title=title, lang=view.lang)


def win_heatmap_figure(
    table: Sequence[Sequence[float]],
    *,
    powers: Sequence[int],
    mark: tuple[int, float] | None = None,
    route: str = "land",
    lang: str = "en",
    height: int = 330,
) -> go.Figure:
    """P(win) by national power (rows) and attack strength (columns) as a heat map.

    ``mark`` = (national power, attack strength) puts a marker on the chosen invasion.
    """
    width = max(len(r) for r in table)
    fig = go.Figure(
        go.Heatmap(
            z=[list(r) for r in table],
            x=list(range(width)),
            y=list(powers),
            zmin=0,
            zmax=1,
            colorscale="RdYlGn",
            colorbar={"title": "P(win)"},
            hovertemplate="power %{y}, attack %{x}: %{z:.3f}<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[mark[1]] if mark else [],
            y=[mark[0]] if mark else [],
            mode="markers",
            marker={"symbol": "x", "size": 14, "color": "#000"},
            name=_t(lang, "you"),
            hoverinfo="skip",
        )
    )
    route_text = _t(lang, "by_land" if route == "land" else "by_sea")
    fig.update_layout(
        title=_t(lang, "heat", route=route_text),
        height=height,
        margin={"l": 50, "r": 10, "t": 50, "b": 40},
        xaxis_title=_t(lang, "attack_axis"),
        yaxis_title=_t(lang, "power_axis"),
        showlegend=False,
        font=FONT,
    )
    return fig


def win_heatmap(
    view: RekkyoView,
    *,
    route: str = "land",
    target: str | None = None,
    cards: Iterable[str] | None = None,
    seat: int | None = None,
    max_power: int = 10,
    max_attack: int = 30,
) -> go.Figure:
    """The heat map for the cards ``seat`` cannot see, marking ``target`` and the attack of
    ``cards`` (at the attack's mean strength)."""
    cset = odds.cards_of(view)
    if seat is None:
        seat = view.viewer  # a seat's view knows that seat's cards (the teacher: the turn's)
    pool = odds.pool_of(odds.attacker_unseen(view, seat), route, cards=cset)
    powers = list(range(1, max_power + 1))
    table = odds.win_table(pool, powers=powers, max_attack=max_attack)
    mark = None
    if target is not None:
        a = odds.attack_distribution(cards or (), route, card_set=cset).mean()
        mark = (cset.territory(target).power, a)
    return win_heatmap_figure(table, powers=powers, mark=mark, route=route, lang=view.lang)


def win_curve_figure(
    curves: dict[int, Sequence[float]],
    *,
    route: str = "land",
    lang: str = "en",
    height: int = 330,
) -> go.Figure:
    """P(win) (in %) against attack strength, one line per national power (``curves[power]``
    is the chance that an attack of strength 0, 1, 2, … beats that neutral)."""
    fig = go.Figure()
    for power, curve in sorted(curves.items()):
        fig.add_trace(go.Scatter(
            x=list(range(len(curve))), y=[100 * p for p in curve], mode="lines+markers",
            name=_t(lang, "curve_line", power=power),
            hovertemplate="%{x}: %{y:.1f}%<extra>" + _t(lang, "curve_line", power=power)
                          + "</extra>",
        ))
    route_text = _t(lang, "by_land" if route == "land" else "by_sea")
    fig.update_layout(
        title=_t(lang, "curve", route=route_text),
        height=height,
        margin={"l": 60, "r": 10, "t": 50, "b": 45},
        xaxis_title=_t(lang, "attack_axis"),
        yaxis_title=_t(lang, "pwin_axis"),
        yaxis_range=[0, 101],
        font=FONT,
    )
    return fig


def card_label(card: ActionCard, lang: str = "en") -> str:
    """A card as players name it, every word in ``lang``: ``"Tiger I 5 OPEN"``,
    ``"ティーガーI 5 オープン"`` (F: a fighter; d: a die roll; +n: an event's strength)."""
    text = card.label(lang)
    if lang == "ja" and text.endswith(" OPEN"):
        text = text.removesuffix(" OPEN") + " オープン"
    return text


def _card_colour(card: object) -> str:
    if getattr(card, "is_event", False):
        return KIND_COLOURS["event"]
    return KIND_COLOURS.get(str(getattr(card, "kind", "")), NEUTRAL_COLOUR)


def _wrap(text: str, width: int = 13) -> str:
    """Break a card label into short lines (words for English; characters for Japanese)."""
    words = text.split(" ")
    lines: list[str] = []
    for word in words:
        while len(word) > width + 3:  # a long Japanese name has no spaces
            lines.append(word[:width])
            word = word[width:]
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def hand_figure(view: RekkyoView, *, height: int = 170) -> go.Figure:
    """The viewer's hand as cards (the turn player's in the teacher's view), and the cards of a
    combat under way as the viewer may see them (face-down cards as "?").

    A non-axis figure: each card is a coloured box with its name and strength (F: fighter,
    OPEN: open card, d: a die roll); colours by kind (land, navy, air, event).
    """
    return go.Figure(hand_spec(view, height=height))


def hand_spec(view: RekkyoView, *, height: int = 170) -> dict[str, Any]:
    """:func:`hand_figure` as a plotly JSON dict."""
    cset = odds.cards_of(view)
    lang = view.lang
    seat = view.viewer if view.viewer is not None else view.turn_player
    hand = list(view.hands[seat] or ()) if seat is not None else []
    rows: list[tuple[float, list[tuple[str, str, str]]]] = []

    def shown_card(cid: str) -> tuple[str, str, str]:
        return card_label(cset.card(cid), lang), _card_colour(cset.card(cid)), cid

    rows.append((1.0, [shown_card(c) for c in hand]))
    combat = view.combat
    title_extra = ""
    if combat is not None:
        shown: list[tuple[str, str, str]] = []
        if combat.attacker_cards is not None:
            shown += [shown_card(c) for c in combat.attacker_cards]
        else:
            shown += [shown_card(c) for c in combat.attacker_open]
            hidden = combat.attacker_count - len(combat.attacker_open)
            shown += [(f"? ({_t(lang, 'face_down')})", "#616161", "")] * max(0, hidden)
        shown.append(("→", "#ffffff", ""))
        if combat.defender_cards is not None:
            shown += [shown_card(c) for c in combat.defender_cards]
        elif combat.defender_count:
            shown += [(f"? ({_t(lang, 'face_down')})", "#616161", "")] * combat.defender_count
        rows.append((0.0, shown))
        attacker = view.seat_names[combat.attacker]
        target = cset.territory(combat.target).name.text(lang)
        title_extra = " — " + _t(lang, "combat", attacker=attacker, target=target)
    shapes: list[dict[str, Any]] = []
    xs: list[float] = []
    ys: list[float] = []
    texts: list[str] = []
    dark: list[bool] = []
    for y, cards in rows:
        if not cards:
            xs.append(0)
            ys.append(y)
            texts.append(_t(lang, "no_cards"))
            dark.append(False)
        for i, (text, colour, _cid) in enumerate(cards):
            xs.append(i)
            ys.append(y)
            texts.append(_wrap(text))
            dark.append(colour in ("#1a237e", "#616161", "#1e88e5"))
            if colour != "#ffffff":
                shapes.append({
                    "type": "rect", "x0": i - 0.46, "x1": i + 0.46, "y0": y - 0.42,
                    "y1": y + 0.42, "fillcolor": colour, "line": {"color": "#555", "width": 1},
                    "layer": "below",
                })
    data: list[dict[str, Any]] = [{
        "type": "scatter", "x": xs, "y": ys, "mode": "text", "text": texts,
        "textposition": "middle center",
        "textfont": {"size": 12, "color": ["#fff" if d else "#000" for d in dark]},
        "hoverinfo": "text", "showlegend": False,
    }]
    for kind, colour in KIND_COLOURS.items():  # a legend of the card colours
        data.append({
            "type": "scatter", "x": [None], "y": [None], "mode": "markers",
            "name": _t(lang, f"kind_{kind}"),
            "marker": {"symbol": "square", "size": 12, "color": colour}, "hoverinfo": "skip",
        })
    if seat is None:
        title = _t(lang, "hand_hidden", sizes=", ".join(
            f"{view.seat_names[p]} {n}" for p, n in enumerate(view.hand_sizes)))
    else:
        key = "hand" if view.viewer is not None else "hand_teacher"
        title = _t(lang, key, seat=view.seat_names[seat], n=len(hand), limit=view.hand_limit)
    width = max([len(cards) for _y, cards in rows] + [6])
    layout = {
        "title": {"text": title + title_extra},
        "height": height,
        "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
        "xaxis": {"range": [-0.7, width - 0.3], "visible": False},
        "yaxis": {"range": [-0.6, 1.6], "visible": False},
        "plot_bgcolor": "#fafafa",
        "font": dict(FONT),
        "legend": {"orientation": "h", "x": 1, "xanchor": "right", "y": 1.02,
                   "yanchor": "bottom"},
        "shapes": shapes,
    }
    return {"data": data, "layout": layout}
