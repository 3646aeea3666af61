"""The story of a game: log entries rendered in English and Japanese when they are read.

A game keeps a :class:`Catalog` of message templates, one per key, in both languages. An entry
keeps its message key and parameters and is rendered in a language only when it is read (then
cached), so playing a game costs no text formatting; a view carries entries that render without
the state, and a notebook can switch language at any time. Parameters that are :class:`Term`
values (country names, cards, colours) or have a ``text(lang)`` method render in the entry's
language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gamelib.core.options import LANGS

__all__ = ["Catalog", "LogEntry", "Term", "entry_maker", "render_lines"]


@dataclass(frozen=True)
class Term:
    """A name with an English and a Japanese form."""

    en: str
    ja: str

    def text(self, lang: str) -> str:
        """Return the name in ``lang``."""
        return self.ja if lang == "ja" else self.en

    def __str__(self) -> str:
        return self.en


def _render(value: Any, lang: str) -> str:
    if isinstance(value, Term):
        return value.text(lang)
    if isinstance(value, (list, tuple)):
        sep = "、" if lang == "ja" else ", "
        return sep.join(_render(v, lang) for v in value)
    if hasattr(value, "text") and callable(value.text):
        return str(value.text(lang))
    return str(value)


_CATALOGS: dict[str, Catalog] = {}


def _named_catalog(name: str) -> Catalog:
    return _CATALOGS[name]


class Catalog:
    """Message templates by key, each in every language of :data:`LANGS`.

    Templates use ``str.format`` fields. A catalog given a ``name`` is registered under it and
    pickles as that name (entries that point to it stay small to copy and to digest).
    """

    def __init__(self, templates: Mapping[str, Mapping[str, str]], name: str = "") -> None:
        for key, forms in templates.items():
            missing = [lang for lang in LANGS if lang not in forms]
            if missing:
                raise ValueError(f"message {key!r} has no {missing[0]!r} text")
        self.templates = dict(templates)
        self.name = name
        if name:
            _CATALOGS[name] = self

    def __contains__(self, key: str) -> bool:
        return key in self.templates

    def __reduce__(self) -> Any:
        if self.name and _CATALOGS.get(self.name) is self:
            return (_named_catalog, (self.name,))
        return (Catalog, (self.templates,))

    def format(self, key: str, lang: str, **params: Any) -> str:
        """Format one message in one language."""
        rendered = {name: _render(value, lang) for name, value in params.items()}
        return self.templates[key][lang].format(**rendered)

    def term(self, key: str, **params: Any) -> Term:
        """One message in both languages (for refusals: ``IllegalAction.of(term, lang)``)."""
        return Term(self.format(key, "en", **params), self.format(key, "ja", **params))

    def entry(
        self,
        key: str,
        *,
        player: int | None = None,
        visible_to: Iterable[int] | None = None,
        kind: str = "event",
        **params: Any,
    ) -> LogEntry:
        """Make a log entry from the template ``key``; it is rendered when first read."""
        return self.entry_from(key, params, player, visible_to, kind)

    def entry_from(
        self,
        key: str,
        params: dict[str, Any],
        player: int | None = None,
        visible_to: Iterable[int] | None = None,
        kind: str = "event",
    ) -> LogEntry:
        """:meth:`entry` with positional arguments, for hot loops; the entry keeps ``params``
        itself (pass a dict nobody changes afterwards, e.g. a function's ``**params``)."""
        if key not in self.templates:
            raise KeyError(f"no message {key!r} in the catalog")
        entry = _new_entry(LogEntry)
        entry.key = key
        entry._en = entry._ja = None
        entry.player = player
        entry.visible_to = None if visible_to is None else frozenset(visible_to)
        entry.kind = kind
        entry.catalog = self
        entry.params = params
        return entry


class LogEntry:
    """One line of the story.

    ``visible_to`` is ``None`` for a public entry, else the players who may read it (a drawn card is
    visible to its drawer only). ``kind`` groups entries: ``"action"`` for what a player did,
    ``"event"`` for what the rules did, ``"narration"`` for why it mattered, ``"phase"`` for
    headings. An entry is made either from ready text (``en``, ``ja``) or from a ``catalog`` and
    its ``params``, rendered when read. Entries compare by key, text, player, visibility and kind.
    Treat an entry as immutable (states share entries between copies).
    """

    __slots__ = ("_en", "_ja", "catalog", "key", "kind", "params", "player", "visible_to")

    def __init__(
        self,
        key: str,
        en: str | None = None,
        ja: str | None = None,
        player: int | None = None,
        visible_to: frozenset[int] | None = None,
        kind: str = "event",
        *,
        catalog: Catalog | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if catalog is None and (en is None or ja is None):
            raise ValueError("a log entry needs its text or a catalog to render it from")
        self.key = key
        self._en = en
        self._ja = ja
        self.player = player
        self.visible_to = visible_to
        self.kind = kind
        self.catalog = catalog
        self.params = dict(params) if params else {}

    @property
    def en(self) -> str:
        """The entry in English."""
        if self._en is None:
            assert self.catalog is not None
            self._en = self.catalog.format(self.key, "en", **self.params)
        return self._en

    @property
    def ja(self) -> str:
        """The entry in Japanese."""
        if self._ja is None:
            assert self.catalog is not None
            self._ja = self.catalog.format(self.key, "ja", **self.params)
        return self._ja

    def text(self, lang: str = "en") -> str:
        """Return the entry in ``lang``."""
        return self.ja if lang == "ja" else self.en

    def is_visible_to(self, viewer: int | None) -> bool:
        """Return whether ``viewer`` (``None``: the teacher) may read this entry."""
        return viewer is None or self.visible_to is None or viewer in self.visible_to

    def _key(self) -> tuple[Any, ...]:
        return (self.key, self.en, self.ja, self.player, self.visible_to, self.kind)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.key, self.player, self.kind))

    def __getstate__(self) -> dict[str, Any]:
        # Rendered text is a cache: leave it out when the entry can render itself again.
        lazy = self.catalog is not None
        return {
            name: None if lazy and name in ("_en", "_ja") else getattr(self, name)
            for name in self.__slots__
        }

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def __repr__(self) -> str:
        return (
            f"LogEntry({self.key!r}, {self.en!r}, {self.ja!r}, player={self.player!r}, "
            f"visible_to={self.visible_to!r}, kind={self.kind!r})"
        )


_new_entry = LogEntry.__new__


def entry_maker(catalog: Catalog) -> Callable[..., LogEntry]:
    """A function ``make(key, params, player=None, visible_to=None, kind="event")`` that makes
    the entry :meth:`Catalog.entry_from` makes, for a game's hot paths: ``key`` is not looked
    up (the game's tests check that every key its engine writes is in ``catalog``, in both
    languages) and ``visible_to`` is kept as given (``None`` or a frozenset)."""

    def make(key: str, params: dict[str, Any], player: int | None = None,
             visible_to: frozenset[int] | None = None, kind: str = "event") -> LogEntry:
        entry = _new_entry(LogEntry)
        entry.key = key
        entry._en = entry._ja = None
        entry.player = player
        entry.visible_to = visible_to
        entry.kind = kind
        entry.catalog = catalog
        entry.params = params
        return entry

    return make


def render_lines(entries: Iterable[LogEntry], lang: str = "en") -> list[str]:
    """Render entries as text lines in ``lang``."""
    return [e.text(lang) for e in entries]
