"""A heuristic bot for 毒ガス塹壕戦 that reads only its seat's view.

It fires the machine gun when an enemy stands on its ray, melees when it can, fires gas when
the current wind carries the cloud over more enemies than friends (the gas path worked out
with the engine's own :func:`~gamelib.trench.board.gas_walk`, each bounce taken the best way),
keeps soldiers in trenches: a soldier exposed on open ground to an enemy's line of fire
(enemy soldiers whose weapon it has not seen are feared as guns) digs in or steps into a hole,
in a trench it moves forward by digging rather than climbing out into a line of fire;
otherwise it prefers moving forward off the ship and towards the far edge, and never walks
into a cell holding gas. Everything else is chosen at random (its own seeded RNG).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamelib.trench.actions import TrenchAction
from gamelib.trench.board import Cell, add, gas_walk, gun_ray, on_board
from gamelib.trench.data import EDGES
from gamelib.trench.view import SoldierView, TrenchView

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
        enemies = {s.cell for s in _foes(v, me) if not s.ship and s.cell is not None}
        gas = {c for _, c in v.gas}
        fwd = EDGES[v.edges[me]].forward
        s = mine.get(a.soldier)
        h = v.heights
        if a.verb == "plot":
            if "dig" in a.arg.split("+") and a.arg.startswith(("fire", "move")) and any(
                    _exposed(v, me, x.cell) for x in mine.values()
                    if x.cell is not None and not x.ship):
                return 7  # someone stands in a line of fire: bring the Dig card
            return 5 if a.arg.startswith(("fire", "move")) else 2
        if a.verb == "fire" and s is not None and s.cell is not None and a.arg == "gun":
            hit, q = gun_ray(h, s.cell, _level(h, s), s.facing, 3, enemies)
            return 50 if hit == "piece" and q in enemies else 0
        if a.verb == "fire" and s is not None and s.cell is not None and a.arg == "gas":
            worth = _gas_worth(v, me, add(s.cell, s.facing, a.n))
            return 40 + 10 * worth if worth > 0 else -5
        if a.verb in ("move", "dash", "dig_fwd") and s is not None and s.cell is not None:
            t = add(s.cell, a.arg, 2 if a.verb == "dash" else 1)
            if t in enemies or (a.verb == "move" and not on_board(t)):
                return 60
            if t in gas:
                return -10
            score = 20 if a.arg == fwd else 4
            if a.verb == "dig_fwd":
                return score + 2  # on through the trench, still under cover
            if not on_board(t):
                return score  # a dash beyond the far edge
            lv = h[(t[1] - 1) * 7 + t[0] - 1]
            if s.ship or lv == 2:
                return score  # leaving the ship, or pushing a cube: no cover to weigh
            if lv == 0 and _exposed(v, me, s.cell):
                return 35  # into a hole, out of the line of fire
            if lv >= 1 and _exposed(v, me, t):
                return score - 8  # out into a line of fire
            return score
        if a.verb == "dig":
            if s is not None and s.cell is not None and _level(h, s) >= 1 and _exposed(
                    v, me, s.cell):
                return 35  # dig in where the enemy could shoot
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
            return -100  # free transfers never serve it, and could go round for ever
        return 1


def _level(h: Sequence[int], s: SoldierView) -> int:
    """The level a soldier rests at (a ship's top is level 1)."""
    assert s.cell is not None
    return 1 if s.ship else h[(s.cell[1] - 1) * 7 + s.cell[0] - 1]


def _foes(v: TrenchView, me: int) -> list[SoldierView]:
    """The enemy soldiers in play (teammates, when the view knows them, are not enemies)."""
    mates = {q for q, t in enumerate(v.teams) if t is not None and t == v.teams[me]}
    return [s for s in v.soldiers if s.owner != me and s.owner not in mates and s.alive
            and not s.exited and s.cell is not None]


def _exposed(v: TrenchView, me: int, cell: Cell) -> bool:
    """Whether a soldier of ``me`` resting on board ``cell`` stands in an enemy's line
    of fire: an enemy that may carry a loaded gun (as far as the view shows) on the same row or
    column, whose bullet turned that way would reach him (range 4, cubes and holes as the gun
    rule has them, R7.4.2)."""
    for e in _foes(v, me):
        if not any(k in ("gun", "?") and n > 0 for k, n in e.weapons):
            continue
        assert e.cell is not None
        dx, dy = cell[0] - e.cell[0], cell[1] - e.cell[1]
        if (dx != 0) == (dy != 0) or abs(dx) + abs(dy) > 4:
            continue
        d = ("E" if dx > 0 else "W") if dx else ("N" if dy > 0 else "S")
        if gun_ray(v.heights, e.cell, _level(v.heights, e), d, 4, {cell}) == ("piece", cell):
            return True
    return False


def _gas_worth(v: TrenchView, me: int, target: Cell) -> int:
    """What a gas shot on ``target`` is worth under the current wind: 2 per unmasked enemy
    soldier the cloud reaches (1 if masked), −3 per own soldier; each bounce the owner may
    choose is taken the better way (R8.3). Calm: only the target cell."""
    value: dict[Cell, int] = {}
    for e in _foes(v, me):
        if not e.ship and e.cell is not None:
            value[e.cell] = value.get(e.cell, 0) + (1 if e.masked else 2)
    for s in v.soldiers:
        if s.owner == me and s.alive and not s.exited and not s.ship and s.cell is not None:
            value[s.cell] = value.get(s.cell, 0) - 3
    if v.wind is None:
        return value.get(target, 0)
    return value.get(target, 0) + _path_worth(v.heights, target, v.wind, value, (), None, 4)


def _path_worth(h: Sequence[int], cell: Cell, wind: str, value: dict[Cell, int],
                seen: tuple[Cell, ...], side: str | None, depth: int) -> int:
    path, end, sides = gas_walk(h, cell, wind, seen, side)
    worth = sum(value.get(c, 0) for c in path)
    if end != "choose" or depth == 0:
        return worth
    last = path[-1] if path else cell
    seen = (*seen, cell, *path)
    return worth + max(_path_worth(h, last, wind, value, seen, sd, depth - 1) for sd in sides)


#: What the bot saves from a corpse or hands on first, and what it drops first when a ship sinks.
_PREFER = {
    "relief": {"gun": 10, "gas": 9, "bomb": 8, "drug": 7, "mask": 6, "food": 5, "cube": 4},
    "hand": {"gun": 10, "gas": 9, "bomb": 8, "drug": 7, "mask": 6, "food": 5, "cube": 4,
             "corpse": 3},
    "penalty": {"cube": 10, "food": 9, "mask": 8, "drug": 7, "bomb": 3, "gas": 2, "gun": 1},
}
