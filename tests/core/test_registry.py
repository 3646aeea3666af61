"""The registry lists the installed games without importing them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gamelib.core import registry


def test_listing_the_games_imports_none_of_them() -> None:
    code = (
        "import sys, gamelib\n"
        "games = gamelib.available_games()\n"
        "gamelib.load('trench')\n"
        "print(games, sorted(m for m in sys.modules if m.startswith('gamelib.') "
        "and m.count('.') == 1))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == (
        "['powers', 'rekkyo', 'megalomania', 'qmg', 'trench'] ['gamelib.core', 'gamelib.trench']")


@pytest.mark.parametrize(("module", "found"), [
    ("gamelib.powers.game", True),
    ("gamelib.powers.no_such_module", False),
    ("gamelib.no_such_game.game", False),
    ("no_such_package.game", False),
    ("gamelib.core.registry", True),  # its package is imported
    ("json", True),
    ("json.no_such_module", False),
])
def test_a_game_module_is_found_only_if_it_exists(
    module: str, found: bool, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry.GAMES, "probe", f"{module}:Game")
    assert ("probe" in registry.available_games()) is found
