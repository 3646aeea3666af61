"""The errors every game raises through the contract.

All are ``ValueError`` subclasses so that callers who only know "bad input" can catch one type.
A refusal (:class:`IllegalAction`) carries its reason in English and Japanese; ``str(err)`` is the
reason in the game's language.
"""

from __future__ import annotations

from typing import Any

__all__ = ["GameLibError", "IllegalAction", "OptionError", "RecordError"]


class GameLibError(ValueError):
    """Base class of every error gamelib raises on purpose."""


class OptionError(GameLibError):
    """An unknown game, an unknown option, or an option value the game does not accept."""


class IllegalAction(GameLibError):
    """An action that is not legal now; the message says why in the player's terms.

    ``en`` and ``ja`` hold the reason in each language (``ja`` defaults to ``en`` for reasons
    written in English only); ``lang`` picks the one ``str(err)`` shows.
    """

    def __init__(self, en: str, ja: str | None = None, *, lang: str = "en") -> None:
        self.en = en
        self.ja = en if ja is None else ja
        self.lang = lang
        super().__init__(self.text(lang))

    def text(self, lang: str) -> str:
        """The reason in ``lang``."""
        return self.ja if lang == "ja" else self.en

    @classmethod
    def of(cls, reason: Any, lang: str) -> IllegalAction:
        """A refusal from a reason that is plain text or has ``en``/``ja`` forms (a ``Term``)."""
        if isinstance(reason, IllegalAction):
            return cls(reason.en, reason.ja, lang=lang)
        en = getattr(reason, "en", None)
        ja = getattr(reason, "ja", None)
        if isinstance(en, str) and isinstance(ja, str):
            return cls(en, ja, lang=lang)
        return cls(str(reason), lang=lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_refusal, (self.en, self.ja, self.lang))


def _rebuild_refusal(en: str, ja: str, lang: str) -> IllegalAction:
    return IllegalAction(en, ja, lang=lang)


class RecordError(GameLibError):
    """A saved record that is truncated, tampered with, of another version, or does not replay."""
