"""The lesson toolkit: a language switch, "try it" questions and exercises, for every game.

A notebook makes one :class:`Lesson` in its first cell and shows ``lesson.switch`` at the top;
everything made through the lesson follows the switch (English ``"en"`` / Japanese ``"ja"``):
controllers (labels, figures, log lines, refusals), texts, live figures, questions, exercises.

API (all texts are ``(en, ja)`` pairs, :class:`~gamelib.core.Term` objects or plain strings)::

    from gamelib.ui.lesson import Lesson, TryIt, Exercise

    lesson = Lesson(lang="en")
    lesson.switch                                   # display at the top: English / 日本語
    lesson.lang                                     # the current language
    game = lesson.load("rekkyo", players=3)         # gamelib.load in the lesson's language
    ctrl = lesson.controller(game, figures=[...], seats=["human", "heuristic"],
                             position=None, hotseat=False)   # a GameController that follows
    lesson.text(("Your turn.", "あなたの番です。"))   # an HTML widget that follows
    lesson.later(lambda: lesson.controller(...))    # a Later: made when a page shows its
                                                    # place near the screen; .value makes it
    lesson.figure(lambda lang: make_figure(lang))   # a FigureWidget rebuilt on a switch
    fig = lesson.static(lambda lang: make_figure(lang),   # a StaticFigure: drawn once per
                        note=("How to read it.", "読み方。"))  # language, redrawn on a switch;
    fig.figure                                      # the go.Figure in the current language

    q = lesson.try_it(
        prompt=("Which card wins?", "どのカードが勝つ?"),
        choices=[(value, ("label en", "label ja")), ...],   # values: anything comparable
        answer=lambda: engine_function(state),    # REQUIRED callable: the engine decides;
                                                   # may return one value or a set of values
        explain=("The rule: ...", "ルール: ..."),  # shown with a wrong answer (or a callable
                                                   # value -> text, told the learner's choice)
        why=("Because ...", "..."),               # optional, shown with a right answer
    )
    q.widget; q.choose(value) -> bool; q.correct (a frozenset); q.buttons; q.feedback.value

    q = lesson.pick_action(state, prompt=..., is_right=lambda state, action: bool, explain=...)
        # the choices are the state's legal actions, named by the game's action_label

    ex = lesson.exercise(prompt=..., choices=..., answer=..., explain=...,
                         solution=("Worked solution ...", "解答 ..."))  # or a callable -> text
    ex.reveal_button.click()   # shows / hides ex.solution_area (hidden until clicked)

:class:`TryIt` and :class:`Exercise` can also be built directly with ``lang=...`` and joined to a
lesson with ``lesson.follow(obj)`` (any object with ``set_lang(lang)`` can follow).
Tests drive everything headless: ``q.buttons[i].click()``, ``lesson.switch.value = "ja"``.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

import anywidget
import ipywidgets as widgets
import plotly.graph_objects as go

from gamelib.core import Game, State, Term, load
from gamelib.ui.closing import heard_from_page
from gamelib.ui.controller import GameController, update_figure, with_lang
from gamelib.ui.figure_display import static_figure
from gamelib.ui.icons import icon_style, set_icon
from gamelib.ui.labels import label
from gamelib.ui.plotly_widget import NEAR_SCREEN_JS, FigureWidget
from gamelib.ui.shared_parts import make

__all__ = [
    "EXPORT_ENV",
    "FIGURE_KEY",
    "LANGS",
    "NOTE_KEY",
    "Exercise",
    "Follower",
    "Later",
    "Lesson",
    "LiveFigure",
    "LiveText",
    "StaticFigure",
    "Text",
    "TryIt",
    "figure_json",
    "is_static_output",
    "text_of",
]

LANGS = (("English", "en"), ("日本語", "ja"))
"""The switch's choices: (shown, language code)."""

Text = Term | tuple[str, str] | str
"""A text in both languages: a Term, an ``(en, ja)`` pair, or one string for both."""

EXPORT_ENV = "GAMELIB_EXPORT_FIGURES"
"""When this environment variable is set (by ``tools/lesson_figures.py`` in the kernel it
runs), a :class:`StaticFigure` displays its figure as plotly JSON in the output's metadata
(``FIGURE_KEY``) instead of a widget, for the tool to render it as a PNG."""

FIGURE_KEY = "gamelib/static-figure"
"""The output metadata key holding a static figure's plotly JSON (:func:`figure_json`)."""

NOTE_KEY = "gamelib/static-figure-note"
"""The output metadata key marking the sentence shown under a static figure."""

