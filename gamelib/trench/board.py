"""The 7×7 board of 毒ガス塹壕戦 as a height map, with line of sight and gas flow as pure functions.

Cells are ``(x, y)`` with ``x = 1..7`` west→east and ``y = 1..7`` south→north (R3.1); their text
is chess-like, ``a1`` .. ``g7`` (file ``a`` = ``x`` 1). Every on-board cell holds a stack of 0, 1
or 2 cubes (R3.6): 0 = hole (trench), 1 = open ground, 2 = raised (wall, pillar, base). A piece
resting on a cell rests at level ``H`` (R3.8); a soldier on a landing ship is at level 1 (R3.13).
Heights are a flat tuple or list of 49 ints indexed ``(y - 1) * 7 + (x - 1)``::

    y=7  42 43 44 45 46 47 48      north (N) is up
    ...
    y=1   0  1  2  3  4  5  6
         x=1 ...           x=7

Boards in tests are written as seven rows of digits, the north row first (:func:`parse_heights`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

__all__ = [
    "CELL",
    "DIRS",
    "SIZE",
    "Cell",
    "add",
    "bomb_target_ok",
    "cell_name",
    "gas_walk",
    "gun_ray",
    "height",
    "heights_text",
    "index",
    "left",
    "on_board",
    "parse_cell",
    "parse_heights",
    "ray_level",
    "right",
    "sees",
]

SIZE = 7
Cell = tuple[int, int]
#: Directions by name (R3.2), in the fixed order used by legal actions.
DIRS: dict[str, Cell] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
_LEFT = {"N": "W", "W": "S", "S": "E", "E": "N"}
_RIGHT = {v: k for k, v in _LEFT.items()}
FILES = "abcdefg"


def left(d: str) -> str:
    """The direction 90° anticlockwise of ``d``."""
    return _LEFT[d]


def right(d: str) -> str:
    """The direction 90° clockwise of ``d``."""
    return _RIGHT[d]


def add(c: Cell, d: str, k: int = 1) -> Cell:
    """The cell ``k`` steps from ``c`` in direction ``d``."""
    dx, dy = DIRS[d]
    return (c[0] + k * dx, c[1] + k * dy)


def on_board(c: Cell) -> bool:
    """Whether ``c`` is one of the 49 board cells."""
    return 1 <= c[0] <= SIZE and 1 <= c[1] <= SIZE


def index(c: Cell) -> int:
    """The index of an on-board cell in a height map."""
    return (c[1] - 1) * SIZE + (c[0] - 1)


def height(h: Sequence[int], c: Cell) -> int:
    """``H(c)``: the number of cubes in an on-board cell."""
    return h[(c[1] - 1) * SIZE + (c[0] - 1)]


def cell_name(c: Cell) -> str:
    """``(4, 4)`` → ``"d4"``."""
    return f"{FILES[c[0] - 1]}{c[1]}"


def parse_cell(text: str) -> Cell:
    """``"d4"`` → ``(4, 4)``; ``ValueError`` for anything else."""
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in FILES or t[1] not in "1234567":
        raise ValueError(f"not a board cell: {text!r} (a1 to g7)")
    return (FILES.index(t[0]) + 1, int(t[1]))


def parse_heights(text: str) -> list[int]:
    """Seven rows of seven digits 0–2, the north row (y = 7) first, into a height map."""
    rows = [r.strip() for r in text.strip().splitlines() if r.strip()]
    if len(rows) != SIZE or any(len(r) != SIZE or set(r) - set("012") for r in rows):
        raise ValueError("a board is seven rows of seven digits 0, 1 or 2")
    h = [0] * (SIZE * SIZE)
    for r, row in enumerate(rows):
        y = SIZE - r
        for x, ch in enumerate(row, start=1):
            h[index((x, y))] = int(ch)
    return h


def heights_text(h: Sequence[int]) -> str:
    """The inverse of :func:`parse_heights`."""
    return "\n".join(
        "".join(str(height(h, (x, y))) for x in range(1, SIZE + 1)) for y in range(SIZE, 0, -1)
    )


def ray_level(h: Sequence[int], start: Cell, level: int, d: str) -> int:
    """The level a shot or a look from ``start`` flies at (the rim rule of R7.4.2, A53).

    A soldier in a hole (level 0) whose front cell is ground or higher shoots along the ground.
    """
    if level == 0:
        ray = _RAYS[start, d]
        if ray and h[ray[0][1]] >= 1:
            return 1
    return level


def gun_ray(
    h: Sequence[int],
    start: Cell,
    level: int,
    d: str,
    reach: int,
    occupied: Collection[Cell],
) -> tuple[str, Cell | None]:
    """Where a bullet fired from ``start`` (at ``level``) towards ``d`` stops (R7.4.2).

    Returns ``("piece", cell)`` when it hits a piece resting at the ray's level, ``("cube", cell)``
    when a stack rises above the ray, or ``("miss", None)``. Bullets pass over lower cells, so a
    soldier in a trench is not hit from the ground, and corpses never stop them (A53, A55).
    """
    ray = _RAYS.get((start, d))
    if ray is None:  # far off the board: step by step
        return _gun_ray_far(h, start, level, d, reach, occupied)
    f = 1 if level == 0 and ray and h[ray[0][1]] >= 1 else level  # (ray_level, inline)
    if reach < len(ray):
        ray = ray[:reach] if reach > 0 else ()
    for q, i in ray:  # (the board cells the ray crosses, from the table: no add or on_board)
        hq = h[i]
        if hq > f:
            return ("cube", q)
        if hq == f and q in occupied:
            return ("piece", q)
    return ("miss", None)


def _gun_ray_far(
    h: Sequence[int],
    start: Cell,
    level: int,
    d: str,
    reach: int,
    occupied: Collection[Cell],
) -> tuple[str, Cell | None]:
    """:func:`gun_ray` from a cell beyond the table of rays, a step at a time."""
    f = ray_level(h, start, level, d)
    for k in range(1, reach + 1):
        q = add(start, d, k)
        if not on_board(q):
            return ("miss", None)
        hq = height(h, q)
        if hq > f:
            return ("cube", q)
        if hq == f and q in occupied:
            return ("piece", q)
    return ("miss", None)


def sees(
    h: Sequence[int], eye: Cell, level: int, d: str, target: Cell, target_on_board: bool
) -> bool:
    """Whether a soldier at ``eye`` facing ``d`` sees a piece at ``target`` (R9.2, A71).

    Adjacent pieces are always seen; otherwise the piece must lie on the forward ray at the ray's
    level with no higher stack between. Pieces do not block sight; range is unlimited; a piece
    on a landing ship is seen only when adjacent (rays end at the board edge).
    """
    if abs(eye[0] - target[0]) + abs(eye[1] - target[1]) == 1:
        return True
    if not target_on_board:
        return False
    dx, dy = DIRS[d]
    if dx == 0:
        if target[0] != eye[0] or (target[1] - eye[1]) * dy <= 0:
            return False  # not on the forward ray
    elif target[1] != eye[1] or (target[0] - eye[0]) * dx <= 0:
        return False
    ray = _RAYS[eye, d]
    f = 1 if level == 0 and ray and h[ray[0][1]] >= 1 else level  # (ray_level, inline)
    for q, i in ray:
        hq = h[i]
        if q == target:
            return hq == f
        if hq > f:
            return False
    return False


def bomb_target_ok(
    h: Sequence[int], start: Cell, level: int, d: str, dist: int, piece_at: Callable[[Cell], bool]
) -> bool:
    """Whether a bomb thrown ``dist`` (0–2) cells towards ``d`` can land (R7.4.4, A56).

    The target must be on the board and at most one level above the thrower; at distance 2 the
    first cell's top (a piece counting one more) must also be at most one level above.
    """
    ray = _RAYS[start, d]
    if dist == 0:
        i = _INDEX.get(start)
    else:
        i = ray[dist - 1][1] if len(ray) >= dist else None
    if i is None or h[i] > level + 1:
        return False
    if dist == 2:  # (the first cell is on the board: the target beyond it is)
        first, j = ray[0]
        if h[j] + (1 if piece_at(first) else 0) > level + 1:
            return False
    return True


def gas_walk(
    h: Sequence[int], cell: Cell, wind: str, visited: Collection[Cell], side: str | None = None
) -> tuple[list[Cell], str, tuple[str, ...]]:
    """One stretch of a gas token's single-stroke path under ``wind`` (R8.3, A59, A60).

    The token at ``cell`` (level ``H(cell)``) moves downwind; blocked, it turns to the side that
    is open (``side`` when the owner has chosen one); it never revisits a cell of ``visited``
    (the episode so far), never climbs, and drops into holes. Returns the cells entered in
    order and how the stretch ended: ``"off"`` (left the board, the token is removed),
    ``"stay"`` (lingers at the last cell) or ``"choose"`` with the two open sides for the owner.
    """
    steps = _STEPS.get(cell)
    if steps is None:  # not a board cell: step by step
        return _gas_walk_far(h, cell, wind, visited, side)
    seen = set(visited)
    seen.add(cell)
    path: list[Cell] = []
    level = h[_INDEX[cell]]
    lw, rw = _LEFT[wind], _RIGHT[wind]
    pending = side
    # (the cells one step on and their indices from a table, flows() inline: no calls)
    while True:
        if pending is not None:
            nxt, i = steps[pending]
            pending = None
        else:
            nxt, i = steps[wind]
            if i is not None and (nxt in seen or h[i] > level):  # blocked downwind
                nl, il = steps[lw]
                nr, ir = steps[rw]
                ok_l = il is None or (nl not in seen and h[il] <= level)
                ok_r = ir is None or (nr not in seen and h[ir] <= level)
                if ok_l:
                    if ok_r:
                        return (path, "choose", (lw, rw))
                    nxt, i = nl, il
                elif ok_r:
                    nxt, i = nr, ir
                else:
                    return (path, "stay", ())
        if i is None:
            return (path, "off", ())
        level = h[i]
        seen.add(nxt)
        path.append(nxt)
        steps = _STEPS[nxt]


def _gas_walk_far(
    h: Sequence[int], cell: Cell, wind: str, visited: Collection[Cell], side: str | None = None
) -> tuple[list[Cell], str, tuple[str, ...]]:
    """:func:`gas_walk` from a cell off the board, a step at a time."""
    seen = set(visited) | {cell}
    path: list[Cell] = []
    cur = cell
    level = height(h, cur)

    def flows(c: Cell) -> bool:
        return not on_board(c) or (c not in seen and height(h, c) <= level)

    pending = side
    while True:
        if pending is not None:
            nxt, pending = add(cur, pending), None
        else:
            ahead = add(cur, wind)
            if flows(ahead):
                nxt = ahead
            else:
                sides = tuple(s for s in (left(wind), right(wind)) if flows(add(cur, s)))
                if not sides:
                    return (path, "stay", ())
                if len(sides) == 2:
                    return (path, "choose", sides)
                nxt = add(cur, sides[0])
        if not on_board(nxt):
            return (path, "off", ())
        cur = nxt
        level = height(h, cur)
        seen.add(cur)
        path.append(cur)


#: By value, the one shared tuple of each cell of the board and of three rings around it: the
#: tables here and the engine's are made of these, so that a dict or a set finds a cell taken
#: from a table by identity (no tuple compare).
CELL: dict[Cell, Cell] = {(x, y): (x, y) for x in range(-2, SIZE + 4) for y in range(-2, SIZE + 4)}
#: The index of each board cell in a height map.
_INDEX: dict[Cell, int] = {
    CELL[x, y]: index((x, y)) for x in range(1, SIZE + 1) for y in range(1, SIZE + 1)
}
#: By (cell, direction), for the board, the ships' cells around it and one ring more: the board
#: cells a ray from that cell crosses, nearest first, each with its height-map index.
_RAYS: dict[tuple[Cell, str], tuple[tuple[Cell, int], ...]] = {}
for _x in range(-1, SIZE + 3):
    for _y in range(-1, SIZE + 3):
        for _d, (_dx, _dy) in DIRS.items():
            _ray = []
            _q = CELL[_x + _dx, _y + _dy]
            while on_board(_q):
                _ray.append((_q, index(_q)))
                _q = CELL[_q[0] + _dx, _q[1] + _dy]
            _RAYS[CELL[_x, _y], _d] = tuple(_ray)
#: By board cell, then direction: the cell one step away and its height-map index (None: off
#: the board).
_STEPS: dict[Cell, dict[str, tuple[Cell, int | None]]] = {
    c: {
        d: (CELL[c[0] + dx, c[1] + dy], _INDEX.get((c[0] + dx, c[1] + dy)))
        for d, (dx, dy) in DIRS.items()
    }
    for c in _INDEX
}
