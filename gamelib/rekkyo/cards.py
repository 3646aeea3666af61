"""The cards of 列強の興亡, read from ``data/cards.toml`` (a documented reconstruction).

The rule text gives the rules but not the printed cards, so the territory powers and links, the
68 weapons and the 15 events are a reconstruction kept in one editable TOML file. Loading checks
it and raises :class:`CardDataError` naming the card and the field of any bad value.

Public names (stable): :class:`Territory`, :class:`WeaponCard`, :class:`EventCard`,
:class:`CardSet`, :func:`load_cards`, :func:`default_cards` (the cached packaged set, also
available as :data:`CARDS` through ``gamelib.rekkyo.cards.CARDS``), :class:`StrengthContext`
and :func:`card_strength_distribution`.

A card *id* names a card type (``"sherman"``); a deck holds ``count`` identical copies of it, so
piles and hands are lists of ids and "which cards" is a multiset of ids.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from gamelib.core.errors import GameLibError
from gamelib.core.log import Term

__all__ = [
    "DATA_FILE",
    "EVENT_KINDS",
    "EVENT_USES",
    "KINDS",
    "ROUTES",
    "ActionCard",
    "CardDataError",
    "CardSet",
    "EventCard",
    "StrengthContext",
    "Territory",
    "WeaponCard",
    "card_strength_distribution",
    "default_cards",
    "load_cards",
]

DATA_FILE = Path(__file__).with_name("data") / "cards.toml"
"""The packaged card file."""

KINDS = ("land", "navy", "air")
"""Weapon kinds: 陸軍 (land), 海軍 (navy, strength printed dark blue), 空軍 (air, printed blue)."""

ROUTES = ("land", "sea")
"""How a territory is invaded: over a land link or a sea link."""

EVENT_USES = ("on_draw", "with_weapons", "alone")
"""When an event is used: when drawn (パルチザン), in a combat with weapons, or alone."""

EVENT_KINDS = (
    "partisan",
    "atomic_bomb",
    "strategic_bombing",
    "surprise_attack",
    "conscription",
    "spy",
    "diplomacy",
)
"""Event effects the rules engine implements (see data/cards.toml for their parameters)."""

KIND_TERMS = {
    "land": Term("land", "陸軍"),
    "navy": Term("navy", "海軍"),
    "air": Term("air", "空軍"),
}
"""Display names of the weapon kinds."""


class CardDataError(GameLibError):
    """The card file is malformed; the message names the card (or section) and the field."""


@dataclass(frozen=True)
class Territory:
    """A territory card (領地カード): national power (国力, the victory points) and links.

    ``land`` and ``sea`` are the ids of the territories linked by land and by sea;
    ``start_rank`` orders the starting territories (1 = chosen first), ``None`` for the others.
    """

    id: str
    name: Term
    power: int
    land: tuple[str, ...]
    sea: tuple[str, ...]
    start_rank: int | None = None

    @property
    def neighbours(self) -> tuple[str, ...]:
        """Every linked territory, land links first."""
        return self.land + tuple(t for t in self.sea if t not in self.land)

    def routes_to(self, other: str) -> tuple[str, ...]:
        """The routes (``"land"``/``"sea"``) linking this territory to ``other``."""
        return tuple(r for r, ids in (("land", self.land), ("sea", self.sea)) if other in ids)


@dataclass(frozen=True)
class WeaponCard:
    """A weapon card (兵器カード).

    ``strength`` is the printed 戦闘力; when ``die`` is given the card's strength in a combat is
    rolled instead: die face ``f`` (1..6) gives ``die[f - 1]``. ``fighter`` is the F mark
    (戦闘機, may intercept 戦略爆撃); ``open`` marks an オープンカード (committed face up, never
    fielded by a neutral); ``producer`` is the 生産国 (a territory id, never Siberia).
    """

    id: str
    name: Term
    strength: int
    kind: str
    producer: str
    count: int = 1
    fighter: bool = False
    open: bool = False
    die: tuple[int, ...] | None = None

    @property
    def is_weapon(self) -> bool:
        """Always ``True`` (weapons and events share this predicate)."""
        return True

    @property
    def is_event(self) -> bool:
        """Always ``False``."""
        return False

    @property
    def rolls_die(self) -> bool:
        """Whether the card's combat strength is a die roll."""
        return self.die is not None

    def label(self, lang: str = "en") -> str:
        """A short label such as ``"M4 Sherman 3 (land, USA)"`` or ``"零式艦上戦闘機 3F"``."""
        value = "d" if self.die is not None else str(self.strength)
        mark = "F" if self.fighter else ""
        opened = " OPEN" if self.open else ""
        return f"{self.name.text(lang)} {value}{mark}{opened}"


