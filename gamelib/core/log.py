"""The story of a game: log entries rendered in English and Japanese.

A game keeps a :class:`Catalog` of message templates, one per key, in both languages. An entry is
formatted in both languages when it is made, so a view can carry entries without the catalog and a
notebook can switch language at any time. Parameters that are :class:`Term` values (country names,
cards, colours) are rendered in the entry's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gamelib.core.options import LANGS

__all__ = ["Catalog", "LogEntry", "Term", "render_lines"]


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


@dataclass(frozen=True)
class LogEntry:
    """One line of the story.

    ``visible_to`` is ``None`` for a public entry, else the players who may read it (a drawn card is
    visible to its drawer only). ``kind`` groups entries: ``"action"`` for what a player did,
    ``"event"`` for what the rules did, ``"narration"`` for why it mattered, ``"phase"`` for
    headings.
    """

    key: str
    en: str
    ja: str
    player: int | None = None
    visible_to: frozenset[int] | None = None
    kind: str = "event"

    def text(self, lang: str = "en") -> str:
        """Return the entry in ``lang``."""
        return self.ja if lang == "ja" else self.en

    def is_visible_to(self, viewer: int | None) -> bool:
        """Return whether ``viewer`` (``None``: the teacher) may read this entry."""
        return viewer is None or self.visible_to is None or viewer in self.visible_to


def _render(value: Any, lang: str) -> str:
    if isinstance(value, Term):
        return value.text(lang)
    if isinstance(value, (list, tuple)):
        sep = "、" if lang == "ja" else ", "
        return sep.join(_render(v, lang) for v in value)
    if hasattr(value, "text") and callable(value.text):
        return str(value.text(lang))
    return str(value)


class Catalog:
    """Message templates by key, each in every language of :data:`LANGS`.

    Templates use ``str.format`` fields; a ``{player}`` field renders a seat through the
    catalog's ``seat_names``.
    """

    def __init__(self, templates: Mapping[str, Mapping[str, str]]) -> None:
        for key, forms in templates.items():
            missing = [lang for lang in LANGS if lang not in forms]
            if missing:
                raise ValueError(f"message {key!r} has no {missing[0]!r} text")
        self.templates = dict(templates)

    def __contains__(self, key: str) -> bool:
        return key in self.templates

    def format(self, key: str, lang: str, **params: Any) -> str:
        """Format one message in one language."""
        rendered = {name: _render(value, lang) for name, value in params.items()}
        return self.templates[key][lang].format(**rendered)

    def entry(
        self,
        key: str,
        *,
        player: int | None = None,
        visible_to: Iterable[int] | None = None,
        kind: str = "event",
        **params: Any,
    ) -> LogEntry:
        """Make a log entry from the template ``key`` formatted in both languages."""
        return LogEntry(
            key=key,
            en=self.format(key, "en", **params),
            ja=self.format(key, "ja", **params),
            player=player,
            visible_to=None if visible_to is None else frozenset(visible_to),
            kind=kind,
        )


def render_lines(entries: Iterable[LogEntry], lang: str = "en") -> list[str]:
    """Render entries as text lines in ``lang``."""
    return [e.text(lang) for e in entries]
