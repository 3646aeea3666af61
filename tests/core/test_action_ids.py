"""Stable action ids (issue 11): the same in every process, refusals that name what is wrong.

Each game's ``all_actions`` must not depend on hash seeds or set order: the ids are computed in
two fresh interpreters with different ``PYTHONHASHSEED`` and compared.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import pytest

import gamelib
from gamelib.core import IllegalAction, digest
from gamelib.core.registry import GAMES
from tests.toy_game import register

register()
GAME_IDS = [g for g in GAMES if g in gamelib.available_games()]

def _ids_digest(game_id: str, hash_seed: str) -> str:
    code = (
        "import hashlib, sys, gamelib\n"
        "from tests.toy_game import register\n"
        "register()\n"
        "game = gamelib.load(sys.argv[1])\n"
        "text = '\\n'.join(str(a) for a in game.all_actions())\n"
        "ids = [game.action_id(a) for a in game.all_actions()]\n"
        "assert ids == list(range(game.action_count()))\n"
        "print(hashlib.sha256(text.encode()).hexdigest())\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", code, game_id], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.strip()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_action_ids_are_the_same_in_every_process(game_id: str) -> None:
    first = _ids_digest(game_id, "1")
    assert first == _ids_digest(game_id, "2")
    game = gamelib.load(game_id)
    text = "\n".join(str(a) for a in game.all_actions())
    assert first == hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_action_ids_are_refused_in_both_languages(game_id: str) -> None:
    game = gamelib.load(game_id)
    state = game.new_state(seed=3)
    before = digest(state)
    legal_ids = {game.action_id(a) for a in state.legal_actions()}
    not_legal = next(i for i in range(game.action_count()) if i not in legal_ids)
    for bad in (-1, game.action_count(), "0", 1.0, True, None, not_legal):
        with pytest.raises(IllegalAction) as info:
            game.action_from_id(state, bad)  # type: ignore[arg-type]
        assert info.value.en and info.value.ja
        if game_id != "toy":  # the toy game's own refusals are English only
            assert info.value.en != info.value.ja
    with pytest.raises(IllegalAction, match="has no id"):
        game.action_id("no such action")
    assert digest(state) == before
    first = state.legal_actions()[0]
    assert game.action_from_id(state, game.action_id(first)) == first
