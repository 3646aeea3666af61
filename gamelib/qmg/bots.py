"""A supply-aware heuristic bot for 主計将校 (the random bot is the generic ``RandomBot``).

It scores each legal action from the view only: battles that remove an enemy piece (most on a
supply space), builds on or next to supply spaces and next to its own supplied pieces (keeping
its lines short), Economic Warfare, Status and Response cards when played, every reaction used;
it never removes its own pieces and rarely discards in the Discard step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamelib.qmg.actions import QmgAction
from gamelib.qmg.board import NATIONS, default_board
from gamelib.qmg.cards import default_cards
from gamelib.qmg.view import QmgView

__all__ = ["HeuristicBot"]

PLAY_VALUE = {
    "economic_warfare": 6.0,
    "status": 5.5,
    "response": 4.5,
    "event": 5.0,
    "build_army": 4.0,
    "land_battle": 3.5,
    "build_navy": 3.0,
    "sea_battle": 3.0,
}


class HeuristicBot:
    """Greedy one-step scorer with a seeded random tie-break."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.board = default_board()
        self.cards = default_cards()

    def choose(self, view: QmgView, legal_actions: Sequence[Any]) -> Any:
        """The best-scoring legal action."""
        scored = [(self.score(view, a), i) for i, a in enumerate(legal_actions)]
        top = max(s for s, _ in scored)
        ties = [i for s, i in scored if s >= top - 1e-9]
        return legal_actions[self.rng.choice(ties)]

    def score(self, view: QmgView, action: QmgAction) -> float:
        """How good ``action`` looks to the deciding nation."""
        n = view.deciding_nation if view.deciding_nation is not None else view.nation
        verb = action.verb
        if verb in ("use", "target", "choose", "eliminate", "recruit"):
            return 8.0
        if verb == "build":
            return 5.0 + self.place_value(view, n, action.a)
        if verb == "battle":
            value = 4.0
            if action.b:
                value += 4.0 + (3.0 if action.a in self.board.supply else 0.0)
            return value
        if verb == "play":
            card = self.cards.card(action.a)
            return PLAY_VALUE.get(card.type, 3.0)
        if verb == "end":
            return 2.0
        if verb == "pass":
            return 0.5
        if verb == "reallocate":
            return 1.0
        if verb == "discard":
            if action.a == "top2":
                return 1.0
            card = self.cards.card(action.a)
            return 1.5 if view.decision in ("cost_hand", "play") and card.basic else 1.2
        if verb == "remove":
            return -5.0 if action.a != "mediterranean" else 0.8
        return 0.0

    def place_value(self, view: QmgView, n: int, space: str) -> float:
        """Supply spaces first, then spaces next to supply spaces, then next to own pieces."""
        value = 0.0
        if space in self.board.supply:
            value += 4.0
        near = self.board.adjacent[space]
        value += 1.5 * sum(1 for s in near if s in self.board.supply)
        own = set(view.supplied[n]) if 0 <= n < len(NATIONS) else set()
        value += 0.5 * sum(1 for s in near if s in own)
        return value
