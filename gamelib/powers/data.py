"""Rule facts of Powers as data: the playing cards, the 14 country cards, the round cards, costs.

Card codes (used in action texts): rank ``A 2 … 10 J Q K`` then suit ``S H D C``
(``"10H"`` is the ten of hearts), and ``Joker1`` / ``Joker2`` for the two Jokers.

Country keys are the English names (``"USA"``, ``"Austria"`` …); the table below is in the
printed order of the round-card list (ラウンドカード一覧), each country's neighbours (近接) in
printed order, which is also the order the defence phase checks them.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.core import Term

__all__ = [
    "AUSTRIA_HUNGARY",
    "CARD_TERMS",
    "COUNTRIES",
    "COUNTRY_KEYS",
    "DISARMAMENT",
    "HAND_SIZE",
    "HOME_LETTER_ORDERS",
    "JOKERS",
    "MAGAZINE_COSTS",
    "MOBILIZATION",
    "PRIORITY",
    "RANK_CODES",
    "SUITS",
    "SUIT_SYMBOLS",
    "WIN_POINTS",
    "Card",
    "Country",
    "country",
    "country_name",
    "home_letter",
    "home_letters",
    "occupation_cost",
    "parse_card",
    "playing_cards",
    "round_card_name",
    "round_deck",
]

WIN_POINTS = 35
"""制覇勝利: a player whose countries total this many points or more wins at once."""

HAND_SIZE = 5
"""トランプを5枚ずつ手札として配る."""

SUITS = ("S", "H", "D", "C")
"""Suit letters: spades, hearts, diamonds, clubs (スートに強弱は無い: suits have no order)."""

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset({"H", "D"})
BLACK_SUITS = frozenset({"S", "C"})
RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K"}
"""Rank codes that are not the number itself (2–10 print as numbers)."""


_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}


class Card(int):
    """A playing card: ``Card(rank, suit)``. ``rank`` is 1 (Ace) to 13 (King), 0 for a Joker.

    ``suit`` is one of ``S H D C``; for a Joker it is ``"1"`` or ``"2"`` (the two Jokers are
    distinct cards so that every card is in exactly one place). A card is an immutable small
    integer underneath (cheap to copy, hash and compare); cards sort by rank (Jokers first),
    then suit in the order ♠ ♥ ♦ ♣.
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: str) -> Card:
        if rank == 0:
            if suit not in ("1", "2"):
                raise ValueError(f"a Joker is Joker 1 or Joker 2, not {suit!r}")
            return int.__new__(cls, int(suit) - 1)
        if not 1 <= rank <= 13 or suit not in _SUIT_INDEX:
            raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}")
        return int.__new__(cls, rank * 4 + _SUIT_INDEX[suit])

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    @property
    def rank(self) -> int:
        """1 (Ace) … 13 (King); 0 for a Joker."""
        return int(self) // 4

    @property
    def suit(self) -> str:
        """``S H D C``, or ``"1"`` / ``"2"`` for the Jokers."""
        v = int(self)
        return str(v + 1) if v < 4 else SUITS[v % 4]

    @property
    def is_joker(self) -> bool:
        """Whether this is one of the two Jokers (ジョーカー)."""
        return int(self) < 4

    @property
    def is_ace(self) -> bool:
        """Whether this is an Ace (A)."""
        return int(self) // 4 == 1

    @property
    def is_face(self) -> bool:
        """Whether this is a face card (絵札: J, Q or K)."""
        return int(self) >= 44

    @property
    def is_red(self) -> bool:
        """Hearts or diamonds (♥ ♦): playable against an island."""
        v = int(self)
        return v >= 4 and v % 4 in (1, 2)

    @property
    def is_black(self) -> bool:
        """Spades or clubs (♠ ♣): playable against a landlocked country."""
        v = int(self)
        return v >= 4 and v % 4 in (0, 3)

    @property
    def code(self) -> str:
        """The ASCII code used in action texts: ``"AS"``, ``"10H"``, ``"Joker1"``."""
        return _CODES[self]

    @property
    def symbol(self) -> str:
        """The code with a suit symbol: ``"A♠"``, ``"10♥"``, ``"🃏1"``."""
        return _SYMBOLS[self]

    def term(self) -> Term:
        """The card's name for log messages (symbol form, Jokers named in each language)."""
        return _TERMS[self]

    def __str__(self) -> str:
        return _CODES[self]

    def __format__(self, spec: str) -> str:
        return format(_CODES[self], spec)

    def __repr__(self) -> str:
        return _REPRS[self]