_RIGHT_STYLE = "color:#1b5e20;border:1px solid #66bb6a;background:#f1f8e9;padding:4px 8px"
_WRONG_STYLE = "color:#b71c1c;border:1px solid #e57373;background:#fff5f5;padding:4px 8px"


def text_of(text: Text, lang: str) -> str:
    """``text`` in ``lang`` (English if no Japanese is given)."""
    if isinstance(text, Term):
        return text.text(lang)
    if isinstance(text, tuple):
        en, ja = text
        return ja if lang == "ja" and ja else en
    return text


class Follower(Protocol):
    """Anything the language switch can reach."""

    def set_lang(self, lang: str) -> None: ...


F = TypeVar("F", bound=Follower)


class LiveText:
    """An HTML widget showing a text in the current language."""

    def __init__(self, text: Text, lang: str = "en", *, tag: str = "div") -> None:
        self.text = text
        self.tag = tag
        self.widget = make(widgets.HTML)
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        """Show the text in ``lang``."""
        self.lang = lang
        self.widget.value = f"<{self.tag}>{html.escape(text_of(self.text, lang))}</{self.tag}>"

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


class LiveFigure:
    """A figure widget rebuilt (in place) by ``build(lang)`` when the language changes."""

    def __init__(self, build: Callable[[str], go.Figure], lang: str = "en") -> None:
        self.build = build
        self.lang = lang
        self.widget = FigureWidget(build(lang))

    def set_lang(self, lang: str) -> None:
        """Rebuild the figure in ``lang`` (nothing to do in the language it shows)."""
        if lang == self.lang:
            return
        self.lang = lang
        update_figure(self.widget, self.build(lang))

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


def is_static_output(output: Any) -> bool:
    """Whether a notebook cell's ``output`` is a committed static figure (a PNG with its plotly
    JSON under ``FIGURE_KEY``) or the note under one (``NOTE_KEY``)."""
    meta = output.get("metadata") or {}
    return bool(output.get("output_type") == "display_data"
                and (FIGURE_KEY in meta or NOTE_KEY in meta))


def figure_json(fig: go.Figure) -> dict[str, Any]:
    """``fig`` as plain JSON data (what plotly.js draws), comparable with ``==``."""
    data: dict[str, Any] = json.loads(fig.to_json())
    return data


def _as_figure(fig: go.Figure | dict[str, Any]) -> go.Figure:
    """A builder's result as a figure (builders may return plotly JSON dicts)."""
    return fig if isinstance(fig, go.Figure) else go.Figure(fig)


NEAR_SCREEN_ESM = NEAR_SCREEN_JS + """
export default {
  render({ model, el }) {
    let removed = false;
    nearScreen(el, () => removed).then(() => {
      if (!removed) model.send({ gamelib: "near" });
    });
    return () => {
      removed = true;
    };
  },
};
"""
"""The front end of :class:`Later`'s marker: tells the kernel when it comes within a screen
height of the visible part of its page (or at once, in a browser without
``IntersectionObserver``)."""

LATER_TEXT: Text = ("Loading the board…", "盤面を読み込んでいます…")
"""What :class:`Later` shows until it is built."""


class NearScreen(anywidget.AnyWidget):
    """:class:`Later`'s marker: sends ``{"gamelib": "near"}`` when it comes near the screen."""

    _esm = NEAR_SCREEN_ESM


class Later:
    """A widget made when a page shows its place near the screen, not when the cell runs.

    A lesson shows a board in most chapters; each board is a controller of about 90 widgets
    (five of them figures) that Voila made while it ran the notebook (0.2–0.5 s each) and whose
    states a page asked for when it loaded (issue 12). ``Later(build)`` displays a short text
    and a marker widget instead; when the marker comes within a screen height of the visible
    part of the page (an ``IntersectionObserver``), the kernel calls ``build()`` and shows what
    it made (a :class:`GameController` or any widget) in its place. :attr:`value` builds it
    at once (tests, code that needs the controller). A build that raises shows its error in
    place of the board. A notebook saved with widget state shows the text for a board never
    built in a browser.
    """

    def __init__(self, build: Callable[[], Any], lang: str = "en") -> None:
        self._build = build
        self._value: Any = None
        self.built = False
        self.lang = lang
        self.text = make(widgets.HTML)
        self.marker = make(NearScreen)
        self.marker.on_msg(self._heard)
        self.box = make(widgets.VBox, [self.text, self.marker])
        self.box.add_class("gamelib-later")
        self.set_lang(lang)

    @property
    def value(self) -> Any:
        """What ``build()`` made (built now if it was not yet)."""
        self.show()
        return self._value

    def show(self) -> None:
        """Build and show it in place of the text (once)."""
        if self.built:
            return
        self.built = True
        try:
            self._value = self._build()
        except Exception as err:  # shown where the board would be, as a cell's error would
            self.text.value = (f"<pre class='gamelib-error'>{html.escape(type(err).__name__)}: "
                               f"{html.escape(str(err))}</pre>")
            raise
        shown = getattr(self._value, "widget", self._value)
        self.box.children = (shown,) if isinstance(shown, widgets.Widget) else (self.text,)

    def _heard(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("gamelib") == "near" and not self.built:
            with contextlib.suppress(Exception):  # shown in place of the board
                self.show()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if not self.built:
            self.text.value = f"<i>{html.escape(text_of(LATER_TEXT, lang))}</i>"

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.box)  # type: ignore[no-untyped-call]

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


