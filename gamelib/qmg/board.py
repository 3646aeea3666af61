"""The map of Quartermaster General WW2 (2nd edition), read and validated from ``data/map.json``.

The file is a copy of the research map (36 land + 17 sea spaces, 12 supply spaces, 6 home spaces,
5 straits) with Japanese names and the nations' piece counts added. :func:`load_board` checks it
and raises :class:`MapDataError` naming the field of any bad value.

Adjacency is team-aware because of the straits (seed 「海峡」): the two seas beside a strait land
space count as adjacent for the Axis only while an Axis army occupies that land space, and for
the Allies only otherwise.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamelib.core.errors import GameLibError
from gamelib.core.log import Term

__all__ = [
    "ALLIES",
    "AXIS",
    "DATA_FILE",
    "NATIONS",
    "Board",
    "MapDataError",
    "Nation",
    "default_board",
    "load_board",
]

DATA_FILE = Path(__file__).with_name("data") / "map.json"

NATIONS = ("germany", "united_kingdom", "japan", "soviet_union", "italy", "united_states")
"""Nation ids in turn order (seed: 独→英→日→ソ→伊→米)."""

AXIS = 0
ALLIES = 1


class MapDataError(GameLibError):
    """The map file is malformed; the message names the field."""


@dataclass(frozen=True)
class Nation:
    """One nation: team (0 Axis, 1 Allies), home space, piece counts, names."""

    index: int
    id: str
    team: int
    home: str
    armies: int
    navies: int
    name: Term


@dataclass(frozen=True)
class Board:
    """The validated map: spaces, kinds, supply and home spaces, adjacency, straits."""

    land: frozenset[str]
    sea: frozenset[str]
    order: tuple[str, ...]
    names: Mapping[str, Term]
    supply: frozenset[str]
    adjacent: Mapping[str, frozenset[str]]
    straits: tuple[tuple[str, str, str], ...]
    nations: tuple[Nation, ...]
    edges: frozenset[frozenset[str]]
    land_order: tuple[str, ...] = ()
    """The land spaces in map order (precomputed for the engine's loops)."""
    sea_order: tuple[str, ...] = ()
    """The sea spaces in map order."""
    strait_links: Mapping[str, tuple[tuple[str, str], ...]] = dataclasses.field(
        default_factory=dict
    )
    """For each sea beside a strait: (strait land space, the sea across) pairs."""
    teams: tuple[int, ...] = ()
    """Each nation's team, by nation index."""

    def is_land(self, space: str) -> bool:
        """Whether ``space`` is a land space (armies) rather than a sea space (navies)."""
        return space in self.land

    def neighbours(self, space: str, team: int, axis_straits: frozenset[str]) -> frozenset[str]:
        """Spaces next to ``space`` for ``team`` (``axis_straits``: straits an Axis army holds)."""
        base = self.adjacent[space]
        links = self.strait_links.get(space)
        if not links:
            return base
        axis = team == AXIS
        extra = [other for land, other in links if (land in axis_straits) == axis]
        return base | frozenset(extra) if extra else base

    def distance_within(self, start: str, dist: int) -> frozenset[str]:
        """Spaces at map distance ≤ ``dist`` from ``start`` (all spaces, straits ignored)."""
        seen = {start}
        frontier = {start}
        for _ in range(dist):
            frontier = {n for s in frontier for n in self.adjacent[s]} - seen
            seen |= frontier
        return frozenset(seen)


def _need(data: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise MapDataError(f"map file: missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        raise MapDataError(f"map file: field {key!r} should be a {kind.__name__}")
    return value


def load_board(path: Path = DATA_FILE) -> Board:
    """Read and validate a map file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    land = _need(data, "land", list)
    sea = _need(data, "sea", list)
    names = _need(data, "names", dict)
    names_ja = _need(data, "names_ja", dict)
    spaces = set(land) | set(sea)
    if len(spaces) != len(land) + len(sea):
        raise MapDataError("map file: a space is listed twice in 'land'/'sea'")
    for key, table in (("names", names), ("names_ja", names_ja)):
        if set(table) != spaces:
            raise MapDataError(f"map file: field {key!r} must name exactly the spaces")
    adjacent: dict[str, set[str]] = {s: set() for s in spaces}
    edges = set()
    for i, edge in enumerate(_need(data, "edges", list)):
        if len(edge) != 2 or not set(edge) <= spaces or edge[0] == edge[1]:
            raise MapDataError(f"map file: edges[{i}] = {edge!r} is not a pair of known spaces")
        a, b = edge
        adjacent[a].add(b)
        adjacent[b].add(a)
        edges.add(frozenset(edge))
    supply = _need(data, "supply_spaces", list)
    if not set(supply) <= set(land):
        raise MapDataError("map file: 'supply_spaces' must be land spaces")
    straits = []
    for i, st in enumerate(_need(data, "straits", list)):
        a, b = st.get("seas", [None, None])
        if st.get("land") not in land or a not in sea or b not in sea:
            raise MapDataError(f"map file: straits[{i}] must name a land space and two seas")
        if frozenset((a, b)) in edges:
            raise MapDataError(f"map file: straits[{i}]: its seas are already adjacent")
        straits.append((st["land"], a, b))
    homes = _need(data, "home_spaces", dict)
    nations = []
    for i, n in enumerate(_need(data, "nations", list)):
        if i >= len(NATIONS) or n.get("id") != NATIONS[i]:
            expected = NATIONS[i] if i < len(NATIONS) else "absent"
            raise MapDataError(f"map file: nations[{i}] must be {expected!r}")
        if n.get("home") != homes.get(n["id"]) or n["home"] not in supply:
            raise MapDataError(f"map file: nations[{i}].home must be its supply home space")
        if n.get("team") not in ("axis", "allies"):
            raise MapDataError(f"map file: nations[{i}].team must be 'axis' or 'allies'")
        for key in ("armies", "navies"):
            if not isinstance(n.get(key), int) or n[key] < 1:
                raise MapDataError(f"map file: nations[{i}].{key} must be a positive integer")
        team = AXIS if n["team"] == "axis" else ALLIES
        name = Term(n["en"], n["ja"])
        nations.append(Nation(i, n["id"], team, n["home"], n["armies"], n["navies"], name))
    if len(nations) != len(NATIONS):
        raise MapDataError("map file: 'nations' must list the six nations")
    links: dict[str, list[tuple[str, str]]] = {}
    for strait, a, b in straits:
        links.setdefault(a, []).append((strait, b))
        links.setdefault(b, []).append((strait, a))
    return Board(
        land=frozenset(land),
        sea=frozenset(sea),
        order=tuple(land) + tuple(sea),
        names={s: Term(names[s], names_ja[s]) for s in spaces},
        supply=frozenset(supply),
        adjacent={s: frozenset(v) for s, v in adjacent.items()},
        straits=tuple(straits),
        nations=tuple(nations),
        edges=frozenset(edges),
        land_order=tuple(land),
        sea_order=tuple(sea),
        strait_links={s: tuple(v) for s, v in links.items()},
        teams=tuple(n.team for n in nations),
    )


@functools.cache
def default_board() -> Board:
    """The packaged map (cached)."""
    return load_board()
