"""Plotly figures of Megalomania, built from a :class:`MegalomaniaView` only.

- :func:`table_figure`: the table as one player (or the teacher) sees it: the own hand (clickable:
  each card's ``customdata`` is the text of a legal action with it), the other players' card
  backs (faces in the teacher's view), the trick in play with the lead and dominant colours and
  the powers in effect marked, captured cards, resources and the mission card.
- :func:`score_figure`: the score sheet, one row per round.
- :func:`odds_figure`: the chance that each card takes the trick, with error bars for sampled
  numbers, and the mission odds in the title.

Figures take views, never states, so they cannot show a card the viewer may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from gamelib.megalomania.actions import OrderCard, PassCard, PileCard, ReturnCard
from gamelib.megalomania.cards import Card, Colour, Rank
from gamelib.megalomania.missions import Deal
from gamelib.megalomania.odds import MissionOdds, TrickOdds
from gamelib.megalomania.powers import Play, TrickContext, legal_plays, resolve_plays
from gamelib.megalomania.view import MegalomaniaView

__all__ = [
    "CARD_COLOURS",
    "card_actions",
    "odds_figure",
    "odds_spec",
    "score_figure",
    "score_spec",
    "table_figure",
    "table_spec",
]

CARD_COLOURS: dict[Colour, str] = {
    Colour.BLUE: "#1f5fbf",
    Colour.YELLOW: "#e3b505",
    Colour.RED: "#c62828",
    Colour.BLACK: "#262626",
}
"""Fill colour of each card colour."""

_INK = {Colour.YELLOW: "#222"}
_BACK = "#6d4c8d"
_GOLD = "#ffb300"
_W, _H = 120.0, 100.0
MIN_FONT = 12
"""The smallest text on the table, in pixels (readable on a classroom projector)."""
# Seat panels by position around the table, counted clockwise from the bottom seat.
_PANELS = {
    4: ("bottom", "left", "top", "right"),
    3: ("bottom", "left", "right"),
    2: ("bottom", "top"),
}
_PANEL_BOX = {
    "left": (1.0, 30.0, 34.0, 70.0),
    "top": (38.0, 74.0, 82.0, 99.0),
    "right": (86.0, 30.0, 119.0, 70.0),
}
_TRICK_AT = {"bottom": (60.0, 38.5), "left": (49.0, 50.0), "top": (60.0, 61.5),
             "right": (71.0, 50.0)}
_PHASES_JA = {
    "resources": "リソース選択", "order": "出す順番", "split": "山分け", "choose_pile": "山選択",
    "pass": "カード渡し", "play": "カードプレイ", "explorer": "探検家の交換",
    "peasant": "次のリード選択", "over": "終了",
}


def _t(view: MegalomaniaView, en: str, ja: str) -> str:
    return ja if view.lang == "ja" else en


def _seat(view: MegalomaniaView, seat: int) -> str:
    return view.seat_names[seat] if seat < len(view.seat_names) else f"P{seat + 1}"


def card_actions(view: MegalomaniaView) -> dict[Card, str]:
    """For the player to act, if the view shows their cards: each card's clickable action text.

    A card maps to its plainest legal action (no power, no cube when that is legal); cards with
    no legal action are left out. Power and cube variants are played from the action buttons.
    The teacher's view has no clicks while a seat fixes its order or pile (mission 15, 24).
    """
    seat = view.current_player
    if seat is None or (view.viewer is not None and view.viewer != seat):
        return {}
    hand = view.hand if view.viewer is not None else (view.hands[seat] or ())
    teacher = view.viewer is None
    if teacher and (view.phase in ("order", "split") or (
            view.mission is not None and view.mission.deal is Deal.ORDER)):
        return {}  # the teacher's view does not hold the seat's chosen order or pile
    if view.phase == "order":
        return {c: str(OrderCard(c)) for c in hand if c not in view.play_order}
    if view.phase == "split":
        return {c: str(PileCard(c)) for c in hand if c not in view.pile}
    if view.phase == "pass":
        return {c: str(PassCard(c)) for c in hand}
    if view.phase == "explorer":
        return {c: str(ReturnCard(c)) for c in hand if c != view.explorer_card}
    if view.phase != "play" or view.dominant is None or view.mission is None:
        return {}
    fixed = None
    if view.mission.deal is Deal.ORDER and view.viewer is not None and view.play_order:
        fixed = view.play_order[0]
    actions = legal_plays(
        hand, view.trick, view.dominant, players=view.players, crystals=view.crystals[seat],
        cubes=view.cubes[seat],
        can_explore=view.trick_number > 1 and (len(hand) > 1 or view.face_down_counts[seat] > 0),
        last_trick=view.trick_number >= view.tricks_in_round, fixed_next=fixed,
        wizard_choice=view.wizard_choice,
    )
    out: dict[Card, str] = {}
    for a in actions:
        out.setdefault(a.card, str(a))
    return out


class _Canvas:
    """Shapes, annotations and point traces collected while drawing."""

    def __init__(self, view: MegalomaniaView) -> None:
        self.view = view
        self.shapes: list[dict[str, Any]] = []
        self.notes: list[dict[str, Any]] = []
        self.points: dict[str, dict[str, list[Any]]] = {
            k: {"x": [], "y": [], "text": [], "customdata": []} for k in ("hand", "table")
        }

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: str, line: str = "#555",
             width: float = 1.0, dash: str = "solid") -> None:
        self.shapes.append({
            "type": "rect", "x0": x0, "y0": y0, "x1": x1, "y1": y1, "fillcolor": fill,
            "line": {"color": line, "width": width, "dash": dash}, "layer": "below",
        })

    def text(self, x: float, y: float, text: str, size: int = MIN_FONT, color: str = "#222",
             anchor: str = "center", bold: bool = False) -> None:
        self.notes.append({
            "x": x, "y": y, "text": f"<b>{text}</b>" if bold else text, "showarrow": False,
            "font": {"size": size, "color": color}, "xanchor": anchor,
        })

    def card(self, card: Card, cx: float, cy: float, w: float, h: float, *, trace: str = "table",
             action: str = "", mark: str = "", border: str = "#333", big: bool = True,
             mark_color: str = "#b71c1c") -> None:
        v = self.view
        ink = _INK.get(card.colour, "#fff")
        self.rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, CARD_COLOURS[card.colour],
                  line=border, width=3.0 if border != "#333" else 1.0)
        if big:
            self.text(cx, cy + h * 0.15, str(card.value), size=16, color=ink, bold=True)
            self.text(cx, cy - h * 0.25, card.rank.text(v.lang), size=MIN_FONT, color=ink)
        else:
            self.text(cx, cy, str(card.value), size=MIN_FONT, color=ink)
        if mark:
            self.text(cx, cy + h / 2 + 1.8, mark, size=MIN_FONT, color=mark_color, bold=True)
        pts = self.points[trace]
        pts["x"].append(cx)
        pts["y"].append(cy)
        pts["text"].append(f"{card.label(v.lang)}<br>{card.rank.power.text(v.lang)}")
        pts["customdata"].append(action)

    def back(self, cx: float, cy: float, w: float, h: float) -> None:
        self.rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, _BACK, line="#ddd")


def _positions(view: MegalomaniaView) -> dict[int, str]:
    n = view.players
    bottom = view.viewer if view.viewer is not None else 0
    names = _PANELS.get(n, _PANELS[4])
    return {(bottom + k) % n: names[k] for k in range(n)}


def _resources(view: MegalomaniaView, s: int, *, short: bool = False) -> str:
    scrolls = len(view.scrolls[s]) if s < len(view.scrolls) else 0
    if short:  # the side panels are narrow: symbols only (the key is in the top right corner)
        return _t(
            view,
            f"◆{view.crystals[s]} ■{view.cubes[s]} ✉{scrolls}  tricks {view.tricks_won[s]}  "
            f"score {view.scores[s]}",
            f"◆{view.crystals[s]} ■{view.cubes[s]} ✉{scrolls} トリック{view.tricks_won[s]} "
            f"得点{view.scores[s]}",
        )
    return _t(
        view,
        f"◆{view.crystals[s]} crystals  ■{view.cubes[s]} cubes  ✉{scrolls} scrolls  "
        f"tricks {view.tricks_won[s]}  score {view.scores[s]}",
        f"◆クリスタル{view.crystals[s]} ■キューブ{view.cubes[s]} ✉スクロール{scrolls} "
        f"トリック{view.tricks_won[s]} 得点{view.scores[s]}",
    )


def _captured_row(cv: _Canvas, s: int, x0: float, y: float, max_x: float) -> None:
    cards = [c for trick in cv.view.captured[s] for c in trick]
    step = min(2.6, (max_x - x0) / max(1, len(cards)))
    for i, c in enumerate(cards):
        cv.card(c, x0 + 1.2 + i * step, y, 2.3, 3.2, big=False)


def _panel(cv: _Canvas, s: int, where: str) -> None:
    v = cv.view
    x0, y0, x1, y1 = _PANEL_BOX[where]
    turn = v.current_player == s
    cv.rect(x0, y0, x1, y1, "#f3efe6", line=_GOLD if turn else "#bbb", width=3 if turn else 1)
    title = _seat(v, s) + (_t(v, " (dealer)", "(ディーラー)") if v.dealer == s else "")
    mate = v.partners[s] if v.partners else None
    if mate is not None:
        title += _t(v, f" · partner {_seat(v, mate)}", f"・ペア{_seat(v, mate)}")
    cv.text(x0 + 1, y1 - 2.5, title, size=12, anchor="left", bold=True)
    cv.text(x0 + 1, y1 - 6.5, _resources(v, s, short=True), anchor="left")
    faces = v.hands[s] if v.viewer is None else None
    shown = list(faces) if faces is not None else list(v.known_cards[s])
    hidden = v.hand_counts[s] - len(shown) if faces is None else 0
    actions = card_actions(v) if v.viewer is None and v.current_player == s else {}
    w, h = 3.6, 5.4
    step = min(4.2, (x1 - x0 - 4) / max(1, len(shown) + hidden))
    cy = (y0 + y1) / 2 + 1
    i = 0
    for c in shown:
        cv.card(c, x0 + 3 + i * step, cy, w, h, big=False, action=actions.get(c, ""),
                trace="hand" if actions else "table")
        i += 1
    for _ in range(max(0, hidden)):
        cv.back(x0 + 3 + i * step, cy, w, h)
        i += 1
    extra = []
    if v.face_down_counts[s]:
        down = v.face_down_counts[s]
        extra.append(_t(v, f"{down} face down", f"裏向き{down}枚"))
    if hidden:
        extra.append(_t(v, f"{hidden} hidden", f"非公開{hidden}枚"))
    if extra:
        cv.text(x0 + 1, cy - h / 2 - 2.5, ", ".join(extra), anchor="left", color="#555")
    cv.text(x0 + 1, y0 + 5.6, _t(v, "Captured:", "獲得:"), anchor="left")
    _captured_row(cv, s, x0 + 1, y0 + 2.2, x1 - 1)


def _bottom(cv: _Canvas, s: int) -> None:
    v = cv.view
    own = v.viewer is not None
    hand = list(v.hand) if own else list(v.hands[s] or ())
    actions = card_actions(v) if v.current_player == s else {}
    turn = v.current_player == s
    cv.rect(14, 1, 106, 29, "#eef3ea", line=_GOLD if turn else "#bbb", width=3 if turn else 1)
    who = _seat(v, s) + (_t(v, " (you)", "(あなた)") if own else "")
    if v.dealer == s:
        who += _t(v, " (dealer)", "(ディーラー)")
    cv.text(15, 27, who, size=12, anchor="left", bold=True)
    cv.text(15, 23.5, _resources(v, s), anchor="left")
    w, h, gap = 7.6, 11.0, 8.2
    start = 60 - gap * (len(hand) - 1) / 2
    for i, c in enumerate(hand):
        marks = []
        if c in v.revealed[s]:
            marks.append(_t(v, "face up", "表"))
        if c in v.play_order:
            marks.append(f"#{v.play_order.index(c) + 1}")
        if c in v.pile or c in v.passing:
            marks.append(_t(v, "chosen", "選択"))
        border = _GOLD if c in actions else "#333"
        cv.card(c, start + i * gap, 11.5, w, h, trace="hand", action=actions.get(c, ""),
                mark=" ".join(marks), border=border)
    if v.face_down_counts[s]:
        down = v.face_down_counts[s]
        cv.text(104, 18, _t(v, f"{down} face down", f"裏向き{down}枚"), anchor="right",
                color="#555")
    cv.text(83, 4.5, _t(v, "Captured:", "獲得:"), anchor="right")
    _captured_row(cv, s, 84, 4.5, 105)


def _trick(cv: _Canvas, where: dict[int, str]) -> None:
    v = cv.view
    cv.rect(36, 30, 84, 71, "#2e7d32", line="#1b5e20")
    if v.dominant is not None:
        cv.rect(37, 66.5, 41, 70, CARD_COLOURS[v.dominant], line="#fff")
        cv.text(42, 68.3, _t(v, f"dominant: {v.dominant.value}",
                             f"ドミナント：{v.dominant.text('ja')}"),
                color="#fff", anchor="left", bold=True)
    if v.lead_colour is not None:
        cv.rect(37, 31, 41, 34.5, CARD_COLOURS[v.lead_colour], line="#fff")
        cv.text(42, 32.8, _t(v, f"lead: {v.lead_colour.value}",
                             f"リード：{v.lead_colour.text('ja')}"),
                color="#fff", anchor="left", bold=True)
    plays: Sequence[Play] = v.trick
    shown_last = False
    if not plays and v.last_trick:
        plays, shown_last = v.last_trick, True
    if not plays or v.dominant is None:
        return
    resolved = resolve_plays(plays, v.dominant, TrickContext(v.cube_step))
    status_winner = v.last_trick_winner if shown_last else (
        v.trick_status.winning_seat if v.trick_status else None)
    for r in resolved:
        p = r.play
        cx, cy = _TRICK_AT[where[p.seat]]
        marks = []
        if r.power_active:
            marks.append("★" + p.card.rank.text(v.lang))
            if p.card.rank is Rank.ORACLE and p.as_colour is not None:
                marks.append("→" + p.as_colour.text(v.lang))
        elif p.power:
            marks.append(_t(v, "(power void)", "(パワー無効)"))
        if p.cube:
            marks.append(f"{'+' if p.cube > 0 else '-'}{v.cube_step}={r.value}")
        border = _GOLD if p.seat == status_winner else "#333"
        cv.card(p.card, cx, cy, 8, 11, mark=" ".join(marks), border=border, mark_color="#fff59d")
    caption = (_t(v, f"last trick: {_seat(v, v.last_trick_winner or 0)} took it",
                  f"前のトリック：{_seat(v, v.last_trick_winner or 0)}が獲得")
               if shown_last else _t(v, "gold border: winning now", "金枠：現在勝っているカード"))
    cv.text(83, 32.8, caption, color="#fff", anchor="right")


def _mission(cv: _Canvas) -> None:
    v = cv.view
    x0, y0, x1, y1 = 1.0, 74.0, 34.0, 99.0
    cv.rect(x0, y0, x1, y1, "#fff8e1", line="#8d6e63", width=2)
    m = v.mission
    head = _t(v, f"Round {v.round}/{v.rounds}", f"ラウンド{v.round}/{v.rounds}")
    if v.tricks_in_round:
        head += _t(v, f" · trick {min(v.trick_number, v.tricks_in_round)}/{v.tricks_in_round}",
                   f"・トリック{min(v.trick_number, v.tricks_in_round)}/{v.tricks_in_round}")
    cv.text(x0 + 1, y1 - 2.5, head, anchor="left")
    if m is None:
        return
    cv.text(x0 + 1, y1 - 6.5, f"{m.title.text(v.lang)} ({m.score_text(v.lang)})", size=12,
            anchor="left", bold=True)
    words = m.task.text(v.lang)
    width = 17 if v.lang == "ja" else 34
    lines = [words[i : i + width] for i in range(0, len(words), width)] if v.lang == "ja" \
        else _wrap(words, width)
    gap = min(3.2, 13.5 / max(1, len(lines) - 1))
    for k, line in enumerate(lines):
        cv.text(x0 + 1, y1 - 10.5 - gap * k, line, anchor="left")


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    if cur:
        lines.append(cur)
    return lines


def _phase_line(cv: _Canvas) -> None:
    v = cv.view
    if v.outcome is not None:
        win = ", ".join(_seat(v, s) for s in v.outcome.winners)
        text = _t(v, f"Game over: {win} won", f"ゲーム終了：勝者 {win}")
    elif v.current_player is not None:
        phase = _PHASES_JA.get(v.phase, v.phase) if v.lang == "ja" else v.phase
        text = _t(v, f"{_seat(v, v.current_player)} to act ({phase})",
                  f"{_seat(v, v.current_player)}の手番({phase})")
    else:
        text = ""
    cv.text(119, 97, text, anchor="right", bold=True)
    cv.text(119, 92.5, _t(v, "◆ crystals  ■ cubes  ✉ scrolls", "◆クリスタル ■キューブ ✉スクロール"),
            anchor="right", color="#555")


def table_figure(
    view: MegalomaniaView, *, width: int | None = None, height: int = 560
) -> go.Figure:
    """The table as ``view``'s player sees it (the teacher, ``viewer=None``, sees every hand).

    ``width=None`` (default) fits the notebook cell: the drawing is laid out for 760 to 1200
    pixels, so it is never clipped in JupyterLab or Voila at 1280×800.
    """
    return go.Figure(table_spec(view, width=width, height=height))


def table_spec(
    view: MegalomaniaView, *, width: int | None = None, height: int = 560
) -> dict[str, Any]:
    """:func:`table_figure` as a plotly JSON dict (what the controller sends, unvalidated)."""
    cv = _Canvas(view)
    where = _positions(view)
    _mission(cv)
    _phase_line(cv)
    _trick(cv, where)
    for s, pos in where.items():
        if pos == "bottom":
            _bottom(cv, s)
        else:
            _panel(cv, s, pos)
    data = []
    for name in ("hand", "table"):
        pts = cv.points[name]
        data.append({
            "type": "scatter", "x": pts["x"], "y": pts["y"], "mode": "markers", "name": name,
            "marker": {"size": 26 if name == "hand" else 12, "opacity": 0.01, "color": "#000"},
            "hovertext": pts["text"], "hoverinfo": "text", "customdata": pts["customdata"],
            "showlegend": False,
        })
    title = _t(view, "Megalomania", "メガロマニア")
    viewer = _t(view, "teacher's view (all cards)", "先生の視点(全カード)") if view.viewer is None \
        else _t(view, f"seen by {_seat(view, view.viewer)}", f"{_seat(view, view.viewer)}の視点")
    layout = {
        "title": {"text": f"{title} — {viewer}", "x": 0.01, "font": {"size": 14}},
        "height": height, "margin": {"l": 5, "r": 5, "t": 36, "b": 5},
        "xaxis": {"range": [0, _W], "visible": False, "fixedrange": True},
        "yaxis": {"range": [0, _H], "visible": False, "fixedrange": True},
        "plot_bgcolor": "#faf8f2", "shapes": cv.shapes, "annotations": cv.notes,
        "clickmode": "event", "hovermode": "closest",
    }
    return {"data": data, "layout": _sized(layout, width)}


def _sized(layout: dict[str, Any], width: int | None) -> dict[str, Any]:
    """``layout`` with its width when one is given (``None``: the cell's width)."""
    if width is not None:
        layout["width"] = width
    return layout


def score_figure(view: MegalomaniaView, *, width: int | None = None) -> go.Figure:
    """The score sheet: each round's mission and points per player, and the totals."""
    return go.Figure(score_spec(view, width=width))


def score_spec(view: MegalomaniaView, *, width: int | None = None) -> dict[str, Any]:
    """:func:`score_figure` as a plotly JSON dict."""
    n = view.players
    rounds = [str(i + 1) for i in range(len(view.round_scores))]
    missions = [str(m) for m in view.round_missions]
    cols: list[list[str]] = [[*rounds, _t(view, "total", "合計")], [*missions, ""]]
    for s in range(n):
        pts = [f"{r[s]:+d}" if r[s] else "0" for r in view.round_scores]
        cols.append([*pts, str(view.scores[s])])
    header = [_t(view, "round", "ラウンド"), _t(view, "mission", "ミッション"),
              *(_seat(view, s) for s in range(n))]
    table = {
        "type": "table",
        "header": {"values": header, "fill": {"color": "#5d4037"}, "font": {"color": "#fff"}},
        "cells": {"values": cols, "fill": {"color": "#fbf7ef"}},
    }
    layout = {
        "title": {"text": _t(view, "Score sheet", "得点表"), "x": 0.01},
        "height": 120 + 26 * (len(rounds) + 1), "margin": {"l": 5, "r": 5, "t": 36, "b": 5},
    }
    return {"data": [table], "layout": _sized(layout, width)}


def _mission_sentence(mission: MissionOdds, lang: str) -> str:
    """The mission odds as a sentence with percentages (simulated, so with their error)."""
    p, e = mission.success.value, mission.success.stderr
    pts = mission.points
    if lang == "ja":
        return (f"ミッション{mission.mission}を達成する確率は{p:.0%}(± {e:.0%})、期待得点は"
                f"{pts.value:+.1f}(全員ヒューリスティックBotで{pts.samples}回シミュレーション)")
    return (f"You complete mission {mission.mission} {p:.0%} of the time (± {e:.0%}), for "
            f"{pts.value:+.1f} points on average ({pts.samples} simulated rounds, every seat "
            "played by the heuristic bot).")


def odds_figure(
    odds: TrickOdds | None,
    *,
    mission: MissionOdds | None = None,
    lang: str = "en",
    per_card: bool = True,
    width: int | None = None,
) -> go.Figure:
    """Bars: the chance that each play takes the trick (95% error bars when sampled)."""
    return go.Figure(odds_spec(odds, mission=mission, lang=lang, per_card=per_card, width=width))


def odds_spec(
    odds: TrickOdds | None,
    *,
    mission: MissionOdds | None = None,
    lang: str = "en",
    per_card: bool = True,
    width: int | None = None,
) -> dict[str, Any]:
    """:func:`odds_figure` as a plotly JSON dict."""
    labels: list[str] = []
    values: list[float] = []
    errors: list[float] = []
    if odds is not None:
        rows = odds.by_card() if per_card else list(odds.odds.items())
        for text, est in rows:
            labels.append(text)
            values.append(est.value)
            errors.append(1.96 * est.stderr)
    bar = {
        "type": "bar", "x": values, "y": labels, "orientation": "h",
        "marker": {"color": "#6d4c8d"},
        "error_x": {"type": "data", "array": errors,
                    "visible": odds is not None and not odds.exact},
        "text": [f"{v:.0%}" for v in values], "textposition": "auto",
        "hovertext": [f"{v:.1%} ± {e / 1.96:.1%}" for v, e in zip(values, errors, strict=True)],
        "customdata": labels,
    }
    head = "P(take the trick)" if lang != "ja" else "トリックを取る確率"
    sub = odds.describe(lang) if odds is not None else (
        "not your turn to play a card" if lang != "ja" else "カードを出す手番ではありません")
    lines = [f"<b>{head}</b>", f"<span style='font-size:{MIN_FONT}px'>{sub}</span>"]
    if mission is not None:
        lines.append(f"<span style='font-size:{MIN_FONT}px'>{_mission_sentence(mission, lang)}"
                     "</span>")
    top = 32 + 18 * len(lines)
    layout = {
        "title": {"text": "<br>".join(lines), "x": 0.01, "y": 1.0, "yref": "container",
                  "yanchor": "top", "pad": {"t": 12}, "font": {"size": 13}},
        "height": top + 60 + 28 * max(1, len(labels)) if labels else top + 10,
        "margin": {"l": 10, "r": 10, "t": top, "b": 50 if labels else 0},
        "xaxis": {"range": [0, 1.05], "tickformat": ".0%", "visible": bool(labels),
                  "title": {"text": "chance of taking the trick (%)" if lang != "ja"
                            else "トリックを取る確率(%)"}},
        "yaxis": {"autorange": "reversed", "visible": bool(labels),
                  "title": {"text": "your play" if lang != "ja" else "あなたの手"}},
        "plot_bgcolor": "#e5ecf6" if labels else "#fff",
    }
    return {"data": [bar], "layout": _sized(layout, width)}
