"""The search contract of 列強の興亡 (issue 11): action ids, bounds, a numeric view, sampled worlds.

:class:`~gamelib.rekkyo.game.RekkyoGame` and :class:`~gamelib.rekkyo.state.RekkyoState` call
these functions; they hold no state of their own.

- :func:`all_actions`: every action any state can offer, from the card and territory tables.
- :func:`max_length`, :func:`score_bounds`: bounds derived from the rules (see their docstrings).
- :func:`observation_size`, :func:`observe`: a seat's view as a fixed-length list of numbers.
- :func:`resample_hidden`: the resampling step of ``RekkyoState.sample_world``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from gamelib.core.rng import Rng
from gamelib.rekkyo.actions import PlayEvent, RekkyoAction
from gamelib.rekkyo.view import CombatView, RekkyoView

if TYPE_CHECKING:
    from gamelib.rekkyo.game import RekkyoGame
    from gamelib.rekkyo.state import RekkyoState

__all__ = [
    "PHASES",
    "SEARCH_SETTINGS",
    "all_actions",
    "max_length",
    "observation_size",
    "observe",
    "resample_hidden",
    "score_bounds",
]

PHASES = ("action", "attack", "defend", "intercept", "discard", "over")
"""The phases of a turn, in the order of the observation's one-hot block."""

COMBAT_STAGES = ("attack", "defend", "intercept", "resolved")
"""The stages of a combat view, in the order of the observation's one-hot block."""

ROUTES = ("land", "sea")

TRIES = 64
"""Proposals :func:`resample_hidden` makes before it gives up (see there)."""


# -- action ids --------------------------------------------------------------------------------
def all_actions(game: RekkyoGame) -> list[RekkyoAction]:
    """Every action a state of ``game`` can offer, in an order fixed by the card data.

    ``do nothing``; ``invade`` for every route that exists (territories in card-file order,
    ``land`` before ``sea``); for each event that stands alone (card-file order) its plays:
    conscription alone, spy on every seat, diplomacy on every territory of power up to its
    ``max_power``; ``commit``; ``add`` for every card that may join a combat over some route;
    ``defend``; ``no interception``; ``intercept with`` every fighter; ``discard`` every card
    that can be held (all but the partisans, resolved when drawn). Standard cards, any player
    count: a few hundred actions (shared instances where the state hands out shared ones).
    """
    from gamelib.rekkyo.state import (
        COMMIT,
        DEFEND,
        NO_INTERCEPT,
        PASS,
        _add,
        _discard,
        _intercept,
        _invade,
    )

    cards = game.cards
    tables = game.card_tables
    ids = list(cards.card_by_id)  # card-file order
    acts: list[RekkyoAction] = [PASS]
    acts.extend(_invade(tid, route) for tid, route, _ in game.invasion_links)
    seats: list[tuple[int | None, str | None]] = [(q, None) for q in range(game.players)]
    for event in cards.events:  # events in card-file order
        if event.use != "alone":
            continue
        plays: dict[str, list[tuple[int | None, str | None]]] = {  # (player, territory)
            "conscription": [(None, None)],
            "spy": seats,
            "diplomacy": [(None, t.id) for t in cards.territories if t.power <= event.max_power],
        }
        acts.extend(PlayEvent(event.id, player, territory)
                    for player, territory in plays.get(event.kind, []))
    acts.append(COMMIT)
    addable = tables.addable["land"] | tables.addable["sea"]
    acts.extend(_add(c) for c in ids if c in addable)
    acts.append(DEFEND)
    acts.append(NO_INTERCEPT)
    acts.extend(_intercept(c) for c in ids if c in tables.fighters)
    acts.extend(_discard(c) for c in ids if c not in tables.partisans)
    return acts


