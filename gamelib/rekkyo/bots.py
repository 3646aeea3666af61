"""Bots of 列強の興亡: a heuristic that invades when the exact odds are worth the cards.

:class:`HeuristicBot` weighs every invasion it may start by the exact chance of winning it
(:mod:`gamelib.rekkyo.odds`) against the cards it expects to lose:

    value = P(win) × national power × (1.5 against a player) − card_value × E[cards lost]

where cards that would be discarded anyway at the hand limit cost nothing. It invades with the
best attack when that value beats playing an event or doing nothing. Against a player it assumes
the defender fields every usable card of a hand drawn from the unseen cards. Defending, it picks
the cards that best trade the territory against the cards lost; it always intercepts a strategic
bombing with its strongest fighter, never uses an atomic bomb (it halves its own score) and
discards its weakest card.

The random bot is the generic :class:`gamelib.bots.RandomBot` (re-exported here).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from gamelib.bots import RandomBot
from gamelib.core import View
from gamelib.rekkyo import odds
from gamelib.rekkyo.actions import (
    AddCard,
    Commit,
    Defend,
    Discard,
    Intercept,
    Invade,
    NoIntercept,
    Pass,
    PlayEvent,
)
from gamelib.rekkyo.cards import CardSet, EventCard, WeaponCard
from gamelib.rekkyo.combat import can_add_to_attack, can_commit, is_recoverable
from gamelib.rekkyo.view import RekkyoView

__all__ = ["BOTS", "HeuristicBot", "Plan", "RandomBot"]

PLAYER_TARGET_FACTOR = 1.5
"""Taking a rival's territory gains its power and takes it from the rival."""


class Plan:
    """An evaluated invasion: target, route, cards and the value that ranked it."""

    __slots__ = ("cards", "p_win", "route", "target", "value")

    def __init__(self, target: str, route: str, cards: tuple[str, ...], p_win: float,
                 value: float) -> None:
        self.target = target
        self.route = route
        self.cards = cards
        self.p_win = p_win
        self.value = value

    def __repr__(self) -> str:
        return (f"Plan({self.target!r}, {self.route!r}, {self.cards!r}, "
                f"p_win={self.p_win:.3f}, value={self.value:.2f})")


