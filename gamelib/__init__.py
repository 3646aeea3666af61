"""gamelib: rules engines and teaching notebooks for five Japanese war and strategy games.

>>> import gamelib
>>> game = gamelib.load("powers", players=3)
>>> state = game.new_state(seed=1)
>>> state = gamelib.play(state, state.legal_actions()[0])
"""

from __future__ import annotations

from gamelib.core import (
    Estimate,
    Game,
    GameLibError,
    IllegalAction,
    OptionError,
    Outcome,
    RecordError,
    State,
    View,
    available_games,
    dumps,
    load,
    loads,
    play,
    replay,
    undo,
)

__all__ = [
    "Estimate",
    "Game",
    "GameLibError",
    "IllegalAction",
    "OptionError",
    "Outcome",
    "RecordError",
    "State",
    "View",
    "available_games",
    "dumps",
    "load",
    "loads",
    "play",
    "replay",
    "undo",
]

__version__ = "0.1.0"
