"""Which games exist and how to load one with validated options."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
from typing import Any

from gamelib.core.errors import OptionError
from gamelib.core.options import build_options
from gamelib.core.state import Game

__all__ = ["available_games", "game_class", "load"]

# game id -> "module:class"; modules are imported only when a game is loaded.
GAMES: dict[str, str] = {
    "powers": "gamelib.powers.game:PowersGame",
    "rekkyo": "gamelib.rekkyo.game:RekkyoGame",
    "megalomania": "gamelib.megalomania.game:MegalomaniaGame",
    "qmg": "gamelib.qmg.game:QmgGame",
    "trench": "gamelib.trench.game:TrenchGame",
}


def available_games() -> list[str]:
    """The ids of the games this installation provides, in a fixed order."""
    return [gid for gid, target in GAMES.items() if _module_exists(target.split(":")[0])]


def _module_exists(module: str) -> bool:
    """Whether ``module`` can be imported, found without importing its package: finding
    ``gamelib.powers.game`` with ``find_spec`` imports ``gamelib.powers``, which imports the
    game, so listing the games would import all five (0.2 s of a notebook's first load)."""
    if module in sys.modules:
        return True
    parent = module.rpartition(".")[0]
    try:
        if not parent or parent in sys.modules:
            return importlib.util.find_spec(module) is not None
        package = importlib.util.find_spec(parent)
        if package is None or package.submodule_search_locations is None:
            return False
        found = importlib.machinery.PathFinder.find_spec(
            module, list(package.submodule_search_locations))
        return found is not None
    except (ImportError, ValueError):
        return False


def game_class(game_id: str) -> type[Game[Any]]:
    """The :class:`Game` subclass of ``game_id``, or :class:`OptionError` naming the known ids."""
    if not isinstance(game_id, str) or game_id not in available_games():
        from gamelib.core.messages import CORE  # messages -> log -> options -> registry

        known = ", ".join(available_games())
        raise OptionError.of(CORE.term("unknown_game", game=repr(game_id)[:60], known=known))
    module, name = GAMES[game_id].split(":")
    cls: type[Game[Any]] = getattr(importlib.import_module(module), name)
    return cls


def load(game_id: str, **options: Any) -> Game[Any]:
    """Return the game ``game_id`` with ``options`` (each game's defaults fill the rest)."""
    cls = game_class(game_id)
    return cls(build_options(cls.options_type, options, game=game_id))
