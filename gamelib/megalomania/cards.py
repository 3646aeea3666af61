"""The 32 Megalomania cards: four colours × eight ranks, each rank with a power.

A card is written ``"red 7 (Wizard)"`` in action texts and ``R7`` in short test notation
(colour letters: B blue, Y yellow, R red, K black).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamelib.core.log import Term

__all__ = [
    "COLOURS",
    "DECK",
    "RANKS",
    "Card",
    "Colour",
    "Rank",
    "parse_card",
    "parse_cards",
    "sort_cards",
]


class Colour(enum.Enum):
    """A card colour (色). ``value`` is the English word used in action texts."""

    BLUE = "blue"
    YELLOW = "yellow"
    RED = "red"
    BLACK = "black"

    @property
    def term(self) -> Term:
        """The colour's name in English and Japanese."""
        return _COLOUR_TERMS[self]

    @property
    def letter(self) -> str:
        """One-letter code (B, Y, R, K) of the short notation."""
        return _COLOUR_LETTERS[self]

    def text(self, lang: str) -> str:
        """The colour's name in ``lang``."""
        return self.term.text(lang)

    def __str__(self) -> str:
        return self.value

    # Members are singletons: identity hashing is exact and much cheaper than Enum's hash of
    # the name (colours are hashed at every step of the rules and the odds).
    __hash__ = object.__hash__


_COLOUR_TERMS = {
    Colour.BLUE: Term("blue", "青"),
    Colour.YELLOW: Term("yellow", "黄"),
    Colour.RED: Term("red", "赤"),
    Colour.BLACK: Term("black", "黒"),
}
_COLOUR_LETTERS = {Colour.BLUE: "B", Colour.YELLOW: "Y", Colour.RED: "R", Colour.BLACK: "K"}

COLOURS: tuple[Colour, ...] = tuple(Colour)
"""The colours in their fixed order (also the order of the dominant-colour rotation)."""


class Rank(enum.IntEnum):
    """A rank; its integer value is the card's printed value (値)."""

    EMPEROR = 15
    ORACLE = 12
    KNIGHT = 9
    WIZARD = 7
    DWARF = 6
    EXPLORER = 4
    ASSASSIN = 2
    PEASANT = 1

    @property
    def term(self) -> Term:
        """The rank's name in English and Japanese."""
        return _RANK_TERMS[self]

    @property
    def power(self) -> Term:
        """A one-line summary of the rank's power (簡易説明)."""
        return _POWER_TERMS[self]

    def text(self, lang: str) -> str:
        """The rank's name in ``lang``."""
        return self.term.text(lang)


_RANK_TERMS = {
    Rank.EMPEROR: Term("Emperor", "皇帝"),
    Rank.ORACLE: Term("Oracle", "オラクル"),
    Rank.KNIGHT: Term("Knight", "騎士"),
    Rank.WIZARD: Term("Wizard", "魔法使い"),
    Rank.DWARF: Term("Dwarf", "ドワーフ"),
    Rank.EXPLORER: Term("Explorer", "探検家"),
    Rank.ASSASSIN: Term("Assassin", "暗殺者"),
    Rank.PEASANT: Term("Peasant", "農夫"),
}
_POWER_TERMS = {
    Rank.EMPEROR: Term("cancel later powers and cubes", "パワーの無効化"),
    Rank.ORACLE: Term("change its colour", "色の変更"),
    Rank.KNIGHT: Term("later dominant cards lose their advantage", "切り札の解除"),
    Rank.WIZARD: Term("others must play their lowest card", "強制的に一番小さいカードを出す"),
    Rank.DWARF: Term("lowest card wins", "値の逆転(革命)"),
    Rank.EXPLORER: Term("swap a hand card with a card from an earlier trick", "カードを発見する"),
    Rank.ASSASSIN: Term("may be played whatever colour is asked", "どの色でもプレイできる"),
    Rank.PEASANT: Term("choose the next leader", "次ターンのリードプレイヤーを選ぶ"),
}

RANKS: tuple[Rank, ...] = tuple(Rank)
"""The ranks from highest (Emperor 15) to lowest (Peasant 1)."""