@dataclass(frozen=True)
class EventCard:
    """An event card (イベントカード).

    ``use``: ``"on_draw"`` (resolved when drawn), ``"with_weapons"`` (played into a combat beside
    at least one weapon) or ``"alone"`` (the turn's action). ``strength`` is what it adds in a
    combat (``die`` instead when given); ``halves_score``: its user's final 国力 is halved;
    ``interceptable``: one fighter may cancel it; ``draw``, ``max_power``, ``success`` are the
    parameters of conscription and diplomacy.
    """

    id: str
    name: Term
    kind: str
    use: str
    count: int = 1
    strength: int = 0
    die: tuple[int, ...] | None = None
    halves_score: bool = False
    interceptable: bool = False
    draw: int = 0
    max_power: int = 0
    success: tuple[int, ...] = ()

    @property
    def is_weapon(self) -> bool:
        """Always ``False``."""
        return False

    @property
    def is_event(self) -> bool:
        """Always ``True``."""
        return True

    @property
    def open(self) -> bool:
        """Events are not open cards (a neutral removes them anyway)."""
        return False

    @property
    def fighter(self) -> bool:
        """Events are never fighters."""
        return False

    @property
    def rolls_die(self) -> bool:
        """Whether the event's combat strength is a die roll."""
        return self.die is not None

    def label(self, lang: str = "en") -> str:
        """A short label such as ``"Strategic Bombing +3"``."""
        if self.use == "with_weapons":
            value = "+d" if self.die is not None else f"+{self.strength}"
            return f"{self.name.text(lang)} {value}"
        return self.name.text(lang)


ActionCard = WeaponCard | EventCard
"""Any of the 83 action cards (アクションカード)."""


@dataclass(frozen=True)
class CardSet:
    """The whole validated card data: territories, weapons, events and the file's notes."""

    territories: tuple[Territory, ...]
    weapons: tuple[WeaponCard, ...]
    events: tuple[EventCard, ...]
    hand_limit: int
    die_sides: int
    note: Term
    source: str

    @property
    def action_cards(self) -> tuple[ActionCard, ...]:
        """Weapons then events, one entry per card type, in file order."""
        return (*self.weapons, *self.events)

    @functools.cached_property
    def territory_by_id(self) -> dict[str, Territory]:
        """Territories by id."""
        return {t.id: t for t in self.territories}

    @functools.cached_property
    def card_by_id(self) -> dict[str, ActionCard]:
        """Weapons and events by id."""
        return {c.id: c for c in self.action_cards}

    def territory(self, tid: str) -> Territory:
        """The territory ``tid`` (``KeyError`` naming it if unknown)."""
        try:
            return self.territory_by_id[tid]
        except KeyError:
            raise KeyError(f"no territory {tid!r}") from None

    def card(self, cid: str) -> ActionCard:
        """The action card type ``cid`` (``KeyError`` naming it if unknown)."""
        try:
            return self.card_by_id[cid]
        except KeyError:
            raise KeyError(f"no action card {cid!r}") from None

    @property
    def deck(self) -> tuple[str, ...]:
        """All 83 action cards as ids, each id repeated ``count`` times, in file order."""
        return tuple(c.id for c in self.action_cards for _ in range(c.count))

    @functools.cached_property
    def counts(self) -> dict[str, int]:
        """Copies of each card id in the deck."""
        return {c.id: c.count for c in self.action_cards}

    @property
    def start_order(self) -> tuple[str, ...]:
        """Territory ids that may start a game, in the order they are chosen."""
        ranked = [t for t in self.territories if t.start_rank is not None]
        return tuple(t.id for t in sorted(ranked, key=lambda t: t.start_rank or 0))

    def is_linked(self, a: str, b: str) -> bool:
        """Whether territories ``a`` and ``b`` are neighbours."""
        return b in self.territory(a).neighbours


