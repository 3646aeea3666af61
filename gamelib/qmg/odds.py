"""Odds of 主計将校 for the lesson: drawing a card type from a deck, and the VP race of bot games.

* :func:`draw_chances` — exact (hypergeometric, :func:`gamelib.core.probability.hypergeometric_pmf`)
  chance of drawing at least one card of each type within k turns from a deck's composition;
  :func:`deck_counts` gives the composition of a nation's deck as the teacher knows it (the state),
  :func:`unseen_counts` the cards a seat cannot see of its own nation (deck and discard pile
  together, since the view shows only the discard pile's size and top card).
* :func:`vp_race` — the VP of both teams at the end of each round of seeded bot games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from gamelib.bots import ask, make_bot
from gamelib.core import Game, load
from gamelib.core.probability import hypergeometric_pmf
from gamelib.qmg.cards import CARD_TYPES, default_cards
from gamelib.qmg.view import QmgView
from gamelib.sim.simulate import game_seed

__all__ = ["deck_counts", "draw_chances", "unseen_counts", "vp_race"]


def draw_chances(
    counts: Mapping[str, int], *, turns: int = 10, per_turn: int = 1
) -> dict[str, list[float]]:
    """For each card type in ``counts``: P(at least one drawn within k turns), k = 1..``turns``.

    ``counts`` maps a type to how many cards of it the deck holds (the deck size is their sum);
    ``per_turn`` cards are drawn each turn (one after playing one card, the usual case), without
    replacement, so the answer is 1 − P(none) = 1 − h(0) of the hypergeometric distribution.
    """
    if turns < 1 or per_turn < 1:
        raise ValueError("turns and per_turn must be at least 1")
    if any(v < 0 for v in counts.values()):
        raise ValueError("card counts cannot be negative")
    size = sum(counts.values())
    out: dict[str, list[float]] = {}
    for kind, k in counts.items():
        if kind not in CARD_TYPES:
            raise ValueError(f"unknown card type {kind!r}: one of {', '.join(CARD_TYPES)}")
        out[kind] = [
            1.0 - hypergeometric_pmf(size, k, min(t * per_turn, size), 0) if size else 0.0
            for t in range(1, turns + 1)
        ]
    return out


def _types(ids: Sequence[str]) -> dict[str, int]:
    cards = default_cards()
    counted = Counter(cards.card(c).type for c in ids)
    return {t: counted[t] for t in CARD_TYPES if counted[t]}


def deck_counts(state: Any, nation: int) -> dict[str, int]:
    """Card types left in ``nation``'s deck (the teacher's knowledge: read from the state)."""
    decks = getattr(state, "decks", None)
    if decks is None:
        raise TypeError("deck_counts needs a 主計将校 state")
    return _types(decks[nation])


def unseen_counts(view: QmgView, nation: int) -> dict[str, int]:
    """Card types of ``nation`` the view cannot place: its whole deck minus its hand, its Status
    cards, its face-down Responses and the top card of its discard pile (the rest of the pile
    is face down, so it counts as unseen along with the deck)."""
    hand = view.hands[nation]
    responses = view.responses[nation]
    if hand is None or responses is None:
        raise ValueError("this view cannot see that nation's hand: use the owner's or teacher's")
    left = Counter(default_cards().decks[nation])
    top = view.discard_tops[nation]
    left.subtract([*hand, *view.table[nation], *responses, *([top] if top else [])])
    return _types(list((+left).elements()))


def vp_race(
    games: int = 200,
    *,
    seed: int = 0,
    bots: Sequence[str] = ("heuristic", "heuristic"),
    game: Game[Any] | None = None,
) -> list[tuple[list[int], list[int]]]:
    """Play ``games`` seeded games and return, per game, (Axis VP, Allies VP) after each round.

    A round's VP are read when the next round's first decision is reached (or the game ends);
    ``bots`` are the bot names of the seats, in order (default: two heuristic seats). Game ``i``
    uses the seed :func:`gamelib.sim.simulate.game_seed` (``seed``, ``i``), so the race is the
    same every time.
    """
    g = game if game is not None else load("qmg", players=len(bots))
    if len(bots) != g.players:
        raise ValueError(f"give one bot per seat: {g.players} seats, {len(bots)} bots")
    curves: list[tuple[list[int], list[int]]] = []
    for i in range(games):
        gseed = game_seed(seed, i)
        players = [make_bot(name, g, seed=gseed * 31 + s) for s, name in enumerate(bots)]
        state: Any = g.new_state(gseed)
        state.quiet = True
        axis: list[int] = []
        allies: list[int] = []
        rnd = state.round
        while (seat := state.current_player) is not None:
            action = ask(players[seat], state, seat, state.legal_actions())
            state.apply_in_place(action)
            if state.round != rnd:
                rnd = state.round
                axis.append(state.vp[0])
                allies.append(state.vp[1])
        axis.append(state.vp[0])
        allies.append(state.vp[1])
        curves.append((axis, allies))
    return curves
