"""Notebook wiring of 列強の興亡: the game controller with its odds panel, and the odds explorer.

>>> from gamelib.rekkyo.ui import controller, OddsExplorer
>>> ctrl = controller(seed=3)              # map + hand + odds panel, seat 0 human vs bots
>>> hot = controller(seats=["human", "human", "heuristic"], hotseat=True)
>>> lesson_ctrl = controller(position=make_position(...), lang="ja")
>>> explorer = OddsExplorer(target="china", hand=["sherman", "t34"])
"""

from __future__ import annotations

import contextlib
import html
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

import gamelib
from gamelib.core import Game, View
from gamelib.rekkyo import odds
from gamelib.rekkyo.actions import Invade, PlayEvent
from gamelib.rekkyo.combat import can_add_to_attack, can_commit
from gamelib.rekkyo.figures import (
    card_label,
    distribution_figure,
    hand_figure,
    hand_spec,
    map_figure,
    map_spec,
    win_heatmap_figure,
)
from gamelib.rekkyo.view import RekkyoView
from gamelib.ui import GameController, update_figure
from gamelib.ui.plotly_widget import FigureWidget
from gamelib.ui.shared_parts import make

__all__ = ["FIGURES", "SPECS", "OddsExplorer", "action_group", "controller", "odds_panel",
           "odds_rows", "percent", "win_sentence"]

FIGURES = (map_figure, hand_figure)
"""The controller's figures: the world map (click a ringed territory to invade) and the hand."""
SPECS = (map_spec, hand_spec)
"""The same figures as plotly JSON dicts, what the controller builds after each click (no
``go.Figure`` is made, and only what changed is sent)."""

_PANEL_TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Odds of invading a neutral (exact, as {seat} knows the table)",
        "head": ("target", "power", "route", "best cards", "chance to win",
                 "cards lost on average", "chance with 1, 2, 3… weapons"),
        "best": "Best invasion: {target} {route} with {cards}: you win {p} of the time "
                "and lose {lost} cards on average.",
        "none": "No neutral country can be invaded by {seat} now.",
        "wait": "Odds appear when it is the viewer's own turn (or in the teacher's view).",
        "land": "land", "sea": "sea",
        "win": "you win {p} of the time",
    },
    "ja": {
        "title": "中立国侵略の勝率（厳密計算、{seat}の知っている情報で）",
        "head": ("目標", "国力", "経路", "最良のカード", "勝つ確率",
                 "失うカードの平均枚数", "兵器1枚、2枚、3枚…での勝率"),
        "best": "最良の侵略：{target}（{route}）に{cards}で。勝つ確率は{p}、"
                "失うカードは平均{lost}枚です。",
        "none": "{seat}が今侵略できる中立国はありません。",
        "wait": "自分の手番（または先生の視点）で勝率が表示されます。",
        "land": "陸路", "sea": "海路",
        "win": "勝つ確率は{p}",
    },
}


def percent(p: float) -> str:
    """A probability said as a percentage: ``0.9964`` → ``"99.6%"`` (never "100%" unless sure)."""
    if 0 < p < 1:
        text = f"{100 * p:.1f}"
        if text == "100.0":
            return ">99.9%"
        if text == "0.0":
            return "<0.1%"
        return f"{text}%"
    return f"{100 * p:.0f}%"


def win_sentence(p: float, lang: str = "en") -> str:
    """``"you win 99.6% of the time"`` / ``"勝つ確率は99.6%"``."""
    template: str = _PANEL_TEXT["ja" if lang == "ja" else "en"]["win"]
    return template.format(p=percent(p))


def action_group(game: Game[Any], action: Any, lang: str) -> tuple[str, str] | None:
    """Grouped choices of 列強の興亡: every invasion under "invade…", then the target and route;
    an event aimed at a player or a territory under the card, then its target."""
    ja = lang == "ja"
    if isinstance(action, Invade):
        head = "侵略する" if ja else "invade"
        full = game.action_label(action, lang)
        return head, full if ja else full.removeprefix("invade ")
    if isinstance(action, PlayEvent) and (action.player is not None or action.territory):
        name = game.cards.card(action.card).name.text(lang)  # type: ignore[attr-defined]
        head = f"「{name}」を使う" if ja else f"play {name}"
        full = game.action_label(action, lang)
        return head, full if ja else full.removeprefix(head + " ")
    return None


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
            cards = ", ".join(card_label(cset.card(c), lang) for c in r["cards"])
            curve = " → ".join(percent(p) for p in r["curve"])
            lines.append(
                "<tr>"
                f"<td>{html.escape(cset.territory(r['target']).name.text(lang))}</td>"
                f"<td style='text-align:center'>{r['power']}</td>"
                f"<td>{html.escape(text[r['route']])}</td>"
                f"<td style='font-size:85%'>{html.escape(cards)}</td>"
                f"<td style='text-align:right'><b>{html.escape(percent(r['p_win']))}</b></td>"
                f"<td style='text-align:right'>{r['expected_lost']:.2f}</td>"
                f"<td style='font-size:85%'>{html.escape(curve)}</td>"
                "</tr>"
            )
        best = max(rows, key=lambda r: (r["p_win"], -r["expected_lost"]))
        sentence = text["best"].format(
            target=cset.territory(best["target"]).name.text(lang), route=text[best["route"]],
            cards=", ".join(cset.card(c).name.text(lang) for c in best["cards"]),
            p=percent(best["p_win"]), lost=f"{best['expected_lost']:.1f}")
        body = (f"<div>{html.escape(sentence)}</div>"
                f"<table><tr>{head}</tr>{''.join(lines)}</table>")
    return f"<div class='rekkyo-odds'><b>{title}</b>{body}</div>"


