"""Notebook wiring of 主計将校: the generic controller with the map, the cards and the VP track.

>>> from gamelib.qmg.ui import controller
>>> ctrl = controller(seed=3)        # seat 0 (the Axis) human, the Allies a heuristic bot
>>> ctrl                             # last expression of a cell: the widget is displayed

The map's spaces and the hand's cards carry the legal actions of the seat to move (when the
viewpoint is that seat or the teacher), so a click on a space builds, battles or recruits there
and a click on a card plays it; every action is also a button. The "supply lines of" dropdown
chooses the nation whose supply chains the map draws ("acting nation" follows the turn).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

import gamelib
from gamelib.core import Game, GameLibError, State, View, play
from gamelib.qmg.actions import QmgAction
from gamelib.qmg.board import default_board
from gamelib.qmg.figures import (
    cards_figure,
    cards_spec,
    click_choices,
    map_spec,
    vp_spec,
)
from gamelib.qmg.labels import action_group as group_of
from gamelib.qmg.view import QmgView
from gamelib.ui import GameController, update_figure
from gamelib.ui.controller import relang
from gamelib.ui.icons import icon_style, set_icon
from gamelib.ui.labels import error_of
from gamelib.ui.shared_parts import make

__all__ = ["ACTING", "MAP_HEIGHT", "QmgController", "TryIt", "action_group", "controller"]

ACTING = -1
"""The supply dropdown's value for "the nation acting now"."""

MAP_HEIGHT = 430
"""The controller's map height in pixels: map, hand strip, buttons and controls fit 800 px."""

_LABELS = {
    "en": {"supply_of": "supply lines of", "acting": "the acting nation", "check": "Check",
           "right": "Right.", "wrong": "Not quite.", "pick": "Pick an answer first."},
    "ja": {"supply_of": "補給線の国", "acting": "行動中の国", "check": "答え合わせ",
           "right": "正解。", "wrong": "ちがいます。", "pick": "先に答えを選んでください。"},
}


def _supply_options(lang: str) -> list[tuple[str, int]]:
    """The supply selector's choices in ``lang``: the acting nation, then every nation."""
    text = _LABELS["ja" if lang == "ja" else "en"]
    nations = [(nat.name.text(lang), nat.index) for nat in default_board().nations]
    return [(text["acting"], ACTING), *nations]


def action_group(game: Game[Any], action: Any, lang: str) -> tuple[str, str] | None:
    """The controller's grouping: a hand card, then "Play"/"Discard"; a space, then the nation
    (:func:`gamelib.qmg.labels.action_group`)."""
    return group_of(action, lang) if isinstance(action, QmgAction) else None


