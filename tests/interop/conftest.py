"""The games the adapters are tested on: the toy game and every available game that implements
the search contract (the others are skipped, saying why)."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from gamelib.core import available_games, load
from gamelib.core.registry import GAMES as REGISTRY
from tests.toy_game import register

register()


def _shipped(game_id: str) -> bool:
    """A game of the package (tests register broken toy games of their own in the registry)."""
    return REGISTRY[game_id].startswith("gamelib.")


def _param(game_id: str) -> Any:
    try:
        load(game_id).all_actions()
    except NotImplementedError as err:
        reason = f"{game_id} does not implement the search contract yet ({err})"
        return pytest.param(game_id, marks=pytest.mark.skip(reason=reason), id=game_id)
    return pytest.param(game_id, id=game_id)


#: Every game the adapters are checked on, toy game first.
GAMES = [_param(g) for g in ["toy", *(g for g in available_games() if _shipped(g))]]

#: What a game's contract does wrong today, by check and game: the test is expected to fail
#: (strictly: once the game is fixed it passes, and the entry must go). Reported to the lead.
KNOWN_FAILURES: dict[tuple[str, str], str] = {}


def games_for(check: str) -> list[Any]:
    """:data:`GAMES` with the known failures of ``check`` marked as expected (strict)."""
    marked = []
    for param in GAMES:
        game_id = param.values[0]
        reason = KNOWN_FAILURES.get((check, game_id))
        if reason is not None:
            mark = pytest.mark.xfail(reason=reason, strict=True)
            param = pytest.param(game_id, marks=[*param.marks, mark], id=param.id)
        marked.append(param)
    return marked


def need(module: str) -> ModuleType:
    """Import an extra's library: skip the tests without it locally, fail in CI (``CI`` set),
    where ``make test`` installs it."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module)


MISSING = """
import sys
sys.modules[{library!r}] = None
try:
    import gamelib.interop.{adapter}
except ImportError as err:
    print(type(err).__name__)
    print(err)
"""


def import_without(library: str, adapter: str) -> str:
    """What importing ``gamelib.interop.<adapter>`` says, in a new process without ``library``."""
    return subprocess.run(
        [sys.executable, "-c", MISSING.format(library=library, adapter=adapter)],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
