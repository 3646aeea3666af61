"""The actions of Powers: small frozen values whose text (English, stable) parses back.

Texts, by phase (card codes as in :mod:`gamelib.powers.data`, e.g. ``10H``, ``AS``, ``Joker1``):

=================  ==========================================  ================================
phase              action                                      text
=================  ==========================================  ================================
disarmament 軍縮   :class:`Discard` one card (repeat)           ``discard 7C``
invasion 侵略      :class:`Play` a card                         ``play KH``
invasion (mag.)    :class:`Play` a Joker with its extra cost    ``play Joker1 paying 5C``
invasion           :class:`Fold` (降りる)                        ``fold``
occupation 占領    :class:`Pay` one card of the cost (repeat)   ``pay 5C``
occupation         :class:`PassRight` (占領権を譲る)             ``pass``
defence 防衛       :class:`Defend` with a face card / set       ``defend with QS`` /
                                                                ``defend with 5H 5S``
defence            :class:`Decline` (the neighbour is taken)    ``decline``
=================  ==========================================  ================================

Each action also has a label as players say it (:func:`action_label`), with card symbols, in
English (``play K♥``, ``fold``) and Japanese (``K♥を出す``, ``降りる``); labels parse back too.

Legal actions come in this fixed order: card actions sorted by card (Jokers first, then A … K,
suits ♠ ♥ ♦ ♣; a Joker's extra-cost variants by the extra card; defences: pairs, then
straights), then the non-card action (``fold`` / ``pass`` / ``decline``) last.

Speed (issue 12): the rules hand out one shared instance per action (:data:`DISCARD`,
:data:`PLAY`, :data:`PAY` indexed by card, :data:`FOLD`, :data:`PASS`, :data:`DECLINE`,
:func:`defend`), whose texts are precomputed (``_text``, which the history reads); an action
built by hand equals it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.powers.data import Card, parse_card, playing_cards

__all__ = [
    "Decline",
    "Defend",
    "Discard",
    "Fold",
    "PassRight",
    "Pay",
    "Play",
    "PowersAction",
    "action_label",
    "parse_action",
]


@dataclass(frozen=True)
class Discard:
    """軍縮: discard ``card`` from your hand (one of the half you must discard)."""

    card: Card

    def __str__(self) -> str:
        return _DISCARD_TEXT[self.card]


@dataclass(frozen=True)
class Play:
    """侵略: play ``card``, stronger than the card before it (a Joker wins at once).

    ``extra`` is the magazine rules' extra cost of a Joker: one more card from your hand,
    discarded and never refilled. ``None`` otherwise.
    """

    card: Card
    extra: Card | None = None

    def __str__(self) -> str:
        if self.extra is not None:
            return f"play {self.card} paying {self.extra}"
        return _PLAY_TEXT[self.card]


@dataclass(frozen=True)
class Fold:
    """侵略: fold (降りる): take no further part in this invasion phase."""

    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True)
class Pay:
    """占領: discard ``card`` toward the occupation cost; the first card commits you to occupy."""

    card: Card

    def __str__(self) -> str:
        return _PAY_TEXT[self.card]


@dataclass(frozen=True)
class PassRight:
    """占領: pass the occupation right to the next player (the cost drops by 1)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Defend:
    """防衛: defend your country with ``cards``.

    Base: one face card (J, Q or K). Magazine and later: a pair (two cards of one rank, or
    the two Jokers) or a straight of three consecutive ranks (A = 1, suits ignored).
    """

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "defend with " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True)
class Decline:
    """防衛: do not defend; the occupier takes the country."""

    def __str__(self) -> str:
        return "decline"


PowersAction = Discard | Play | Fold | Pay | PassRight | Defend | Decline
"""Any action of Powers."""

_CARDS = playing_cards()
_DISCARD_TEXT = [""] * 56
_PLAY_TEXT = [""] * 56
_PAY_TEXT = [""] * 56
for _c in _CARDS:
    _DISCARD_TEXT[_c], _PLAY_TEXT[_c], _PAY_TEXT[_c] = f"discard {_c}", f"play {_c}", f"pay {_c}"