class QmgController(GameController):
    """The generic :class:`~gamelib.ui.GameController` with 主計将校's figures, whose clickable
    points carry the legal actions of the seat to move, and a supply-lines nation selector.
    ``hotseat=True`` (the generic controller's) makes the viewpoint follow the human seat to move,
    with a pass-the-screen pause between two humans (players sharing a screen).

    ``figures`` defaults to the map (``map_height`` px) and the acting nation's hand above the
    buttons, the Status/Response table and the VP track below the controls (so the map, the hand
    and the buttons fit a 1280×800 screen); any other keyword goes to
    :class:`~gamelib.ui.GameController`.
    """

    def __init__(
        self,
        game: Game[Any] | str,
        *,
        supply_of: int | None = None,
        figures: Sequence[Any] | None = None,
        map_height: int = MAP_HEIGHT,
        **kwargs: Any,
    ) -> None:
        lang = (gamelib.load(game) if isinstance(game, str) else game).lang
        self.supply_box = widgets.Dropdown(
            options=_supply_options(lang),
            value=ACTING if supply_of is None else supply_of,
            description=_LABELS["ja" if lang == "ja" else "en"]["supply_of"],
            style={"description_width": "initial"},
        )
        fit = figures is None
        if figures is None:
            figures = [self.map_spec, self.hand_spec, self.table_spec, vp_spec]
        self.map_height = map_height
        self._base: State[Any] | None = None
        kwargs.setdefault("group", action_group)
        super().__init__(game, figures=figures, **kwargs)
        self.supply_box.observe(self._on_supply_change, names="value")
        self.controls.children = (*self.controls.children, self.supply_box)
        if fit:
            self.keep_above(2)  # the map and the hand; the table and VP track below

    def set_lang(self, lang: str) -> None:
        """The generic switch, plus the supply selector and a lesson position's start (nothing
        to do in the language shown)."""
        if lang == self.lang:
            return
        value = self.supply_box.value
        self.supply_box.options = _supply_options(lang)
        self.supply_box.value = value
        self.supply_box.description = _LABELS["ja" if lang == "ja" else "en"]["supply_of"]
        super().set_lang(lang)
        if self._base is not None:
            self._base = relang(self._base, self.game)
            self._refresh()

    # -- lesson positions ----------------------------------------------------------------------
    def show_position(self, state: State[Any]) -> None:
        """Play on from ``state``, a lesson position (:mod:`gamelib.qmg.positions`).

        A position is not a record (it is not the seed's game), so :meth:`undo` replays the moves
        made since from the position itself; :meth:`restart` leaves it for a new seeded game.
        """
        if state.game.id != self.game.id:
            raise error_of("other_game", mine=self.game.id, other=state.game.id)
        self.stop()
        self.game = state.game
        self._base = state
        self._state = state
        self._movers = []
        self._after_change(bots=self.auto_bots)

    def undo(self) -> None:
        """Take back moves to the last human decision (from a lesson position: replayed)."""
        base = self._base
        if base is None:
            super().undo()
            return
        start = len(base.history)
        moves = list(self._state.history[start:])
        if not moves:
            raise error_of("nothing_to_undo", GameLibError)
        humans = [k for k, seat in enumerate(self._movers) if self.is_human(seat)]
        target = humans[-1] if humans else len(moves) - 1
        state = base
        for text in moves[:target]:
            state = play(state, text)
        self._state = state
        del self._movers[target:]
        self._after_change(bots=False)

    def restart(self, seed: int | None = None) -> None:
        """Start a new seeded game (leaving any lesson position)."""
        self._base = None
        super().restart(seed)

    def set_state(self, state: State[Any]) -> None:
        """Show a recorded ``state`` (leaving any lesson position)."""
        self._base = None
        super().set_state(state)

    # -- figure builders bound to the controller ------------------------------------------------
    def click_actions(self, view: View) -> dict[str, str]:
        """Space/card → the action a click plays: the legal actions of the seat to move when a
        human plays it and the view is that seat's or the teacher's; otherwise nothing."""
        seat = view.current_player
        if seat is None or not self.is_human(seat):
            return {}
        if view.viewer is not None and view.viewer != seat:
            return {}
        return click_choices(self.legal_texts())

    def map_figure(self, view: View) -> go.Figure:
        """The map with the chosen nation's supply lines and clickable spaces."""
        return go.Figure(self.map_spec(view))

    def map_spec(self, view: View) -> dict[str, Any]:
        """:meth:`map_figure` as a plotly JSON dict (the controller's builder)."""
        assert isinstance(view, QmgView)
        value = self.supply_box.value
        nation = None if value == ACTING else int(value)
        return map_spec(view, nation=nation, choices=self.click_actions(view),
                        height=self.map_height)

    def cards_figure(self, view: View) -> go.Figure:
        """The cards with the hand's playable cards clickable."""
        assert isinstance(view, QmgView)
        return cards_figure(view, choices=self.click_actions(view))

    def hand_figure(self, view: View) -> go.Figure:
        """The acting nation's hand alone (a strip above the buttons), its cards clickable."""
        return go.Figure(self.hand_spec(view))

    def hand_spec(self, view: View) -> dict[str, Any]:
        """:meth:`hand_figure` as a plotly JSON dict (the controller's builder)."""
        assert isinstance(view, QmgView)
        return cards_spec(view, choices=self.click_actions(view), part="hand")

    def table_figure(self, view: View) -> go.Figure:
        """The nations' Status cards and Responses (below the controls), Responses clickable."""
        return go.Figure(self.table_spec(view))

    def table_spec(self, view: View) -> dict[str, Any]:
        """:meth:`table_figure` as a plotly JSON dict (the controller's builder)."""
        assert isinstance(view, QmgView)
        return cards_spec(view, choices=self.click_actions(view), part="table", row_height=40)

    def set_supply_nation(self, nation: int | None) -> None:
        """Draw the supply lines of ``nation`` (``None``: the acting nation)."""
        self.supply_box.value = ACTING if nation is None else nation

    def _on_supply_change(self, change: Mapping[str, Any]) -> None:
        self._guard(self._redraw_map)

    def _redraw_map(self) -> None:
        if self.builders and self.builders[0] in (self.map_spec, self.map_figure):
            update_figure(self.figure_widgets()[0], self.builders[0](self.view))


