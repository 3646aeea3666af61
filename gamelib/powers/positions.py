"""Build a Powers state from a compact description, for scenario tests and exercises.

>>> s = position(hands={0: "KH 5S 2C", 1: "QD 9S"}, owners={"France": 0}, rounds="Germany",
...              deck="3H 4H")
>>> s.phase, s.round_card, s.current_player
('invasion', 'Germany', 0)

Cards are written as codes separated by spaces (``"10H AS Joker1"``). ``deck`` lists the top of
the playing-card deck, first drawn first; every card not placed anywhere goes under it in a fixed
order (with ``rest="discards"`` they go to the discard pile instead, so that the deck is
exactly ``deck``). ``rounds`` lists the round cards to reveal next, first revealed first; with
``more_rounds`` the remaining country cards (and one disarmament card) follow so that the game
does not end after them. The first listed round card is revealed at once, with its conscription.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gamelib
from gamelib.powers.data import COUNTRY_KEYS, DISARMAMENT, Card, parse_card, playing_cards
from gamelib.powers.state import PowersState

__all__ = ["cards", "play_texts", "position"]


def cards(text: str) -> list[Card]:
    """Parse ``"KH 5S Joker1"`` into cards."""
    return [parse_card(t) for t in text.split()]


def position(
    *,
    players: int = 2,
    hands: Mapping[int, str] | Sequence[str] = (),
    owners: Mapping[str, int] | None = None,
    rounds: str | Sequence[str] = (),
    deck: str = "",
    discards: str = "",
    front: Mapping[int, str] | None = None,
    owed: Sequence[int] | None = None,
    initiative: int = 0,
    seating: Sequence[int] | None = None,
    homes: Mapping[int, str] | None = None,
    more_rounds: bool = True,
    rest: str = "deck",
    seed: int = 0,
    **options: Any,
) -> PowersState:
    """Return the state at the first decision after revealing ``rounds[0]`` (see module doc)."""
    game = gamelib.load("powers", players=players, **options)
    s = PowersState(game, seed, gamelib.core.Rng(seed), setup=False)  # type: ignore[arg-type]
    hand_map = dict(enumerate(hands)) if not isinstance(hands, Mapping) else dict(hands)
    used: list[Card] = []
    for p in range(players):
        s.hands[p] = cards(hand_map.get(p, ""))
        used += s.hands[p]
    for p, text in (front or {}).items():
        s.front[p] = cards(text)
        used += s.front[p]
    s.discards = cards(discards)
    top = cards(deck)
    used += s.discards + top + s.removed
    if len(set(used)) != len(used):
        raise ValueError("a card is placed twice")
    unplaced = [c for c in playing_cards(without_kings=s.blitz) if c not in set(used)]
    if rest == "discards":
        s.deck = top[::-1]
        s.discards = s.discards + unplaced
    else:
        s.deck = unplaced[::-1] + top[::-1]
    s.owners = dict(owners or {})
    s.homes = dict(homes or {})
    for p, k in s.homes.items():
        s.owners[k] = p
    s._rescore()
    listed = [rounds] if isinstance(rounds, str) else list(rounds)
    others = [k for k in COUNTRY_KEYS if k not in s.owners and k not in listed]
    played = [k for k in s.owners if k not in s.homes.values()]
    below: list[str] = []
    if more_rounds:
        below = [*others, DISARMAMENT]
    else:
        played += others
    s.rounds_played = played
    s.round_deck = (listed + below)[::-1]
    if owed is not None:
        s.owed = list(owed)
    s.seating = list(seating) if seating is not None else list(range(players))
    s._seat()  # the seat-order tables follow the seating
    s.initiative = initiative
    s.phase = "round_end"
    s._advance()
    return s


def play_texts(state: PowersState, *texts: str) -> PowersState:
    """Play the actions written as ``texts`` in turn (checked by :func:`gamelib.play`)."""
    for t in texts:
        state = gamelib.play(state, t)  # type: ignore[assignment]
        state.check_invariants()
    return state