# -- bounds ------------------------------------------------------------------------------------
def max_length(game: RekkyoGame) -> int:
    """A bound on the actions of any game: ``(deck - players × hand limit) × steps per turn``.

    Turns: every turn starts by drawing the top card of the draw pile, and the pile only grows
    by a neutral's reshuffle, which happens only once the pile is empty, after which the game
    ends with that turn (「最後の山札を引いたプレイヤーが、自分の手番を終了した時点で…」). So
    there are at most as many turns as cards in the pile after the deal, ``deck - players ×
    hand limit`` (``L`` = hand limit).

    Steps per turn: every hand holds at most ``L`` cards when its owner's turn starts (a turn
    ends by discarding down to ``L``, and in the others' turns a hand only gives cards and gets
    back cards it gave), so ``L + 1`` after the draw. An invasion takes at most ``1`` (invade)
    ``+ (L + 1)`` (adds) ``+ 1`` (commit) ``+ L`` (the defender's adds) ``+ 1`` (defend)
    ``+ (2L + 1)`` (one interception question per strategic bombing played) ``+ 1`` (a discard:
    the attacker gets back only cards it played) ``= 5L + 6`` steps; conscription ``1 + draw``
    (discards after drawing ``draw`` cards), a spy or doing nothing 2, diplomacy 1. The standard
    cards give ``(83 - 5 × players) × 31``: 2,263 for 2 players, 1,488 for 7 (random games take
    about 200, the longest seen under 1,000).
    """
    cards = game.cards
    limit = cards.hand_limit
    draws = [e.draw for e in cards.events if e.kind == "conscription" and e.use == "alone"]
    per_turn = max(5 * limit + 6, 1 + max(draws, default=0), 2)
    turns = max(1, len(cards.deck) - game.players * limit)
    return turns * per_turn


def score_bounds(game: RekkyoGame) -> tuple[float, float]:
    """``(0, every territory's 国力 together)``: a revolutionary holds nothing; one seat may hold
    all (Siberia counted 6 under ``siberia="siberia6"``; an atomic bomb only halves)."""
    powers = {t.id: t.power for t in game.cards.territories}
    top = sum(powers.values())
    if game.options.siberia == "siberia6" and "siberia" in powers:
        top += max(0, 6 - powers["siberia"])
    return 0.0, float(top)


# -- the numeric view --------------------------------------------------------------------------
def _combat_size(n: int, c: int, t: int) -> int:
    # present, attacker, defender (neutral first), target, route, stage, attacker count,
    # attacker cards seen, attacker cards, open cards, defender count, defender cards seen,
    # defender cards, neutral's counted cards, pending bombing, interceptors, cancelled,
    # totals (2), winner (2)
    return 1 + n + (n + 1) + t + 2 + 4 + 1 + 1 + c + c + 1 + 1 + c + c + c + c + c + 2 + 2


def observation_size(game: RekkyoGame) -> int:
    """The length of :func:`observe`'s list for ``game``'s options (see there)."""
    n, c, t = game.players, len(game.cards.card_by_id), len(game.cards.territories)
    return (n + n + n + len(PHASES) + 2 + t * (n + 1) + t * n + 4 * c + n + 3 * n
            + 2 * _combat_size(n, c, t))


