"""Exact odds of invading a neutral country in 列強の興亡 (Rekkyo).

A neutral country defends with as many cards as its national power (国力), drawn from the top of
the draw pile. From the attacker's seat the unseen cards (the draw pile plus the other players'
hands) are equally likely to lie in any order, so the top ``n`` cards are a uniformly random
``n``-subset of the unseen cards. Each card adds a strength given by its *contribution
distribution* (a fixed value, ``0`` for open cards, events and - against a land invasion - navy
cards, or a spread of values for cards that roll a die). This module computes the exact
distribution of the total by counting, never by sampling:

* cards are grouped by identical contribution distribution; a group of ``c`` copies contributes
  ``k`` cards in ``comb(c, k)`` ways, and those ``k`` cards add the ``k``-fold convolution of the
  group's distribution;
* a dynamic programme over the groups tracks (cards drawn, total strength), and the row for ``n``
  cards divided by ``comb(N, n)`` is the answer.

``exact=True`` runs the same programme on Python integers (every per-card distribution scaled by
the common denominator of its probabilities) and returns :class:`fractions.Fraction` values;
the default runs it on NumPy floats, well under a millisecond for the full deck.

The first half of this module knows nothing of the game: it works on multisets of contribution
distributions. The second half (:func:`neutral_defence` and friends) reads a view of the game.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from gamelib.core import Estimate
from gamelib.rekkyo.cards import (
    CardSet,
    StrengthContext,
    card_strength_distribution,
    default_cards,
)
from gamelib.rekkyo.combat import can_add_to_attack, can_commit, is_recoverable
from gamelib.rekkyo.game import card_set_of
from gamelib.rekkyo.view import RekkyoView

__all__ = [
    "AttackOption",
    "CardDist",
    "StrengthDistribution",
    "as_card_dist",
    "attack_distribution",
    "attack_options",
    "attacker_unseen",
    "card_dist",
    "cards_lost_if",
    "cards_of",
    "draw_distribution",
    "draw_distribution_with_rebuild",
    "expected_cards_lost",
    "fixed",
    "full_deck_pool",
    "monte_carlo_draw",
    "neutral_defence",
    "p_win",
    "pool_of",
    "rebuild_cards",
    "uniform_die",
    "usable_cards",
    "win_by_weapon_count",
    "win_table",
]

CardDist = tuple[tuple[int, Fraction], ...]
"""One card's contribution: sorted ``(strength, probability)`` pairs, probabilities summing to 1."""

PoolLike = Mapping[Any, int] | Iterable[Any]


def as_card_dist(dist: Any) -> CardDist:
    """Normalise a contribution given as an ``int``, a ``{value: probability}`` mapping or pairs.

    Probabilities may be ints, floats (converted to the nearest simple fraction) or Fractions;
    they must be non-negative and sum to 1. Strengths must be non-negative integers.
    """
    if isinstance(dist, bool):
        raise TypeError("a card's contribution is not a bool")
    if isinstance(dist, int):
        items: Iterable[tuple[Any, Any]] = [(dist, 1)]
    elif isinstance(dist, Mapping) or (hasattr(dist, "items") and callable(dist.items)):
        items = dist.items()
    else:
        items = dist
    merged: dict[int, Fraction] = {}
    for value, p in items:
        if int(value) != value or value < 0:
            raise ValueError(f"strength must be a non-negative integer, not {value!r}")
        if isinstance(p, float):
            q = Fraction(p).limit_denominator(10**6)
        else:
            q = Fraction(p)
        if q < 0:
            raise ValueError(f"probability must be non-negative, not {p!r}")
        if q:
            merged[int(value)] = merged.get(int(value), Fraction(0)) + q
    if sum(merged.values()) != 1:
        raise ValueError(f"probabilities must sum to 1, not {sum(merged.values())}")
    return tuple(sorted(merged.items()))


_CANON: dict[int, tuple[CardDist, tuple[tuple[int, float], ...]]] = {}


