"""Generic bots that play any game through the contract, and a factory by name."""

from __future__ import annotations

from gamelib.bots.base import RandomBot, bot_names, make_bot, needs_view

__all__ = ["RandomBot", "bot_names", "make_bot", "needs_view"]
