"""What a seat sees in 主計将校: the board, VP, its own hands, counts of hidden cards."""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.core import View

__all__ = ["QmgView"]


@dataclass(frozen=True)
class QmgView(View):
    """A seat's view. Hidden things of other seats are ``None`` with counts beside them.

    ``pieces``: (space, nation ids) for every occupied space; ``supplied``: per nation, the spaces
    of its supplied pieces; ``hands``/``responses``: per nation, the card ids (``None`` where the
    viewer may not see them); ``discard_tops``: the public top card of each discard pile.
    """

    round: int
    nation: int
    vp: tuple[int, int]
    pieces: tuple[tuple[str, tuple[int, ...]], ...]
    supplied: tuple[tuple[str, ...], ...]
    out_of_supply: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    discard_sizes: tuple[int, ...]
    discard_tops: tuple[str | None, ...]
    table: tuple[tuple[str, ...], ...]
    responses: tuple[tuple[str, ...] | None, ...]
    response_counts: tuple[int, ...]
    decision: str
    deciding_nation: int | None
    seat_nations: tuple[tuple[int, ...], ...]
