"""The engine's shortcuts agree with the rules they skip: options updated from the last ones equal
options built anew, and the card data keeps the facts the shortcuts rely on."""

from __future__ import annotations

import random

import gamelib
from gamelib.qmg import effects as fx


def test_discard_step_uses_follow_neither_hand_nor_pile():
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


def test_updated_options_equal_options_built_anew():
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