def controller(game: Game[Any] | None = None, **kwargs: Any) -> QmgController:
    """A 2-player game (seat 0 the Axis, human; seat 1 the Allies, the heuristic bot) unless
    ``game`` or ``seats`` say otherwise; any keyword of :class:`QmgController` overrides."""
    if game is None:
        game = gamelib.load("qmg", players=2)
    if "seats" not in kwargs:
        kwargs["seats"] = {i: ("human" if i == 0 else "heuristic") for i in range(game.players)}
    return QmgController(game, **kwargs)


class TryIt:
    """A small question with immediate feedback: pick an answer, click "Check".

    ``check(answer)`` returns ``(correct, why)``: it should ask the engine (play the answer on a
    copy of a position and look), never compare with a hand-written answer; ``why`` explains the
    rule behind the result and is shown under the question, for a right answer too.
    ``widget`` is the box to display; :meth:`answer` answers from code (tests, the teacher).
    """

    def __init__(
        self,
        question: str,
        options: Sequence[tuple[str, Any]],
        check: Callable[[Any], tuple[bool, str]],
        *,
        lang: str = "en",
    ) -> None:
        self.lang = "ja" if lang == "ja" else "en"
        self.check = check
        self.choice = widgets.RadioButtons(options=list(options), value=None,
                                           layout=widgets.Layout(width="auto"))
        self.button = make(widgets.Button, description=_LABELS[self.lang]["check"],
                           button_style="info")
        set_icon(self.button, "check")
        self.feedback = make(widgets.HTML)
        self.correct: bool | None = None
        self.button.on_click(lambda _b: self._check())
        self.widget = make(widgets.VBox, [
            make(widgets.HTML, f"<b>{html.escape(question)}</b>"), self.choice, self.button,
            self.feedback, icon_style()])
        self.widget.add_class("gamelib-tryit")

    def answer(self, value: Any) -> bool:
        """Choose ``value`` and check it; return whether it is right."""
        self.choice.value = value
        self.button.click()
        return bool(self.correct)

    def _check(self) -> None:
        text = _LABELS[self.lang]
        if self.choice.value is None:
            self.correct = None
            self.feedback.value = f"<i>{html.escape(text['pick'])}</i>"
            return
        try:
            ok, why = self.check(self.choice.value)
        except GameLibError as err:  # a refusal of the engine is the explanation
            ok, why = False, str(err)
        self.correct = ok
        colour = "#1b5e20" if ok else "#b71c1c"
        verdict = text["right"] if ok else text["wrong"]
        self.feedback.value = (
            f"<div style='color:{colour}'><b>{html.escape(verdict)}</b> {html.escape(why)}</div>"
        )

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]