class HeuristicBot:
    """Invades when P(win) (exact, from :mod:`gamelib.rekkyo.odds`) is worth the cards risked.

    ``card_value`` is what one lost card costs in national power; ``min_value`` is the value an
    invasion must beat to be started.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, *, card_value: float = 0.5, min_value: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.card_value = card_value
        self.min_value = min_value

    # -- entry point -------------------------------------------------------------------------
    def choose(self, view: View, legal_actions: Sequence[Any]) -> Any:
        """Return one of ``legal_actions`` for the seat of ``view``."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if not isinstance(view, RekkyoView) or view.current_player is None:
            return legal_actions[self.rng.randrange(len(legal_actions))]
        choice: Any = None
        if view.phase == "action":
            choice = self._action(view, legal_actions)
        elif view.phase == "attack":
            choice = self._attack(view, legal_actions)
        elif view.phase == "defend":
            choice = self._defend(view, legal_actions)
        elif view.phase == "intercept":
            choice = self._intercept(view, legal_actions)
        elif view.phase == "discard":
            choice = self._discard(view, legal_actions)
        if choice is None or choice not in legal_actions:
            return legal_actions[self.rng.randrange(len(legal_actions))]
        return choice

    # -- helpers -------------------------------------------------------------------------------
    def _seat(self, view: RekkyoView) -> int:
        assert view.current_player is not None
        return view.current_player

    def _hand(self, view: RekkyoView) -> list[str]:
        return list(view.hands[self._seat(view)] or ())

    def _free_cards(self, view: RekkyoView) -> int:
        """Cards the hand limit would throw away at the end of the turn anyway."""
        return max(0, len(self._hand(view)) - view.hand_limit)

    def _usable(
        self, view: RekkyoView, cset: CardSet, hand: Iterable[str], route: str
    ) -> list[str]:
        seat = self._seat(view)
        out = []
        for c in hand:
            card = cset.card(c)
            if not can_add_to_attack(card, route):
                continue
            if isinstance(card, EventCard) and card.halves_score and not view.atomic_used[seat]:
                continue
            out.append(c)
        return out

    def _player_defence(self, view: RekkyoView, cset: CardSet, target: str,
                        route: str) -> odds.StrengthDistribution:
        """A rival's defence if it fields every usable card of a hand drawn from the unseen."""
        defender = view.owners[target]
        assert defender is not None
        size = view.hand_sizes[defender]
        unseen = odds.attacker_unseen(view, self._seat(view))
        pool: Counter[odds.CardDist] = Counter()
        for cid, n in unseen.items():
            card = cset.card(cid)
            usable = can_add_to_attack(card, route)
            dist = odds.card_dist(cid, route, side="player", cards=cset) if usable else ((0, 1),)
            pool[dist] += n  # type: ignore[index]
        return odds.draw_distribution(pool, size)

    def best_plan(self, view: RekkyoView, targets: Iterable[tuple[str, str]],
                  *, forced: tuple[str, ...] = ()) -> Plan | None:
        """The best-valued attack over ``targets`` ((territory, route) pairs).

        ``forced`` cards are already committed: every plan includes them.
        """
        cset = odds.cards_of(view)
        seat = self._seat(view)
        held = set(view.territories_of(seat))
        free = self._free_cards(view)
        defences: dict[tuple[Any, ...], odds.StrengthDistribution] = {}
        best: Plan | None = None
        for target, route in targets:
            owner = view.owners[target]
            power = cset.territory(target).power
            if owner is None:
                key: tuple[Any, ...] = ("neutral", power, route)
                if key not in defences:
                    defences[key] = odds.neutral_defence(view, target, route, seat=seat)
                gain = float(power)
            else:
                key = ("player", owner, route)
                if key not in defences:
                    defences[key] = self._player_defence(view, cset, target, route)
                gain = power * PLAYER_TARGET_FACTOR
            defence = defences[key]
            usable = self._usable(view, cset, self._hand(view), route)
            seen: set[tuple[str, ...]] = set()
            for mask in range(0 if forced else 1, 1 << len(usable)):
                chosen = tuple(sorted((*forced, *(c for i, c in enumerate(usable)
                                                  if mask >> i & 1))))
                if chosen in seen or not can_commit([cset.card(c) for c in chosen], route):
                    continue
                seen.add(chosen)
                attack = odds.attack_distribution(chosen, route, card_set=cset)
                p = defence.p_win(attack)
                kept = sum(1 for c in chosen if is_recoverable(cset.card(c), held))
                lost = p * (len(chosen) - kept) + (1 - p) * len(chosen)
                value = p * gain - self.card_value * max(0.0, lost - free)
                if best is None or value > best.value + 1e-12:
                    best = Plan(target, route, chosen, p, value)
        return best

    # -- phases --------------------------------------------------------------------------------
    def _action(self, view: RekkyoView, legal: Sequence[Any]) -> Any:
        cset = odds.cards_of(view)
        invasions = [(a.target, a.route) for a in legal if isinstance(a, Invade)]
        plan = self.best_plan(view, invasions)
        options: list[tuple[float, Any]] = [(0.0, Pass())]
        if plan is not None and plan.value > self.min_value:
            options.append((plan.value, Invade(plan.target, plan.route)))
        for a in legal:
            if not isinstance(a, PlayEvent):
                continue
            card = cset.card(a.card)
            assert isinstance(card, EventCard)
            if card.kind == "conscription":
                value = self.card_value * (card.draw - 1) if self._free_cards(view) == 0 else 0.1
            elif card.kind == "diplomacy" and a.territory is not None:
                chance = len(card.success) / cset.die_sides
                value = chance * cset.territory(a.territory).power - self.card_value
            elif card.kind == "spy" and a.player is not None:
                value = 0.3 * self.card_value * view.hand_sizes[a.player] / max(1, view.hand_limit)
            else:
                value = -1.0
            options.append((value, a))
        return max(options, key=lambda o: o[0])[1]

    def _attack(self, view: RekkyoView, legal: Sequence[Any]) -> Any:
        combat = view.combat
        if combat is None:
            return None
        added = tuple(combat.attacker_cards or ())
        plan = self.best_plan(view, [(combat.target, combat.route)], forced=added)
        if plan is not None:
            want = Counter(plan.cards)
            want.subtract(added)
            for cid in sorted(c for c, n in want.items() if n > 0):
                return AddCard(cid)
        if Commit() in legal:
            return Commit()
        adds = [a for a in legal if isinstance(a, AddCard)]
        return adds[0] if adds else None

    def _defend(self, view: RekkyoView, legal: Sequence[Any]) -> Any:
        combat = view.combat
        if combat is None:
            return Defend()
        cset = odds.cards_of(view)
        seat = self._seat(view)
        route = combat.route
        added = tuple(combat.defender_cards or ())
        # the attacker's open cards are known; the rest are unseen cards
        unseen = Counter(view.unseen)
        pool: Counter[odds.CardDist] = Counter()
        for cid, n in unseen.items():
            card = cset.card(cid)
            dist = (odds.card_dist(cid, route, side="player", cards=cset)
                    if can_add_to_attack(card, route) else ((0, 1),))
            pool[dist] += n  # type: ignore[index]
        hidden = max(0, combat.attacker_count - len(combat.attacker_open))
        attack = odds.draw_distribution(pool, hidden).convolve(
            odds.attack_distribution(combat.attacker_open, route, card_set=cset))
        held = set(view.territories_of(seat))
        gain = cset.territory(combat.target).power * PLAYER_TARGET_FACTOR
        usable = self._usable(view, cset, self._hand(view), route)
        best: tuple[float, tuple[str, ...]] = (-1e9, added)
        seen: set[tuple[str, ...]] = set()
        for mask in range(1 << len(usable)):
            chosen = tuple(sorted((*added, *(c for i, c in enumerate(usable) if mask >> i & 1))))
            if chosen in seen:
                continue
            seen.add(chosen)
            d = odds.attack_distribution(chosen, route, card_set=cset)
            hold = sum(pd * attack.cdf(s) for s, pd in enumerate(d.probs) if pd)
            kept = sum(1 for c in chosen if is_recoverable(cset.card(c), held))
            lost = hold * (len(chosen) - kept) + (1 - hold) * len(chosen)
            value = hold * gain - self.card_value * lost
            if value > best[0] + 1e-12:
                best = (value, chosen)
        want = Counter(best[1])
        want.subtract(added)
        for cid in sorted(c for c, n in want.items() if n > 0):
            return AddCard(cid)
        return Defend()

    def _intercept(self, view: RekkyoView, legal: Sequence[Any]) -> Any:
        cset = odds.cards_of(view)
        fighters = [a for a in legal if isinstance(a, Intercept)]
        if not fighters:
            return NoIntercept()
        return max(fighters, key=lambda a: (_strength(cset, a.card), a.card))

    def _discard(self, view: RekkyoView, legal: Sequence[Any]) -> Any:
        cset = odds.cards_of(view)
        seat = self._seat(view)
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return None
        return min(discards, key=lambda a: (_keep_value(cset, a.card, view.atomic_used[seat]),
                                            a.card))


def _strength(cset: CardSet, cid: str) -> float:
    card = cset.card(cid)
    if card.die is not None:
        return sum(card.die) / len(card.die)
    return float(card.strength)


def _keep_value(cset: CardSet, cid: str, atomic_used: bool) -> float:
    """How much a card is worth keeping (a rough strength-like score)."""
    card = cset.card(cid)
    if isinstance(card, EventCard):
        if card.halves_score:
            return _strength(cset, cid) if atomic_used else -1.0
        if card.use == "with_weapons":
            return _strength(cset, cid)
        return {"conscription": 3.0, "diplomacy": 2.5, "spy": 1.5}.get(card.kind, 0.0)
    assert isinstance(card, WeaponCard)
    factor = 0.7 if card.kind == "navy" else 1.0
    return _strength(cset, cid) * factor


BOTS = {"heuristic": HeuristicBot}
"""The game's own bots by name (the generic random bot is added by :mod:`gamelib.bots`)."""
