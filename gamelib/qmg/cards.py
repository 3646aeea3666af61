"""The 220 cards of the six decks, read and validated from ``data/cards.json``.

Each card has an id, nation, type, English and Japanese name, count (copies in the deck), its
source tag (``seed`` = the rule text's 2nd-edition version, ``L+S`` = two public implementations
agree, ``L`` = one source), the research flags (D = sources disagree, Q = open rules question),
``flagged`` and ``effect``: the data the engine runs (see :mod:`gamelib.qmg.effects`), or
``null`` where the special effect is not implemented (the card is then playable only as its type:
a Status or Response goes to the table with no effect; see docs/rules/qmg.md).

:func:`load_cards` raises :class:`CardDataError` naming the card and the field of any bad value.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamelib.core.errors import GameLibError
from gamelib.core.log import Term
from gamelib.qmg.board import NATIONS, Board, default_board

__all__ = [
    "BASIC_TYPES",
    "CARD_TYPES",
    "DATA_FILE",
    "OPS",
    "TRIGGERS",
    "Card",
    "CardDataError",
    "CardSet",
    "default_cards",
    "load_cards",
]

DATA_FILE = Path(__file__).with_name("data") / "cards.json"

BASIC_TYPES = ("build_army", "build_navy", "land_battle", "sea_battle")
CARD_TYPES = (*BASIC_TYPES, "event", "status", "response", "economic_warfare")
TYPE_TERMS = {
    "build_army": Term("Build Army", "陸軍の設立"),
    "build_navy": Term("Build Navy", "海軍の設立"),
    "land_battle": Term("Land Battle", "陸戦"),
    "sea_battle": Term("Sea Battle", "海戦"),
    "event": Term("Event", "イベント"),
    "status": Term("Status", "情勢"),
    "response": Term("Response", "対応"),
    "economic_warfare": Term("Economic Warfare", "経済戦争"),
}
OPS = (
    "build",
    "recruit",
    "battle",
    "eliminate",
    "vp",
    "ew",
    "choose_basic",
    "malta",
    "discard_random_response",
    "lend_lease",
    "replay_discard",
    "truk",
    "reorder",
    "rebuild",
)
"""Effect steps the engine runs (see :mod:`gamelib.qmg.effects`)."""
TRIGGERS = (
    "victory",
    "play_step",
    "start_turn",
    "built_army",
    "built_navy",
    "battled_land",
    "battled_sea",
    "protect",
    "enemy_built_army",
    "enemy_built_navy",
    "removed",
    "targeted_ew",
    "enemy_ew",
    "played_card",
    "german_status_used",
    "discard_step",
)
PASSIVES = (
    "atlantic_wall",
    "ew_reduce",
    "wolf_packs",
    "scorched_earth",
    "shvernik",
    "avg",
    "flying_fortresses",
    "women_conscripts",
    "build_as_recruit",
)
SPACE_REFS = ("$here", "$adjacent", "$here_adjacent", "$snapshot")


class CardDataError(GameLibError):
    """The card file is malformed; the message names the card and the field."""


@dataclass(frozen=True)
class Card:
    """One card (``count`` identical copies of a basic card share one id)."""

    id: str
    nation: int
    type: str
    name: Term
    count: int
    source: str
    flags: tuple[str, ...]
    flagged: bool
    effect: Mapping[str, Any] | None

    @property
    def basic(self) -> bool:
        """Whether the card is one of the four basic types."""
        return self.type in BASIC_TYPES

    @property
    def implemented(self) -> bool:
        """Whether the engine runs the card's effect (basic cards always)."""
        return self.basic or self.effect is not None


@dataclass(frozen=True)
class CardSet:
    """All cards by id, and each nation's deck as a tuple of ids (copies repeated)."""

    cards: Mapping[str, Card]
    decks: tuple[tuple[str, ...], ...]

    def card(self, card_id: str) -> Card:
        """The card ``card_id``."""
        return self.cards[card_id]


def _check_spaces(where: str, value: Any, board: Board) -> None:
    if isinstance(value, str):
        if value not in SPACE_REFS:
            raise CardDataError(f"{where}: unknown space reference {value!r}")
        return
    if not isinstance(value, list) or not all(v in board.adjacent for v in value):
        raise CardDataError(f"{where}: must list known space ids, got {value!r}")