# -- loading and validation ------------------------------------------------------------------


def _get(table: Mapping[str, Any], field: str, kind: type | tuple[type, ...], where: str,
         default: Any = ...) -> Any:
    if field not in table:
        if default is ...:
            raise CardDataError(f"{where}: field {field!r} is missing")
        return default
    value = table[field]
    bad_bool = isinstance(value, bool) and kind is int
    if bad_bool or not isinstance(value, kind):
        name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise CardDataError(f"{where}: field {field!r} must be {name}, not {value!r}")
    return value


def _check_fields(table: Mapping[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise CardDataError(f"{where}: unknown field {extra[0]!r} (allowed: {sorted(allowed)})")


def _die(table: Mapping[str, Any], where: str, sides: int) -> tuple[int, ...] | None:
    raw = _get(table, "die", list, where, None)
    if raw is None:
        return None
    if len(raw) != sides or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                                    for v in raw):
        raise CardDataError(
            f"{where}: field 'die' must list {sides} non-negative integers, not {raw!r}"
        )
    return tuple(raw)


def _name(table: Mapping[str, Any], where: str) -> Term:
    return Term(_get(table, "en", str, where), _get(table, "ja", str, where))


def _positive(value: int, field: str, where: str, low: int = 1) -> int:
    if value < low:
        raise CardDataError(f"{where}: field {field!r} must be at least {low}, not {value}")
    return value


_TERRITORY_FIELDS = {"id", "en", "ja", "power", "start_rank"}
_WEAPON_FIELDS = {"id", "en", "ja", "strength", "kind", "producer", "count", "fighter", "open",
                  "die"}
_EVENT_FIELDS = {"id", "en", "ja", "kind", "use", "count", "strength", "die", "halves_score",
                 "interceptable", "draw", "max_power", "success"}


def parse_cards(data: Mapping[str, Any], source: str = "<data>") -> CardSet:
    """Validate parsed TOML ``data`` and return the :class:`CardSet`."""
    meta = data.get("meta")
    if not isinstance(meta, dict):
        raise CardDataError(f"{source}: section [meta] is missing")
    sides = _positive(_get(meta, "die_sides", int, "[meta]"), "die_sides", "[meta]", 2)
    hand_limit = _positive(_get(meta, "hand_limit", int, "[meta]"), "hand_limit", "[meta]")
    note = Term(_get(meta, "note_en", str, "[meta]"), _get(meta, "note_ja", str, "[meta]"))

    raw_territories = data.get("territory")
    if not isinstance(raw_territories, list) or not raw_territories:
        raise CardDataError(f"{source}: no [[territory]] entries")
    names: list[tuple[str, Term, int, int | None]] = []
    seen: set[str] = set()
    for i, t in enumerate(raw_territories):
        where = f"territory #{i + 1}"
        tid = _get(t, "id", str, where)
        where = f"territory {tid!r}"
        _check_fields(t, _TERRITORY_FIELDS, where)
        if tid in seen:
            raise CardDataError(f"{where}: field 'id' repeats an earlier territory")
        seen.add(tid)
        power = _positive(_get(t, "power", int, where), "power", where)
        rank = _get(t, "start_rank", int, where, None)
        if rank is not None:
            _positive(rank, "start_rank", where)
        names.append((tid, _name(t, where), power, rank))

    links = data.get("links")
    if not isinstance(links, dict):
        raise CardDataError(f"{source}: section [links] is missing")
    _check_fields(links, {"land", "sea"}, "[links]")
    adj: dict[str, dict[str, list[str]]] = {tid: {"land": [], "sea": []} for tid in seen}
    for route in ROUTES:
        for pair in _get(links, route, list, "[links]", []):
            where = f"[links] {route} {pair!r}"
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str)
                                                                        for p in pair)):
                raise CardDataError(f"{where}: a link is a pair of territory ids")
            a, b = pair
            for end in (a, b):
                if end not in seen:
                    raise CardDataError(f"{where}: no territory {end!r}")
            if a == b:
                raise CardDataError(f"{where}: a territory cannot link to itself")
            if b in adj[a]["land"] or b in adj[a]["sea"]:
                raise CardDataError(f"{where}: {a!r} and {b!r} are linked twice")
            adj[a][route].append(b)
            adj[b][route].append(a)
    territories = tuple(
        Territory(tid, name, power, tuple(adj[tid]["land"]), tuple(adj[tid]["sea"]), rank)
        for tid, name, power, rank in names
    )
    for t in territories:
        if not t.neighbours:
            raise CardDataError(f"territory {t.id!r}: field 'links': it has no neighbour")
    _check_connected(territories)
    ranks = [t.start_rank for t in territories if t.start_rank is not None]
    if len(set(ranks)) != len(ranks):
        raise CardDataError("territories: field 'start_rank' repeats a value")

    card_ids: set[str] = set()
    weapons: list[WeaponCard] = []
    for i, w in enumerate(data.get("weapon", [])):
        where = f"weapon #{i + 1}"
        cid = _get(w, "id", str, where)
        where = f"weapon {cid!r}"
        _check_fields(w, _WEAPON_FIELDS, where)
        if cid in card_ids:
            raise CardDataError(f"{where}: field 'id' repeats an earlier card")
        card_ids.add(cid)
        kind = _get(w, "kind", str, where)
        if kind not in KINDS:
            raise CardDataError(f"{where}: field 'kind' must be one of {KINDS}, not {kind!r}")
        producer = _get(w, "producer", str, where)
        if producer not in seen:
            raise CardDataError(f"{where}: field 'producer' names no territory: {producer!r}")
        if producer == "siberia":
            raise CardDataError(f"{where}: field 'producer': シベリア is never a 生産国")
        fighter = _get(w, "fighter", bool, where, False)
        die = _die(w, where, sides)
        if fighter and kind != "air":
            raise CardDataError(f"{where}: field 'fighter': only air cards carry the F mark")
        if fighter and die is not None:
            raise CardDataError(f"{where}: field 'die': a fighter's strength is its interception "
                                "number and cannot be rolled")
        weapons.append(WeaponCard(
            id=cid, name=_name(w, where),
            strength=_positive(_get(w, "strength", int, where), "strength", where, 0),
            kind=kind, producer=producer,
            count=_positive(_get(w, "count", int, where, 1), "count", where),
            fighter=fighter, open=_get(w, "open", bool, where, False), die=die,
        ))

    events: list[EventCard] = []
    for i, e in enumerate(data.get("event", [])):
        where = f"event #{i + 1}"
        cid = _get(e, "id", str, where)
        where = f"event {cid!r}"
        _check_fields(e, _EVENT_FIELDS, where)
        if cid in card_ids:
            raise CardDataError(f"{where}: field 'id' repeats an earlier card")
        card_ids.add(cid)
        kind = _get(e, "kind", str, where)
        if kind not in EVENT_KINDS:
            raise CardDataError(f"{where}: field 'kind' must be one of {EVENT_KINDS}, not {kind!r}")
        use = _get(e, "use", str, where)
        if use not in EVENT_USES:
            raise CardDataError(f"{where}: field 'use' must be one of {EVENT_USES}, not {use!r}")
        expected_use = {"partisan": "on_draw", "conscription": "alone", "spy": "alone",
                        "diplomacy": "alone"}.get(kind, "with_weapons")
        if use != expected_use:
            raise CardDataError(f"{where}: field 'use' must be {expected_use!r} for kind {kind!r}")
        success = _get(e, "success", list, where, [])
        if not all(isinstance(v, int) and 1 <= v <= sides for v in success):
            raise CardDataError(f"{where}: field 'success' must list die faces 1..{sides}")
        if kind == "diplomacy" and not success:
            raise CardDataError(f"{where}: field 'success' is missing")
        events.append(EventCard(
            id=cid, name=_name(e, where), kind=kind, use=use,
            count=_positive(_get(e, "count", int, where, 1), "count", where),
            strength=_positive(_get(e, "strength", int, where, 0), "strength", where, 0),
            die=_die(e, where, sides),
            halves_score=_get(e, "halves_score", bool, where, False),
            interceptable=_get(e, "interceptable", bool, where, False),
            draw=_positive(_get(e, "draw", int, where, 0), "draw", where, 0),
            max_power=_positive(_get(e, "max_power", int, where, 0), "max_power", where, 0),
            success=tuple(success),
        ))

    for field, found in (("territories", len(territories)), ("weapons",
                         sum(w.count for w in weapons)), ("events", sum(e.count for e in events))):
        wanted = _get(meta, field, int, "[meta]")
        if found != wanted:
            raise CardDataError(f"[meta]: field {field!r} says {wanted} but the file has {found}")
    if not any(e.kind == "partisan" for e in events):
        raise CardDataError("events: no card of kind 'partisan'")
    return CardSet(territories, tuple(weapons), tuple(events), hand_limit, sides, note, source)


