"""Sampled worlds never deal a partisan into a hand (rules: a partisan resolves when drawn, so
no hand holds one; unseen partisans can only be in the draw pile)."""

from __future__ import annotations

import random

import gamelib
from gamelib.core import Rng


def test_sampled_worlds_keep_partisans_out_of_hands() -> None:
    game = gamelib.load("rekkyo", players=3)
    partisans = game.card_tables.partisans
    chooser = random.Random(4)
    worlds = with_partisan_hidden = 0
    for seed in range(12):
        state = game.new_state(seed, quiet=True)
        while not state.is_terminal():
            hidden = [*state.pile, *(c for r in (1, 2) for c in state.hands[r])]
            if partisans.intersection(hidden):
                with_partisan_hidden += 1
            for player in range(3):
                world = state.sample_world(player, Rng(seed * 1000 + len(state.history)))
                worlds += 1
                for hand in world.hands:
                    assert partisans.isdisjoint(hand), f"a world dealt a partisan into {hand}"
                assert world.pile is not state.pile
            legal = state.legal_actions()
            state.apply_in_place(legal[chooser.randrange(len(legal))])
            if len(state.history) > 60:
                break
    assert worlds > 500 and with_partisan_hidden > 50