class StaticFigure:
    """A figure that is drawn, not explored: built by ``build(lang)`` for the current language
    and rebuilt when the language changes (titles, axes, hover texts and the ``note`` under it).

    In a kernel it is shown as a figure widget drawn with the page's shared plotly.js
    (:func:`gamelib.ui.figure_display.static_figure`), updated in place on a switch; the note is
    an HTML line under it. Without a kernel (GitHub, nbviewer), the committed notebook carries
    the figure as a PNG rendered by ``tools/lesson_figures.py`` (see ``docs/teaching.md``).
    """

    def __init__(self, build: Callable[[str], go.Figure | dict[str, Any]], lang: str = "en", *,
                 note: Text | None = None) -> None:
        self.build = build
        self.note = note
        self.lang = lang
        self.figure = _as_figure(build(lang))
        self._widget: FigureWidget | None = None
        self.caption = make(widgets.HTML)
        self.caption.add_class("gamelib-figure-note")
        self._show_note()

    @property
    def widget(self) -> FigureWidget:
        """The figure widget (made when first asked for, then updated in place)."""
        if self._widget is None:
            self._widget = static_figure(self.figure)
        return self._widget

    def set_lang(self, lang: str) -> None:
        """Rebuild the figure and its note in ``lang``."""
        if lang == self.lang:
            return
        self.lang = lang
        self.figure = _as_figure(self.build(lang))
        if self._widget is not None:
            update_figure(self._widget, self.figure)
        self._show_note()

    def note_text(self) -> str:
        """The note under the figure in the current language (``""`` without a note)."""
        return "" if self.note is None else text_of(self.note, self.lang)

    def _show_note(self) -> None:
        note = self.note_text()
        self.caption.value = f"<p><i>{html.escape(note)}</i></p>" if note else ""

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        title = " ".join(re.sub(r"<[^>]*>", " ", self.figure.layout.title.text or "figure").split())
        if os.environ.get(EXPORT_ENV):
            display({"text/plain": f"<figure: {title}>"}, raw=True,  # type: ignore[no-untyped-call]
                    metadata={FIGURE_KEY: figure_json(self.figure)})
            if self.note is not None:
                display({"text/html": self.caption.value, "text/plain": self.note_text()},
                        raw=True, metadata={NOTE_KEY: True})  # type: ignore[no-untyped-call]
            return
        display(self.widget)  # type: ignore[no-untyped-call]
        if self.note is not None:
            display(self.caption)  # type: ignore[no-untyped-call]


