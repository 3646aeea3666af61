"""Positions written as short strings, shared by the Megalomania rule tests."""

from __future__ import annotations

import gamelib
from gamelib.megalomania.cards import parse_cards
from gamelib.megalomania.state import MegalomaniaState

G4 = gamelib.load("megalomania", players=4)


def pos(hands: str, game: gamelib.Game = G4, **kw: object) -> MegalomaniaState:
    """A play-phase position from hands written ``"B15 R1 | B9 R2 | ..."``."""
    return MegalomaniaState.position(
        game,
        hands=[parse_cards(h) for h in hands.split("|")],
        **kw,  # type: ignore[arg-type]
    )


def run(st: MegalomaniaState, *texts: str) -> MegalomaniaState:
    """Play the actions written as text, in order."""
    for t in texts:
        st = gamelib.play(st, t)  # type: ignore[assignment]
    return st


def legal(st: MegalomaniaState) -> list[str]:
    """The texts of the legal actions."""
    return [str(a) for a in st.legal_actions()]
