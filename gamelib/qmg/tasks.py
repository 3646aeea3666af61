"""The engine's unit of pending work: a :class:`Task` on the task stack of a 主計将校 state.

Kept in its own module so that both the engine (:mod:`gamelib.qmg.state`) and the card effects
(:mod:`gamelib.qmg.effects`) import it at module level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Task"]


@dataclass(frozen=True)
class Task:
    """One pending piece of work: ``op`` for ``nation`` (the nation that decides, if any).

    ``card`` is the card being resolved, ``here`` the space a trigger happened in, ``step`` a
    card effect step (a mapping from the card data, never changed), ``n`` a count and ``who``
    another nation involved (a victim, an attacker).
    """

    op: str
    nation: int
    card: str = ""
    here: str = ""
    step: Any = None
    n: int = 0
    who: int = -1