def observe(game: RekkyoGame, view: RekkyoView) -> list[float]:
    """``view`` (a seat's) as :func:`observation_size` numbers, in this layout.

    With ``n`` seats, ``C`` card ids and ``T`` territories (card-file order), a card block is a
    count per card id and a one-hot block is 1 at the index named:

    - viewer (``n``), current player (``n``; zeros once over), turn player (``n``), phase
      (6: action, attack, defend, intercept, discard, over), turn number, draw pile size;
    - owners (``T × (n + 1)``: per territory neutral, seat 1 … seat n), home territories
      (``T × n``: per territory, per seat);
    - own hand, discard pile, ``unseen`` and the viewer's ``pile_pools`` entry (4 card blocks);
    - hand sizes, revolutionary flags, atomic bombs used, 国力 scores (``n`` each);
    - the combat in progress, then the last combat, each: present flag, attacker (``n``),
      defender (``n + 1``: neutral first), target (``T``), route (land, sea), stage (attack,
      defend, intercept, resolved), attacker's card count, attacker's cards seen (flag), their
      cards (card block, zeros when not seen), open cards shown, defender's card count, seen
      flag, their cards, the neutral's counted cards, the pending strategic bombing, the
      fighters that intercepted, the bombings cancelled (card blocks), both totals (0 until
      resolved) and the winner (attacker, defender).
    """
    if view.viewer is None:
        raise ValueError("observe takes a seat's view, not the teacher's")
    n = game.players
    card_index = game.card_order
    territory_index = game.territory_order
    c, t = len(card_index), len(territory_index)
    out: list[float] = []

    def one_hot(size: int, at: int | None) -> None:
        block = [0.0] * size
        if at is not None:
            block[at] = 1.0
        out.extend(block)

    def cards(ids: Sequence[str] | dict[str, int] | None) -> None:
        block = [0.0] * c
        if isinstance(ids, dict):
            for cid, k in ids.items():
                block[card_index[cid]] += k
        elif ids is not None:
            for cid in ids:
                block[card_index[cid]] += 1.0
        out.extend(block)

    def combat(cv: CombatView | None) -> None:
        if cv is None:
            out.extend([0.0] * _combat_size(n, c, t))
            return
        out.append(1.0)
        one_hot(n, cv.attacker)
        one_hot(n + 1, 0 if cv.defender is None else cv.defender + 1)
        one_hot(t, territory_index[cv.target])
        one_hot(2, ROUTES.index(cv.route))
        one_hot(4, COMBAT_STAGES.index(cv.stage))
        out.append(float(cv.attacker_count))
        out.append(float(cv.attacker_cards is not None))
        cards(cv.attacker_cards)
        cards(cv.attacker_open)
        out.append(float(cv.defender_count))
        out.append(float(cv.defender_cards is not None))
        cards(cv.defender_cards)
        cards(cv.neutral_counted)
        cards([cv.pending_bombing] if cv.pending_bombing is not None else None)
        cards(cv.interceptors)
        cards(cv.cancelled)
        out.append(float(cv.attacker_total or 0))
        out.append(float(cv.defender_total or 0))
        out.append(float(cv.winner == "attacker"))
        out.append(float(cv.winner == "defender"))

    one_hot(n, view.viewer)
    one_hot(n, view.current_player)
    one_hot(n, view.turn_player)
    one_hot(len(PHASES), PHASES.index(view.phase))
    out.append(float(view.turn))
    out.append(float(view.draw_pile_size))
    for tid in territory_index:
        owner = view.owners[tid]
        one_hot(n + 1, 0 if owner is None else owner + 1)
    for tid in territory_index:
        out.extend(float(tid in view.home[p]) for p in range(n))
    cards(view.hands[view.viewer])
    cards(view.discard_pile)
    cards(view.unseen)
    pools = view.pile_pools[view.viewer] if view.pile_pools else None
    cards(pools)
    out.extend(float(k) for k in view.hand_sizes)
    out.extend(float(r) for r in view.revolutionary)
    out.extend(float(a) for a in view.atomic_used)
    out.extend(float(s) for s in view.scores)
    combat(view.combat)
    combat(view.last_combat)
    return out


