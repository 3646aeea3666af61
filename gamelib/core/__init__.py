"""The contract every game implements, and the machinery built only on it."""

from __future__ import annotations

from gamelib.core.errors import GameLibError, IllegalAction, OptionError, RecordError
from gamelib.core.history import History
from gamelib.core.log import Catalog, LogEntry, Term
from gamelib.core.log_prefix import LogPrefix
from gamelib.core.options import LANGS, Options, build_options, option, option_specs
from gamelib.core.probability import Estimate, hypergeometric_pmf, monte_carlo
from gamelib.core.records import dumps, loads, replay, undo
from gamelib.core.registry import available_games, game_class, load
from gamelib.core.rng import Rng, fresh_seed
from gamelib.core.state import Bot, Game, Outcome, State, View, digest, fingerprint, play

__all__ = [
    "LANGS",
    "Bot",
    "Catalog",
    "Estimate",
    "Game",
    "GameLibError",
    "History",
    "IllegalAction",
    "LogEntry",
    "LogPrefix",
    "OptionError",
    "Options",
    "Outcome",
    "RecordError",
    "Rng",
    "State",
    "Term",
    "View",
    "available_games",
    "build_options",
    "digest",
    "dumps",
    "fingerprint",
    "fresh_seed",
    "game_class",
    "hypergeometric_pmf",
    "load",
    "loads",
    "monte_carlo",
    "option",
    "option_specs",
    "play",
    "replay",
    "undo",
]