def _canon(dist: Any) -> CardDist:
    """:func:`as_card_dist`, remembering normalised results by identity (a hot path)."""
    hit = _CANON.get(id(dist))
    if hit is not None and hit[0] is dist:
        known: CardDist = hit[0]
        return known
    cd = as_card_dist(dist)
    hit = _CANON.get(id(cd))
    if hit is None or hit[0] is not cd:
        _CANON[id(cd)] = (cd, tuple((v, float(p)) for v, p in cd))
    return cd


def _float_dist(cd: CardDist) -> tuple[tuple[int, float], ...]:
    hit = _CANON.get(id(cd))
    if hit is not None and hit[0] is cd:
        return hit[1]
    return _CANON[id(_canon(cd))][1]


def fixed(value: int) -> CardDist:
    """The contribution of a card that always adds ``value``."""
    return as_card_dist(value)


def uniform_die(values: Sequence[int]) -> CardDist:
    """The contribution of a card whose strength is one of ``values`` with equal chance."""
    if not values:
        raise ValueError("a die needs at least one face")
    counts = Counter(int(v) for v in values)
    return as_card_dist({v: Fraction(c, len(values)) for v, c in counts.items()})


def _group(pool: PoolLike) -> Counter[CardDist]:
    """Count the cards of a pool by contribution distribution."""
    groups: Counter[CardDist] = Counter()
    if isinstance(pool, Mapping):
        for dist, count in pool.items():
            if count < 0:
                raise ValueError("a card count must be non-negative")
            if count:
                groups[_canon(dist)] += int(count)
    else:
        for dist in pool:
            groups[_canon(dist)] += 1
    return groups


@dataclass(frozen=True)
class StrengthDistribution:
    """The distribution of a total strength: ``probs[s]`` is P(strength = ``s``).

    ``fractions`` holds the same numbers as exact fractions when they were computed exactly.
    """

    probs: tuple[float, ...]
    fractions: tuple[Fraction, ...] | None = None

    @classmethod
    def point(cls, value: int = 0) -> StrengthDistribution:
        """The distribution of a strength that is ``value`` for sure."""
        fr = tuple(Fraction(int(s == value)) for s in range(value + 1))
        return cls(tuple(float(f) for f in fr), fr)

    @classmethod
    def from_card_dists(cls, dists: Iterable[Any], *, exact: bool = False) -> StrengthDistribution:
        """The distribution of the sum of independent cards (e.g. the attacker's cards).

        With ``exact`` the numbers are also kept as fractions.
        """
        cards = [_canon(d) for d in dists]
        if not exact:
            # fixed values add up directly; only die cards need a convolution
            base = sum(cd[0][0] for cd in cards if len(cd) == 1)
            probs: dict[int, float] = {base: 1.0}
            for cd in cards:
                if len(cd) > 1:
                    nxt: dict[int, float] = {}
                    for s, ps in probs.items():
                        for v, p in _float_dist(cd):
                            nxt[s + v] = nxt.get(s + v, 0.0) + ps * p
                    probs = nxt
            return cls(tuple(probs.get(s, 0.0) for s in range(max(probs) + 1)))
        total = cls.point(0)
        for cd in cards:
            fr = [Fraction(0)] * (cd[-1][0] + 1)
            for v, q in cd:
                fr[v] = q
            total = total.convolve(cls(tuple(float(f) for f in fr), tuple(fr)))
        return total

    @functools.cached_property
    def cumulative(self) -> tuple[float, ...]:
        """``cumulative[s]`` = P(strength <= ``s``)."""
        return tuple(min(1.0, x) for x in itertools.accumulate(self.probs))

    @property
    def exact(self) -> bool:
        """Whether the numbers were computed exactly (as fractions)."""
        return self.fractions is not None

    def __len__(self) -> int:
        return len(self.probs)

    def prob(self, value: int) -> float:
        """P(strength = ``value``)."""
        return self.probs[value] if 0 <= value < len(self.probs) else 0.0

    def cdf(self, value: int) -> float:
        """P(strength <= ``value``)."""
        if value < 0:
            return 0.0
        cum = self.cumulative
        return cum[value] if value < len(cum) else 1.0

    def mean(self) -> float:
        """The expected strength."""
        return float(sum(s * p for s, p in enumerate(self.probs)))

    def support(self) -> list[int]:
        """The strengths with a positive probability."""
        return [s for s, p in enumerate(self.probs) if p > 0]

    def convolve(self, other: StrengthDistribution) -> StrengthDistribution:
        """The distribution of the sum of two independent strengths."""
        if self.fractions is not None and other.fractions is not None:
            out = [Fraction(0)] * (len(self) + len(other) - 1)
            for i, a in enumerate(self.fractions):
                if a:
                    for j, b in enumerate(other.fractions):
                        if b:
                            out[i + j] += a * b
            return StrengthDistribution(tuple(float(f) for f in out), tuple(out))
        arr = np.convolve(np.asarray(self.probs), np.asarray(other.probs))
        return StrengthDistribution(tuple(float(x) for x in arr))

    def p_win(self, attack: int | StrengthDistribution) -> float:
        """P(the attacker wins) with ``attack`` strength: a tie is the attacker's defeat.

        ``attack`` is a number or the distribution of an attack that itself rolls dice
        (independent of the defence).
        """
        if isinstance(attack, StrengthDistribution):
            return float(sum(pa * self.cdf(a - 1) for a, pa in enumerate(attack.probs) if pa))
        return self.cdf(math.ceil(attack) - 1)

    def p_win_exact(self, attack: int | StrengthDistribution) -> Fraction:
        """:meth:`p_win` as an exact fraction (the distribution must be exact)."""
        if self.fractions is None:
            raise ValueError("this distribution was computed in floating point")
        fr = self.fractions

        def below(a: int) -> Fraction:
            return sum(fr[: max(0, a)], Fraction(0))

        if isinstance(attack, StrengthDistribution):
            if attack.fractions is None:
                raise ValueError("the attack distribution was computed in floating point")
            return sum((pa * below(a) for a, pa in enumerate(attack.fractions) if pa), Fraction(0))
        return below(math.ceil(attack))

    def estimate(self, attack: int | StrengthDistribution) -> Estimate:
        """:meth:`p_win` as an exact :class:`~gamelib.core.Estimate`."""
        return Estimate(self.p_win(attack), exact=True)

    def win_curve(self, max_attack: int | None = None) -> list[float]:
        """``[P(win with attack a) for a = 0 .. max_attack]`` (default: until it reaches 1)."""
        top = len(self.probs) if max_attack is None else max_attack
        return [self.p_win(a) for a in range(top + 1)]


