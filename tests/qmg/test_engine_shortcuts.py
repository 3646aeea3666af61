"""The engine's shortcuts agree with the rules they skip: options updated from the last ones equal
options built anew, steps left out of a turn change nothing, and the card data keeps the facts
the shortcuts rely on."""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib.core.state import digest
from gamelib.qmg import effects as fx
from gamelib.qmg import state as engine


def test_discard_step_uses_follow_neither_hand_nor_pile() -> None:
    """A card used in the Discard step needs no card in the pile and starts with no decision step,
    so discarding a card from hand never changes which of them can be used (the engine keeps
    their options from one discard to the next)."""
    for cid, trigger in fx.TRIGGER.items():
        if trigger != "discard_step":
            continue
        eff = fx.EFFECTS[cid]
        assert not eff.get("needs_discard"), cid
        steps = eff.get("steps", [])
        assert not steps or steps[0]["op"] not in fx.DECISION_STEPS, cid


def test_updated_options_equal_options_built_anew() -> None:
    """After every action of random fast games, the legal actions (updated in place after a
    discard) are the options of the decision on top built from scratch."""
    game = gamelib.load("qmg")
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_state(seed, quiet=True)
        while state.current_player is not None:
            legal = state.legal_actions()
            assert legal == fx.options(state, state.stack[-1])
            state.apply_in_place(legal[rng.randrange(len(legal))])


def _playout(seed: int) -> tuple[list[tuple[str, list[str]]], bytes]:
    """The deciding seat and legal actions at each decision of a random fast game, and the
    digest of its end."""
    rng = random.Random(seed)
    state = gamelib.load("qmg").new_state(seed, quiet=True)
    seen = []
    while state.current_player is not None:
        legal = state.legal_actions()
        seen.append((f"{state.round} {state.nation} {state.vp}", [str(a) for a in legal]))
        state.apply_in_place(legal[rng.randrange(len(legal))])
    return seen, digest(state)


def test_steps_left_out_of_a_turn_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn stacks only the steps that can do something (no start-of-turn decision without a
    card used then, no Discard or Supply step for a nation with neither cards in hand nor pieces):
    random games play exactly as when every turn stacks all its steps (a step without options
    is then skipped, one without pieces does nothing): the same decisions, the same end."""
    lean = [_playout(seed) for seed in range(6)]
    begin_turn = engine.QmgState._begin_turn

    def full_turn(self: engine.QmgState, n: int) -> None:
        below = len(self.stack)
        begin_turn(self, n)
        self.stack[below:] = engine.TURN_TASKS[n]

    monkeypatch.setattr(engine.QmgState, "_begin_turn", full_turn)
    assert [_playout(seed) for seed in range(6)] == lean