def _code(v: int, suits: dict[str, str]) -> str:
    if v < 4:
        return f"Joker{v + 1}" if suits is _ASCII else f"🃏{v + 1}"
    return RANK_CODES.get(v // 4, str(v // 4)) + suits[SUITS[v % 4]]


_ASCII = {s: s for s in SUITS}
_CODES = [_code(v, _ASCII) if v < 2 or v >= 4 else "" for v in range(56)]
"""Each card's code by its integer value (precomputed: action texts are made in the hot loop)."""
_SYMBOLS = [_code(v, SUIT_SYMBOLS) if v < 2 or v >= 4 else "" for v in range(56)]

_REPRS = ["Card(0, '1')", "Card(0, '2')", "", ""] + [
    f"Card({v // 4}, {SUITS[v % 4]!r})" for v in range(4, 56)
]


def parse_card(text: str) -> Card:
    """Return the card written as ``text`` (``"AS"``, ``"10h"``, ``"A♠"``, ``"Joker1"``)."""
    t = text.strip().upper()
    for sym_suit, sym in SUIT_SYMBOLS.items():
        t = t.replace(sym, sym_suit)
    if t.startswith("JOKER") and t[5:] in ("1", "2"):
        return Card(0, t[5:])
    if len(t) >= 2 and t[-1] in SUITS:
        r = t[:-1]
        ranks = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
        rank = ranks.get(r) or (int(r) if r.isdigit() else 0)
        if 1 <= rank <= 13:
            return Card(rank, t[-1])
    raise ValueError(f"{text!r} is not a playing card (write e.g. AS, 10H, KC, Joker1)")


JOKERS = (Card(0, "1"), Card(0, "2"))

_DECKS = {
    kingless: tuple(Card(r, s) for s in SUITS for r in range(1, 13 if kingless else 14)) + JOKERS
    for kingless in (False, True)
}

_TERMS = [Term(f"Joker {j}", f"ジョーカー{j}") for j in (1, 2)] + [Term("", "")] * 2 + [
    Term(sym, sym) for sym in (Card(v // 4, SUITS[v % 4]).symbol for v in range(4, 56))
]
CARD_TERMS: tuple[Term, ...] = tuple(_TERMS)
"""Each card's :meth:`Card.term`, indexed by the card (hot loops read it without a call)."""


def playing_cards(*, without_kings: bool = False) -> tuple[Card, ...]:
    """The 54-card deck (52 + 2 Jokers) in a fixed order; 電撃戦 removes the four Kings (50)."""
    return _DECKS[without_kings]


@dataclass(frozen=True)
class Country:
    """A country card: points, printed occupation cost, terrain and neighbours (printed order).

    ``terrain`` is ``"island"`` (島国: only ♥ ♦ and Jokers may invade), ``"landlocked"``
    (内陸国: only ♠ ♣ and Jokers) or ``""``. ``priority`` is the magazine rules' priority number
    (1 = Switzerland, best) and ``letter`` the 電撃戦 home letter A–N in the same order.
    """

    key: str
    name: Term
    points: int
    cost: int
    terrain: str
    neighbours: tuple[str, ...]
    priority: int

    @property
    def letter(self) -> str:
        """The 電撃戦 home letter (A for priority 1 … N for priority 14)."""
        return home_letter(self.priority)

    @property
    def is_island(self) -> bool:
        """島国."""
        return self.terrain == "island"

    @property
    def is_landlocked(self) -> bool:
        """内陸国."""
        return self.terrain == "landlocked"

    def accepts(self, card: Card) -> bool:
        """Whether ``card`` may be played to invade this country (Jokers always may)."""
        if card.is_joker:
            return True
        if self.is_island:
            return card.is_red
        if self.is_landlocked:
            return card.is_black
        return True


def home_letter(priority: int) -> str:
    """The letter A–N for a priority number 1–14."""
    return "ABCDEFGHIJKLMN"[priority - 1]


# Printed order of ラウンドカード一覧. Priority (優先番号, magazine): スイス>インドネシア>イタリア>
# 朝鮮>オーストリア＝ハンガリー>日本>ドイツ>イギリス>フランス>オスマン>ロシア>インド>中国>アメリカ.
_TABLE: tuple[tuple[str, str, str, int, int, str, tuple[str, ...], int], ...] = (
    ("USA", "USA", "アメリカ", 10, 5, "island", ("UK", "Japan", "Indonesia"), 14),
    ("China", "China", "中国", 10, 5, "", ("Korea", "Russia", "India"), 13),
    ("Russia", "Russia", "ロシア", 9, 5, "landlocked",
     ("Korea", "China", "Ottoman", "Germany"), 11),
    ("India", "India", "インド", 9, 5, "", ("Ottoman", "China", "Indonesia"), 12),
    ("Ottoman", "Ottoman Empire", "オスマン", 8, 4, "",
     ("Russia", "India", "Austria", "Italy"), 10),
    ("France", "France", "フランス", 8, 4, "", ("Germany", "UK", "Italy", "Switzerland"), 9),
    ("Germany", "Germany", "ドイツ", 7, 4, "", ("France", "Austria", "Switzerland", "Russia"), 7),
    ("UK", "UK", "イギリス", 7, 3, "island", ("France", "USA"), 8),
    ("Japan", "Japan", "日本", 6, 3, "island", ("Korea", "Indonesia", "USA"), 6),
    ("Austria", "Austria", "オーストリア", 6, 3, "",
     ("Germany", "Italy", "Switzerland", "Ottoman"), 5),
    ("Italy", "Italy", "イタリア", 5, 3, "", ("France", "Switzerland", "Austria", "Ottoman"), 3),
    ("Korea", "Korea", "朝鮮", 5, 3, "", ("China", "Russia", "Japan"), 4),
    ("Indonesia", "Indonesia", "インドネシア", 4, 3, "island", ("India", "Japan", "USA"), 2),
    ("Switzerland", "Switzerland", "スイス", 4, 3, "landlocked",
     ("Germany", "France", "Italy", "Austria"), 1),
)

COUNTRIES: dict[str, Country] = {
    key: Country(key, Term(en, ja), pts, cost, terrain, nbrs, prio)
    for key, en, ja, pts, cost, terrain, nbrs, prio in _TABLE
}
"""The 14 country cards by key, in printed order."""

COUNTRY_KEYS: tuple[str, ...] = tuple(COUNTRIES)
PRIORITY: tuple[str, ...] = tuple(sorted(COUNTRIES, key=lambda k: COUNTRIES[k].priority))
"""Country keys by priority number (magazine): Switzerland first, USA last."""

AUSTRIA_HUNGARY = Term("Austria-Hungary", "オーストリア＝ハンガリー")
"""The magazine rules rename オーストリア to オーストリア＝ハンガリー."""

DISARMAMENT = "disarmament"
"""Round card 軍縮 (5 cards; 4 in 電撃戦)."""
MOBILIZATION = "mobilization"
"""Round card 動員 (4 cards; only with 2 players)."""

ROUND_CARD_NAMES = {
    DISARMAMENT: Term("Disarmament", "軍縮"),
    MOBILIZATION: Term("Mobilization", "動員"),
}

MAGAZINE_COSTS: dict[str, dict[int, int]] = {
    "Indonesia": {4: 2},
    "UK": {2: 3, 3: 3, 5: 4},
    "India": {4: 4},
    "Austria": {3: 3},
    "Japan": {2: 3, 3: 3, 5: 4},
}
"""国カードの数値を調整: the magazine's occupation cost per player count (see Rulings)."""


HOME_LETTER_ORDERS = ("priority", "printed")
"""Orders in which the 電撃戦 home letters A–N may be given (option ``home_letters``)."""


def home_letters(order: str = "priority") -> dict[str, str]:
    """The 電撃戦 home letter of each country: ``priority`` order (Switzerland A … USA N) or the
    ``printed`` order of the round-card list (USA A … Switzerland N)."""
    if order not in HOME_LETTER_ORDERS:
        raise ValueError(f"home letter order is one of {HOME_LETTER_ORDERS}, not {order!r}")
    keys = PRIORITY if order == "priority" else COUNTRY_KEYS
    return {k: "ABCDEFGHIJKLMN"[i] for i, k in enumerate(keys)}


def country(key: str) -> Country:
    """The country card ``key``."""
    return COUNTRIES[key]


def country_name(key: str, rules: str = "base") -> Term:
    """The country's name under ``rules`` (Austria is Austria-Hungary from the magazine on)."""
    if key == "Austria" and rules != "base":
        return AUSTRIA_HUNGARY
    return COUNTRIES[key].name


def round_card_name(card: str, rules: str = "base") -> Term:
    """The name of a round card (a country key, ``disarmament`` or ``mobilization``)."""
    if card in ROUND_CARD_NAMES:
        return ROUND_CARD_NAMES[card]
    return country_name(card, rules)


def occupation_cost(
    key: str, players: int, rules: str = "base", *, magazine_costs_final: bool = True
) -> int:
    """The occupation cost (占領コスト) a country starts at, before any pass lowers it.

    Base: the printed cost, 1 less with 2–3 players. Magazine and later: a country in the
    magazine's table uses the table's number for that player count; with
    ``magazine_costs_final`` (the default ruling) that number already includes the 2–3 player
    reduction, otherwise the reduction is applied to it as well.
    """
    c = COUNTRIES[key].cost
    small = players <= 3
    if rules != "base" and players in MAGAZINE_COSTS.get(key, {}):
        c = MAGAZINE_COSTS[key][players]
        if magazine_costs_final:
            return c
    return c - 1 if small else c


def round_deck(players: int, *, blitzkrieg: bool = False) -> list[str]:
    """The round cards before shuffling, in a fixed order (countries, disarmament, mobilization).

    23 cards with 2 players; 3+ players remove the 4 mobilization cards (19). 電撃戦 has 4
    disarmament cards; the home countries are removed from it by the set-up.
    """
    cards = list(COUNTRY_KEYS)
    cards += [DISARMAMENT] * (4 if blitzkrieg else 5)
    if players == 2:
        cards += [MOBILIZATION] * 4
    return cards
