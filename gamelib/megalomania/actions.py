"""Megalomania actions: small frozen values whose text is readable and parses back.

Texts (English, stable)::

    take 3 crystals                      take 2 crystals and 1 cube + crystal scroll
    order red 7 (Wizard)                 (mission 15: next card of the fixed play order)
    pile red 7 (Wizard)                  (mission 24: put a card into pile 1)
    choose pile 2                        (mission 24: pick the right neighbour's pile, blind)
    pass red 7 (Wizard)                  (mission 25: one of the three cards passed left)
    play red 7 (Wizard)                  play red 7 (Wizard) +cube
    play red 7 (Wizard) with power       play blue 12 (Oracle) with power as yellow -cube
    return red 9 (Knight)                (after an Explorer: the hand card swapped away)
    choose Player 2 to lead              (after a Peasant: the next leader)

Japanese labels (:func:`action_label`, parsed back too)::

    クリスタル2個とキューブ1個を取る(クリスタルのスクロールを使用)
    赤7(魔法使い)を順番に加える     赤7(魔法使い)を山1に入れる     山2を選ぶ
    赤7(魔法使い)を渡す             赤7(魔法使い)を出す +キューブ
    赤7(魔法使い)をパワー付きで出す  青12(オラクル)をパワーで黄として出す -キューブ
    赤9(騎士)を戻す                 プレイヤー2をリードに選ぶ
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from gamelib.core.log import Term
from gamelib.megalomania.cards import COLOURS, DECK, Card, Colour

__all__ = [
    "Action",
    "ChooseLeader",
    "ChoosePile",
    "ChooseResources",
    "OrderCard",
    "PassCard",
    "PileCard",
    "PlayCard",
    "ReturnCard",
    "ScrollKind",
    "action_label",
    "parse_action_text",
]


class ScrollKind(enum.Enum):
    """A scroll card (スクロール). Reconstructed: the rule text names no scroll."""

    CRYSTAL = "crystal"
    CUBE = "cube"

    @property
    def term(self) -> Term:
        """The scroll's name in English and Japanese."""
        return _SCROLL_TERMS[self]

    @property
    def effect(self) -> Term:
        """What using the scroll does."""
        return _SCROLL_EFFECTS[self]

    def text(self, lang: str) -> str:
        """The scroll's name in ``lang``."""
        return self.term.text(lang)