def _check_connected(territories: tuple[Territory, ...]) -> None:
    by_id = {t.id: t for t in territories}
    reached = {territories[0].id}
    frontier = [territories[0].id]
    while frontier:
        for n in by_id[frontier.pop()].neighbours:
            if n not in reached:
                reached.add(n)
                frontier.append(n)
    missing = [t.id for t in territories if t.id not in reached]
    if missing:
        raise CardDataError(f"territory {missing[0]!r}: field 'links': not connected to the map")


def load_cards(path: str | Path | None = None) -> CardSet:
    """Read and validate a card file (default: the packaged ``data/cards.toml``)."""
    p = Path(path) if path is not None else DATA_FILE
    try:
        with p.open("rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as err:
        raise CardDataError(f"{p}: not valid TOML: {err}") from err
    return parse_cards(data, str(p))


@functools.cache
def default_cards() -> CardSet:
    """The packaged card set, loaded once."""
    return load_cards()


# -- strength of one card ----------------------------------------------------------------------


@dataclass(frozen=True)
class StrengthContext:
    """Where a card's strength is counted.

    ``route``: how the territory is invaded (``"land"`` or ``"sea"``). ``side``: ``"neutral"``
    (a card drawn for a neutral's defence: open cards and events are removed, and after a land
    invasion navy cards count 0) or ``"player"`` (a card a player committed; a strategic bombing
    counts its full value, i.e. assuming it is not intercepted).
    """

    route: str = "land"
    side: str = "neutral"

    def __post_init__(self) -> None:
        if self.route not in ROUTES:
            raise ValueError(f"route must be one of {ROUTES}, not {self.route!r}")
        if self.side not in ("neutral", "player"):
            raise ValueError(f"side must be 'neutral' or 'player', not {self.side!r}")


def _face_distribution(values: tuple[int, ...]) -> dict[int, float]:
    dist: dict[int, Fraction] = {}
    for v in values:
        dist[v] = dist.get(v, Fraction(0)) + Fraction(1, len(values))
    return {k: float(dist[k]) for k in sorted(dist)}


def card_strength_distribution(
    card: ActionCard | str,
    context: StrengthContext | str = "land",
    cards: CardSet | None = None,
) -> dict[int, float]:
    """The exact distribution ``{strength: probability}`` of one card's contribution to a combat.

    ``context`` is a :class:`StrengthContext` or just the route (then the card is a neutral's
    defence card). ``card`` may be a card or its id (looked up in ``cards``, default the packaged
    set). A die-rolling card spreads over its die table; everything else is a single value.

    >>> card_strength_distribution("sherman", "sea")
    {3: 1.0}
    >>> card_strength_distribution("bismarck", "land")  # a neutral's navy after a land invasion
    {0: 1.0}
    """
    if isinstance(context, str):
        context = StrengthContext(route=context)
    if isinstance(card, str):
        card = (cards or default_cards()).card(card)
    if context.side == "neutral":
        if card.is_event or card.open:
            return {0: 1.0}
        if isinstance(card, WeaponCard) and card.kind == "navy" and context.route == "land":
            return {0: 1.0}
    if card.die is not None:
        return _face_distribution(card.die)
    return {card.strength: 1.0}
