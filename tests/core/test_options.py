"""Option validation: every refusal names the option, the game and what is accepted."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

import gamelib
from gamelib.core import OptionError, Options, build_options, game_class, option, option_specs
from tests.toy_game import register

register()


@dataclass(frozen=True)
class SampleOptions(Options):
    """Options of every kind."""

    players: int = option(2, choices=range(2, 6), doc="number of players")
    rules: str = option("base", choices=("base", "magazine"), doc="rule set")
    blitz: bool = option(False, doc="variant")
    bid: int = option(3, check=lambda v: None if v % 2 else "must be odd", doc="odd bid")


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"speed": 1}, "unknown option 'speed' for sample; accepted options: lang, players"),
        ({"players": 7}, "option 'players' for sample accepts 2 to 5, not 7"),
        ({"rules": "house"}, "option 'rules' for sample accepts 'base', 'magazine', not 'house'"),
        ({"blitz": "yes"}, "option 'blitz' for sample takes True or False, not 'yes'"),
        ({"players": True}, "option 'players' for sample does not take True or False"),
        ({"bid": 4}, "option 'bid' for sample: must be odd"),
        ({"lang": "fr"}, "option 'lang' for sample accepts 'en', 'ja', not 'fr'"),
    ],
)
def test_refusals_name_the_problem(given: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError) as info:
        build_options(SampleOptions, given, game="sample")
    assert message in str(info.value)


def test_accepted_options_and_defaults() -> None:
    opts = build_options(SampleOptions, {"players": 4, "blitz": True, "bid": 5})
    assert (opts.players, opts.rules, opts.blitz, opts.bid, opts.lang) == (4, "base", True, 5, "en")
    assert opts.replace(rules="magazine").rules == "magazine"
    with pytest.raises(OptionError, match="accepts 2 to 5"):
        opts.replace(players=1)
    assert opts.to_dict()["players"] == 4
    specs = option_specs(SampleOptions)
    assert specs["rules"]["choices"] == ("base", "magazine") and specs["players"]["default"] == 2
    assert specs["lang"]["doc"] == "language of all text"


def test_load_refuses_unknown_games_and_options() -> None:
    with pytest.raises(OptionError, match=r"unknown game 'chess'; available games: .*toy"):
        gamelib.load("chess")
    with pytest.raises(OptionError, match="unknown option 'colour' for toy"):
        gamelib.load("toy", colour="red")
    with pytest.raises(OptionError, match="option 'players' for toy accepts 2, 3, not 4"):
        gamelib.load("toy", players=4)
    game = gamelib.load("toy", players=3, lang="ja")
    assert game.players == 3 and game.lang == "ja"
    assert "toy" in gamelib.available_games()
    assert repr(game) == "gamelib.load('toy', **{'lang': 'ja', 'players': 3})"


def test_errors_are_value_errors() -> None:
    assert issubclass(gamelib.OptionError, ValueError)
    assert issubclass(gamelib.IllegalAction, gamelib.GameLibError)
    assert issubclass(gamelib.RecordError, gamelib.GameLibError)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"players": 3.0}, "option 'players' for sample takes a whole number, not 3.0"),
        ({"bid": 5.0}, "option 'bid' for sample takes a whole number, not 5.0"),
        ({"players": "3"}, "option 'players' for sample takes a whole number, not '3'"),
        ({"rules": 1}, "option 'rules' for sample takes text, not 1"),
        ({"lang": None}, "option 'lang' for sample takes text, not None"),
        ({"bid": False}, "option 'bid' for sample does not take True or False"),
    ],
)
def test_values_of_the_wrong_type_are_refused(given: dict[str, object], message: str) -> None:
    """Issue 13: ``3.0 in range(2, 6)`` is true, so a float slipped through the choices."""
    with pytest.raises(OptionError) as info:
        build_options(SampleOptions, given, game="sample")
    assert message in str(info.value)


def _int_options(game_id: str) -> list[str]:
    specs = option_specs(game_class(game_id).options_type)
    return [
        name
        for name, spec in specs.items()
        if isinstance(spec["default"], int) and not isinstance(spec["default"], bool)
    ]


@pytest.mark.parametrize("game_id", gamelib.available_games())
def test_every_integer_option_of_every_game_refuses_floats_and_bools(game_id: str) -> None:
    names = _int_options(game_id)
    assert "players" in names
    for name in names:
        default = option_specs(game_class(game_id).options_type)[name]["default"]
        for bad in (float(default), True, str(default)):
            with pytest.raises(OptionError, match=f"option '{name}' for {game_id}"):
                gamelib.load(game_id, **{name: bad})


def test_a_checked_text_option_may_take_data() -> None:
    """A text option with a ``check`` decides itself what else it takes (e.g. inline data)."""

    @dataclass(frozen=True)
    class DataOptions(Options):
        cards: str = option(
            "", check=lambda v: None if isinstance(v, (str, dict)) else "text or a mapping"
        )

    assert build_options(DataOptions, {"cards": {"a": 1}}).cards == {"a": 1}
    with pytest.raises(OptionError, match="text or a mapping"):
        build_options(DataOptions, {"cards": 3})
