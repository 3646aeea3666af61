"""Megalomania's search contract (issue 11): action ids, bounds, a numeric view, sampled worlds.

The :class:`~gamelib.megalomania.game.MegalomaniaGame` and
:class:`~gamelib.megalomania.state.MegalomaniaState` methods of the contract call these
functions; they are kept here so that the rules modules stay readable.

- :func:`all_actions`: every action a game with given options can offer, from the data tables
  (cards in :data:`~gamelib.megalomania.cards.DECK` order), so the ids are the same in every
  process.
- :func:`max_length` and :func:`score_bounds`: bounds derived from the mission cards.
- :data:`OBSERVATION_LAYOUT`, :func:`observation_size`, :func:`observe`: a fixed-length vector of
  floats from a seat's :class:`~gamelib.megalomania.view.MegalomaniaView`.
- :func:`sample_world`: the cards one seat cannot see, and the future draws, dealt anew.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from gamelib.core.rng import Rng
from gamelib.megalomania.actions import (
    Action,
    ChooseLeader,
    ChoosePile,
    ChooseResources,
    OrderCard,
    PassCard,
    PileCard,
    PlayCard,
    ReturnCard,
    ScrollKind,
)
from gamelib.megalomania.cards import COLOURS, DECK, Card, Rank, sort_cards
from gamelib.megalomania.missions import MISSIONS, Deal, Mission
from gamelib.megalomania.powers import TrickTracker
from gamelib.megalomania.scoring import END_SCROLL_BONUS
from gamelib.megalomania.view import PHASES, MegalomaniaView

if TYPE_CHECKING:
    from gamelib.core.options import Options
    from gamelib.megalomania.state import MegalomaniaState

__all__ = [
    "OBSERVATION_LAYOUT",
    "SEARCH_SETTINGS",
    "all_actions",
    "drawable_missions",
    "max_length",
    "observation_size",
    "observe",
    "sample_world",
    "score_bounds",
]

_CUBES = (0, 1, -1)  # a play without a cube, with +cube, with -cube (the engine's order)


def all_actions(options: Options) -> list[Action]:
    """Every action a state with ``options`` can offer, in a fixed order.

    1. The resource choices: ``resources`` tokens split as ``k`` crystals (most first) and the
       rest cubes, without a scroll, then (scrolls on) with a crystal scroll, with a cube scroll.
    2. Per card (deck order): the plain play with no cube, +cube, -cube; then with its power:
       an Oracle as each colour other than its own (colour order, each with the three cube
       variants; the dominant colour is never offered, but it changes per round), any other
       card with the three cube variants.
    3. Per card: ``order``, ``pile``, ``pass``, ``return`` (missions 15, 24, 25, the Explorer).
    4. ``choose pile 1`` and ``2``; ``choose Player k to lead`` for each seat.
    """
    o: Any = options
    total = int(o.resources)
    kinds: tuple[ScrollKind | None, ...] = (None,)
    if o.scroll_rule != "off":
        kinds += tuple(ScrollKind)
    out: list[Action] = [
        ChooseResources(k, total - k, kind) for kind in kinds for k in range(total, -1, -1)
    ]
    for card in DECK:
        out += [PlayCard(card, False, None, cube) for cube in _CUBES]
        if card.rank is Rank.ORACLE:
            for colour in COLOURS:
                if colour is not card.colour:
                    out += [PlayCard(card, True, colour, cube) for cube in _CUBES]
        else:
            out += [PlayCard(card, True, None, cube) for cube in _CUBES]
    for card in DECK:
        out += [OrderCard(card), PileCard(card), PassCard(card), ReturnCard(card)]
    out += [ChoosePile(1), ChoosePile(2)]
    out += [ChooseLeader(s) for s in range(int(o.players))]
    return out


def drawable_missions(options: Options) -> list[Mission]:
    """The missions a round can be played with under ``options`` (the others are redrawn or
    taken out of the deck: pair missions without four players or with ``pair_missions="never"``,
    mission 8 with two players and ``small_tables="scaled"``)."""
    o: Any = options
    n = int(o.players)
    out = []
    for m in MISSIONS:
        if m.pairs and (n != 4 or o.pair_missions == "never"):
            continue
        if m.number == 8 and n == 2 and o.small_tables == "scaled":
            continue
        out.append(m)
    return out


def _setup_steps(m: Mission) -> int:
    """A seat's actions before the first trick besides its resources: mission 15 orders all
    cards but the last (5), mission 24 puts 4 cards into pile 1 and chooses one neighbour's pile
    (5), mission 25 passes 3 cards; the other missions have none."""
    if m.deal is Deal.ORDER:
        return m.cards - 1
    if m.deal is Deal.SPLIT:
        return 4 + 1
    if m.deal is Deal.PASS_3:
        return 3
    return 0


def max_length(options: Options) -> int:
    """A bound on the actions of any game with ``options``.

    Per round and seat: one resource choice, the mission's setup steps (:func:`_setup_steps`:
    at most 5), one card per trick, and after a card at most one more action (the Explorer's
    return or the Peasant's choice of leader; one power per card), so at most
    ``1 + setup + 2 * tricks`` actions (20 for mission 25, 18 for 15, 17 for the other
    8-card missions). Missions are drawn without replacement and the game has 12 (short: 8)
    rounds, so the bound is ``players`` times the sum of the largest per-round bounds over that
    many distinct drawable missions: 208 per seat in the long game, 140 in the short one
    (832 steps with 4 players; random games take about 450). Every rule set ends: the rounds
    are fixed and at least 22 missions can be drawn.
    """
    o: Any = options
    rounds = 8 if o.length == "short" else 12
    per_round = sorted(
        (1 + _setup_steps(m) + 2 * m.tricks for m in drawable_missions(options)), reverse=True
    )
    return int(o.players) * sum(per_round[:rounds])


def _mission_range(m: Mission) -> tuple[int, int]:
    """The lowest and highest points one seat can score on ``m`` in a round: a fixed mission
    scores its points or 0; a variable one its points per unit, with at most 8 cards of a colour
    (3, 4, 9, 10), 8 Dwarfs and Wizards (19), 4 colours (23), or one unit per trick (7, 18, 25).
    """
    if m.fixed:
        units = 1
    elif m.number in (7, 18, 25):
        units = m.tricks
    elif m.number == 23:
        units = len(COLOURS)
    else:
        units = 8
    points = m.points * units
    return min(0, points), max(0, points)


def score_bounds(options: Options) -> tuple[float, float]:
    """The lowest and highest final score (:attr:`Outcome.scores`) with ``options``.

    The sum of the lowest (highest) per-round scores (:func:`_mission_range`) over as many
    distinct drawable missions as there are rounds, plus the end bonus for an unused scroll
    (scrolls on); in pair play a score is the pooled score of two seats, so twice that.
    Long game with 4 players: -35 to 76.
    """
    o: Any = options
    rounds = 8 if o.length == "short" else 12
    ranges = [_mission_range(m) for m in drawable_missions(options)]
    low = sum(sorted(lo for lo, _ in ranges)[:rounds])
    high = sum(sorted((hi for _, hi in ranges), reverse=True)[:rounds])
    if o.scroll_rule != "off":
        high += END_SCROLL_BONUS
    seats = 2 if o.teams == "pairs" else 1
    return float(seats * low), float(seats * high)


# -- the numeric observation --------------------------------------------------------------------
OBSERVATION_LAYOUT: tuple[tuple[str, int, bool], ...] = (
    ("viewer (one-hot by seat)", 1, True),
    ("player to act (one-hot by seat; all 0 once over)", 1, True),
    ("phase (one-hot, PHASES order)", len(PHASES), False),
    ("round, rounds", 2, False),
    ("dealer (one-hot by seat)", 1, True),
    ("dominant colour (one-hot, COLOURS order)", len(COLOURS), False),
    ("mission of the round (one-hot, 1-25)", len(MISSIONS), False),
    ("trick number, tricks in the round", 2, False),
    ("leader (one-hot by seat)", 1, True),
    ("lead colour of the trick in play (one-hot)", len(COLOURS), False),
    ("own hand (a flag per card, DECK order)", 32, False),
    ("trick in play, per seat: card flags, power, cube (+1/-1), Oracle colour (one-hot)",
     32 + 2 + len(COLOURS), True),
    ("last trick's cards (flags)", 32, False),
    ("last trick's winner (one-hot by seat)", 1, True),
    ("captured cards this round, per seat (flags)", 32, True),
    ("tricks won per seat", 1, True),
    ("crystals per seat", 1, True),
    ("cubes per seat", 1, True),
    ("unused scrolls per seat, per kind (crystal, cube)", 2, True),
    ("scrolls left in the deck", 1, False),
    ("scores per seat", 1, True),
    ("negative points per seat", 1, True),
    ("hand sizes per seat", 1, True),
    ("face-down cards per seat", 1, True),
    ("cards known in each seat's hand (flags; own seat: the hand)", 32, True),
    ("own fixed play order (position + 1 per card, 0 if not in it)", 32, False),
    ("own pile 1 (flags)", 32, False),
    ("own cards being passed (flags)", 32, False),
    ("own set-aside pile (flags)", 32, False),
    ("set-aside cards (count)", 1, False),
    ("Explorer's find held (flags)", 32, False),
    ("next leader chosen by a Peasant (one-hot by seat)", 1, True),
    ("missions of the rounds played (flags, 1-25)", len(MISSIONS), False),
)
"""The observation, section by section: (what, width, whether repeated per seat). Seats are
absolute (seat 0 first); cards in :data:`~gamelib.megalomania.cards.DECK` order; counts and
scores are raw numbers."""

_CARD_INDEX = {card: i for i, card in enumerate(DECK)}


def observation_size(players: int) -> int:
    """The length of :func:`observe`'s vector with ``players`` seats."""
    return sum(width * (players if per_seat else 1) for _, width, per_seat in OBSERVATION_LAYOUT)


def _flags(cards: Sequence[Card] | set[Card]) -> list[float]:
    out = [0.0] * 32
    for card in cards:
        out[_CARD_INDEX[card]] = 1.0
    return out


def _one_hot(index: int | None, size: int) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def observe(view: MegalomaniaView) -> list[float]:
    """The view as :func:`observation_size` floats, in the order of :data:`OBSERVATION_LAYOUT`.

    Only what the view holds: the seat's own hand, order, pile and passed cards, and of the
    others only what is public or known to the seat.
    """
    if not isinstance(view, MegalomaniaView) or view.viewer is None:
        raise ValueError("observe takes a seat's MegalomaniaView (not the teacher's)")
    n = view.players
    out: list[float] = []
    out += _one_hot(view.viewer, n)
    out += _one_hot(view.current_player, n)
    out += _one_hot(PHASES.index(view.phase), len(PHASES))
    out += [float(view.round), float(view.rounds)]
    out += _one_hot(view.dealer, n)
    out += _one_hot(COLOURS.index(view.dominant) if view.dominant else None, len(COLOURS))
    out += _one_hot(view.mission.number - 1 if view.mission else None, len(MISSIONS))
    out += [float(view.trick_number), float(view.tricks_in_round)]
    out += _one_hot(view.leader, n)
    lead = view.lead_colour
    out += _one_hot(COLOURS.index(lead) if lead else None, len(COLOURS))
    out += _flags(view.hand)
    by_seat = {p.seat: p for p in view.trick}
    for s in range(n):
        play = by_seat.get(s)
        if play is None:
            out += [0.0] * (34 + len(COLOURS))
            continue
        out += _flags((play.card,))
        out += [float(play.power), float(play.cube)]
        colour = play.as_colour
        out += _one_hot(COLOURS.index(colour) if colour else None, len(COLOURS))
    out += _flags([p.card for p in view.last_trick])
    out += _one_hot(view.last_trick_winner, n)
    for s in range(n):
        out += _flags([c for t in view.captured[s] for c in t])
    out += [float(x) for x in view.tricks_won]
    out += [float(x) for x in view.crystals]
    out += [float(x) for x in view.cubes]
    for s in range(n):
        out += [float(view.scrolls[s].count(kind)) for kind in ScrollKind]
    out += [float(view.scroll_deck)]
    out += [float(x) for x in view.scores]
    out += [float(x) for x in view.negative_points]
    out += [float(x) for x in view.hand_counts]
    out += [float(x) for x in view.face_down_counts]
    for s in range(n):
        out += _flags(view.known_cards[s])
    order = [0.0] * 32
    for i, card in enumerate(view.play_order):
        order[_CARD_INDEX[card]] = float(i + 1)
    out += order
    out += _flags(view.pile)
    out += _flags(view.passing)
    out += _flags(view.own_set_aside)
    out += [float(view.set_aside_count)]
    out += _flags((view.explorer_card,) if view.explorer_card else ())
    out += _one_hot(view.next_leader, n)
    played = [0.0] * len(MISSIONS)
    for number in view.round_missions:
        played[number - 1] = 1.0
    out += played
    return out


# -- sampled worlds -----------------------------------------------------------------------------
_NO_BAN_DEALS = frozenset({Deal.ORDER, Deal.COVERED, Deal.DRAW_4, Deal.PASS_HAND})
_OF_COLOUR = {colour: frozenset(c for c in DECK if c.colour is colour) for colour in COLOURS}
_LOWER = {  # per card: the cards of its colour, and all cards, of a lower value
    card: (frozenset(c for c in _OF_COLOUR[card.colour] if c.value < card.value),
           frozenset(c for c in DECK if c.value < card.value))
    for card in DECK
}


def _bans(state: MegalomaniaState) -> list[frozenset[Card]]:
    """Per seat, the cards its hidden hand cannot hold, read from the round's public plays: the
    rule of :func:`gamelib.megalomania.odds.hidden_card_bans` (a seat that did not follow the
    lead colour holds none of it, nor of the dominant colour if it did not play that either;
    under a Wizard no lower card of the kind it had to play), folded play by play with a
    :class:`~gamelib.megalomania.powers.TrickTracker`. Missions whose hands take in unseen
    cards during the round (15, 18, 19, 22) give none."""
    n = state.n
    dominant = state.dominant
    if not state.mission_no or dominant is None or state.m.deal in _NO_BAN_DEALS:
        return [frozenset()] * n
    bans: list[set[Card]] = [set() for _ in range(n)]
    lowest_of_colour = state.wizard_choice
    for trick in (*state.round_plays, state.trick):
        track = TrickTracker(dominant, state.cube_step)
        for play in trick:
            if track.count and not (play.power and play.card.rank is Rank.ASSASSIN):
                card, lead, ban = play.card, track.lead_colour, bans[play.seat]
                assert lead is not None
                if card.colour is lead:
                    group = 0  # the lowest of the lead colour
                elif card.colour is dominant:
                    ban |= _OF_COLOUR[lead]
                    group = 0  # the lowest of the dominant colour
                else:
                    ban |= _OF_COLOUR[lead] | _OF_COLOUR[dominant]
                    group = 0 if lowest_of_colour else 1
                if track.wizard_seat is not None:
                    ban |= _LOWER[card][group]
            track = track.add(play)
    return [frozenset(b) for b in bans]


def _deal_with_bans(
    pool: list[Card], sizes: list[int], bans: list[frozenset[Card]], rng: Rng
) -> list[list[Card]]:
    """Deal the (shuffled) ``pool`` into places of ``sizes``, no place getting a banned card.

    Places with bans are filled first, the most constrained first, each with the first cards of
    the pool it may hold; the rest go in order to the others. When that greedy deal gets stuck
    it is tried again on a new shuffle, then solved exactly (the true cards are one solution).
    """
    order = sorted(
        (i for i, banned in enumerate(bans) if banned and sizes[i]),
        key=lambda i: (sum(1 for c in pool if c not in bans[i]) - sizes[i], i),
    )
    for _ in range(20):
        left = list(pool)
        out: list[list[Card]] = [[] for _ in sizes]
        stuck = False
        for i in order:
            banned = bans[i]
            taken = [c for c in left if c not in banned][: sizes[i]]
            if len(taken) < sizes[i]:
                stuck = True
                break
            out[i] = taken
            chosen = set(taken)
            left = [c for c in left if c not in chosen]
        if not stuck:
            for i, size in enumerate(sizes):
                if i not in order:
                    out[i], left = left[:size], left[size:]
            return out
        rng.shuffle(pool)
    return _match(pool, sizes, bans)


def _match(pool: list[Card], sizes: list[int], bans: list[frozenset[Card]]) -> list[list[Card]]:
    """An exact deal respecting the bans (augmenting paths over the places' free slots)."""
    slots = [i for i, size in enumerate(sizes) for _ in range(size)]
    owner: list[int | None] = [None] * len(slots)  # slot -> index in pool

    def place(k: int, tried: set[int]) -> bool:
        for j, i in enumerate(slots):
            if j in tried or pool[k] in bans[i]:
                continue
            tried.add(j)
            held = owner[j]
            if held is None or place(held, tried):
                owner[j] = k
                return True
        return False

    for k in range(len(pool)):
        if not place(k, set()):
            raise ValueError("no deal of the unseen cards fits what the players have shown")
    out: list[list[Card]] = [[] for _ in sizes]
    for j, i in enumerate(slots):
        held = owner[j]
        assert held is not None
        out[i].append(pool[held])
    return out


def sample_world(state: MegalomaniaState, player: int, rng: Rng | int) -> MegalomaniaState:
    """A state ``player`` cannot tell from ``state``: what they cannot see is dealt anew.

    Resampled, from the cards ``player`` has not seen in their place (pooled in deck order,
    then shuffled): the unknown cards of the other hands (a hand that did not follow a colour
    gets none of it, see :func:`gamelib.megalomania.odds.hidden_card_bans`), the cards the
    others are passing (mission 25) or set aside from their own hand (mission 24), the
    face-down cards under the face-up ones (mission 18) and the draw piles (mission 19) of every
    seat, and the cards set aside; then the others' fixed play orders (15) and piles (24) from
    their new hands; the order of the mission deck and of the scroll deck; and the chance
    events to come (a fresh generator: the Explorer's finds, the next deals).

    Kept: everything public, ``player``'s own hand, order, pile, passed and set-aside cards,
    the cards ``player`` knows to be in another hand (seen there: face up, given to the
    partner, passed, a hand passed round in mission 22, the Explorer's find), and what
    ``player`` has seen. What another seat has seen is cut down to what ``player`` knows of
    it: its own cards and the cards ``player`` can place.
    """
    world, deal = state._world_base(player, rng)
    world._thaw()
    world._scratch.legal = None
    n = world.n
    mine = world.seen[player]
    hidden_of: list[int] = []  # per seat: cards of its hand ``player`` cannot place
    known_of: list[list[Card]] = []
    for s in range(n):
        hand = world.hands[s]
        if s == player:
            known = hand
        else:
            revealed = world.revealed[s]
            known = [c for c in hand if c in mine or c in revealed]
        known_of.append(known)
        hidden_of.append(len(hand) - len(known))
    # The places, in a fixed order: the others' hidden hand cards, passed cards, set-aside
    # piles; every seat's covered cards and draw pile; the cards set aside.
    others = [s for s in range(n) if s != player]
    sizes = [hidden_of[s] for s in others]
    sizes += [len(world.passing[s]) for s in others]
    sizes += [len(world.own_aside[s]) for s in others]
    sizes += [len(world.covered[s]) for s in range(n)]
    sizes += [len(world.draw_piles[s]) for s in range(n)]
    sizes.append(len(world.set_aside))
    pool = [c for s in others for c in world.hands[s] if c not in known_of[s]]
    for s in others:
        pool += world.passing[s] + world.own_aside[s]
    for s in range(n):
        pool += [under for _, under in world.covered[s]]
        pool += world.draw_piles[s]
    pool += world.set_aside
    pool = sort_cards(pool)
    deal.shuffle(pool)
    scratch = world._scratch
    key = (world.round, world.trick_no, len(world.trick))
    cached = scratch.bans  # carried by clones: good while no card is played
    if cached is not None and cached[0] == key:
        all_bans = cached[1]
    else:
        all_bans = _bans(world)
        scratch.bans = state._scratch.bans = (key, all_bans)
    bans = [all_bans[s] for s in others] + [frozenset()] * (len(sizes) - len(others))
    if any(bans):
        dealt = _deal_with_bans(pool, sizes, bans, deal)
    else:
        dealt, at = [], 0
        for size in sizes:
            dealt.append(pool[at : at + size])
            at += size
    k = len(others)
    hands = world.hands
    for j, s in enumerate(others):
        hands[s] = sort_cards([*known_of[s], *dealt[j]])
        world.passing[s] = dealt[k + j]
        world.own_aside[s] = sort_cards(dealt[2 * k + j])
    for s in range(n):
        covered = world.covered[s]
        world.covered[s] = [
            (top, under) for (top, _), under in zip(covered, dealt[3 * k + s], strict=True)
        ]
        world.draw_piles[s] = dealt[3 * k + n + s]
    world.set_aside = dealt[-1]
    explorer_seat = world.trick[-1].seat if world.explorer is not None else None
    found = world.explorer[3] if world.explorer is not None else None
    for s in others:
        if world.piles[s]:
            world.piles[s] = deal.sample(hands[s], len(world.piles[s]))
        if world.orders[s]:  # the Explorer's find is held, not in the order (it replaces a card)
            choices = [c for c in hands[s] if not (s == explorer_seat and c is found)]
            world.orders[s] = deal.sample(choices, len(world.orders[s]))
    unseen = set(pool)
    for s in others:
        seen = world.seen[s] - unseen
        seen.update(hands[s], world.passing[s], world.own_aside[s])
        world.seen[s] = seen
    world.mission_deck = sorted(world.mission_deck)
    deal.shuffle(world.mission_deck)
    crystal = world.scroll_deck.count(ScrollKind.CRYSTAL)
    world.scroll_deck = [ScrollKind.CRYSTAL] * crystal + [ScrollKind.CUBE] * (
        len(world.scroll_deck) - crystal
    )
    deal.shuffle(world.scroll_deck)
    return world


SEARCH_SETTINGS: Mapping[str, Any] = MappingProxyType({
    "iterations": 300, "evaluation": "score", "playout_cap": 20,
})
"""The search bot's settings for ``ismcts:tuned`` (:meth:`Game.search_settings`): the strongest
measured, 73.0% of 200 2-player games against the heuristic bot (95% CI 66.5–78.7%), 0.41 s a move
(``python -m benchmarks.bench_ismcts``; docs/performance.md, *ismcts*)."""
