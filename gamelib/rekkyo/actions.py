"""The actions of 列強の興亡: small frozen values whose text parses back.

An invasion is built step by step so that the legal actions stay few:
``invade china by land`` → ``add sherman`` (one card at a time) → ``commit``; a defending player
then plays ``add …`` and ``defend``; a fighter's holder answers a strategic bombing with
``intercept with spitfire`` or ``no interception``; a hand over the limit is cut with
``discard …`` one card at a time.

Texts (English, stable; territory and card ids as in data/cards.toml; players numbered from 1):

==================================  ==========================================================
``invade <territory> by <route>``   start an invasion (route ``land`` or ``sea``)
``play <event>``                    play an event that stands alone (e.g. ``play conscription``)
``play <event> on player <n>``      ... aimed at a player (``play spy on player 2``)
``play <event> on <territory>``     ... aimed at a territory (``play diplomacy on hawaii``)
``do nothing``                      take no action this turn
``add <card>``                      add a card from hand to the attack or the defence
``commit``                          the attacker's cards are complete (face down)
``defend``                          the defender's cards are complete (face up; may be none)
``intercept with <fighter>``        discard a fighter to try to cancel a strategic bombing
``no interception``                 let the strategic bombing count
``discard <card>``                  discard one card down to the hand limit
==================================  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "AddCard",
    "Commit",
    "Defend",
    "Discard",
    "Intercept",
    "Invade",
    "NoIntercept",
    "Pass",
    "PlayEvent",
    "RekkyoAction",
    "parse_action_text",
]


class _Text:
    """Actions with parameters keep their text once made (``str`` runs for every action played;
    the text is no dataclass field, so equality, hashing and ``repr`` ignore it)."""

    __slots__ = ()

    def __str__(self) -> str:
        try:
            return self._text  # type: ignore[attr-defined,no-any-return]
        except AttributeError:
            text = self._render()
            object.__setattr__(self, "_text", text)
            return text

    def _render(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Invade(_Text):
    """Start an invasion of ``target`` over a ``route`` (``"land"`` or ``"sea"``) link."""

    target: str
    route: str

    def _render(self) -> str:
        return f"invade {self.target} by {self.route}"


@dataclass(frozen=True)
class PlayEvent(_Text):
    """Play an event that stands alone; ``player`` (a seat) or ``territory`` is its target."""

    card: str
    player: int | None = None
    territory: str | None = None

    def _render(self) -> str:
        if self.player is not None:
            return f"play {self.card} on player {self.player + 1}"
        if self.territory is not None:
            return f"play {self.card} on {self.territory}"
        return f"play {self.card}"


@dataclass(frozen=True)
class Pass:
    """Do nothing this turn (何もしない)."""

    _text = "do nothing"  # (the kept text the core reads first: no __str__ call)

    def __str__(self) -> str:
        return "do nothing"


@dataclass(frozen=True)
class AddCard(_Text):
    """Add one card (by id) from hand to the attacker's or the defender's cards."""

    card: str

    def _render(self) -> str:
        return f"add {self.card}"


@dataclass(frozen=True)
class Commit:
    """The attacker has chosen the cards (they stay face down until the defender is done)."""

    _text = "commit"  # (the kept text the core reads first: no __str__ call)

    def __str__(self) -> str:
        return "commit"


@dataclass(frozen=True)
class Defend:
    """The defending player has chosen the cards (possibly none); all cards are revealed."""

    _text = "defend"  # (the kept text the core reads first: no __str__ call)

    def __str__(self) -> str:
        return "defend"


@dataclass(frozen=True)
class Intercept(_Text):
    """Discard the fighter ``card`` from hand and roll to cancel the pending strategic bombing."""

    card: str

    def _render(self) -> str:
        return f"intercept with {self.card}"


@dataclass(frozen=True)
class NoIntercept:
    """Let the pending strategic bombing count."""

    _text = "no interception"  # (the kept text the core reads first: no __str__ call)

    def __str__(self) -> str:
        return "no interception"


@dataclass(frozen=True)
class Discard(_Text):
    """Discard one card (by id) because the hand is over the limit."""

    card: str

    def _render(self) -> str:
        return f"discard {self.card}"


RekkyoAction = (
    Invade | PlayEvent | Pass | AddCard | Commit | Defend | Intercept | NoIntercept | Discard
)
"""Any action of the game."""


def parse_action_text(text: str) -> RekkyoAction | None:
    """Read an action from its text (any action, legal or not); ``None`` if it is no action.

    >>> parse_action_text("invade china by land")
    Invade(target='china', route='land')
    >>> parse_action_text("play spy on player 2")
    PlayEvent(card='spy', player=1, territory=None)
    """
    words = text.strip().casefold().split()
    fixed: dict[tuple[str, ...], RekkyoAction] = {
        ("do", "nothing"): Pass(), ("commit",): Commit(), ("defend",): Defend(),
        ("no", "interception"): NoIntercept(),
    }
    if tuple(words) in fixed:
        return fixed[tuple(words)]
    match words:
        case ["invade", target, "by", route]:
            return Invade(target, route)
        case ["add", card]:
            return AddCard(card)
        case ["discard", card]:
            return Discard(card)
        case ["intercept", "with", card]:
            return Intercept(card)
        case ["play", card]:
            return PlayEvent(card)
        case ["play", card, "on", "player", n] if n.isdigit() and int(n) >= 1:
            return PlayEvent(card, player=int(n) - 1)
        case ["play", card, "on", territory]:
            return PlayEvent(card, territory=territory)
    return None
