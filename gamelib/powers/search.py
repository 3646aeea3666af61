"""Powers for search and interop (issue 11): action ids, bounds, a numeric view, sampled worlds.

:class:`~gamelib.powers.game.PowersGame` and :class:`~gamelib.powers.state.PowersState` delegate
the search contract of :mod:`gamelib.core.state` here:

* :func:`all_actions`: every action a state with these options can offer, in an order made from
  the card table alone (ids are positions in it, the same in every process).
* :func:`max_length` and :func:`score_bounds`: bounds derived from the rules (see each).
* :func:`observation_size` / :func:`observe`: a seat's view as a fixed-length list of numbers.
* :func:`sample_world`: a state consistent with what one seat knows, hidden cards dealt anew.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from gamelib.core import Rng
from gamelib.powers.actions import (
    DECLINE,
    DISCARD,
    FOLD,
    JOKER_PLAY,
    PASS,
    PAY,
    PLAY,
    PowersAction,
    defend,
)
from gamelib.powers.data import (
    COUNTRIES,
    COUNTRY_KEYS,
    DISARMAMENT,
    MOBILIZATION,
    WIN_POINTS,
    Card,
    occupation_cost,
    playing_cards,
    round_deck,
)
from gamelib.powers.strength import base_defences, magazine_defences
from gamelib.powers.view import PowersView

if TYPE_CHECKING:
    from gamelib.powers.game import PowersOptions
    from gamelib.powers.state import PowersState

__all__ = [
    "SEARCH_SETTINGS",
    "all_actions",
    "max_length",
    "observation_size",
    "observe",
    "sample_world",
    "score_bounds",
]


def all_actions(o: PowersOptions) -> list[PowersAction]:
    """Every action of a game with options ``o``, in a fixed order (ids are positions here).

    By kind, each in card order (Jokers first, then A … K, suits ♠ ♥ ♦ ♣; 電撃戦 leaves out the
    Kings): ``discard`` each card; ``play`` each card (with the magazine and refill rules a
    Joker is played only with its extra cost: ``play JokerN paying X`` for every other card
    X, instead of a bare Joker play); ``fold``; ``pay`` each card; ``pass``; ``defend with``
    every set the rules allow from the whole deck (base: each face card; later rules: every
    pair, then every straight of three, as :func:`~gamelib.powers.strength.magazine_defences`
    orders them); ``decline``. 1,052 actions with the magazine rules, 177 with the base
    rules (the player count does not matter).
    """
    cards = sorted(playing_cards(without_kings=o.blitzkrieg))
    extra_cost = o.rules != "base"
    out: list[PowersAction] = [DISCARD[c] for c in cards]
    for c in cards:
        if c.is_joker and extra_cost:
            out.extend(JOKER_PLAY[c, e] for e in cards if e != c)
        else:
            out.append(PLAY[c])
    out.append(FOLD)
    out.extend(PAY[c] for c in cards)
    out.append(PASS)
    sets = magazine_defences(cards) if extra_cost else base_defences(cards)
    out.extend(defend(s) for s in sets)
    out.append(DECLINE)
    return out


def max_length(o: PowersOptions) -> int:
    """A bound on the number of actions of any game with options ``o``.

    The game ends at the latest when the round deck is empty (final scoring), so it has at
    most one round per round card, and only disarmament and country rounds ask for actions
    (mobilization draws automatically). With ``C`` playing cards (54; 50 in 電撃戦) and ``n``
    players:

    * a disarmament round: each seat holding ``h`` ≥ 7 cards discards ``h // 2``, one action
      per card, so at most ``C // 2`` actions;
    * a country round: the invasion has at most ``C`` plays (each moves a card from a hand to
      the table in front of its player, where it stays until the invasion is over) and ``n``
      folds (a seat that folded does not act again); the occupation at most the starting cost
      (each ``pass`` lowers the cost by 1 and the right is free at 0; each ``pay`` is one card
      of the cost); the defence one action per neighbour (at most 4).

    So ``countries × (C + n + highest starting cost + 4) + disarmament cards × C // 2``: the
    countries in the round deck are the 14 (minus the home countries in 電撃戦), the
    disarmament cards 5 (4 in 電撃戦). 1,031 for 2 players with the base rules. The engine
    needs no cap: every rule set ends.
    """
    n = o.players
    c = len(playing_cards(without_kings=o.blitzkrieg))
    deck = round_deck(n, blitzkrieg=o.blitzkrieg)
    countries = len(COUNTRY_KEYS) - (n if o.blitzkrieg else 0)
    disarmaments = deck.count(DISARMAMENT)
    cost = max(
        occupation_cost(k, n, o.rules, magazine_costs_final=o.magazine_costs_final)
        for k in COUNTRY_KEYS
    )
    neighbours = max(len(COUNTRIES[k].neighbours) for k in COUNTRY_KEYS)
    return countries * (c + n + cost + neighbours) + disarmaments * (c // 2)


def score_bounds(o: PowersOptions) -> tuple[float, float]:
    """The lowest and highest score (country points) a seat can end with.

    0 (no country) up to 44: a seat reaching 35 points (制覇勝利) ends the game at once, and
    points come one country at a time (the set-up's 電撃戦 home is one country too), so a
    score is at most 34 plus the largest country's 10 points.
    """
    best = max(c.points for c in COUNTRIES.values())
    return (0.0, float(WIN_POINTS - 1 + best))


# -- the numeric observation -----------------------------------------------------------------
_PHASES = ("setup", "disarmament", "invasion", "occupation", "defence", "round_end", "over")
_ROUND_CARDS = (*COUNTRY_KEYS, DISARMAMENT, MOBILIZATION)
_ROUND_INDEX = {k: i for i, k in enumerate(_ROUND_CARDS)}
_COUNTRY_INDEX = {k: i for i, k in enumerate(COUNTRY_KEYS)}
_CARD_SLOTS = 54
_R = len(_ROUND_CARDS)
_K = len(COUNTRY_KEYS)


def _slot(card: Card) -> int:
    """A card's place among the 54 card flags: Joker1, Joker2, then A♠ A♥ A♦ A♣ 2♠ … K♣."""
    v = int(card)
    return v if v < 2 else v - 2


def observation_size(o: PowersOptions) -> int:
    """The length of :func:`observe`'s vector with options ``o`` (it depends on ``n`` only)."""
    n = o.players
    return (
        4 * n + len(_PHASES)  # viewer, to move, initiative, seat order; phase
        + 3 * _R + 1  # round card, round cards played, round deck; round number
        + (4 + n) * _CARD_SLOTS  # own hand, discards, removed, paid; in front per seat
        + 7 * n + 1  # hand counts, owed, to discard, folded, bonus, scores, last bid; deck
        + 2 * _K * n + _K  # owners, homes; lost
        + 2 + n  # top strength, ladder length; invasion winner
        + 5 + n  # occupation present, start cost, cost, passes, paid count; holder
        + 1 + _K + 2 * n  # defence present, neighbour; defender, occupier
    )


def observe(o: PowersOptions, view: PowersView) -> list[float]:
    """``view`` (a seat's view) as :func:`observation_size` numbers, counts as they are.

    Layout, ``n`` = players, seats in seat-number order, one-hot blocks all zero when empty;
    card flags are 54 (Joker1, Joker2, then A♠ A♥ A♦ A♣ 2♠ … K♣), round cards 16 (the 14
    countries in printed order, then disarmament, mobilization), countries 14 (printed order):

    1. viewer (n), seat to move (n), initiative (n), each seat's place in the seating order
       (n: 0 first), phase (7: setup, disarmament, invasion, occupation, defence, round end,
       over);
    2. round card revealed (16), round cards played (16, counts), round deck still to come
       (16, counts), round number (1);
    3. card flags: own hand, public discards, removed (電撃戦 Kings), paid in this occupation,
       then in front of each seat (n × 54);
    4. per seat: hand count, owed refills, cards still to discard, folded, adjacency bonus,
       score, played the last card on the ladder (7 × n), then the deck count (1);
    5. country owner (14 × n flags), 電撃戦 home (14 × n), lost countries (14);
    6. invasion: strength to beat, cards on the ladder, invasion winner (n);
    7. occupation: in progress, starting cost, cost now, passes, cards paid, right holder (n);
    8. defence: in progress, neighbour now decided (14), defender (n), occupier (n).

    It holds only what the view holds (the hand of the viewer, counts of the others).
    """
    assert isinstance(view, PowersView) and view.viewer is not None, "observe a seat's view"
    n = view.players
    out: list[float] = []

    def one_hot(size: int, index: int | None) -> None:
        block = [0.0] * size
        if index is not None:
            block[index] = 1.0
        out.extend(block)

    def cards(held: tuple[Card, ...] | None) -> None:
        block = [0.0] * _CARD_SLOTS
        for c in held or ():
            block[_slot(c)] = 1.0
        out.extend(block)

    def rounds(items: tuple[str, ...]) -> None:
        block = [0.0] * _R
        for k in items:
            block[_ROUND_INDEX[k]] += 1.0
        out.extend(block)

    one_hot(n, view.viewer)
    one_hot(n, view.current_player)
    one_hot(n, view.initiative)
    place = [0.0] * n
    for i, p in enumerate(view.seating):
        place[p] = float(i)
    out.extend(place)
    one_hot(len(_PHASES), _PHASES.index(view.phase) if view.phase in _PHASES else None)
    one_hot(_R, None if view.round_card is None else _ROUND_INDEX[view.round_card])
    rounds(view.rounds_played)
    rounds(view.round_deck_remaining)
    out.append(float(view.round_number))
    occ, dfn = view.occupation, view.defence
    cards(view.hand)
    cards(view.discards)
    cards(view.removed)
    cards(occ.paid if occ is not None else ())
    for front in view.in_front:
        cards(front)
    last = view.ladder[-1].player if view.ladder else None
    for p in range(n):
        out += (
            float(view.hand_counts[p]),
            float(view.owed[p]),
            float(view.to_discard.get(p, 0)),
            float(view.folded[p]),
            float(view.bonus[p]),
            float(view.scores[p]),
            float(last == p),
        )
    out.append(float(view.deck_count))
    owners = [0.0] * (_K * n)
    for k, p in view.owners.items():
        owners[_COUNTRY_INDEX[k] * n + p] = 1.0
    homes = [0.0] * (_K * n)
    for p, k in view.homes.items():
        homes[_COUNTRY_INDEX[k] * n + p] = 1.0
    lost = [0.0] * _K
    for k in view.lost:
        lost[_COUNTRY_INDEX[k]] = 1.0
    out += owners + homes + lost
    out += (float(view.top_strength), float(len(view.ladder)))
    one_hot(n, view.invasion_winner)
    if occ is None:
        out += (0.0, 0.0, 0.0, 0.0, 0.0)
        one_hot(n, None)
    else:
        out += (1.0, float(occ.start_cost), float(occ.cost), float(occ.passes),
                float(len(occ.paid)))
        one_hot(n, occ.holder)
    out.append(float(dfn is not None))
    one_hot(_K, None if dfn is None or dfn.neighbour is None else _COUNTRY_INDEX[dfn.neighbour])
    one_hot(n, None if dfn is None else dfn.defender)
    one_hot(n, None if dfn is None else dfn.occupier)
    return out


# -- sampled worlds --------------------------------------------------------------------------
def sample_world(state: PowersState, player: int, rng: Rng | int) -> PowersState:
    """A state consistent with what ``player`` knows; see :meth:`PowersState.sample_world`."""
    world, deal = state._world_base(player, rng)
    world._legal = None  # remembered for the seat to move, whose hand may change below
    hands = world.hands
    others = [q for q in range(world.n) if q != player]
    source = world.deck_source
    # Unseen cards that may be in the deck (all of them before the first reshuffle; after
    # it, only those that were in the rebuilt deck) and those that must be in others' hands.
    deckable: list[Card] = list(world.deck)
    handbound: list[Card] = []
    from_deck = [0] * world.n
    for q in others:
        if source is None:
            deckable += hands[q]
            from_deck[q] = len(hands[q])
        else:
            for c in hands[q]:
                if c in source:
                    deckable.append(c)
                    from_deck[q] += 1
                else:
                    handbound.append(c)
    deckable.sort()
    deal.shuffle(deckable)
    handbound.sort()
    if handbound:
        deal.shuffle(handbound)
    for q in others:
        k = from_deck[q]
        rest = len(hands[q]) - k
        new = deckable[len(deckable) - k :] if k else []
        del deckable[len(deckable) - k :]
        if rest:
            new += handbound[-rest:]
            del handbound[-rest:]
        new.sort()
        hands[q] = new
    world.deck = deckable
    if len(world.round_deck) > 1:  # its composition is public, its order is not
        order = sorted(world.round_deck)
        deal.shuffle(order)
        world.round_deck = order
    return world


SEARCH_SETTINGS: Mapping[str, Any] = MappingProxyType({
    "iterations": 200, "opponents": "heuristic", "prior": "heuristic", "prior_weight": 3,
})
"""The search bot's settings for ``ismcts:tuned`` (:meth:`Game.search_settings`): the strongest
measured, 63.5% of 200 2-player games against the heuristic bot (95% CI 56.6–69.9%), 0.18 s a move
(``python -m benchmarks.bench_ismcts``; docs/performance.md, *ismcts*)."""
