"""The generic step-by-step notebook controller: any game, its figures, humans and bots.

A :class:`GameController` holds one game state and shows only ``state.view(viewpoint)`` to the
figure builders and extras, never the state. Buttons name actions with the game's
``action_label`` in the controller's language; :meth:`GameController.set_lang` switches the game,
its log, figures and refusals between English and Japanese. Many actions sharing a first part
(a card) are grouped: one button per card, then its options (see :func:`default_group`). With
``hotseat=True`` the viewpoint follows the human to move, with a "pass the screen" pause between
two players so that one never sees the other's hand. A finished game shows a summary (who won,
why, the turning points; :mod:`gamelib.ui.summary`). Figures are plotly ``FigureWidget``
objects built once and then updated in place after every change. Widget callbacks are
one-liners that call the public methods through :meth:`GameController._guard`, which shows
any exception in the error area (class ``gamelib-error``) and keeps it in
:attr:`GameController.last_error`.

>>> from gamelib.ui import GameController
>>> ctrl = GameController(game, figures=[board_figure], seats={0: "human", 1: "random"})
>>> ctrl            # last expression of a cell: the widget is displayed
>>> hot = GameController(game, figures=[board_figure], seats=["human", "human"], hotseat=True)
>>> hot.set_lang("ja")                       # every label, figure, log line and refusal
>>> GameController(game, position=built_state)  # start from a position built by hand
"""

from __future__ import annotations

import asyncio
import html
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
from plotly.basedatatypes import BaseFigure

from gamelib.bots import ask, bot_names, is_bot_name, make_bot
from gamelib.core import (
    Bot,
    Game,
    GameLibError,
    IllegalAction,
    State,
    View,
    load,
    play,
)
from gamelib.core import undo as undo_state
from gamelib.ui.closing import close_soon, heard_from_page
from gamelib.ui.figure_update import update_figure
from gamelib.ui.icons import icon_style, set_icon
from gamelib.ui.labels import LABELS, bot_label, error_of, label
from gamelib.ui.log_panel import LogPanel
from gamelib.ui.plotly_widget import FigureWidget
from gamelib.ui.shared_parts import make
from gamelib.ui.summary import game_summary

__all__ = [
    "GROUP_OVER",
    "HUMAN",
    "MAX_BUTTONS",
    "Extra",
    "FigureBuilder",
    "GameController",
    "GroupFn",
    "default_group",
    "relang",
    "with_lang",
]

HUMAN = "human"
MAX_BUTTONS = 12
"""With more choices than this, the human picks from a dropdown and clicks "Play"."""
GROUP_OVER = 6
"""With more legal actions than this, actions sharing a first part (a card) are grouped."""
TEACHER = -1
"""The viewpoint dropdown's value for the teacher's view (ipywidgets dropdowns cannot hold None)."""

FigureBuilder = Callable[[View], "go.Figure | Mapping[str, Any]"]
"""A figure of a view: a ``go.Figure``, or a plotly JSON dict (cheaper: :func:`update_figure`)."""
Extra = Callable[[View], "widgets.Widget | go.Figure | str"]
Callback = Callable[["GameController"], None]
GroupFn = Callable[[Game[Any], Any, str], "tuple[str, str] | None"]
"""``group(game, action, lang)`` → (the group's label, the option's label), or ``None``."""

