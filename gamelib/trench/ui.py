"""Notebook wiring of 毒ガス塹壕戦: the generic controller with the 3D board, the top view and the
plot-card buttons.

>>> from gamelib.trench.ui import controller
>>> ctrl = controller(seed=3)   # seat 0 human, seat 1 the heuristic bot

The plot panel (:class:`PlotPanel`, R5.3) shows the viewing seat's hand as buttons when that seat
is to plot: click one or two cards (in order), then "Plot". It is built from the seat's view
only, so a seat never sees another seat's plot (R9.6): the others show as "2 cards face down".
Clicks on top-view cells choose targets (landing, base, building, digging out).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

import gamelib
from gamelib.core import Game, Term
from gamelib.trench.data import CARD_NAMES, CARDS
from gamelib.trench.figures import board_3d_spec, top_view_spec
from gamelib.trench.view import TrenchView
from gamelib.ui import GameController
from gamelib.ui.shared_parts import make

__all__ = ["BOARD_HEIGHT", "BOARD_WIDTH", "PlotPanel", "controller"]

BOARD_HEIGHT = 420
"""px: the 3D board and the top view side by side, this tall (the top view is square), so the
two boards, the plot panel, the actions and the controls fit one 1280×800 screen (issue 8)."""

BOARD_WIDTH = 640
"""px: the 3D board's width beside the square top view (640 + 420 + margins < 1280)."""

_TEXT = {
    "title": Term("Plots (R5.3)", "行動札のセット (R5.3)"),
    "hidden": Term("{name}: {k} card(s) face down", "{name}：{k}枚伏せ"),
    "none": Term("{name}: not plotted yet", "{name}：未提出"),
    "mine": Term("Your plot: {cards}", "あなたのプロット：{cards}"),
    "pick": Term("Choose 1–2 cards in order, then Plot: {cards}",
                 "1～2枚を順に選び「セット」：{cards}"),
    "plot": Term("Plot", "セット"),
    "clear": Term("Clear", "やり直し"),
}


def _t(key: str, lang: str, **params: Any) -> str:
    return _TEXT[key].text(lang).format(**params)


class PlotPanel:
    """An ``extra`` of the controller: plot-card buttons for the seat being viewed (R5.3).

    ``chosen`` holds the cards clicked so far (at most two, in order); ``card_buttons`` maps a
    card to its button while the viewing seat is plotting. The panel plays through the
    controller, so a refused plot shows its reason in the controller's error area.
    """

    def __init__(self) -> None:
        self.ctrl: GameController | None = None
        self.chosen: list[str] = []
        self.card_buttons: dict[str, widgets.Button] = {}
        self.plot_button = make(widgets.Button, button_style="primary")
        self.clear_button = make(widgets.Button)
        self.plot_button.on_click(lambda _b: self.submit())
        self.clear_button.on_click(lambda _b: self.clear())
        self.info = make(widgets.HTML)
        self.cards_box = make(widgets.HBox, layout={"flex_flow": "row wrap"})
        self.box = make(widgets.VBox, [self.info, self.cards_box])
        self._view: TrenchView | None = None

    def __call__(self, view: Any) -> widgets.Widget:
        assert isinstance(view, TrenchView)
        if view.step != getattr(self._view, "step", None):
            self.chosen = []
        self._view = view
        self._render()
        return self.box

    # -- clicks
    def pick(self, card: str) -> None:
        """Add ``card`` to the plot being chosen (a third click starts again)."""
        if len(self.chosen) == 2:
            self.chosen = []
        self.chosen.append(card)
        self._render()

    def clear(self) -> None:
        """Forget the cards chosen so far."""
        self.chosen = []
        self._render()

    def submit(self) -> None:
        """Plot the chosen cards through the controller (``plot move+fire``)."""
        if self.ctrl is None or not self.chosen:
            return
        text = "plot " + "+".join(self.chosen)
        self.chosen = []
        self.ctrl._guard(self.ctrl.play, text)  # a refusal shows in the error area
        self._render()

    # -- drawing
    def _plotting(self, v: TrenchView) -> bool:
        return (
            v.phase == "plot" and v.viewer is not None and v.current_player == v.viewer
            and v.decision is None and v.hand is not None
            and (self.ctrl is None or self.ctrl.is_human(v.viewer))
        )

    def _render(self) -> None:
        v = self._view
        if v is None:
            return
        lang = v.lang
        names = v.seat_names
        lines = [f"<b>{html.escape(_t('title', lang))}</b>"]
        for p in range(v.players):
            k = v.plot_sizes[p]
            if p == v.viewer and v.plot is not None:
                cards = " → ".join(CARD_NAMES[c].text(lang) for c in v.plot)
                lines.append(html.escape(_t("mine", lang, cards=cards)))
            elif k >= 0 and v.phase in ("plot", "turn"):
                lines.append(html.escape(_t("hidden", lang, name=names[p], k=k)))
            elif v.phase == "plot":
                lines.append(html.escape(_t("none", lang, name=names[p])))
        self.card_buttons = {}
        if self._plotting(v):
            assert v.hand is not None
            hand = dict(v.hand)
            chosen = " → ".join(CARD_NAMES[c].text(lang) for c in self.chosen) or "—"
            lines.append(html.escape(_t("pick", lang, cards=chosen)))
            for c in CARDS:
                left = hand.get(c, 0) - self.chosen.count(c)
                if hand.get(c, 0) <= 0:
                    continue
                b = make(
                    widgets.Button,
                    description=f"{CARD_NAMES[c].text(lang)} ×{left}",
                    disabled=left <= 0,
                    layout={"width": "auto"},
                )
                b.on_click(lambda _b, card=c: self.pick(card))
                self.card_buttons[c] = b
            self.plot_button.description = _t("plot", lang)
            self.plot_button.disabled = not self.chosen
            self.clear_button.description = _t("clear", lang)
            self.cards_box.children = (
                *self.card_buttons.values(), self.plot_button, self.clear_button
            )
        else:
            self.cards_box.children = ()
        self.info.value = "<br>".join(lines)


