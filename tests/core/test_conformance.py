"""The conformance suite passes on the toy game and catches broken games.

Each broken game is the toy game with one rule of the contract broken; it is registered under its
own id so that records (which load games by id) work.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from gamelib.core import RecordError, State, View
from gamelib.core.registry import GAMES
from gamelib.testing import run_conformance
from tests.toy_game import ToyAction, ToyGame, ToyState, ToyView, register

register()


def hidden_hands_check(state: State[Any], view: View, viewer: int | None) -> None:
    """A seat sees its own hand only; everyone sees every hand size."""
    assert isinstance(view, ToyView)
    for seat, hand in enumerate(view.hands):
        if viewer is None or viewer == seat:
            assert hand == tuple(state.hands[seat])  # type: ignore[attr-defined]
        else:
            assert hand is None, f"seat {viewer} sees the hand of seat {seat}"
    assert view.hand_sizes == tuple(len(h) for h in state.hands)  # type: ignore[attr-defined]


def test_toy_game_conforms() -> None:
    for players in (2, 3):
        report = run_conformance(
            "toy", {"players": players}, games=300, view_check=hidden_hands_check
        )
        print(report.summary())
        assert report.games == 300 and report.finished == 300
        assert report.steps == 300 * 3 * players
        assert sum(report.winners.values()) >= 300


class LeakyState(ToyState):
    """Shows every hand to everyone."""

    def view(self, player: int | None) -> ToyView:
        return dataclasses.replace(super().view(player), hands=tuple(map(tuple, self.hands)))


class GlobalRandomState(ToyState):
    """Deals with the global generator instead of ``self.rng``."""

    def __init__(self, game: Any, seed: int, rng: Any) -> None:
        super().__init__(game, seed, rng)
        deck = list(range(1, 10))
        random.shuffle(deck)
        n = game.players
        self.hands = [sorted(deck[3 * i : 3 * i + 3]) for i in range(n)]


class MutatingState(ToyState):
    """``clone`` returns the state itself, so ``play`` changes its input."""

    def clone(self) -> MutatingState:
        return self


class StuckState(ToyState):
    """Offers no action in the middle of a running game."""

    def legal_actions(self) -> list[ToyAction]:
        return [] if len(self.history) == 3 else super().legal_actions()


class TwinTextsState(ToyState):
    """Two legal actions print alike."""

    def legal_actions(self) -> list[ToyAction]:
        legal = super().legal_actions()
        return [*legal, _Twin(legal[0].card)] if legal else legal


class _Twin(ToyAction):
    pass


class BrokenInvariantState(ToyState):
    """Duplicates a card on the table."""

    def _apply(self, action: ToyAction) -> None:
        super()._apply(action)
        if len(self.history) == 2 and self.hands[0]:
            self.hands[1].append(self.hands[0][0])


def _game_class(name: str, state_cls: type[ToyState]) -> type[ToyGame]:
    def initial(self: Any, seed: int, rng: Any) -> ToyState:
        return state_cls(self, seed, rng)

    cls = type(f"{name}Game", (ToyGame,), {"id": name, "_initial_state": initial})
    globals()[cls.__name__] = cls
    GAMES[name] = f"{__name__}:{cls.__name__}"
    return cls


class FreshCloneState(ToyState):
    """Plays differently on a state fresh from ``clone``: the fast path gives another game."""

    bonus = 0
    fresh = False

    def clone(self) -> FreshCloneState:
        twin = super().clone()
        twin.fresh = True
        return twin

    def _apply(self, action: ToyAction) -> None:
        super()._apply(action)
        if self.fresh:
            self.bonus += 1
        self.fresh = False


class LogReadingState(ToyState):
    """Decides by its own log, so a quiet state (no log) plays another game."""

    def _apply(self, action: ToyAction) -> None:
        super()._apply(action)
        self.entries_seen = len(self.log)


class TrueWorldState(ToyState):
    """Samples the true state: its worlds show the hidden hands (a search bot would cheat)."""

    def sample_world(self, player: int, rng: Any) -> TrueWorldState:
        world, _ = self._world_base(player, rng)
        return world


class OwnHandWorldState(ToyState):
    """Samples worlds that deal the sampling seat a new hand too."""

    def sample_world(self, player: int, rng: Any) -> OwnHandWorldState:
        world = super().sample_world(player, rng)
        world.hands[player] = list(world.hands[(player + 1) % len(world.hands)])
        return world


class SharedHandWorldState(ToyState):
    """Samples worlds whose seat's own hand is the true state's list: playing one changes both."""

    def sample_world(self, player: int, rng: Any) -> SharedHandWorldState:
        world = super().sample_world(player, rng)
        world.hands[player] = self.hands[player]
        return world


class ShortState(ToyState):
    """Claims a bound on the length that its games exceed."""


class HighScoreState(ToyState):
    """Ends with a score above its claimed bounds."""

    def outcome(self) -> Any:
        result = super().outcome()
        return None if result is None else dataclasses.replace(result, scores=(9.0,) * 2)


class WrongIdState(ToyState):
    """Offers an action whose id maps back to another action."""


BROKEN = {
    "toy-leaky": (LeakyState, "sees the hand of seat"),
    "toy-global-random": (GlobalRandomState, "does not replay"),
    "toy-stuck": (StuckState, "no legal action"),
    "toy-twin-texts": (TwinTextsState, "two legal actions print alike"),
    "toy-broken-invariant": (BrokenInvariantState, "a card is in two places"),
    "toy-fresh-clone": (
        FreshCloneState,
        "the fast path (clone + apply_in_place) does not give the game play gives",
    ),
    "toy-log-reading": (
        LogReadingState,
        "the fast path (clone + apply_in_place, quiet) does not give the game play gives",
    ),
    "toy-true-world": (TrueWorldState, "differs from the true state"),
    "toy-own-hand-world": (OwnHandWorldState, "shows that seat a different view"),
    "toy-shared-world": (SharedHandWorldState, "playing a sampled world on changed the true state"),
    "toy-short": (ShortState, "longer than max_length() = 5"),
    "toy-high-score": (HighScoreState, "outside score_bounds()"),
    "toy-wrong-id": (WrongIdState, "does not map back to"),
}
_CLASSES = {_name: _game_class(_name, _cls) for _name, (_cls, _msg) in BROKEN.items()}
_CLASSES["toy-short"].max_length = lambda self: 5  # type: ignore[method-assign]
_CLASSES["toy-high-score"].score_bounds = lambda self: (0.0, 3.0)  # type: ignore[method-assign]
_CLASSES["toy-wrong-id"].action_from_id = (  # type: ignore[method-assign]
    lambda self, state, i: state.legal_actions()[0]
)
_game_class("toy-mutating", MutatingState)


@pytest.mark.parametrize("game_id", sorted(BROKEN))
def test_conformance_catches_broken_games(game_id: str) -> None:
    expected = BROKEN[game_id][1]
    with pytest.raises((AssertionError, RecordError)) as info:
        run_conformance(game_id, games=100, view_check=hidden_hands_check)
    assert expected in str(info.value)


def test_conformance_catches_a_game_whose_play_mutates_its_input() -> None:
    with pytest.raises(AssertionError):
        run_conformance("toy-mutating", games=50, view_check=hidden_hands_check)


def test_same_arguments_play_the_same_games() -> None:
    """A fixed, seeded number of games: the report never depends on the machine's speed."""
    first = run_conformance("toy", {"players": 3}, games=40, seed=5)
    again = run_conformance("toy", {"players": 3}, games=40, seed=5)
    assert (first.games, first.steps, first.winners) == (again.games, again.steps, again.winners)
    assert first.games == 40
