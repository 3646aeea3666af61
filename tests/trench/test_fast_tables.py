"""The fast path's tables and carried legal actions agree with a fresh computation."""

from __future__ import annotations

import random

import gamelib
from gamelib.trench import state as engine


def test_plot_cards_are_the_plot_texts_cards() -> None:
    """Every plot a hand may make has its cards in ``_PLOT_CARDS``, as its text splits."""
    plots = [*engine._PLOT_ONE.values()]
    for row in engine._PLOT_ROWS.values():
        plots.extend(row.values())
    assert set(engine._PLOT_CARDS) == set(plots)
    for a in plots:
        assert engine._PLOT_CARDS[a] == a.arg.split("+")


def test_other_sids_are_the_other_owners_soldiers() -> None:
    """``_OTHER_SIDS`` lists, in order, the soldiers another owner (or a civilian) looks at."""
    for n in (2, 3, 4):
        for per in (2, 3):
            owners = [i // per for i in range(n * per)]
            for o in range(-1, n):
                want = tuple(i for i, q in enumerate(owners) if q != o)
                assert engine._OTHER_SIDS[n, per][o] == want


def _fresh_legal(st: engine.TrenchState) -> list[object]:
    c = st.clone()
    c._legal = None
    return c.legal_actions()


def test_carried_legal_actions_hold_only_while_the_turn_waits_on_them() -> None:
    """Along seeded random games on the fast path: legal actions a step leaves behind are the
    ones worked out afresh, and none are left when a choice, a result or a pending decision
    comes next."""
    rng = random.Random(5)
    game = gamelib.load("trench")
    carried = 0
    for seed in range(40):
        st = game.new_state(seed, quiet=True)
        while st.current_player is not None:
            legal = st.legal_actions()
            st.apply_in_place(legal[rng.randrange(len(legal))])
            if st._legal is not None:
                carried += 1
                assert st.result is None and st.choice is None and not st.pending
                assert st._legal == _fresh_legal(st)
    assert carried > 100
