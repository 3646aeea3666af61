"""Positions for the 毒ガス塹壕戦 lesson, built through the engine.

Every state here is reached by playing actions from a seeded new game (``play``), so it is a
real position of the rules engine; small height maps for the geometry questions are parsed with
:func:`gamelib.trench.board.parse_heights` and answered by the engine's own functions
(:func:`~gamelib.trench.board.gun_ray`, :func:`~gamelib.trench.board.gas_walk`, ...).
Nothing here reveals a hidden plot or weapon: callers show ``state.view(seat)``.

>>> import gamelib
>>> s = after_setup(gamelib.load("trench", players=2), seed=1)
>>> s.phase, s.round
('plot', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamelib.core import Game, play
from gamelib.trench.board import Cell, gas_walk, gun_ray, parse_heights, ray_level

__all__ = [
    "HOLE", "after_setup", "at_landing", "first_turn", "gas_stop", "gun_hit", "melee_position",
    "movers", "shot_level", "stand", "walk", "with_gas",
]

HOLE = parse_heights("""
1111111
1111111
1111111
1110111
1111111
1111111
1111111
""")
"""A 7×7 ground board (level 1) with one hole (level 0) on d4: the geometry questions' board."""


def walk(state: Any, *texts: str) -> Any:
    """``state`` after playing the action ``texts`` in order (each checked by the engine)."""
    for t in texts:
        state = play(state, t)
    return state


def at_landing(game: Game[Any], seed: int = 1) -> Any:
    """A seeded game at its first landing decision: each seat armed with its first choice."""
    s = game.new_state(seed=seed)
    while s.phase == "arm":
        s = play(s, s.legal_actions()[0])
    return s


def after_setup(game: Game[Any], seed: int = 1) -> Any:
    """A seeded game after its set-up, at the first plot of round 1.

    The set-up helper: every set-up decision (arming, landing, base, cube placement) takes the
    engine's first legal choice, and the cube placement passes.
    """
    s = game.new_state(seed=seed)
    while s.phase != "plot" and not s.is_terminal():
        legal = s.legal_actions()
        s = play(s, next((a for a in legal if a.verb == "pass"), legal[0]))
    return s


def first_turn(game: Game[Any], seed: int = 1, plots: Sequence[str] = ("move+fire", "move+fire")
               ) -> Any:
    """:func:`after_setup`, then each seat plots ``plots[k]`` (k-th to plot): the first turn."""
    s = after_setup(game, seed)
    for cards in plots:
        s = play(s, f"plot {cards}")
    return s


def movers(state: Any) -> frozenset[int]:
    """The soldier numbers (1–3) the player to act may move now (``move`` actions)."""
    return frozenset(a.soldier for a in state.legal_actions() if a.verb == "move")


def gun_hit(h: Sequence[int], start: Cell, level: int, d: str, reach: int,
            occupied: Sequence[Cell]) -> Cell | None:
    """The cell whose piece a bullet hits, or ``None`` (a cube or nothing stops it): R7.4.2."""
    what, cell = gun_ray(h, start, level, d, reach, set(occupied))
    return cell if what == "piece" else None


def gas_stop(h: Sequence[int], cell: Cell, wind: str) -> Cell | None:
    """Where a gas token on ``cell`` stops under ``wind`` when no bounce choice arises, or
    ``None`` when it leaves the board (R8.3)."""
    path, end, _ = gas_walk(h, cell, wind, ())
    if end == "off":
        return None
    if end == "choose":
        raise ValueError("the gas owner must choose a side here")
    return path[-1] if path else cell


def shot_level(h: Sequence[int], start: Cell, level: int, d: str) -> int:
    """The level a shot from ``start`` flies at (the rim rule, R7.4.2, A53)."""
    return ray_level(h, start, level, d)


def stand(state: Any, seat: int, num: int, cell: Cell, facing: str = "N") -> Any:
    """A copy of ``state`` with ``seat``'s soldier ``num`` standing on board ``cell``, off his
    ship, facing ``facing``: the lesson's set-up helper for a close-quarters position.

    Only positions are changed (nothing hidden is revealed or dealt); the cell must be free
    ground or a hole, which :meth:`check_invariants` confirms.
    """
    s = state.clone()
    soldier = s._own(s.soldiers[seat * s.per + num - 1])  # (clones share soldiers: copy)
    if s.at(cell) is not None or s.H(cell) > 1:
        raise ValueError(f"{cell} is not free to stand on")
    soldier.cell, soldier.ship, soldier.facing = cell, False, facing
    s.check_invariants()
    return s


def melee_position(game: Game[Any], seed: int = 1) -> Any:
    """Round 1 of a seeded game with Player 1's S2 on d3 facing north, Player 2's S2 on d4
    facing south, both players having plotted Move: Player 1 to act (R7.1.7)."""
    s = after_setup(game, seed)
    s = stand(s, 0, 2, (4, 3), "N")
    s = stand(s, 1, 2, (4, 4), "S")
    return walk(s, "plot move", "plot move")


def with_gas(state: Any, owner: int, cell: Cell) -> Any:
    """A copy of ``state`` with a lingering gas token of ``owner`` on ``cell``: the lesson's
    set-up helper for the wind chapter (a token as a fired gas shell leaves it, R8.1)."""
    s = state.clone()
    s.gas[s.next_gas] = (owner, cell)
    s.next_gas += 1
    s.check_invariants()
    return s
