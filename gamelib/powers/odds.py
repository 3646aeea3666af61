"""Card odds for Powers, exact where counting is feasible, otherwise simulated (and saying so).

Two questions a player asks:

* **Invasion** (侵略フェイズ): "if the strength to beat is S, what is the chance that somebody
  still in the bidding holds a card that beats it?" From the viewer's side, the cards they
  cannot see (the deck plus the other hands) form the *unseen* multiset; every other hand is
  a uniformly random subset of it of a known size, and the hands are disjoint. A card beats S
  for opponent *i* when its suit is legal for the revealed country (island: ♥♦ and Jokers
  only; landlocked: ♠♣ and Jokers only) and it is a Joker (wins at once), an Ace (previous
  strength + 1: beats anything), or a 2–K whose rank plus *i*'s adjacency bonus exceeds S.
* **Magazine defence** (雑誌2月号): "with n cards, what is the chance of holding a pair (two equal
  numbers, or both Jokers) or a straight (three consecutive numbers in any suits, A=1 joins 2,
  K does not join A, Jokers never join)?"

Cards here are plain keys ``(rank, suit)``: rank 1 (Ace) to 13 (King), suit one of ``"SHDC"``;
a Joker is ``(0, "J")``. :func:`card_key` converts the engine's cards.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.core import Estimate
from gamelib.powers.data import COUNTRIES, playing_cards
from gamelib.powers.view import PowersView

__all__ = [
    "JOKER",
    "SUITS",
    "BeatOdds",
    "HandOdds",
    "Opponent",
    "beat_odds",
    "beats",
    "card_key",
    "face_card_odds",
    "full_deck",
    "hand_odds",
    "has_pair",
    "has_straight",
    "invasion_odds",
    "legal_suits",
]

CardKey = tuple[int, str]

SUITS = "SHDC"
JOKER: CardKey = (0, "J")
ACE, KING = 1, 13
TERRAINS = ("normal", "island", "landlocked")

#: The most distinct hand-size states the exact invasion count may visit before it simulates.
EXACT_STATE_LIMIT = 200_000


def full_deck(*, jokers: int = 2, without_kings: bool = False) -> list[CardKey]:
    """The 54-card deck as keys (the 電撃戦 variant removes the four Kings)."""
    top = KING - 1 if without_kings else KING
    return [(r, s) for s in SUITS for r in range(ACE, top + 1)] + [JOKER] * jokers


_SUIT_ALIASES = {
    "S": "S", "SPADE": "S", "SPADES": "S", "♠": "S",
    "H": "H", "HEART": "H", "HEARTS": "H", "♥": "H",
    "D": "D", "DIAMOND": "D", "DIAMONDS": "D", "♦": "D",
    "C": "C", "CLUB": "C", "CLUBS": "C", "♣": "C",
}  # fmt: skip


def card_key(card: Any) -> CardKey:
    """The ``(rank, suit)`` key of a card: a key already, a text like ``"QH"``/``"10♠"``/
    ``"Joker"``, or an object with ``rank`` and ``suit`` (rank 0/None or ``is_joker`` for Jokers).
    """
    if isinstance(card, tuple) and len(card) == 2 and isinstance(card[0], int):
        return (int(card[0]), str(card[1]))
    if isinstance(card, str):
        return _parse_text(card)
    if getattr(card, "is_joker", False) is True:
        return JOKER
    rank, suit = getattr(card, "rank", None), getattr(card, "suit", None)
    if rank in (None, 0) or suit in (None, "J", "joker", "JOKER"):
        return JOKER
    return (_rank_value(rank), _suit_letter(suit))


def _rank_value(rank: Any) -> int:
    if isinstance(rank, int):
        return rank
    value = getattr(rank, "value", rank)
    if isinstance(value, int):
        return value
    text = str(getattr(rank, "name", value)).upper()
    named = {"A": 1, "ACE": 1, "J": 11, "JACK": 11, "Q": 12, "QUEEN": 12, "K": 13, "KING": 13}
    return named[text] if text in named else int(text)


def _suit_letter(suit: Any) -> str:
    value = getattr(suit, "value", suit)
    text = str(value).upper()
    if text not in _SUIT_ALIASES:
        text = str(getattr(suit, "name", text)).upper()
    return _SUIT_ALIASES[text]


def _parse_text(text: str) -> CardKey:
    t = text.strip().upper()
    if t.startswith("JOKER") or t in ("JK", "🃏"):
        return JOKER
    for symbol, letter in _SUIT_ALIASES.items():
        if len(symbol) == 1 and (t.endswith(symbol) or t.startswith(symbol)):
            rank = t[:-1] if t.endswith(symbol) else t[1:]
            return (_rank_value(rank), letter)
    raise ValueError(f"not a card: {text!r}")


def legal_suits(terrain: str) -> frozenset[str]:
    """Suits that may be played when the revealed country is ``normal``/``island``/``landlocked``
    (Jokers, suit ``"J"``, are always legal)."""
    if terrain == "island":
        return frozenset("HDJ")
    if terrain == "landlocked":
        return frozenset("SCJ")
    if terrain == "normal":
        return frozenset("SHDCJ")
    raise ValueError(f"terrain is one of {TERRAINS}, not {terrain!r}")


def beats(
    card: CardKey,
    to_beat: int,
    *,
    bonus: int = 0,
    terrain: str = "normal",
    joker_allowed: bool = True,
) -> bool:
    """Whether ``card`` played by a player with adjacency ``bonus`` beats strength ``to_beat``."""
    rank, suit = card
    if suit not in legal_suits(terrain):
        return False
    if card == JOKER:
        return joker_allowed
    if rank == ACE:
        return True
    return rank + bonus > to_beat


@dataclass(frozen=True)
class Opponent:
    """An opponent still in the bidding: seat, hand size, adjacency bonus and whether a Joker
    is playable (under the magazine rules a Joker costs one more card, so needs two in hand)."""

    seat: int
    hand_size: int
    bonus: int = 0
    joker_allowed: bool = True


@dataclass(frozen=True)
class BeatOdds:
    """Chance that ``anyone`` (and each opponent, by seat) holds a card beating ``to_beat``."""

    to_beat: int
    anyone: Estimate
    each: tuple[tuple[int, Estimate], ...]
    unseen: int

    def describe(self, lang: str = "en", seat_names: Sequence[str] | None = None) -> str:
        """A few lines of text saying the numbers and how they were obtained."""
        def name(seat: int) -> str:
            if seat_names is not None and 0 <= seat < len(seat_names):
                return seat_names[seat]
            return f"プレイヤー{seat + 1}" if lang == "ja" else f"Player {seat + 1}"

        if lang == "ja":
            lines = [
                f"強さ{self.to_beat}を上回れる人がいる確率: {self.anyone.describe(lang)}"
                f"(見えないカード{self.unseen}枚から)"
            ]
        else:
            lines = [
                f"Chance someone can beat strength {self.to_beat}: {self.anyone.describe(lang)}"
                f" (from {self.unseen} unseen cards)"
            ]
        lines += [f"  {name(seat)}: {est.describe(lang)}" for seat, est in self.each]
        return "\n".join(lines)


def _classes(
    unseen: Sequence[CardKey], opponents: Sequence[Opponent], to_beat: int, terrain: str
) -> tuple[list[int], list[frozenset[int]]]:
    # Group unseen cards by which opponents they would beat for.
    counts: Counter[frozenset[int]] = Counter()
    for card in unseen:
        sig = frozenset(
            i
            for i, o in enumerate(opponents)
            if beats(card, to_beat, bonus=o.bonus, terrain=terrain, joker_allowed=o.joker_allowed)
        )
        counts[sig] += 1
    sigs = sorted(counts, key=lambda s: (len(s), sorted(s)))
    return [counts[s] for s in sigs], sigs


def _ways_avoiding(
    sizes: list[int], sigs: list[frozenset[int]], opponents: Sequence[Opponent], who: list[int]
) -> int | None:
    """Ways to deal disjoint hands to opponents ``who`` so that none holds a card that beats for
    its owner; ``None`` when the count would visit too many states."""
    states: dict[tuple[int, ...], int] = {tuple(sizes): 1}
    visited = 0
    for i in who:
        need = opponents[i].hand_size
        allowed = [c for c, sig in enumerate(sigs) if i not in sig]
        nxt: dict[tuple[int, ...], int] = {}
        for left, ways in states.items():
            for picks, w in _compositions(need, [left[c] for c in allowed]):
                new = list(left)
                for c, k in zip(allowed, picks, strict=True):
                    new[c] -= k
                key = tuple(new)
                nxt[key] = nxt.get(key, 0) + ways * w
                visited += 1
                if visited > EXACT_STATE_LIMIT:
                    return None
        states = nxt
    return sum(states.values())


def _compositions(total: int, caps: list[int]) -> Iterable[tuple[tuple[int, ...], int]]:
    # (k_1..k_n) with sum total, 0 <= k_j <= caps[j], weighted by prod C(caps[j], k_j).
    if not caps:
        if total == 0:
            yield (), 1
        return
    head, rest = caps[0], caps[1:]
    room = sum(rest)
    for k in range(max(0, total - room), min(head, total) + 1):
        w = math.comb(head, k)
        for tail, tw in _compositions(total - k, rest):
            yield (k, *tail), w * tw


def _deal_ways(n: int, hand_sizes: Iterable[int]) -> int:
    ways, left = 1, n
    for h in hand_sizes:
        ways *= math.comb(left, h)
        left -= h
    return ways


def beat_odds(
    unseen: Iterable[Any],
    opponents: Sequence[Opponent],
    *,
    to_beat: int,
    terrain: str = "normal",
    method: str = "auto",
    samples: int = 20_000,
    seed: int = 0,
) -> BeatOdds:
    """Chance that an opponent holds a card beating ``to_beat`` (0 before anyone has played).

    ``unseen`` are the cards the viewer cannot see (deck and other hands, any order);
    ``opponents`` those still bidding. ``method`` is ``"exact"`` (counting), ``"simulate"`` or
    ``"auto"`` (exact unless the count is too big).
    """
    if method not in ("auto", "exact", "simulate"):
        raise ValueError(f"method is 'auto', 'exact' or 'simulate', not {method!r}")
    cards = [card_key(c) for c in unseen]
    legal_suits(terrain)
    if sum(o.hand_size for o in opponents) > len(cards):
        raise ValueError("the opponents hold more cards than are unseen")
    result = None
    if method != "simulate":
        result = _exact(cards, opponents, to_beat, terrain)
        if result is None and method == "exact":
            raise ValueError("too many cases to count exactly; use method='simulate'")
    if result is None:
        result = _simulate(cards, opponents, to_beat, terrain, samples, seed)
    anyone, each = result
    return BeatOdds(to_beat, anyone, tuple(zip([o.seat for o in opponents], each, strict=True)),
                    len(cards))


def _exact(
    cards: list[CardKey], opponents: Sequence[Opponent], to_beat: int, terrain: str
) -> tuple[Estimate, list[Estimate]] | None:
    sizes, sigs = _classes(cards, opponents, to_beat, terrain)
    n = len(cards)
    each = []
    for i, o in enumerate(opponents):
        beating = sum(size for size, sig in zip(sizes, sigs, strict=True) if i in sig)
        p_none = math.comb(n - beating, o.hand_size) / math.comb(n, o.hand_size)
        each.append(Estimate(1 - p_none, exact=True))
    # Most constrained opponent first keeps the state count small.
    order = sorted(range(len(opponents)), key=lambda i: -sum(
        size for size, sig in zip(sizes, sigs, strict=True) if i in sig))
    ways = _ways_avoiding(sizes, sigs, opponents, order)
    if ways is None:
        return None
    total = _deal_ways(n, [opponents[i].hand_size for i in order])
    return Estimate(1 - ways / total, exact=True), each


def _simulate(
    cards: list[CardKey],
    opponents: Sequence[Opponent],
    to_beat: int,
    terrain: str,
    samples: int,
    seed: int,
) -> tuple[Estimate, list[Estimate]]:
    rng = random.Random(seed)
    cards_at = range(len(cards))
    dealt = sum(o.hand_size for o in opponents)
    seats = []  # per opponent: its place in the deal, and the cards (indices) that beat
    start = 0
    for i, o in enumerate(opponents):
        good = frozenset(j for j, c in enumerate(cards) if beats(
            c, to_beat, bonus=o.bonus, terrain=terrain, joker_allowed=o.joker_allowed))
        seats.append((i, start, start + o.hand_size, good))
        start += o.hand_size
    hits_any, hits = 0, [0] * len(opponents)
    for _ in range(samples):
        order = rng.sample(cards_at, dealt)  # the dealt cards only, in a random order
        hit = False
        for i, first, end, good in seats:
            if not good.isdisjoint(order[first:end]):
                hits[i] += 1
                hit = True
        hits_any += hit

    def est(k: int) -> Estimate:
        p = k / samples
        return Estimate(p, exact=False, stderr=math.sqrt(p * (1 - p) / samples), samples=samples)

    return est(hits_any), [est(k) for k in hits]


def invasion_odds(
    view: PowersView,
    *,
    to_beat: int | None = None,
    method: str = "auto",
    samples: int = 20_000,
    seed: int = 0,
) -> BeatOdds:
    """From a seat's view of an invasion: the chance that another seat still bidding holds a
    card beating ``to_beat`` (default: the strength on top of the ladder now).

    The unseen cards are the deck (54, or 50 in 電撃戦) minus everything the viewer sees: own
    hand, discards, cards in front of the players, cards paid. Each opponent's adjacency bonus is
    the view's; under the magazine and refill rules a Joker costs one more card, so an opponent
    holding a single card cannot play one.
    """
    if view.viewer is None:
        raise ValueError("odds are a seat's question: take the view of a seat, not the teacher's")
    if view.round_card not in COUNTRIES:
        raise ValueError("no country is being invaded this round")
    terrain = COUNTRIES[view.round_card].terrain or "normal"
    unseen = view.unseen_cards(playing_cards(without_kings=view.blitzkrieg))
    opponents = [
        Opponent(
            seat,
            view.hand_counts[seat],
            view.bonus[seat],
            joker_allowed=view.rules == "base" or view.hand_counts[seat] >= 2,
        )
        for seat in view.seating
        if seat != view.viewer and not view.folded[seat]
    ]
    strength = view.top_strength if to_beat is None else to_beat
    return beat_odds(unseen, opponents, to_beat=strength, terrain=terrain, method=method,
                     samples=samples, seed=seed)


# -- magazine defence: pairs and straights ----------------------------------------------------


def has_pair(hand: Iterable[Any]) -> bool:
    """Two cards of the same number, or both Jokers."""
    ranks = Counter(card_key(c)[0] for c in hand)
    return any(k >= 2 for k in ranks.values())


def has_straight(hand: Iterable[Any]) -> bool:
    """Three consecutive numbers in any suits (A=1 joins 2; K does not join A; no Jokers)."""
    ranks = {card_key(c)[0] for c in hand} - {0}
    return any({r, r + 1, r + 2} <= ranks for r in range(ACE, KING - 1))


@dataclass(frozen=True)
class HandOdds:
    """Chances for an ``n``-card hand drawn from a deck of ``deck_size`` cards."""

    n: int
    deck_size: int
    pair: Estimate
    straight: Estimate
    either: Estimate

    def describe(self, lang: str = "en") -> str:
        """Three lines: pair, straight, either."""
        labels = ("ペア", "ストレート", "どちらか") if lang == "ja" else (
            "pair", "straight", "pair or straight")
        head = (f"{self.n}枚の手札({self.deck_size}枚から)" if lang == "ja"
                else f"{self.n} cards from {self.deck_size}")
        rows = zip(labels, (self.pair, self.straight, self.either), strict=True)
        return "\n".join([head] + [f"  {label}: {e.describe(lang)}" for label, e in rows])


def hand_odds(n: int, deck: Iterable[Any] | None = None) -> HandOdds:
    """Exact chance that ``n`` cards drawn from ``deck`` (default: the full 54) hold a pair,
    a straight, either (the magazine defence)."""
    cards = full_deck() if deck is None else [card_key(c) for c in deck]
    if not 0 <= n <= len(cards):
        raise ValueError(f"cannot draw {n} cards from {len(cards)}")
    per_rank = Counter(r for r, _ in cards)
    jokers = per_rank.pop(0, 0)
    # state: (run of consecutive present ranks, capped at 3 = straight seen; pair seen; cards)
    states: dict[tuple[int, bool, int], int] = {(0, False, 0): 1}
    for rank in range(ACE, KING + 1):
        have = per_rank.get(rank, 0)
        nxt: dict[tuple[int, bool, int], int] = {}
        for (run, pair, used), ways in states.items():
            for k in range(0, min(have, n - used) + 1):
                new_run = (3 if run == 3 else min(run + 1, 3)) if k else (3 if run == 3 else 0)
                key = (new_run, pair or k >= 2, used + k)
                nxt[key] = nxt.get(key, 0) + ways * math.comb(have, k)
        states = nxt
    joint: Counter[tuple[bool, bool]] = Counter()
    for (run, pair, used), ways in states.items():
        j = n - used
        if 0 <= j <= jokers:
            joint[(pair or j >= 2, run == 3)] += ways * math.comb(jokers, j)
    total = math.comb(len(cards), n)

    def exact(count: int) -> Estimate:
        return Estimate(count / total, exact=True)

    return HandOdds(
        n,
        len(cards),
        pair=exact(joint[(True, False)] + joint[(True, True)]),
        straight=exact(joint[(False, True)] + joint[(True, True)]),
        either=exact(total - joint[(False, False)]),
    )


def face_card_odds(n: int, deck: Iterable[Any] | None = None) -> Estimate:
    """Exact chance that ``n`` cards from ``deck`` hold a face card J/Q/K (the ver.2 defence)."""
    cards = full_deck() if deck is None else [card_key(c) for c in deck]
    if not 0 <= n <= len(cards):
        raise ValueError(f"cannot draw {n} cards from {len(cards)}")
    faces = sum(1 for r, _ in cards if r >= 11)
    return Estimate(1 - math.comb(len(cards) - faces, n) / math.comb(len(cards), n), exact=True)