_SCROLL_TERMS = {
    ScrollKind.CRYSTAL: Term("crystal scroll", "クリスタルのスクロール"),
    ScrollKind.CUBE: Term("cube scroll", "キューブのスクロール"),
}
_SCROLL_EFFECTS = {
    ScrollKind.CRYSTAL: Term("+2 power crystals this round", "このラウンドのパワークリスタル+2"),
    ScrollKind.CUBE: Term("+2 cubes this round", "このラウンドのキューブ+2"),
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")

class _Interned:
    """Base of the action values: each value exists once (``PlayCard(card)`` gives the same
    object every time, as do pickle and copy), so equality and the hash are identity, in C,
    and the text is stored with it. Actions are compared, hashed and written at every step
    (``action in legal``, the history).
    """

    _table: ClassVar[dict[tuple[Any, ...], Any]]
    _names: ClassVar[tuple[str, ...]]
    _defaults: ClassVar[tuple[Any, ...]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._table = {}

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        table = cls._table
        if not kwargs:
            found = table.get(args)  # the values as given (defaults left out too)
            if found is not None:
                return found
        key = cls._bind(args, kwargs) if kwargs or len(args) != len(cls._names) else args
        found = table.get(key)
        if found is None:
            found = object.__new__(cls)
            for name, value in zip(cls._names, key, strict=True):
                object.__setattr__(found, name, value)
            object.__setattr__(found, "_text", found._render())
            table[key] = found
        if not kwargs:
            table[args] = found
        return found

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Nothing to do: :meth:`__new__` gives the interned value."""

    @classmethod
    def _bind(cls, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        names = cls._names
        if len(args) > len(names):
            raise TypeError(f"{cls.__name__} takes at most {len(names)} values")
        values = list(args) + list(cls._defaults[len(args):])
        for name, value in kwargs.items():
            if name not in names or names.index(name) < len(args):
                raise TypeError(f"{cls.__name__}: unexpected or repeated field {name!r}")
            values[names.index(name)] = value
        if any(v is MISSING for v in values):
            raise TypeError(f"{cls.__name__} needs {', '.join(names)}")
        return tuple(values)

    # Identity hashing, in C: equality is identity (values are interned), and the field hash
    # this replaced varied per process anyway (cards hash by identity, enums by their names).
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self._text  # type: ignore[attr-defined,no-any-return]

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(getattr(self, n) for n in self._names))

    def _render(self) -> str:
        raise NotImplementedError


def _interned(cls: type[Any]) -> Any:
    """A frozen dataclass of :class:`_Interned` values (fields in order, defaults kept)."""
    cls = dataclass(frozen=True, eq=False, init=False)(cls)
    cls._names = tuple(f.name for f in fields(cls))
    cls._defaults = tuple(f.default for f in fields(cls))
    return cls


@_interned
class ChooseResources(_Interned):
    """Take this round's resources: ``crystals`` + ``cubes`` tokens, optionally using a scroll."""

    crystals: int
    cubes: int
    scroll: ScrollKind | None = None

    def _render(self) -> str:
        parts = [p for p in (
            _plural(self.crystals, "crystal") if self.crystals else "",
            _plural(self.cubes, "cube") if self.cubes else "",
        ) if p]
        text = "take " + (" and ".join(parts) if parts else "nothing")
        if self.scroll is not None:
            text += f" + {self.scroll.value} scroll"
        return text


@_interned
class OrderCard(_Interned):
    """Mission 15: ``card`` is the next card of the fixed play order."""

    card: Card

    def _render(self) -> str:
        return f"order {self.card}"


@_interned
class PileCard(_Interned):
    """Mission 24: put ``card`` into pile 1 (the cards left over form pile 2)."""

    card: Card

    def _render(self) -> str:
        return f"pile {self.card}"


@_interned
class ChoosePile(_Interned):
    """Mission 24: pick pile 1 or 2 of the right neighbour without seeing them."""

    pile: int

    def _render(self) -> str:
        return f"choose pile {self.pile}"


@_interned
class PassCard(_Interned):
    """Mission 25: pass ``card`` to the left neighbour (three times)."""

    card: Card

    def _render(self) -> str:
        return f"pass {self.card}"


@_interned
class PlayCard(_Interned):
    """Play ``card``; ``power`` spends a crystal, ``as_colour`` is an Oracle's new colour,
    ``cube`` (+1/-1) spends a cube to raise or lower the card's value."""

    card: Card
    power: bool = False
    as_colour: Colour | None = None
    cube: int = 0

    def _render(self) -> str:
        text = f"play {self.card}"
        if self.power:
            text += " with power"
            if self.as_colour is not None:
                text += f" as {self.as_colour.value}"
        if self.cube:
            text += " +cube" if self.cube > 0 else " -cube"
        return text


@_interned
class ReturnCard(_Interned):
    """After an Explorer's power: the hand card that goes into the earlier trick."""

    card: Card

    def _render(self) -> str:
        return f"return {self.card}"


@_interned
class ChooseLeader(_Interned):
    """After a Peasant's power: the seat (0-based) that leads the next trick."""

    seat: int

    def _render(self) -> str:
        return f"choose Player {self.seat + 1} to lead"


Action = (
    ChooseResources | OrderCard | PileCard | ChoosePile | PassCard | PlayCard | ReturnCard
    | ChooseLeader
)
"""Any Megalomania action."""


_CARD = r"(\w+ \d+)(?: \(\w+\))?"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"^play {_CARD}( with power(?: as (\w+))?)?( [+-]cube)?$"), "play"),
    (re.compile(rf"^(order|pile|pass|return) {_CARD}$"), "card"),
    (re.compile(r"^choose pile (\d)$"), "pile"),
    (re.compile(r"^choose player (\d+) to lead$"), "leader"),
    (re.compile(r"^take (?:(\d+) crystals?)?(?: and )?(?:(\d+) cubes?)?(?: \+ (\w+) scroll)?$"),
     "take"),
)


