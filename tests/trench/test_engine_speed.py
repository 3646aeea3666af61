"""Engine properties the speed work relies on (issue 12), checked without timing anything."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import gamelib
from gamelib.core import play
from gamelib.trench.actions import TrenchAction, act


def test_actions_are_interned_values():
    """Equal fields give the very same action, however it is made (constructor, ``act``,
    pickling, copying, ``dataclasses.replace``), so equality and hashing are identity."""
    a = TrenchAction("move", 1, "N")
    assert a is act("move", 1, "N") is TrenchAction("move", soldier=1, arg="N")
    assert pickle.loads(pickle.dumps(a)) is a
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert dataclasses.replace(a, arg="S") is act("move", 1, "S")
    assert a != act("move", 1, "S") and len({a, act("move", 1, "N")}) == 1
    assert str(a) == "S1 move N" and repr(a).startswith("TrenchAction(verb='move'")


def test_an_action_made_by_hand_is_found_legal():
    """``play`` accepts an action built field by field (not taken from the legal list)."""
    st = gamelib.load("trench").new_state(3)
    first = st.legal_actions()[0]
    made = TrenchAction(first.verb, first.soldier, first.arg, first.cell, first.n, first.extra)
    assert made in st.legal_actions()
    assert play(st, made).history == play(st, first).history
