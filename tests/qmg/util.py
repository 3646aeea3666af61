"""Helpers for 主計将校 scenario tests: a state at the start of a nation's turn with a set board."""

from __future__ import annotations

import gamelib
from gamelib.qmg.board import NATIONS
from gamelib.qmg.positions import arrange
from gamelib.qmg.state import QmgState, Task

N = {name: i for i, name in enumerate(NATIONS)}
GER, UK, JPN, USSR, ITA, USA = range(6)

HOMES = {
    "germany": (GER,),
    "united_kingdom": (UK,),
    "japan": (JPN,),
    "moscow": (USSR,),
    "italy": (ITA,),
    "eastern_us": (USA,),
}


def board(**extra: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    """Every home army plus ``extra`` pieces (a home may be overridden, e.g. ``germany=()``)."""
    return {**HOMES, **extra}


def played(nation: int, card: str, pieces: dict[str, tuple[int, ...]] | None = None, **kw):
    """``nation`` plays ``card`` as the only task left (no Supply or Victory step after it)."""
    st = scenario(
        nation, pieces=pieces, hand=[card], stack=[Task("play", nation)], reallocate=False, **kw
    )
    return do(st, f"play {card}")


def playing(
    nation: int,
    card: str,
    *actions: str,
    pieces: dict[str, tuple[int, ...]] | None = None,
    **kw,
) -> QmgState:
    """``nation``'s whole turn with ``card`` as its only hand card: it plays the card, then
    ``actions`` (``kw``: Status cards, Responses, options as in :func:`scenario`)."""
    st = scenario(nation, pieces=pieces, hand=[card], reallocate=False, **kw)
    return do(st, f"play {card}", *actions)


def victory(nation: int, pieces: dict[str, tuple[int, ...]], cards: list[str], **options) -> int:
    """The VP ``nation``'s Victory step scores with ``cards`` face up (supply spaces included)."""
    st = scenario(
        nation,
        pieces=pieces,
        hand=[],
        table={nation: cards},
        stack=[Task("victory", nation)],
        **options,
    )
    return st.vp[nation % 2]


def deck_loss(before: QmgState, after: QmgState, nation: int) -> int:
    """How many cards ``nation``'s deck lost between two states."""
    return len(before.decks[nation]) - len(after.decks[nation])


def scenario(
    nation: int = GER,
    pieces: dict[str, tuple[int, ...]] | None = None,
    hand: list[str] | None = None,
    table: dict[int, list[str]] | None = None,
    responses: dict[int, list[str]] | None = None,
    players: int = 6,
    stack: list[Task] | None = None,
    **options,
) -> QmgState:
    """A state whose task stack is ``stack`` (default: ``nation``'s whole turn) with the given
    board (default: every nation's home army), hand, Status cards and face-down Responses."""
    st = gamelib.load("qmg", players=players, **options).new_state(seed=7)
    arrange(st, nation, pieces=pieces, hand=hand, table=table, responses=responses)
    st.stack = []
    st.nation = nation
    if stack is None:
        st._begin_turn(nation)
    else:
        st.stack = list(stack)
    st._opts = None
    st._advance()
    return st


def texts(st: QmgState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in st.legal_actions()]


def do(st: QmgState, *actions: str) -> QmgState:
    """Play the actions one after another (checked)."""
    for a in actions:
        st = gamelib.play(st, a)
    return st


def step_until(st: QmgState, op: str, nation: int | None = None) -> QmgState:
    """Pass (or end) decisions until the top task is ``op`` (of ``nation``)."""
    for _ in range(50):
        top = st.stack[-1]
        if top.op == op and (nation is None or top.nation == nation):
            return st
        legal = texts(st)
        choice = (
            "pass" if "pass" in legal else "end discards" if "end discards" in legal else legal[-1]
        )
        st = gamelib.play(st, choice)
    raise AssertionError(f"never reached {op}")