def _max_total(groups: Mapping[CardDist, int], draws: int) -> int:
    tops = sorted((d[-1][0] for d, c in groups.items() for _ in range(min(c, draws))), reverse=True)
    return sum(tops[:draws])


def draw_distribution(pool: PoolLike, draws: int, *, exact: bool = False) -> StrengthDistribution:
    """The exact distribution of the total strength of ``draws`` cards drawn from ``pool``.

    ``pool`` is the multiset of unseen cards, each given by its contribution distribution (see
    :func:`as_card_dist`): an iterable with one entry per card, or a mapping ``{dist: copies}``.
    Every ``draws``-subset of the pool is equally likely and each drawn card's value is drawn
    independently from its distribution (a die per card). If the pool holds fewer than ``draws``
    cards, all of them are drawn.
    """
    if draws < 0:
        raise ValueError("draws must be non-negative")
    groups = _group(pool)
    total = sum(groups.values())
    n = min(draws, total)
    width = _max_total(groups, n) + 1
    if exact:
        return _exact_row(pool_groups=groups, n=n, width=width)
    # dp[j, s]: number of j-subsets of the groups seen so far, weighted by P(total = s)
    dp = np.zeros((n + 1, width))
    dp[0, 0] = 1.0
    for dist, copies in groups.items():
        new = dp.copy()  # k = 0 cards of this group
        power: dict[int, float] = {0: 1.0}
        fdist = _float_dist(dist)
        for k in range(1, min(copies, n) + 1):
            nxt: dict[int, float] = {}
            for s, w in power.items():
                for v, p in fdist:
                    nxt[s + v] = nxt.get(s + v, 0.0) + w * p
            power = nxt
            ways = math.comb(copies, k)
            rows = n + 1 - k
            for t, w in power.items():
                if t < width:
                    new[k:, t:] += (ways * w) * dp[:rows, : width - t]
        dp = new
    norm = math.comb(total, n)
    return StrengthDistribution(_trim(tuple(float(x) / norm for x in dp[n])))