def controller(game: Game[Any] | None = None, **kwargs: Any) -> GameController:
    """The generic :class:`~gamelib.ui.GameController` for 列強の興亡.

    Defaults: a 3-player game (seat 0 human, a heuristic bot, a random bot), the world map and
    the hand as figures (click a territory to invade it), the odds panel as an extra, and
    choices grouped by :func:`action_group`. Any keyword of :class:`~gamelib.ui.GameController`
    overrides them (``position=``, ``lang=``, ``hotseat=``, ``viewpoint=`` …).
    """
    if game is None and kwargs.get("position") is None:
        game = gamelib.load("rekkyo", players=3)
    if game is None:
        game = kwargs["position"].game
    assert game is not None
    if "seats" not in kwargs:
        kwargs["seats"] = {i: ("human" if i == 0 else "heuristic" if i == 1 else "random")
                           for i in range(game.players)}
    kwargs.setdefault("figures", list(SPECS))
    kwargs.setdefault("extra", [odds_panel])
    kwargs.setdefault("group", action_group)
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
            options=[(card_label(cset.card(c), self.lang), c) for c in choices],
            value=tuple(c for c in hand if c in choices),
            rows=8,
            description="attack",
        )
        self.summary = make(widgets.HTML)
        self._setting = False
        self.defence: odds.StrengthDistribution = odds.StrengthDistribution.point(0)
        self.attack: odds.StrengthDistribution = odds.StrengthDistribution.point(0)
        first = self._figures()
        self.distribution_widget = FigureWidget(first[0])
        self.heatmap_widget = FigureWidget(first[1])
        for box in (self.target_box, self.route_box, self.hand_box):
            box.observe(self._on_change, names="value")
        controls = make(widgets.HBox, [make(widgets.VBox, [self.target_box, self.route_box]),
                                       self.hand_box])
        self.widget = make(widgets.VBox, [controls, self.summary, self.distribution_widget,
                                          self.heatmap_widget])
        self._show_summary()

    # -- public -------------------------------------------------------------------------------
    def set(self, *, target: str | None = None, hand: Iterable[str] | None = None,
            route: str | None = None) -> None:
        """Change the target, the attacking cards or the route; the figures update in place,
        once."""
        with self._quietly():
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

    def set_lang(self, lang: str) -> None:
        """Name the territories and cards, and draw the figures, in ``lang`` (a lesson's switch;
        nothing to do in the language shown)."""
        if lang == self.lang:
            return
        self.lang = lang
        with self._quietly():
            for box, name in ((self.target_box, self._territory_text),
                              (self.hand_box, self._card_text)):
                value = box.value
                box.options = [(name(v), v) for _label, v in box.options]
                box.value = value
        self.refresh()

    def _territory_text(self, tid: str) -> str:
        t = self.cards.territory(tid)
        return f"{t.name.text(self.lang)} ({t.power})"

    def _card_text(self, cid: str) -> str:
        return card_label(self.cards.card(cid), self.lang)

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
            with self._quietly():
                self.route_box.options = routes
                self.route_box.value = keep

    @contextlib.contextmanager
    def _quietly(self) -> Iterator[None]:
        """Boxes set from code in this block draw nothing: the caller refreshes once after."""
        before, self._setting = self._setting, True
        try:
            yield
        finally:
            self._setting = before

    def _on_change(self, change: Mapping[str, Any]) -> None:
        if self._setting:
            return
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
        if self.lang == "ja":
            said = (f"<b>{html.escape(win_sentence(p, 'ja'))}</b>（P(win) = {p:.4f}）。"
                    f"攻撃の平均{self.attack.mean():.2f}、防御の平均{self.defence.mean():.2f}、"
                    f"失うカードは平均{lost:.2f}枚")
        else:
            said = (f"<b>{html.escape(win_sentence(p))[:1].upper()}"
                    f"{html.escape(win_sentence(p))[1:]}</b> (P(win) = {p:.4f}); "
                    f"attack mean {self.attack.mean():.2f}, defence mean "
                    f"{self.defence.mean():.2f}, cards lost on average {lost:.2f}")
        self.summary.value = said + html.escape(note)
