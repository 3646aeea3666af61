"""Scenario helpers: play the set-up quickly, then place soldiers by hand."""

from __future__ import annotations

from typing import Any

import gamelib
from gamelib.core import play
from gamelib.trench.state import TrenchState


def ready(seed: int = 0, **opts: Any) -> TrenchState:
    """A game after set-up (first choices, everyone passes), at round 1's plotting."""
    st = gamelib.load("trench", **opts).new_state(seed)
    while st.phase in ("arm", "land", "base", "setup"):
        legal = st.legal_actions()
        pick = next((a for a in legal if a.verb == "pass"), legal[0])
        if st.phase == "base":
            pick = legal[-1]
        st = play(st, pick)
    return st


def put(st: TrenchState, p: int, num: int, cell: tuple[int, int], facing: str = "N") -> None:
    """Stand player ``p``'s soldier ``num`` on ``cell`` (leaving his ship)."""
    s = st.soldiers[p * st.per + num - 1]
    s.cell, s.ship, s.facing = cell, False, facing


def park(st: TrenchState, keep: set[tuple[int, int]]) -> None:
    """Take every soldier not in ``keep`` ((player, num)) out of play by exiting him quietly."""
    for s in st.soldiers:
        if (s.owner, s.num) not in keep:
            s.exited, s.cell, s.ship = True, None, False


def plots(st: TrenchState, *texts: str) -> TrenchState:
    """Each player in turn plots the given text ("move+fire")."""
    for t in texts:
        st = play(st, f"plot {t}")
    return st
