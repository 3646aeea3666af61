"""The errors every game raises through the contract.

All are ``ValueError`` subclasses so that callers who only know "bad input" can catch one type.
Each carries its message in English and Japanese (``err.en``, ``err.ja``, ``err.text(lang)``);
``str(err)`` is the message in the language it was raised for.
"""

from __future__ import annotations

from typing import Any, Self

__all__ = ["GameLibError", "IllegalAction", "OptionError", "RecordError"]


class GameLibError(ValueError):
    """Base class of every error gamelib raises on purpose.

    It carries its message in English and Japanese: ``en`` and ``ja`` (``ja`` defaults to ``en``
    for messages written in English only); ``lang`` picks the one ``str(err)`` shows, and
    :meth:`text` gives either (the controller shows the one of its language switch).
    """

    def __init__(self, en: str = "", ja: str | None = None, *, lang: str = "en") -> None:
        self.en = en
        self.ja = en if ja is None else ja
        self.lang = lang
        super().__init__(self.text(lang))

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return self.ja if lang == "ja" else self.en

    @classmethod
    def of(cls, reason: Any, lang: str = "en") -> Self:
        """An error from a reason that is plain text or has ``en``/``ja`` forms (a ``Term``)."""
        if isinstance(reason, GameLibError):
            return cls(reason.en, reason.ja, lang=lang)
        en = getattr(reason, "en", None)
        ja = getattr(reason, "ja", None)
        if isinstance(en, str) and isinstance(ja, str):
            return cls(en, ja, lang=lang)
        return cls(str(reason), lang=lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.en, self.ja, self.lang))


def _rebuild(cls: type[GameLibError], en: str, ja: str, lang: str) -> GameLibError:
    return cls(en, ja, lang=lang)


class OptionError(GameLibError):
    """An unknown game, an unknown option, or an option value the game does not accept."""


class IllegalAction(GameLibError):
    """An action that is not legal now; the message says why in the player's terms.

    ``en`` and ``ja`` hold the reason in each language; ``lang`` picks the one ``str(err)`` shows.
    """


class RecordError(GameLibError):
    """A saved record that is truncated, tampered with, of another version, or does not replay."""
