"""Rule facts of 毒ガス塹壕戦 as data: action cards, wind cards, weapons, edges, thresholds."""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.core import Term
from gamelib.trench.board import Cell

__all__ = [
    "CARDS",
    "CARD_NAMES",
    "EDGES",
    "JUDGEMENT_DEATHS",
    "JUDGEMENT_DEATHS_BEGINNER",
    "OPPOSITE",
    "SEAT_EDGES",
    "SOLDIER_CARDS",
    "WEAPON_NAMES",
    "WIND_CARDS",
    "WIND_NAMES",
    "Edge",
]

#: The action hand (R2.3 / §2.3): card -> copies. 4 × 2 + 4 × 1 = 12 cards.
CARDS: dict[str, int] = {
    "move": 2, "turn": 2, "build": 2, "fire": 2, "dig": 1, "equip": 1, "camp": 1, "interrupt": 1,
}
#: The six soldier categories (R6.3); camp and interrupt are player actions.
SOLDIER_CARDS = ("move", "turn", "build", "fire", "dig", "equip")
CARD_NAMES: dict[str, Term] = {
    "move": Term("Move", "移動"),
    "turn": Term("Turn", "旋回"),
    "build": Term("Build", "建築"),
    "fire": Term("Fire", "発射"),
    "dig": Term("Dig", "潜る"),
    "equip": Term("Equip", "装備使用"),
    "camp": Term("Camp", "野営"),
    "interrupt": Term("Interrupt", "割込み"),
}

#: The seven wind cards (R2.4): 北 東 南 西 = towards that edge (A18), 同風, 無風, 怪奇日食.
WIND_CARDS = ("N", "E", "S", "W", "same", "calm", "eclipse")
WIND_NAMES: dict[str, Term] = {
    "N": Term("north", "北"),
    "E": Term("east", "東"),
    "S": Term("south", "南"),
    "W": Term("west", "西"),
    "same": Term("same wind", "同風"),
    "calm": Term("calm", "無風"),
    "eclipse": Term("eerie eclipse", "怪奇日食"),
}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

WEAPON_NAMES: dict[str, Term] = {
    "gun": Term("machine gun", "機銃"),
    "gas": Term("poison gas", "毒ガス"),
    "bomb": Term("bomb", "爆弾"),
}


@dataclass(frozen=True)
class Edge:
    """A player's edge (R3.3): its side, its first row cells and the direction forward."""

    side: str  # "S", "W", "N" or "E": the edge's compass side
    forward: str  # towards the opposite edge

    def first_row(self) -> tuple[Cell, ...]:
        """The seven cells of this edge's row, in the order landing positions are listed."""
        return _FIRST_ROWS[self.side]

    def ship_cell(self, front: Cell) -> Cell:
        """The off-board ship position just outside the edge cell ``front``."""
        dx, dy = _OUTWARD[self.side]
        return (front[0] + dx, front[1] + dy)

    def row_of(self, c: Cell) -> int:
        """How far ``c`` is from this edge: 1 on the first row … 7 on the far row (A81)."""
        x, y = c
        side = self.side
        return y if side == "S" else 8 - y if side == "N" else x if side == "W" else 8 - x


_LINE = range(1, 8)
#: Each edge's first row (made once: asked on every landing and exit check).
_FIRST_ROWS: dict[str, tuple[Cell, ...]] = {
    "S": tuple((x, 1) for x in _LINE), "N": tuple((x, 7) for x in _LINE),
    "W": tuple((1, y) for y in _LINE), "E": tuple((7, y) for y in _LINE),
}
_OUTWARD: dict[str, Cell] = {"S": (0, -1), "N": (0, 1), "W": (-1, 0), "E": (1, 0)}


EDGES: dict[str, Edge] = {s: Edge(s, OPPOSITE[s]) for s in ("S", "W", "N", "E")}
#: Seats by player count (R3.4): clockwise S → W → N → E; 2 players face each other.
SEAT_EDGES: dict[int, tuple[str, ...]] = {
    2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E"),
}
#: Deaths that end the game in judgement (R12.4), and in beginner mode (A83).
JUDGEMENT_DEATHS: dict[int, int] = {2: 4, 3: 6, 4: 8}
JUDGEMENT_DEATHS_BEGINNER: dict[int, int] = {2: 3, 3: 4, 4: 6}
