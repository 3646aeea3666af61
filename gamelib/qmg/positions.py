"""Positions of 主計将校 for lessons and exercises, built through the engine.

:func:`position` starts a real game (its decks shuffled by ``seed``), then puts the given pieces,
hand, Status cards and face-down Responses in place — every card is taken from its own nation's
deck, so each nation still has exactly its 20-odd cards — and lets the engine begin the chosen
nation's turn: the first decision is the engine's own (e.g. the Play step's legal actions).
The position is checked with :meth:`QmgState.check_invariants` (one army per nation per space,
no enemies together, piece limits). :func:`play_texts` plays actions from their texts.

The lesson positions (:data:`LESSONS`) each teach one rule; :func:`vp_breakdown` says, from a
view, where a nation's Victory-step points come from (the engine logs only the total).

>>> st = supply_lesson()
>>> st.view(None).out_of_supply[0]
('north_africa',)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamelib.core import load, play
from gamelib.qmg.board import NATIONS, default_board
from gamelib.qmg.state import QmgState
from gamelib.qmg.view import QmgView

__all__ = [
    "LESSONS",
    "N",
    "battle_lesson",
    "end_lesson",
    "play_texts",
    "position",
    "scoring_lesson",
    "strait_lesson",
    "supply_lesson",
    "vp_breakdown",
]

N = {name: i for i, name in enumerate(NATIONS)}
"""Nation index by id: ``N["germany"] == 0`` … ``N["united_states"] == 5``."""


def _take(st: QmgState, n: int, cid: str) -> None:
    for zone, own in ((st.decks, st.deck), (st.hands, st.hand), (st.discards, st.pile)):
        if cid in zone[n]:
            own(n).remove(cid)
            return
    raise ValueError(f"{cid!r} is not a card of {NATIONS[n]} left to place")


def arrange(
    st: QmgState,
    nation: int,
    *,
    pieces: Mapping[str, Sequence[int]] | None = None,
    hand: Sequence[str] | None = None,
    table: Mapping[int, Sequence[str]] | None = None,
    responses: Mapping[int, Sequence[str]] | None = None,
) -> None:
    """Set ``st``'s board, ``nation``'s hand, Status cards and face-down Responses in place
    (the shared part of :func:`position` and the tests' scenarios); cards come out of their
    nation's deck, hand or discards, so no card is ever in two places."""
    if pieces is not None:
        board = default_board()
        for space in pieces:
            if space not in board.names:
                raise ValueError(f"unknown space {space!r}")
        st.pieces = {s: () for s in board.order}
        for space, who in pieces.items():
            st.pieces[space] = tuple(sorted(who))
    for n, cards in (table or {}).items():
        for c in cards:
            _take(st, n, c)
            st.status(n).append(c)
    for n, cards in (responses or {}).items():
        for c in cards:
            _take(st, n, c)
            st.face_down(n).append(c)
    if hand is not None:
        st.deck(nation).extend(st.hands[nation])
        st.hand(nation).clear()
        for c in hand:
            _take(st, nation, c)
            st.hands[nation].append(c)  # (owned since hand() above)
    st.forget_supply()


def position(
    nation: int = 0,
    *,
    pieces: Mapping[str, Sequence[int]] | None = None,
    hand: Sequence[str] | None = None,
    table: Mapping[int, Sequence[str]] | None = None,
    responses: Mapping[int, Sequence[str]] | None = None,
    vp: tuple[int, int] = (0, 0),
    round: int = 1,
    players: int = 2,
    seed: int = 7,
    lang: str = "en",
    **options: Any,
) -> QmgState:
    """The state at the start of ``nation``'s turn in round ``round`` with the given board.

    ``pieces``: space → nations with a piece there (default: each nation's home army);
    ``hand``: the acting nation's hand (default: the 10 cards it drew, none discarded);
    ``table`` / ``responses``: Status cards in play / face-down Responses per nation.
    """
    game = load("qmg", players=players, lang=lang, **options)
    st = game.new_state(seed)
    assert isinstance(st, QmgState)
    arrange(st, nation, pieces=pieces, hand=hand, table=table, responses=responses)
    st.vp = list(vp)
    st.round = round
    st.stack = []
    st.history = ()
    st.log = []  # the seed's set-up log would describe other pieces
    st._begin_turn(nation)
    st._opts = None
    st._advance()
    st.check_invariants()
    return st


def play_texts(state: QmgState, *texts: str) -> QmgState:
    """Play ``texts`` in order through the checked :func:`gamelib.play` (refusals raise)."""
    for text in texts:
        state = play(state, text)  # type: ignore[assignment]
    return state


# -- the lessons -----------------------------------------------------------------------------
GER, UK, JPN, USSR, ITA, USA = range(6)


def supply_lesson(lang: str = "en") -> QmgState:
    """Germany to play: its army in North Africa has no chain of German pieces back to a supply
    space, so it is out of supply; a German navy in the Mediterranean (next to the Italian army
    in Italy, so itself supplied) would link it through the German army in the Balkans."""
    return position(
        GER,
        pieces={"germany": (GER,), "balkans": (GER,), "north_africa": (GER,), "italy": (ITA,),
                "united_kingdom": (UK,), "moscow": (USSR,), "japan": (JPN,),
                "eastern_us": (USA,)},
        hand=["ger_build_navy", "ger_build_army", "ger_land_battle", "ger_sea_battle",
              "ger_build_army", "ger_land_battle", "ger_build_navy"],
        lang=lang,
    )


def strait_lesson(lang: str = "en", *, axis_holds: bool = False) -> QmgState:
    """The UK to play with a navy in the North Sea and a Soviet army in Russia beside the Baltic.
    While no Axis army holds Scandinavia the Allies treat the North Sea and the Baltic as
    adjacent, so the UK may build a navy in the Baltic; with ``axis_holds`` a German army
    stands in Scandinavia and the strait belongs to the Axis."""
    pieces: dict[str, tuple[int, ...]] = {
        "united_kingdom": (UK,), "north_sea": (UK,), "russia": (USSR,), "moscow": (USSR,),
        "germany": (GER,), "italy": (ITA,), "japan": (JPN,), "eastern_us": (USA,),
    }
    if axis_holds:
        pieces["scandinavia"] = (GER,)
    return position(
        UK,
        pieces=pieces,
        hand=["uk_build_navy", "uk_build_army", "uk_sea_battle", "uk_land_battle",
              "uk_build_navy", "uk_build_army", "uk_sea_battle"],
        lang=lang,
    )


def battle_lesson(lang: str = "en") -> QmgState:
    """Germany to play a Land Battle: the Soviet army in Ukraine stands next to supplied German
    armies, the British army in the United Kingdom does not (no German piece next to it)."""
    return position(
        GER,
        pieces={"germany": (GER,), "eastern_europe": (GER,), "ukraine": (USSR,),
                "moscow": (USSR,), "united_kingdom": (UK,), "italy": (ITA,), "japan": (JPN,),
                "eastern_us": (USA,)},
        hand=["ger_land_battle", "ger_build_army", "ger_build_navy", "ger_sea_battle",
              "ger_land_battle", "ger_build_army", "ger_build_navy"],
        lang=lang,
    )


def scoring_lesson(lang: str = "en") -> QmgState:
    """Italy's turn: Italian armies alone in Italy (2 VP) and together with a German army in
    Western Europe (shared with an ally: 1 VP); the Balkans are no supply space (0 VP)."""
    return position(
        ITA,
        pieces={"italy": (ITA,), "western_europe": (GER, ITA), "balkans": (ITA,),
                "germany": (GER,), "united_kingdom": (UK,), "moscow": (USSR,),
                "japan": (JPN,), "eastern_us": (USA,)},
        hand=["ita_build_army", "ita_land_battle", "ita_build_navy", "ita_sea_battle",
              "ita_build_army", "ita_land_battle", "ita_build_navy"],
        lang=lang,
    )


def end_lesson(lang: str = "en") -> QmgState:
    """Round 20, the United States' turn, the Axis 4 VP ahead: the game ends after this turn."""
    return position(
        USA,
        vp=(64, 60),
        round=20,
        hand=["usa_build_army", "usa_land_battle", "usa_build_navy", "usa_sea_battle",
              "usa_build_army", "usa_land_battle", "usa_build_navy"],
        lang=lang,
    )


LESSONS: dict[str, Callable[..., QmgState]] = {
    "supply": supply_lesson,
    "strait": strait_lesson,
    "battle": battle_lesson,
    "scoring": scoring_lesson,
    "end": end_lesson,
}
"""The lesson positions by chapter."""


def vp_breakdown(view: QmgView, nation: int) -> list[tuple[str, int]]:
    """Where ``nation``'s supply-space points come from in its Victory step, space by space:
    2 for a supply space it holds alone, 1 where an ally's army shares it; empty while an enemy
    army holds its home space. (Status cards that score add their own points.)"""
    board = default_board()
    me = board.nations[nation]
    here = dict(view.pieces)
    if any(board.nations[x].team != me.team for x in here.get(me.home, ())):
        return []
    supply = set(board.supply)
    if me.team == 0 and "ussr_scorched_earth" in view.table[N["soviet_union"]]:
        supply.discard("ukraine")
    return [
        (s, 1 if len(here[s]) > 1 else 2)
        for s in board.order
        if s in supply and nation in here.get(s, ())
    ]