# -- sampled worlds ----------------------------------------------------------------------------
def resample_hidden(truth: RekkyoState, world: RekkyoState, player: int, deal: Rng) -> None:
    """Deal anew, into ``world`` (a clone of ``truth``), every card ``player`` cannot locate.

    The hidden places are the other seats' hands, the face-down combat cards of others (the
    attacker's before the reveal, but open cards shown face up under
    ``attack_open_cards="face_up"``; the defender's while choosing) and the draw pile (its
    order is the future draws). Their cards are pooled in card-file order and shuffled with
    ``deal``, so the result depends only on ``player``'s view and ``deal``. Kept:

    - each place's size, ``player``'s own cards and everything face up;
    - ``known_held``: weapons every seat saw go back to a seat's hand stay with that seat (in
      its hand or its face-down combat cards);
    - what the rules say of hidden combat cards: they may join a combat over its route (and
      are no open cards when open cards go face up); a committed attack holds a weapon that
      allows it, an attacker still choosing holds one in hand or attack; a defender who chose
      events alone still holds a weapon to add;
    - a seat asked to intercept holds a fighter.

    Not kept: what a seat learnt from the log only (the card a spy took from ``player``, the
    seats that were not asked to intercept and so held no fighter then). Proposals that break
    a rule above are drawn again (:data:`TRIES` at most); should all fail (never seen in the
    tests), :func:`_fallback` deals only the places no rule constrains.
    """
    game = truth.game
    tables = game.card_tables
    order = game.card_order.__getitem__
    others = [r for r in range(game.players) if r != player]
    combat = truth.combat
    face_up = game.options.attack_open_cards == "face_up"
    open_ids = tables.open_cards

    attacker = defender = None  # seats whose combat cards are hidden from ``player``
    attack_slots: list[int] = []
    if combat is not None and combat.stage in ("attack", "defend"):
        if combat.attacker != player:
            attacker = combat.attacker
            attack_slots = [i for i, x in enumerate(combat.attacker_cards)
                            if not (face_up and x in open_ids)]
        if combat.defender is not None and combat.defender != player and combat.defender_cards:
            defender = combat.defender
    hidden: Counter[str] = Counter(truth.pile)
    required: dict[int, Counter[str]] = {}
    for r in others:
        hidden.update(truth.hands[r])
        required[r] = Counter(truth.known_held[r])
    if combat is not None and attacker is not None:
        hidden.update(combat.attacker_cards[i] for i in attack_slots)
        shown = [x for i, x in enumerate(combat.attacker_cards) if i not in attack_slots]
        required[attacker].subtract(shown)
        required[attacker] = +required[attacker]
    if combat is not None and defender is not None:
        hidden.update(combat.defender_cards)
    for r in others:
        hidden.subtract(required[r])
    canonical = sorted(hidden.elements(), key=order)
    canonical, partisans = _set_partisans_apart(canonical, tables.partisans)

    route = combat.route if combat is not None else "land"
    addable = tables.addable[route]
    attack_ok = addable - open_ids if face_up else addable
    openers = tables.openers[route]
    weapons = tables.weapons
    fighters = tables.fighters
    intercepting = truth.actor if truth.phase == "intercept" and truth.actor != player else None
    events_alone = game.options.defender_events == "alone"

    for _ in range(TRIES):
        free = canonical[:]
        deal.shuffle(free)
        need = {r: required[r].copy() for r in others}
        attack: list[str] = []
        defence: list[str] = []
        if combat is not None and attacker is not None and attack_slots:
            first = openers if combat.stage == "defend" else None
            got = _pick(free, need[attacker], attack_ok, len(attack_slots),
                        len(truth.hands[attacker]), deal, first)
            if got is None:
                continue
            attack = got
        if combat is not None and defender is not None:
            got = _pick(free, need[defender], addable, len(combat.defender_cards),
                        len(truth.hands[defender]), deal)
            if got is None:
                continue
            defence = got
        hands = _deal_hands(truth, others, need, free, fighters, intercepting)
        if hands is None:
            continue
        if combat is not None and attacker is not None:
            full = [*combat.attacker_cards]
            for i, x in zip(attack_slots, attack, strict=True):
                full[i] = x
            if openers.isdisjoint(full) and (
                    combat.stage == "defend" or openers.isdisjoint(hands[attacker])):
                continue
        if defender is not None and not events_alone and weapons.isdisjoint(defence) \
                and not any(x in weapons and x in addable for x in hands[defender]):
            continue
        break
    else:
        _fallback(truth, world, player, others, deal)
        return
    # a new list of hands: the world shares the truth's until it changes one (copy-on-write)
    world.hands = [hands.get(r, hand) for r, hand in enumerate(world.hands)]
    wc = world.combat
    if wc is not None and attack_slots:
        for i, x in zip(attack_slots, attack, strict=True):
            wc.attacker_cards[i] = x
    if wc is not None and defender is not None:
        wc.defender_cards[:] = defence
    world.pile = _into_pile(free, partisans, deal)


def _deal_hands(truth: RekkyoState, seats: list[int], need: dict[int, Counter[str]],
                free: list[str], fighters: frozenset[str],
                intercepting: int | None) -> dict[int, list[str]] | None:
    """Each seat's hand: its known cards, a fighter for a seat asked to intercept, then cards
    from the end of ``free``. ``None`` when the known cards do not fit."""
    order = truth.game.card_order.__getitem__
    hands: dict[int, list[str]] = {}
    for r in seats:
        size = len(truth.hands[r])
        hand = sorted(need[r].elements(), key=order)
        if r == intercepting and fighters.isdisjoint(hand):
            got = _take(free, fighters)
            if got is None:
                return None
            hand.append(got)
        if len(hand) > size:
            return None
        missing = size - len(hand)
        if missing:
            hand.extend(free[-missing:])
            del free[-missing:]
        hands[r] = hand
    return hands


