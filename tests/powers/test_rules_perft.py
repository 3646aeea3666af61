"""Position counts at small depth from a fixed position (catch silent rule regressions).

Like chess *perft*: the number of action sequences of length 1..4 from one position. The first
count is checked by hand: player 1 holds A♥ 2♣ 4♥ 5♥ K♠ and owns France (+1 against Germany):
every card beats nothing (a lead Ace counts 1), plus ``fold`` — 6 actions.
"""

from __future__ import annotations

import pytest

import gamelib
from gamelib.powers.positions import position


def perft(state, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    return sum(perft(gamelib.play(state, a), depth - 1) for a in state.legal_actions())


@pytest.mark.parametrize(
    ("rules", "counts"),
    [
        ("base", [6, 28, 119, 454]),
        ("magazine", [6, 43, 165, 556]),
        ("refill", [6, 43, 174, 682]),
    ],
)
def test_perft(rules, counts):
    s = position(hands=["KS 5H 2C AH", "QD 9S 3H Joker1"], rounds="Germany",
                 owners={"France": 0}, deck="4H 6H 7H 8H 10C JC", rules=rules)
    assert [perft(s, d) for d in range(1, len(counts) + 1)] == counts
