"""Card strength in an invasion (トランプの強さ) and the defence sets, as pure functions.

* 2–K are 2–13 (スートに強弱は無い); +1 for each country the player owns adjacent to the revealed
  one (隣接ボーナス).
* An Ace is one more than the card before it, after that card's bonus; an Ace gets no bonus and
  may follow an Ace (K→A→A = 15). An Ace played first counts ``lead_ace`` (ruling, default 1).
* A Joker wins at once; it has no strength.
* Islands (島国) accept only ♥ ♦ and Jokers, landlocked countries (内陸) only ♠ ♣ and Jokers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from gamelib.core import Term
from gamelib.powers.data import COUNTRIES, Card, country_name

__all__ = [
    "adjacent_owned",
    "base_defences",
    "can_play",
    "card_strength",
    "explain_strength",
    "magazine_defences",
    "poker_value",
]


def adjacent_owned(player: int, country: str, owners: Mapping[str, int]) -> tuple[str, ...]:
    """The neighbours of ``country`` (printed order) that ``player`` owns: one bonus each."""
    return tuple(n for n in COUNTRIES[country].neighbours if owners.get(n) == player)


def card_strength(card: Card, top: int, bonus: int, *, lead_ace: int = 1) -> int | None:
    """Effective strength of ``card`` played over strength ``top`` (0: nothing played yet).

    ``None`` for a Joker. An Ace is ``top + 1`` (``lead_ace`` when ``top`` is 0) and ignores
    ``bonus``.
    """
    if card.is_joker:
        return None
    if card.is_ace:
        return lead_ace if top == 0 else top + 1
    return card.rank + bonus


def can_play(card: Card, country: str, top: int, bonus: int, *, lead_ace: int = 1) -> bool:
    """Whether ``card`` may be played now: the terrain accepts it and it beats ``top``."""
    if not COUNTRIES[country].accepts(card):
        return False
    s = card_strength(card, top, bonus, lead_ace=lead_ace)
    return s is None or s > top


def explain_strength(
    card: Card, top: int, bonus_from: Sequence[str], strength: int | None, rules: str = "base"
) -> Term:
    """Why ``card`` has ``strength``, in English and Japanese."""
    c = card.symbol
    if card.is_joker:
        return Term("Joker: wins at once", "ジョーカー: 即座に勝利")
    if card.is_ace:
        if top == 0:
            return Term(
                f"{c} played first counts {strength}",
                f"最初に出した{c}は{strength}",
            )
        return Term(
            f"{c} = {top} (the card before it) + 1 = {strength}; no adjacency bonus for an Ace",
            f"{c} = 前の札の{top} + 1 = {strength}(Aに隣接ボーナスなし)",
        )
    if not bonus_from:
        return Term(f"{c} = {strength}", f"{c} = {strength}")
    en = ", ".join(country_name(k, rules).en for k in bonus_from)
    ja = "・".join(country_name(k, rules).ja for k in bonus_from)
    k = len(bonus_from)
    return Term(
        f"{c} = {card.rank} +{k} for {en} (yours, adjacent) = {strength}",
        f"{c} = {card.rank} + 隣接する自国({ja}){k} = {strength}",
    )


def poker_value(card: Card) -> int:
    """Strength of a flipped card for seating (ポーカーで強い札): 2–K, Ace 14, Joker 15 (ruling)."""
    if card.is_joker:
        return 15
    if card.is_ace:
        return 14
    return card.rank


def base_defences(hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Base defence: one face card (絵札 J・Q・K), any suit."""
    return [(c,) for c in sorted(hand) if c.is_face]


def magazine_defences(hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Magazine defence: a pair of one rank (two Jokers are a pair) or a straight of three.

    Straights ignore suits; A = 1 and connects to 2; K and A do not connect; Jokers form none.
    Pairs come first, then straights, each in card order.
    """
    cards = sorted(hand)
    pairs: list[tuple[Card, ...]] = [
        (a, b) for a, b in combinations(cards, 2) if a.rank == b.rank
    ]
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        if not c.is_joker:
            by_rank.setdefault(c.rank, []).append(c)
    straights: list[tuple[Card, ...]] = [
        (a, b, c)
        for r in range(1, 12)
        for a in by_rank.get(r, ())
        for b in by_rank.get(r + 1, ())
        for c in by_rank.get(r + 2, ())
    ]
    return pairs + straights