def _label_ja(action: Action) -> str:
    if isinstance(action, ChooseResources):
        parts = [p for p in (
            f"クリスタル{action.crystals}個" if action.crystals else "",
            f"キューブ{action.cubes}個" if action.cubes else "",
        ) if p]
        text = "と".join(parts) + "を取る" if parts else "何も取らない"
        if action.scroll is not None:
            text += f"({action.scroll.term.ja}を使用)"
        return text
    if isinstance(action, PlayCard):
        card = action.card.label("ja")
        if not action.power:
            text = f"{card}を出す"
        elif action.as_colour is not None:
            text = f"{card}をパワーで{action.as_colour.term.ja}として出す"
        else:
            text = f"{card}をパワー付きで出す"
        if action.cube:
            text += " +キューブ" if action.cube > 0 else " -キューブ"
        return text
    if isinstance(action, ChoosePile):
        return f"山{action.pile}を選ぶ"
    if isinstance(action, ChooseLeader):
        return f"プレイヤー{action.seat + 1}をリードに選ぶ"
    verb = {OrderCard: "を順番に加える", PileCard: "を山1に入れる", PassCard: "を渡す",
            ReturnCard: "を戻す"}[type(action)]
    return f"{action.card.label('ja')}{verb}"


def action_label(action: Action, lang: str) -> str:
    """How a player names ``action`` in ``lang`` (buttons; both parse back in a game).

    English: a card play is named by its card, as players say it (``blue 12 (Oracle)``,
    ``red 7 (Wizard) with power``, ``blue 12 (Oracle) with power → yellow -cube``); every other
    action by its text. Japanese: ``青12(オラクル)をパワーで黄として出す -キューブ``.
    """
    if lang == "ja":
        return _label_ja(action)
    if isinstance(action, PlayCard):  # the text without its verb; an Oracle's colour as "→"
        return str(action).removeprefix("play ").replace(" as ", " → ")
    return str(action)


def _norm(text: str) -> str:
    return " ".join(text.strip().split()).casefold()


_JA_ACTIONS: dict[str, Action] = {}


def _all_actions() -> list[Action]:
    """Every action value a game can offer (for reading Japanese labels back)."""
    out: list[Action] = [
        ChooseResources(c, k, scroll)
        for scroll in (None, *ScrollKind)
        for c in range(6)
        for k in range(6 - c)
    ]
    for card in DECK:
        out += [OrderCard(card), PileCard(card), PassCard(card), ReturnCard(card)]
        for cube in (0, 1, -1):
            out += [PlayCard(card, False, None, cube), PlayCard(card, True, None, cube)]
            out += [PlayCard(card, True, colour, cube) for colour in COLOURS]
    out += [ChoosePile(1), ChoosePile(2)] + [ChooseLeader(s) for s in range(4)]
    return out


def _parse_ja(text: str) -> Action | None:
    if not _JA_ACTIONS:
        _JA_ACTIONS.update((_norm(_label_ja(a)), a) for a in _all_actions())
    return _JA_ACTIONS.get(_norm(text))


def parse_action_text(text: str) -> Action | None:
    """The action written as ``text`` whether or not it is legal now (``None`` if not a
    Megalomania action). Used to explain why an action typed by a player is refused."""
    from gamelib.megalomania.cards import parse_card

    t = " ".join(text.strip().split()).lower()
    try:
        for pattern, kind in _PATTERNS:
            m = pattern.match(t)
            if not m:
                continue
            if kind == "play":
                colour = Colour(m.group(3)) if m.group(3) else None
                cube = {None: 0, " +cube": 1, " -cube": -1}[m.group(4)]
                return PlayCard(parse_card(m.group(1)), bool(m.group(2)), colour, cube)
            if kind == "card":
                make: dict[str, Callable[[Card], Action]] = {
                    "order": OrderCard, "pile": PileCard, "pass": PassCard, "return": ReturnCard,
                }
                return make[m.group(1)](parse_card(m.group(2)))
            if kind == "take":
                scroll = ScrollKind(m.group(3)) if m.group(3) else None
                return ChooseResources(int(m.group(1) or 0), int(m.group(2) or 0), scroll)
            if kind == "pile":
                return ChoosePile(int(m.group(1)))
            return ChooseLeader(int(m.group(1)) - 1)
    except (ValueError, KeyError):
        return None
    return _parse_ja(text)
