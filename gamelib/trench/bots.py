"""A heuristic bot for 毒ガス塹壕戦 that reads only its seat's view.

It fires the machine gun when an enemy stands on its ray, melees when it can, otherwise
prefers moving forward off the ship and towards the far edge, digs in when nothing else scores,
and never walks into a cell holding gas. Everything else is chosen at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamelib.trench.actions import TrenchAction
from gamelib.trench.board import add, gun_ray, on_board
from gamelib.trench.data import EDGES
from gamelib.trench.view import TrenchView

__all__ = ["HeuristicBot"]


class HeuristicBot:
    """Scores each legal action with a few rules of thumb; ties are broken by its own RNG."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal_actions: Sequence[TrenchAction]) -> TrenchAction:
        """The best-scoring legal action."""
        assert isinstance(view, TrenchView)
        scored = [(self._score(view, a), i) for i, a in enumerate(legal_actions)]
        top = max(s for s, _ in scored)
        choices = [legal_actions[i] for s, i in scored if s == top]
        return choices[self.rng.randrange(len(choices))]

    def _score(self, v: TrenchView, a: TrenchAction) -> int:
        me = v.current_player
        if me is None:
            return 0
        mine = {s.num: s for s in v.soldiers if s.owner == me and s.alive and not s.exited}
        mates = {q for q, t in enumerate(v.teams) if t is not None and t == v.teams[me]}
        enemies = {s.cell for s in v.soldiers
                   if s.owner != me and s.owner not in mates and s.alive and not s.exited
                   and not s.ship and s.cell is not None}
        gas = {c for _, c in v.gas}
        fwd = EDGES[v.edges[me]].forward
        s = mine.get(a.soldier)
        if a.verb == "plot":
            return 5 if a.arg.startswith(("fire", "move")) else 2
        if a.verb == "fire" and s is not None and s.cell is not None and a.arg == "gun":
            level = 1 if s.ship else v.heights[(s.cell[1] - 1) * 7 + s.cell[0] - 1]
            hit, q = gun_ray(v.heights, s.cell, level, s.facing, 3, enemies)
            return 50 if hit == "piece" and q in enemies else 0
        if a.verb in ("move", "dash") and s is not None and s.cell is not None:
            t = add(s.cell, a.arg, 2 if a.verb == "dash" else 1)
            if t in enemies or (a.verb == "move" and not on_board(t)):
                return 60
            if t in gas:
                return -10
            return 20 if a.arg == fwd else 4
        if a.verb == "dig":
            return 6
        if a.verb == "turn":
            return 8 if a.arg == fwd else 1
        if a.verb in ("end", "flip", "wait"):
            return 3
        if a.verb in _PREFER:  # owner decisions: save the best, lose the least useful
            if a.arg in ("gun", "gas", "bomb"):
                gone = a.verb != "penalty"  # relief / hand-on: from a dead or exited soldier
                rounds = [n for x in v.soldiers if x.owner == me
                          and (gone == (not x.alive or x.exited))
                          and (gone or x.num == a.soldier)
                          for k, n in x.weapons if k == a.arg]
                if rounds and max(rounds) == 0:  # an empty weapon: worth nothing
                    return 0 if gone else 11
            return _PREFER[a.verb].get(a.arg, 0)
        if a.verb == "interrupt":
            return 4
        if a.verb == "give":
            return 0
        return 1


#: What the bot saves from a corpse or hands on first, and what it drops first when a ship sinks.
_PREFER = {
    "relief": {"gun": 10, "gas": 9, "bomb": 8, "drug": 7, "mask": 6, "food": 5, "cube": 4},
    "hand": {"gun": 10, "gas": 9, "bomb": 8, "drug": 7, "mask": 6, "food": 5, "cube": 4,
             "corpse": 3},
    "penalty": {"cube": 10, "food": 9, "mask": 8, "drug": 7, "bomb": 3, "gas": 2, "gun": 1},
}
