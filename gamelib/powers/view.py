"""What a seat of Powers may see: :class:`PowersView` and the records it is made of.

Everything public is here (owners of countries, the revealed round card, the round deck's size and
composition but never its order, the public discard pile, the cards in front of each player, hand
counts, the bidding ladder with each card's strength and why, the occupation right and its cost,
the phase and scores). Hands are private: a seat sees its own hand only, the teacher
(``viewer=None``) sees every hand. The playing-card deck is face down: only its size is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.core import Term, View
from gamelib.powers.data import Card

__all__ = ["Bid", "DefenceInfo", "OccupationInfo", "PowersView"]


@dataclass(frozen=True)
class Bid:
    """One card on the bidding ladder of an invasion phase (侵略フェイズ), in play order.

    ``strength`` is the effective strength (``None`` for a Joker, which wins at once).
    ``base`` is the card's own value (2–13; for an Ace: the strength it builds on, i.e. the
    previous card's effective strength, or ``lead_ace - 1`` when it is played first, so that an
    Ace's strength is always ``base + 1``; 0 for a Joker);
    ``bonus`` is the adjacency bonus (+1 per owned neighbour of the revealed country, listed in
    ``bonus_from``; always 0 for an Ace and a Joker). ``ace_rule`` marks an Ace
    (A = previous strength + 1). ``why`` explains the strength in both languages, e.g.
    "K = 13, +1 for France (adjacent, yours) = 14".
    """

    player: int
    card: Card
    strength: int | None
    base: int
    bonus: int
    bonus_from: tuple[str, ...]
    ace_rule: bool
    why: Term


@dataclass(frozen=True)
class OccupationInfo:
    """The occupation right (占領権) during the occupation phase (占領フェイズ).

    ``holder`` holds the right now; ``cost`` is what it costs them now (``start_cost`` minus one
    per pass, ``passes``); ``paid`` lists the cards already paid (once a holder starts paying they
    must finish). ``invader`` won the invasion phase.
    """

    country: str
    invader: int
    holder: int
    start_cost: int
    cost: int
    passes: int
    paid: tuple[Card, ...]


@dataclass(frozen=True)
class DefenceInfo:
    """The defence phase (防衛フェイズ): ``occupier`` took ``country``; its neighbours are checked
    in printed order. ``neighbour`` (owned by ``defender``) is being decided now, ``remaining``
    are still to be checked; ``results`` maps each neighbour checked so far to ``"defended"``,
    ``"taken"``, or ``"skipped"`` (not another player's)."""

    country: str
    occupier: int
    neighbour: str | None
    defender: int | None
    remaining: tuple[str, ...]
    results: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class PowersView(View):
    """One seat's view of Powers (``viewer=None``: the teacher, who sees all hands).

    Rules and set-up:
        ``rules`` ("base" / "magazine" / "refill"), ``blitzkrieg``; ``seating``: the seats in
        clockwise play order (decided by the flip at the start); ``homes``: seat -> home country
        (電撃戦 only, else empty); ``start_costs``: country -> occupation cost it starts at for this
        player count and rule set; ``country_names``: country -> name (Austria is
        Austria-Hungary from the magazine on).
    Round:
        ``round_number`` (1-based, 0 before the first), ``round_card`` (the revealed round card:
        a country key, ``"disarmament"`` or ``"mobilization"``; ``None`` before the first),
        ``rounds_played`` (revealed round cards in order), ``round_deck_count``,
        ``round_deck_remaining`` (the composition still in the round deck, sorted; its order is
        hidden), ``initiative`` (先制権 holder), ``phase`` (``"disarmament"``, ``"invasion"``,
        ``"occupation"``, ``"defence"``, ``"over"``), ``to_discard``: seat -> cards still to
        discard in a disarmament round.
    Cards:
        ``hand`` (the viewer's own hand, sorted; ``None`` for the teacher), ``hands`` (per seat:
        the hand if the viewer may see it, else ``None``), ``hand_counts``, ``deck_count``
        (face-down playing cards), ``discards`` (public, oldest first), ``in_front`` (per seat:
        cards played in invasion/defence still in front of the player), ``removed`` (the Kings
        out of the game in 電撃戦), ``owed``: per seat, cards to draw at the next refill
        (reorganisation 再編 in the magazine rules, conscription 徴兵 in the refill rules).
    Invasion:
        ``ladder`` (:class:`Bid` list), ``top_strength`` (strength to beat, 0 when no card is
        played), ``folded`` (per seat), ``invasion_winner`` (holder of the occupation right once
        the invasion ends), ``bonus``: per seat, the adjacency bonus that seat gets in this round.
    Occupation and defence:
        ``occupation`` (:class:`OccupationInfo` or ``None``), ``defence`` (:class:`DefenceInfo`
        or ``None``).
    Score:
        ``owners`` (country -> seat, for owned countries), ``scores`` (per seat points),
        ``lost``: countries nobody took (only with option ``uncontested="must_play"``).
    """

    rules: str
    blitzkrieg: bool
    seating: tuple[int, ...]
    homes: dict[int, str]
    start_costs: dict[str, int]
    country_names: dict[str, Term]
    round_number: int
    round_card: str | None
    rounds_played: tuple[str, ...]
    round_deck_count: int
    round_deck_remaining: tuple[str, ...]
    initiative: int
    phase: str
    to_discard: dict[int, int]
    hand: tuple[Card, ...] | None
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_counts: tuple[int, ...]
    deck_count: int
    discards: tuple[Card, ...]
    in_front: tuple[tuple[Card, ...], ...]
    removed: tuple[Card, ...]
    owed: tuple[int, ...]
    ladder: tuple[Bid, ...]
    top_strength: int
    folded: tuple[bool, ...]
    invasion_winner: int | None
    bonus: tuple[int, ...]
    occupation: OccupationInfo | None
    defence: DefenceInfo | None
    owners: dict[str, int]
    scores: tuple[int, ...]
    lost: tuple[str, ...]

    def countries_of(self, seat: int) -> tuple[str, ...]:
        """The countries ``seat`` owns, in printed order."""
        return tuple(k for k, o in self.owners.items() if o == seat)

    def unseen_cards(self, all_cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """Cards of ``all_cards`` the viewer cannot see (deck and others' hands)."""
        seen = set(self.discards) | set(self.removed)
        for front in self.in_front:
            seen.update(front)
        if self.occupation is not None:
            seen.update(self.occupation.paid)
        for h in self.hands:
            if h is not None:
                seen.update(h)
        return tuple(c for c in all_cards if c not in seen)
