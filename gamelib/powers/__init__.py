"""Powers: a world-conquest card game for 2–5 players (playing cards + 23 round cards).

Rules modules: :mod:`.data` (cards, countries, costs), :mod:`.actions`, :mod:`.view`,
:mod:`.strength`, :mod:`.state` (the rules), :mod:`.game` (options), :mod:`.bots`,
:mod:`.positions` (build a position for scenarios and exercises). Rules and rulings:
docs/rules/powers.md.
"""

from __future__ import annotations

from gamelib.powers.actions import (
    Decline,
    Defend,
    Discard,
    Fold,
    PassRight,
    Pay,
    Play,
    PowersAction,
    parse_action,
)
from gamelib.powers.data import COUNTRIES, PRIORITY, Card, Country, parse_card
from gamelib.powers.game import PowersGame, PowersOptions
from gamelib.powers.view import Bid, DefenceInfo, OccupationInfo, PowersView

__all__ = [
    "COUNTRIES",
    "PRIORITY",
    "Bid",
    "Card",
    "Country",
    "Decline",
    "DefenceInfo",
    "Defend",
    "Discard",
    "Fold",
    "OccupationInfo",
    "PassRight",
    "Pay",
    "Play",
    "PowersAction",
    "PowersGame",
    "PowersOptions",
    "PowersView",
    "parse_action",
    "parse_card",
]
