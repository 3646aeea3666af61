"""A heuristic bot for Powers that plays from its view only.

It values each card by what it can still win (a Joker wins any invasion, an Ace beats anything,
face cards defend in the base rules, pairs and straights defend later), bids only what a country
is worth to it, occupies when the cost is worth the points (and passes when the right will come
back cheaper), and defends its valuable countries.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamelib.powers.actions import Decline, Defend, Discard, Fold, PassRight, Pay, Play
from gamelib.powers.data import COUNTRIES, WIN_POINTS, Card
from gamelib.powers.view import PowersView

__all__ = ["HeuristicBot", "card_value"]


def card_value(card: Card, rules: str = "base") -> float:
    """How much a card is worth keeping (higher: keep it longer)."""
    if card.is_joker:
        return 30.0
    if card.is_ace:
        return 11.0
    v = float(card.rank)
    if rules == "base" and card.is_face:
        v += 3.0
    return v


class HeuristicBot:
    """Bids what a country is worth, occupies when affordable, defends valuable countries."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        """Pick one of ``legal_actions`` from what ``view`` shows."""
        assert isinstance(view, PowersView)
        me = view.viewer if view.viewer is not None else view.current_player
        assert me is not None
        first = legal_actions[0]
        if isinstance(first, Discard):
            return min(legal_actions, key=lambda a: self._value(a.card, view))
        if view.phase == "invasion":
            return self._invade(view, me, legal_actions)
        if view.phase == "occupation":
            return self._occupy(view, me, legal_actions)
        if view.phase == "defence":
            return self._defend(view, me, legal_actions)
        return legal_actions[self.rng.randrange(len(legal_actions))]

    # -- helpers ---------------------------------------------------------------------------
    def _value(self, card: Card, view: PowersView) -> float:
        return card_value(card, view.rules) + self.rng.random() * 0.01

    def _threat(self, view: PowersView, me: int, points: int) -> bool:
        """Whether an opponent would reach the winning score with ``points`` more."""
        return any(
            s + points >= WIN_POINTS for p, s in enumerate(view.scores) if p != me
        )

    # -- invasion --------------------------------------------------------------------------
    def _invade(self, view: PowersView, me: int, legal: Sequence[Any]) -> Any:
        country = view.round_card
        assert country is not None
        c = COUNTRIES[country]
        hand = view.hand or ()
        points = c.points
        lethal = view.scores[me] + points >= WIN_POINTS
        threat = self._threat(view, me, points)
        cost = view.start_costs[country]
        after = len(hand) if view.rules != "magazine" else len(hand) - 1
        plays = [a for a in legal if isinstance(a, Play)]
        fold = next(a for a in legal if isinstance(a, Fold))
        if not plays:
            return fold
        if after < cost and not (lethal or threat):
            return fold
        normal = [a for a in plays if not a.card.is_joker]
        jokers = [a for a in plays if a.card.is_joker]
        limit = 5.0 + points * (1.5 if not (lethal or threat) else 3.0)
        if normal:
            best = min(normal, key=lambda a: self._value(a.card, view))
            if card_value(best.card, view.rules) <= limit:
                return best
        if jokers and (points >= 9 or lethal or threat):
            return min(jokers, key=lambda a: self._value(a.extra, view) if a.extra else 0.0)
        return fold

    # -- occupation ------------------------------------------------------------------------
    def _occupy(self, view: PowersView, me: int, legal: Sequence[Any]) -> Any:
        occ = view.occupation
        assert occ is not None
        pays = [a for a in legal if isinstance(a, Pay)]
        cheapest = min(pays, key=lambda a: self._value(a.card, view)) if pays else None
        if occ.paid:
            assert cheapest is not None
            return cheapest
        passing = next(a for a in legal if isinstance(a, PassRight))
        if cheapest is None:
            return passing
        if self._comes_back_cheaper(view, me, occ.cost):
            return passing
        points = COUNTRIES[occ.country].points
        if view.scores[me] + points >= WIN_POINTS or points >= occ.cost:
            return cheapest
        hand = sorted(view.hand or (), key=lambda c: card_value(c, view.rules))
        spent = sum(card_value(c, view.rules) for c in hand[: occ.cost])
        return cheapest if spent <= points * 4 else passing

    def _comes_back_cheaper(self, view: PowersView, me: int, cost: int) -> bool:
        """Whether every other player would be unable to pay until the right returns to me."""
        seats = list(view.seating)
        i = seats.index(me)
        c = cost
        for k in range(1, len(seats) + 1):
            p = seats[(i + k) % len(seats)]
            c -= 1
            if c <= 0:
                return p == me
            if p == me:
                return True
            if view.hand_counts[p] >= c:
                return False
        return False

    # -- defence ---------------------------------------------------------------------------
    def _defend(self, view: PowersView, me: int, legal: Sequence[Any]) -> Any:
        d = view.defence
        assert d is not None and d.neighbour is not None
        defends = [a for a in legal if isinstance(a, Defend)]
        decline = next(a for a in legal if isinstance(a, Decline))
        if not defends:
            return decline
        best = min(defends, key=lambda a: sum(self._value(c, view) for c in a.cards))
        points = COUNTRIES[d.neighbour].points
        occupier_score = view.scores[d.occupier]
        if occupier_score + points >= WIN_POINTS:
            return best
        cost = sum(card_value(c, view.rules) for c in best.cards)
        if view.rules != "base":
            return best if cost <= 12 + points * 3 else decline
        return best if points >= 5 or cost <= 11 else decline
