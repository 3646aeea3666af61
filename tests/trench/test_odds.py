"""Gas odds: reach under each wind card and the chance of the next unseen card (R8.3, R9.6)."""

from __future__ import annotations

from fractions import Fraction

from gamelib.trench.board import parse_heights
from gamelib.trench.odds import gas_reach, next_unseen_wind, p_gas_reaches, reach_by_card
from tests.trench.helpers import ready

WALL = parse_heights("""
1111111
1111111
1112111
1111111
1111111
1111111
1111111
""")


def test_reach_covers_both_bounce_branches():
    """The owner may bounce either way, so both sides are reachable."""
    r = gas_reach(WALL, (4, 3), "N")
    assert {(3, 4), (5, 4), (3, 7), (5, 7), (4, 4)} <= r and (4, 5) not in r


def test_calm_stays_put():
    """R5.1d: calm leaves the cloud where it is."""
    assert gas_reach(WALL, (4, 3), None) == frozenset({(4, 3)})


def test_next_card_uniform_over_unseen_and_p_reach():
    """Unseen = 7 minus previews (and current/discards); p = share of cards carrying gas there."""
    st = ready()  # 2 players: two previews, no current card
    st.gas[0] = (0, (2, 2))
    view = st.view(0)
    odds = next_unseen_wind(view)
    assert sum(odds.values()) == 1 and len(odds) == 5
    reach = reach_by_card(view)
    expect = sum((p for c, p in odds.items() if (2, 3) in reach[c]), Fraction(0))
    assert p_gas_reaches(view, (2, 3), odds) == expect
    assert expect == (Fraction(1, 5) if "N" in odds else 0)
