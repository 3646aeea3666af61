"""Action text every game refuses before parsing: not text, or over 1,000 characters (issue 13).

``Game.check_action_text`` is the guard; ``Game.__init_subclass__`` puts it in front of every
game's own ``parse_action``, so these hold for every available game, new ones included.
"""

from __future__ import annotations

from typing import Any

import pytest

import gamelib
from gamelib.core import IllegalAction, State
from gamelib.core.messages import MAX_ACTION_TEXT
from tests.toy_game import register

register()

GAMES = gamelib.available_games()
NOT_TEXT: list[Any] = [None, 3, b"play 1", ["play 1"]]


def _trapped(game_id: str, lang: str = "en") -> tuple[gamelib.Game[Any], State[Any]]:
    """A running game whose state fails the test if anything asks for its legal actions."""
    game = gamelib.load(game_id, lang=lang)
    state = game.new_state(3)

    def trap() -> list[Any]:
        raise AssertionError("the text was looked at before it was refused")

    state.legal_actions = trap  # type: ignore[method-assign]
    return game, state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("bad", NOT_TEXT, ids=lambda v: type(v).__name__)
def test_parse_action_refuses_what_is_not_text(game_id: str, bad: Any) -> None:
    game, state = _trapped(game_id)
    with pytest.raises(IllegalAction, match="an action is given as text"):
        game.parse_action(state, bad)


@pytest.mark.parametrize("game_id", GAMES)
def test_play_refuses_none(game_id: str) -> None:
    game = gamelib.load(game_id)
    state = game.new_state(3)
    with pytest.raises(IllegalAction, match="an action is given as text"):
        gamelib.play(state, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", [MAX_ACTION_TEXT + 1, 1_000_000])
def test_overlong_text_is_refused_at_once(game_id: str, size: int) -> None:
    """Refused before any legal action is computed or compared (no timing needed to show it)."""
    game, state = _trapped(game_id)
    with pytest.raises(IllegalAction, match="too long"):
        game.parse_action(state, "x" * size)


@pytest.mark.parametrize("game_id", GAMES)
def test_refusals_are_in_the_games_language(game_id: str) -> None:
    game, state = _trapped(game_id, lang="ja")
    with pytest.raises(IllegalAction) as info:
        game.parse_action(state, "x" * (MAX_ACTION_TEXT + 1))
    assert str(info.value) == info.value.ja and "長すぎます" in str(info.value)
    assert "too long" in info.value.en


def test_text_of_the_limit_is_still_parsed() -> None:
    game = gamelib.load("toy")
    state = game.new_state(3)
    with pytest.raises(IllegalAction, match="is not a legal action now"):
        game.parse_action(state, "x" * MAX_ACTION_TEXT)


def test_a_new_games_own_parser_gets_the_guard() -> None:
    """A subclass overriding ``parse_action`` without calling the guard is still guarded."""
    from tests.toy_game import ToyGame

    seen: list[object] = []

    class Careless(ToyGame):
        def parse_action(self, state: Any, text: str) -> Any:
            seen.append(text)
            return text.strip()

    game = Careless(gamelib.load("toy").options)
    state = game.new_state(1)
    with pytest.raises(IllegalAction):
        game.parse_action(state, None)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        game.parse_action(state, "y" * 5000)
    assert game.parse_action(state, " play 1 ") == "play 1"
    assert seen == [" play 1 "]