class TryIt:
    """A small decision with immediate feedback; the right answer comes from the engine.

    ``answer`` is called once, at construction: it must compute the answer from a state or an
    engine function (one value, or a set/list of values that are all right). A wrong choice
    shows ``explain`` (the rule behind it) and the engine's answer; a right one shows ``why``
    (default: ``explain``). Raises ``ValueError`` if no offered choice is right.
    """

    def __init__(
        self,
        prompt: Text,
        choices: Sequence[tuple[Any, Text]],
        answer: Callable[[], Any],
        *,
        explain: Text | Callable[[Any], Text],
        why: Text | None = None,
        lang: str = "en",
    ) -> None:
        if not callable(answer):
            raise TypeError("answer must be a function that asks the engine, not a value")
        if not choices:
            raise ValueError("a question needs choices")
        self.prompt = prompt
        self.choices = list(choices)
        self.explain = explain
        self.why = why
        found = answer()
        many = isinstance(found, (set, frozenset, list, tuple)) and not isinstance(found, str)
        self.correct: frozenset[Any] = frozenset(found if many else (found,))
        values = [v for v, _ in self.choices]
        if not any(v in self.correct for v in values):
            raise ValueError(
                f"the engine's answer {sorted(map(str, self.correct))} is not among the choices"
            )
        self.chosen: Any = None
        self.attempts = 0
        self.prompt_area = make(widgets.HTML)
        self.buttons = [self._button(v) for v in values]
        self.feedback = make(widgets.HTML)
        self.feedback.add_class("gamelib-feedback")
        self.widget = make(widgets.VBox, [
            self.prompt_area, make(widgets.HBox, self.buttons, layout={"flex_flow": "row wrap"}),
            self.feedback])
        self.widget.add_class("gamelib-tryit")
        self.lang = lang
        self.set_lang(lang)

    # -- public -------------------------------------------------------------------------------
    def is_right(self, value: Any) -> bool:
        """Whether ``value`` is (one of) the engine's answer(s)."""
        return value in self.correct

    def choose(self, value: Any) -> bool:
        """Answer with ``value`` (as a click on its button does); returns whether it is right."""
        if value not in [v for v, _ in self.choices]:
            raise ValueError(f"{value!r} is not one of the choices")
        self.chosen = value
        self.attempts += 1
        self._show_feedback()
        return self.is_right(value)

    def set_lang(self, lang: str) -> None:
        """Show the question, its choices and any feedback in ``lang``."""
        self.lang = lang
        self.prompt_area.value = f"<b>{html.escape(text_of(self.prompt, lang))}</b>"
        for button, (_v, shown) in zip(self.buttons, self.choices, strict=True):
            button.description = text_of(shown, lang)
            button.tooltip = button.description
        self._show_feedback()

    def shown(self, value: Any) -> str:
        """The label of the choice ``value`` in the current language."""
        return next(text_of(s, self.lang) for v, s in self.choices if v == value)

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    # -- internals ----------------------------------------------------------------------------
    def _button(self, value: Any) -> widgets.Button:
        button = make(widgets.Button, layout={"width": "auto"})
        button.on_click(lambda _b: (heard_from_page(), self.choose(value)))
        return button

    def _explanation(self, value: Any) -> str:
        explain = self.explain
        text = explain(value) if callable(explain) else explain
        return text_of(text, self.lang)

    def _show_feedback(self) -> None:
        if self.chosen is None:
            self.feedback.value = ""
            return
        lang = self.lang
        chose = label("you_chose", lang, choice=self.shown(self.chosen))
        if self.is_right(self.chosen):
            why = text_of(self.why, lang) if self.why is not None else self._explanation(
                self.chosen)
            body = f"<b>{html.escape(label('right', lang))}</b> {html.escape(chose)} " + (
                html.escape(why))
            style = _RIGHT_STYLE
        else:
            answers = ", ".join(self.shown(v) for v, _ in self.choices if self.is_right(v))
            body = (
                f"<b>{html.escape(label('wrong', lang))}</b> {html.escape(chose)} "
                f"{html.escape(self._explanation(self.chosen))} "
                f"<i>{html.escape(label('engine_says', lang, answer=answers))}</i>"
            )
            style = _WRONG_STYLE
        self.feedback.value = f"<div style='{style}'>{body}</div>"


class Exercise(TryIt):
    """A :class:`TryIt` at the end of a chapter, with a worked solution behind a button.

    The solution (a text, or a function computing it from the engine, called when shown) stays
    hidden until ``reveal_button`` is clicked; a second click hides it again.
    """

    def __init__(
        self,
        prompt: Text,
        choices: Sequence[tuple[Any, Text]],
        answer: Callable[[], Any],
        *,
        explain: Text | Callable[[Any], Text],
        solution: Text | Callable[[], Text],
        why: Text | None = None,
        lang: str = "en",
    ) -> None:
        self.solution = solution
        self.revealed = False
        self.reveal_button = make(widgets.ToggleButton, value=False)
        set_icon(self.reveal_button, "reveal")
        self.solution_area = make(widgets.HTML)
        self.solution_area.add_class("gamelib-solution")
        super().__init__(prompt, choices, answer, explain=explain, why=why, lang=lang)
        self.reveal_button.observe(lambda change: self.reveal(bool(change["new"])), names="value")
        self.widget.children = (*self.widget.children, self.reveal_button, self.solution_area,
                                icon_style())
        self.widget.add_class("gamelib-exercise")

    def reveal(self, show: bool = True) -> None:
        """Show (or hide) the solution."""
        self.revealed = show
        if self.reveal_button.value != show:
            self.reveal_button.value = show
        self._show_solution()

    def set_lang(self, lang: str) -> None:
        """Show the exercise, its feedback and (if revealed) its solution in ``lang``."""
        super().set_lang(lang)
        self._show_solution()

    def _show_solution(self) -> None:
        lang = self.lang
        self.reveal_button.description = label("hide" if self.revealed else "reveal", lang)
        if not self.revealed:
            self.solution_area.value = ""
            return
        solution = self.solution() if callable(self.solution) else self.solution
        text = html.escape(text_of(solution, lang)).replace("\n", "<br>")
        self.solution_area.value = (
            f"<div style='border-left:3px solid #90a4ae;padding:4px 8px'>"
            f"<b>{html.escape(label('solution', lang))}</b><br>{text}</div>"
        )


