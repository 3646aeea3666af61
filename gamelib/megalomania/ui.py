"""Notebook wiring for Megalomania: the generic controller with the table, score sheet and odds.

>>> from gamelib.megalomania.ui import controller
>>> ctrl = controller(seats={0: "human", 1: "heuristic", 2: "heuristic", 3: "heuristic"})
>>> ctrl            # the table, the score sheet, the odds panel, buttons and the log
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from gamelib.core import Game, State, View, load
from gamelib.megalomania.actions import PlayCard
from gamelib.megalomania.figures import odds_spec, score_spec, table_spec
from gamelib.megalomania.odds import panel_odds
from gamelib.megalomania.view import MegalomaniaView
from gamelib.ui.controller import update_figure
from gamelib.ui.plotly_widget import FigureWidget
from gamelib.ui.shared_parts import make

__all__ = [
    "OddsPanel", "action_group", "controller", "odds_panel", "odds_panel_figure", "odds_panel_spec"
]


def action_group(game: Game[Any], action: Any, lang: str) -> tuple[str, str] | None:
    """Grouped choices for the controller: a card play is grouped under its card
    (``blue 12 (Oracle)``), its options named by what they add (``as it is``, ``+cube``,
    ``power → yellow, -cube``); other actions are not grouped (``None``)."""
    if not isinstance(action, PlayCard):
        return None
    ja = lang == "ja"
    parts: list[str] = []
    if action.power:
        power = "パワー" if ja else "power"
        if action.as_colour is not None:
            power += f" → {action.as_colour.text(lang)}"
        parts.append(power)
    if action.cube:
        sign = "+" if action.cube > 0 else "-"
        parts.append(f"{sign}キューブ" if ja else f"{sign}cube")
    option = ("、" if ja else ", ").join(parts) or ("そのまま出す" if ja else "as it is")
    return action.card.label(lang), option


def odds_panel_figure(
    view: MegalomaniaView,
    *,
    samples: int = 150,
    mission_samples: int = 40,
    model: str = "heuristic",
    seed: int = 0,
) -> go.Figure:
    """The odds figure for ``view``: trick odds when the viewer is to play a card, and the
    mission odds whenever the cards are in play (cached by position: :func:`panel_odds`)."""
    return go.Figure(odds_panel_spec(view, samples=samples, mission_samples=mission_samples,
                                     model=model, seed=seed))


def odds_panel_spec(
    view: MegalomaniaView,
    *,
    samples: int = 150,
    mission_samples: int = 40,
    model: str = "heuristic",
    seed: int = 0,
) -> dict[str, Any]:
    """:func:`odds_panel_figure` as a plotly JSON dict (what the panel sends)."""
    found = panel_odds(view, samples=samples, mission_samples=mission_samples, model=model,
                       seed=seed)
    return odds_spec(found.trick, mission=found.mission, lang=view.lang)


_NOTES = {
    "teacher": ("Odds are computed from one player's view: choose a seat in the viewpoint menu.",
                "確率はプレイヤーの視点から計算します。視点メニューで席を選んでください。"),
    "computing": ("Computing the odds…", "確率を計算中…"),
}


class OddsPanel:
    """The controller's odds extra: one widget (a note and one figure, updated in place).

    Called with each new view, it returns the same widget at once. Inside a running kernel the
    odds are computed *after* the controller has drawn the figures and buttons (scheduled on
    the event loop), so a click is never held up by them; only the latest view is computed,
    through the cached :func:`gamelib.megalomania.odds.panel_odds`. Without an event loop
    (tests, scripts) they are computed at once.
    """

    def __init__(self, **options: Any) -> None:
        self.options = options
        self.note = make(widgets.HTML)
        self.figure = FigureWidget(odds_spec(None))
        self.widget = make(widgets.VBox, [self.note, self.figure])
        self.widget.add_class("gamelib-odds")
        self._pending: MegalomaniaView | None = None

    def __call__(self, view: View) -> widgets.Widget:
        assert isinstance(view, MegalomaniaView)
        if view.viewer is None:
            self._pending = None
            self._show_note("teacher", view.lang)
            self.widget.children = (self.note,)
            return self.widget
        loop = _running_loop()
        if loop is None:
            self._draw(view)
        else:
            if self._pending is None:
                loop.call_soon(self._draw_pending)
            self._pending = view
            self._show_note("computing", view.lang)
        return self.widget

    def _show_note(self, key: str, lang: str) -> None:
        en, ja = _NOTES[key]
        self.note.value = f"<i>{html.escape(ja if lang == 'ja' else en)}</i>"

    def _draw_pending(self) -> None:
        view, self._pending = self._pending, None
        if view is not None:
            try:
                self._draw(view)
            except Exception as err:  # shown where the odds would be
                self.note.value = f"<span style='color:#b00020'>{html.escape(repr(err))}</span>"

    def _draw(self, view: MegalomaniaView) -> None:
        update_figure(self.figure, odds_panel_spec(view, **self.options))
        self.widget.children = (self.note, self.figure)
        self.note.value = ""


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def odds_panel(**options: Any) -> OddsPanel:
    """An ``extra`` for the controller: the odds panel (see :class:`OddsPanel`); ``options``
    go to :func:`odds_panel_figure`."""
    return OddsPanel(**options)


def controller(
    game: Game[Any] | None = None,
    *,
    seats: Mapping[int, str] | Sequence[str] | None = None,
    seed: int = 0,
    viewpoint: int | None = 0,
    odds: bool = True,
    odds_options: Mapping[str, Any] | None = None,
    figures: Sequence[Callable[[View], go.Figure]] | None = None,
    position: State[Any] | None = None,
    **kwargs: Any,
) -> Any:
    """A :class:`gamelib.ui.GameController` for Megalomania (default: 4 players, seat 0 human,
    the others heuristic bots) showing the table and score sheet, with the odds panel as an
    extra when ``odds`` is true, and card plays grouped by card (:func:`action_group`).
    ``position`` starts from a state built by hand (:mod:`gamelib.megalomania.positions`).
    Other keyword arguments (``hotseat``, ``lang``, …) go to the controller."""
    from gamelib.ui import GameController

    if position is not None:
        game = position.game
    game = game if game is not None else load("megalomania")
    if seats is None:
        seats = {0: "human", **{s: "heuristic" for s in range(1, game.players)}}
    extra = list(kwargs.pop("extra", None) or [])
    if odds:
        extra.append(odds_panel(**dict(odds_options or {})))
    builders: list[Any] = list(figures) if figures is not None else [table_spec, score_spec]
    kwargs.setdefault("group", action_group)
    ctrl = GameController(
        game, figures=builders, seats=seats, seed=seed, viewpoint=viewpoint, extra=extra,
        position=position, **kwargs,
    )
    ctrl.keep_above(1)  # the table; the score sheet and odds panel below the controls
    return ctrl
