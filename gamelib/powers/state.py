"""The rules of Powers: set-up, rounds (disarmament, mobilization, country), every phase.

Copying and logging (the fast path): :meth:`PowersState.clone` copies only the lists ``_apply``
changes in place (hands, deck, discards), hands its log and history lists to the twin (keeping a
view of each, as :meth:`~gamelib.core.State.share_log` does) and shares everything else (cards are
ints, the occupation and defence records are immutable named tuples, log entries are immutable);
the other containers (cards in front, owed refills, owners, folds, the ladder, the round cards) are
never changed in place, only replaced (copy on write), so clones share them; so is the ``rng``,
which a reshuffle copies before drawing. ``current_player`` and each seat's ``points`` are fields
kept as the game moves, not recomputed; :meth:`PowersState.apply_in_place` runs the action, the
automatic steps and the history in one call, and the invasion's playable cards are those of the
hand in a table of the card codes that beat the top (by country). The legal actions of a position
are remembered (``_legal``, a :attr:`State._caches` entry reset by ``_advance``), so
:func:`gamelib.play`'s legality check is an identity scan. Log entries are the core's lazy
:class:`~gamelib.core.LogEntry` from the catalog named ``"powers"``, rendered when read; a
``quiet`` state builds none of them, nor their parameters. The hot loop uses precomputed tables
(shared action instances and texts, seat orders, neighbours) and keeps the bidding ladder as
plain tuples: :attr:`PowersState.ladder` makes the :class:`Bid` records, with the explanation of
each strength, only when someone reads them.

A country round runs 徴兵 conscription → 侵略 invasion → 占領 occupation → 防衛 defence
(→ 再編 reorganisation in the magazine rules). Automatic steps (draws, reveals, reshuffles) run
inside :meth:`PowersState._advance` until a player must choose; every step is logged with why.

Card places (each playing card is in exactly one): ``deck`` (top = end of the list), ``hands``,
``front`` (played in invasion/defence, in front of the player), ``discards`` (public),
``removed`` (the Kings in 電撃戦).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from gamelib.core import LogEntry, Outcome, Rng, State, Term
from gamelib.core.history import history_of
from gamelib.core.log import entry_maker
from gamelib.core.log_prefix import LogPrefix
from gamelib.core.messages import CORE
from gamelib.powers.actions import (
    DECLINE,
    DISCARD,
    FOLD,
    JOKER_PLAY,
    PASS,
    PAY,
    PLAY,
    Decline,
    Defend,
    Discard,
    Fold,
    PassRight,
    Pay,
    Play,
    PowersAction,
    action_label,
    defend,
    parse_action,
)
from gamelib.powers.data import (
    CARD_TERMS,
    COUNTRIES,
    COUNTRY_KEYS,
    DISARMAMENT,
    HAND_SIZE,
    MAGAZINE_COSTS,
    MOBILIZATION,
    WIN_POINTS,
    Card,
    country_name,
    home_letters,
    occupation_cost,
    playing_cards,
    round_card_name,
    round_deck,
)
from gamelib.powers.messages import MESSAGES
from gamelib.powers.search import sample_world as _sample_world
from gamelib.powers.strength import (
    adjacent_owned,
    card_strength,
    explain_strength,
    magazine_defences,
    poker_value,
)
from gamelib.powers.view import Bid, DefenceInfo, OccupationInfo, PowersView

if TYPE_CHECKING:
    from gamelib.powers.game import PowersGame, PowersOptions

__all__ = ["PowersState"]

_SUIT_RULE = {
    "island": Term(
        "{c} is an island: only ♥ ♦ and Jokers may be played",
        "{c}は島国: 出せるのはハート・ダイヤ・ジョーカーのみ",
    ),
    "landlocked": Term(
        "{c} is landlocked: only ♠ ♣ and Jokers may be played",
        "{c}は内陸国: 出せるのはスペード・クラブ・ジョーカーのみ",
    ),
}


class _Occupation(NamedTuple):
    """The occupation in progress (immutable: clones share it; ``_record`` makes the next)."""

    country: str
    invader: int
    holder: int
    start_cost: int
    cost: int
    passes: int
    paid: tuple[Card, ...] = ()


class _Defence(NamedTuple):
    """The defence phase in progress (immutable, like :class:`_Occupation`)."""

    country: str
    occupier: int
    remaining: tuple[str, ...]
    neighbour: str | None = None
    defender: int | None = None
    results: tuple[tuple[str, str], ...] = ()


_record = tuple.__new__
"""``_record(_Occupation, fields)``: the record made without the named tuple's ``__new__`` (a
Python call); every field given, in order."""

# The cards each country accepts in an invasion (islands ♥ ♦, landlocked ♠ ♣, Jokers always).
_ACCEPTED = {k: frozenset(c for c in playing_cards() if COUNTRIES[k].accepts(c))
             for k in COUNTRY_KEYS}
_PAY_OF = PAY.__getitem__
_DISCARD_OF = DISCARD.__getitem__
_PLAY_OF = PLAY.__getitem__


def _playable(accepted: frozenset[Card]) -> tuple[frozenset[Card], ...]:
    """For each ``low`` 0…56, the cards of ``accepted`` a play may beat it with: a Joker or an
    Ace (codes below 8) or a card whose code is at least ``low`` (see :meth:`_plays`)."""
    return tuple(frozenset(c for c in accepted if c < 8 or c >= low) for low in range(57))


_BY_ACCEPTED = {a: _playable(a) for a in set(_ACCEPTED.values())}
_PLAYABLE = {k: _BY_ACCEPTED[a] for k, a in _ACCEPTED.items()}
"""The cards that beat ``low``, by country then ``low`` (countries of a terrain share one)."""
_NO_BONUS: tuple[str, ...] = ()
_NEIGHBOURS = {k: COUNTRIES[k].neighbours for k in COUNTRY_KEYS}
_POINTS = {k: COUNTRIES[k].points for k in COUNTRY_KEYS}
_NAMES = {r: {k: country_name(k, r) for k in COUNTRY_KEYS} for r in ("base", "magazine", "refill")}
"""Country names (terms) under each rule set."""
_ROUND_NAMES = {r: {k: round_card_name(k, r) for k in round_deck(2)} for r in _NAMES}
"""Round card names (terms) under each rule set."""

_DEFEND_ONE = {c: defend((c,)) for c in playing_cards() if c.is_face}
"""The base rules' defences with one face card, by card."""

_BidRow = tuple[int, Card, "int | None", int, tuple[str, ...], int]
"""A card on the ladder as the rules keep it: player, card, strength, base, the owned neighbours
giving a bonus, and the strength it was played over (see :class:`Bid`, made from it when read)."""


@functools.lru_cache(maxsize=64)
def _start_costs(n: int, rules: str, final: bool) -> dict[str, int]:
    """The occupation cost each country starts at (shared by the states of a game: read only)."""
    return {k: occupation_cost(k, n, rules, magazine_costs_final=final) for k in COUNTRY_KEYS}


