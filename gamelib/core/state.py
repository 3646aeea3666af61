"""The contract every game implements: Game, State, View and Outcome.

A game module subclasses :class:`Game` (options, new states, action parsing, bots) and
:class:`State` (whose turn, legal actions, applying an action to a private copy, views, outcome).
Generic code (records, bots, simulation, the notebook controller, the conformance suite) uses
nothing else. :func:`play` is the one checked entry point that changes a game.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import hashlib
import pickle
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from gamelib.core.errors import IllegalAction
from gamelib.core.history import History, history_of
from gamelib.core.log import Catalog, LogEntry, Term
from gamelib.core.log_prefix import LogPrefix
from gamelib.core.messages import CORE, MAX_ACTION_TEXT
from gamelib.core.options import Options
from gamelib.core.rng import Rng, fresh_seed

if TYPE_CHECKING:
    from typing import Self

__all__ = [
    "Action",
    "Bot",
    "Game",
    "Outcome",
    "State",
    "View",
    "digest",
    "fingerprint",
    "play",
]


class Action(Protocol):
    """An action: a small immutable value whose ``str`` is readable text that parses back."""

    def __str__(self) -> str: ...

    def __eq__(self, other: object) -> bool: ...

    def __hash__(self) -> int: ...


A = TypeVar("A", bound=Action)
S = TypeVar("S", bound="State[Any]")


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: per-player ``scores``, the ``winners`` and why it ended."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str = ""

    def is_tie(self) -> bool:
        """Return whether more than one player won."""
        return len(self.winners) > 1


@dataclass(frozen=True)
class View:
    """What one player (``viewer``; ``None`` is the teacher, who sees everything) may see.

    Games subclass it with their own public and private fields. A view holds plain values only,
    never the state, so a figure or a bot given a view cannot reach hidden cards.
    """

    game_id: str
    viewer: int | None
    players: int
    current_player: int | None
    lang: str
    seat_names: tuple[str, ...]
    log: tuple[LogEntry, ...]
    outcome: Outcome | None
    step: int

    def is_terminal(self) -> bool:
        """Return whether the game is over."""
        return self.outcome is not None

    def log_lines(self) -> list[str]:
        """The visible log rendered in the view's language."""
        return [e.text(self.lang) for e in self.log]


class Bot(Protocol):
    """A player that picks one of the legal actions from what its seat may see."""

    def choose(self, view: View, legal_actions: Sequence[Any]) -> Any: ...


