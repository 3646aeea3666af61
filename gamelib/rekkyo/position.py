"""Build a 列強の興亡 position by hand (for scenario tests, notebooks and exercises).

>>> import gamelib
>>> from gamelib.rekkyo.position import make_position
>>> game = gamelib.load("rekkyo", players=2)
>>> s = make_position(game, owners={"japan": 0, "usa": 1},
...                   hands=[["zero", "chiha"], ["sherman"]], pile_top=["t34", "kv1"])
>>> s.phase, s.turn_player, s.hands[0]
('action', 0, ['zero', 'chiha'])

The position starts in phase ``action`` of ``turn_player`` (the turn's draw is already done).
Every card not placed goes to the bottom of the draw pile (``rest="pile"``, in card-file order)
or to the discard pile (``rest="discard"``), so all 83 cards are somewhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gamelib.rekkyo.game import RekkyoGame
from gamelib.rekkyo.state import RekkyoState

__all__ = ["FixedDice", "make_position", "play_texts"]


def make_position(
    game: RekkyoGame,
    *,
    owners: Mapping[str, int],
    hands: Sequence[Sequence[str]],
    pile_top: Sequence[str] = (),
    discard: Sequence[str] = (),
    home: Sequence[Sequence[str]] | None = None,
    turn_player: int = 0,
    rest: str = "pile",
    seed: int = 0,
    atomic_used: Sequence[bool] | None = None,
) -> RekkyoState:
    """Return a state with the given territories, hands and piles.

    ``owners`` maps territory ids to seats (the others are neutral); ``home`` lists each seat's
    starting territories (default: what ``owners`` gives them); ``pile_top`` are the next cards
    drawn, first drawn first. Raises ``ValueError`` if more copies of a card are placed than exist.
    """
    state = game.new_state(seed)
    cards = game.cards
    n = game.players
    if len(hands) != n:
        raise ValueError(f"give {n} hands, not {len(hands)}")
    placed: Counter[str] = Counter()
    for group in (*hands, pile_top, discard):
        placed.update(group)
    for cid, k in placed.items():
        cards.card(cid)
        if k > cards.counts[cid]:
            raise ValueError(f"{k} copies of {cid!r} placed, but the deck has {cards.counts[cid]}")
    left = Counter(cards.counts) - placed
    remaining = [cid for cid in cards.card_by_id for _ in range(left[cid])]
    state.owner = {t.id: None for t in cards.territories}
    for tid, seat in owners.items():
        cards.territory(tid)
        if not 0 <= seat < n:
            raise ValueError(f"no seat {seat}")
        state.owner[tid] = seat
    state.home = [list(h) for h in home] if home is not None else [
        [t for t, o in state.owner.items() if o == p] for p in range(n)
    ]
    state.soviet_start = {p: "soviet" in state.home[p] for p in range(n)}
    state.hands = [list(h) for h in hands]
    state.discard = list(discard)
    bottom = remaining if rest == "pile" else []
    if rest == "discard":
        state.discard.extend(remaining)
    state.pile = [*bottom, *reversed(pile_top)]
    state.atomic_used = list(atomic_used) if atomic_used is not None else [False] * n
    state.phase = "action"
    state.turn_player = state.actor = state.current_player = turn_player
    state.combat = None
    state.last_combat = None
    state.turn = 1
    state.last_card_drawn = False
    state.known_held = [[] for _ in range(n)]
    state.log = []
    state.add_log("position", kind="phase", seat=state._seat(turn_player))
    if not state.pile:
        raise ValueError("the draw pile must hold at least one card while the game runs")
    state.check_invariants()
    return state


class FixedDice:
    """A stand-in for a state's ``rng`` with die faces given in advance (for scenarios).

    Shuffles keep the order (positions lay out their piles), ``randint`` returns the next face;
    copies share the queue, so the faces are consumed along a line of play.

    >>> import gamelib
    >>> s = make_position(gamelib.load("rekkyo"), owners={"japan": 0, "usa": 1},
    ...                   hands=[["zero"], []], pile_top=["t34"])
    >>> s.rng = FixedDice([6])
    """

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.seed = 0
        self.counter = 0

    def copy(self) -> FixedDice:
        """The same object (the queue of faces is shared)."""
        return self

    def __deepcopy__(self, memo: Any) -> FixedDice:
        return self

    def randint(self, low: int, high: int) -> int:
        """The next face (``AssertionError`` if none is left or it is out of range)."""
        if not self.faces:
            raise AssertionError("no die face left: the scenario did not expect another roll")
        face = self.faces.pop(0)
        if not low <= face <= high:
            raise AssertionError(f"face {face} is not in {low}..{high}")
        return face

    def shuffle(self, items: Any) -> None:
        """Leave the order unchanged."""

    def choice(self, items: Sequence[Any]) -> Any:
        """The first item."""
        return items[0]

    def sample(self, items: Sequence[Any], k: int) -> list[Any]:
        """The first ``k`` items."""
        return list(items)[:k]


def play_texts(state: RekkyoState, *actions: str) -> RekkyoState:
    """Play action texts in order with :func:`gamelib.play`, checking invariants after each."""
    from gamelib.core.state import play

    for text in actions:
        nxt = play(state, text)
        assert isinstance(nxt, RekkyoState)
        nxt.check_invariants()
        state = nxt
    return state