class GameController:
    """A game played step by step in a notebook, with figures updated in place.

    ``seats`` maps each seat to ``"human"`` or a bot name (see :func:`gamelib.bots.bot_names`);
    by default seat 0 is human and the others play randomly. With ``auto_bots`` (the default),
    bots reply after every human action until a human seat is to act. ``viewpoint`` is a seat or
    ``None`` for the teacher's view of everything. ``position`` starts from a state built by hand
    (its game is the game; undo and restart go back to it); ``lang`` plays the game in that
    language; ``group(game, action, lang)`` groups many actions (default: the game's
    ``action_group`` method if it has one, else :func:`default_group`); ``hotseat`` makes the
    viewpoint follow the human to move, with a pause to pass the screen.
    """

    def __init__(
        self,
        game: Game[Any] | str | None = None,
        figures: Sequence[FigureBuilder] = (),
        seats: Mapping[int, str] | Sequence[str] | None = None,
        seed: int = 0,
        viewpoint: int | None = 0,
        extra: Sequence[Extra] | None = None,
        *,
        auto_bots: bool = True,
        hotseat: bool = False,
        group: GroupFn | None = None,
        position: State[Any] | None = None,
        lang: str | None = None,
    ) -> None:
        if position is not None:
            game = position.game
        if game is None:
            raise error_of("no_game")
        self.game: Game[Any] = load(game) if isinstance(game, str) else game
        if lang is not None and lang != self.game.lang:
            self.game = with_lang(self.game, lang)
        self.seats: dict[int, str] = _check_seats(self.game, seats)
        self.auto_bots = auto_bots
        self.hotseat = hotseat
        self.group: GroupFn = group or getattr(self.game, "action_group", None) or default_group
        self.builders: list[FigureBuilder] = list(figures)
        self.extras: list[Extra] = list(extra or ())
        self.last_error: BaseException | None = None
        self._callbacks: list[Callback] = []
        self._viewpoint = _check_viewpoint(self.game, viewpoint)
        self._seed = position.seed if position is not None else seed
        self._position = relang(position, self.game) if position is not None else None
        self._state: State[Any] = self._fresh_start()
        self._movers: list[int] = []
        self._screen_for: int | None = None
        self._open_group: str | None = None
        self._dropdown_texts: dict[str, str] = {}
        self._bots: dict[int, Bot] = {}
        self._autoplay_task: asyncio.Task[None] | None = None
        self._stop_requested = False
        self._shown_for: State[Any] | None = None
        self._old_buttons: list[widgets.Button] = []
        self._syncing_viewpoint = False
        self._build_widgets()
        self._make_bots()
        self._guard(self._after_change, bots=True)

    def _fresh_start(self) -> State[Any]:
        """The first state of a new game: the position given, or a new game from the seed."""
        if self._position is not None:
            return self._position
        fresh: State[Any] = self.game.new_state(self._seed)
        return fresh

    # -- public API ---------------------------------------------------------------------------
    @property
    def state(self) -> State[Any]:
        """The current state (for code and tests; figures and extras only ever get views)."""
        return self._state

    @property
    def view(self) -> View:
        """What the current viewpoint may see."""
        return self._state.view(self._viewpoint)

    @property
    def viewpoint(self) -> int | None:
        """The seat whose view is shown, or ``None`` for the teacher."""
        return self._viewpoint

    @property
    def lang(self) -> str:
        """Language of the game and of the controller's labels."""
        return self.game.lang

    def is_human(self, seat: int | None) -> bool:
        """Return whether ``seat`` is played by a human."""
        return seat is not None and self.seats.get(seat) == HUMAN

    def legal_texts(self) -> list[str]:
        """The texts of the legal actions of the seat to move (empty once the game is over)."""
        if self._state.is_terminal():
            return []
        return [str(a) for a in self._state.legal_actions()]

    def legal_labels(self) -> dict[str, str]:
        """Each legal action's text → its label as players name it, in the controller's language."""
        if self._state.is_terminal():
            return {}
        lang = self.lang
        return {str(a): self.game.action_label(a, lang) for a in self._state.legal_actions()}

    def set_lang(self, lang: str) -> None:
        """Show every label, figure, log line and refusal in ``lang`` (``"en"`` or ``"ja"``).

        The game is replaced by the same game in ``lang`` (same options otherwise); the state,
        its history and the bots are kept.
        """
        if lang == self.lang:
            return
        self.game = with_lang(self.game, lang)
        self._state = relang(self._state, self.game)
        if self._position is not None:
            self._position = relang(self._position, self.game)
        self._shown_for = None  # new buttons, labelled in the new language
        self._relabel()
        self._refresh()

    def show_screen(self) -> None:
        """Hot-seat: the player the screen was passed to sees their own view now."""
        seat = self._screen_for
        self._screen_for = None
        if seat is not None:
            self.set_viewpoint(seat)
        else:
            self._refresh()

    def open_group(self, group: str | None) -> None:
        """Show the options of the grouped choice ``group`` (``None``: back to all choices)."""
        self._open_group = group
        self._shown_for = None
        self._refresh_actions()

    def choices(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The human's choices as shown: ``(group label, [(action text, option label), …])``.

        An action that is not grouped is a group of one whose label is the action's label.
        """
        state = self._state
        if state.is_terminal() or not self.is_human(state.current_player):
            return []
        lang = self.lang
        legal = state.legal_actions()
        entries: list[tuple[str, list[tuple[str, str]]]] = []
        index: dict[str, int] = {}
        grouped = len(legal) > GROUP_OVER
        for action in legal:
            text = str(action)
            parts = self.group(self.game, action, lang) if grouped else None
            if parts is None:
                entries.append((self.game.action_label(action, lang), [(text, "")]))
                continue
            head, option = parts
            if head in index:
                entries[index[head]][1].append((text, option))
            else:
                index[head] = len(entries)
                entries.append((head, [(text, option)]))
        if self.group is default_group and lang != "en":
            entries = [(_common_head(head, members), members) for head, members in entries]
        # a group of one is just its action
        return [
            (self.game.action_label(self._action_of(members[0][0]), lang), [(members[0][0], "")])
            if len(members) == 1 and members[0][1] else (head, members)
            for head, members in entries
        ]

    def _action_of(self, text: str) -> Any:
        for action in self._state.legal_actions():
            if str(action) == text:
                return action
        raise error_of("not_legal_now", IllegalAction, action=text)

    def play(self, action: Any) -> None:
        """Play ``action`` (text or action value) for the seat to move, then let bots reply.

        Raises :class:`gamelib.IllegalAction` when it is not legal; the state is then unchanged.
        """
        self._apply(action)
        self._after_change(bots=self.auto_bots)

    def bot_move(self) -> None:
        """Let the bot of the seat to move play one action.

        A human seat's stand-in is the game's ``heuristic`` bot when it has one, else ``random``.
        """
        self._bot_step()
        self._after_change(bots=False)

    def autoplay(self, steps: int | None = None) -> int:
        """Let bots play every seat, humans included, for ``steps`` moves or to the end.

        Runs synchronously and returns the number of moves played.
        """
        played = 0
        self._stop_requested = False
        try:
            while not self._state.is_terminal() and (steps is None or played < steps):
                if self._stop_requested:
                    break
                self._bot_step()
                played += 1
        finally:
            self._after_change(bots=False)
        return played

    def stop(self) -> None:
        """Stop a running auto-play."""
        self._stop_requested = True
        if self._autoplay_task is not None:
            self._autoplay_task.cancel()

    def undo(self) -> None:
        """Take back moves with :func:`gamelib.undo`: back to the last human decision.

        Without human seats, one move is taken back. Bots do not reply after an undo.
        """
        start = self._position
        base = 0 if start is None else len(start.history)
        n = len(self._state.history) - base
        if n <= 0:
            raise error_of("nothing_to_undo", GameLibError)
        humans = [k for k, seat in enumerate(self._movers) if self.is_human(seat)]
        target = humans[-1] if humans else (n - 1 if not self._human_seats() else 0)
        if start is None:
            self._state = undo_state(self._state, n - target)
        else:  # a position built by hand replays from itself, not from its seed
            state = start
            for text in self._state.history[base : base + target]:
                state = play(state, text)
            self._state = state
        del self._movers[target:]
        self._after_change(bots=False)

    def restart(self, seed: int | None = None) -> None:
        """Start a new game with ``seed`` (default: the seed box's value); bots are renewed."""
        if seed is None:
            seed = int(self.seed_box.value)
        self.stop()
        if self._position is not None and seed != self._position.seed:
            self._position = None  # a new seed: a new game, no longer the built position
        self._seed = seed
        new = self._fresh_start()
        self.seed_box.value = seed
        self._state = new
        self._movers = []
        self._make_bots()
        self._after_change(bots=self.auto_bots)

    def set_state(self, state: State[Any]) -> None:
        """Show ``state`` (e.g. one loaded with :func:`gamelib.loads`) of this controller's game."""
        if state.game.id != self.game.id:
            raise error_of("other_game", mine=self.game.id, other=state.game.id)
        movers: list[int] = []
        replayed: State[Any] = state.game.new_state(state.seed)
        for text in state.history:
            assert replayed.current_player is not None
            movers.append(replayed.current_player)
            replayed = play(replayed, text)
        self.game = state.game
        self._state = state
        self._position = None
        self._seed = state.seed
        self.seed_box.value = state.seed
        self._movers = movers
        self._after_change(bots=False)

    def set_viewpoint(self, viewpoint: int | None) -> None:
        """Show the game as ``viewpoint`` (a seat, or ``None`` for the teacher) sees it."""
        self._viewpoint = _check_viewpoint(self.game, viewpoint)
        if viewpoint == self._screen_for:
            self._screen_for = None
        self._syncing_viewpoint = True
        try:
            self.viewpoint_box.value = TEACHER if viewpoint is None else viewpoint
        finally:
            self._syncing_viewpoint = False
        self._refresh()

    def keep_above(self, on_screen: int) -> None:
        """Keep the first ``on_screen`` figures above the buttons and move the other figures and
        the extras below the controls (the same widgets, still updated in place), so a board,
        a hand and the actions fit one 1280×800 screen."""
        shown = self.figure_widgets()
        self.figures_box.children = tuple(shown[:on_screen])
        below = make(widgets.VBox, [*shown[on_screen:], self.extras_box])
        below.add_class("gamelib-below")
        parts = [w for w in self.widget.children if w is not self.extras_box]
        at = parts.index(self.controls) + 1 if self.controls in parts else len(parts)
        parts.insert(at, below)
        self.widget.children = tuple(parts)

    def observe(self, callback: Callback) -> None:
        """Call ``callback(controller)`` after every change (its errors show in the error area)."""
        self._callbacks.append(callback)

    def figure_widgets(self) -> list[go.FigureWidget]:
        """The figure widgets, one per builder, in order (the same objects for the whole game)."""
        return list(self._figure_widgets)

    @property
    def widget(self) -> widgets.VBox:
        """The whole controller as one widget, to display.

        Its figures' saved widget state is always current (see ``update_figure``), so a view
        that connects late, as Voila's does, shows the latest move.
        """
        return self._widget

    # -- display ------------------------------------------------------------------------------
    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- widgets ------------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        lang = self.lang
        self.status = make(widgets.HTML)
        self.status.add_class("gamelib-status")
        self._figure_widgets: list[go.FigureWidget] = []
        view = self.view
        for builder in self.builders:
            try:
                fig = builder(view)
            except Exception:  # the first refresh calls the builder again and shows the error
                fig = go.Figure()
            fw = FigureWidget(fig)
            self._attach_clicks(fw)
            self._figure_widgets.append(fw)
        self.figures_box = widgets.VBox(self._figure_widgets)
        self._extra_slots = [make(widgets.VBox) for _ in self.extras]
        self.extras_box = widgets.VBox(self._extra_slots)

        self.prompt = make(widgets.HTML)
        self.action_buttons: list[widgets.Button] = []
        self.buttons_box = make(widgets.HBox, layout={"flex_flow": "row wrap"})
        self.action_dropdown = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto"))
        self.play_button = self._action_button(None, self._state)
        self.dropdown_box = widgets.HBox([self.action_dropdown, self.play_button])
        self.actions_box = widgets.VBox([self.prompt, self.buttons_box, self.dropdown_box])

        self.bot_button = make(widgets.Button, description=label("bot_move", lang))
        self.bot_button.on_click(self._clicked(self.bot_move))
        self.autoplay_button = make(widgets.Button, description=label("autoplay", lang))
        self.autoplay_button.on_click(self._clicked(self._toggle_autoplay))
        self.speed_slider = widgets.IntSlider(
            value=4,
            min=1,
            max=30,
            description=label("speed", lang),
            layout=widgets.Layout(width="220px"),
        )
        self.undo_button = make(widgets.Button, description=label("undo", lang))
        self.undo_button.on_click(self._clicked(self.undo))
        self.restart_button = make(widgets.Button, description=label("restart", lang))
        self.restart_button.on_click(self._clicked(self.restart))
        self.seed_box = widgets.IntText(
            value=self._seed, description=label("seed", lang), layout=widgets.Layout(width="160px")
        )
        self.viewpoint_box = widgets.Dropdown(
            options=self._viewpoint_options(),
            value=TEACHER if self._viewpoint is None else self._viewpoint,
            description=label("viewpoint", lang),
        )
        self.viewpoint_box.observe(self._on_viewpoint_change, names="value")
        self.controls = make(
            widgets.HBox,
            [
                self.bot_button,
                self.autoplay_button,
                self.speed_slider,
                self.undo_button,
                self.restart_button,
                self.seed_box,
                self.viewpoint_box,
            ],
            layout={"flex_flow": "row wrap"},
        )
        self.error_area = make(widgets.HTML)
        self.error_area.add_class("gamelib-error")
        self.log_panel = LogPanel(close=close_soon)
        self.summary_area = make(widgets.HTML)
        self.summary_area.add_class("gamelib-summary")
        self.pass_note = make(widgets.HTML)
        self.pass_button = make(widgets.Button, button_style="warning",
                                layout={"width": "auto"})
        self.pass_button.on_click(self._clicked(self.show_screen))
        for button, icon in ((self.bot_button, "bot"), (self.autoplay_button, "play"),
                             (self.undo_button, "undo"), (self.restart_button, "restart"),
                             (self.pass_button, "show")):
            set_icon(button, icon)
        self.pass_box = widgets.VBox([self.pass_note, self.pass_button])
        self.pass_box.add_class("gamelib-pass-screen")
        self.pass_box.layout.display = "none"
        self._widget = make(
            widgets.VBox,
            [
                self.status,
                self.pass_box,
                self.summary_area,
                self.figures_box,
                self.extras_box,
                self.actions_box,
                self.controls,
                self.error_area,
                self.log_panel,
                icon_style(),
            ]
        )
        self._widget.add_class("gamelib-controller")

    def _viewpoint_options(self) -> list[tuple[str, int]]:
        names = self.game.seat_names()
        options = [(f"{names[i]}", i) for i in range(self.game.players)]
        options.append((label("teacher", self.lang), TEACHER))
        return options

    def _relabel(self) -> None:
        """Put every control's words in the controller's language."""
        lang = self.lang
        self.bot_button.description = label("bot_move", lang)
        running = self._autoplaying()
        self.autoplay_button.description = label("stop" if running else "autoplay", lang)
        self.speed_slider.description = label("speed", lang)
        self.undo_button.description = label("undo", lang)
        self.restart_button.description = label("restart", lang)
        self.seed_box.description = label("seed", lang)
        self.viewpoint_box.description = label("viewpoint", lang)
        self._syncing_viewpoint = True
        try:
            value = self.viewpoint_box.value
            self.viewpoint_box.options = self._viewpoint_options()
            self.viewpoint_box.value = value
        finally:
            self._syncing_viewpoint = False

    def _on_viewpoint_change(self, change: Mapping[str, Any]) -> None:
        if self._syncing_viewpoint:
            return
        value = change["new"]
        self._guard(self.set_viewpoint, None if value == TEACHER else value)

    def _attach_clicks(self, fw: go.FigureWidget) -> None:
        for trace in fw.data:  # on_click replaces the trace's handler, so repeating is harmless
            trace.on_click(self._on_point_click)

    def _on_point_click(self, trace: Any, points: Any, _state: Any = None) -> None:
        heard_from_page()
        self._guard(self._click_points, trace, list(getattr(points, "point_inds", [])))

    def _click_points(self, trace: Any, indices: Sequence[int]) -> None:
        if not self.is_human(self._state.current_player):
            return
        legal = set(self.legal_texts())
        customdata = trace.customdata
        if customdata is None:
            return
        for i in indices:
            if not 0 <= i < len(customdata):
                continue
            value = customdata[i]
            if isinstance(value, (list, tuple)) and value:
                value = value[0]
            if isinstance(value, str) and value in legal:
                self.play(value)
                return

    # -- state changes ------------------------------------------------------------------------
    def _human_seats(self) -> list[int]:
        return [s for s, who in self.seats.items() if who == HUMAN]

    def _make_bots(self) -> None:
        stand_in = "heuristic" if "heuristic" in bot_names(self.game) else "random"
        self._bots = {}
        for seat, who in self.seats.items():
            name = stand_in if who == HUMAN else who
            self._bots[seat] = make_bot(name, self.game, seed=self._seed * 1009 + seat)

    def _apply(self, action: Any) -> None:
        mover = self._state.current_player
        self._state = play(self._state, action)
        assert mover is not None
        self._movers.append(mover)

    def _bot_step(self) -> None:
        seat = self._state.current_player
        if seat is None:
            raise error_of("game_over", GameLibError)
        legal = self._state.legal_actions()
        choice = ask(self._bots[seat], self._state, seat, legal)
        self._apply(choice)

    def _bots_reply(self) -> None:
        while not self._state.is_terminal() and not self.is_human(self._state.current_player):
            if not self._human_seats():
                break
            self._bot_step()

    def _after_change(self, *, bots: bool) -> None:
        try:
            if bots:
                self._bots_reply()
        finally:  # show the state reached even when a bot fails (the error then shows too)
            self._clear_error()
            self._open_group = None
            self._follow_mover()
            self._refresh()

    def _follow_mover(self) -> None:
        """Hot-seat: when another human is to move, pause until the screen is passed to them."""
        if not self.hotseat:
            return
        seat = self._state.current_player
        if seat is None:
            self._screen_for = None
            if self._viewpoint is not None:
                self.set_viewpoint(None)  # the game is over: everyone may see everything
            return
        if self.is_human(seat) and seat != self._viewpoint:
            self._screen_for = seat

    def _toggle_autoplay(self) -> None:
        if self._autoplay_task is not None and not self._autoplay_task.done():
            self.stop()
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            self.autoplay()
            return
        self._stop_requested = False
        self.autoplay_button.description = label("stop", self.lang)
        set_icon(self.autoplay_button, "stop")
        self._autoplay_task = loop.create_task(self._autoplay_async())

    async def _autoplay_async(self) -> None:
        try:
            while not self._state.is_terminal() and not self._stop_requested:
                self._guard(self.bot_move)
                if self.last_error is not None:
                    break
                await asyncio.sleep(1.0 / max(1, self.speed_slider.value))
        except asyncio.CancelledError:
            pass
        finally:
            self.autoplay_button.description = label("autoplay", self.lang)
            set_icon(self.autoplay_button, "play")
            self._autoplay_task = None
            self._shown_for = None
            self._guard(self._refresh_actions)  # the buttons of the human to move, if any

    def _autoplaying(self) -> bool:
        task = self._autoplay_task
        return task is not None and not task.done()

    # -- errors -------------------------------------------------------------------------------
    def _clicked(
        self, fn: Callable[..., Any], with_button: bool = False
    ) -> Callable[[widgets.Button], None]:
        """A button's click handler: notes that a page clicked (:func:`heard_from_page`), then
        runs ``fn`` (given the button when ``with_button``) under :meth:`_guard`."""

        def handler(button: widgets.Button) -> None:
            heard_from_page()
            if with_button:
                self._guard(fn, button)
            else:
                self._guard(fn)

        return handler

    def _guard(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run ``fn``; show any exception in the error area instead of losing it in a callback."""
        self._clear_error()
        try:
            return fn(*args, **kwargs)
        except Exception as err:
            self._show_error(err)
            return None

    def _clear_error(self) -> None:
        """Empty the error area; :attr:`last_error` always goes with it."""
        self.last_error = None
        self.error_area.value = ""

    def _show_notice(self, text: str) -> None:
        """A short note in the error area that is not an error (``last_error`` stays None)."""
        self.error_area.value = (
            '<div class="gamelib-notice" style="color:#5d4037;border:1px solid #bcaaa4;'
            f'padding:2px 8px;background:#fbf8f6">{html.escape(text)}</div>'
        )

    def _show_error(self, err: BaseException) -> None:
        self.last_error = err
        kind = type(err).__name__
        if f"error_kind_{kind}" in LABELS:
            kind = label(f"error_kind_{kind}", self.lang)
        elif isinstance(err, GameLibError):
            kind = label("error_kind", self.lang, kind=kind)
        message = err.text(self.lang) if isinstance(err, GameLibError) else str(err)
        detail = "".join(traceback.format_exception(err))
        self.error_area.value = (
            '<div style="color:#b00020;border:1px solid #b00020;padding:4px 8px;'
            'background:#fff5f5">'
            f"<b>{html.escape(kind)}</b>: {html.escape(message)}"
            f"<details><summary>{label('error_details', self.lang)}</summary>"
            "<pre style='font-size:smaller'>"
            f"{html.escape(detail)}</pre></details></div>"
        )

    # -- rendering ----------------------------------------------------------------------------
    def _refresh(self) -> None:
        view = self.view
        problems: list[BaseException] = []
        self.status.value = self._status_html(view)
        self._show_pass_screen()
        try:
            self.summary_area.value = game_summary(
                self._state, self.lang, start=self._position, viewer=self._viewpoint)
        except Exception as err:
            problems.append(err)
        for builder, fw in zip(self.builders, self._figure_widgets, strict=True):
            try:
                update_figure(fw, builder(view))
            except Exception as err:
                problems.append(err)
            else:
                self._attach_clicks(fw)
        for fn, slot in zip(self.extras, self._extra_slots, strict=True):
            try:
                _fill_slot(slot, fn(view))
            except Exception as err:
                problems.append(err)
        self._refresh_actions()
        self.log_panel.show(view.log, view.lang)
        self.undo_button.disabled = not self._state.history
        terminal = self._state.is_terminal()
        self.bot_button.disabled = terminal
        for cb in self._callbacks:
            try:
                cb(self)
            except Exception as err:
                problems.append(err)
        if problems:
            self._show_error(problems[0])

    def _show_pass_screen(self) -> None:
        """Hide everything seat-specific while the screen goes to the next hot-seat player."""
        waiting = self._screen_for is not None
        hidden = "none" if waiting else None
        for box in (self.figures_box, self.extras_box, self.actions_box, self.log_panel):
            box.layout.display = hidden
        self.pass_box.layout.display = None if waiting else "none"
        if self._screen_for is not None:
            seat = self.game.seat_names()[self._screen_for]
            self.pass_note.value = (
                f"<div style='font-size:120%;padding:8px'>"
                f"{html.escape(label('pass_screen', self.lang, seat=seat))}</div>"
            )
            self.pass_button.description = label("show_my_hand", self.lang, seat=seat)

    def _who(self, seat: int) -> str:
        who = self.seats.get(seat, "random")
        return bot_label(who, self.lang)

    def _status_html(self, view: View) -> str:
        lang = self.lang
        title = html.escape(self.game.title.text(lang))
        parts = [f"<b>{title}</b>", html.escape(label("step", lang, step=view.step))]
        if view.outcome is not None:
            names = [view.seat_names[w] for w in view.outcome.winners]
            key = "winners" if len(names) > 1 else "winner"
            joined = ", ".join(names)
            scores = ", ".join(f"{s:g}" for s in view.outcome.scores)
            text = f"{label('game_over', lang)} — {label(key, lang, names=joined)}"
            if view.outcome.reason:
                text += f" ({view.outcome.reason})"
            parts.append(f"<b>{html.escape(text)}</b>")
            parts.append(html.escape(label("scores", lang, scores=scores)))
        elif view.current_player is not None:
            seat = view.seat_names[view.current_player]
            who = self._who(view.current_player)
            parts.append(html.escape(label("to_move", lang, seat=seat, who=who)))
        return " — ".join(parts)

    def _refresh_actions(self) -> None:
        state = self._state
        seat = state.current_player
        lang = self.lang
        human = self.is_human(seat)
        if seat is None:
            self.prompt.value = ""
        elif human:
            name = self.game.seat_names()[seat]
            msg = label("your_move", lang, seat=name)
            if self._open_group is not None:
                msg += " " + label("choose_option", lang, group=self._open_group)
            self.prompt.value = f"<b>{html.escape(msg)}</b>"
        else:
            name = self.game.seat_names()[seat]
            msg = label("waiting", lang, seat=name, who=self._who(seat))
            self.prompt.value = f"<i>{html.escape(msg)}</i>"
        if self._shown_for is state:
            return
        # no buttons during an auto-play (every seat is played): they come back when it stops
        entries = self.choices() if human and not self._autoplaying() else []
        many = len(entries) > MAX_BUTTONS and self._open_group is None
        if entries or self.action_buttons:
            self._new_buttons(state, [] if many else entries)
        else:  # bots to move, no button shown: nothing to send (the hidden "Play" is kept)
            self._shown_for = state
        self.dropdown_box.layout.display = None if many else "none"
        labels = self.legal_labels() if many else {}
        self._dropdown_texts = {lab: text for text, lab in labels.items()}
        options = list(labels.values())
        if list(self.action_dropdown.options) != options:
            self.action_dropdown.options = options
            if options:
                self.action_dropdown.value = options[0]

    def _action_button(self, text: str | None, state: State[Any], shown: str = "",
                       group: str | None = None) -> widgets.Button:
        """A button for ``text`` (``None``: the dropdown's "Play"; with ``group``: open that
        group), shown as ``shown``, valid for ``state`` only.

        A click reaches the kernel after every message sent before it, so the second click of a
        double click arrives when the bots have replied and other buttons are shown. Each step
        therefore gets new buttons, and a click on a button of a step that has passed is ignored
        with a notice (see :meth:`_click_button`).
        """
        # Each step makes new buttons: their layout and style widgets are shared
        # (gamelib.ui.shared_parts); three widgets per button were most of a click's time in
        # games with many choices.
        if text is None and group is None:
            button = make(widgets.Button, description=label("play", self.lang),
                          button_style="primary")
        else:
            shown = shown or str(text or group)
            button = make(widgets.Button, description=shown, tooltip=shown,
                          layout={"width": "auto"})
            if group is not None:
                set_icon(button, "open" if group else "back")
                button.button_style = "info" if group else ""
        button._gamelib_action = text
        button._gamelib_group = group
        button._gamelib_state = state
        button._gamelib_step = len(state.history)
        button.on_click(self._clicked(self._click_button, with_button=True))
        return button

    def _new_buttons(
        self, state: State[Any], entries: Sequence[tuple[str, Sequence[tuple[str, str]]]]
    ) -> None:
        # The previous step's buttons stay open one step, so a late click gets its notice;
        # older ones are closed (a closed widget's clicks never reach the kernel). In a kernel
        # they are closed later (gamelib.ui.closing): a page still drawing a box of buttons
        # that were closed meanwhile (auto-play at full speed) logged "widget model not found".
        close_soon(self._old_buttons)
        self._old_buttons = [*self.action_buttons, self.play_button]
        buttons: list[widgets.Button] = []
        opened = next((m for head, m in entries if head == self._open_group and len(m) > 1), None)
        if opened is not None:
            buttons.append(self._action_button(None, state, label("back", self.lang), group=""))
            buttons.extend(self._action_button(t, state, shown) for t, shown in opened)
        else:
            self._open_group = None
            for head, members in entries:
                if len(members) == 1:
                    buttons.append(self._action_button(members[0][0], state, head))
                else:
                    shown = label("group_more", self.lang, group=head)
                    buttons.append(self._action_button(None, state, shown, group=head))
        self.action_buttons = buttons
        self.buttons_box.children = tuple(self.action_buttons)
        self.play_button = self._action_button(None, state)
        self.dropdown_box.children = (self.action_dropdown, self.play_button)
        self._shown_for = state

    def _click_button(self, button: widgets.Button) -> None:
        """Play a button's action if it was shown for the current state, else say why not."""
        if button._gamelib_state is not self._state:
            self._show_notice(label("stale_click", self.lang, step=button._gamelib_step))
            return
        group = getattr(button, "_gamelib_group", None)
        if group is not None:
            self.open_group(group or None)
            return
        text = button._gamelib_action
        if text is None:
            chosen = self.action_dropdown.value
            text = self._dropdown_texts.get(chosen, chosen)
        self.play(text)


def default_group(game: Game[Any], action: Any, lang: str) -> tuple[str, str] | None:
    """Group an action by its first part: the English label up to " with ", " on ", " as " or
    " by " (e.g. "play spy | on player 2").

    The group is named by that first part in English, and in another language by the part of
    the labels before the first difference… so games with labels in Japanese give their own
    ``action_group(action, lang)`` (a method of the game) or the controller's ``group``.
    Options are named by the rest of the label (English) or the whole label.
    """
    en = game.action_label(action, "en")
    for sep in (" with ", " on ", " as ", " by "):
        cut = en.find(sep)
        if cut > 0:
            head, rest = en[:cut], en[cut + 1 :]
            if lang == "en":
                return head, rest
            return f"{head}", game.action_label(action, lang)
    return None


def _common_head(head: str, members: Sequence[tuple[str, str]]) -> str:
    """A group's name from what its options' labels share (``head`` if they share too little)."""
    if len(members) < 2:
        return head
    labels = [shown for _text, shown in members]
    n = 0
    while all(len(x) > n and x[n] == labels[0][n] for x in labels):
        n += 1
    shared = labels[0][:n].strip()
    return shared if len(shared) >= 2 else head


def with_lang(game: Game[Any], lang: str) -> Game[Any]:
    """The same game (same options) with all its text in ``lang``."""
    if lang == game.lang:
        return game
    return type(game)(game.options.replace(lang=lang))


def relang(state: State[Any], game: Game[Any]) -> State[Any]:
    """A copy of ``state`` that belongs to ``game`` (the same game in another language)."""
    if state.game is game:
        return state
    new = state.clone()
    new.game = game
    return new


def _replace_slot(slot: widgets.VBox, new: widgets.Widget) -> None:
    """Put ``new`` in ``slot``; the widget it replaces is closed (soon: a page may still be
    drawing it, see :mod:`gamelib.ui.closing`) if the controller made it."""
    close_soon([w for w in slot.children if getattr(w, "_gamelib_slot", False) and w is not new])
    slot.children = (new,)


def _fill_slot(slot: widgets.VBox, content: Any) -> None:
    """Show an extra's result: HTML text, a plotly figure (kept in one widget) or any widget."""
    current = slot.children[0] if slot.children else None
    ours = getattr(current, "_gamelib_slot", False)
    if isinstance(content, str):
        if isinstance(current, widgets.HTML) and ours:
            current.value = content
        else:
            box = make(widgets.HTML, content)
            box._gamelib_slot = True
            _replace_slot(slot, box)
    elif isinstance(content, BaseFigure):
        # A new figure (or FigureWidget) each step is copied into one FigureWidget kept in place.
        if current is content:
            return
        if isinstance(current, go.FigureWidget) and ours:
            update_figure(current, content)
        else:
            fw = FigureWidget(content)
            fw._gamelib_slot = True
            _replace_slot(slot, fw)
    elif isinstance(content, widgets.Widget):
        if current is not content:
            _replace_slot(slot, content)
    else:
        raise TypeError(
            f"an extra returns HTML text, a plotly figure or a widget, not {type(content).__name__}"
        )


def _check_seats(
    game: Game[Any], seats: Mapping[int, str] | Sequence[str] | None
) -> dict[int, str]:
    players = game.players
    if seats is None:
        given: dict[int, str] = {0: HUMAN}
    elif isinstance(seats, Mapping):
        given = dict(seats)
    else:
        given = dict(enumerate(seats))
    known = bot_names(game)
    for seat, who in given.items():
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise error_of("no_seat", seat=repr(seat), last=players - 1)
        if who != HUMAN and not is_bot_name(who, game):  # also "ismcts:400"
            raise error_of("unknown_player", seat=seat, who=repr(who), known=", ".join(known))
    return {seat: given.get(seat, "random") for seat in range(players)}


def _check_viewpoint(game: Game[Any], viewpoint: int | None) -> int | None:
    if viewpoint is None or viewpoint == TEACHER:
        return None
    if not isinstance(viewpoint, int) or not 0 <= viewpoint < game.players:
        raise error_of("no_viewpoint", viewpoint=repr(viewpoint), last=game.players - 1)
    return viewpoint
