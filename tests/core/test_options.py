"""Option validation: every refusal names the option, the game and what is accepted."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

import gamelib
from gamelib.core import OptionError, Options, build_options, option, option_specs
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