@dataclass(frozen=True, eq=False, init=False)
class Card:
    """One card: a colour and a rank. ``str(card)`` is ``"red 7 (Wizard)"``.

    The 32 cards are interned: ``Card(colour, rank)`` returns the one card of that colour and
    rank (so do pickle and copy), and equality and the hash are by identity, in C (cards are
    compared, hashed and written at every step of a game).
    """

    colour: Colour
    rank: Rank

    def __new__(cls, colour: Colour, rank: Rank | int) -> Card:
        found = _INTERNED.get((colour, rank))
        if found is None:
            if not isinstance(colour, Colour):
                raise TypeError(f"not a colour: {colour!r}")
            rank = Rank(rank)
            found = _INTERNED[(colour, rank)] = object.__new__(cls)
            # Texts and the hash are computed once per card.
            text = f"{colour.value} {int(rank)} ({rank.term.en})"
            ja = f"{colour.term.ja}{int(rank)}({rank.term.ja})"
            setattr_ = object.__setattr__
            setattr_(found, "colour", colour)
            setattr_(found, "rank", rank)
            setattr_(found, "_text", text)
            setattr_(found, "_term", Term(text, ja))
            setattr_(found, "value", int(rank))
        return found

    def __init__(self, colour: Colour, rank: Rank | int) -> None:
        """Nothing to do: :meth:`__new__` gives the interned card."""

    # Identity hashing, in C (cards are interned). Sets of cards never ordered anything: the
    # value hash they had before was randomised per process too (string hashing).
    __hash__ = object.__hash__

    if TYPE_CHECKING:
        _term: Term  # set by __new__: what ``term`` gives (hot paths read it without the call)

        @property
        def value(self) -> int:
            """The printed value (15, 12, 9, 7, 6, 4, 2 or 1)."""

    @property
    def name(self) -> Term:
        """The full name, e.g. ``Term("red Wizard", "赤の魔法使い")``."""
        return Term(
            f"{self.colour.term.en} {self.rank.term.en}",
            f"{self.colour.term.ja}の{self.rank.term.ja}",
        )

    @property
    def code(self) -> str:
        """Short notation, e.g. ``R7``."""
        return f"{self.colour.letter}{self.value}"

    def label(self, lang: str = "en") -> str:
        """A label for figures: ``red 7 (Wizard)`` / ``赤7(魔法使い)``."""
        return self.term.text(lang)

    @property
    def term(self) -> Term:
        """The label in both languages (for log messages)."""
        return self._term

    def text(self, lang: str) -> str:
        """The label in ``lang`` (so a card can be a log parameter)."""
        return self.label(lang)

    def __str__(self) -> str:
        return self._text  # type: ignore[attr-defined,no-any-return]

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.colour, self.rank))


_INTERNED: dict[tuple[Colour, Rank | int], Card] = {}

DECK: tuple[Card, ...] = tuple(Card(c, r) for c in COLOURS for r in RANKS)
"""All 32 cards, by colour (blue, yellow, red, black) then value from 15 down to 1."""

_BY_CODE = {card.code: card for card in DECK}
_ORDER = {card: i for i, card in enumerate(DECK)}


def parse_card(text: str) -> Card:
    """Parse ``"R7"``, ``"red 7"`` or ``"red 7 (Wizard)"`` into a card."""
    t = text.strip()
    if t.upper() in _BY_CODE:
        return _BY_CODE[t.upper()]
    words = t.replace("(", " ").replace(")", " ").split()
    if len(words) >= 2:
        try:
            colour = Colour(words[0].lower())
            return Card(colour, Rank(int(words[1])))
        except ValueError:
            pass
    raise ValueError(f"not a card: {text!r} (write e.g. 'R7' or 'red 7')")


def parse_cards(text: str) -> list[Card]:
    """Parse a space-separated list of short codes, e.g. ``"R7 B15 K1"``."""
    return [parse_card(word) for word in text.split()]


def sort_cards(cards: list[Card] | tuple[Card, ...]) -> list[Card]:
    """Cards in deck order: by colour, then highest value first."""
    return sorted(cards, key=_ORDER.__getitem__)