def _exact_row(*, pool_groups: Mapping[CardDist, int], n: int, width: int) -> StrengthDistribution:
    """The exact programme on Fractions-free integers: each card scaled by the common denominator.

    With ``D`` the least common multiple of every probability's denominator, a card's weights
    ``p * D`` are integers summing to ``D``; every ``n``-subset then carries total weight ``D**n``
    whatever its cards, so the row for ``n`` cards divided by ``comb(N, n) * D**n`` is exact.
    """
    den = math.lcm(1, *(p.denominator for d in pool_groups for _, p in d))
    dp: list[list[int]] = [[0] * width for _ in range(n + 1)]
    dp[0][0] = 1
    for dist, copies in sorted(pool_groups.items()):
        card = [(v, int(p * den)) for v, p in dist]
        new = [r[:] for r in dp]
        power: dict[int, int] = {0: 1}
        for k in range(1, min(copies, n) + 1):
            nxt: dict[int, int] = {}
            for s, w in power.items():
                for v, p in card:
                    nxt[s + v] = nxt.get(s + v, 0) + w * p
            power = nxt
            ways = math.comb(copies, k)
            for j in range(n + 1 - k):
                src = dp[j]
                dst = new[j + k]
                for s, w0 in enumerate(src):
                    if w0:
                        for t, w in power.items():
                            if s + t < width:
                                dst[s + t] += w0 * ways * w
        dp = new
    total = sum(pool_groups.values())
    norm = math.comb(total, n) * den**n
    fr = _trim(tuple(Fraction(x, norm) for x in dp[n]))
    return StrengthDistribution(tuple(float(f) for f in fr), fr)


def _trim(values: tuple[Any, ...]) -> tuple[Any, ...]:
    end = len(values)
    while end > 1 and not values[end - 1]:
        end -= 1
    return values[:end]


def draw_distribution_with_rebuild(
    pile_pool: PoolLike,
    pile_size: int,
    rebuild_pool: PoolLike,
    draws: int,
    *,
    exact: bool = False,
) -> StrengthDistribution:
    """The defence when the draw pile (``pile_size`` cards) is too short for ``draws`` cards.

    The first ``pile_size`` cards are the whole pile: a uniformly random ``pile_size``-subset of
    ``pile_pool`` (the unseen cards). The rest are drawn from ``rebuild_pool``, the cards that are
    shuffled into the new pile (known to the attacker when discards are public); if that is short
    too, every card of it is drawn. With a pile of ``draws`` cards or more this is
    :func:`draw_distribution` of ``pile_pool``.
    """
    if pile_size >= draws:
        return draw_distribution(pile_pool, draws, exact=exact)
    first = draw_distribution(pile_pool, pile_size, exact=exact)
    rest = draw_distribution(rebuild_pool, draws - pile_size, exact=exact)
    return first.convolve(rest)


def monte_carlo_draw(
    pool: PoolLike, draws: int, attack: int, samples: int, seed: int
) -> tuple[Estimate, StrengthDistribution]:
    """Simulate the same question as :func:`draw_distribution` (for tests and benchmarks).

    Returns the estimated P(win) with ``attack`` and the empirical distribution.
    """
    # A card is its strength, or its strengths with their running chances (as floats, summed
    # in the card's order): the draws and the random numbers are the same as card by card.
    faces: list[int | tuple[tuple[int, ...], tuple[float, ...]]] = []
    for card, count in _group(pool).items():
        if len(card) == 1:
            faces += [card[0][0]] * count
        else:
            values = (*(v for v, _ in card), card[-1][0])  # the last again: past the sum
            running = tuple(itertools.accumulate(float(p) for _, p in card))
            faces += [(values, running)] * count
    n = min(draws, len(faces))
    rng = random.Random(seed)
    counts: Counter[int] = Counter()
    wins = 0
    for _ in range(samples):
        s = 0
        for face in rng.sample(faces, n):
            if type(face) is int:
                s += face
            else:
                values, running = face  # type: ignore[misc]
                s += values[bisect.bisect_right(running, rng.random())]
        counts[s] += 1
        wins += s < attack
    rate = wins / samples
    width = max(counts) + 1 if counts else 1
    emp = tuple(counts[s] / samples for s in range(width))
    return (
        Estimate(rate, exact=False, stderr=math.sqrt(rate * (1 - rate) / samples),
                 samples=samples),
        StrengthDistribution(emp),
    )


