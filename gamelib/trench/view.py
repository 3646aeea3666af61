"""What one seat of 毒ガス塹壕戦 may see (R9.5, R9.6): plain values only.

Hidden from a seat: the others' plots until flipped (only their sizes show), the others' hands
(sizes show), weapon tiles neither fired nor seen by one of its soldiers (shown as ``"?"``), and
the wind pile order.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.core import View
from gamelib.trench.board import Cell

__all__ = ["SoldierView", "TrenchView"]


@dataclass(frozen=True)
class SoldierView:
    """One soldier as the viewer sees him; ``weapons`` are ``(kind or "?", ammo)``."""

    sid: int
    owner: int
    num: int
    cell: Cell | None
    ship: bool
    facing: str
    alive: bool
    exited: bool
    masked: bool
    food: int
    masks: int
    drugs: int
    cubes: int
    corpses: int
    weapons: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class TrenchView(View):
    """The board, the pieces, the cards and the round as one seat sees them."""

    heights: tuple[int, ...]
    bases: tuple[tuple[Cell, int], ...]
    items: tuple[tuple[Cell, tuple[str, ...]], ...]
    gas: tuple[tuple[int, Cell], ...]
    soldiers: tuple[SoldierView, ...]
    edges: tuple[str, ...]
    phase: str
    round: int
    day: bool
    start: int
    wind_card: str | None
    wind: str | None
    previews: tuple[str, ...]
    hand: tuple[tuple[str, int], ...] | None
    hands: tuple[tuple[tuple[str, int], ...] | None, ...]
    hand_sizes: tuple[int, ...]
    discards: tuple[tuple[str, ...], ...]
    plot: tuple[str, ...] | None
    plots: tuple[tuple[str, ...] | None, ...]
    plot_sizes: tuple[int, ...]
    shown: tuple[tuple[str, ...], ...]
    vp: tuple[int, ...]
    deaths: int
    order: tuple[int, ...]
    stage: str
    bounce: tuple[str, ...] | None
    interrupt_used: tuple[bool, ...]
    #: For the seat to move (and the teacher): per cell, the text of the first legal action
    #: aimed at it (landing, base, placing, building, digging out), for clicks on the board.
    cell_actions: tuple[tuple[Cell, str], ...] = ()
    #: An owner decision being waited for, as ``(kind, player)``: ``relief`` (R10.2),
    #: ``penalty`` (R10.8), ``heir`` (R7.1.10), ``intr`` (A22 b) or ``civpen`` (R12.6); else None.
    decision: tuple[str, int] | None = None
    #: Team play (R13.4, R13.5): each seat's team (0 red, 1 black) as the viewer knows it, None
    #: while hidden; () without teams. ``team_vp``: the VP that count for each seat's win.
    teams: tuple[int | None, ...] = ()
    team_vp: tuple[int, ...] = ()
    #: Civilians (R13.2, public): ``(number, cell, facing)`` of each civilian still alive on the
    #: board; () without the option. ``village``: the village cube's cell, None when gone.
    #: ``skips``: per seat, the turns still to sit out as a civilian penalty (R12.6, A79).
    civilians: tuple[tuple[int, Cell, str], ...] = ()
    village: Cell | None = None
    skips: tuple[int, ...] = ()
