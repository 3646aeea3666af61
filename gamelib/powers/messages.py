"""The log messages of Powers, in English and Japanese (filled in with the rules)."""

from __future__ import annotations

from gamelib.core import Catalog

__all__ = ["MESSAGES"]

MESSAGES = Catalog({})