def _take(free: list[str], allowed: frozenset[str]) -> str | None:
    """Remove and return the last card of ``free`` in ``allowed`` (``None`` if there is none)."""
    for i in range(len(free) - 1, -1, -1):
        if free[i] in allowed:
            return free.pop(i)
    return None


def _pick(free: list[str], need: Counter[str], allowed: frozenset[str], k: int, room: int,
          deal: Rng, first: frozenset[str] | None = None) -> list[str] | None:
    """``k`` cards from ``allowed`` for one seat's hidden combat place, drawn from the seat's
    known cards and the shuffled ``free`` cards together.

    Known cards that cannot fit in the seat's hand (``room`` cards) are taken first; ``first``:
    one card of that set is among the cards. Known cards taken leave ``need``, free cards taken
    leave ``free``. ``None`` when the cards cannot be found.
    """
    known = sorted(x for x in need.elements() if x in allowed)
    if len(known) > 1:
        deal.shuffle(known)
    must = max(0, sum(need.values()) - room)
    if must > min(k, len(known)):
        return None
    chosen = [("k", x) for x in known[:must]]
    candidates = [("f", x) for x in free if x in allowed]  # ``free`` is shuffled already
    if len(known) > must:
        candidates.extend(("k", x) for x in known[must:])
        deal.shuffle(candidates)
    if len(candidates) < k - must:
        return None
    if first is not None and all(x not in first for _, x in chosen):
        at = next((i for i, (_, x) in enumerate(candidates) if x in first), None)
        if at is None or must == k:
            return None
        candidates.insert(0, candidates.pop(at))
    chosen.extend(candidates[: k - must])
    picked: list[str] = []
    for source, x in chosen:
        picked.append(x)
        if source == "k":
            need[x] -= 1
        else:
            free.remove(x)
    return picked


def _fallback(truth: RekkyoState, world: RekkyoState, player: int, others: list[int],
              deal: Rng) -> None:
    """Deal only the places no rule constrains: the hands of the seats neither acting nor in
    the combat, and the draw pile (known cards stay with their seats)."""
    combat = truth.combat
    fixed = {truth.actor}
    if combat is not None:
        fixed.update(s for s in (combat.attacker, combat.defender) if s is not None)
    loose = [r for r in others if r not in fixed]
    pool: Counter[str] = Counter(truth.pile)
    need: dict[int, Counter[str]] = {}
    for r in loose:
        pool.update(truth.hands[r])
        need[r] = Counter(truth.known_held[r])
        pool.subtract(need[r])
    free = sorted(pool.elements(), key=truth.game.card_order.__getitem__)
    free, partisans = _set_partisans_apart(free, truth.game.card_tables.partisans)
    deal.shuffle(free)
    hands = _deal_hands(truth, loose, need, free, frozenset(), None)
    assert hands is not None, "the known cards of a seat fit in its hand"
    world.hands = [hands.get(r, hand) for r, hand in enumerate(world.hands)]
    world.pile = _into_pile(free, partisans, deal)


def _set_partisans_apart(
    cards: list[str], partisans: frozenset[str]
) -> tuple[list[str], list[str]]:
    """``cards`` without the partisans, and the partisans: no hand or combat holds one (a
    partisan resolves when drawn), so unseen partisans can only be in the draw pile."""
    if partisans.isdisjoint(cards):
        return cards, []
    return [c for c in cards if c not in partisans], [c for c in cards if c in partisans]


def _into_pile(free: list[str], partisans: list[str], deal: Rng) -> list[str]:
    """The draw pile: the cards left after dealing, with the unseen partisans shuffled in."""
    if not partisans:
        return free
    pile = [*free, *partisans]
    deal.shuffle(pile)
    return pile


SEARCH_SETTINGS: Mapping[str, Any] = MappingProxyType({
    "iterations": 300, "prior": "heuristic", "prior_weight": 3,
})
"""The search bot's settings for ``ismcts:tuned`` (:meth:`Game.search_settings`): the strongest
measured, 64.75% of 200 2-player games against the heuristic bot (95% CI 57.9–71.0%), 0.38 s a move
(``python -m benchmarks.bench_ismcts``; docs/performance.md, *ismcts*)."""
