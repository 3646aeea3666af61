"""A soldier and his equipment card (R2.1, R4.3): position, facing, mask, inventory, weapon tiles.

A weapon tile is a small tuple ``(tile_id, kind, ammo)``, replaced when fired (never changed in
place, so copies of a soldier share their tiles; a soldier's lists of tiles and of corpses are
replaced, never changed in place, so copies share them too); a tile's id is the id of the soldier
who carried it at set-up; it travels with the tile when looted, so that who has seen which
tile (R9.3) is a set of ids. A dead soldier stays in the same list as a corpse that still
carries his card until someone loots it (R10.1, R10.4).
"""

from __future__ import annotations

from gamelib.trench.board import Cell

__all__ = ["WEAPONS", "Soldier", "drop_item", "items_of", "move_item"]

#: Weapon tile kinds, in the order actions list them; then mask, food, drug, cube, corpse.
WEAPONS = ("gun", "gas", "bomb")


class Soldier:
    """One soldier (alive, dead as a corpse, or exited)."""

    __slots__ = (
        "alive", "cell", "corpses", "cubes", "drugs", "exited", "facing", "food", "gassed",
        "masked", "masks", "num", "owner", "ship", "sid", "tiles",
    )

    def __init__(self, sid: int, owner: int, num: int) -> None:
        self.sid = sid
        self.owner = owner
        self.num = num  # 1-based, as the owner names him: S1, S2, S3
        self.cell: Cell | None = None  # off-board ship position while on a ship
        self.ship = False
        self.facing = "N"
        self.alive = True
        self.exited = False
        self.masked = False
        #: (gas owner, turn number) when a lingering token took his mask (R8.7), else None.
        self.gassed: tuple[int, int] | None = None
        self.food = 1
        self.masks = 1
        self.drugs = 1
        self.cubes = 0
        self.tiles: list[tuple[int, str, int]] = []
        self.corpses: list[int] = []

    def copy(self) -> Soldier:
        """An independent copy (the tile and corpse lists shared: replaced, never changed)."""
        s = _new(Soldier)
        # (one field a statement: no tuple built and unpacked; x.copy(): fewer instructions
        # than x[:] in CPython 3.11)
        s.sid = self.sid
        s.owner = self.owner
        s.num = self.num
        s.cell = self.cell
        s.ship = self.ship
        s.facing = self.facing
        s.alive = self.alive
        s.exited = self.exited
        s.masked = self.masked
        s.gassed = self.gassed
        s.food = self.food
        s.masks = self.masks
        s.drugs = self.drugs
        s.cubes = self.cubes
        s.tiles = self.tiles  # (replaced, never changed in place: shared, no copy)
        s.corpses = self.corpses
        return s

    @property
    def in_play(self) -> bool:
        """Alive and still on the board or a ship."""
        return self.alive and not self.exited

    @property
    def on_board(self) -> bool:
        """Alive, in play and standing on a board cell (not a ship)."""
        return self.alive and not self.exited and not self.ship and self.cell is not None

    def weapon(self, kind: str) -> tuple[int, str, int] | None:
        """The first tile of ``kind`` with ammunition left, if any."""
        for t in self.tiles:
            if t[1] == kind and int(t[2]) > 0:
                return t
        return None

    def __getstate__(self) -> dict[str, object]:
        return {k: getattr(self, k) for k in self.__slots__}

    def __setstate__(self, state: dict[str, object]) -> None:
        for k, v in state.items():
            object.__setattr__(self, k, v)


def items_of(s: Soldier, corpses: bool) -> list[str]:
    """The kinds of item on ``s``'s card (weapon tiles by kind; held corpses if ``corpses``)."""
    out: list[str] = []
    tiles = s.tiles
    if len(tiles) == 1:  # (the usual card: one tile, no comprehension or generator to run)
        out.append(tiles[0][1])
    elif tiles:
        for k in WEAPONS:
            for t in tiles:
                if t[1] == k:
                    out.append(k)
                    break
    if s.masks:
        out.append("mask")
    if s.food:
        out.append("food")
    if s.drugs:
        out.append("drug")
    if s.cubes:
        out.append("cube")
    if corpses and s.corpses:
        out.append("corpse")
    return out


def _tile(s: Soldier, kind: str, most: bool) -> tuple[int, str, int]:
    """The tile of ``kind`` with the most (or fewest) rounds, the first one on ties."""
    best: tuple[int, str, int] | None = None
    for t in s.tiles:  # (a plain loop: no list, key function or lambda; ties keep the first)
        if t[1] == kind and (
            best is None
            or (int(t[2]) > int(best[2]) if most else int(t[2]) < int(best[2]))
        ):
            best = t
    if best is None:
        raise ValueError(f"no {kind} tile")
    return best


def drop_item(s: Soldier, kind: str) -> None:
    """Remove one whole item of ``kind`` from ``s`` (a weapon tile: the emptiest one, A82)."""
    if kind in WEAPONS:  # (the lists are replaced, never changed: copies share them)
        tiles = s.tiles.copy()
        tiles.remove(_tile(s, kind, most=False))
        s.tiles = tiles
    elif kind == "corpse":
        s.corpses = s.corpses[1:]
    else:
        setattr(s, _ATTR[kind], getattr(s, _ATTR[kind]) - 1)


def move_item(src: Soldier, dst: Soldier, kind: str) -> None:
    """Move one item of ``kind`` from ``src`` to ``dst`` (a weapon tile: the fullest one)."""
    if kind in WEAPONS:  # (the lists are replaced, never changed: copies share them)
        t = _tile(src, kind, most=True)
        tiles = src.tiles.copy()
        tiles.remove(t)
        src.tiles = tiles
        dst.tiles = [*dst.tiles, t]
    elif kind == "corpse":
        dst.corpses = [*dst.corpses, src.corpses[0]]
        src.corpses = src.corpses[1:]
    else:
        a = _ATTR[kind]
        setattr(src, a, getattr(src, a) - 1)
        setattr(dst, a, getattr(dst, a) + 1)


_new = object.__new__
_ATTR = {"mask": "masks", "food": "food", "drug": "drugs", "cube": "cubes"}
