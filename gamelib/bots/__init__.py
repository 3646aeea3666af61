"""Generic bots that play any game through the contract, and a factory by name.

Everything is defined in :mod:`gamelib.bots.base` (the search bot in :mod:`gamelib.bots.ismcts`).
"""

from __future__ import annotations

from gamelib.bots.base import (
    SEARCH_BOT,
    TUNED_BOT,
    RandomBot,
    WorldSampler,
    ask,
    bot_names,
    can_sample_worlds,
    check_bot_name,
    is_bot_name,
    make_bot,
    needs_view,
    samples_worlds,
    world_sampler,
)

__all__ = [  # the names of gamelib.bots.base.__all__
    "SEARCH_BOT", "TUNED_BOT", "RandomBot", "WorldSampler", "ask", "bot_names", "can_sample_worlds",
    "check_bot_name", "is_bot_name", "make_bot", "needs_view", "samples_worlds", "world_sampler",
]