def _check_count(where: str, spec: Any, board: Board) -> None:
    if not isinstance(spec, dict):
        raise CardDataError(f"{where}: a count must be a table")
    who = spec.get("who")
    named = isinstance(who, list) and set(who) <= set(NATIONS)
    if not (who in ("self", "axis", "allies") or named):
        raise CardDataError(f"{where}.who: {who!r} is not self/axis/allies or nation ids")
    if spec.get("kind") not in ("army", "navy", "any"):
        raise CardDataError(f"{where}.kind: must be army, navy or any")
    for key in ("in", "not_in"):
        if key in spec:
            _check_spaces(f"{where}.{key}", spec[key], board)
    if "within" in spec and spec["within"].get("of") not in board.adjacent:
        raise CardDataError(f"{where}.within.of: unknown space")


def _check_effect(cid: str, eff: Mapping[str, Any], board: Board) -> None:
    where = f"card {cid!r}: effect"
    if "trigger" in eff and eff["trigger"] not in TRIGGERS:
        raise CardDataError(f"{where}.trigger {eff['trigger']!r} is not one of {TRIGGERS}")
    if "passive" in eff and eff["passive"] not in PASSIVES:
        raise CardDataError(f"{where}.passive {eff['passive']!r} is not one of {PASSIVES}")
    if "where" in eff:
        _check_spaces(f"{where}.where", eff["where"], board)
    for i, step in enumerate(eff.get("steps", [])):
        sw = f"{where}.steps[{i}]"
        if step.get("op") not in OPS:
            raise CardDataError(f"{sw}.op {step.get('op')!r} is not one of {OPS}")
        if "spaces" in step:
            _check_spaces(f"{sw}.spaces", step["spaces"], board)
        for key in ("count", "cond", "if_none", "bonus_if_none"):
            if key in step:
                _check_count(f"{sw}.{key}", step[key], board)
        for key in ("nation", "target"):
            if key in step and step[key] not in NATIONS:
                raise CardDataError(f"{sw}.{key}: unknown nation {step[key]!r}")
        if "targets" in step and not set(step["targets"]) <= set(NATIONS):
            raise CardDataError(f"{sw}.targets: unknown nation")


def load_cards(path: Path = DATA_FILE, board: Board | None = None) -> CardSet:
    """Read and validate a card file."""
    board = board or default_board()
    data = json.loads(path.read_text(encoding="utf-8"))
    raw = data.get("cards")
    if not isinstance(raw, list):
        raise CardDataError("card file: missing list 'cards'")
    cards: dict[str, Card] = {}
    decks: list[list[str]] = [[] for _ in NATIONS]
    for i, c in enumerate(raw):
        cid = c.get("id")
        if not isinstance(cid, str) or cid in cards:
            raise CardDataError(f"cards[{i}]: missing or repeated id {cid!r}")
        if c.get("nation") not in NATIONS:
            raise CardDataError(f"card {cid!r}: unknown nation {c.get('nation')!r}")
        if c.get("type") not in CARD_TYPES:
            raise CardDataError(f"card {cid!r}: type {c.get('type')!r} is not one of {CARD_TYPES}")
        if not isinstance(c.get("count"), int) or c["count"] < 1:
            raise CardDataError(f"card {cid!r}: count must be a positive integer")
        if c.get("source") not in ("seed", "L+S", "L"):
            raise CardDataError(f"card {cid!r}: source must be seed, L+S or L")
        if not isinstance(c.get("flagged"), bool) or (bool(c.get("flags")) and not c["flagged"]):
            raise CardDataError(f"card {cid!r}: flagged must be true when flags are given")
        if not c.get("name_en"):
            raise CardDataError(f"card {cid!r}: name_en is empty")
        eff = c.get("effect")
        if eff is not None:
            if c["type"] in BASIC_TYPES or not isinstance(eff, dict):
                raise CardDataError(f"card {cid!r}: effect must be a table on special cards only")
            _check_effect(cid, eff, board)
        nation = NATIONS.index(c["nation"])
        name = Term(c["name_en"], c.get("name_ja") or c["name_en"])
        flags = tuple(c.get("flags", ()))
        cards[cid] = Card(
            cid, nation, c["type"], name, c["count"], c["source"], flags, c["flagged"], eff
        )
        decks[nation].extend([cid] * c["count"])
    for cid, card in cards.items():
        again = (card.effect or {}).get("needs_discard")
        if again is not None and (again not in cards or cards[again].nation != card.nation):
            raise CardDataError(
                f"card {cid!r}: effect.needs_discard {again!r} is not a card of its deck"
            )
    if sum(len(d) for d in decks) != data.get("total"):
        total = sum(len(d) for d in decks)
        raise CardDataError(f"card file: {total} cards, 'total' says {data.get('total')}")
    return CardSet(cards, tuple(tuple(d) for d in decks))


@functools.cache
def default_cards() -> CardSet:
    """The packaged cards (cached)."""
    return load_cards()
