"""What one player of 列強の興亡 may see: :class:`RekkyoView` and :class:`CombatView`.

Hidden information: other players' hands appear as ``None`` (their sizes are in ``hand_sizes``);
an attacker's face-down cards appear only as a count (open cards are face up); a defender's
choice is seen by others only once ``defend`` is played. ``unseen`` is the multiset of card ids
whose place the viewer does not know (draw pile + others' hidden cards); for the teacher
(``viewer=None``) it is the draw pile, i.e. what a neutral may draw.

Every view carries ``reconstruction_note``: the card values are a reconstruction.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from gamelib.core.state import View

__all__ = ["CombatView", "RekkyoView", "unseen_cards"]


@dataclass(frozen=True)
class CombatView:
    """One combat as the viewer may see it.

    ``stage``: ``"attack"`` (attacker choosing), ``"defend"`` (defending player choosing),
    ``"intercept"`` (a fighter may answer a strategic bombing), ``"resolved"``.
    ``defender`` is a seat, or ``None`` for a neutral. Card tuples are ``None`` when hidden from
    the viewer; ``attacker_open`` lists the attacker's cards shown face up before the reveal
    (none by default: 「カードはオープンせずに裏向きにして」; open cards with
    ``attack_open_cards="face_up"``), and the open cards once revealed.
    ``rolls`` are ``(card id, side, die face, value)`` with side ``"attacker"``/``"defender"``/
    ``"neutral"``/``"intercept"``; for an interception the value is the fighter's strength.
    ``neutral_drawn`` is what the neutral drew, ``neutral_counted`` the cards left after removing
    open cards and events; ``cancelled`` the strategic bombings shot down; ``returned`` the weapons
    the winner took back. ``winner`` is ``"attacker"`` or ``"defender"`` once resolved.
    """

    attacker: int
    defender: int | None
    target: str
    route: str
    stage: str
    attacker_count: int
    attacker_cards: tuple[str, ...] | None
    attacker_open: tuple[str, ...]
    defender_count: int
    defender_cards: tuple[str, ...] | None
    neutral_drawn: tuple[str, ...] = ()
    neutral_counted: tuple[str, ...] = ()
    rolls: tuple[tuple[str, str, int, int], ...] = ()
    pending_bombing: str | None = None
    interceptors: tuple[str, ...] = ()
    cancelled: tuple[str, ...] = ()
    attacker_total: int | None = None
    defender_total: int | None = None
    winner: str | None = None
    returned: tuple[str, ...] = ()


@dataclass(frozen=True)
class RekkyoView(View):
    """The table as one seat (or the teacher) sees it.

    ``owners`` maps every territory id to a seat or ``None`` (neutral); ``home`` lists each
    seat's starting territories; ``hands`` has the viewer's hand (every hand for the teacher) and
    ``None`` for hidden hands; ``scores`` are the current 国力 totals (halved after an atomic bomb);
    ``phase`` is ``"action"``, ``"attack"``, ``"defend"``, ``"intercept"``, ``"discard"`` or
    ``"over"``; ``turn_player`` is whose turn it is (the actor may be a defender);
    ``draw_pile`` is the pile top last, for the teacher only. ``pile_pools[s]`` is the multiset
    of cards seat ``s`` cannot rule out of the draw pile (``unseen`` less the weapons everyone saw
    return to another seat's hand); filled for the viewer's seat, every seat for the teacher.
    """

    reconstruction_note: str
    phase: str
    turn: int
    turn_player: int | None
    owners: dict[str, int | None]
    home: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    hand_limit: int
    draw_pile_size: int
    discard_pile: tuple[str, ...]
    unseen: dict[str, int]
    revolutionary: tuple[bool, ...]
    atomic_used: tuple[bool, ...]
    scores: tuple[float, ...]
    combat: CombatView | None
    last_combat: CombatView | None
    draw_pile: tuple[str, ...] | None = None
    pile_pools: tuple[dict[str, int] | None, ...] = ()
    options: dict[str, Any] | None = None

    @property
    def hand(self) -> tuple[str, ...] | None:
        """The viewer's own hand (``None`` for the teacher)."""
        return None if self.viewer is None else self.hands[self.viewer]

    def territories_of(self, seat: int) -> tuple[str, ...]:
        """The territory ids ``seat`` holds, in card-file order."""
        return tuple(t for t, o in self.owners.items() if o == seat)

    def neutrals(self) -> tuple[str, ...]:
        """The neutral territory ids, in card-file order."""
        return tuple(t for t, o in self.owners.items() if o is None)


def unseen_cards(view: RekkyoView) -> Counter[str]:
    """The multiset of card ids the viewer cannot locate (the teacher: the draw pile)."""
    return Counter(view.unseen)
