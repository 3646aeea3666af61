"""Build Megalomania positions from a compact description, through the rules engine.

>>> s = position(hands=["Y9 B12", "R12 B4", "Y6 Y15", "Y1 R2"], dominant="red",
...              plays=["play yellow 9 (Knight)"])
>>> s.current_player, [str(p.card) for p in s.trick]
(1, ['yellow 9 (Knight)'])

Cards are short codes separated by spaces (``"R7 B15 K1"``: colour B Y R K, then the value).
The hands are set on a card-play position of round 1 (:meth:`MegalomaniaState.position`); the
cards nobody holds are set aside face down, or, with ``taken``, put into earlier tricks that
``taken``'s seat captured. Then every text of ``plays`` is played by :func:`gamelib.play`, so
each card of the trick is checked by the rules (follow rule, powers, cubes) and logged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gamelib
from gamelib.megalomania.cards import DECK, Colour, parse_cards
from gamelib.megalomania.state import MegalomaniaState

__all__ = ["play_texts", "position"]


def position(
    *,
    hands: Sequence[str],
    mission: int = 1,
    dominant: str = "blue",
    leader: int = 0,
    plays: Sequence[str] = (),
    crystals: Sequence[int] | int | None = None,
    cubes: Sequence[int] | int | None = None,
    captured: Mapping[int, Sequence[str]] | None = None,
    taken: int | None = None,
    lang: str = "en",
    seed: int = 0,
    **options: Any,
) -> MegalomaniaState:
    """The card-play position described (see the module doc), after ``plays``.

    ``crystals`` and ``cubes`` are per seat, or one number for every seat. ``captured`` maps a
    seat to the tricks it took earlier (each a string of cards); ``taken`` gives every card not
    placed elsewhere to that seat, four cards a trick (so an Explorer has cards to find).
    """
    players = len(hands)
    game = gamelib.load("megalomania", players=players, lang=lang, **options)
    held = [parse_cards(h) for h in hands]
    tricks: list[list[list[Any]]] = [[] for _ in range(players)]
    for seat, texts in (captured or {}).items():
        tricks[seat] = [parse_cards(t) for t in texts]
    placed = {c for h in held for c in h} | {c for t in tricks for trick in t for c in trick}
    if taken is not None:
        rest = [c for c in DECK if c not in placed]
        tricks[taken] += [rest[i : i + players] for i in range(0, len(rest), players)]
    state = MegalomaniaState.position(
        game, hands=held, mission_no=mission, dominant=Colour(dominant), leader=leader,
        captured=tricks, crystals=_per_seat(crystals, players),
        cubes=_per_seat(cubes, players), seed=seed,
    )
    return play_texts(state, *plays)


def _per_seat(value: Sequence[int] | int | None, players: int) -> list[int] | None:
    if value is None or isinstance(value, int):
        return None if value is None else [value] * players
    return list(value)


def play_texts(state: MegalomaniaState, *texts: str) -> MegalomaniaState:
    """Play the actions written as ``texts`` in turn (checked by :func:`gamelib.play`)."""
    for text in texts:
        state = gamelib.play(state, text)  # type: ignore[assignment]
    return state