# -- the game: pools, attacks and defences read from a view ----------------------------------


def cards_of(view: RekkyoView | None = None) -> CardSet:
    """The card set a view's game uses (its ``cards`` option), default the packaged one."""
    value = (view.options or {}).get("cards", "standard") if view is not None else "standard"
    return card_set_of(value)


_CARD_DISTS: dict[tuple[str, str, str, int], tuple[CardSet, CardDist]] = {}


def card_dist(
    card: str, route: str = "land", *, side: str = "neutral", cards: CardSet | None = None
) -> CardDist:
    """One card's contribution (by id) over ``route``, as the card module defines it.

    ``side="neutral"``: drawn for a neutral's defence (events and open cards 0, navy 0 against a
    land invasion); ``side="player"``: committed by a player.
    """
    cset = cards or default_cards()
    key = (card, route, side, id(cset))
    hit = _CARD_DISTS.get(key)
    if hit is None or hit[0] is not cset:
        context = StrengthContext(route=route, side=side)
        hit = (cset, _canon(card_strength_distribution(card, context, cset)))
        _CARD_DISTS[key] = hit
    return hit[1]


def pool_of(
    card_ids: Mapping[str, int] | Iterable[str],
    route: str = "land",
    *,
    side: str = "neutral",
    cards: CardSet | None = None,
) -> dict[CardDist, int]:
    """The pool ``{contribution: copies}`` of a multiset of card ids (as a neutral's by default)."""
    counts = Counter(card_ids) if not isinstance(card_ids, Mapping) else card_ids
    pool: Counter[CardDist] = Counter()
    for cid, c in counts.items():
        if c:
            pool[card_dist(cid, route, side=side, cards=cards)] += c
    return dict(pool)


def full_deck_pool(*, by_sea: bool = False, cards: CardSet | None = None) -> dict[CardDist, int]:
    """The whole action deck (83 cards) as a neutral-defence pool, for a land or sea invasion."""
    cset = cards or default_cards()
    return pool_of(cset.counts, "sea" if by_sea else "land", cards=cset)


def _seat(view: RekkyoView, seat: int | None) -> int | None:
    if seat is not None:
        return seat
    return view.turn_player if view.turn_player is not None else view.current_player


def attacker_unseen(view: RekkyoView, seat: int | None = None) -> Counter[str]:
    """The card ids ``seat`` (default: the player whose turn it is) cannot rule out of the pile.

    The model of what a seat knows: every card whose place it does not know (the draw pile,
    the other hands, face-down combat cards) may be in the pile, except the weapons everyone saw
    go back to another player's hand (and not leave it since); the discards are public. The
    pile's cards are taken as a uniformly random draw from these. From the seat's own view or
    the teacher's, this is ``view.pile_pools[seat]``.
    """
    seat = _seat(view, seat)
    if view.viewer is not None and seat is not None and view.viewer != seat:
        raise ValueError(f"a view of seat {view.viewer} cannot show what seat {seat} knows")
    if seat is not None and view.pile_pools and view.pile_pools[seat] is not None:
        return Counter(view.pile_pools[seat])
    return Counter(view.unseen)


def rebuild_cards(view: RekkyoView) -> Counter[str]:
    """The cards a neutral goes on drawing from once the draw pile runs out mid-defence.

    As the engine does it: with the ``neutral_short="reshuffle"`` rule the discard pile (public;
    the cards of the combat in progress are not in it yet) is shuffled into a new pile, and if
    that is short too the neutral stops; with any other rule the neutral stops at once.
    """
    if (view.options or {}).get("neutral_short", "reshuffle") != "reshuffle":
        return Counter()
    return Counter(view.discard_pile)


