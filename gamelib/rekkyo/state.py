"""The state of a game of 列強の興亡 and its rules.

Turn flow (phases): the turn player draws (a パルチザン is resolved and ends the turn), then in
phase ``action`` invades, plays an event that stands alone, or does nothing. An invasion goes
through ``attack`` (add cards one at a time, then ``commit``), for a player's territory
``defend`` (the defender adds cards, then ``defend``), ``intercept`` (a holder of a fighter may
answer each strategic bombing), and is resolved at once. Then ``discard`` (down to the hand
limit, one card at a time) and the next player's turn. The game ends when a turn ends with the
draw pile empty (``over``).

Legal actions come in this fixed order:
``action``: invasions (targets in card-file order, ``land`` before ``sea``), events that stand
alone (hand in card-file order, targets in seat / card-file order), ``do nothing``;
``attack``: ``commit`` (when allowed), then ``add`` (card-file order);
``defend``: ``defend``, then ``add``; ``intercept``: ``no interception``, then fighters;
``discard``: one ``discard`` per distinct card id in hand.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import compress, filterfalse, repeat
from operator import eq
from typing import TYPE_CHECKING, Any

from gamelib.core.history import history_of
from gamelib.core.log import Term, entry_maker
from gamelib.core.log_prefix import LogPrefix
from gamelib.core.rng import Rng
from gamelib.core.state import Outcome, State
from gamelib.rekkyo.actions import (
    AddCard,
    Commit,
    Defend,
    Discard,
    Intercept,
    Invade,
    NoIntercept,
    Pass,
    PlayEvent,
    RekkyoAction,
    parse_action_text,
)
from gamelib.rekkyo.cards import CardSet, EventCard, WeaponCard
from gamelib.rekkyo.combat import (
    card_value,
    territory_power,
)
from gamelib.rekkyo.game import MEMO_SIZE, MESSAGES
from gamelib.rekkyo.view import CombatView, RekkyoView

if TYPE_CHECKING:
    from gamelib.rekkyo.game import RekkyoGame

__all__ = ["Combat", "RekkyoState"]

ROUTE_TERMS = {"land": Term("land", "陸路"), "sea": Term("sea", "海路")}
PHASE_TERMS = {
    "action": Term("choosing the turn's action", "手番の行動を選ぶ段階"),
    "attack": Term("choosing attack cards", "侵略カードを選ぶ段階"),
    "defend": Term("choosing defence cards", "防衛カードを選ぶ段階"),
    "intercept": Term("answering a strategic bombing", "戦略爆撃への迎撃を決める段階"),
    "discard": Term("discarding down to the hand limit", "手札を上限まで捨てる段階"),
    "over": Term("the game is over", "ゲーム終了"),
}


@dataclass
class Combat:
    """A combat in progress (mutable; lives only inside a state)."""

    attacker: int
    defender: int | None
    target: str
    route: str
    attacker_held: tuple[str, ...]
    defender_held: tuple[str, ...]
    stage: str = "attack"
    attacker_cards: list[str] = field(default_factory=list)
    defender_cards: list[str] = field(default_factory=list)
    neutral_drawn: list[str] = field(default_factory=list)
    neutral_counted: list[str] = field(default_factory=list)
    rolls: list[tuple[str, str, int, int]] = field(default_factory=list)
    # strategic bombings still to be answered: (side that played it, card id)
    bombings: list[tuple[str, str]] = field(default_factory=list)
    interceptors: list[tuple[int, str]] = field(default_factory=list)
    cancelled: list[tuple[str, str]] = field(default_factory=list)
    attacker_total: int | None = None
    defender_total: int | None = None
    winner: str | None = None
    returned: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, attacker: int, defender: int | None, target: str, route: str,
              attacker_held: tuple[str, ...], defender_held: tuple[str, ...]) -> Combat:
        """``Combat(...)`` with these fields and every other at its default, set in field order
        (cheaper than the dataclass ``__init__`` and its default factories)."""
        new = object.__new__(cls)
        new.attacker = attacker
        new.defender = defender
        new.target = target
        new.route = route
        new.attacker_held = attacker_held
        new.defender_held = defender_held
        new.stage = "attack"
        new.attacker_cards = []
        new.defender_cards = []
        new.neutral_drawn = []
        new.neutral_counted = []
        new.rolls = []
        new.bombings = []
        new.interceptors = []
        new.cancelled = []
        new.attacker_total = new.defender_total = new.winner = None
        new.returned = []
        return new

    def copy(self) -> Combat:
        """An independent copy: the two card lists the rules change in place are copied; the
        other lists are only ever replaced whole (``rolls`` is copied once before a resolution
        appends to it), so they are shared."""
        new = object.__new__(Combat)
        # field by field, not the dataclass __init__ nor a copied __dict__: the copy keeps the
        # interpreter's inline values (see RekkyoState.clone)
        new.attacker = self.attacker
        new.defender = self.defender
        new.target = self.target
        new.route = self.route
        new.attacker_held = self.attacker_held
        new.defender_held = self.defender_held
        new.stage = self.stage
        new.attacker_cards = self.attacker_cards[:]
        new.defender_cards = self.defender_cards[:]
        new.neutral_drawn = self.neutral_drawn
        new.neutral_counted = self.neutral_counted
        new.rolls = self.rolls
        new.bombings = self.bombings
        new.interceptors = self.interceptors
        new.cancelled = self.cancelled
        new.attacker_total = self.attacker_total
        new.defender_total = self.defender_total
        new.winner = self.winner
        new.returned = self.returned
        return new


# Actions are made once and shared (they are immutable; their text is kept once made).
_add = functools.cache(AddCard)
_discard = functools.cache(Discard)
_intercept = functools.cache(Intercept)
_invade = functools.cache(Invade)
_event = functools.cache(PlayEvent)

# The hottest log entries are appended directly (to ``log`` itself unless ``_log_shared``, else
# to ``_writable_log()``; made by ``_entry``): the same entries as ``add_log``'s, without its
# keyword parsing. Only where the state is not quiet.
#: ``MESSAGES.entry_from`` for this module's keys (all in the catalog: no look-up) and
#: audiences (``None`` or a frozenset: no copy); a test ties it to ``entry_from``.
_ENTRY = _entry = entry_maker(MESSAGES)
_ONLY = tuple(frozenset({seat}) for seat in range(8))
"""The one-seat audience of each seat's private entries."""
PASS, COMMIT, DEFEND, NO_INTERCEPT = Pass(), Commit(), Defend(), NoIntercept()
_new_prefix = LogPrefix.__new__


# What a state may share with a twin (see RekkyoState.clone): one bit per field. Not the hands:
# callers set those on a clone in place (e.g. a hand dealt anew for odds). The known cards (each
# seat's list and the list of them) are shared until the rules change one (_known_lists).
_PILE, _DISCARD, _OWNER, _ATOMIC, _RNG, _KNOWN = 1, 2, 4, 8, 16, 32
_SHARED = _PILE | _DISCARD | _OWNER | _ATOMIC | _RNG | _KNOWN


class _LegalSlot(State[RekkyoAction]):
    """Holds a state's legal actions and what it shares with a twin in slots, out of its
    ``__dict__``: copies, fingerprints, digests and pickles never see them (``RekkyoState``
    declares no slots of its own, so :func:`~gamelib.core.state.fingerprint` reads only its
    ``__dict__``)."""

    __slots__ = ("_borrowed", "_legal")
    _borrowed: int
    _legal: list[RekkyoAction] | None

    def __getstate__(self) -> dict[str, Any]:
        return self.__dict__

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._legal = None
        self._borrowed = 0