class Lesson:
    """One notebook's language switch and everything that follows it."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in dict((code, code) for _shown, code in LANGS):
            raise ValueError(f"lang must be 'en' or 'ja', not {lang!r}")
        self.lang = lang
        self.followers: list[Follower] = []
        self.switch = widgets.ToggleButtons(options=list(LANGS), value=lang,
                                            description=label("language", lang))
        self.switch.add_class("gamelib-lang-switch")
        self.switch.observe(lambda change: self.set_lang(str(change["new"])), names="value")

    def set_lang(self, lang: str) -> None:
        """Switch every follower to ``lang``."""
        self.lang = lang
        if self.switch.value != lang:
            self.switch.value = lang
        self.switch.description = label("language", lang)
        for follower in self.followers:
            follower.set_lang(lang)

    def follow(self, obj: F) -> F:
        """Make ``obj`` (anything with ``set_lang``) follow the switch; it is set now too."""
        self.followers.append(obj)
        obj.set_lang(self.lang)
        return obj

    # -- makers -------------------------------------------------------------------------------
    def load(self, game_id: str, **options: Any) -> Game[Any]:
        """``gamelib.load`` in the lesson's current language."""
        return load(game_id, **{**options, "lang": self.lang})

    def controller(self, game: Game[Any] | str | None = None, **kwargs: Any) -> GameController:
        """A :class:`GameController` (same arguments) that follows the switch."""
        position = kwargs.get("position")
        if game is None and position is None:
            raise ValueError("give a game or a position")
        if isinstance(game, Game):
            game = with_lang(game, self.lang)
        return self.follow(GameController(game, lang=self.lang, **kwargs))

    def later(self, build: Callable[[], Any]) -> Later:
        """A :class:`Later`: ``build()`` (a controller, a widget) made when a page shows its
        place near the screen. ``build`` makes its own followers (``lesson.controller``)."""
        return self.follow(Later(build, self.lang))

    def text(self, text: Text, *, tag: str = "div") -> LiveText:
        """An HTML text that follows the switch."""
        return self.follow(LiveText(text, self.lang, tag=tag))

    def figure(self, build: Callable[[str], go.Figure]) -> LiveFigure:
        """A figure widget ``build(lang)`` that is rebuilt when the language changes."""
        return self.follow(LiveFigure(build, self.lang))

    def static(self, build: Callable[[str], go.Figure | dict[str, Any]], *,
               note: Text | None = None) -> StaticFigure:
        """A :class:`StaticFigure` ``build(lang)`` (with an optional ``note``, the sentence
        saying how to read it, shown under it) that is redrawn when the language changes."""
        return self.follow(StaticFigure(build, self.lang, note=note))

    def try_it(self, prompt: Text, choices: Sequence[tuple[Any, Text]],
               answer: Callable[[], Any], **kwargs: Any) -> TryIt:
        """A :class:`TryIt` that follows the switch."""
        return self.follow(TryIt(prompt, choices, answer, lang=self.lang, **kwargs))

    def exercise(self, prompt: Text, choices: Sequence[tuple[Any, Text]],
                 answer: Callable[[], Any], **kwargs: Any) -> Exercise:
        """An :class:`Exercise` that follows the switch."""
        return self.follow(Exercise(prompt, choices, answer, lang=self.lang, **kwargs))

    def pick_action(
        self,
        state: State[Any],
        prompt: Text,
        is_right: Callable[[State[Any], Any], bool],
        *,
        actions: Iterable[Any] | None = None,
        **kwargs: Any,
    ) -> TryIt:
        """A :class:`TryIt` whose choices are the legal actions of ``state`` (or ``actions``),
        named as players name them; the right ones are those ``is_right(state, action)`` keeps.

        The choice values are the actions' texts (``str(action)``).
        """
        legal = list(actions if actions is not None else state.legal_actions())
        game = state.game

        def shown(action: Any) -> Term:
            return Term(game.action_label(action, "en"), game.action_label(action, "ja"))

        choices = [(str(a), shown(a)) for a in legal]
        right = frozenset(str(a) for a in legal if is_right(state, a))
        return self.try_it(prompt, choices, lambda: right, **kwargs)

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.switch)  # type: ignore[no-untyped-call]