def neutral_defence(
    view: RekkyoView,
    target: str,
    route: str = "land",
    *,
    seat: int | None = None,
    exact: bool = False,
) -> StrengthDistribution:
    """The exact distribution of neutral ``target``'s defence against an invasion over ``route``.

    As ``seat`` (default: the player whose turn it is) knows the table: the unseen cards are
    equally likely in any order; a draw pile shorter than the national power is drawn whole and
    the rest comes from the rebuilt pile (see :func:`draw_distribution_with_rebuild` and
    :func:`rebuild_cards`).
    """
    cset = cards_of(view)
    power = cset.territory(target).power
    pile = view.draw_pile_size
    unseen = tuple(sorted(attacker_unseen(view, seat).items()))
    rebuild = tuple(sorted(rebuild_cards(view).items())) if pile < power else ()
    key = (unseen, rebuild, min(pile, power), power, route, exact, id(cset))
    hit = _DEFENCES.get(key)
    if hit is not None and hit[0] is cset:
        return hit[1]
    pool = pool_of(dict(unseen), route, cards=cset)
    if pile >= power:
        dist = draw_distribution(pool, power, exact=exact)
    else:
        rest = pool_of(dict(rebuild), route, cards=cset)
        dist = draw_distribution_with_rebuild(pool, pile, rest, power, exact=exact)
    if len(_DEFENCES) >= _DEFENCE_CACHE_SIZE:
        _DEFENCES.pop(next(iter(_DEFENCES)))
    _DEFENCES[key] = (cset, dist)
    return dist


_DEFENCE_CACHE_SIZE = 256
_DEFENCES: dict[tuple[Any, ...], tuple[CardSet, StrengthDistribution]] = {}


def attack_distribution(
    cards: Iterable[str],
    route: str = "land",
    *,
    card_set: CardSet | None = None,
    exact: bool = False,
) -> StrengthDistribution:
    """The exact distribution of an attack made of ``cards`` (ids; die cards spread out).

    A strategic bombing counts in full (a neutral has no fighter to intercept it).
    """
    return StrengthDistribution.from_card_dists(
        (card_dist(c, route, side="player", cards=card_set) for c in cards), exact=exact
    )


def p_win(
    view: RekkyoView,
    target: str,
    cards: Iterable[str],
    route: str = "land",
    *,
    seat: int | None = None,
) -> float:
    """P(an invasion of neutral ``target`` with ``cards`` over ``route`` succeeds) (a tie loses)."""
    attack = attack_distribution(cards, route, card_set=cards_of(view))
    return neutral_defence(view, target, route, seat=seat).p_win(attack)


def cards_lost_if(
    cards: Iterable[str], held: Iterable[str], *, card_set: CardSet | None = None
) -> tuple[int, int]:
    """``(cards lost on a win, cards lost on a defeat)`` for an attack made of ``cards``.

    The winner takes back the weapons produced in a territory they ``held`` before the combat;
    everything else (and everything on a defeat) is discarded.
    """
    cset = card_set or default_cards()
    held_set = set(held)
    ids = list(cards)
    kept = sum(1 for c in ids if is_recoverable(cset.card(c), held_set))
    return len(ids) - kept, len(ids)


def expected_cards_lost(
    p: float, cards: Iterable[str], held: Iterable[str], *, card_set: CardSet | None = None
) -> float:
    """The expected number of cards an attack loses when it wins with probability ``p``."""
    on_win, on_loss = cards_lost_if(cards, held, card_set=card_set)
    return p * on_win + (1 - p) * on_loss


@dataclass(frozen=True)
class AttackOption:
    """One way to attack: the cards, P(win), the expected cards lost and the mean strength."""

    cards: tuple[str, ...]
    p_win: float
    expected_lost: float
    mean_attack: float


def usable_cards(hand: Iterable[str], route: str, *, card_set: CardSet | None = None) -> list[str]:
    """The cards of ``hand`` that may join an invasion over ``route``, strongest first."""
    cset = card_set or default_cards()
    usable = [c for c in hand if can_add_to_attack(cset.card(c), route)]
    return sorted(usable, key=lambda c: (-_attack_of((c,), route, cset).mean(), c))


