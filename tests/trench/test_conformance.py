"""The shared conformance suite on every player count and beginner mode, with a view check."""

from __future__ import annotations

from typing import Any

import pytest

from gamelib.testing import run_conformance
from gamelib.trench.view import TrenchView


def view_check(state: Any, view: Any, viewer: int | None) -> None:
    """Plots and hands of others hidden (sizes only); unseen weapon tiles shown as '?'."""
    assert isinstance(view, TrenchView)
    n = state.game.players
    assert view.hand_sizes == tuple(sum(h.values()) for h in state.hands)
    assert view.plot_sizes == tuple(-1 if p is None else len(p) for p in state.plots)
    for p in range(n):
        if viewer is not None:
            assert view.plots[p] is None and view.hands[p] is None
    if viewer is not None and state.plots[viewer] is not None:
        assert view.plot == tuple(state.plots[viewer])
    for sv, s in zip(view.soldiers, state.soldiers, strict=True):
        for (kind, _), tile in zip(sv.weapons, s.tiles, strict=True):
            tid = int(tile[0])
            visible = (viewer is None or tid in state.public_tiles
                       or tid in state.known[viewer])
            assert kind == (tile[1] if visible else "?")
    if view.teams and viewer is not None:  # R13.4: a team shows only once known
        for q, t in enumerate(view.teams):
            known = state.opts.open_teams or q in state.team_seen[viewer]
            assert t == (state.team[q] if known else None)
    if state.opts.civilians:  # R13.2: civilians and the village are public, to every seat
        assert view.civilians == tuple(
            (c.num, c.cell, c.facing) for c in state.civs if c.alive and c.cell)
        assert view.village == state.village and view.skips == tuple(state.skip)
    for e in view.log:
        assert e.visible_to is None or viewer is None or viewer in e.visible_to


@pytest.mark.parametrize(
    ("opts", "games"),
    [({"players": 2}, 60), ({"players": 3}, 30), ({"players": 4}, 20),
     ({"players": 2, "beginner": True}, 30), ({"players": 4, "beginner": True}, 15),
     ({"players": 3, "interrupt_timing": "boundary"}, 15), ({"players": 2, "relief": False}, 15),
     ({"players": 4, "open_teams": True}, 12), ({"players": 4, "hidden_teams": True}, 12),
     ({"players": 2, "civilians": True}, 40), ({"players": 4, "civilians": True}, 15),
     ({"players": 4, "civilians": True, "open_teams": True}, 10),
     ({"players": 2, "civilians": True, "guerrillas": True}, 40),
     ({"players": 3, "civilians": True, "guerrillas": True}, 15),
     ({"players": 4, "civilians": True, "guerrillas": True, "hidden_teams": True}, 8)],
    ids=["2p", "3p", "4p", "beginner-2p", "beginner-4p", "interrupt-boundary-3p", "no-relief-2p",
         "open-teams-4p", "hidden-teams-4p", "civilians-2p", "civilians-4p",
         "civilians-open-teams-4p", "guerrillas-2p", "guerrillas-3p", "guerrillas-hidden-4p"],
)
def test_conformance(opts, games):
    """Fixed seeded game counts, every step checked; every game finishes."""
    report = run_conformance("trench", opts, games=games, view_check=view_check)
    print(report.summary())
    assert report.games == games and report.finished == games