class Game(ABC, Generic[S]):
    """A game with fixed options. Subclasses set the class attributes and implement the hooks."""

    id: ClassVar[str]
    title: ClassVar[Term]
    options_type: ClassVar[type[Options]]
    messages: ClassVar[Catalog]

    def __init__(self, options: Options) -> None:
        self.options = options

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Make every ``parse_action`` override refuse non-text and overlong text first.

        A game's own parser then never sees ``None`` or a megabyte of text, whatever it forgets.
        """
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("parse_action")
        if own is not None and not getattr(own, "_checks_text", False):

            @functools.wraps(own)
            def parse_action(self: Game[Any], state: Any, text: str) -> Any:
                self.check_action_text(text)
                return own(self, state, text)

            parse_action._checks_text = True  # type: ignore[attr-defined]
            cls.parse_action = parse_action  # type: ignore[method-assign]

    def __repr__(self) -> str:
        return f"gamelib.load({self.id!r}, **{self.options.to_dict()!r})"

    @property
    def players(self) -> int:
        """Number of seats."""
        return int(getattr(self.options, "players", 2))

    @property
    def lang(self) -> str:
        """Language of all text."""
        return self.options.lang

    def new_state(self, seed: int | None = None, *, quiet: bool = False) -> S:
        """Return the start of a game; ``seed`` (random when ``None``) drives every chance event.

        With ``quiet`` the state is :attr:`State.quiet` from its first line on, set-up included
        (fast playouts nobody reads: no log at all). The game is the same either way.
        """
        if seed is None:
            seed = fresh_seed()
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, not {seed!r}")
        if not quiet:
            return self._initial_state(seed, Rng(seed))
        token = _QUIET_START.set(True)
        try:
            state = self._initial_state(seed, Rng(seed))
        finally:
            _QUIET_START.reset(token)
        state.quiet = True
        return state

    @abstractmethod
    def _initial_state(self, seed: int, rng: Rng) -> S:
        """Set up a new game (shuffle, deal) using only ``rng``."""

    def parse_action(self, state: S, text: str) -> Any:
        """Return the legal action of ``state`` written as ``text`` (spaces and case ignored).

        ``text`` may be an action's own text or its label in either language
        (:meth:`action_label`). Refusals are :class:`IllegalAction` in the game's language.
        """
        self.check_action_text(text)
        wanted = _norm(text)
        if state.is_terminal():
            raise IllegalAction.of(CORE.term("game_over", action=text), self.lang)
        legal = state.legal_actions()
        for action in legal:
            if _norm(str(action)) == wanted:
                return action
        for lang in ("en", "ja"):
            for action in legal:
                if _norm(self.action_label(action, lang)) == wanted:
                    return action
        raise IllegalAction.of(state.why_illegal_text(text), self.lang)

    def check_action_text(self, text: object) -> None:
        """Refuse what cannot be action text at all: not a string, or over 1,000 characters."""
        if not isinstance(text, str):
            raise IllegalAction.of(CORE.term("not_text", kind=type(text).__name__), self.lang)
        if len(text) > MAX_ACTION_TEXT:
            raise IllegalAction.of(
                CORE.term("too_long", n=f"{len(text):,}", limit=f"{MAX_ACTION_TEXT:,}"),
                self.lang,
            )

    def action_label(self, action: Any, lang: str) -> str:
        """How a player names ``action`` in ``lang`` (buttons; parses back). Default: its text."""
        return str(action)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        """Bots of this game beyond the generic random bot, by name, each made from a seed."""
        return {}

    def search_settings(self) -> Mapping[str, Any]:
        """The generic search bot's settings measured strongest against this game's own
        heuristic bot (``make_bot("ismcts:tuned", game)``; the measurements are in
        docs/performance.md, *ismcts*). Empty: none measured."""
        return {}

    # -- search and interop: stable action ids, length and score bounds, numeric views ---------
    def all_actions(self) -> Sequence[Any]:
        """Every action a state of this game (with these options) can offer, in a fixed order.

        An action's id (:meth:`action_id`) is its position here, so the order must depend on the
        options only: build it from the game's data tables, never from a set's iteration order.
        Games override it; the default says the game lists none.
        """
        raise NotImplementedError(f"{self.id} does not list its actions")

    def action_count(self) -> int:
        """How many action ids there are: ids are ``0 .. action_count() - 1``."""
        return len(_action_table(self)[0])

    def action_id(self, action: Any) -> int:
        """The stable id of ``action``: the same for these options in every process.

        Raises :class:`IllegalAction` when ``action`` is not an action of this game.
        """
        index = _action_table(self)[1]
        try:
            return index[action]
        except (KeyError, TypeError):
            raise IllegalAction.of(
                CORE.term("no_action_id", action=str(action)[:80]), self.lang
            ) from None

    def action_from_id(self, state: S, action_id: int) -> Any:
        """The legal action of ``state`` whose id is ``action_id``.

        Raises :class:`IllegalAction` (in the game's language) for an id that is not a whole
        number in range, or whose action is not legal in ``state``.
        """
        actions = _action_table(self)[0]
        if (
            not isinstance(action_id, int)
            or isinstance(action_id, bool)
            or not 0 <= action_id < len(actions)
        ):
            last = len(actions) - 1
            raise IllegalAction.of(
                CORE.term("bad_action_id", value=repr(action_id)[:40], last=last), self.lang
            )
        action = actions[action_id]
        if state.is_terminal():
            raise IllegalAction.of(CORE.term("game_over", action=str(action)[:80]), self.lang)
        for candidate in state.legal_actions():
            if candidate == action:
                return candidate
        raise IllegalAction.of(state.why_illegal(action), self.lang)

    def max_length(self) -> int:
        """A bound on the number of actions of any game with these options (finite always)."""
        raise NotImplementedError(f"{self.id} gives no bound on its length")

    def score_bounds(self) -> tuple[float, float]:
        """The lowest and highest score a player can end with (:attr:`Outcome.scores`)."""
        raise NotImplementedError(f"{self.id} gives no bounds on its scores")

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector (fixed for these options)."""
        raise NotImplementedError(f"{self.id} has no numeric observation")

    def observe(self, view: View) -> list[float]:
        """A numeric rendering of ``view`` (a player's view) of :meth:`observation_size` numbers.

        For learning code (PettingZoo): it holds only what the view holds, so it hides what the
        view hides. The layout is documented by the game.
        """
        raise NotImplementedError(f"{self.id} has no numeric observation")

    def seat_names(self) -> tuple[str, ...]:
        """Names of the seats in the game's language."""
        if self.lang == "ja":
            return tuple(f"プレイヤー{i + 1}" for i in range(self.players))
        return tuple(f"Player {i + 1}" for i in range(self.players))


@functools.lru_cache(maxsize=64)
def _action_table(game: Game[Any]) -> tuple[tuple[Any, ...], dict[Any, int]]:
    """A game's actions and their ids, built once per options (games are equal by options)."""
    actions = tuple(game.all_actions())
    index = {action: i for i, action in enumerate(actions)}
    if len(index) != len(actions):
        raise ValueError(f"{game.id}: all_actions() lists an action twice")
    return actions, index


_QUIET_START: ContextVar[bool] = ContextVar("gamelib_quiet_start", default=False)
"""True while :meth:`Game.new_state` builds a quiet state (read by :meth:`State.__init__`)."""


def _norm(text: str) -> str:
    return " ".join(text.strip().split()).casefold()


class State(ABC, Generic[A]):
    """One moment of a game. Never mutated once handed out: :func:`play` returns a new state.

    Subclasses store their data in plain attributes (lists, dicts, tuples, dataclasses) so that
    :meth:`clone` and :func:`fingerprint` work. The default :meth:`clone` is ``copy.deepcopy``;
    games override it with a hand-written copy of only what ``_apply`` mutates, sharing immutable
    values (tuples, frozen dataclasses, log entries).

    Two ways to move a game on: :func:`play` (checked, returns a new state) and
    :meth:`apply_in_place` (the fast path for search and simulation: unchecked, mutates this
    state). With ``quiet`` set, :meth:`add_log` records nothing, for playouts nobody reads.
    """

    #: When true, :meth:`add_log` skips its entry (fast playouts; see :meth:`apply_in_place`).
    quiet: bool = False

    #: When true, ``log`` may not be written as it is: a :class:`LogPrefix` of a list handed to a
    #: twin, or a list shared with one (:meth:`share_log`); the next entry copies it first
    #: (:meth:`_writable_log`, or the same test inline). Bookkeeping, not content:
    #: ``fingerprint`` and ``digest`` leave it out.
    _log_shared: bool = False

    #: Attributes that only cache what the rest of the state determines (e.g. the legal actions,
    #: reset by ``_apply``): :func:`fingerprint` and :func:`digest` leave them out.
    _caches: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: Game[Any], seed: int, rng: Rng) -> None:
        self.game = game
        self.seed = seed
        self.rng = rng
        self._history: list[str] | History = []
        self.log: list[LogEntry] = []
        # (instance attributes, also when false: games read them at every entry they might log,
        # and a class attribute is the interpreter's slowest read; not content, see fingerprint)
        self.quiet = _QUIET_START.get()
        self._log_shared = False

    @property
    def history(self) -> History:
        """The texts of the actions played, oldest first (a :class:`History`: read as a tuple).

        What was played when it was read: the state's later steps do not change it. A state
        keeps a list of its own and appends to it (:mod:`gamelib.core.history`); setting
        ``history`` (any sequence of texts) gives it a copy of the texts."""
        h = self._history
        return history_of(h) if type(h) is list else h  # type: ignore[return-value]

    @history.setter
    def history(self, texts: Iterable[str]) -> None:
        self._history = list(texts)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Make every ``add_log`` override honour :attr:`quiet` (it records nothing then)."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("add_log")
        if own is not None and not getattr(own, "_honours_quiet", False):

            @functools.wraps(own)
            def add_log(self: State[Any], key: str, **params: Any) -> None:
                if not self.quiet:
                    own(self, key, **params)

            add_log._honours_quiet = True  # type: ignore[attr-defined]
            cls.add_log = add_log  # type: ignore[method-assign]

    # -- what a game implements -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """The legal actions of the current player, in the game's documented fixed order."""

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Change this (private, cloned) state by a legal ``action``."""

    @abstractmethod
    def view(self, player: int | None) -> View:
        """What ``player`` may see (``None``: the teacher's view of everything)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` while the game runs, then the scores and winners."""

    def why_illegal(self, action: A) -> str | Term:
        """Why ``action`` is not legal now, in the player's terms (games override this).

        Return a :class:`Term` (both languages, e.g. ``self.game.messages.term(key, ...)``);
        plain text is taken as English only.
        """
        return CORE.term("not_legal", action=str(action))

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the state breaks a rule of the game (for the test suite)."""

    def sample_world(self, player: int, rng: Rng | int) -> Self:
        """A full state consistent with what ``player`` sees, for search and for odds.

        What ``player`` cannot see (others' hidden cards, the order of the draw piles, the
        chance events to come) is resampled from ``rng`` (an :class:`Rng` or a seed); what they
        see, the history and the log entries they may read are kept, so the world gives
        ``player`` the same view and, on their turn, the same legal actions. The sample depends
        only on that view and ``rng``, never on the true hidden cards. ``self`` is unchanged.
        A world is for playing out, not a record: its seed no longer replays it.
        Games implement it, most with :meth:`_world_base` and :func:`gamelib.core.worlds.redeal`.
        """
        raise NotImplementedError(f"{self.game.id} cannot sample worlds")

    def projected_scores(self) -> tuple[float, ...]:
        """Each seat's score at the end of the game by the game's rule of thumb if the position
        held (e.g. the points each turn now gives, counted over the turns to come), for search
        bots scoring a playout cut short. Optional: games without one raise
        ``NotImplementedError``."""
        raise NotImplementedError(f"{self.game.id} does not project scores")

    def _world_base(self, player: int, rng: Rng | int) -> tuple[Self, Rng]:
        """The start of :meth:`sample_world`: a clone keeping only ``player``'s log, with fresh
        chance events to come, and the generator for the game's resampling.

        Raises ``ValueError`` for a seat that does not exist.
        """
        if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < self.game.players
        ):
            last = self.game.players - 1
            raise ValueError(CORE.format("no_seat", "en", seat=repr(player)[:20], last=last))
        source = Rng(rng) if isinstance(rng, int) else rng
        draw = source.stream()
        world = self.clone()
        # inline LogEntry.is_visible_to: a world is sampled once per search iteration
        world.log = [e for e in self.log if (seen := e.visible_to) is None or player in seen]
        world._log_shared = False  # a list of its own
        world.rng = Rng(draw.getrandbits(63))
        return world, Rng(draw.getrandbits(63))

    # -- provided ---------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """Return whether the game is over."""
        return self.outcome() is not None

    def clone(self) -> Self:
        """Return an independent copy sharing only the (immutable) game."""
        memo: dict[int, Any] = {id(self.game): self.game}
        return copy.deepcopy(self, memo)

    def _is_legal(self, action: A) -> bool:
        """Return whether ``action`` is legal now (:func:`play` asks this before applying it).

        The default finds it among :meth:`legal_actions`, by identity first (games that hand out
        shared action instances never reach the slower ``==``). A game may override it with a
        cheaper exact test, never a weaker one.
        """
        legal = self.legal_actions()
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def why_illegal_text(self, text: str) -> str | Term:
        """Explain why the action written as ``text`` cannot be played now (both languages)."""
        legal = [str(a) for a in self.legal_actions()]
        shown = ", ".join(legal[:12]) + (" …" if len(legal) > 12 else "")
        return CORE.term("not_legal_text", text=text, shown=shown)

    def apply_in_place(self, action: A) -> None:
        """The fast path: apply a legal ``action`` to this very state, unchecked.

        The caller guarantees legality (e.g. it picked ``action`` from :meth:`legal_actions`);
        the result is the same state :func:`play` returns. Use it on a :meth:`clone`.
        """
        self._apply(action)
        # (an action the game interned keeps its text in ``_text``: no ``__str__`` call)
        text = getattr(action, "_text", None) or str(action)
        try:  # (this state's own list: grown in place)
            self._history.append(text)  # type: ignore[union-attr]
        except AttributeError:  # a History of a list handed to a twin: a list of its own now
            self._history = [*self._history, text]

    def log_text(self, lang: str | None = None, viewer: int | None = None) -> list[str]:
        """The log as lines in ``lang`` (default: the game's), as ``viewer`` may read it."""
        lang = lang or self.game.lang
        return [e.text(lang) for e in self.log if e.is_visible_to(viewer)]

    def visible_log(self, viewer: int | None) -> tuple[LogEntry, ...]:
        """The log entries ``viewer`` may read."""
        return tuple(e for e in self.log if e.is_visible_to(viewer))

    def base_view_fields(self, viewer: int | None) -> dict[str, Any]:
        """The fields of :class:`View` filled in, for a game's ``view`` to extend."""
        if viewer is not None and not (0 <= viewer < self.game.players):
            last = self.game.players - 1
            raise ValueError(CORE.format("no_seat", "en", seat=repr(viewer), last=last))
        return {
            "game_id": self.game.id,
            "viewer": viewer,
            "players": self.game.players,
            "current_player": self.current_player,
            "lang": self.game.lang,
            "seat_names": self.game.seat_names(),
            "log": self.visible_log(viewer),
            "outcome": self.outcome(),
            "step": len(self.history),
        }

    def share_log(self, twin: State[Any]) -> None:
        """Let ``twin`` (a hand-written clone of this state, the one to be played on) take this
        state's log list, which this state goes on reading through a :class:`LogPrefix`.

        The twin adds its entries to the list itself, with no copy (the checked path's clone
        then entry at every step). This state is marked: before it adds an entry, its prefix
        becomes a list of its own (:meth:`_writable_log`), so it may go on being played in place.
        A state already reading a prefix (cloned twice) shares that with the twin, both marked:
        whichever adds an entry first copies it then.

        The history goes the same way: the twin takes this state's list of texts and this state
        keeps a :class:`History` of it (copied into a list of its own before its next text, see
        :meth:`apply_in_place`); a state already holding a :class:`History` shares it.
        """
        history = twin._history = self._history
        if type(history) is list:
            self._history = history_of(history)
        log = self.log
        if self._log_shared or type(log) is not list:
            twin.log = log
            self._log_shared = twin._log_shared = True
        else:  # (the usual case: hand the list over, keep a view of its entries so far)
            twin.log = log
            twin._log_shared = False
            self.log = LogPrefix(log)  # type: ignore[assignment]  # read-only until replaced
            self._log_shared = True

    def _writable_log(self) -> list[LogEntry]:
        """This state's own log list, to append to (copied first if it is a prefix of a list
        handed to a twin, or a list a twin shares).

        For a game that appends an entry itself; :meth:`add_log` does the same inline.
        """
        if self._log_shared:
            self.log = self.log[:]
            self._log_shared = False
        return self.log

    def add_log(
        self,
        key: str,
        *,
        player: int | None = None,
        visible_to: Iterable[int] | None = None,
        kind: str = "event",
        **params: Any,
    ) -> None:
        """Append an entry made from the game's catalog (see :meth:`Catalog.entry`).

        Entries render their text only when read; a ``quiet`` state records nothing. A log this
        state handed to a twin or shares with one (:meth:`share_log`) is copied before the entry
        is added.
        """
        if not self.quiet:
            log = self.log
            if self._log_shared:
                log = self.log = log[:]
                self._log_shared = False
            log.append(self.game.messages.entry_from(key, params, player, visible_to, kind))

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game.id} seed={self.seed} "
            f"step={len(self.history)} to_move={self.current_player}>"
        )


