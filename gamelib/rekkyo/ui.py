"""Notebook wiring of 列強の興亡: the game controller with its odds panel, and the odds explorer.

>>> from gamelib.rekkyo.ui import controller, OddsExplorer
>>> ctrl = controller(seed=3)              # map + odds panel, seat 0 human vs bots
>>> explorer = OddsExplorer(target="china", hand=["sherman", "t34"])
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

import gamelib
from gamelib.core import Game, View
from gamelib.rekkyo import odds
from gamelib.rekkyo.combat import can_add_to_attack, can_commit
from gamelib.rekkyo.figures import distribution_figure, map_figure, win_heatmap_figure
from gamelib.rekkyo.view import RekkyoView
from gamelib.ui import GameController, update_figure
from gamelib.ui.plotly_widget import FigureWidget

__all__ = ["OddsExplorer", "controller", "odds_panel", "odds_rows"]

_PANEL_TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Odds of invading a neutral (exact, as {seat} knows the table)",
        "head": ("target", "power", "route", "cards", "P(win)", "E[cards lost]",
                 "P(win) by weapons committed"),
        "none": "No neutral country can be invaded by {seat} now.",
        "wait": "Odds appear when it is the viewer's own turn (or in the teacher's view).",
        "land": "land", "sea": "sea",
    },
    "ja": {
        "title": "中立国侵略の勝率（厳密計算、{seat}の知っている情報で）",
        "head": ("目標", "国力", "経路", "カード", "勝率", "失うカードの期待値",
                 "投入兵器数ごとの勝率"),
        "none": "{seat}が今侵略できる中立国はありません。",
        "wait": "自分の手番（または先生の視点）で勝率が表示されます。",
        "land": "陸路", "sea": "海路",
    },
}


def odds_rows(view: RekkyoView, seat: int | None = None) -> list[dict[str, Any]]:
    """One row per neutral invasion the seat (default: the turn player) may start now.

    Each row: ``target``, ``route``, ``power``, ``cards`` (the attack with the best P(win)),
    ``p_win``, ``expected_lost`` and ``curve`` (best P(win) with 1, 2, … weapons).
    """
    cset = odds.cards_of(view)
    seat = view.turn_player if seat is None else seat
    if seat is None or view.phase == "over" or view.hands[seat] is None:
        return []
    hand = view.hands[seat] or ()
    mine = set(view.territories_of(seat))
    revolutionary = not mine
    rows: list[dict[str, Any]] = []
    for t in cset.territories:
        if view.owners.get(t.id) is not None:
            continue
        for route, links in (("land", t.land), ("sea", t.sea)):
            if not links or not (revolutionary or mine.intersection(links)):
                continue
            curve = odds.win_by_weapon_count(view, t.id, route, hand=hand, seat=seat)
            if not curve:
                continue
            best = max(curve, key=lambda o: (o.p_win, -o.expected_lost))
            rows.append({
                "target": t.id, "route": route, "power": t.power, "cards": best.cards,
                "p_win": best.p_win, "expected_lost": best.expected_lost,
                "curve": tuple(o.p_win for o in curve),
            })
    return rows


def odds_panel(view: View) -> str:
    """An HTML table of the exact odds of every neutral invasion open to the turn player.

    Shown from the turn player's own seat or the teacher's view; other seats see a note.
    """
    assert isinstance(view, RekkyoView)
    lang = "ja" if view.lang == "ja" else "en"
    text = _PANEL_TEXT[lang]
    seat = view.turn_player
    if seat is None or (view.viewer is not None and view.viewer != seat):
        return f"<div class='rekkyo-odds'><i>{html.escape(text['wait'])}</i></div>"
    cset = odds.cards_of(view)
    name = view.seat_names[seat]
    rows = odds_rows(view, seat)
    title = html.escape(text["title"].format(seat=name))
    if not rows:
        body = f"<i>{html.escape(text['none'].format(seat=name))}</i>"
    else:
        head = "".join(f"<th style='padding:0 6px'>{html.escape(h)}</th>" for h in text["head"])
        lines = []
        for r in rows:
            cards = ", ".join(cset.card(c).label(lang) for c in r["cards"])
            curve = " → ".join(f"{p:.2f}" for p in r["curve"])
            lines.append(
                "<tr>"
                f"<td>{html.escape(cset.territory(r['target']).name.text(lang))}</td>"
                f"<td style='text-align:center'>{r['power']}</td>"
                f"<td>{html.escape(text[r['route']])}</td>"
                f"<td style='font-size:85%'>{html.escape(cards)}</td>"
                f"<td style='text-align:right'><b>{r['p_win']:.3f}</b></td>"
                f"<td style='text-align:right'>{r['expected_lost']:.2f}</td>"
                f"<td style='font-size:85%'>{curve}</td>"
                "</tr>"
            )
        body = f"<table><tr>{head}</tr>{''.join(lines)}</table>"
    return f"<div class='rekkyo-odds'><b>{title}</b>{body}</div>"


def controller(game: Game[Any] | None = None, **kwargs: Any) -> GameController:
    """The generic :class:`~gamelib.ui.GameController` for 列強の興亡.

    Defaults: a 3-player game (seat 0 human, a heuristic bot, a random bot), the world map as
    the figure (click a territory to invade it) and the odds panel as an extra. Any keyword of
    :class:`~gamelib.ui.GameController` overrides them.
    """
    if game is None:
        game = gamelib.load("rekkyo", players=3)
    if "seats" not in kwargs:
        kwargs["seats"] = {i: ("human" if i == 0 else "heuristic" if i == 1 else "random")
                           for i in range(game.players)}
    kwargs.setdefault("figures", [map_figure])
    kwargs.setdefault("extra", [odds_panel])
    return GameController(game, **kwargs)


class OddsExplorer:
    """Pick a neutral target, the attacking cards and land or sea: both odds figures update.

    Without a view, the attacker knows only their own cards: every other card of the deck is
    unseen (the situation at the start of a game). With a view, the unseen cards, the draw pile
    and the discards are those of the view's seat (the turn player's in the teacher's view).
    ``widget`` is the box to display; :meth:`set` changes the choice from code; :attr:`defence`
    and :attr:`attack` are the current distributions.
    """

    def __init__(
        self,
        view: RekkyoView | None = None,
        *,
        target: str = "china",
        hand: Iterable[str] = ("sherman", "t34", "panzer4"),
        route: str = "land",
        choices: Sequence[str] | None = None,
        lang: str = "en",
    ) -> None:
        self.view = view
        self.seat: int | None = None
        if view is not None:
            self.seat = view.viewer if view.viewer is not None else view.turn_player
        self.cards = odds.cards_of(view)
        self.lang = view.lang if view is not None else lang
        cset = self.cards
        territory_ids = [t.id for t in cset.territories]
        if view is not None:
            neutral = [t for t in territory_ids if view.owners.get(t) is None]
            territory_ids = neutral or territory_ids
        if choices is None:
            choices = [*(w.id for w in cset.weapons),
                       *(e.id for e in cset.events if e.use == "with_weapons")]
        self.target_box = widgets.Dropdown(
            options=[(f"{cset.territory(t).name.text(self.lang)} ({cset.territory(t).power})", t)
                     for t in territory_ids],
            value=target if target in territory_ids else territory_ids[0],
            description="target",
        )
        routes = self._routes(self.target_box.value)
        self.route_box = widgets.ToggleButtons(
            options=routes, value=route if route in routes else routes[0], description="route")
        self.hand_box = widgets.SelectMultiple(
            options=[(cset.card(c).label(self.lang), c) for c in choices],
            value=tuple(c for c in hand if c in choices),
            rows=8,
            description="attack",
        )
        self.summary = widgets.HTML()
        self.defence: odds.StrengthDistribution = odds.StrengthDistribution.point(0)
        self.attack: odds.StrengthDistribution = odds.StrengthDistribution.point(0)
        first = self._figures()
        self.distribution_widget = FigureWidget(first[0])
        self.heatmap_widget = FigureWidget(first[1])
        for box in (self.target_box, self.route_box, self.hand_box):
            box.observe(self._on_change, names="value")
        controls = widgets.HBox([widgets.VBox([self.target_box, self.route_box]), self.hand_box])
        self.widget = widgets.VBox(
            [controls, self.summary, self.distribution_widget, self.heatmap_widget]
        )
        self._show_summary()

    # -- public -------------------------------------------------------------------------------
    def set(self, *, target: str | None = None, hand: Iterable[str] | None = None,
            route: str | None = None) -> None:
        """Change the target, the attacking cards or the route; the figures update in place."""
        with self.hand_box.hold_trait_notifications():
            if target is not None:
                self.target_box.value = target
                self._offer_routes(self._routes(target))
            if route is not None:
                self.route_box.value = route
            if hand is not None:
                self.hand_box.value = tuple(hand)
        self.refresh()

    def refresh(self) -> None:
        """Recompute both figures and update the widgets in place (``batch_update``)."""
        dist_fig, heat_fig = self._figures()
        update_figure(self.distribution_widget, dist_fig)
        update_figure(self.heatmap_widget, heat_fig)
        self._show_summary()

    def p_win(self) -> float:
        """P(win) of the current choice."""
        return self.defence.p_win(self.attack)

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    # -- internals ----------------------------------------------------------------------------
    def _routes(self, target: str) -> list[str]:
        """The routes that exist to ``target``: land if it has a land link, sea if a sea link."""
        t = self.cards.territory(target)
        return [r for r, links in (("land", t.land), ("sea", t.sea)) if links]

    def _offer_routes(self, routes: list[str]) -> None:
        if list(self.route_box.options) != routes:
            keep = self.route_box.value if self.route_box.value in routes else routes[0]
            self.route_box.unobserve(self._on_change, names="value")
            self.route_box.options = routes
            self.route_box.value = keep
            self.route_box.observe(self._on_change, names="value")

    def _on_change(self, change: Mapping[str, Any]) -> None:
        if change.get("owner") is self.target_box:
            self._offer_routes(self._routes(str(change.get("new"))))
        self.refresh()

    def _unseen(self) -> Counter[str]:
        if self.view is not None:
            return odds.attacker_unseen(self.view, self.seat)
        unseen = Counter(self.cards.counts)
        unseen.subtract(self.hand_box.value)
        return +unseen

    def _figures(self) -> tuple[go.Figure, go.Figure]:
        cset = self.cards
        target = self.target_box.value
        route = self.route_box.value
        hand = tuple(self.hand_box.value)
        if self.view is not None:
            self.defence = odds.neutral_defence(self.view, target, route, seat=self.seat)
        else:
            pool = odds.pool_of(self._unseen(), route, cards=cset)
            self.defence = odds.draw_distribution(pool, cset.territory(target).power)
        usable = [c for c in hand if can_add_to_attack(cset.card(c), route)]
        self.attack = odds.attack_distribution(usable, route, card_set=cset)
        t = cset.territory(target)
        route_text = {"land": {"en": "by land", "ja": "陸から"},
                      "sea": {"en": "by sea", "ja": "海から"}}[route][
                          "ja" if self.lang == "ja" else "en"]
        title = (f"{t.name.text(self.lang)} ({t.power}), {route_text}")
        dist_fig = distribution_figure(self.defence, attack=self.attack, title=title,
                                       lang=self.lang)
        pool = odds.pool_of(self._unseen(), route, cards=cset)
        powers = list(range(1, 11))
        table = odds.win_table(pool, powers=powers, max_attack=30)
        heat_fig = win_heatmap_figure(table, powers=powers, mark=(t.power, self.attack.mean()),
                                      route=route, lang=self.lang)
        return dist_fig, heat_fig

    def _show_summary(self) -> None:
        cset = self.cards
        hand = tuple(self.hand_box.value)
        route = self.route_box.value
        usable = [c for c in hand if can_add_to_attack(cset.card(c), route)]
        note = ""
        if len(usable) != len(hand):
            note = " (navy cannot invade over land: those cards are ignored)"
            if self.lang == "ja":
                note = "（陸路の侵略に海軍は使えません：その分は除外）"
        if not can_commit([cset.card(c) for c in usable], route):
            note += (" — not a legal attack as it stands" if self.lang != "ja"
                     else "—このままでは侵略できません")
        held = self.view.territories_of(self.seat) if (
            self.view is not None and self.seat is not None) else ()
        p = self.p_win()
        lost = odds.expected_cards_lost(p, usable, held, card_set=cset)
        self.summary.value = (
            f"<b>P(win) = {p:.4f}</b> &nbsp; attack mean {self.attack.mean():.2f}, "
            f"defence mean {self.defence.mean():.2f}, expected cards lost {lost:.2f}"
            f"{html.escape(note)}"
        )