class RekkyoState(_LegalSlot):
    """One moment of a game of 列強の興亡.

    The log is the core's list of lazy :class:`~gamelib.core.log.LogEntry` values (rendered when
    read; nothing is recorded while ``quiet``); :meth:`clone` copies only what ``_apply``
    mutates, and shares the rest copy-on-write: the log list (handed to the twin by the core's
    :meth:`~gamelib.core.state.State.share_log`), the draw and discard piles, the
    territories' holders, the atomic bombs used, the known cards and the random stream until
    either twin changes them (the rules change them only after ``_draw``, ``_discard_list``,
    ``_owner_dict``, ``_known_lists``, ``_rng`` or an inline test of ``_borrowed`` copied what
    is shared; setting one of them anew is safe, changing one of those lists in place from
    outside the rules is not). Hands are copied.
    """

    __slots__ = ()

    game: RekkyoGame
    current_player: int | None = None
    """The seat to act (the defender or an interceptor during a combat), ``None`` once the game
    is over: ``actor`` until then, kept as an instance attribute wherever ``actor`` or the phase
    ``over`` is set (read at every step: no property call)."""

    def __init__(self, game: RekkyoGame, seed: int, rng: Rng) -> None:
        super().__init__(game, seed, rng)
        self._legal = None
        self._borrowed = 0
        cards = game.cards
        n = game.players
        self.owner: dict[str, int | None] = {t.id: None for t in cards.territories}
        self.home: list[list[str]] = [[] for _ in range(n)]
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.pile: list[str] = []
        self.discard: list[str] = []
        self.phase = "action"
        self.turn_player = 0
        self.actor = 0
        self.current_player = 0
        self.turn = 0
        self.combat: Combat | None = None
        self.last_combat: Combat | None = None
        self.atomic_used: list[bool] = [False] * n
        self.soviet_start: dict[int, bool] = {}
        # the last card of the draw pile was drawn this turn (the game ends with the turn, even
        # if a neutral's defence rebuilt the pile later in the same turn)
        self.last_card_drawn = False
        # weapons everyone saw go back to a hand and not seen leaving it since, per seat: every
        # player knows they are not in the draw pile
        self.known_held: list[list[str]] = [[] for _ in range(n)]
        self._setup()

    # -- helpers ------------------------------------------------------------------------------
    @property
    def cards(self) -> CardSet:
        """The game's card set."""
        return self.game.cards

    def _term(self, cid: str) -> Term:
        return self.game.card_tables.card_names[cid]

    def _terms(self, ids: Iterable[str]) -> list[Term]:
        """Card names for a log entry (none for a quiet state, which records nothing)."""
        if self.quiet:
            return []
        return list(map(self.game.card_tables.card_names.__getitem__, ids))  # (no comprehension)

    def _tterm(self, tid: str) -> Term:
        return self.game.card_tables.territory_names[tid]

    def _seat(self, p: int) -> Term:
        return self.game.seat_terms[p]

    def _sorted_ids(self, ids: list[str]) -> list[str]:
        if len(ids) < 2:
            return ids[:]
        order = self.game.card_order
        return sorted(set(ids), key=order.__getitem__)

    def territories_of(self, p: int) -> list[str]:
        """Territory ids held by seat ``p`` in card-file order."""
        owner = self.owner
        return list(compress(owner, map(eq, owner.values(), repeat(p))))  # (in C: no listcomp)

    def is_revolutionary(self, p: int) -> bool:
        """A player holding no territory is a 革命家 (may invade anything, from anywhere)."""
        return all(o != p for o in self.owner.values())

    def power(self, p: int) -> float:
        """Seat ``p``'s current 国力 total, halved if they used an atomic bomb."""
        opts = self.game.options
        total = sum(territory_power(self.cards, t, p, self.soviet_start, opts.siberia)
                    for t in self.territories_of(p))
        return total / 2 if self.atomic_used[p] else float(total)

    def right_hand(self, p: int) -> int:
        """The player on ``p``'s right: play goes clockwise (to the left), so the previous seat."""
        return (p - 1) % self.game.players

    # -- setup --------------------------------------------------------------------------------
    def _setup(self) -> None:
        cards, n, opts = self.cards, self.game.players, self.game.options
        quiet = self.quiet
        partisans = self.game.card_tables.partisans
        deck = list(self.game.card_tables.deck)
        self.rng.shuffle(deck)
        self.add_log("setup", kind="phase", players=n)
        set_aside: list[str] = []
        limit = cards.hand_limit
        for p in range(n):
            hand = self.hands[p]
            while len(hand) < limit:
                cid = deck.pop()
                if cid in partisans:
                    set_aside.append(cid)
                    if not quiet:
                        self.add_log("deal_partisan", kind="event", player=p,
                                     card=self._term(cid))
                    continue
                hand.append(cid)
        if opts.opening_partisan == "reshuffle":
            deck.extend(set_aside)
        else:
            self.discard.extend(set_aside)
        self.rng.shuffle(deck)
        self.pile = deck
        if not quiet:
            for p in range(n):
                self.add_log("dealt", kind="event", player=p, visible_to={p},
                             cards=self._terms(self._sorted_ids(self.hands[p])))
        starts = list(self.game.card_tables.start_order[:n])
        self.rng.shuffle(starts)
        for p, tid in enumerate(starts):
            self.owner[tid] = p
            self.home[p].append(tid)
            self.soviet_start[p] = tid == "soviet"
            if not quiet:
                self.add_log("start_territory", kind="event", player=p, seat=self._seat(p),
                             territory=self._tterm(tid), power=cards.territory(tid).power)
            if tid == "soviet" and "siberia" in self.owner:
                self.owner["siberia"] = p
                self.home[p].append("siberia")
                if not quiet:
                    self.add_log("soviet_siberia", kind="narration", player=p,
                                 seat=self._seat(p), total=int(self.power(p)))
        if opts.first_player == "random":
            self.turn_player = self.rng.randint(0, n - 1)
        self.add_log("first_player", kind="event", seat=self._seat(self.turn_player))
        self._begin_turn()

    def _is_partisan(self, cid: str) -> bool:
        return cid in self.game.card_tables.partisans

    # -- turn flow ----------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        quiet = self.quiet
        partisans = self.game.card_tables.partisans
        while True:
            p = self.turn_player
            self.turn += 1
            self.actor = self.current_player = p
            pile = self.pile  # (inline _draw: one call fewer)
            if self._borrowed & _PILE:
                pile = self.pile = [*pile]
                self._borrowed &= ~_PILE
            cid = pile.pop()
            if not pile:
                self.last_card_drawn = True
            if not quiet:
                (self._writable_log() if self._log_shared else self.log).append(_ENTRY(
                    "turn", {"seat": self.game.seat_terms[p], "turn": self.turn,
                             "left": len(self.pile)}, p, None, "phase"))
            if cid in partisans:
                if not quiet:
                    self.add_log("draw_partisan", kind="event", player=p, seat=self._seat(p),
                                 card=self._term(cid))
                self._resolve_partisan(p)
                self._discard_list().append(cid)
                if self._end_turn_is_over():
                    return
                continue
            self.hands[p].append(cid)
            if not quiet:
                (self._writable_log() if self._log_shared else self.log).append(_ENTRY(
                    "draw", {"card": self.game.card_tables.card_names[cid]}, p, _ONLY[p],
                    "event"))
            self.phase = "action"
            return

    def _draw(self) -> str:
        """Take the top card of the draw pile, noting when it was the last one."""
        pile = self.pile
        if self._borrowed & _PILE:
            pile = self.pile = [*pile]
            self._borrowed &= ~_PILE
        cid = pile.pop()
        if not pile:
            self.last_card_drawn = True
        return cid

    def _draw_up_to(self, k: int) -> list[str]:
        """Take up to ``k`` cards from the top of the (non-empty) draw pile, top first (as
        ``k`` calls of :meth:`_draw` would), noting when the last one went."""
        pile = self.pile
        if self._borrowed & _PILE:
            pile = self.pile = [*pile]
            self._borrowed &= ~_PILE
        taken = pile[:-k - 1:-1]
        del pile[-k:]
        if not pile:
            self.last_card_drawn = True
        return taken

    def _end_turn_is_over(self) -> bool:
        """End the turn; return whether the game is over.

        「最後の山札を引いたプレイヤーが、自分の手番を終了した時点でゲームは終了します。」:
        over when the last card of the pile was drawn during this turn, whatever happened after.
        """
        if self.last_card_drawn or not self.pile:
            self.phase = "over"
            self.current_player = None
            self.combat = None
            if self.quiet:
                return True
            out = self._final_outcome()
            self.add_log("game_over", kind="phase",
                         winners=[self._seat(w) for w in out.winners])
            for p in range(self.game.players):
                if self.atomic_used[p]:
                    self.add_log("atomic_halved", kind="narration", player=p, seat=self._seat(p),
                                 score=_fmt(out.scores[p]))
                self.add_log("score", kind="event", player=p, seat=self._seat(p),
                             score=_fmt(out.scores[p]))
            return True
        self.turn_player = (self.turn_player + 1) % len(self.hands)
        return False

    def _after_action(self) -> None:
        p = self.turn_player
        self.actor = self.current_player = p
        limit = self.game.cards.hand_limit
        if len(self.hands[p]) > limit:
            self.phase = "discard"
            if not self.quiet:
                self.add_log("must_discard", kind="narration", player=p, seat=self._seat(p),
                             n=len(self.hands[p]) - limit, limit=limit)
            return
        if self.last_card_drawn or not self.pile:  # (inline _finish_turn: two calls fewer)
            self._end_turn_is_over()
        else:  # (the turn passes on, as _end_turn_is_over would)
            self.turn_player = (self.turn_player + 1) % len(self.hands)
            self._begin_turn()

    def _finish_turn(self) -> None:
        if not self._end_turn_is_over():
            self._begin_turn()

    def _resolve_partisan(self, p: int) -> None:
        rule = self.game.options.partisan
        if rule == "uprising":
            conquered = [t for t in self.territories_of(p) if t not in self.home[p]]
            if not conquered:
                self.add_log("partisan_none", kind="narration", player=p, seat=self._seat(p))
                return
            tid = min(conquered, key=lambda t: self.cards.territory(t).power)
            self._owner_dict()[tid] = None
            self.add_log("partisan_uprising", kind="narration", player=p, seat=self._seat(p),
                         territory=self._tterm(tid))
        else:
            hand = self.hands[p]
            if not hand:
                self.add_log("partisan_empty", kind="narration", player=p, seat=self._seat(p))
                return
            cid = hand.pop(self._rng().randint(0, len(hand) - 1))
            self._left_hand(p, [cid])
            self._discard_list().append(cid)
            self.add_log("partisan_sabotage", kind="narration", player=p, seat=self._seat(p),
                         card=self._term(cid))

    # -- the contract ------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """Scores (国力 totals, halved for atomic bomb users) once the game is over."""
        return self._final_outcome() if self.phase == "over" else None

    def _final_outcome(self) -> Outcome:
        scores = tuple(self.power(p) for p in range(self.game.players))
        best = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == best)
        return Outcome(scores, winners, "the last card of the draw pile was drawn")

    def is_terminal(self) -> bool:
        """Return whether the game is over (phase ``over``)."""
        return self.phase == "over"

    def legal_actions(self) -> list[RekkyoAction]:
        """The legal actions in the documented fixed order (see the module docstring).

        Remembered per state object until it changes (``play`` asks again for the same state);
        the remembered list is never handed out (callers may change theirs).
        """
        try:
            known = self._legal
        except AttributeError:  # a state made without __init__ or clone (unpickled, copied)
            known = None
        if known is None:
            known = self._legal = self._legal_actions()
        return known[:]

    def _is_legal(self, action: RekkyoAction) -> bool:
        """Whether ``action`` is legal now: a shared instance by identity, else by equality."""
        try:  # (remembered: no call when asked before)
            known = self._legal
        except AttributeError:  # a state made without __init__ or clone (unpickled, copied)
            known = None
        if known is None:
            known = self.legal_actions()
        for candidate in known:
            if candidate is action:
                return True
        return action in known

    def _legal_actions(self) -> list[RekkyoAction]:
        phase = self.phase
        p = self.actor
        if phase == "action":  # (the commonest first)
            return self._action_phase_actions(p)
        if phase == "over":
            return []
        tables = self.game.card_tables
        if phase == "attack" or phase == "defend":
            combat = self.combat
            assert combat is not None
            acts: list[RekkyoAction] = []
            if phase == "attack":
                if not tables.openers[combat.route].isdisjoint(combat.attacker_cards):
                    acts.append(COMMIT)
            elif self._can_defend(combat.defender_cards):
                acts.append(DEFEND)
            addable = tables.addable[combat.route]
            usable = list(filter(addable.__contains__, self.hands[p]))  # (no comprehension)
            if len(usable) > 1:  # (inline _sorted_ids: one call fewer)
                usable = sorted(set(usable), key=self.game.card_order.__getitem__)
            if phase == "defend" and not self._weapon_within(combat.defender_cards, usable):
                # an event alone could never defend: offer only what can still make a defence
                usable = [c for c in usable if c in tables.weapons]
            acts.extend(map(_add, usable))
            return acts
        if phase == "intercept":
            fighters = tables.fighters
            return [NO_INTERCEPT,
                    *map(_intercept, self._sorted_ids([c for c in self.hands[p]
                                                       if c in fighters]))]
        if phase == "discard":
            return list(map(_discard, self._sorted_ids(self.hands[p])))
        raise AssertionError(f"unknown phase {phase!r}")

    def _can_defend(self, chosen: list[str]) -> bool:
        """No cards at all, or (by default) cards with at least one weapon: the defender follows
        the attacker's limits, 「選択出来るカードの制限等については中立国との戦闘と同じです」."""
        if not chosen or self.game.options.defender_events == "alone":
            return True
        return not self.game.card_tables.weapons.isdisjoint(chosen)

    def _weapon_within(self, chosen: list[str], usable: list[str]) -> bool:
        """Whether the defender has, or can still add, a weapon (or may defend with events
        alone)."""
        if self.game.options.defender_events == "alone":
            return True
        weapons = self.game.card_tables.weapons
        return not (weapons.isdisjoint(chosen) and weapons.isdisjoint(usable))

    def invasion_targets(self, p: int) -> list[tuple[str, str]]:
        """``(territory, route)`` pairs seat ``p`` could invade, ignoring its hand."""
        return list(self._targets(p))

    def _targets(self, p: int) -> tuple[tuple[str, str], ...]:
        """:meth:`invasion_targets` as a tuple, remembered per game by the territories held."""
        return self._reach(p)[0]

    def _reach(self, p: int) -> tuple[tuple[Any, ...], ...]:
        """Seat ``p``'s invasion targets, then the invasions open to it by land only, by sea
        only and by both (actions), then the territories it holds (card-file order), remembered
        per game by the territories held, and by the seat and every territory's holder
        (``owner`` keeps card-file order: a cheaper key)."""
        tables = self.game.card_tables
        key = (p, *self.owner.values())
        fast = tables.reach
        known = fast.get(key)
        if known is not None:
            return known
        owner = self.owner
        held = tuple(compress(owner, map(eq, owner.values(), repeat(p))))  # (in C: no listcomp)
        mine = frozenset(held)
        memo = tables.targets
        known = memo.get(mine)
        if known is None:
            # the links' entries (card-file order, land before sea) opened from a held territory
            # and not into one, all of them for a revolutionary; found by sets of entry
            # indices (in C: no generator over every link)
            pairs, invades, land, opened_by, into = self.game.link_tables
            entries: list[int] | range
            if mine:
                found = set().union(*map(opened_by.__getitem__, held))
                found.difference_update(*map(into.__getitem__, held))
                entries = sorted(found)
            else:
                entries = range(len(pairs))
            known = (tuple(map(pairs.__getitem__, entries)),
                     tuple(map(invades.__getitem__, filter(land.__contains__, entries))),
                     tuple(map(invades.__getitem__, filterfalse(land.__contains__, entries))),
                     tuple(map(invades.__getitem__, entries)),
                     held)
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[mine] = known
        if len(fast) >= MEMO_SIZE:
            fast.clear()
        fast[key] = known
        return known

    def _action_phase_actions(self, p: int) -> list[RekkyoAction]:
        hand = self.hands[p]
        tables = self.game.card_tables
        openers = tables.openers
        land_ok = not openers["land"].isdisjoint(hand)
        sea_ok = not openers["sea"].isdisjoint(hand)
        acts: list[RekkyoAction] = []
        if land_ok or sea_ok:
            acts = [*self._reach(p)[3 if land_ok and sea_ok else 1 if land_ok else 2]]
        if not tables.alone_events.isdisjoint(hand):
            acts.extend(self._event_actions(p))
        acts.append(PASS)
        return acts

    def _event_actions(self, p: int) -> list[RekkyoAction]:
        """The events that stand alone seat ``p`` may play (hand in card-file order)."""
        cards = self.game.cards
        alone = self.game.card_tables.alone_events
        acts: list[RekkyoAction] = []
        for cid in self._sorted_ids([c for c in self.hands[p] if c in alone]):
            card = cards.card(cid)
            assert isinstance(card, EventCard)
            if card.kind == "conscription":
                acts.append(_event(cid))
            elif card.kind == "spy":
                acts.extend(_event(cid, q) for q in range(len(self.hands))
                            if q != p and self.hands[q])
            elif card.kind == "diplomacy":
                targets = sorted({t for t, _ in self._targets(p)
                                  if self.owner[t] is None
                                  and cards.territory(t).power <= card.max_power},
                                 key=self.game.territory_order.__getitem__)
                acts.extend(_event(cid, None, t) for t in targets)
        return acts

    def why_illegal_text(self, text: str) -> str | Term:
        """Explain why the action written as ``text`` cannot be played now."""
        action = parse_action_text(text)
        if action is None:
            return super().why_illegal_text(text)
        return self.why_illegal(action)

    def why_illegal(self, action: RekkyoAction) -> Term:
        """Why ``action`` cannot be played now, in the player's terms (both languages)."""
        phase = self.phase
        p = self.actor
        m = self.game.messages
        a = self.game.action_terms(action)
        phase_term = PHASE_TERMS.get(phase, Term(phase, phase))
        if isinstance(action, Invade):
            if phase != "action":
                return m.term("no_invade_now", action=a, phase=phase_term)
            if action.target not in self.owner:
                return m.term("no_territory", action=a, target=action.target)
            target = self._tterm(action.target)
            if self.owner[action.target] == p:
                return m.term("already_held", action=a, target=target)
            if action.route not in ROUTE_TERMS:
                return m.term("no_route", action=a, route=action.route)
            route = ROUTE_TERMS[action.route]
            if (action.target, action.route) not in self.invasion_targets(p):
                return m.term("not_linked", action=a, target=target, route=route)
            return m.term("needs_sea_card" if action.route == "sea" else "needs_land_card",
                          action=a)
        if isinstance(action, AddCard):
            if phase not in ("attack", "defend"):
                return m.term("no_add_now", action=a)
            if action.card not in self.hands[p]:
                return m.term("not_in_hand", action=a, card=self._card_name(action.card))
            return m.term("cannot_add", action=a)
        if isinstance(action, Commit):
            if phase != "attack":
                return m.term("no_commit_now", action=a)
            by_sea = self.combat is not None and self.combat.route == "sea"
            return m.term("commit_sea" if by_sea else "commit_land", action=a)
        if isinstance(action, Defend):
            if phase != "defend":
                return m.term("no_defend_now", action=a)
            return m.term("defend_needs_weapon", action=a)
        if isinstance(action, Discard):
            if phase != "discard":
                return m.term("no_discard_now", action=a)
            return m.term("not_in_hand", action=a, card=self._card_name(action.card))
        if isinstance(action, PlayEvent):
            if phase != "action":
                return m.term("no_event_now", action=a)
            return m.term("no_such_event", action=a)
        if isinstance(action, (Intercept, NoIntercept)):
            if phase != "intercept":
                return m.term("no_bombing", action=a)
            return m.term("no_fighter", action=a)
        if isinstance(action, Pass):
            return m.term("no_pass_now", action=a, phase=phase_term)
        return m.term("not_legal_phase", action=a, phase=phase_term)

    def _card_name(self, cid: str) -> Term | str:
        return self._term(cid) if cid in self.cards.card_by_id else cid

    # -- applying actions ---------------------------------------------------------------------
    def _apply(self, action: RekkyoAction) -> None:
        try:
            step = _STEPS[type(action)]
        except KeyError:  # pragma: no cover - play() only passes legal actions
            raise AssertionError(f"unknown action {action!r}") from None
        if step is not _ADD_CARD:  # (an added card may keep what it can of the legal actions)
            self._legal = None
        step(self, self.actor, action)

    def apply_in_place(self, action: RekkyoAction) -> None:
        """The fast path (:meth:`State.apply_in_place`): ``_apply``, the action's kept text and
        the history's growth inline (the core's ``apply_in_place``, two calls fewer a step)."""
        try:
            step = _STEPS[type(action)]
        except KeyError:  # pragma: no cover - callers pass only legal actions
            raise AssertionError(f"unknown action {action!r}") from None
        if step is not _ADD_CARD:  # (an added card may keep what it can of the legal actions)
            self._legal = None
        step(self, self.actor, action)
        try:  # (kept once made, or a class attribute)
            text = action._text  # type: ignore[union-attr]
        except AttributeError:
            text = str(action)
        try:  # (this state's own list: grown in place, as the core's apply_in_place does)
            self._history.append(text)  # type: ignore[union-attr]
        except AttributeError:  # a History of a list handed to a twin: a list of its own now
            self._history = [*self._history, text]

    def _apply_pass(self, p: int, action: Pass) -> None:
        if not self.quiet:
            (self._writable_log() if self._log_shared else self.log).append(_ENTRY(
                "pass", {"seat": self.game.seat_terms[p]}, p, None, "action"))
        self._after_action()

    def _apply_discard(self, p: int, action: Discard) -> None:
        cid = action.card
        hand = self.hands[p]
        hand.remove(cid)
        if self.known_held[p]:
            self._left_hand(p, (cid,))
        self._discard_list().append(cid)
        if not self.quiet:
            self.add_log("discard", kind="action", player=p, seat=self._seat(p),
                         card=self._term(cid))
        if len(hand) <= self.game.cards.hand_limit:
            self._finish_turn()

    # -- events that stand alone ----------------------------------------------------------------
    def _play_event(self, p: int, action: PlayEvent) -> None:
        card = self.cards.card(action.card)
        assert isinstance(card, EventCard)
        self.hands[p].remove(card.id)
        self._left_hand(p, [card.id])
        self._discard_list().append(card.id)
        if card.kind == "conscription":
            self.add_log("play_event", kind="action", player=p, seat=self._seat(p),
                         card=card.name)
            for _ in range(card.draw):
                if not self.pile:
                    self.add_log("pile_empty_draw", kind="narration", player=p)
                    break
                cid = self._draw()
                if self._is_partisan(cid):
                    self.add_log("draw_partisan_extra", kind="event", player=p,
                                 seat=self._seat(p), card=self._term(cid))
                    self._resolve_partisan(p)
                    self._discard_list().append(cid)
                    continue
                self.hands[p].append(cid)
                self.add_log("draw", kind="event", player=p, visible_to={p},
                             card=self._term(cid))
        elif card.kind == "spy":
            q = action.player
            assert q is not None
            self.add_log("play_event_on_player", kind="action", player=p, seat=self._seat(p),
                         card=card.name, target=self._seat(q))
            victim = self.hands[q]
            cid = victim.pop(self._rng().randint(0, len(victim) - 1))
            self._known_lists()[q] = []  # which card went is not public: forget what q held
            self.hands[p].append(cid)
            self.add_log("spy_took", kind="event", player=p, visible_to={p, q},
                         seat=self._seat(p), target=self._seat(q), card=self._term(cid))
            self.add_log("spy_took_public", kind="event", player=p, seat=self._seat(p),
                         target=self._seat(q))
        elif card.kind == "diplomacy":
            tid = action.territory
            assert tid is not None
            face = self._rng().randint(1, self.cards.die_sides)
            self.add_log("play_event_on_territory", kind="action", player=p, seat=self._seat(p),
                         card=card.name, territory=self._tterm(tid))
            if face in card.success:
                self._owner_dict()[tid] = p
                self.add_log("diplomacy_ok", kind="narration", player=p, seat=self._seat(p),
                             face=face, territory=self._tterm(tid),
                             faces=",".join(map(str, card.success)))
            else:
                self.add_log("diplomacy_fail", kind="narration", player=p, face=face,
                             territory=self._tterm(tid), faces=",".join(map(str, card.success)))
        self._after_action()

    # -- combat -------------------------------------------------------------------------------
    def _start_invasion(self, p: int, action: Invade) -> None:
        owner = self.owner
        target = action.target
        defender = owner[target]
        mine = self._reach(p)[4]  # (remembered since the legal actions: no scan of owner)
        self.combat = Combat.start(
            p, defender, target, action.route, mine,
            tuple(self.territories_of(defender)) if defender is not None else (),
        )
        self.phase = "attack"
        if self.quiet:
            return
        territory = self.game.cards.territory_by_id[target]
        names = self.game.card_tables.territory_names
        seats = self.game.seat_terms
        # (filter and map: no comprehension calls)
        origins = list(filter(mine.__contains__, getattr(territory, action.route)))
        log = (self._writable_log() if self._log_shared else self.log)
        if origins:
            log.append(_ENTRY("invade", {"seat": seats[p], "target": names[target],
                                         "route": ROUTE_TERMS[action.route],
                                         "origin": list(map(names.__getitem__, origins))},
                              p, None, "action"))
        else:
            log.append(_ENTRY("invade_revolutionary",
                              {"seat": seats[p], "target": names[target],
                               "route": ROUTE_TERMS[action.route]}, p, None, "action"))
        if defender is None:
            log.append(_ENTRY("vs_neutral", {"target": names[target],
                                             "power": territory.power},
                              None, None, "narration"))
        else:
            log.append(_ENTRY("vs_player", {"target": names[target],
                                            "defender": seats[defender]},
                              None, None, "narration"))

    def _add_card(self, p: int, action: AddCard) -> None:
        """Add a card to the combat. The attack's legal actions after it follow from those
        before it (the same list ``_legal_actions`` builds, without scanning the hand):
        ``commit`` first once an opener is in, the added card's action gone when no copy of it
        is left in hand; a remembered list is never changed (a twin may hold it)."""
        try:
            known = self._legal
        except AttributeError:  # a state made without __init__ or clone (unpickled, copied)
            known = None
        self._legal = None
        cid = action.card
        combat = self.combat
        assert combat is not None
        hand = self.hands[p]
        hand.remove(cid)
        # Only open cards are logged as they are added: the others show in the view (count
        # for the other seats) and in the commit/defend entries, which keeps the log short.
        if self.phase == "attack":
            combat.attacker_cards.append(cid)
            if not self.quiet and cid in self.game.card_tables.open_cards \
                    and self._open_face_up():
                self.add_log("add_open", kind="action", player=p, seat=self._seat(p),
                             card=self._term(cid), n=len(combat.attacker_cards))
            if known is not None:  # (inline, not a helper's call)
                if cid not in hand:
                    i = 0  # (found by identity: no dataclass __eq__ calls)
                    for other in known:
                        if other is action:
                            break
                        i += 1
                    else:  # an equal action, not the one offered
                        i = known.index(action)
                    known = known[:]
                    del known[i]
                if (not known or known[0] is not COMMIT) \
                        and cid in self.game.card_tables.openers[combat.route]:
                    known = [COMMIT, *known]
                self._legal = known
        else:
            combat.defender_cards.append(cid)

    def _open_face_up(self) -> bool:
        return self.game.options.attack_open_cards == "face_up"

    def _commit(self, p: int, action: Commit) -> None:
        combat = self.combat
        assert combat is not None
        combat.stage = "committed"
        a = combat.attacker
        defender = combat.defender
        neutral = defender is None
        if neutral and self.known_held[a]:  # (inline _reveal: one call fewer)
            self._left_hand(a, combat.attacker_cards)
        if not self.quiet:
            game = self.game
            key = "commit_open" if game.options.attack_open_cards == "face_up" else "commit"
            names = game.card_tables.card_names
            seat = game.seat_terms[a]
            entries = [
                _ENTRY(key, {"seat": seat, "n": len(combat.attacker_cards)}, a, None, "action"),
                _ENTRY("commit_private", {"cards": list(map(
                    names.__getitem__, combat.attacker_cards))}, a, _ONLY[a], "action")]
            if neutral:
                entries.append(_ENTRY("reveal", {"seat": seat, "cards": list(map(
                    names.__getitem__, combat.attacker_cards))}, a, None, "event"))
            (self._writable_log() if self._log_shared else self.log).extend(entries)
        if defender is None:
            self._neutral_defence()
            self._roll_and_resolve()
        else:
            combat.stage = "defend"
            self.phase = "defend"
            self.actor = self.current_player = defender

    def _defend(self, p: int, action: Defend) -> None:
        combat = self.combat
        assert combat is not None and combat.defender is not None
        d = combat.defender
        self.add_log("defend", kind="action", player=d, seat=self._seat(d),
                     n=len(combat.defender_cards),
                     cards=self._terms(combat.defender_cards) or "—")
        self._reveal()
        self._left_hand(d, combat.defender_cards)
        by_id = self.cards.card_by_id
        combat.bombings = [
            (side, cid) for side, ids in (("attacker", combat.attacker_cards),
                                          ("defender", combat.defender_cards))
            for cid in ids if isinstance(c := by_id[cid], EventCard) and c.interceptable]
        self._next_bombing()

    def _reveal(self) -> None:
        combat = self.combat
        assert combat is not None
        a = combat.attacker
        if self.known_held[a]:  # (else nothing to forget: one call fewer)
            self._left_hand(a, combat.attacker_cards)
        if not self.quiet:
            (self._writable_log() if self._log_shared else self.log).append(_ENTRY(
                "reveal", {"seat": self.game.seat_terms[a],
                           "cards": self._terms(combat.attacker_cards)}, a, None, "event"))

    def _left_hand(self, p: int, cids: Iterable[str]) -> None:
        """Cards everyone saw leave seat ``p``'s hand: no longer known to be held there."""
        known = self.known_held[p]
        if not known:
            return
        if self._borrowed & _KNOWN:  # (inline _known_lists: the common case is no known card)
            lists = self.known_held = list(map(list.copy, self.known_held))
            self._borrowed &= ~_KNOWN
            known = lists[p]
        for cid in cids:
            if cid in known:
                known.remove(cid)

    def _fighters(self, p: int) -> list[str]:
        fighters = self.game.card_tables.fighters
        return [c for c in self.hands[p] if c in fighters]

    def _next_bombing(self) -> None:
        """Ask the next interception question, or resolve the combat."""
        combat = self.combat
        assert combat is not None
        while combat.bombings:
            side, cid = combat.bombings[0]
            answerer = combat.defender if side == "attacker" else combat.attacker
            if answerer is not None and self._fighters(answerer):
                combat.stage = "intercept"
                self.phase = "intercept"
                self.actor = self.current_player = answerer
                self.add_log("may_intercept", kind="narration", player=answerer,
                             seat=self._seat(answerer), card=self._term(cid))
                return
            combat.bombings = combat.bombings[1:]
        self._roll_and_resolve()

    def _answer_bombing(self, p: int, action: Intercept | NoIntercept) -> None:
        combat = self.combat
        assert combat is not None
        side, bomb = combat.bombings[0]
        combat.bombings = combat.bombings[1:]
        if isinstance(action, NoIntercept):
            self.add_log("no_intercept", kind="action", player=p, seat=self._seat(p),
                         card=self._term(bomb))
        else:
            fighter = self.cards.card(action.card)
            self.hands[p].remove(fighter.id)
            self._left_hand(p, [fighter.id])
            combat.interceptors = [*combat.interceptors, (p, fighter.id)]
            face = self._rng().randint(1, self.cards.die_sides)
            combat.rolls = [*combat.rolls, (fighter.id, "intercept", face, fighter.strength)]
            ok = face <= fighter.strength
            self.add_log("intercept", kind="action", player=p, seat=self._seat(p),
                         card=fighter.name, bomb=self._term(bomb), face=face,
                         strength=fighter.strength)
            if ok:
                combat.cancelled = [*combat.cancelled, (side, bomb)]
                self.add_log("intercept_ok", kind="narration", face=face,
                             strength=fighter.strength, bomb=self._term(bomb))
            else:
                self.add_log("intercept_fail", kind="narration", face=face,
                             strength=fighter.strength, bomb=self._term(bomb))
        self._next_bombing()

    def _neutral_defence(self) -> None:
        combat = self.combat
        assert combat is not None
        power = self.game.cards.territory_by_id[combat.target].power
        drawn: list[str] = []
        while len(drawn) < power:
            if not self.pile:
                if self.game.options.neutral_short == "reshuffle" and self.discard:
                    pile = self._discard_list()  # its own list: it becomes the pile
                    self.discard = []
                    self.pile = pile
                    self._borrowed &= ~_PILE  # a list of its own now
                    self._rng().shuffle(pile)
                    self.add_log("reshuffle", kind="narration", n=len(self.pile))
                    continue
                self.add_log("neutral_short", kind="narration", n=len(drawn), power=power)
                break
            drawn.extend(self._draw_up_to(power - len(drawn)))
        combat.neutral_drawn = drawn
        tables = self.game.card_tables
        counting = tables.neutral_counting
        combat.neutral_counted = list(filter(counting.__contains__, drawn))  # (no comprehension)
        if self.quiet:
            return
        removed = list(filterfalse(counting.__contains__, drawn))
        log = (self._writable_log() if self._log_shared else self.log)
        log.append(_ENTRY("neutral_draw", {"target": tables.territory_names[combat.target],
                                           "power": power, "cards": self._terms(drawn) or "—"},
                          None, None, "event"))
        if removed:
            log.append(_ENTRY("neutral_removed", {"cards": self._terms(removed)}, None, None,
                              "narration"))

    def _side_total(self, ids: list[str], side: str, roller: int | None,
                    cancelled: list[tuple[str, str]]) -> int:
        """The strength of one side's cards (rolling their dice), less the ``cancelled`` ones
        (each cancels one copy and is used up)."""
        combat = self.combat
        assert combat is not None
        cards = self.game.cards
        by_id = cards.card_by_id
        route = combat.route
        neutral = side == "neutral"
        quiet = self.quiet
        fixed = self.game.card_tables.fixed_value[route, neutral]
        total = 0
        for cid in ids:
            card = by_id[cid]
            if cancelled and (side, cid) in cancelled:
                cancelled.remove((side, cid))
                continue
            if card.die is not None and (not neutral or card.kind != "navy"
                                         or route != "land"):
                face = self._rng().randint(1, cards.die_sides)
                value = card_value(card, face=face, route=route, neutral=neutral)
                combat.rolls.append((cid, side, face, value))
                if not quiet:
                    (self._writable_log() if self._log_shared else self.log).append(_ENTRY(
                        "roll", {"seat": self.game.seat_terms[roller] if roller is not None
                                 else "—",
                                 "card": card.name, "face": face, "value": value},
                        roller, None, "event"))
            else:
                value = fixed[cid]
            if neutral and not quiet and isinstance(card, WeaponCard) \
                    and card.kind == "navy" and route == "land":
                self.add_log("neutral_navy_zero", kind="narration", card=card.name)
            total += value
        return total

    def _roll_and_resolve(self) -> None:
        combat = self.combat
        assert combat is not None
        game = self.game
        tables = game.card_tables
        seats = game.seat_terms
        names = tables.territory_names
        quiet = self.quiet
        combat.rolls = [*combat.rolls]  # shared with the state this one was cloned from
        cancelled = list(combat.cancelled)
        route = combat.route
        rolling, fixed = tables.rolling, tables.fixed_value
        # A side with no die to roll and nothing cancelled counts its fixed values, summed in C
        # (inline: no _side_total call, no loop; a neutral's navy by land goes there to be logged)
        ids = combat.attacker_cards
        if cancelled or not rolling[route, False].isdisjoint(ids):
            combat.attacker_total = self._side_total(ids, "attacker", combat.attacker, cancelled)
        else:
            combat.attacker_total = sum(map(fixed[route, False].__getitem__, ids))
        if combat.defender is None:
            right = (combat.attacker - 1) % len(self.hands)  # (inline right_hand)
            ids = combat.neutral_counted
            if not quiet and not tables.dice.isdisjoint(ids):
                self.add_log("right_hand_rolls", kind="narration", seat=seats[right],
                             attacker=seats[combat.attacker])
            if cancelled or not rolling[route, True].isdisjoint(ids) or (
                    not quiet and route == "land" and not tables.navies.isdisjoint(ids)):
                combat.defender_total = self._side_total(ids, "neutral", right, cancelled)
            else:
                combat.defender_total = sum(map(fixed[route, True].__getitem__, ids))
        else:
            ids = combat.defender_cards
            if cancelled or not rolling[route, False].isdisjoint(ids):
                combat.defender_total = self._side_total(ids, "defender", combat.defender,
                                                         cancelled)
            else:
                combat.defender_total = sum(map(fixed[route, False].__getitem__, ids))
        won = combat.attacker_total > combat.defender_total
        combat.winner = "attacker" if won else "defender"
        combat.stage = "resolved"
        if not quiet:
            d_name: Any = (seats[combat.defender] if combat.defender is not None
                           else names[combat.target])
            key = "combat_won" if won else (
                "combat_tie" if combat.attacker_total == combat.defender_total
                else "combat_lost")
            (self._writable_log() if self._log_shared else self.log).append(_ENTRY(
                key, {"seat": seats[combat.attacker], "defender": d_name,
                      "target": names[combat.target], "a": combat.attacker_total,
                      "d": combat.defender_total}, None, None, "event"))
        halves = tables.halves_score
        if not (halves.isdisjoint(combat.attacker_cards)
                and halves.isdisjoint(combat.defender_cards)):
            self._note_atomic_bombs(combat)
        # cards back to hand or to the discard pile
        winner_seat = combat.attacker if won else combat.defender
        held = combat.attacker_held if won else combat.defender_held
        mine = combat.attacker_cards if won else combat.defender_cards
        theirs = combat.defender_cards if won else combat.attacker_cards
        producer = tables.producer
        fighters_back: list[tuple[int, str]] = []
        for who, cid in combat.interceptors:
            producer_rule = game.options.fighter_return == "producer"
            who_held = (combat.attacker_held if who == combat.attacker
                        else combat.defender_held)
            if (who == winner_seat or producer_rule) and producer.get(cid) in who_held:
                fighters_back.append((who, cid))
        discard = self.discard
        if self._borrowed & _DISCARD:  # (inline _discard_list: one call fewer)
            discard = self.discard = [*discard]
            self._borrowed &= ~_DISCARD
        discard.extend(theirs)
        discard.extend(combat.neutral_drawn)
        loser_seat = combat.defender if won else combat.attacker
        if not quiet and loser_seat is not None and not tables.weapons.isdisjoint(theirs):
            (self._writable_log() if self._log_shared else self.log).append(_ENTRY(
                "loser_discards", {"seat": seats[loser_seat]}, None, None, "narration"))
        kept: list[str] = []
        for cid in mine:
            if winner_seat is not None and producer.get(cid) in held:
                self.hands[winner_seat].append(cid)
                self._known_lists()[winner_seat].append(cid)
                kept.append(cid)
                if not quiet:
                    (self._writable_log() if self._log_shared else self.log).append(_ENTRY(
                        "returned", {"seat": seats[winner_seat],
                                     "card": tables.card_names[cid],
                                     "producer": names[producer[cid]]},
                        None, None, "narration"))
            else:
                discard.append(cid)
        for who, cid in combat.interceptors:
            if (who, cid) in fighters_back:
                self.hands[who].append(cid)
                self._known_lists()[who].append(cid)
                kept.append(cid)
                if not quiet:
                    self.add_log("fighter_back", kind="narration", seat=self._seat(who),
                                 card=self._term(cid), producer=self._tterm(producer[cid]))
            else:
                discard.append(cid)
        combat.returned = kept
        if won:
            if not quiet and combat.target in tables.producers and any(
                    c not in kept and producer.get(c) == combat.target for c in mine):
                self.add_log("not_yet_producer", kind="narration",
                             target=self._tterm(combat.target))
            loser = combat.defender
            self._owner_dict()[combat.target] = combat.attacker
            if not quiet and loser is not None and self.is_revolutionary(loser):
                self.add_log("revolutionary", kind="narration", seat=self._seat(loser))
        self.last_combat = combat
        self.combat = None
        self._after_action()

    def _note_atomic_bombs(self, combat: Combat) -> None:
        """Mark the seats that used an atomic bomb in ``combat`` (their score is halved)."""
        halves = self.game.card_tables.halves_score
        for side_cards, user in ((combat.attacker_cards, combat.attacker),
                                 (combat.defender_cards, combat.defender)):
            if user is None or halves.isdisjoint(side_cards):
                continue
            for cid in side_cards:
                if cid in halves and not self.atomic_used[user]:
                    if self._borrowed & _ATOMIC:
                        self.atomic_used = [*self.atomic_used]
                        self._borrowed &= ~_ATOMIC
                    self.atomic_used[user] = True
                    self.add_log("atomic_used", kind="narration", player=user,
                                 seat=self._seat(user), card=self._term(cid))

    # -- views and invariants ------------------------------------------------------------------
    def view(self, player: int | None) -> RekkyoView:
        """What ``player`` may see (``None``: the teacher)."""
        n = self.game.players
        hands = tuple(tuple(self._sorted_list(h)) if player is None or player == p else None
                      for p, h in enumerate(self.hands))
        unseen = Counter(self.pile) if player is None else self._hidden_from(player)
        seats = range(n) if player is None else (player,)
        pools = tuple(self._pile_pool(q) if q in seats else None for q in range(n))
        return RekkyoView(
            **self.base_view_fields(player),
            reconstruction_note=self.cards.note.text(self.game.lang),
            phase=self.phase,
            turn=self.turn,
            turn_player=None if self.phase == "over" else self.turn_player,
            owners=dict(self.owner),
            home=tuple(tuple(h) for h in self.home),
            hands=hands,
            hand_sizes=tuple(len(h) for h in self.hands),
            hand_limit=self.cards.hand_limit,
            draw_pile_size=len(self.pile),
            discard_pile=tuple(self.discard),
            unseen={k: unseen[k] for k in self._sorted_ids(list(unseen))},
            revolutionary=tuple(self.is_revolutionary(p) for p in range(n)),
            atomic_used=tuple(self.atomic_used),
            scores=tuple(self.power(p) for p in range(n)),
            combat=self._combat_view(self.combat, player),
            last_combat=self._combat_view(self.last_combat, player),
            draw_pile=tuple(self.pile) if player is None else None,
            pile_pools=pools,
            options={k: v if k == "cards" else str(v)
                     for k, v in self.game.options.to_dict().items()},
        )

    def _shown_attack(self, c: Combat) -> tuple[str, ...]:
        """The attacker's cards others see before the reveal: none, unless open cards go face
        up (option ``attack_open_cards``)."""
        if not self._open_face_up():
            return ()
        return tuple(x for x in c.attacker_cards if self.cards.card(x).open)

    def _hidden_from(self, q: int) -> Counter[str]:
        """The cards whose place seat ``q`` does not know: the pile, the other hands and the
        face-down combat cards of others."""
        hidden: Counter[str] = Counter(self.pile)
        for r, hand in enumerate(self.hands):
            if r != q:
                hidden.update(hand)
        c = self.combat
        if c is not None and c.stage in ("attack", "defend"):
            if c.attacker != q:
                shown = self._shown_attack(c)
                hidden.update(x for x in c.attacker_cards if x not in shown)
            if c.defender != q:
                hidden.update(c.defender_cards)
        return hidden

    def _pile_pool(self, q: int) -> dict[str, int]:
        """The cards seat ``q`` cannot rule out of the draw pile: those hidden from ``q``, less
        the weapons everyone saw go back to another seat's hand and not leave it since."""
        pool = self._hidden_from(q)
        for r, known in enumerate(self.known_held):
            if r != q:
                pool.subtract(known)
        return {k: pool[k] for k in self._sorted_ids(list(+pool))}

    def _sorted_list(self, ids: list[str]) -> list[str]:
        order = self.game.card_order
        return sorted(ids, key=order.__getitem__)

    def _combat_view(self, c: Combat | None, player: int | None) -> CombatView | None:
        if c is None:
            return None
        revealed = c.stage not in ("attack", "defend")
        see_att = revealed or player is None or player == c.attacker
        see_def = revealed or player is None or player == c.defender
        pending = c.bombings[0][1] if c.stage == "intercept" and c.bombings else None
        return CombatView(
            attacker=c.attacker,
            defender=c.defender,
            target=c.target,
            route=c.route,
            stage=c.stage if c.stage != "committed" else "resolved",
            attacker_count=len(c.attacker_cards),
            attacker_cards=tuple(c.attacker_cards) if see_att else None,
            attacker_open=self._shown_attack(c) if not revealed else tuple(
                x for x in c.attacker_cards if self.cards.card(x).open),
            defender_count=len(c.defender_cards),
            defender_cards=tuple(c.defender_cards) if see_def else None,
            neutral_drawn=tuple(c.neutral_drawn),
            neutral_counted=tuple(c.neutral_counted),
            rolls=tuple(c.rolls),
            pending_bombing=pending,
            interceptors=tuple(x for _, x in c.interceptors),
            cancelled=tuple(x for _, x in c.cancelled),
            attacker_total=c.attacker_total,
            defender_total=c.defender_total,
            winner=c.winner,
            returned=tuple(c.returned),
        )

    def check_invariants(self) -> None:
        """Every action card in exactly one place; every territory held by one seat or neutral."""
        places: Counter[str] = Counter(self.pile) + Counter(self.discard)
        for h in self.hands:
            places.update(h)
        c = self.combat
        if c is not None:
            places.update(c.attacker_cards)
            places.update(c.defender_cards)
            places.update(x for _, x in c.interceptors)
            assert not c.neutral_drawn, "a neutral's cards stay on the table only while resolving"
        for r, known in enumerate(self.known_held):
            with_r = Counter(self.hands[r])
            if c is not None and c.attacker == r:
                with_r.update(c.attacker_cards)
            if c is not None and c.defender == r:
                with_r.update(c.defender_cards)
            assert not Counter(known) - with_r, f"seat {r} is known to hold cards it has not"
        expected = Counter(self.cards.counts)
        assert places == expected, (
            f"cards out of place: extra {dict(places - expected)}, "
            f"missing {dict(expected - places)}"
        )
        assert sum(places.values()) == len(self.cards.deck)
        assert list(self.owner) == [t.id for t in self.cards.territories], "owner order"
        n = self.game.players
        for t, o in self.owner.items():
            assert o is None or 0 <= o < n, f"{t} held by unknown seat {o!r}"
        if self.phase in ("action", "attack", "discard"):
            assert self.actor == self.turn_player
        if self.phase in ("attack", "defend", "intercept"):
            assert c is not None
        else:
            assert c is None

    def sample_world(self, player: int, rng: Rng | int) -> RekkyoState:
        """A state consistent with what ``player`` sees: the others' hands, their face-down
        combat cards and the draw pile dealt anew (see
        :func:`gamelib.rekkyo.search.resample_hidden` for what is kept)."""
        from gamelib.rekkyo.search import resample_hidden

        world, deal = self._world_base(player, rng)
        resample_hidden(self, world, player, deal)
        world._legal = None  # hands and combat cards dealt anew
        return world

    # -- copy-on-write: the fields a twin may share, made this state's own before a change --------
    def _discard_list(self) -> list[str]:
        if self._borrowed & _DISCARD:
            self.discard = [*self.discard]
            self._borrowed &= ~_DISCARD
        return self.discard

    def _owner_dict(self) -> dict[str, int | None]:
        if self._borrowed & _OWNER:
            self.owner = {**self.owner}
            self._borrowed &= ~_OWNER
        return self.owner

    def _known_lists(self) -> list[list[str]]:
        """The known cards, each seat's list and the list of them this state's own."""
        if self._borrowed & _KNOWN:
            self.known_held = list(map(list.copy, self.known_held))
            self._borrowed &= ~_KNOWN
        return self.known_held

    def _rng(self) -> Rng:
        if self._borrowed & _RNG:
            self.rng = self.rng.copy()
            self._borrowed &= ~_RNG
        return self.rng

    def clone(self) -> RekkyoState:
        """A fast independent copy: the hands and the combat in progress are copied; the game,
        the territories' homes, the log entries and resolved combats are shared (never
        mutated), and the rest until one of the two twins changes it
        (copy-on-write, see the class docstring). The remembered legal actions go with it (the
        same state): a caller that deals a clone's hands or combat cards anew sets its
        ``_legal`` to ``None`` (as :meth:`sample_world` does)."""
        new = object.__new__(RekkyoState)
        # attribute by attribute (the core's, then this state's, as __init__ sets them): the
        # clone keeps the interpreter's inline values, so its attributes and methods load
        # through specialised instructions (a copied __dict__ makes each self.method() a
        # generic look-up); a test ties this list to the attributes a state has
        new.game = self.game
        new.seed = self.seed
        new.rng = self.rng
        new._history = history = self._history
        new.log = self.log
        new.quiet = self.quiet
        new.owner = self.owner
        new.home = self.home
        hands = self.hands
        if len(hands) == 2:  # (the commonest table, unrolled: no map)
            first, second = hands
            new.hands = [first[:], second[:]]
        else:
            new.hands = list(map(list.copy, hands))
        new.pile = self.pile
        new.discard = self.discard
        new.phase = self.phase
        new.turn_player = self.turn_player
        new.actor = self.actor
        new.current_player = self.current_player
        new.turn = self.turn
        combat = self.combat
        new.combat = combat.copy() if combat is not None else None
        new.last_combat = self.last_combat
        new.atomic_used = self.atomic_used
        new.soviet_start = self.soviet_start
        new.last_card_drawn = self.last_card_drawn
        new.known_held = self.known_held
        try:  # the same legal actions (never handed out, so shared): play applies at once
            new._legal = self._legal
        except AttributeError:  # a state made without __init__ or clone (unpickled, copied)
            new._legal = None
        # the twin takes the history and log lists, this state keeps a view of each (inline
        # share_log and LogPrefix(log): two calls fewer)
        if type(history) is list:
            self._history = history_of(history)
        log = new.log
        if self._log_shared or type(log) is not list:
            new._log_shared = True
        else:
            new._log_shared = False
            prefix = _new_prefix(LogPrefix)
            prefix._items, prefix._n = log, len(log)
            self.log = prefix  # type: ignore[assignment]  # read-only until replaced
        self._log_shared = True
        new._borrowed = self._borrowed = _SHARED
        return new


_STEPS: dict[type, Any] = {
    AddCard: RekkyoState._add_card,
    Commit: RekkyoState._commit,
    Invade: RekkyoState._start_invasion,
    Pass: RekkyoState._apply_pass,
    Defend: RekkyoState._defend,
    Intercept: RekkyoState._answer_bombing,
    NoIntercept: RekkyoState._answer_bombing,
    Discard: RekkyoState._apply_discard,
    PlayEvent: RekkyoState._play_event,
}
"""How ``_apply`` moves a state on, by the action's type (one dict look-up, not a chain of
``isinstance`` tests): each takes the state, the acting seat and the action."""
_ADD_CARD = RekkyoState._add_card
"""The step that updates the legal actions from those before it (``_apply`` keeps them)."""


def _fmt(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:.1f}"
