"""The games the adapters are tested on: the toy game and every game of the package (all
implement the search contract), and the helpers the adapters' tests share."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from gamelib.core import available_games
from gamelib.core.registry import GAMES as REGISTRY
from tests.toy_game import register

register()


def _shipped(game_id: str) -> bool:
    """A game of the package (tests register broken toy games of their own in the registry)."""
    return REGISTRY[game_id].startswith("gamelib.")


#: Every game the adapters are checked on, toy game first (every shipped game implements the
#: search contract: the conformance suite requires it).
GAMES = ["toy", *(g for g in available_games() if _shipped(g))]


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
