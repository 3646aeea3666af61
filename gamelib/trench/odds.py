"""Odds of 毒ガス塹壕戦's gas: where each cloud can go under each wind card, from a view only.

The wind pile's order is hidden (R9.6), but which cards are unseen is public: all seven wind
cards minus the current card, the previews and the wind discard. The first card that is not
yet previewed is equally likely to be any unseen card (a reshuffle when the pile runs out
keeps this: the discards then come back, and the formula counts them). Bounce sides are the
gas owner's choice (R8.3), so a cloud *can reach* every cell of any of its branches.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from gamelib.trench.board import DIRS, Cell, gas_walk
from gamelib.trench.data import WIND_CARDS
from gamelib.trench.view import TrenchView

__all__ = ["gas_reach", "next_unseen_wind", "p_gas_reaches", "reach_by_card", "wind_of"]


def wind_of(card: str, previous: str | None) -> str | None:
    """The direction a wind card gives (A18 default, A19 'previous'); ``None`` = calm.

    An eclipse is replaced by the following card (R5.1c); here it counts as keeping the wind.
    """
    if card in DIRS:
        return card
    if card in ("same", "eclipse"):
        return previous
    return None


def gas_reach(heights: Sequence[int], cell: Cell, wind: str | None) -> frozenset[Cell]:
    """Every cell a token on ``cell`` may pass through or stop on under ``wind`` (all bounce
    choices), itself included; an empty wind leaves it where it is."""
    if wind is None:
        return frozenset({cell})
    seen: set[Cell] = {cell}
    stack: list[tuple[Cell, frozenset[Cell], str | None]] = [(cell, frozenset(), None)]
    while stack:
        at, visited, side = stack.pop()
        path, end, sides = gas_walk(heights, at, wind, visited, side)
        seen.update(path)
        if end == "choose":
            last = path[-1] if path else at
            done = frozenset(visited) | {at, *path}
            for s in sides:
                stack.append((last, done, s))
    return frozenset(seen)


def reach_by_card(view: TrenchView) -> dict[str, frozenset[Cell]]:
    """For each wind card, the cells the view's gas clouds can reach if it blew next."""
    out: dict[str, frozenset[Cell]] = {}
    for card in WIND_CARDS:
        wind = wind_of(card, view.wind)
        cells: set[Cell] = set()
        for _, c in view.gas:
            cells |= gas_reach(view.heights, c, wind)
        out[card] = frozenset(cells)
    return out


def next_unseen_wind(view: TrenchView, discards: Sequence[str] = ()) -> dict[str, Fraction]:
    """The distribution of the first wind card not yet revealed (uniform over unseen cards).

    ``discards`` are the wind discards (public); pass them when known.
    """
    seen = list(view.previews) + ([view.wind_card] if view.wind_card else []) + list(discards)
    unseen = [c for c in WIND_CARDS if c not in seen]
    if not unseen:
        return {}
    return {c: Fraction(1, len(unseen)) for c in unseen}


def p_gas_reaches(view: TrenchView, cell: Cell, card_odds: dict[str, Fraction]) -> Fraction:
    """The chance that a wind card drawn with ``card_odds`` lets some gas cloud reach ``cell``."""
    reach = reach_by_card(view)
    return sum((p for card, p in card_odds.items() if cell in reach[card]), Fraction(0))
