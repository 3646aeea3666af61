"""The errors every game raises through the contract.

All are ``ValueError`` subclasses so that callers who only know "bad input" can catch one type.
"""

from __future__ import annotations

__all__ = ["GameLibError", "IllegalAction", "OptionError", "RecordError"]


class GameLibError(ValueError):
    """Base class of every error gamelib raises on purpose."""


class OptionError(GameLibError):
    """An unknown game, an unknown option, or an option value the game does not accept."""


class IllegalAction(GameLibError):
    """An action that is not legal now; the message says why in the player's terms."""


class RecordError(GameLibError):
    """A saved record that is truncated, tampered with, of another version, or does not replay."""