def play(state: State[A], action: A | str) -> State[A]:
    """Return the state after ``action`` (an action value or its text); ``state`` is unchanged.

    Raises :class:`IllegalAction`, saying why in the game's language, when the action is not
    legal now.
    """
    if action is None:
        state.game.check_action_text(action)
    if state.is_terminal():
        raise IllegalAction.of(CORE.term("game_over", action=str(action)[:80]), state.game.lang)
    chosen: A = state.game.parse_action(state, action) if isinstance(action, str) else action
    if not state._is_legal(chosen):
        raise IllegalAction.of(state.why_illegal(chosen), state.game.lang)
    nxt = state.clone()
    nxt.apply_in_place(chosen)
    return nxt


def fingerprint(obj: Any, _depth: int = 0) -> Any:
    """A plain, comparable rendering of a state or view (for tests of immutability and replay).

    The game object is rendered by its options only, so two states of equal games compare equal.
    """
    if _depth > 60:
        raise ValueError("object nests too deeply to fingerprint")
    d = _depth + 1
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, enum.Enum):
        return f"{type(obj).__name__}.{obj.name}"
    if isinstance(obj, Game):
        return ("game", obj.id, tuple(sorted(obj.options.to_dict().items())))
    if isinstance(obj, Rng):
        return ("rng", obj.seed, obj.counter)
    if isinstance(obj, History):  # as the tuple it stands for
        return ("tuple", tuple(fingerprint(v, d) for v in obj))
    if isinstance(obj, LogEntry):
        seen_by = fingerprint(obj.visible_to, d)
        return ("log", obj.key, obj.en, obj.ja, obj.player, seen_by, obj.kind)
    if isinstance(obj, Mapping):
        items = [(fingerprint(k, d), fingerprint(v, d)) for k, v in obj.items()]
        return ("map", tuple(sorted(items, key=repr)))
    if isinstance(obj, (set, frozenset)):
        return ("set", tuple(sorted((fingerprint(v, d) for v in obj), key=repr)))
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, tuple(fingerprint(v, d) for v in obj))
    if isinstance(obj, LogPrefix):  # as the list it stands for
        return ("list", tuple(fingerprint(v, d) for v in obj))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (
            type(obj).__name__,
            tuple((f.name, fingerprint(getattr(obj, f.name), d)) for f in dataclasses.fields(obj)),
        )
    slots = getattr(type(obj), "__slots__", None)
    if hasattr(obj, "__dict__") or slots:
        attrs = dict(getattr(obj, "__dict__", {}))
        if isinstance(obj, State):
            for name in obj._caches:
                attrs.pop(name, None)
            attrs.pop("_log_shared", None)
            attrs.pop("quiet", None)
            if "_history" in attrs:  # (a list or a History: as the tuple it stands for)
                attrs["history"] = tuple(attrs.pop("_history"))
        for name in slots or ():
            if hasattr(obj, name):
                attrs[name] = getattr(obj, name)
        return (type(obj).__name__, fingerprint(attrs, d))
    return repr(obj)



def digest(obj: Any) -> bytes:
    """A fast digest of an object's whole content, to tell whether it changed.

    The bytes are those of ``pickle.dumps`` (written, hashed and never loaded); an object that
    cannot be pickled falls back to :func:`fingerprint`. Use it to compare one object before and
    after an operation; use :func:`fingerprint` to compare two objects built independently.
    """
    if isinstance(obj, State):
        # The log and the history only grow: their lengths and last items tell whether they
        # changed (each a list, or a view of a list handed to a twin).
        caches = obj._caches
        obj = {
            name: (len(value), value[-1] if value else None)
            if name == "log" or name == "_history" else value
            for name, value in vars(obj).items()
            if name not in caches and name != "_log_shared"
        }
    try:
        raw = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        raw = repr(fingerprint(obj)).encode("utf-8")
    return hashlib.blake2b(raw, digest_size=20).digest()