def _board_3d(view: Any) -> Any:
    """The 3D board sized to stand beside the top view (a spec: the controller sends only what
    changed, unvalidated; :func:`board_3d_figure` is the same as a ``go.Figure``). Every trace
    is kept (hidden when empty), so each click is sent as a diff."""
    return board_3d_spec(view, height=BOARD_HEIGHT, width=BOARD_WIDTH, every_trace=True)


def _top_view(view: Any) -> Any:
    """The clickable top view, square, as tall as the 3D board (a spec, as above)."""
    return top_view_spec(view, height=BOARD_HEIGHT, every_trace=True)


def controller(game: Game[Any] | None = None, **kwargs: Any) -> GameController:
    """The generic :class:`~gamelib.ui.GameController` for 毒ガス塹壕戦.

    Defaults: 2 players (seat 0 human, seat 1 heuristic), the 3D board beside the clickable top
    view (both :data:`BOARD_HEIGHT` tall) and, under them, the plot panel (``ctrl.plot_panel``).
    The generic keywords pass through: ``position=`` (a lesson's state, whose game is then the
    game), ``lang=``, ``hotseat=``, ``viewpoint=``.
    Each seat's view hides the others' plots, so the human sees only their own plot.
    """
    if game is None and kwargs.get("position") is not None:
        game = kwargs["position"].game  # a lesson's position: its own game (players, options)
    if game is None:
        game = gamelib.load("trench", players=2)
    kwargs.setdefault("seats", {i: "human" if i == 0 else "heuristic" for i in range(game.players)})
    kwargs.setdefault("figures", [_board_3d, _top_view])
    panel = PlotPanel()
    kwargs["extra"] = [panel, *(kwargs.get("extra") or [])]
    ctrl = GameController(game, **kwargs)
    # The boards side by side (wrapping on a narrow page), the plot panel and the actions under
    # them: one 1280×800 screen holds them all.
    ctrl.figures_box.layout.flex_flow = "row wrap"
    ctrl.figures_box.layout.align_items = "flex-start"
    panel.ctrl = ctrl
    ctrl.plot_panel = panel  # type: ignore[attr-defined]
    ctrl._refresh()
    return ctrl
