"""The simulator's fast path (issue 12): the same games as the checked path, views only for bots
that read them, ``quiet`` when nobody reads the log, and bots' choices still checked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import gamelib
from gamelib.bots import (
    SEARCH_BOT,
    TUNED_BOT,
    RandomBot,
    bot_names,
    make_bot,
    needs_view,
    samples_worlds,
    world_sampler,
)
from gamelib.core import GameLibError, State, View
from gamelib.core.registry import GAMES as GAMES_BY_ID
from gamelib.sim.simulate import game_seed, play_one, seat_bots
from tests.toy_game import ToyGame, register

register()
# The games gamelib ships (other tests register broken toy games at run time).
SHIPPED = [g for g in gamelib.available_games() if GAMES_BY_ID[g].startswith("gamelib.")]


def checked_play_one(game: gamelib.Game[Any], index: int, seed: int, bots: Sequence[str]) -> Any:
    """The slow reference: a view for every bot at every step and ``gamelib.play``; a search bot
    also gets its sampler of worlds."""
    gseed = game_seed(seed, index)
    names = seat_bots(bots, game.players, index)
    players = [make_bot(name, game, seed=gseed * 31 + s) for s, name in enumerate(names)]
    state: State[Any] = game.new_state(gseed)
    steps = 0
    while state.current_player is not None:
        seat = state.current_player
        bot, view, legal = players[seat], state.view(seat), state.legal_actions()
        if samples_worlds(bot):
            action = bot.choose(view, legal, worlds=world_sampler(state, seat))  # type: ignore[call-arg]
        else:
            action = bot.choose(view, legal)
        state = gamelib.play(state, action)
        steps += 1
    outcome = state.outcome()
    assert outcome is not None
    return outcome.winners, outcome.scores, steps


@pytest.mark.parametrize("game_id", ["toy", *SHIPPED])
def test_fast_path_plays_the_games_of_the_checked_path(game_id: str) -> None:
    game = gamelib.load(game_id)
    every = tuple(  # ismcts:tuned is ismcts with hundreds of iterations: ismcts:2 stands in
        f"{SEARCH_BOT}:2" if b == SEARCH_BOT else b for b in bot_names(game) if b != TUNED_BOT
    )
    for bots in {("random",), every}:
        for index in range(2 if bots == ("random",) else 1):
            fast = play_one(game, index, 9, bots)
            assert (fast.winners, fast.scores, fast.steps) == checked_play_one(
                game, index, 9, bots
            ), f"{game_id} game {index} with {bots}"


class Recorder:
    """A bot that reads its view and records what it was given."""

    needs_view = True

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)
        self.views: list[View | None] = []

    def choose(self, view: View | None, legal: Sequence[Any]) -> Any:
        self.views.append(view)
        return self.inner.choose(view, legal)


class BlindRecorder(Recorder):
    """The same bot saying it does not read views."""

    needs_view = False


def _with_bots(monkeypatch: pytest.MonkeyPatch, made: list[Recorder]) -> None:
    def factory(cls: type[Recorder]) -> Any:
        def make(seed: int) -> Recorder:
            made.append(cls(seed))
            return made[-1]

        return make

    monkeypatch.setattr(
        ToyGame, "bots", lambda self: {"seer": factory(Recorder), "blind": factory(BlindRecorder)}
    )


def test_views_only_for_bots_that_read_them(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Recorder] = []
    _with_bots(monkeypatch, made)
    game = gamelib.load("toy", players=2)
    play_one(game, 0, 1, ("seer", "blind"))
    seer, blind = sorted(made, key=lambda b: b.needs_view, reverse=True)
    assert seer.views and all(isinstance(v, View) for v in seer.views)
    assert blind.views and all(v is None for v in blind.views)
    assert seer.views[-1] is not None and seer.views[-1].log, "a bot that reads views gets a log"
    assert needs_view(RandomBot(0)) is False and needs_view(object()) is True  # type: ignore[arg-type]


def test_quiet_when_no_bot_reads_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    states: list[State[Any]] = []
    real = ToyGame.new_state

    def spy(self: ToyGame, seed: int | None = None, *, quiet: bool = False) -> Any:
        states.append(real(self, seed, quiet=quiet))
        return states[-1]

    monkeypatch.setattr(ToyGame, "new_state", spy)
    made: list[Recorder] = []
    _with_bots(monkeypatch, made)
    game = gamelib.load("toy", players=2)
    play_one(game, 0, 1, ("random", "blind"))
    assert states[-1].quiet and states[-1].log == [], "quiet from the set-up on"
    play_one(game, 0, 1, ("random", "seer"))
    assert not states[-1].quiet and len(states[-1].log) > 2


def test_a_bot_choosing_an_illegal_action_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class Cheat(RandomBot):
        def choose(self, view: View | None, legal: Sequence[Any]) -> Any:
            return "play 99"

    monkeypatch.setattr(ToyGame, "bots", lambda self: {"cheat": Cheat})
    game = gamelib.load("toy", players=2)
    with pytest.raises(GameLibError, match="bot 'cheat' chose play 99, which is not a legal"):
        play_one(game, 0, 1, ("cheat",))