def attack_options(
    view: RekkyoView,
    target: str,
    route: str = "land",
    *,
    hand: Iterable[str] | None = None,
    seat: int | None = None,
    defence: StrengthDistribution | None = None,
) -> list[AttackOption]:
    """Every committable attack from the hand (each multiset once), best chance first.

    ``hand`` defaults to the seat's hand; ``defence`` to :func:`neutral_defence` (give another
    distribution to weigh an attack on a player).
    """
    seat = _seat(view, seat)
    if hand is None:
        if seat is None or view.hands[seat] is None:
            raise ValueError("no hand to attack with")
        hand = view.hands[seat] or ()
    cset = cards_of(view)
    usable = usable_cards(hand, route, card_set=cset)
    if defence is None:
        defence = neutral_defence(view, target, route, seat=seat)
    held = tuple(sorted(view.territories_of(seat))) if seat is not None else ()
    # The answer depends only on the defence, the usable cards, the route and what is held:
    # computed once per such combination (a click that redraws the panel is a look-up).
    key = (id(defence), tuple(sorted(usable)), route, held, id(cset))
    hit = _OPTIONS.get(key)
    if hit is not None and hit[0] is defence and hit[1] is cset:
        return list(hit[2])
    seen: set[tuple[str, ...]] = set()
    out: list[AttackOption] = []
    for mask in range(1, 1 << len(usable)):
        chosen = tuple(sorted(c for i, c in enumerate(usable) if mask >> i & 1))
        if chosen in seen or not can_commit([cset.card(c) for c in chosen], route):
            continue
        seen.add(chosen)
        attack = _attack_of(chosen, route, cset)
        p = defence.p_win(attack)
        lost = expected_cards_lost(p, chosen, held, card_set=cset)
        out.append(AttackOption(chosen, p, lost, attack.mean()))
    out.sort(key=lambda o: (-o.p_win, o.expected_lost, len(o.cards), o.cards))
    if len(_OPTIONS) >= _OPTIONS_CACHE_SIZE:
        _OPTIONS.pop(next(iter(_OPTIONS)))
    _OPTIONS[key] = (defence, cset, tuple(out))
    return out


_OPTIONS_CACHE_SIZE = 512
_OPTIONS: dict[tuple[Any, ...], tuple[StrengthDistribution, CardSet, tuple[AttackOption, ...]]] = {}
_ATTACKS: dict[tuple[Any, ...], tuple[CardSet, StrengthDistribution]] = {}


def _attack_of(chosen: tuple[str, ...], route: str, cset: CardSet) -> StrengthDistribution:
    """:func:`attack_distribution` of a sorted multiset of cards, made once per card set."""
    key = (chosen, route, id(cset))
    hit = _ATTACKS.get(key)
    if hit is None or hit[0] is not cset:
        if len(_ATTACKS) >= 4096:
            _ATTACKS.clear()
        hit = _ATTACKS[key] = (cset, attack_distribution(chosen, route, card_set=cset))
    return hit[1]


def win_by_weapon_count(
    view: RekkyoView,
    target: str,
    route: str = "land",
    *,
    hand: Iterable[str] | None = None,
    seat: int | None = None,
) -> list[AttackOption]:
    """P(win) against the number of weapons committed: for k = 1, 2, … weapons, the attack with
    exactly k weapons (and any events of the hand that help) with the best P(win)."""
    options = attack_options(view, target, route, hand=hand, seat=seat)
    cset = cards_of(view)
    best: dict[int, AttackOption] = {}
    for o in options:
        k = sum(1 for c in o.cards if cset.card(c).is_weapon)
        if k not in best:  # options come best first
            best[k] = o
    return [best[k] for k in sorted(best)]


def win_table(
    pool: PoolLike, *, powers: Sequence[int] = tuple(range(1, 11)), max_attack: int = 30
) -> list[list[float]]:
    """``table[i][a]``: P(win) with attack strength ``a`` against national power ``powers[i]``."""
    return [draw_distribution(pool, n).win_curve(max_attack) for n in powers]