DISCARD: list[Discard] = [Discard(Card(0, "1"))] * 56
"""The shared :class:`Discard` of each card, indexed by the card."""
PLAY: list[Play] = [Play(Card(0, "1"))] * 56
"""The shared :class:`Play` (no extra cost) of each card, indexed by the card."""
PAY: list[Pay] = [Pay(Card(0, "1"))] * 56
"""The shared :class:`Pay` of each card, indexed by the card."""
for _c in _CARDS:
    DISCARD[_c], PLAY[_c], PAY[_c] = Discard(_c), Play(_c), Pay(_c)
JOKER_PLAY: dict[tuple[Card, Card], Play] = {
    (j, e): Play(j, e) for j in _CARDS[-2:] for e in _CARDS if e != j
}
"""The shared magazine Joker plays, by (Joker, extra card)."""
FOLD = Fold()
PASS = PassRight()
DECLINE = Decline()
_DEFENDS: dict[tuple[Card, ...], Defend] = {}


def _intern(action: object) -> None:
    """Keep ``action``'s text in ``_text`` (not a field: equality, hashing and ``repr`` ignore
    it), so that the history reads it without a ``__str__`` call."""
    object.__setattr__(action, "_text", str(action))


for _a in (*DISCARD, *PLAY, *PAY, *JOKER_PLAY.values(), FOLD, PASS, DECLINE):
    _intern(_a)


def defend(cards: tuple[Card, ...]) -> Defend:
    """The shared :class:`Defend` with ``cards`` (made once, then reused)."""
    d = _DEFENDS.get(cards)
    if d is None:
        d = _DEFENDS[cards] = Defend(cards)
        _intern(d)
    return d


def parse_action(text: str) -> PowersAction:
    """Parse an action text (any case and spacing); ``ValueError`` if it is not one."""
    words = text.strip().split()
    low = [w.lower() for w in words]
    if low == ["fold"]:
        return Fold()
    if low == ["pass"]:
        return PassRight()
    if low == ["decline"]:
        return Decline()
    if len(words) == 2 and low[0] == "discard":
        return Discard(parse_card(words[1]))
    if len(words) == 2 and low[0] == "pay":
        return Pay(parse_card(words[1]))
    if len(words) == 2 and low[0] == "play":
        return Play(parse_card(words[1]))
    if len(words) == 4 and low[0] == "play" and low[2] == "paying":
        return Play(parse_card(words[1]), parse_card(words[3]))
    if len(words) >= 3 and low[:2] == ["defend", "with"]:
        return Defend(tuple(sorted(parse_card(w) for w in words[2:])))
    raise ValueError(f"{text!r} is not a Powers action")


def _symbols(cards: tuple[Card, ...], lang: str) -> str:
    return " ".join(c.term().text(lang) for c in cards)


def action_label(action: PowersAction, lang: str = "en") -> str:
    """How players name ``action`` in ``lang`` (``"en"`` or ``"ja"``): cards as symbols
    (``A♠``, ``10♥``), Japanese verbs as in the rule text (降りる, 占領権を譲る)."""
    ja = lang == "ja"
    if isinstance(action, Discard):
        card = _symbols((action.card,), lang)
        return f"{card}を捨てる" if ja else f"discard {card}"
    if isinstance(action, Play):
        card = _symbols((action.card,), lang)
        if action.extra is not None:
            extra = _symbols((action.extra,), lang)
            return f"{card}を出す(追加コスト{extra})" if ja else f"play {card} paying {extra}"
        return f"{card}を出す" if ja else f"play {card}"
    if isinstance(action, Fold):
        return "降りる" if ja else "fold"
    if isinstance(action, Pay):
        card = _symbols((action.card,), lang)
        return f"{card}で支払う" if ja else f"pay {card}"
    if isinstance(action, PassRight):
        return "占領権を譲る" if ja else "pass"
    if isinstance(action, Defend):
        cards = _symbols(action.cards, lang)
        return f"{cards}で防衛する" if ja else f"defend with {cards}"
    return "防衛しない" if ja else "decline"