@functools.lru_cache(maxsize=256)
def _seat_tables(seats: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Each seat's clockwise order starting with it, and the seat after it, for ``seats`` in
    clockwise order (shared by the states seated so: read only)."""
    n = len(seats)
    orders: list[tuple[int, ...]] = [()] * n
    after = [0] * n
    for i, p in enumerate(seats):
        orders[p] = seats[i:] + seats[:i]
        after[p] = seats[(i + 1) % n]
    return tuple(orders), tuple(after)


@functools.lru_cache(maxsize=512)
def _cost_reason(c: str, cost: int, n: int, magazine: bool) -> Term:
    """Why ``c`` starts at ``cost`` with ``n`` players, step by step as it was computed."""
    printed = COUNTRIES[c].cost
    table = MAGAZINE_COSTS.get(c, {}).get(n) if magazine else None
    en, ja = [f"printed cost {printed}"], [f"記載コスト{printed}"]
    if table is not None:
        en.append(f"the magazine table says {table} with {n} players")
        ja.append(f"雑誌の調整で{n}人プレイは{table}")
    if cost < (printed if table is None else table):
        en.append("1 less with 2–3 players")
        ja.append("2〜3人プレイでは1下がる")
    if len(en) == 1:
        return Term(en[0], ja[0])
    return Term("; ".join(en) + f" → {cost}", "、".join(ja) + f" → {cost}")


@functools.lru_cache(maxsize=128)
def _terrain_rule(c: str, rules: str) -> Term:
    """What an island or a landlocked country ``c`` accepts, in both languages."""
    t = _SUIT_RULE[COUNTRIES[c].terrain]
    name = country_name(c, rules)
    return Term(t.en.format(c=name.en), t.ja.format(c=name.ja))


@functools.lru_cache(maxsize=128)
def _skipped(nb: str, rules: str, unowned: bool) -> Term:
    """A neighbour the defence phase skips, and why."""
    t = country_name(nb, rules)
    why = _SKIP_UNOWNED if unowned else _SKIP_OWN
    return Term(f"{t.en} ({why[0]})", f"{t.ja}({why[1]})")


class _Front:
    """A player's cards in front of them, named in a log entry (rendered when read)."""

    __slots__ = ("cards", "player")

    def __init__(self, player: int, cards: tuple[Card, ...]) -> None:
        self.player = player
        self.cards = cards

    def text(self, lang: str) -> str:
        return f"{_SEATS[self.player].text(lang)}: {_Cards(self.cards).text(lang)}"

    def __reduce__(self) -> tuple[type[_Front], tuple[int, tuple[Card, ...]]]:
        return (_Front, (self.player, self.cards))


class _Why:
    """Why a played card has its strength, rendered (:func:`explain_strength`) only when read."""

    __slots__ = ("args",)

    def __init__(self, *args: Any) -> None:
        self.args = args

    def text(self, lang: str) -> str:
        return explain_strength(*self.args).text(lang)

    def __reduce__(self) -> tuple[type[_Why], tuple[Any, ...]]:
        return (_Why, self.args)


class PowersState(State[PowersAction]):
    """A moment of a game of Powers (see the module docstring for the card places)."""

    game: PowersGame
    _caches = frozenset({"_legal"})
    #: The seat to act, or ``None`` once the game is over: a field kept by :meth:`_advance`.
    current_player: int | None = None

    def __init__(self, game: PowersGame, seed: int, rng: Rng, *, setup: bool = True) -> None:
        super().__init__(game, seed, rng)
        o = game.opts
        n = o.players
        self.n = n
        self.rules = o.rules
        self.magazine = o.rules != "base"
        self.blitz = o.blitzkrieg
        self.lead_ace = o.lead_ace
        self.uncontested_wins = o.uncontested == "wins"
        self.seating: list[int] = list(range(n))
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.deck: list[Card] = list(playing_cards(without_kings=self.blitz))
        self.removed: list[Card] = (
            [c for c in playing_cards() if c.rank == 13] if self.blitz else []
        )
        self.discards: list[Card] = []
        # The cards the deck was rebuilt from at the last reshuffle (public: they were the
        # discard pile), ``None`` before any: the deck holds only such cards (sample_world).
        self.deck_source: frozenset[Card] | None = None
        self.front: list[list[Card]] = [[] for _ in range(n)]
        self.owed = [0] * n
        self.owners: dict[str, int] = {}
        # Each seat's points (the countries it owns), kept as owners change (copy on write).
        self.points = [0] * n
        self.homes: dict[int, str] = {}
        self.round_deck: list[str] = round_deck(n, blitzkrieg=self.blitz)
        self.rounds_played: list[str] = []
        self.round_card: str | None = None
        self.lost: list[str] = []
        self.initiative = 0
        self.phase = "setup"
        self.to_move: int | None = None
        self.to_discard: dict[int, int] = {}
        self._bids: list[_BidRow] = []
        self.top = 0
        self.folded = [False] * n
        self.invasion_winner: int | None = None
        self._invasion_turn = 0
        self.occ: _Occupation | None = None
        self.dfn: _Defence | None = None
        self.result: Outcome | None = None
        self.start_costs = _start_costs(n, self.rules, o.magazine_costs_final)
        self._names = _NAMES[self.rules]
        self._legal: tuple[PowersAction, ...] | None = None
        if len(_MEMO) > _MEMO_LIMIT:  # (the shared log entries: bounded, see _MEMO)
            _MEMO.clear()
        self._seat()
        if setup:
            self._setup()
            self._advance()

    # -- small helpers ---------------------------------------------------------------------
    @property
    def opts(self) -> PowersOptions:
        """The game's options."""
        return self.game.opts

    def seat(self, p: int) -> Term:
        """A seat's name as a term (both languages)."""
        return _SEATS[p]

    def cname(self, key: str) -> Term:
        """A country's name under this rule set."""
        return self._names[key]

    def _seat(self) -> None:
        """Make the seat-order tables from :attr:`seating` (call after changing it)."""
        self._orders, self._after = _seat_tables(tuple(self.seating))

    def order_from(self, p: int) -> tuple[int, ...]:
        """All seats in clockwise order starting with ``p``."""
        return self._orders[p]

    def next_seat(self, p: int) -> int:
        """The seat clockwise after ``p``."""
        return self._after[p]

    @property
    def ladder(self) -> list[Bid]:
        """The bidding ladder of the invasion in progress, in play order (made when read)."""
        rules = self.rules
        return [
            Bid(p, card, s, base, len(bonus), bonus, card >> 2 == 1,
                explain_strength(card, top, bonus, s, rules))
            for p, card, s, base, bonus, top in self._bids
        ]

    def score(self, p: int) -> int:
        """Points of the countries ``p`` owns."""
        return self.points[p]

    def _rescore(self) -> None:
        """Count :attr:`points` again from :attr:`owners` (after setting owners by hand)."""
        points = [0] * self.n
        for k, o in self.owners.items():
            points[o] += _POINTS[k]
        self.points = points

    def _cards(self, cards: list[Card] | tuple[Card, ...]) -> _Cards:
        return _Cards(tuple(cards))

    def _log(self, key: str, *, kind: str = "event", player: int | None = None,
             **params: Any) -> None:
        # (the entries of nearly every step are appended directly, as ``_ENTRY(key, params,
        # player, None, kind)``: a call with ``**params`` costs about four plain ones)
        if not self.quiet:
            self.log.append(_ENTRY(key, params, player, None, kind))

    # -- drawing ---------------------------------------------------------------------------
    def _draw(self, p: int, k: int, why: str = "draw") -> None:
        """``p`` draws ``k`` cards, rebuilding the deck from the discards when it runs out."""
        deck = self.deck
        if 0 < k <= len(deck):  # the common case: nothing to rebuild
            if k == 1:
                card = deck.pop()
                self.hands[p].append(card)
                if self.quiet:
                    return
                got: list[Card] | tuple[Card, ...] = (card,)
            else:
                got = deck[: -k - 1 : -1]
                del deck[-k:]
                self.hands[p].extend(got)
                if self.quiet:
                    return
        else:
            got = []
            for _ in range(k):
                if not self.deck:
                    if not self.discards:
                        self._log("deck_exhausted", kind="narration")
                        break
                    self.deck = self.discards
                    self.deck_source = frozenset(self.deck)
                    self.discards = []
                    self.rng = self.rng.copy()  # clones share it until it is used
                    self.rng.shuffle(self.deck)
                    self._log("reshuffle", count=len(self.deck), kind="narration")
                got.append(self.deck.pop())
            self.hands[p].extend(got)
            if self.quiet or not got:
                return
        log = self.log
        if len(got) == 1:  # (a card drawn alone: the entries are shared, made once)
            if why != "conscription":
                log.append(_DRAW_PUBLIC_ONE[why][p])
            log.append(_DRAW_PRIVATE_ONE[p][got[0]])
            return
        log.append(_ENTRY("draw_public", {
            "who": _SEATS[p], "count": len(got), "why": _DRAW_WHY[why],
        }, p, None, "event"))
        log.append(_ENTRY("draw_private", {"who": _SEATS[p], "cards": _Cards(tuple(got))}, p,
                          _ONLY[p]))

    def _discard_front(self, players: Sequence[int] | None = None) -> None:
        moved: list[_Front] = []
        front = self.front = self.front.copy()  # clones share it (copy on write)
        for p in players if players is not None else self._orders[self.initiative]:
            if front[p]:
                if not self.quiet:
                    moved.append(_Front(p, tuple(front[p])))
                self.discards.extend(front[p])
                front[p] = []
        if moved:  # (only when not quiet)
            self.log.append(_ENTRY("front_discard", {"moved": moved}, None, None, "event"))

    # -- set-up ----------------------------------------------------------------------------
    def _setup(self) -> None:
        rng = self.rng
        n = self.n
        if self.blitz:
            self._log("blitz_kings", kind="narration")
        # Flip for seating: strongest poker card first; tied players flip again (ruling).
        rng.shuffle(self.deck)
        quiet = self.quiet
        groups = [list(range(n))]
        while any(len(g) > 1 for g in groups):
            new_groups: list[list[int]] = []
            for g in groups:
                if len(g) == 1:
                    new_groups.append(g)
                    continue
                top = rng.top_of_shuffled(self.deck, len(g))
                vals = {}
                for p, card in zip(g, top, strict=True):
                    vals[p] = poker_value(card)
                    if not quiet:
                        entry = _MEMO.get(mk := ("flip", p, card))
                        if entry is None:
                            entry = _MEMO[mk] = _ENTRY("flip", {
                                "who": _SEATS[p], "card": CARD_TERMS[card],
                            }, None, None, "event")
                        self.log.append(entry)
                for v in sorted(set(vals.values()), reverse=True):
                    tied = [p for p in g if vals[p] == v]
                    if len(tied) > 1:
                        self._log("flip_tie", who=[_SEATS[p] for p in tied],
                                  kind="narration")
                    new_groups.append(tied)
            groups = new_groups
        self.seating = [g[0] for g in groups]
        self._seat()
        self.initiative = self.seating[0]
        if not quiet:
            entry = _MEMO.get(mk5 := ("seating", tuple(self.seating)))
            if entry is None:
                entry = _MEMO[mk5] = _ENTRY("seating", {
                    "order": [_SEATS[p] for p in self.seating], "who": _SEATS[self.initiative],
                }, None, None, "narration")
            self.log.append(entry)
        if self.blitz or (self.magazine and self.opts.initiative_draw):
            draw = list(COUNTRY_KEYS)
            rng.shuffle(draw)
            got = {p: draw.pop() for p in self.seating}
            letters = home_letters(self.opts.home_letters)
            for p in self.seating:
                c = COUNTRIES[got[p]]
                if self.blitz:
                    self.homes[p] = c.key
                    self.owners[c.key] = p
                    self.points[p] += c.points
                    self.round_deck.remove(c.key)
                    self._log("home", who=_SEATS[p], country=self._names[c.key],
                              letter=letters[c.key], points=c.points)
                else:
                    self._log("initiative_draw", who=_SEATS[p], country=self._names[c.key],
                              priority=c.priority)
            if self.blitz:
                best = min(self.seating, key=lambda p: letters[got[p]])
            else:
                best = min(self.seating, key=lambda p: COUNTRIES[got[p]].priority)
            self.initiative = best
            key = "initiative_home" if self.blitz else "initiative_priority"
            self._log(key, who=_SEATS[best], country=self._names[got[best]],
                      letter=letters[got[best]], priority=COUNTRIES[got[best]].priority,
                      kind="narration")
        elif not quiet:
            entry = _MEMO.get(mk2 := ("initiative_flip", self.initiative))
            if entry is None:
                entry = _MEMO[mk2] = _ENTRY("initiative_flip", {"who": _SEATS[self.initiative]},
                                            None, None, "narration")
            self.log.append(entry)
        rng.shuffle(self.deck)
        rng.shuffle(self.round_deck)
        if not quiet:
            entry = _MEMO.get(mk3 := ("round_deck", len(self.round_deck), n == 2))
            if entry is None:
                entry = _MEMO[mk3] = _ENTRY("round_deck", {
                    "count": len(self.round_deck), "mob": _MOB_TERMS[n == 2],
                }, None, None, "event")
            self.log.append(entry)
        for p in self._orders[self.initiative]:
            self._draw(p, HAND_SIZE, "deal")
        if not quiet:
            entry = _MEMO.get(mk4 := ("greeting",))
            if entry is None:
                entry = _MEMO[mk4] = _ENTRY("greeting", {}, None, None, "narration")
            self.log.append(entry)

    # -- the automatic flow ----------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a player must choose or the game is over."""
        self._legal = None
        while self.result is None and self.to_move is None:
            _STEPS[self.phase](self)
        self.current_player = None if self.result is not None else self.to_move

    def _occupation_turn(self) -> None:
        self.to_move = self.occ.holder if self.occ else None
        assert self.to_move is not None

    def _start_round(self) -> None:
        if not self.round_deck:
            self._final_scoring()
            return
        card = self.round_deck[-1]
        self.round_deck = self.round_deck[:-1]  # replaced, never changed: clones share it
        self.round_card = card
        self.rounds_played = [*self.rounds_played, card]
        self._bids = []
        self.top = 0
        self.folded = [False] * self.n
        self.invasion_winner = None
        self.occ = None
        self.dfn = None
        if not self.quiet:
            entry = _MEMO.get(mk := ("round", len(self.rounds_played), self.initiative, card,
                                     len(self.round_deck), self.rules))
            if entry is None:
                entry = _MEMO[mk] = _ENTRY("round", {
                    "number": len(self.rounds_played), "who": _SEATS[self.initiative],
                    "card": _ROUND_NAMES[self.rules][card], "left": len(self.round_deck),
                }, None, None, "phase")
            self.log.append(entry)
        if card == DISARMAMENT:
            self.to_discard = {}
            for p in self._orders[self.initiative]:
                h = len(self.hands[p])
                if h >= 7:
                    self.to_discard[p] = h // 2
                    if not self.quiet:
                        self._log("disarm_must", who=_SEATS[p], count=h, k=h // 2)
            if not self.to_discard:
                if not self.quiet:
                    entry = _MEMO.get(mk2 := ("disarm_none",))
                    if entry is None:
                        entry = _MEMO[mk2] = _ENTRY("disarm_none", {}, None, None, "narration")
                    self.log.append(entry)
                self._end_round(None)
            else:
                self.phase = "disarmament"
        elif card == MOBILIZATION:
            drew = False
            for p in self._orders[self.initiative]:
                if len(self.hands[p]) < HAND_SIZE:
                    drew = True
                    self._draw(p, HAND_SIZE - len(self.hands[p]), "mobilization")
            if not drew and not self.quiet:
                entry = _MEMO.get(mk3 := ("mobil_none",))
                if entry is None:
                    entry = _MEMO[mk3] = _ENTRY("mobil_none", {}, None, None, "narration")
                self.log.append(entry)
            self._end_round(None)
        else:
            self._conscription()
            self._start_invasion()

    def _end_round(self, taker: int | None) -> None:
        card = self.round_card
        if self.quiet:
            if taker is not None and card in COUNTRIES:
                self.initiative = taker
        elif card is not None and card in COUNTRIES:
            if taker is None:
                self._log("initiative_stays_nobody", who=_SEATS[self.initiative],
                          kind="narration")
            else:
                if taker != self.initiative:
                    entry = _MEMO.get(mk := ("initiative_moves", taker, card, self.rules))
                    if entry is None:
                        entry = _MEMO[mk] = _ENTRY("initiative_moves", {
                            "who": _SEATS[taker], "country": self._names[card],
                        }, None, None, "narration")
                    self.log.append(entry)
                else:
                    entry = _MEMO.get(mk := ("initiative_keeps", taker, card, self.rules))
                    if entry is None:
                        entry = _MEMO[mk] = _ENTRY("initiative_keeps", {
                            "who": _SEATS[taker], "country": self._names[card],
                        }, None, None, "narration")
                    self.log.append(entry)
                self.initiative = taker
        elif card is not None:
            entry = _MEMO.get(mk := ("initiative_stays", self.initiative, card, self.rules))
            if entry is None:
                entry = _MEMO[mk] = _ENTRY("initiative_stays", {
                    "who": _SEATS[self.initiative], "card": _ROUND_NAMES[self.rules][card],
                }, None, None, "narration")
            self.log.append(entry)
        self.phase = "round_end"
        self.to_move = None
        self.to_discard = {}

    def _final_scoring(self) -> None:
        scores = [self.score(p) for p in range(self.n)]
        best = max(scores)
        tied = [p for p in range(self.n) if scores[p] == best]
        reason = "superiority"
        if len(tied) > 1 and self.magazine:
            def prio(p: int) -> int:
                owned = [COUNTRIES[k].priority for k, o in self.owners.items() if o == p]
                return min(owned) if owned else 99
            bestp = min(prio(p) for p in tied)
            if bestp < 99:
                winner = [p for p in tied if prio(p) == bestp]
                self._log("tie_priority", who=_SEATS[winner[0]], kind="narration",
                          tied=[_SEATS[p] for p in tied], priority=bestp)
                tied = winner
                reason = "superiority (tie broken by priority number)"
        self.phase = "over"
        self.to_move = None
        if len(tied) == 1:
            self._log("final_win", kind="phase", who=_SEATS[tied[0]], score=best)
        else:
            self._log("final_tie", kind="phase", who=[_SEATS[p] for p in tied], score=best)
        self.result = Outcome(tuple(float(s) for s in scores), tuple(sorted(tied)), reason)

    def _check_domination(self, p: int) -> bool:
        s = self.points[p]
        if s >= WIN_POINTS:
            self.phase = "over"
            self.to_move = None
            self._log("domination", kind="phase", who=_SEATS[p], score=s)
            self.result = Outcome(
                tuple(float(self.score(q)) for q in range(self.n)), (p,), "domination"
            )
            return True
        return False

    # -- disarmament -----------------------------------------------------------------------
    def _next_disarmer(self) -> None:
        for p in self._orders[self.initiative]:
            if self.to_discard.get(p, 0) > 0:
                self.to_move = p
                return
        self._end_round(None)

    # -- conscription ----------------------------------------------------------------------
    def _conscription(self) -> None:
        if not self.quiet:
            entry = _MEMO.get(mk := ("conscription", self.initiative))
            if entry is None:
                entry = _MEMO[mk] = _ENTRY("conscription", {"who": _SEATS[self.initiative]},
                                           None, None, "phase")
            self.log.append(entry)
        order = self._orders[self.initiative]
        extra = [0] * self.n
        if self.rules == "refill":
            # Everyone clears the cards in front of them before anyone draws (ruling).
            for p in order:
                extra[p] = len(self.front[p]) if self.opts.refill_count == "all" else self.owed[p]
            self.owed = [0] * self.n
            self._discard_front(order)
        for p in order:
            if extra[p] and not self.quiet:
                self._log("refill_extra", who=_SEATS[p], count=extra[p], kind="narration")
            self._draw(p, 1 + extra[p], "conscription")

    # -- invasion --------------------------------------------------------------------------
    def _start_invasion(self) -> None:
        c = self.round_card
        assert c is not None
        self.phase = "invasion"
        self._bids = []
        self.top = 0
        self.folded = [False] * self.n
        if not self.quiet:
            entry = _MEMO.get(mk := ("invasion", c, self.initiative, self.rules))
            if entry is None:
                entry = _MEMO[mk] = _ENTRY("invasion", {
                    "country": self._names[c], "who": _SEATS[self.initiative],
                }, None, None, "phase")
            self.log.append(entry)
            if COUNTRIES[c].terrain:
                entry = _MEMO.get(mk2 := ("terrain", c, self.rules))
                if entry is None:
                    entry = _MEMO[mk2] = _ENTRY("terrain", {"text": self._terrain_rule(c)},
                                               None, None, "narration")
                self.log.append(entry)
            # Each owner's neighbours of ``c`` in printed order (adjacent_owned, one pass):
            owners = self.owners
            owned: dict[int, list[Term]] = {}
            for k in _NEIGHBOURS[c]:
                o = owners.get(k)
                if o is not None:
                    if o in owned:
                        owned[o].append(self._names[k])
                    else:
                        owned[o] = [self._names[k]]
            for p in self._orders[self.initiative] if owned else ():
                if p in owned:
                    adj = owned[p]
                    self.log.append(_ENTRY("bonus", {
                        "who": _SEATS[p], "k": len(adj), "countries": adj,
                        "country": self._names[c],
                    }, None, None, "narration"))
        self._invasion_turn = self.initiative
        self.to_move = None

    def _terrain_rule(self, c: str) -> Term:
        """What an island or a landlocked country ``c`` accepts, in both languages."""
        return _terrain_rule(c, self.rules)

    def top_strength(self) -> int:
        """The strength to beat in the current invasion (0 when nothing is played)."""
        return self.top

    def _next_invader(self) -> None:
        folded = self.folded
        bids = self._bids
        if bids and bids[-1][1] < 4:  # a Joker wins at once
            self._win_invasion(bids[-1][0])
            return
        alive = folded.count(False)
        if alive == 1:
            p = folded.index(False)
            if (bids and bids[-1][0] == p) or self.uncontested_wins:
                self._win_invasion(p)
                return
        if not alive:
            self._win_invasion(None)
            return
        p = self._invasion_turn
        after = self._after
        while folded[p]:
            p = after[p]
        self._invasion_turn = p
        self.to_move = p

    def _win_invasion(self, p: int | None) -> None:
        c = self.round_card
        assert c is not None
        self.invasion_winner = p
        bids = self._bids
        if self.quiet:
            pass
        elif p is None:
            entry = _MEMO.get(mk3 := ("invasion_nobody", c, self.rules))
            if entry is None:
                entry = _MEMO[mk3] = _ENTRY("invasion_nobody", {"country": self._names[c]},
                                            None, None, "narration")
            self.log.append(entry)
        elif bids and bids[-1][1] < 4:
            self.log.append(_ENTRY("invasion_joker", {
                "who": _SEATS[p], "country": self._names[c], "card": CARD_TERMS[bids[-1][1]],
            }, None, None, "narration"))
        elif not bids or bids[-1][0] != p:
            entry = _MEMO.get(mk4 := ("invasion_uncontested", p, c, self.rules))
            if entry is None:
                entry = _MEMO[mk4] = _ENTRY("invasion_uncontested", {
                    "who": _SEATS[p], "country": self._names[c],
                }, None, None, "narration")
            self.log.append(entry)
        else:
            entry = _MEMO.get(mk := ("invasion_won", p, c, bids[-1][1], self.rules))
            if entry is None:
                entry = _MEMO[mk] = _ENTRY("invasion_won", {
                    "who": _SEATS[p], "country": self._names[c],
                    "card": CARD_TERMS[bids[-1][1]],
                }, None, None, "narration")
            self.log.append(entry)
        if self.rules == "base":
            self._discard_front()
        if p is None:
            self.lost = [*self.lost, c]
            self._after_defence(None)
            return
        cost = self.start_costs[c]
        self.occ = _record(_Occupation, (c, p, p, cost, cost, 0, ()))
        self.phase = "occupation"
        if not self.quiet:
            entry = _MEMO.get(mk2 := ("occupation", p, c, cost, self.n, self.magazine, self.rules))
            if entry is None:
                entry = _MEMO[mk2] = _ENTRY("occupation", {
                    "who": _SEATS[p], "country": self._names[c], "cost": cost,
                    "why": self._cost_reason(c, cost),
                }, None, None, "phase")
            self.log.append(entry)

    # -- occupation ------------------------------------------------------------------------
    def _cost_reason(self, c: str, cost: int) -> Term:
        """Why ``c`` starts at ``cost`` (the cost charged), step by step as it was computed."""
        return _cost_reason(c, cost, self.n, self.magazine)

    def _occupy(self, p: int, free: bool) -> None:
        occ = self.occ
        assert occ is not None
        c = occ.country
        self.owners = {**self.owners, c: p}
        points = self.points = self.points.copy()
        points[p] += _POINTS[c]
        if not self.quiet:
            entry = _MEMO.get(mk := ("occupy", free, p, c, self.points[p], self.rules))
            if entry is None:
                entry = _MEMO[mk] = _ENTRY("occupy_free" if free else "occupy", {
                    "who": _SEATS[p], "country": self._names[c], "points": COUNTRIES[c].points,
                    "score": self.points[p],
                }, None, None, "event")
            self.log.append(entry)
        if self._check_domination(p):
            return
        self.occ = None
        self.phase = "defence"
        self.dfn = _record(_Defence, (c, p, _NEIGHBOURS[c], None, None, ()))
        if not self.quiet:
            entry = _MEMO.get(mk2 := ("defence", c, self.rules))
            if entry is None:
                entry = _MEMO[mk2] = _ENTRY("defence", {
                    "country": self._names[c],
                    "neighbours": [self._names[k] for k in COUNTRIES[c].neighbours],
                }, None, None, "phase")
            self.log.append(entry)

    # -- defence ---------------------------------------------------------------------------
    def _next_defence(self) -> None:
        d = self.dfn
        assert d is not None
        skipped: list[Term] = []
        quiet = self.quiet
        owners = self.owners
        country, occupier, remaining, _, _, results = d
        while remaining:
            nb = remaining[0]
            owner = owners.get(nb)
            if owner is None or owner == occupier:
                if not quiet:
                    skipped.append(_skipped(nb, self.rules, owner is None))
                remaining = remaining[1:]
                results = (*results, (nb, "skipped"))
                continue
            if skipped:  # (only when not quiet)
                self.log.append(_ENTRY("defence_skip", {"items": skipped}, None, None,
                                       "narration"))
            self.dfn = _record(_Defence, (country, occupier, remaining, nb, owner, results))
            if not quiet:
                entry = _MEMO.get(mk := ("defence_check", owner, nb, self.magazine, self.rules))
                if entry is None:
                    entry = _MEMO[mk] = _ENTRY("defence_check", {
                        "who": _SEATS[owner], "country": self._names[nb],
                        "how": _HOW_TERMS[self.magazine],
                    }, None, None, "event")
                self.log.append(entry)
            self.to_move = owner
            return
        if skipped:  # (only when not quiet)
            self.log.append(_ENTRY("defence_skip", {"items": skipped}, None, None, "narration"))
        self.dfn = _record(_Defence, (country, occupier, remaining, None, None, results))
        self._after_defence(occupier)

    def _after_defence(self, taker: int | None) -> None:
        if self.rules == "base":
            self._discard_front()
        elif self.rules == "magazine":
            if not self.quiet:
                self._log("reorganisation", kind="phase", who=_SEATS[self.initiative])
            owed = self.owed
            self.owed = [0] * self.n
            for p in self._orders[self.initiative]:
                if owed[p]:
                    self._draw(p, owed[p], "reorganisation")
            self._discard_front()
        self._end_round(taker)

    # -- the contract ----------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """Scores (country points) and winners once the game is over."""
        return self.result

    def is_terminal(self) -> bool:
        """Return whether the game is over."""
        return self.result is not None

    def legal_actions(self) -> list[PowersAction]:
        """Legal actions in a fixed order: card actions by card, then fold/pass/decline."""
        p = None if self.result is not None else self.to_move
        if p is None:
            out: list[PowersAction] = []
        else:
            hand = sorted(self.hands[p])
            phase = self.phase
            if phase == "occupation":
                occ = self.occ
                assert occ is not None
                if occ.paid:
                    out = list(map(_PAY_OF, hand))  # (a map: no comprehension call)
                elif len(hand) >= occ.cost:
                    out = list(map(_PAY_OF, hand))
                    out.append(PASS)
                else:
                    out = [PASS]
            elif phase == "invasion":
                out = self._plays(p, hand)
            elif phase == "defence":
                if self.magazine:
                    out = [defend(s) for s in magazine_defences(hand)]
                else:  # one face card (J, Q, K: cards 44 and up)
                    out = [_DEFEND_ONE[c] for c in hand if c >= 44]
                out.append(DECLINE)
            elif phase == "disarmament":
                out = list(map(_DISCARD_OF, hand))
            else:  # pragma: no cover
                out = []
        self._legal = tuple(out)  # for _is_legal; reset by _advance
        return out

    def _is_legal(self, action: PowersAction) -> bool:
        """Whether ``action`` is legal now: among the legal actions the caller was just given
        (cached; the rules hand out shared action instances, so identity almost always tells)."""
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def _plays(self, p: int, hand: list[Card]) -> list[PowersAction]:
        """The invasion's legal plays then ``fold`` (can_play / card_strength on card codes)."""
        c = self.round_card
        assert c is not None
        owners = self.owners
        bonus = 0
        for k in _NEIGHBOURS[c]:
            if owners.get(k) == p:
                bonus += 1
        # A Joker (cards 0, 1) wins at once and an Ace (4–7) counts one more than the card
        # before it (lead_ace ≥ 1 played first), so both always beat it; another card beats
        # ``top`` when rank + bonus > top, i.e. its code (rank × 4 + suit) is at least ``low``.
        low = 4 * (self.top - bonus + 1)
        # (the test read from a table, so that a filter and a map make the list in C)
        playable = _PLAYABLE[c][8 if low < 8 else 56 if low > 56 else low]
        if hand and hand[0] < 4 and self.magazine:  # a Joker is played with one extra card
            out: list[PowersAction] = []
            for card in hand:
                if card < 4:
                    out.extend(JOKER_PLAY[card, e] for e in hand if e != card)
                elif card in playable:
                    out.append(PLAY[card])
        else:
            out = list(map(_PLAY_OF, filter(playable.__contains__, hand)))
        out.append(FOLD)
        return out

    def why_illegal(self, action: PowersAction) -> Term:
        """Why ``action`` cannot be played now, in the player's terms (both languages)."""
        name = Term(str(action), action_label(action, "ja"))
        p = self.current_player
        if p is None:
            return CORE.term("game_over", action=name)
        refuse = self.game.messages.term
        hand = self.hands[p]
        phase_actions = {
            "disarmament": (Discard,),
            "invasion": (Play, Fold),
            "occupation": (Pay, PassRight),
            "defence": (Defend, Decline),
        }
        if not isinstance(action, phase_actions.get(self.phase, ())):
            phase = Term(*_PHASE_NAMES.get(self.phase, (self.phase, self.phase)))
            return refuse("refuse_phase", action=name, phase=phase)
        cards: list[Card] = []
        if isinstance(action, (Discard, Pay)):
            cards = [action.card]
        elif isinstance(action, Play):
            cards = [action.card] + ([action.extra] if action.extra else [])
        elif isinstance(action, Defend):
            cards = list(action.cards)
        for card in cards:
            if card not in hand:
                return refuse("refuse_not_held", action=name, card=Term(str(card), card.term().ja))
        if isinstance(action, Play):
            c = self.round_card
            assert c is not None
            country = COUNTRIES[c]
            if not country.accepts(action.card):
                return refuse("refuse_terrain", action=name, rule=self._terrain_rule(c))
            if action.card.is_joker and self.magazine and action.extra is None:
                return refuse("refuse_joker_extra", action=name)
            top = self.top_strength()
            bonus = len(adjacent_owned(p, c, self.owners))
            s = card_strength(action.card, top, bonus, lead_ace=self.opts.lead_ace)
            if s is not None and s <= top:
                return refuse("refuse_weaker", action=name, strength=s, top=top)
        if isinstance(action, Pay) and self.occ is not None and len(hand) < self.occ.cost:
            return refuse("refuse_cost", action=name, cost=self.occ.cost, held=len(hand))
        if isinstance(action, PassRight) and self.occ is not None and self.occ.paid:
            return refuse("refuse_finish_paying", action=name)
        if isinstance(action, Defend):
            how = Term(*(_HOW_MAG if self.magazine else _HOW_BASE))
            return refuse("refuse_defence", action=name, how=how)
        return CORE.term("not_legal", action=name)

    def why_illegal_text(self, text: str) -> Term:
        """Why the action written as ``text`` cannot be played now (both languages)."""
        try:
            action = parse_action(text)
        except ValueError:
            legal = self.legal_actions()[:12]
            more = " …" if len(self.legal_actions()) > 12 else ""
            shown = Term(", ".join(str(a) for a in legal) + more,
                         "、".join(action_label(a, "ja") for a in legal) + more)
            return CORE.term("not_legal_text", text=text, shown=shown)
        return self.why_illegal(action)

    def _apply(self, action: PowersAction) -> None:
        p = self.to_move
        assert p is not None
        self.to_move = None
        self._writable_log()  # (this state may have handed its log to a clone)
        _DO[type(action)](self, p, action)
        self._advance()

    def apply_in_place(self, action: PowersAction) -> None:
        """The fast path (see :meth:`State.apply_in_place`): ``_apply``, ``_advance`` and the
        history's next text in one call."""
        p = self.to_move
        assert p is not None, "apply_in_place on a finished game"
        self.to_move = None
        if self._log_shared:  # (_writable_log inlined: this state handed its log to a clone)
            self.log = self.log[:]
            self._log_shared = False
        _DO[type(action)](self, p, action)
        self._legal = None
        while self.result is None and self.to_move is None:
            _STEPS[self.phase](self)
        self.current_player = None if self.result is not None else self.to_move
        try:  # (a shared action keeps its text in ``_text``: no ``__str__`` call)
            text: str = action._text  # type: ignore[union-attr]
        except AttributeError:  # (an action built by hand)
            text = str(action)
        try:  # (this state's own list: grown in place, as the core's apply_in_place does)
            self._history.append(text)  # type: ignore[union-attr]
        except AttributeError:  # a History of a list handed to a twin: a list of its own now
            self._history = [*self._history, text]

    def _do_fold(self, p: int, action: Fold) -> None:
        folded = self.folded = self.folded.copy()
        folded[p] = True
        if not self.quiet:
            # (nobody else folded: ``p`` is the only True; a count, no generator call)
            first = not self._bids and p == self.initiative and folded.count(True) == 1
            entry = _MEMO.get(mk := ("fold", first, p))
            if entry is None:
                entry = _MEMO[mk] = _ENTRY("fold_first" if first else "fold", {"who": _SEATS[p]}, p,
                                           None, "action")
            self.log.append(entry)
        self._invasion_turn = self._after[p]

    def _do_discard(self, p: int, action: Discard) -> None:
        card = action.card
        self.hands[p].remove(card)
        self.discards.append(card)
        to_discard = self.to_discard = self.to_discard.copy()
        to_discard[p] -= 1
        if not self.quiet:
            self.log.append(_ENTRY("discard", {
                "who": _SEATS[p], "card": CARD_TERMS[card], "left": self.to_discard[p],
            }, p, None, "action"))

    def _do_play(self, p: int, action: Play) -> None:
        c = self.round_card
        assert c is not None
        card = action.card
        rank = card >> 2
        top = self.top
        hand = self.hands[p]
        hand.remove(card)
        front = self.front = self.front.copy()
        front[p] = [*front[p], card]
        quiet = self.quiet
        if rank == 0:  # a Joker: no strength, wins at once
            self._bids = [*self._bids, (p, card, None, 0, (), top)]
            if not quiet:
                self.log.append(_ENTRY("play_joker", {"who": _SEATS[p], "card": CARD_TERMS[card]},
                                       p, None, "action"))
            extra = action.extra
            if extra is not None:
                hand.remove(extra)
                self.discards.append(extra)
                if not quiet:
                    self._log("joker_extra", kind="narration", who=_SEATS[p],
                              card=CARD_TERMS[extra])
            self._invasion_turn = self._after[p]
            return
        if rank == 1:  # an Ace: the card before it + 1, no bonus
            s = top + 1 if top else self.lead_ace
            base, bonus = (top if top else self.lead_ace - 1), _NO_BONUS
        else:
            owners = self.owners
            bonus = _NO_BONUS
            for k in _NEIGHBOURS[c]:  # (a loop: no generator call; seldom any bonus)
                if owners.get(k) == p:
                    bonus = (*bonus, k)
            s = base = rank
            s += len(bonus)
        self._bids = [*self._bids, (p, card, s, base, bonus, top)]
        self.top = s
        if not quiet:
            entry = _MEMO.get(mk := ("play", p, card, s, top, bonus, self.rules))
            if entry is None:
                why = _Why(card, top, bonus, s, self.rules)
                entry = _MEMO[mk] = _ENTRY("play", {
                    "who": _SEATS[p], "card": CARD_TERMS[card], "strength": s, "why": why,
                }, p, None, "action")
            self.log.append(entry)
            if rank == 1 and top:
                prev = CARD_TERMS[self._bids[-2][1] if len(self._bids) > 1 else card]
                self.log.append(_ENTRY("ace_note", {"strength": s, "prev": prev, "top": top},
                                       None, None, "narration"))
            elif rank == 1:
                self.log.append(_ENTRY("ace_lead", {"strength": s}, None, None, "narration"))
        if self.rules == "magazine":
            owed = self.owed = self.owed.copy()
            owed[p] += 1
        else:
            self._draw(p, 1, "invasion")
        self._invasion_turn = self._after[p]

    def _do_pay(self, p: int, action: Pay) -> None:
        occ = self.occ
        assert occ is not None
        card = action.card
        self.hands[p].remove(card)
        self.discards.append(card)
        country, invader, holder, start, cost, passes, paid = occ
        paid = (*paid, card)
        self.occ = _record(_Occupation, (country, invader, holder, start, cost, passes, paid))
        if not self.quiet:  # (the entry shared by every such payment: made once)
            k = len(paid)
            entry = _PAY_ENTRIES.get((p, card, k, cost))
            if entry is None:
                entry = _PAY_ENTRIES[p, card, k, cost] = _ENTRY("pay", {
                    "who": _SEATS[p], "card": CARD_TERMS[card], "k": k, "cost": cost,
                }, p, None, "action")
            self.log.append(entry)
        if len(paid) == cost:
            self._occupy(p, False)
        else:
            self.to_move = p  # still paying: the same holder acts again

    def _do_pass(self, p: int, action: PassRight) -> None:
        occ = self.occ
        assert occ is not None
        nxt = self._after[p]
        country, invader, _, start, cost, passes, paid = occ
        cost -= 1
        self.occ = _record(_Occupation, (country, invader, nxt, start, cost, passes + 1, paid))
        if not self.quiet:
            entry = _MEMO.get(mk := ("pass", p, nxt, cost))
            if entry is None:
                entry = _MEMO[mk] = _ENTRY("pass", {
                    "who": _SEATS[p], "to": _SEATS[nxt], "cost": cost,
                }, p, None, "action")
            self.log.append(entry)
        if cost <= 0:
            self._occupy(nxt, True)

    def _do_defend(self, p: int, action: Defend) -> None:
        cards = action.cards
        d = self.dfn
        assert d is not None and d.neighbour is not None
        hand = self.hands[p]
        for card in cards:
            hand.remove(card)
        front = self.front = self.front.copy()
        front[p] = [*front[p], *cards]
        if not self.quiet:
            self._log("defend", player=p, kind="action", who=_SEATS[p],
                      country=self._names[d.neighbour], cards=self._cards(list(cards)))
        self.dfn = _record(_Defence, (d.country, d.occupier, d.remaining[1:], None, None,
                                      (*d.results, (d.neighbour, "defended"))))
        if self.rules == "base":
            self._draw(p, 1, "defence")
        else:
            owed = self.owed = self.owed.copy()
            owed[p] += len(cards)
            if not self.quiet:
                self._log("defence_owed", kind="narration", who=_SEATS[p], k=len(cards),
                          when=_WHEN_TERMS[self.rules == "magazine"])

    def _do_decline(self, p: int, action: Decline) -> None:
        d = self.dfn
        assert d is not None and d.neighbour is not None
        nb = d.neighbour
        self.owners = {**self.owners, nb: d.occupier}
        points = self.points = self.points.copy()
        points[d.occupier] += _POINTS[nb]
        points[p] -= _POINTS[nb]
        if not self.quiet:
            entry = _MEMO.get(mk := ("decline", p, nb, self.rules))
            if entry is None:
                entry = _MEMO[mk] = _ENTRY("decline", {
                    "who": _SEATS[p], "country": self._names[nb],
                }, p, None, "action")
            self.log.append(entry)
            entry = _MEMO.get(mk2 := ("taken", d.occupier, p, nb, self.points[d.occupier],
                                      self.rules))
            if entry is None:
                entry = _MEMO[mk2] = _ENTRY("taken", {
                    "who": _SEATS[d.occupier], "owner": _SEATS[p], "country": self._names[nb],
                    "points": COUNTRIES[nb].points, "score": self.points[d.occupier],
                }, None, None, "event")
            self.log.append(entry)
        self.dfn = _record(_Defence, (d.country, d.occupier, d.remaining[1:], None, None,
                                      (*d.results, (nb, "taken"))))
        self._check_domination(d.occupier)

    # -- cloning, views, invariants --------------------------------------------------------
    def clone(self) -> PowersState:
        """An independent copy: the containers ``_apply`` changes in place (hands, deck,
        discards) are copied; the log list goes to the twin, this state keeping a read-only
        view of it (:meth:`State.share_log`, inlined: a state reading a view copies it before
        it writes); everything else is shared: cards, frozen records, log entries, the game,
        and the containers ``_apply`` only ever replaces (copy on write: ``front``, ``owed``,
        ``owners``, ``folded``, the ladder, the round cards…, and the ``rng``, which a
        reshuffle copies before it draws)."""
        new = object.__new__(PowersState)
        d = new.__dict__ = self.__dict__.copy()
        if self._log_shared:  # a view of a list handed on, or a list shared: the twin's own
            d["log"] = self.log[:]
            d["_log_shared"] = False
        else:  # (State.share_log inlined: the twin takes the list, this state keeps a view)
            view: LogPrefix = _new_prefix(LogPrefix)
            view._items = log = d["log"]  # (LogPrefix.__init__ inline: no call)
            view._n = len(log)
            self.log = view  # type: ignore[assignment]
            self._log_shared = True
        history = self._history  # (the same for the history: the twin takes the list)
        if type(history) is list:
            self._history = history_of(history)
        d["hands"] = list(map(list.copy, self.hands))
        d["deck"] = self.deck.copy()
        d["discards"] = self.discards.copy()
        return new

    def sample_world(self, player: int, rng: Rng | int) -> PowersState:
        """A state consistent with what ``player`` knows, for search and odds (issue 11).

        Dealt anew from ``rng`` (see :func:`gamelib.powers.search.sample_world`): the other
        seats' hands and the deck's order and split between them, and the order of the round
        deck (its composition is public). Kept: ``player``'s hand and everything public (cards
        on the table, discards, owners, the ladder, counts), the history and ``player``'s log.
        What ``player`` can infer is kept too: after a reshuffle the deck holds only cards of
        the discard pile it was rebuilt from (:attr:`deck_source`), and each other seat keeps
        as many of those cards as it truly holds (it drew them after the reshuffle, less what
        it has shown since). The chance events to come (reshuffles) are fresh. A card's place
        is never taken from the true hidden cards: each group of unseen cards is sorted before
        it is shuffled. Raises ``ValueError`` for a seat that does not exist.
        """
        return _sample_world(self, player, rng)

    def view(self, player: int | None) -> PowersView:
        """What ``player`` may see; ``None`` is the teacher (all hands)."""
        base = self.base_view_fields(player)
        hands = tuple(
            tuple(sorted(h)) if player is None or player == i else None
            for i, h in enumerate(self.hands)
        )
        occ = None
        if self.occ is not None and self.phase == "occupation":
            o = self.occ
            occ = OccupationInfo(o.country, o.invader, o.holder, o.start_cost, o.cost, o.passes,
                                 o.paid)
        dfn = None
        if self.dfn is not None and self.phase == "defence":
            d = self.dfn
            dfn = DefenceInfo(d.country, d.occupier, d.neighbour, d.defender,
                              d.remaining[1:] if d.neighbour else d.remaining, d.results)
        c = self.round_card
        in_country = c is not None and c in COUNTRIES and self.phase != "disarmament"
        bonus = tuple(
            len(adjacent_owned(p, c, self.owners)) if in_country and c else 0
            for p in range(self.n)
        )
        return PowersView(
            **base,
            rules=self.rules,
            blitzkrieg=self.blitz,
            seating=tuple(self.seating),
            homes=dict(self.homes),
            start_costs=dict(self.start_costs),
            country_names={k: self._names[k] for k in COUNTRY_KEYS},
            round_number=len(self.rounds_played),
            round_card=self.round_card,
            rounds_played=tuple(self.rounds_played),
            round_deck_count=len(self.round_deck),
            round_deck_remaining=tuple(sorted(self.round_deck)),
            initiative=self.initiative,
            phase="over" if self.result is not None else self.phase,
            to_discard=dict(self.to_discard),
            hand=None if player is None else hands[player],
            hands=hands,
            hand_counts=tuple(len(h) for h in self.hands),
            deck_count=len(self.deck),
            discards=tuple(self.discards),
            in_front=tuple(tuple(f) for f in self.front),
            removed=tuple(self.removed),
            owed=tuple(self.owed),
            ladder=tuple(self.ladder),
            top_strength=self.top,
            folded=tuple(self.folded),
            invasion_winner=self.invasion_winner,
            bonus=bonus,
            occupation=occ,
            defence=dfn,
            owners={k: self.owners[k] for k in COUNTRY_KEYS if k in self.owners},
            scores=tuple(self.score(p) for p in range(self.n)),
            lost=tuple(self.lost),
        )

    def check_invariants(self) -> None:
        """Every playing card in exactly one place; every country in exactly one place."""
        places = [self.deck, self.discards, self.removed, *self.hands, *self.front]
        seen = [c for place in places for c in place]
        full = playing_cards()
        assert len(seen) == len(full), f"{len(seen)} cards in play, expected {len(full)}"
        assert sorted(seen) == sorted(full), "a card is missing or in two places"
        countries = [c for c in self.round_deck if c in COUNTRIES]
        countries += [c for c in self.rounds_played if c in COUNTRIES]
        assert sorted(countries + list(self.homes.values())) == sorted(COUNTRY_KEYS), (
            "a country card is missing or in two places"
        )
        for k in self.owners:
            assert k in self.homes.values() or k in self.rounds_played, f"{k} owned unrevealed"
        assert not (set(self.owners) & set(self.lost)), "a lost country is owned"
        if self.phase == "occupation":
            assert self.occ is not None and self.occ.country not in self.owners
        points = [0] * self.n
        for k, o in self.owners.items():
            points[o] += _POINTS[k]
        assert points == self.points, "points do not add up to the countries owned"
        if self.deck_source is not None:
            assert self.deck_source.issuperset(self.deck), "the deck holds a card never in it"
        for p in range(self.n):
            assert self.owed[p] >= 0
        if self.rules == "base":
            assert not any(self.owed)


_DRAW_WHY = {
    "deal": Term("dealt", "配られた"),
    "draw": Term("draws", "引く"),
    "conscription": Term("conscription", "徴兵"),
    "mobilization": Term("mobilization: back up to 5", "動員: 5枚まで補充"),
    "invasion": Term("replaces the card played", "出した札の補充"),
    "defence": Term("replaces the defending card", "防衛した札の補充"),
    "reorganisation": Term("refills the cards used", "使った札の補充"),
}
_SEATS = tuple(Term(f"Player {p + 1}", f"プレイヤー{p + 1}") for p in range(5))
_ONLY = tuple(frozenset({p}) for p in range(5))
"""The ``visible_to`` of an entry only seat ``p`` may read."""


_new_prefix = LogPrefix.__new__


#: ``MESSAGES.entry_from`` for this module's own keys and ``visible_to`` sets (frozen already):
#: no catalog look-up, no ``frozenset`` call (``test_texts`` checks every key).
_ENTRY = entry_maker(MESSAGES)


class _Cards:
    """Cards named in a log entry, rendered (symbols, space separated) only when read."""

    __slots__ = ("cards",)

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards

    def text(self, lang: str) -> str:
        return " ".join(c.term().text(lang) for c in self.cards) or "-"

    def __reduce__(self) -> tuple[type[_Cards], tuple[tuple[Card, ...]]]:
        return (_Cards, (self.cards,))


_ONE_CARD = [_Cards(())] * 56
"""Each card alone, as a log parameter, indexed by the card (immutable: entries share them)."""
for _c in playing_cards():
    _ONE_CARD[_c] = _Cards((_c,))
_DRAW_PRIVATE_ONE = tuple(
    tuple(_ENTRY("draw_private", {"who": _SEATS[p], "cards": cards}, p, _ONLY[p])
          for cards in _ONE_CARD)
    for p in range(5)
)
"""The entry of seat ``p`` drawing ``card`` alone, by seat then card (entries are immutable,
rendered when read: every game shares them)."""
_DRAW_PUBLIC_ONE = {
    why: tuple(_ENTRY("draw_public", {"who": _SEATS[p], "count": 1, "why": term}, p, None,
                      "event") for p in range(5))
    for why, term in _DRAW_WHY.items()
}
"""The public entry of seat ``p`` drawing one card, by why then seat (shared, as above)."""
_PAY_ENTRIES: dict[tuple[int, int, int, int], LogEntry] = {}
"""The ``pay`` entries made so far, by seat, card, cards paid and cost (shared, as above;
bounded: 5 seats × 54 cards × costs and counts up to 6)."""
_MEMO: dict[tuple[Any, ...], LogEntry] = {}
"""Entries made so far, by what their parameters depend on (the message first; shared, as
above). A new game empties it when it holds over :data:`_MEMO_LIMIT` entries."""
_MEMO_LIMIT = 20_000
"""A few MB of entries: seated play rarely makes more than a few thousand, but plays over
every strength, card and bonus could make many more."""
_SKIP_UNOWNED = ("nobody's", "所有者なし")
_SKIP_OWN = ("the occupier's own", "占領者の国")
_PHASE_NAMES = {
    "disarmament": ("disarmament", "軍縮"),
    "invasion": ("invasion", "侵略"),
    "occupation": ("occupation", "占領"),
    "defence": ("defence", "防衛"),
}
_HOW_BASE = ("a face card (J, Q or K)", "絵札(J・Q・K)1枚")
_HOW_MAG = ("a pair or a straight of three", "ペアか3枚のストレート")
_WHEN_MAG = ("in the reorganisation phase", "再編フェイズで")
_WHEN_REFILL = ("at the next conscription", "次の徴兵フェイズで")

_DO: dict[type, Callable[[PowersState, int, Any], None]] = {
    Discard: PowersState._do_discard,
    Play: PowersState._do_play,
    Fold: PowersState._do_fold,
    Pay: PowersState._do_pay,
    PassRight: PowersState._do_pass,
    Defend: PowersState._do_defend,
    Decline: PowersState._do_decline,
}
"""What ``_apply`` runs for each kind of action."""

_STEPS: dict[str, Callable[[PowersState], None]] = {
    "setup": PowersState._start_round,
    "round_end": PowersState._start_round,
    "disarmament": PowersState._next_disarmer,
    "invasion": PowersState._next_invader,
    "occupation": PowersState._occupation_turn,
    "defence": PowersState._next_defence,
}
"""The automatic step of each phase (:meth:`PowersState._advance`)."""
_MOB_TERMS = {True: Term("with", "あり"), False: Term("without", "なし")}
_HOW_TERMS = {True: Term(*_HOW_MAG), False: Term(*_HOW_BASE)}
_WHEN_TERMS = {True: Term(*_WHEN_MAG), False: Term(*_WHEN_REFILL)}
