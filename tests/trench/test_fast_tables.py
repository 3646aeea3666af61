"""The fast path's tables and carried legal actions agree with a fresh computation."""

from __future__ import annotations

import random
from collections.abc import Iterator

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


def _random_fast_games(seed: int, games: int) -> Iterator[engine.TrenchState]:
    """Seeded random games on the fast path: each state is yielded before its step is chosen
    (and the finished one last)."""
    rng = random.Random(seed)
    game = gamelib.load("trench")
    for n in range(games):
        st = game.new_state(n, quiet=True)
        yield st
        while st.current_player is not None:
            legal = st.legal_actions()
            st.apply_in_place(legal[rng.randrange(len(legal))])
            yield st


def _fresh_legal(st: engine.TrenchState) -> list[object]:
    c = st.clone()
    c._legal = None
    return c.legal_actions()


def test_carried_legal_actions_hold_only_while_the_turn_waits_on_them() -> None:
    """Along seeded random games on the fast path: legal actions a step leaves behind are the
    ones worked out afresh, and none are left when a choice, a result or a pending decision
    comes next."""
    carried = 0
    for st in _random_fast_games(5, 40):
        if st._legal is not None:
            carried += 1
            assert st.result is None and st.choice is None and not st.pending
            assert st._legal == _fresh_legal(st)
    assert carried > 100


def test_own_transfers_list_each_giver_s_items_in_items_of_order() -> None:
    """``_give_actions`` writes ``items_of`` inline: along seeded random games, the turn's own
    transfers (R6.11) are, pair by adjacent pair, the giver's items in ``items_of`` order, a
    cube only to a taker with fewer than two."""
    from gamelib.trench.search import GIVES_PER_TURN
    from gamelib.trench.soldier import items_of

    checked = 0
    for st in _random_fast_games(11, 60):
        p = st.current_player
        if p is not None and st.phase == "turn" and not st.pending and st.choice is None:
            mine = [s for s in st.soldiers[p * st.per:(p + 1) * st.per]
                    if not s.ship and s.alive and s.cell is not None]
            want = [] if st.t_gives >= GIVES_PER_TURN else [
                engine._GIVES_TO[a.num][b.num][it]
                for a in mine for b in mine if b.cell in engine._NEIGHBOURS[a.cell]
                for it in items_of(a, True) if it != "cube" or b.cubes < 2
            ]
            got = [x for x in st.legal_actions() if x.verb == "give" and x.cell is None]
            assert got == want
            checked += bool(want)
    assert checked > 50
