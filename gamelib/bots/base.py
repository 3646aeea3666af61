"""The seeded random bot and the factory that also knows each game's own bots.

A bot may set ``needs_view = False`` when its choice depends on the legal actions alone: the
simulator then builds no view for it (``choose`` gets ``None``) and, when no bot at the table
needs a view, plays the game ``quiet`` (no log). A bot without the attribute gets its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamelib.core import Bot, Game, OptionError, View
from gamelib.core.messages import CORE

__all__ = ["RandomBot", "bot_names", "make_bot", "needs_view"]


class RandomBot:
    """Picks uniformly among the legal actions with its own seeded generator."""

    name = "random"
    #: It looks at the legal actions only: callers may pass ``None`` as the view.
    needs_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View | None, legal_actions: Sequence[Any]) -> Any:
        """Return one legal action at random."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[self.rng.randrange(len(legal_actions))]


def needs_view(bot: Bot) -> bool:
    """Whether ``bot`` reads its view (``True`` unless it says ``needs_view = False``)."""
    return bool(getattr(bot, "needs_view", True))


def bot_names(game: Game[Any]) -> list[str]:
    """The bots available for ``game``: ``random`` and the game's own."""
    return ["random", *game.bots()]


def make_bot(name: str, game: Game[Any], seed: int = 0) -> Bot:
    """Return the bot called ``name`` for ``game``, seeded with ``seed``."""
    if name == "random":
        return RandomBot(seed)
    own = game.bots()
    if name not in own:
        known = ", ".join(bot_names(game))
        raise OptionError.of(CORE.term("unknown_bot", name=repr(name), game=game.id, known=known))
    return own[name](seed)
