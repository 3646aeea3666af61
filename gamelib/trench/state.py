"""The rules engine of 毒ガス塹壕戦: set-up, rounds, secret plots, turns, gas, deaths, scoring.

Decisions, in order (``current_player`` says who decides):

* set-up: weapon assignment (R4.4), landing in snake order with shields (R4.5, R4.6), bases
  (R4.7), the cube placement phase (R4.8);
* each round: wind and lingering gas run by themselves (R5.1, R5.2), then each player with a
  piece in play plots 1–2 cards in turn order from the start player (R5.3; the plot is hidden
  from the others until flipped), interrupts (R5.4), then each turn (R6): the flipped card's uses,
  then reuse / flip second / end turn, drug actions (R7.6.4);
* a gas owner's bounce side whenever gas meets a wall with both sides open (R8.3).

``_apply`` mutates in place; :meth:`clone` copies exactly what it mutates. Everything that runs
by itself after a decision runs at the end of :meth:`_apply` (gas first, then the end checks,
then the next automatic step).
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterable
from itertools import compress
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, cast

from gamelib.core import Outcome, Rng, State, Term
from gamelib.core.history import history_of
from gamelib.core.log import entry_maker
from gamelib.core.log_prefix import LogPrefix
from gamelib.trench.actions import (
    CATEGORY,
    CIV,
    TILE_KINDS,
    TrenchAction,
    act,
    parse_soldier_text,
)
from gamelib.trench.board import (
    CELL,
    DIRS,
    Cell,
    add,
    cell_name,
    gas_walk,
    gun_ray,
    on_board,
    sees,
)
from gamelib.trench.data import (
    CARD_NAMES,
    CARDS,
    EDGES,
    JUDGEMENT_DEATHS,
    JUDGEMENT_DEATHS_BEGINNER,
    SEAT_EDGES,
    SOLDIER_CARDS,
    WEAPON_NAMES,
    WIND_CARDS,
    WIND_NAMES,
)
from gamelib.trench.messages import MESSAGES
from gamelib.trench.search import GIVES_PER_TURN, sample_world
from gamelib.trench.soldier import WEAPONS, Soldier, drop_item, items_of, move_item
from gamelib.trench.view import SoldierView, TrenchView

if TYPE_CHECKING:
    from gamelib.trench.game import TrenchGame, TrenchOptions

__all__ = ["TrenchState"]

A = act
#: The ownership bit of the generator and the wind piles in ``_sown`` (soldiers use bits 0..11;
#: the next bits keep ``_sown`` below 2**30, one digit of a CPython int: cheaper arithmetic).
_WIND = 1 << 12
#: The ownership bits of the hands and of the tiles known (``known``, ``public_tiles``).
_HANDS = 1 << 13
_KNOWN = 1 << 14
#: The ownership bits (in ``_fown``: small ints, no big-int arithmetic) of the flow's small
#: containers written on most steps (a played-in-place state owns them for good; a clone
#: copies one at its first write): the set-up and plot queue, the turn's cards, the cards
#: shown, the last category per piece this turn; the height map (written by _set_h only), the
#: discard piles (written through _own_discards) and the items (through _own_items).
_QUEUE = 1
_TCARDS = 2
_SHOWN = 4
_TLAST = 8
_HEIGHTS = 16
_DISCARDS = 32
#: The items by cell (written through _own_items).
_ITEMS = 64
#: The plots (written through _own_plots; a plot list is replaced, never changed).
_PLOTS_OWN = 128
#: The gas tokens (written through _own_gas).
_GAS = 256
_FLOW = _QUEUE | _TCARDS | _SHOWN | _TLAST | _HEIGHTS | _DISCARDS | _ITEMS | _PLOTS_OWN | _GAS
CORNERS = {CELL[1, 1], CELL[1, 7], CELL[7, 1], CELL[7, 7]}


class _Memo:
    """A slot for what a state computes about itself (its legal actions): kept out of the
    state's content, so that ``digest``, ``fingerprint`` and equality ignore it."""

    __slots__ = ("_end_key", "_fown", "_legal", "_sown")


class TrenchState(_Memo, State[TrenchAction]):
    """One moment of a game of 毒ガス塹壕戦."""

    __slots__ = ()  # (the state's content lives in its __dict__; _Memo's slot is the memo)

    game: TrenchGame
    #: Within a step: the soldier (by ``sid``) whose pairs alone may show something new (he
    #: moved or took a tile, nothing else changed; see :meth:`_look_with`), -1 when nothing
    #: new can be seen (a shot that lowered no cube), the cells whose height alone changed (a
    #: tuple: only the soldiers standing on one or looking across one may see more), or
    #: ``None`` (every soldier looks); ``_update_sight`` resets it. (A class default until
    #: first set.)
    _sight_of: int | tuple[Cell, ...] | None = None

    def __init__(self, game: TrenchGame, seed: int, rng: Rng) -> None:
        super().__init__(game, seed, rng)
        o = cast("TrenchOptions", game.options)
        # (State.__init__'s attributes: game, seed, rng, history, log, quiet)
        key = (o, len(self.__dict__))
        proto = _PROTOS.get(key)
        if proto is None:  # the first game with these options: set up by the rules
            core = set(self.__dict__)
            _set_up(self, game, rng)
            proto = {k: v if k in core or k in ("opts", "_names") else copy.deepcopy(v)
                     for k, v in self.__dict__.items()}
            mutable = [k for k, v in proto.items() if k not in _PROTO_COPIED and k not in core
                       and not isinstance(v, (int, str, tuple, frozenset, type(None)))]
            assert mutable == ["opts"], f"_from_prototype must copy {mutable}"
            _PROTOS[key] = proto
        else:
            _from_prototype(self, game, rng, proto)
        if self.quiet:  # (no entries: no keyword calls to make)
            return
        n, per = self.n, self.per
        self._log("setup", None, "phase", {"n": n, "per": per})
        if o.hidden_teams:
            for p in range(n):
                self.add_log("team_dealt", player=p, visible_to={p}, team=_TEAM[self.team[p]])

    def _set_up(self, game: TrenchGame, rng: Rng) -> None:
        """The set-up's board, pieces, cards and flow (R4), ``rng`` shuffling the wind pile
        (R4.9) and, in the hidden-team game, dealing the teams (R13.4)."""
        o = cast("TrenchOptions", game.options)
        self.opts = o
        self._names = game.seat_names()  # shared, never changed
        n = game.players
        self.n = n
        self.beginner: bool = o.beginner
        per = 2 if o.beginner else 3
        self.per = per
        self.edges = SEAT_EDGES[n]
        # Board (R4.2): ground everywhere, corner pillars, the centre drug.
        self.h = [1] * 49
        for c in CORNERS:
            self.h[(c[1] - 1) * 7 + c[0] - 1] = 2
        self.base_at: dict[Cell, int] = {}
        self.items: dict[Cell, list[Any]] = {}
        if o.centre_drug and not o.beginner:
            self.items[(4, 4)] = ["drug"]
        self.gas: dict[int, tuple[int, Cell]] = {}
        self.next_gas = 0
        self.supply = 68 - 49 - 4 - per * n
        self.food_pool = o.setup_food
        self.soldiers: list[Soldier] = []
        for p in range(n):
            for k in range(per):
                s = Soldier(p * per + k, p, k + 1)
                s.facing = EDGES[self.edges[p]].forward
                if o.beginner:
                    s.masks = s.drugs = 0
                self.soldiers.append(s)
        #: Copy on write: bit i set = soldiers[i] is this state's own (clones share the others
        #: until one of them writes; every write goes through _own).
        self._sown = (1 << len(self.soldiers)) - 1 | _WIND | _HANDS | _KNOWN
        self._fown = _FLOW  # (the flow's containers: see _QUEUE .. _TLAST)
        #: Civilians (R13.2): pieces C1, C2 (sid -1, -2, owner -1) placed in the cube phase;
        #: the village cube; per seat, rounds to sit out as the civilian penalty (R12.6).
        self.civs: list[Soldier] = []
        self.civ_pool = 2 if o.civilians else 0
        self.village: Cell | None = None
        self.village_pool = 1 if o.civilians else 0
        self.skip = [0] * n
        hand = {c: k for c, k in CARDS.items() if not (o.beginner and c in ("equip", "interrupt"))}
        self.hands = [dict(hand) for _ in range(n)]
        self.discards: list[list[str]] = [[] for _ in range(n)]
        self.intr_used = [o.beginner] * n
        self.vp = [0] * n
        self.known: list[set[int]] = [set() for _ in range(n)]
        self.public_tiles: set[int] = set()
        self.bonus = [False] * n
        self.spent = [0] * n
        self.plots: list[list[str] | None] = [None] * n
        self.shown: list[list[str]] = [[] for _ in range(n)]
        self.deaths = 0
        self.round = 1
        self.day = True
        self.start = 0
        self.turn_no = 0
        # Wind (R4.9): shuffled, previews only; none at all in beginner mode (A83).
        self.pile: list[str] = []
        self.wdisc: list[str] = []
        self.previews: list[str] = []
        self.wind_card: str | None = None
        self.wind: str | None = None  # the effective direction, None = calm
        if not o.beginner:
            self.pile = list(WIND_CARDS)
            rng.shuffle(self.pile)
            _refill_previews(self)
        # Teams (R13.4, R13.5): seat -> team; without teams every seat is its own team.
        self.team = list(range(n))
        if o.open_teams:  # A84: partners on adjacent edges, S+W against N+E
            self.team = [0, 0, 1, 1]
        elif o.hidden_teams:  # R13.4: dealt secretly (red/black cards)
            self.team = [0, 0, 1, 1]
            rng.shuffle(self.team)
        #: Per seat, the seats whose team it knows (its own; hidden teams: seen or killed, R13.4).
        self.team_seen: list[set[int]] = [{p} for p in range(n)]
        #: Team points not tied to a seat (hidden teams: every kill scores for the victim's foes).
        self.tvp = [0] * n
        # Flow.
        self.phase = "arm"
        self.queue: list[int] = list(range(n))
        self.order: list[int] = []
        self.turn_i = -1
        self.t_cards: list[str] = []
        self.t_card: str | None = None
        self.t_first_sid: int | None = None
        self.t_stage = ""
        self.t_last: dict[int, str] = {}
        self.t_exh: set[int] = set()
        self.t_gives = 0  # free transfers made this turn (capped: search.GIVES_PER_TURN)
        self.drug_sid: int | None = None
        self.drug_left = 0
        #: Gas tokens to move, first = next (replaced, never changed: clones share it).
        self.gasq: list[tuple[int, frozenset[Cell], str | None]] = []
        self.choice: tuple[int, frozenset[Cell], tuple[str, ...]] | None = None
        self.cont: str | None = None
        #: Owner decisions waiting, first = now: (kind, player, soldier id or 0):
        #: relief (A73), penalty (A82), heir (A43), intr (A22 b) (replaced, never changed:
        #: clones share it).
        self.pending: list[tuple[str, int, int]] = []
        self._legal: list[TrenchAction] | None = None
        #: What the last "not over yet" of _check_end was decided on (deaths, stalled, corpse
        #: moves, VP, team VP): the same inputs give the same answer, so it is not asked again.
        #: A new game starts with its own inputs: the set-up cannot end it (no end check runs
        #: in its phases) and changes none of them, and nobody has won before the first round.
        self._end_key: tuple[Any, ...] | None = (0, False, 0, [0] * n, [0] * n)
        #: Corpses looted (R10.4) or handed on by an exiting soldier (A43) so far: a corpse
        #: reaching a soldier in play may add a VP (A75).
        self.corpse_moves = 0
        self.result: Outcome | None = None
        self.stalled = False

    def _from_prototype(self, game: TrenchGame, rng: Rng, proto: dict[str, Any]) -> None:
        """What :meth:`_set_up` makes, from the first game's (``proto``: its content with these
        options, before any chance), every container copied (a new state is its own, as if
        set up by the rules: callers may change it), then the same draws from ``rng`` (the
        wind pile, hidden teams)."""
        o = cast("TrenchOptions", game.options)
        d = proto.copy()  # (a copy of a dict: no insertions; the keys in the same order)
        d.update(self.__dict__)  # (State.__init__'s, the first keys of the prototype too)
        self.__dict__ = d
        d["opts"] = o
        # (the seat names: the prototype's, made for the same options, language included)
        for k in _PROTO_FLAT:
            d[k] = proto[k].copy()
        for k, copy_one in _PROTO_NESTED:  # (lists of soldiers, hands, piles, sets)
            d[k] = list(map(copy_one, proto[k]))  # (mapped in C: no loop or comprehension)
        d["items"] = items = {}
        for c, v in proto["items"].items():  # (a loop: no comprehension call)
            items[c] = v.copy()
        self._sown = (1 << len(self.soldiers)) - 1 | _WIND | _HANDS | _KNOWN
        self._fown = _FLOW
        self._legal = None
        n = self.n
        self._end_key = (0, False, 0, [0] * n, [0] * n)  # (as _set_up says)
        self.wdisc = []
        if o.beginner:
            self.pile, self.previews = [], []
        else:  # R4.9, as _set_up draws it (_refill_previews, inline: a full pile)
            self.pile = pile = list(WIND_CARDS)
            rng.shuffle(pile)
            self.previews = [pile.pop(), pile.pop()] if n == 2 else [pile.pop()]
        if o.hidden_teams:  # R13.4, as _set_up deals it
            self.team = [0, 0, 1, 1]
            rng.shuffle(self.team)

    # ----------------------------------------------------------------- copying
    def clone(self) -> TrenchState:
        """A copy of exactly what ``_apply`` mutates (immutable values are shared)."""
        s = _new(TrenchState)
        s.__dict__ = d = self.__dict__.copy()
        # Shared until written (see _own, _own_wind, _own_hands, _own_known): the soldiers, the
        # generator and the wind piles (changed only when a round starts), the hands (changed
        # by plots and at a turn's end) and the tiles known (changed when one is seen).
        s._sown = self._sown = 0
        s._fown = self._fown = 0
        # The flow's queue, turn cards, cards shown and last categories likewise, the height
        # map, the discard piles, the items by cell, the plots and the gas tokens (_FLOW bits
        # in _fown).
        # Shared because replaced, never changed: the bases, interrupt cards used, bonuses,
        # weapons spent, VP, the turn order, the pieces done for the turn, the gas queue and
        # the owner decisions waiting.
        # (x.copy(): a third of list(x)'s or x[:]'s instructions in CPython 3.11)
        d["soldiers"] = self.soldiers.copy()
        o = self.opts
        if o.civilians:
            d["civs"] = [x.copy() for x in self.civs]
            d["skip"] = self.skip.copy()
        if o.hidden_teams:  # (the only game that changes them: R13.4, A85)
            d["tvp"] = self.tvp.copy()
            d["team_seen"] = [x.copy() for x in self.team_seen]
        # (the same legal actions: a list kept is never changed, so both may hold it; the cube
        # phase's _apply works out the next ones from it, as in place)
        s._legal = self._legal
        s._end_key = self._end_key
        # (State.share_log, inline: the twin takes the history and log lists, this state keeps
        # a view of each; a view or a list already shared stays shared by both, copied by
        # whichever writes)
        history = d["_history"]
        if type(history) is list:
            self._history = history_of(history)
        log = d["log"]
        if self._log_shared or type(log) is not list:
            d["_log_shared"] = True
        else:
            d["_log_shared"] = False
            view = _new(LogPrefix)  # (LogPrefix(log), inline: no __init__ frame)
            view._items = log
            view._n = len(log)
            self.log = view  # type: ignore[assignment]  # read-only until replaced
        self._log_shared = True
        return s

    def sample_world(self, player: int, rng: Rng | int) -> TrenchState:
        """A world consistent with what ``player`` sees, for search (issue 11).

        Dealt anew: the other seats' hands and unflipped plot cards (sizes kept; the interrupt
        card only where it may be plotted), the kinds of weapon tiles ``player`` has not seen
        (within one owner's set, among tiles with the same rounds left), the order of the wind
        pile, and in the hidden-team game the teams ``player`` has not learnt (among the deals
        that show him the same VP and actions). Kept: all that ``player`` sees, his own hand,
        plot and tiles, the tiles he saw or that were fired, the public history and his log.
        """
        return sample_world(self, player, rng)

    def _own_wind(self) -> None:
        """Make the generator and the wind piles this state's own (clones share them)."""
        if not self._sown & _WIND:
            self.rng = self.rng.copy()
            self.pile, self.wdisc, self.previews = self.pile[:], self.wdisc[:], self.previews[:]
            self._sown |= _WIND

    def _own_hands(self) -> list[dict[str, int]]:
        """The hands as this state may change them (clones share them until one writes)."""
        if not self._sown & _HANDS:
            hands: list[dict[str, int]] = []
            for x in self.hands:  # (a loop: no comprehension call)
                hands.append(x.copy())
            self.hands = hands
            self._sown |= _HANDS
        return self.hands

    def _own_discards(self) -> list[list[str]]:
        """The discard piles as this state may change them (clones share them until one
        writes)."""
        if not self._fown & _DISCARDS:
            piles: list[list[str]] = []
            for x in self.discards:  # (a loop: no comprehension call)
                piles.append(x.copy())
            self.discards = piles
            self._fown |= _DISCARDS
        return self.discards

    def _own_items(self) -> dict[Cell, list[Any]]:
        """The items by cell as this state may change them (clones share them until one writes;
        a cell's list of items is replaced, never changed)."""
        if not self._fown & _ITEMS:
            self.items = self.items.copy()
            self._fown |= _ITEMS
        return self.items

    def _own_plots(self) -> list[list[str] | None]:
        """The plots as this state may change them (clones share them until one writes; a
        plot list is replaced, never changed)."""
        if not self._fown & _PLOTS_OWN:
            self.plots = self.plots.copy()
            self._fown |= _PLOTS_OWN
        return self.plots

    def _own_gas(self) -> dict[int, tuple[int, Cell]]:
        """The gas tokens as this state may change them (clones share them until one writes)."""
        if not self._fown & _GAS:
            self.gas = self.gas.copy()
            self._fown |= _GAS
        return self.gas

    def _own_known(self) -> list[set[int]]:
        """The tiles each seat knows, as this state may change them, and ``public_tiles`` made
        its own too (clones share both until one writes)."""
        if not self._sown & _KNOWN:
            known: list[set[int]] = []
            for x in self.known:  # (a loop: no comprehension call)
                known.append(x.copy())
            self.known = known
            self.public_tiles = self.public_tiles.copy()
            self._sown |= _KNOWN
        return self.known

    def _own(self, s: Soldier) -> Soldier:
        """The soldier ``s`` as this state may change him: its own copy, made at the first write
        after a clone (civilians are copied by ``clone`` itself)."""
        i = s.sid
        if i < 0:
            return s
        if not self._sown >> i & 1:
            self.soldiers[i] = self.soldiers[i].copy()
            self._sown |= 1 << i
        return self.soldiers[i]

    def _log(
        self, key: str, player: int | None, kind: str, params: dict[str, Any],
        visible_to: tuple[int, ...] | None = None,
    ) -> None:
        """``add_log`` for the entries of (nearly) every step, the parameters given as a dict
        (no keyword arguments to bind: 4,700 instructions an entry instead of 7,800). The
        caller checks ``quiet``."""
        entry = _ENTRY(key, params, player,
                       None if visible_to is None else frozenset(visible_to), kind)
        if self._log_shared:  # (_writable_log, inline: a list shared with a twin is copied)
            self.log = self.log[:]
            self._log_shared = False
        self.log.append(entry)

    # ----------------------------------------------------------------- helpers
    def H(self, c: Cell) -> int:
        """Height of an on-board cell."""
        return self.h[_INDEX[c]]  # (a look-up: no index arithmetic)

    def _set_h(self, c: Cell, v: int) -> None:
        """Set a cell's height (the only writer of ``h``: a clone shares it until then). After
        a step that changed nothing else, the soldiers looking across the cell look again (the
        cells in ``_sight_of``); otherwise every soldier does."""
        hint = self._sight_of
        if hint == -1:
            self._sight_of = (c,)
        elif type(hint) is tuple:
            self._sight_of = (*hint, c)
        else:
            self._sight_of = None
        if not self._fown & _HEIGHTS:
            self.h = self.h.copy()
            self._fown |= _HEIGHTS
        self.h[_INDEX[c]] = v  # (a look-up: no index arithmetic)

    def level(self, s: Soldier) -> int:
        """The level a soldier rests at (ship = 1, R3.13)."""
        assert s.cell is not None
        return 1 if s.ship else _H(self, s.cell)

    def at(self, c: Cell) -> Soldier | None:
        """The living soldier on board cell ``c``, if any."""
        for s in self.soldiers:
            if s.cell == c and s.alive and not s.exited and not s.ship:  # (on_board, inline)
                return s
        for s in self.civs:
            if s.cell == c and s.alive:
                return s
        return None

    def gas_at(self, c: Cell) -> int:
        """How many gas tokens rest on ``c``."""
        if not self.gas:
            return 0
        return sum(1 for _, gc in self.gas.values() if gc == c)

    def is_free(self, c: Cell) -> bool:
        """No piece, item, corpse or gas on ``c`` (R3.12)."""
        return _at(self, c) is None and not self.items.get(c) and _gas_at(self, c) == 0

    def _taken_cells(self) -> set[Cell]:
        """Cells holding a piece, an item or a corpse, or gas (no cube may enter, R3.12)."""
        out = {c for c, v in self.items.items() if v}
        out.update(c for _, c in self.gas.values())
        out.update(s.cell for s in self.soldiers if s.on_board and s.cell is not None)
        out.update(s.cell for s in self.civs if s.alive and s.cell is not None)
        return out

    def in_play(self, p: int) -> list[Soldier]:
        """Player ``p``'s soldiers in play."""
        # (soldiers are listed by owner: p * per .. p * per + per - 1)
        mine = self.soldiers[_SEAT_SLICES[self.per][p]]
        for s in mine:  # (all of them, usually: then no comprehension runs)
            if not s.alive or s.exited:
                out = []
                for x in mine:  # (a loop: no comprehension call)
                    if x.alive and not x.exited:
                        out.append(x)
                return out
        return mine

    def _has_in_play(self, p: int) -> bool:
        """Whether player ``p`` has a soldier in play (``in_play`` without the list)."""
        per = self.per
        sol = self.soldiers  # (by index: no slice made)
        for i in _SEAT_SIDS[per][p]:  # (a loop: no generator)
            s = sol[i]
            if s.alive and not s.exited:
                return True
        return False

    def mine(self, p: int, num: int) -> Soldier | None:
        """Player ``p``'s soldier ``S{num}``, if there is one."""
        if 1 <= num <= self.per:
            return self.soldiers[p * self.per + num - 1]
        if CIV < num <= CIV + len(self.civs):
            return self.civs[num - CIV - 1]
        return None

    def _by(self, p: int, num: int) -> Soldier:
        if num > CIV:
            return self.civs[num - CIV - 1]
        return self.soldiers[p * self.per + num - 1]

    def name(self, p: int) -> str:
        """Seat name."""
        return self._names[p]

    def ally(self, p: int, q: int) -> bool:
        """Allies for pushing, carrying, melee and bases (R11.1): own soldiers, and in the open
        team game the partner's; in the hidden-team game nobody knows, so own soldiers only."""
        return p == q or (self.opts.open_teams and self.team[p] == self.team[q])

    def team_vp(self, p: int) -> int:
        """The VP that count for ``p``'s win: his own, or his team's pooled VP (A84, A85)."""
        return _team_vps(self)[p]

    def _vps(self) -> list[int]:
        """:meth:`total_vp` of every seat, in one pass over the soldiers."""
        out = self.vp[:]
        if self.opts.corpse_vp == "always":
            team, sol = self.team, self.soldiers
            for s in sol:
                if s.corpses and s.alive and not s.exited:
                    for c in s.corpses:  # his enemy corpses (a loop: no generator)
                        if team[sol[c].owner] != team[s.owner]:
                            out[s.owner] += 1
        return out

    def _team_vps(self) -> list[int]:
        """:meth:`team_vp` of every seat."""
        vps = _vps(self)
        if not (self.opts.open_teams or self.opts.hidden_teams):
            return vps
        team = self.team
        pool = [self.tvp[t] + sum(v for q, v in enumerate(vps) if team[q] == t) for t in (0, 1)]
        return [pool[team[p]] for p in range(self.n)]

    def _credit(self, by: int | None, victim: int) -> None:
        """A kill or a base destroyed (R12.1, R11.3; hidden teams: A85)."""
        self._end_key = None  # (an input of the end check changes)
        if self.opts.hidden_teams:
            self.tvp[1 - self.team[victim]] += 1
        elif by is not None and self.team[by] != self.team[victim]:
            self.vp = vp = self.vp.copy()  # (replaced, never changed: clones share it)
            vp[by] += 1

    def total_vp(self, p: int) -> int:
        """VP: events plus enemy corpses held (R12.1, A75)."""
        if self.opts.corpse_vp != "always":
            return self.vp[p]
        return self.vp[p] + _corpse_count(self, p)

    def corpse_count(self, p: int) -> int:
        """Enemy corpses held by ``p``'s soldiers in play (R10.7)."""
        return sum(
            1
            for s in _in_play(self, p)
            for c in s.corpses
            if self.team[self.soldiers[c].owner] != self.team[p]
        )

    def target_vp(self) -> int:
        """3 VP to win, 2 with 2 players (R12.2); 3 pooled team VP (A84, A85)."""
        return 2 if self.n == 2 else 3

    def _cw(self, first: int) -> tuple[int, ...]:
        """The seats clockwise from ``first`` (a shared tuple, made once per table size)."""
        return _CLOCKWISE[self.n][first]

    def _refill_previews(self) -> None:
        want = 2 if self.n == 2 else 1
        while len(self.previews) < want:
            if not self.pile:
                self.pile = self.wdisc
                self.wdisc = []
                self.rng.shuffle(self.pile)
            self.previews.append(self.pile.pop())

    # ----------------------------------------------------------------- whose turn
    @property
    def current_player(self) -> int | None:
        if self.result is not None:
            return None
        if self.choice is not None:
            return self.gas[self.choice[0]][0]
        if self.pending:
            return self.pending[0][1]
        if self.phase == "turn":
            return self.order[self.turn_i]
        return self.queue[0]

    def outcome(self) -> Outcome | None:
        return self.result

    def is_terminal(self) -> bool:
        """Whether the game is over (the core's, without the ``outcome`` call)."""
        return self.result is not None

    # ----------------------------------------------------------------- legal actions
    def legal_actions(self) -> list[TrenchAction]:
        """Fixed order: by soldier, then verb, then direction N E S W / cells a1..g7.

        Computed once per state (``play`` asks again for the same state) and forgotten by
        ``_apply`` and ``clone``; a new list each call, so callers may change it.
        """
        legal = self._legal
        if legal is not None:
            return legal.copy()
        # (the decision's actions worked out here, not in a helper: no call per step)
        if self.result is not None:
            legal = []
        elif self.choice is not None:
            legal = [_ACT["bounce", 0, d] for d in self.choice[2]]
        elif self.pending:
            legal = _pending_actions(self)
        else:
            ph = self.phase  # (current_player, inline)
            if ph == "turn":
                legal = _turn_actions(self, self.order[self.turn_i])
            else:
                p = self.queue[0]
                if ph == "plot":
                    legal = _plot_choices(self, p)  # (shared lists: copied below)
                elif ph == "land":
                    legal = _land_actions(self, p)
                elif ph == "arm":
                    legal = list(_ARMS[self.beginner])
                elif ph == "base":
                    legal = _base_actions(self, p)
                else:
                    legal = _setup_actions(self, p)  # (the cube phase)
        self._legal = legal
        return legal.copy()

    def _is_legal(self, action: TrenchAction) -> bool:
        """``action in legal_actions()`` without copying the list (actions are interned: the
        list's ``in`` compares identities, in C)."""
        legal = self._legal
        if legal is None:  # (worked out and kept by legal_actions)
            return action in self.legal_actions()
        return action in legal

    def _base_actions(self, p: int) -> list[TrenchAction]:
        """Where ``p`` may place his base (R4.7): his first row's open ground with no item."""
        h, items = self.h, self.items
        out = []
        for c, i, a in _BASES[self.edges[p]]:  # (a loop: no comprehension call)
            if h[i] == 1 and not items.get(c):
                out.append(a)
        return out

    # -- owner decisions (A73, A82, A43, A22 b) and free transfers (R6.11)
    def _pending_actions(self) -> list[TrenchAction]:
        kind, p, sid = self.pending[0]
        if kind == "intr":
            return [A("interrupt"), A("wait")]
        if kind == "civpen":  # R12.6 / A79: lose 1 VP (never below 0) or sit out a round
            return ([A("civpen", arg="vp")] if self.vp[p] >= 1 else []) + [A("civpen", arg="skip")]
        mine = _in_play(self, p)
        if kind == "penalty":  # A82: one whole item from one surviving soldier
            return [_ACT["penalty", r.num, it] for r in mine for it in items_of(r, False)]
        src = self.soldiers[sid]
        verb = "relief" if kind == "relief" else "hand"
        out = [
            _ACT[verb, r.num, it]
            for it in items_of(src, kind == "heir")
            for r in mine
            if it != "cube" or r.cubes < 2
        ]
        if kind == "relief" and out:  # "may": the owner can keep the card whole
            out.append(A("relief", arg="none"))
        return out

    def _pending_any(self) -> bool:
        """Whether the head decision has a choice: ``bool(_pending_actions())``, no list made."""
        kind, p, sid = self.pending[0]
        if kind == "intr" or kind == "civpen":  # (wait, or sit out a round: always there)
            return True
        mine = _in_play(self, p)
        if kind == "penalty":
            for r in mine:  # noqa: SIM110 (a plain loop: no generator)
                if items_of(r, False):
                    return True
            return False
        if not mine:
            return False
        for it in items_of(self.soldiers[sid], kind == "heir"):
            if it != "cube":
                return True
            for r in mine:
                if r.cubes < 2:
                    return True
        return False

    def _prune_pending(self) -> None:
        """Drop head decisions without a choice left (nothing to move, nobody to take it)."""
        while self.pending and not _pending_any(self):
            kind, _, sid = self.pending[0]
            self.pending = self.pending[1:]
            if kind == "relief":
                _after_relief(self, sid)

    def _give_actions(
        self, p: int, out: list[TrenchAction], mine: list[Soldier] | None = None
    ) -> None:
        """R6.11 / A90: items between adjacent own soldiers on the board, during one's own turn;
        in the open team game also to the partner's adjacent soldiers (named by their cell):
        added to ``out`` (the other legal actions: no list made and joined). ``mine``: ``p``'s
        soldiers on the board, if :meth:`_uses_and_mine` has listed them."""
        if mine is None:
            mine = []
            for s in self.soldiers[_SEAT_SLICES[self.per][p]]:  # (a loop: no comprehension)
                if not s.ship and s.alive and s.cell is not None:  # (on_board: exited, no cell)
                    mine.append(s)
        if self.opts.open_teams and self.t_gives < GIVES_PER_TURN:
            out.extend(_partner_gives(self, p, mine))
        n = len(mine)
        if n < 2:  # (the commonest, then two apart: tested before the limit)
            return
        if n == 2:
            x, y = mine
            c = x.cell
            assert c is not None
            if y.cell not in _NEIGHBOURS[c]:  # (apart: no pairs at all)
                return
            pairs: Iterable[tuple[Soldier, Soldier]] = ((x, y), (y, x))
        else:  # the three: every neighbouring pair, giver first, in the order of ``mine``
            pairs = []
            for a in mine:
                assert a.cell is not None
                near = _NEIGHBOURS[a.cell]
                for b in mine:
                    if b.cell in near:  # (a's own cell is not a neighbour of it)
                        pairs.append((a, b))
        if self.t_gives >= GIVES_PER_TURN:  # the ruling under R6.11: no endless turn
            return
        for a, b in pairs:
            gives = _GIVES_TO[a.num][b.num]
            # (items_of(a, True), inline: each kind's transfer added in its order, no list)
            tiles = a.tiles
            if len(tiles) == 1:  # (the usual card: one tile)
                out.append(gives[tiles[0][1]])
            elif tiles:
                for k in WEAPONS:
                    for t in tiles:
                        if t[1] == k:
                            out.append(gives[k])
                            break
            if a.masks:
                out.append(gives["mask"])
            if a.food:
                out.append(gives["food"])
            if a.drugs:
                out.append(gives["drug"])
            if a.cubes and b.cubes < 2:  # (a full taker takes no cube)
                out.append(gives["cube"])
            if a.corpses:
                out.append(gives["corpse"])

    def _partner_gives(self, p: int, mine: list[Soldier]) -> list[TrenchAction]:
        """A90: ``mine`` (``p``'s soldiers on the board) give to the partner's adjacent
        soldiers in the open team game (named by their cell)."""
        mates = [
            s for q in range(self.n) if q != p and self.team[q] == self.team[p]
            for s in _in_play(self, q) if s.on_board
        ]
        out: list[TrenchAction] = []
        for a in mine:
            assert a.cell is not None
            for b in mates:
                if b.cell in _NEIGHBOURS[a.cell]:
                    out += [
                        A("give", a.num, it, cell=b.cell)
                        for it in items_of(a, True) if it != "cube" or b.cubes < 2
                    ]
        return out

    def _land_actions(self, p: int) -> list[TrenchAction]:
        """The landings ``p`` may make now (a shared list: do not change it): they depend only
        on ``p``'s edge and his soldiers' cells, so each such key's list is made once."""
        key = (self.edges[p], *map(_CELL_OF, self.soldiers[_SEAT_SLICES[self.per][p]]))  # (C)
        out = _LANDS.get(key)
        if out is None:
            out = _LANDS[key] = _land_list(self, p)
        return out

    def _land_list(self, p: int) -> list[TrenchAction]:
        per = self.per
        taken = set()  # p's ships (the other seats' ships are beyond their own edges)
        for s in self.soldiers[p * per:p * per + per]:  # (a loop: no comprehension call)
            c = s.cell
            if c is not None:
                taken.add(c)
        out = []
        # the soldier to land next: each seat lands S1, S2, S3 in turn (R4.5)
        for ship, a in _LANDINGS[self.edges[p], len(taken) + 1]:  # (a loop: no comprehension)
            if ship not in taken:
                out.append(a)
        return out

    def _blocked_front(self) -> set[Cell]:
        """Edge cells directly in front of a ship (no placements there, A12; ``_setup_actions``
        marks them in its flags directly)."""
        out = set()
        for s in self.soldiers:
            if s.ship and s.cell is not None:
                out.add(_NEXT[s.facing][s.cell])
        return out

    def _setup_actions(self, p: int) -> list[TrenchAction]:
        h, items = self.h, self.items
        ok = bytearray(h).translate(_EQ1)  # per cell: open ground, not busy
        for s in self.soldiers:  # no placement on the edge cell in front of a ship (A12)
            if s.ship and s.cell is not None:
                i = _NEXT_INDEX[s.facing][s.cell]
                if i is not None:
                    ok[i] = 0
        for c, v in items.items():  # nor on an item or a corpse
            if v:
                i = _INDEX.get(c)
                if i is not None:
                    ok[i] = 0
        if self.civs:  # R13.2: nothing is placed on a civilian (nor on any piece)
            for i, c in enumerate(_CELLS):
                if ok[i] and _at(self, c) is not None:
                    ok[i] = 0
        out = [_PASS]
        if self.supply > 0:
            out.extend(compress(_PLACE_CUBE, ok))
        if self.food_pool > 0:
            out.extend(compress(_PLACE_FOOD, ok))
        if self.civ_pool or self.village_pool:  # R13.2 / A12: 「敵のｽﾀｰﾄ地点前以外はどこにでも」
            enemy_front = {
                add(s.cell, s.facing) for s in self.soldiers
                if s.ship and s.cell is not None and self.team[s.owner] != self.team[p]
            }
            cells = [
                c for i, c in enumerate(_CELLS) if h[i] == 1 and not items.get(c)
                and c not in enemy_front and _at(self, c) is None
            ]
            for kind, left in (("civilian", self.civ_pool), ("village", self.village_pool)):
                if left > 0:
                    acts = _CELL_ACTS["place", 0, kind]
                    out += [acts[_INDEX[c]] for c in cells]
        return out

    def _plot_choices(self, p: int) -> list[TrenchAction]:
        """The plots ``p`` may make now (a shared list: do not change it)."""
        h = self.hands[p]
        can_intr = False
        if h.get("interrupt", 0) > 0 and not self.intr_used[p]:
            per = self.per  # a soldier in play with a drug to pay (a loop: no generator)
            sol = self.soldiers  # (by index: no slice made)
            for i in _SEAT_SIDS[per][p]:
                s = sol[i]
                if s.drugs and s.alive and not s.exited:
                    can_intr = True
                    break
        # (a hand's cards are always in CARDS order, so its counts name it: check_invariants)
        timing = self.opts.interrupt_timing
        key = (tuple(h.values()), can_intr, timing)
        out = _PLOTS.get(key)
        if out is None:
            kind = (tuple(h), timing)
            if kind not in _PLOTS_MADE:  # every hand of this kind at once: no miss later
                _PLOTS_MADE.add(kind)
                for counts in itertools.product(*(range(CARDS[c] + 1) for c in h)):
                    one = dict(zip(h, counts, strict=True))
                    for intr in (False, True):
                        _PLOTS[counts, intr, timing] = _plot_list(one, intr, timing == "phase4")
            out = _PLOTS.get(key)
            if out is None:  # (more copies of a card than the game has: never, but correct)
                out = _PLOTS[key] = _plot_list(h, can_intr, timing == "phase4")
        return out

    @staticmethod
    def _plot_list(counts: dict[str, int], can_intr: bool, phase4: bool) -> list[TrenchAction]:
        """The plots a hand with these card ``counts`` allows (``can_intr``: the interrupt
        card too; ``phase4``: alone as well, A22 b)."""
        hand: list[str] = []  # the cards that may be plotted, in CARDS order (no comprehensions)
        for c in CARDS:
            if counts.get(c, 0) > 0 and (can_intr or c != "interrupt"):
                hand.append(c)
        out: list[TrenchAction] = []
        for c in hand:
            if phase4 or c != "interrupt":  # A22 b: alone it could only hold the turn back
                out.append(_PLOT_ONE[c])
        for i, a in enumerate(hand):  # the pairs (a, b), b in hand order (a row mapped in C)
            row = _PLOT_ROWS[a].__getitem__
            if counts[a] < 2:  # (a, a) needs two copies
                out.extend(map(row, hand[:i]))
                out.extend(map(row, hand[i + 1:]))
            else:
                out.extend(map(row, hand))
        return out

    def _turn_actions(self, p: int) -> list[TrenchAction]:
        """The card's uses (or reuse, drug actions, flip, end), then free transfers (R6.11)."""
        st = self.t_stage
        if st == "after1":  # (the commonest here: tested first)
            card = self.t_card
            mine: list[Soldier] | None = None
            if self.t_first_sid is not None and card in SOLDIER_CARDS:
                # R6.5a: another piece may use the first card again
                mine = []
                out = _uses_and_mine(self, p, card, False, self.t_first_sid, mine)
            else:
                out = []
            if self.drug_left > 0:  # (else no drug actions: no call)
                out.extend(_drug_actions(self, p))
            _give_actions(self, p, out, mine)
            if self.t_cards:
                out.append(_FLIP)
        elif st in ("act1", "act2"):
            assert self.t_card is not None
            mine = []
            out = _uses_and_mine(self, p, self.t_card, st == "act1", None, mine)
            _give_actions(self, p, out, mine)
            return out
        else:  # after2
            out = _drug_actions(self, p) if self.drug_left > 0 else []
            _give_actions(self, p, out)
        out.append(_END)
        return out

    def _drug_actions(self, p: int, any_one: bool = False) -> list[TrenchAction]:
        """The drugged soldier's extra actions (with ``any_one``: stop at the first card with
        a use)."""
        if self.drug_left <= 0 or self.drug_sid is None:
            return []
        s = self.soldiers[self.drug_sid]
        if not s.alive or s.exited or s.sid in self.t_exh:  # (not in play)
            return []
        hand, discards = self.hands[p], self.discards[p]
        uses: list[TrenchAction] = []
        remote = self.drug_left == 2
        last = self.t_last.get(s.sid, "")  # R6.8: not his last action's category again
        for c in SOLDIER_CARDS:  # the cards in hand or discarded (a loop: no comprehension)
            if (hand.get(c, 0) > 0 or c in discards) and c != last:
                _USES[c](self, s, remote, None, uses)
                if any_one and uses:
                    break
        return list(map(_EXTRA.__getitem__, uses))  # (their drug versions, mapped in C)

    def _card_uses(
        self, p: int, card: str, first: bool, any_one: bool = False, skip: int | None = None
    ) -> list[TrenchAction]:
        """The uses of ``card`` by every piece but ``skip`` (a sid); with ``any_one``: stop at
        the first piece with a use."""
        if card == "camp":
            return _camp_uses(self, p)
        out: list[TrenchAction] = []
        uses = _USES.get(card)  # (the card's uses by one soldier: looked up once)
        if uses is not None:
            done = self.t_exh if skip is None else self.t_exh | {skip}  # (empty: no look-up)
            t_last = self.t_last  # (empty at a turn's first card: no look-up)
            occ = _occupancy(self) if card == "move" else None  # (one map for every soldier)
            for s in self.soldiers[_SEAT_SLICES[self.per][p]]:  # (in_play, inline)
                if not s.alive or s.exited or (done and s.sid in done):
                    continue
                if t_last and t_last.get(s.sid, "") == card:  # (str == str: the fast compare)
                    continue  # R6.8: no two actions of one category in a row by one soldier
                uses(self, s, first, occ, out)
                if any_one and out:
                    return out
        if self.civs and card in _CIV_CARDS[self.opts.guerrillas]:  # R13.2, R13.3
            for c in self.civs:
                if c.alive and c.sid not in self.t_exh and c.sid != skip:  # R6.9: dashed = done
                    out += _civ_uses(self, c, card, p)
        return out

    def _uses_and_mine(
        self, p: int, card: str, first: bool, skip: int | None, mine: list[Soldier]
    ) -> list[TrenchAction]:
        """:meth:`_card_uses` (no ``any_one``), adding ``p``'s soldiers on the board to ``mine``
        on the way (for :meth:`_give_actions`: one walk over them, not two)."""
        uses = _CARD_USES[card]
        if uses is None:  # (the camp card: it has its own uses)
            out = _card_uses(self, p, card, first, False, skip)
            for s in self.soldiers[_SEAT_SLICES[self.per][p]]:  # (_give_actions' own walk)
                if not s.ship and s.alive and s.cell is not None:  # (on_board)
                    mine.append(s)
            return out
        out = []
        done = self.t_exh if skip is None else self.t_exh | {skip}  # (empty: no look-up)
        t_last = self.t_last  # (empty at a turn's first card: no look-up)
        occ = _occupancy(self) if card == "move" else None  # (one map for every soldier)
        for s in self.soldiers[_SEAT_SLICES[self.per][p]]:  # (in_play, inline)
            if not s.alive or s.exited:
                continue
            if not s.ship and s.cell is not None:  # (on_board)
                mine.append(s)
            if done and s.sid in done:
                continue
            if t_last and t_last.get(s.sid, "") == card:  # (str == str: the fast compare)
                continue  # R6.8: no two actions of one category in a row by one soldier
            uses(self, s, first, occ, out)
        if self.civs and card in _CIV_CARDS[self.opts.guerrillas]:  # R13.2, R13.3
            for c in self.civs:
                if c.alive and c.sid not in self.t_exh and c.sid != skip:  # R6.9: dashed = done
                    out += _civ_uses(self, c, card, p)
        return out

    def _civ_uses(self, s: Soldier, card: str, p: int) -> list[TrenchAction]:
        """R13.2 / A86: a civilian only steps one cell (no push, melee, pick-up, dig or exit;
        into the village cell it destroys it, R7.1.9) or turns; a guerrilla (R13.3) also
        digs in place and fires a weapon of one of player ``p``'s soldiers (A87)."""
        if self.t_last.get(s.sid) == card:
            return []  # R6.8 applies to a civilian as to a soldier
        assert s.cell is not None
        k = CIV + s.num
        if card == "turn":
            return [A("turn", k, d) for d in DIRS if d != s.facing]
        if card == "dig":
            return [A("dig", k)] if _H(self, s.cell) >= 1 else []
        if card == "fire":
            out: list[TrenchAction] = []
            for w in _in_play(self, p):
                _fires(self, s, False, None, out, w)
            return out
        lv = _H(self, s.cell)
        out = [A("move", k, d) for d in DIRS if _civ_step_ok(self, lv, add(s.cell, d))]
        c1 = add(s.cell, s.facing)  # the dash (R7.1.5): two cells straight ahead
        if on_board(c1) and _at(self, c1) is None and c1 != self.village:
            h1, c2 = _H(self, c1), add(c1, s.facing)
            if lv >= 1 and h1 == 0:  # jumping a one-cell hole onto ground
                ok = on_board(c2) and _H(self, c2) == 1 and _civ_step_ok(self, 1, c2)
            else:
                ok = h1 == 1 and _civ_step_ok(self, 1, c2)
            if ok:
                out.append(A("dash", k, s.facing))
        return out

    def _civ_step_ok(self, lv: int, t: Cell) -> bool:
        """Whether a civilian at level ``lv`` may step onto ``t``: on the board, no piece, no
        item (it picks nothing up), not raised except the village (bumped, R7.1.9)."""
        if not on_board(t) or _at(self, t) is not None or self.items.get(t):
            return False
        return lv >= 1 if t == self.village else _H(self, t) <= 1

    def _camp_uses(self, p: int) -> list[TrenchAction]:
        per = self.per
        sol = self.soldiers  # (by index: no slice made)
        for i in _SEAT_SIDS[per][p]:  # (in_play, inline: no list made)
            s = sol[i]
            if (s.food or s.corpses) and s.alive and not s.exited:
                break
        else:
            return []  # nothing to eat
        if not self.day:
            return [_CAMP]
        discards = self.discards[p]
        out = []
        for c in CARDS:  # the kinds discarded but camp, in CARDS order (no set, sort or listcomp)
            if c in discards and c != "camp":
                out.append(_CAMP_OF[c])
        return out or [_CAMP]

    # The uses of one card by soldier ``s``, added to ``out`` (``_USES``, by card: one
    # signature; ``remote``: a drugged dig may be remote, ``occ``: :meth:`_occupancy` or None).
    def _turn_uses(
        self, s: Soldier, remote: bool, occ: dict[Cell, Soldier] | None, out: list[TrenchAction]
    ) -> None:
        k = s.num
        c = s.cell
        assert c is not None
        carry = -1  # (_carry_limit, inline; the piece in front looked for only if it counts)
        if not s.masked and not s.ship:
            _, t, i = _AHEAD[s.facing][c]
            if i is not None:
                h = self.h
                lv, ht = h[_INDEX[c]], h[i]
                if ht == lv:  # an ally at its level goes along
                    x = _at(self, t)
                    if x is not None and x.owner >= 0 and _ally(self, x.owner, s.owner):
                        carry = ht
                elif (  # a ground cube in front goes along
                    lv == 1 and ht == 2 and t not in self.base_at and t != self.village
                    and _at(self, t) is None
                ):
                    carry = 1
        if carry < 0:  # nothing carried along: the three other facings (a table)
            out.extend(_TURNS[k][s.facing])
            return
        for d in DIRS:
            if d != s.facing:
                out.append(_ACT["turn", k, d])
                if carry >= 0:  # the side cell towards d takes what is in front, if free
                    t2 = _NEXT[d][c]
                    i2 = _INDEX.get(t2)
                    if i2 is not None and self.h[i2] <= carry and _is_free(self, t2):
                        out.append(_ACT["turn", k, d, None, 1])

    def _build_uses(
        self, s: Soldier, remote: bool, occ: dict[Cell, Soldier] | None, out: list[TrenchAction]
    ) -> None:
        if s.masked or s.ship:
            return
        k = s.num
        if s.cubes:
            ok = bytearray(self.h).translate(_LT2)  # per cell: height <= 1 and not taken
            for c in _taken_cells(self):
                i = _INDEX.get(c)
                if i is not None:
                    ok[i] = 0
            out.extend(compress(_BUILD_AT[k], ok))
        if s.cubes < 2 and _collectable(self, s):
            out.append(_COLLECT_OF[k])

    def _dig_uses(
        self, s: Soldier, remote: bool, occ: dict[Cell, Soldier] | None, out: list[TrenchAction]
    ) -> None:
        k = s.num
        if not s.ship:
            out.append(_DIG_OF[k])
        if remote:
            ok = bytearray(self.h).translate(_GT0)  # per cell: height >= 1 and no base
            for c in self.base_at:
                ok[_INDEX[c]] = 0
            out.extend(compress(_REMOTE_AT[k], ok))

    def _equip_uses(
        self, s: Soldier, remote: bool, occ: dict[Cell, Soldier] | None, out: list[TrenchAction]
    ) -> None:
        if not s.masked:
            if s.masks:
                out.append(_EQUIP_OF[s.num]["mask"])
            if s.drugs and self.drug_left == 0:
                out.append(_EQUIP_OF[s.num]["drug"])

    # -- move
    def _occupancy(self) -> dict[Cell, Soldier]:
        """The living pieces by board cell (``at`` for many cells: one pass, then look-ups)."""
        occ: dict[Cell, Soldier] = {}
        for x in self.soldiers:
            if not x.ship and x.alive and x.cell is not None:  # (on_board: exited, no cell)
                occ[x.cell] = x
        for x in self.civs:
            if x.alive and x.cell is not None and x.cell not in occ:
                occ[x.cell] = x
        return occ

    def _moves(
        self, s: Soldier, remote: bool, occ: dict[Cell, Soldier] | None, out: list[TrenchAction]
    ) -> None:
        """``s``'s moves and dash, added to ``out`` (the move card's ``_USES``)."""
        if occ is None:
            occ = _occupancy(self)
        k = s.num
        c = s.cell
        assert c is not None
        h = self.h
        if s.ship:  # from a ship only forward, at level 1 (R3.13)
            ahead: Iterable[tuple[str, Cell, int | None]] = (
                _AHEAD[EDGES[self.edges[s.owner]].forward][c],
            )
            lv = 1
        else:
            ahead, lv = _AROUND[c], h[_INDEX[c]]
        moves = _MOVE_OF[k]
        for d, t, i in ahead:
            if i is not None and h[i] <= 1 and t not in occ:
                # (a free cell, not raised: _step_modes' commonest answer, inline)
                out.append(moves[d])
                if lv < 1 and h[i] == 1:  # from a trench onto ground: also dig it
                    out.append(_DIG_FWD_OF[k][d])
                continue
            for mode in _step_modes(self, s, c, lv, d, False, occ):
                out.append(_STEP_OF[mode][k][d])
        if s.masked:  # the dash (_dash_ok, inline: no call)
            return
        d = s.facing
        if s.ship and d != EDGES[self.edges[s.owner]].forward:
            return
        on = _AHEAD[d]  # (the cells one and two steps on, and their indices, from tables)
        _, c1, i = on[c]
        if i is None:
            return
        _, t, j = on[c1]
        h1 = h[i]
        if c1 in occ and not (lv >= 1 and h1 == 0):
            return
        if lv >= 1:
            if h1 == 2:
                return
            if h1 == 0 and (j is None or h[j] != 1):  # a hole is jumped onto ground only
                return
        elif h1 != 1:
            return
        # the second step, from c1 at level 1 (a free cell, not raised: the commonest answer)
        if (j is not None and h[j] <= 1 and t not in occ) or _step_modes(
            self, s, c1, 1, d, True, occ
        ):
            out.append(_DASH_OF[k][d])

    def _exit_ok(self, s: Soldier, c: Cell, d: str) -> bool:
        edge = EDGES[self.edges[s.owner]]
        if d != edge.forward or edge.row_of(c) != 7:
            return False
        if self.opts.hidden_teams:
            return False
        t = add(c, d)
        if any(x.ship and x.cell == t and x.in_play for x in self.soldiers):
            return False
        return not (len(_in_play(self, s.owner)) == 1 and _total_vp(self, s.owner) == 0)

    def _step_modes(
        self, s: Soldier, c: Cell, lv: int, d: str, dash: bool, occ: dict[Cell, Soldier]
    ) -> tuple[str, ...]:
        """How ``s`` (at ``c``, level ``lv``) may step towards ``d``: "move" and/or "dig_fwd"
        (``occ``: the pieces by cell, :meth:`_occupancy`)."""
        t = _NEXT[d][c]
        i = _INDEX.get(t)
        if i is None:  # off the board
            return _MOVE if c in _INDEX and _exit_ok(self, s, c, d) else ()
        h = self.h
        ht = h[i]
        if ht == 2:
            if lv < 1:
                return ()
            if t == self.village:
                return _MOVE  # R7.1.9 / A42: the bump destroys it, facing or not
            if dash or d != s.facing:
                return ()
            base = self.base_at.get(t)
            if base is not None:
                return () if _ally(self, base, s.owner) else _MOVE
            if s.masked or s.ship:
                return ()
            b = _NEXT[d][t]
            j = _INDEX.get(b)
            return _MOVE if j is not None and h[j] <= 1 and _is_free(self, b) else ()
        piece = occ.get(t)
        if lv >= 1 or ht == 0:
            if piece is not None:
                return _occupied(self, s, piece, t, d, d == s.facing, dash)
            return _MOVE
        # level 0 (in a trench) towards ground
        if piece is not None:
            return ()  # no climbing onto a piece, no upward melee (Q&A 7)
        return _MOVE if dash else _MOVE_DIG

    def _occupied(
        self, s: Soldier, occ: Soldier, t: Cell, d: str, facing: bool, dash: bool
    ) -> tuple[str, ...]:
        if occ.owner < 0:
            return _MOVE  # R7.1.9 / A42: bumping a civilian kills it, facing or not
        if not _ally(self, occ.owner, s.owner):
            return _MOVE if facing else ()  # melee (R7.1.7)
        if dash or not facing or s.masked or s.ship:
            return ()
        b = _NEXT[d][t]
        j = _INDEX.get(b)
        h = self.h
        return _MOVE if j is not None and h[j] <= h[_INDEX[t]] and _is_free(self, b) else ()

    def _dash_ok(self, s: Soldier, occ: dict[Cell, Soldier]) -> bool:
        c = s.cell
        assert c is not None
        d = s.facing
        if s.ship:
            if d != EDGES[self.edges[s.owner]].forward:
                return False
            lv = 1
        else:
            lv = self.h[_INDEX[c]]
        ahead = _AHEAD[d]  # (the cells one and two steps on, and their indices, from tables)
        _, c1, i = ahead[c]
        if i is None:
            return False
        _, t, j = ahead[c1]
        h = self.h
        h1 = h[i]
        if c1 in occ and not (lv >= 1 and h1 == 0):
            return False
        if lv >= 1:
            if h1 == 2:
                return False
            if h1 == 0 and (j is None or h[j] != 1):  # a hole is jumped onto ground only
                return False
        elif h1 != 1:
            return False
        # the second step, from c1 at level 1
        if j is not None and h[j] <= 1 and t not in occ:
            return True  # (a free cell, not raised: _step_modes' commonest answer, inline)
        return bool(_step_modes(self, s, c1, 1, d, True, occ))

    # -- turn / build helpers
    def _carry_limit(self, s: Soldier) -> int:
        """What a turn may carry along (R7.2): -1 nothing (no ally at its level or ground
        cube in front), else the highest the side cell may be (it must also be free)."""
        if s.masked or s.ship:
            return -1
        c = s.cell
        assert c is not None
        _, t, i = _AHEAD[s.facing][c]
        if i is None:
            return -1
        h = self.h
        lv, ht = h[_INDEX[c]], h[i]
        occ = _at(self, t)
        if occ is not None:
            return ht if occ.owner >= 0 and _ally(self, occ.owner, s.owner) and ht == lv else -1
        return 1 if lv == 1 and ht == 2 and t not in self.base_at and t != self.village else -1

    def _collectable(self, s: Soldier) -> bool:
        assert s.cell is not None
        _, t, i = _AHEAD[s.facing][s.cell]
        if i is None or t in self.base_at or t == self.village:
            return False
        h = self.h
        if (1 if s.ship else h[_INDEX[s.cell]]) == 1:  # (level, inline)
            return h[i] == 2
        return h[i] >= 1  # R7.3.2: what rests on a ground cube drops into the new hole

    # -- fire
    def gun_range(self, s: Soldier) -> int:
        """4, −1 at night, −1 with a mask (R7.4.2)."""
        return 4 - (0 if self.day else 1) - (1 if s.masked else 0)

    def _fires(
        self, s: Soldier, remote: bool, occ: dict[Cell, Soldier] | None,
        out: list[TrenchAction], w: Soldier | None = None,
    ) -> None:
        """``s``'s shots from its cell and facing, added to ``out`` (the fire card's ``_USES``);
        the weapon is ``w``'s (a guerrilla firing a soldier's weapon, R13.3 / A87: the action
        names him, ``C1 fire gun from S2``)."""
        if w is None or w is s:
            w, shots = s, _SHOTS[""][s.num]
        else:
            shots = _SHOTS[f" from S{w.num}"][CIV + s.num]
        c = s.cell
        assert c is not None
        armed = []  # the kinds w.weapon() finds (a loop: no comprehension call)
        for t in w.tiles:
            if t[2] > 0:
                armed.append(t[1])
        if not armed:
            return
        h = self.h
        i = _INDEX.get(c)  # (None on a ship)
        if s.ship:  # (level, inline) + 1: the highest target
            top = 2
        else:
            assert i is not None
            top = h[i] + 1
        if "gun" in armed:
            out.append(shots["gun"][0])
        if "gas" in armed:
            gas = shots["gas"]
            if i is not None and h[i] <= top:
                out.append(gas[0])
            i1 = _AHEAD[s.facing][c][2]
            if i1 is not None and h[i1] <= top:
                out.append(gas[1])
        if "bomb" in armed:  # (bomb_target_ok for 0, 1, 2 cells on, inline: no calls)
            bomb = shots["bomb"]
            if i is not None and h[i] <= top:
                out.append(bomb[0])
            ahead = _AHEAD[s.facing]
            _, c1, i1 = ahead[c]
            if i1 is not None:
                h1 = h[i1]
                if h1 <= top:
                    out.append(bomb[1])
                i2 = ahead[c1][2]  # the first cell's top (a piece counting one more) too
                if i2 is not None and h[i2] <= top and (
                    h1 + (1 if _at(self, c1) is not None else 0) <= top
                ):
                    out.append(bomb[2])

    # ----------------------------------------------------------------- apply
    def apply_in_place(self, action: TrenchAction) -> None:
        """The core's fast path, reading the action's text without a ``str`` call: the step
        (the core's ``_apply``, inline: one call fewer per step), then the history, then
        what the pieces see."""
        if self._log_shared:  # (once per step: the entries of the step are appended directly)
            self.log = self.log[:]
            self._log_shared = False
        # who decides (current_player, inline) and what he decides: a gas bounce, an owner
        # decision, a turn's action, a plot or a set-up step; each forgets this state's legal
        # actions first (the step may set the next ones)
        choice = self.choice
        if choice is not None:  # (then the only legal actions are bounces)
            self._legal = None
            p = self.gas[choice[0]][0]
            tid, visited, _ = choice
            self.choice = None
            self.gasq = [(tid, visited, action.arg), *self.gasq]
            if not self.quiet:  # (a quiet state builds no entries)
                self._log("bounce", p, "action", {"name": self._names[p], "d": action.arg})
        elif self.pending:
            self._legal = None
            p = self.pending[0][1]
            _resolve(self, p, action)
        elif self.phase == "turn":
            self._legal = None
            p = self.order[self.turn_i]
            _apply_turn(self, p, action)
        elif action.verb == "plot":  # (the plot phase has no other action)
            self._legal = None
            p = self.queue[0]
            _plot(self, p, _PLOT_CARDS[action])
        else:
            legal = self._legal  # (this state's legal actions, if asked: the cube phase's carry)
            self._legal = None
            p = self.queue[0]
            _apply_setup(self, p, action, legal)
        # What runs by itself (inline: one call fewer per step): gas first, then the end checks,
        # the owner decisions it raised, then the next automatic step. (The result is set only
        # by the end check, a choice only by a gas run.) A reveal's legal actions hold only if
        # the turn waits on them: each stop on a choice, a result or a pending decision forgets
        # them.
        while True:
            if self.gasq:
                _run_gas(self)
                if self.choice is not None:
                    self._legal = None
                    break
            # (the end check's inputs are unchanged since it last said "not over" while its key
            # is kept: every write to them forgets the key, see _check_end)
            if self._end_key is None and _check_end(self):
                self._legal = None
                break
            if self.pending:
                _prune_pending(self)
                if self.pending:
                    self._legal = None
                    break
            step = self.cont
            if step is None:
                break
            self.cont = None
            _CONT[step](self)  # (a function from a table: no bound method made)
        # the history, after the step (this state's own list: grown in place, as the core's
        # apply_in_place does)
        try:
            self._history.append(action._text)  # type: ignore[union-attr]
        except AttributeError:  # a History of a list handed to a twin: a list of its own now
            self._history = [*self._history, action._text]
        # (what anyone may newly see, worked out once per action; usually nothing)
        if not action._sight:  # type: ignore[attr-defined]
            return
        if action._sight == 2:  # type: ignore[attr-defined]  # only the turning soldier looks
            # (_update_sight with him and _by, inline: he looks, and no hint is left)
            self._sight_of = None
            k = action.soldier
            _look_with(self, self.civs[k - CIV - 1] if k > CIV
                       else self.soldiers[p * self.per + k - 1], False)
        else:
            _update_sight(self)

    def _apply(self, action: TrenchAction) -> None:
        """The step without its history (the core's contract; :meth:`apply_in_place` makes
        the step and the history in one, and nothing here calls this)."""
        history = self.history
        self.apply_in_place(action)
        self.history = history  # (a copy of the texts before the step)

    # -- set-up
    def _apply_setup(self, p: int, a: TrenchAction, legal: list[TrenchAction] | None) -> None:
        """A set-up step; ``legal``: this state's legal actions if they were asked for (the
        cube phase's next ones are then worked out from them, see below), else ``None``."""
        ph = self.phase
        if not self._fown & _QUEUE:  # (shared with a clone: copied at the first write)
            self.queue = self.queue.copy()
            self._fown |= _QUEUE
        self.queue.pop(0)
        if ph == "arm":
            kinds = a.arg.split(",")
            per = self.per  # (every soldier is in play during the set-up: in_play, inline)
            mine = _SEAT_SIDS[per][p]
            soldiers = self.soldiers
            # (one test of the seat's ownership bits, not two big-int operations per soldier)
            mask = _SEAT_MASKS[per][p]
            if self._sown & mask != mask:
                for i in mine:  # (_own, inline)
                    if not self._sown >> i & 1:
                        soldiers[i] = soldiers[i].copy()
                        self._sown |= 1 << i
            bomb = self.opts.bomb_uses
            i = mine[0]
            for kind in kinds:  # (one kind per soldier of the seat: the action is legal)
                soldiers[i].tiles = [(i, kind, 4 if kind == "gun" else 2 if kind == "gas"
                                      else bomb)]
                i += 1
            if not self._sown & _KNOWN:  # (_own_known, inline)
                _own_known(self)
            self.known[p].update(mine)
            if not self.quiet:
                names: list[Term] = []
                for kind in kinds:  # (a loop: no comprehension call)
                    names.append(WEAPON_NAMES[kind])
                self.log.append(_ENTRY("arm", {"name": self._names[p], "w": names}, p, (p,),
                                       "action"))
            if not self.queue:
                self.phase = "land"
                self.queue = list(_LAND_QUEUE[self.n, self.per])
        elif ph == "land":
            i = p * self.per + a.soldier - 1  # (_own(_by(...)), inline)
            s = self.soldiers[i]
            if not self._sown >> i & 1:  # (_own, inline)
                s = self.soldiers[i] = s.copy()
                self._sown |= 1 << i
            assert a.cell is not None
            ship = _LAND_SHIPS.get(a)
            s.cell = EDGES[self.edges[p]].ship_cell(a.cell) if ship is None else ship
            s.ship = True
            if not self.quiet:  # (the entry shared by seat, name and action)
                name = self._names[p]
                entry = _SHARED.get(("land", p, name, a))
                if entry is None:
                    entry = _SHARED["land", p, name, a] = _ENTRY(
                        "land", {"name": name, "s": a.soldier, "cell": _cn(a.cell)}, p, None,
                        "action")
                self.log.append(entry)
            _shield(self, s)
            if not self.queue:
                self.phase = "base"
                self.queue = list(range(self.n))
        elif ph == "base":
            assert a.cell is not None
            _set_h(self, a.cell, 2)
            self.base_at = {**self.base_at, a.cell: p}  # (replaced, never changed)
            if not self.quiet:  # (the entry shared by seat, name and action)
                name = self._names[p]
                entry = _SHARED.get(("base", p, name, a))
                if entry is None:
                    entry = _SHARED["base", p, name, a] = _ENTRY(
                        "base", {"name": name, "cell": _cn(a.cell)}, p, None, "action")
                self.log.append(entry)
            if not self.queue:
                self.phase = "setup"
                self.queue = list(_CUBE_QUEUE[self.n])
        else:
            # (the list of _setup_actions is [pass, cubes..., foods...], cubes and foods on the
            # same open cells in cell order; without civilians to place, a placement closes
            # its own cell only, a pass nothing: the next player's list is this one without
            # the cell's two actions, or without a kind whose pool ran out)
            sup0, food0 = self.supply > 0, self.food_pool > 0
            if self.civ_pool or self.village_pool:
                legal = None
            if a.verb == "place" and a.cell is not None:
                if a.arg == "cube":
                    _set_h(self, a.cell, 2)
                    self.supply -= 1
                elif a.arg == "civilian":  # R13.2: facing the placing player's forward
                    c = Soldier(-1 - len(self.civs), -1, len(self.civs) + 1)
                    c.food = c.masks = c.drugs = 0
                    c.cell, c.facing = a.cell, EDGES[self.edges[p]].forward
                    self.civs.append(c)
                    self.civ_pool -= 1
                elif a.arg == "village":  # R13.2: a coloured cube
                    _set_h(self, a.cell, 2)
                    self.village = a.cell
                    self.village_pool -= 1
                else:
                    _own_items(self)[a.cell] = [*self.items.get(a.cell, ()), "food"]
                    self.food_pool -= 1
                if not self.quiet:  # (the entry shared by seat, name and action)
                    name = self._names[p]
                    entry = _SHARED.get(("place", p, name, a))
                    if entry is None:
                        entry = _SHARED["place", p, name, a] = _ENTRY("place", {
                            "name": name, "what": _word(a.arg), "cell": _cn(a.cell)}, p, None,
                            "action")
                    self.log.append(entry)
            else:
                if not self.quiet:
                    self.add_log("pass", player=p, kind="action", name=self.name(p))
            if not self.queue:
                self.cont = "_start_round"
            elif legal is not None:
                if a is not _PASS:
                    j = legal.index(a)  # (interned actions: compared by identity, in C)
                    n = len(legal) - 1
                    k = n >> 1 if sup0 and food0 else n  # open cells
                    fo = 1 + k if sup0 else 1  # the first food
                    m = j - 1 if a.arg == "cube" else j - fo  # the cell's rank among them
                    legal = legal.copy()
                    if food0:
                        if self.food_pool > 0:
                            del legal[fo + m]
                        else:
                            del legal[fo:fo + k]
                    if sup0:
                        if self.supply > 0:
                            del legal[1 + m]
                        else:
                            del legal[1:1 + k]
                self._legal = legal

    def _resolve(self, p: int, a: TrenchAction) -> None:
        """Carry out the owner decision at the head of ``pending``."""
        sid = self.pending[0][2]
        if a.verb == "hand":  # A43: one item at a time until the card is empty
            if a.arg == "corpse":
                self.corpse_moves += 1
                self._end_key = None  # (an input of the end check changes)
            move_item(_own(self, self.soldiers[sid]), _own(self, _by(self, p, a.soldier)), a.arg)
            self.add_log("hand_on", player=p, kind="action", name=self.name(p),
                         what=_word(a.arg), s=a.soldier)
            return
        self.pending = self.pending[1:]
        if a.verb == "relief":
            if a.arg != "none":
                src, dst = self.soldiers[sid], _by(self, p, a.soldier)
                move_item(_own(self, src), _own(self, dst), a.arg)
                self.add_log("relief", player=p, kind="action", name=self.name(p),
                             what=_word(a.arg), s=a.soldier)
            else:
                self.add_log("no_relief", player=p, kind="action", name=self.name(p))
            _after_relief(self, sid)
        elif a.verb == "penalty":
            r = _own(self, _by(self, p, a.soldier))
            drop_item(r, a.arg)
            if not self.quiet:
                self._log("penalty", p, "action",
                          {"name": self._names[p], "what": _word(a.arg), "s": a.soldier})
        elif a.verb == "civpen":  # R12.6 / A79
            if a.arg == "vp":
                self.vp = vp = self.vp.copy()
                vp[p] -= 1
                self._end_key = None  # (an input of the end check changes)
                self.add_log("civpen_vp", player=p, kind="action", name=self.name(p))
            else:
                self.skip[p] += 1
                self.add_log("civpen_skip", player=p, kind="action", name=self.name(p))
        elif a.verb == "interrupt":  # A22 b: jump in before the next turn
            self.pending = [x for x in self.pending if x[0] != "intr"]
            _pay_interrupt(self, p)
            order = self.order.copy()  # (replaced, never changed: clones share it)
            order.remove(p)
            order.insert(self.turn_i, p)
            self.order = order
        # "wait": the next player who may interrupt is asked, then the turn goes on

    def _after_relief(self, sid: int) -> None:
        """The corpse is free to loot: a melee attacker standing on it takes it now (R10.4)."""
        for c, things in self.items.items():
            if sid in things:
                occ = _at(self, c)
                if occ is not None:
                    things = things.copy()  # (replaced, never changed: clones share it)
                    things.remove(sid)
                    if things:
                        _own_items(self)[c] = things
                    else:
                        del _own_items(self)[c]
                    _loot(self, occ, sid)
                return

    def _pay_interrupt(self, p: int) -> None:
        """R7.8.2: pay a drug from any soldier in play; the card leaves the game."""
        plot = self.plots[p]
        assert plot is not None
        if not self._fown & _PLOTS_OWN:  # (_own_plots, inline)
            self.plots = self.plots.copy()
            self._fown |= _PLOTS_OWN
        plot = self.plots[p] = plot.copy()
        plot.remove("interrupt")
        self.intr_used = used = self.intr_used.copy()  # (replaced, never changed)
        used[p] = True
        soldiers = self.soldiers
        for i in _SEAT_SIDS[self.per][p]:  # the first soldier in play with a drug (no generator)
            payer = soldiers[i]
            if payer.drugs and payer.alive and not payer.exited:
                break
        else:
            raise AssertionError("an interrupt paid without a drug in play")
        if not self._sown >> i & 1:  # (_own, inline)
            payer = soldiers[i] = payer.copy()
            self._sown |= 1 << i
        payer.drugs -= 1
        if not self.quiet:
            self._log("interrupt", p, "event", {"name": self._names[p]})

    def _shield(self, s: Soldier) -> None:
        """R4.6: a cube on the middle of a line shared with an opposite soldier."""
        assert s.cell is not None
        # the opposite edge's ship cell on s's line, and the line's middle
        opp, mid = _SHIELDS[s.cell]
        if self.h[_INDEX[mid]] != 1 or self.items.get(mid) or self.supply <= 0:
            return  # (no cube can go there: no need to look for the opposite soldier)
        for o in self.soldiers:
            if o.cell == opp and o.ship:
                _set_h(self, mid, 2)
                self.supply -= 1
                if not self.quiet:
                    self._log("shield", None, "event", {"cell": _cn(mid)})
                return

    # -- rounds
    def _start_round(self) -> None:
        self.phase = "plot"
        if self.round > 1:
            _own_wind(self)
            eclipse = False
            if not self.beginner:
                if self.wind_card is not None:
                    self.wdisc.append(self.wind_card)
                self.wind_card = self.previews.pop(0)
                _refill_previews(self)
                while self.wind_card == "eclipse":  # R5.1c
                    eclipse = True
                    self.wdisc.append(self.wind_card)
                    self.wind_card = self.previews.pop(0)
                    _refill_previews(self)
                card = self.wind_card
                if card in DIRS:
                    self.wind = card if self.opts.wind_towards else _OPP[card]
                elif card == "calm" or self.opts.same_wind == "calm":
                    self.wind = None
                # "same": the previous effective wind continues (A19)
            if not eclipse:
                self.day = not self.day
        if not self.quiet:  # (the entry shared by round, day, starting seat's name and wind)
            start = self._names[self.start]
            key = ("round", self.round, self.day, start, self.wind)
            entry = _SHARED.get(key)
            if entry is None:
                entry = _SHARED[key] = _ENTRY("round", {
                    "r": self.round, "day": _DAY[self.day], "start": start,
                    "wind": WIND_NAMES[self.wind] if self.wind else WIND_NAMES["calm"],
                }, None, None, "phase")
            self.log.append(entry)
        if self.wind is not None:  # R5.2: lingering gas moves
            for owner in _cw(self, self.start):
                for tid in sorted(self.gas):
                    if self.gas[tid][0] == owner:
                        self.gasq = [*self.gasq, (tid, frozenset(), None)]
        _then(self, "_start_plot")

    def _then(self, step: str) -> None:
        """The automatic ``step`` (a name in ``_CONT``) comes next: run now when nothing would
        run before it in :meth:`apply_in_place`'s loop (no gas to move, no end check due, no
        owner decision), else left for that loop (``cont``)."""
        if self._end_key is None or self.gasq or self.pending:
            self.cont = step
        else:
            _CONT[step](self)

    def _start_plot(self) -> None:
        self.phase = "plot"
        self.plots = [None] * self.n
        self._fown |= _PLOTS_OWN
        self.queue = []
        skipped = False
        per = self.per
        for p in _CLOCKWISE[self.n][self.start]:  # (_cw, inline)
            sol = self.soldiers  # (by index: no slice made)
            for i in _SEAT_SIDS[per][p]:  # (_has_in_play, inline)
                s = sol[i]
                if s.alive and not s.exited:
                    break
            else:
                continue
            if self.skip[p]:  # R12.6 / A79: the civilian penalty, no plot and no turn
                self.skip[p] -= 1
                skipped = True
                self.add_log("civ_skip", player=p, name=self.name(p))
                continue
            hand = self.hands[p]  # a card but the interrupt always makes a plot (in C, no list)
            if sum(hand.values()) > hand.get("interrupt", 0) or _plot_choices(self, p):
                self.queue.append(p)
            else:  # ruling: nothing in hand that can be plotted -> no turn this round
                if not self.quiet:
                    self._log("no_cards", p, "event", {"name": self._names[p]})
        if not self.queue and skipped:  # everybody sits out: the round passes
            _interrupts(self)
        elif not self.queue:  # ruling: nobody can plot any more -> judgement (no endless game)
            self.stalled = True
            self._end_key = None  # (an input of the end check changes)

    def _plot(self, p: int, cards: list[str]) -> None:
        if not self._fown & _QUEUE:  # (shared with a clone: copied at the first write)
            self.queue = self.queue.copy()
            self._fown |= _QUEUE
        self.queue.pop(0)
        if not self._sown & _HANDS:  # (_own_hands, inline: a call fewer after a clone)
            hands: list[dict[str, int]] = []
            for x in self.hands:  # (a loop: no comprehension call)
                hands.append(x.copy())
            self.hands = hands
            self._sown |= _HANDS
        hand = self.hands[p]
        for c in cards:
            hand[c] -= 1
        if not self._fown & _PLOTS_OWN:  # (_own_plots, inline)
            self.plots = self.plots.copy()
            self._fown |= _PLOTS_OWN
        self.plots[p] = cards
        if not self.quiet:  # (a quiet state builds no entries: see State.add_log)
            name = self._names[p]  # (both entries shared by seat, name and cards)
            key = ("plot", p, name, *cards)
            pair = _SHARED.get(key)
            if pair is None:
                names: list[Term] = []
                for c in cards:  # (a loop: no comprehension call)
                    names.append(CARD_NAMES[c])
                pair = _SHARED[key] = (
                    _ENTRY("plot", {"name": name, "k": len(cards)}, p, None, "action"),
                    _ENTRY("plot_own", {"cards": names}, p, _ONLY[p], "event"),
                )
            self.log.extend(pair)
        if not self.queue:
            _interrupts(self)

    def _interrupts(self) -> None:
        """R5.4 / R7.8: interrupting players pay a drug and act first."""
        first = []
        seats = _CLOCKWISE[self.n][self.start]  # (_cw, inline)
        if self.opts.interrupt_timing == "phase4":
            for p in seats:
                plot = self.plots[p]
                if plot and "interrupt" in plot:
                    _pay_interrupt(self, p)
                    first.append(p)
        order = first.copy()
        plots = self.plots
        for p in seats:  # (a loop: no comprehension; nobody first, usually: no look-up)
            if plots[p] is not None and (not first or p not in first):
                order.append(p)
        self.order = order
        self.turn_i = -1
        self.phase = "turn"
        _then(self, "_next_turn")

    def _next_turn(self) -> None:
        self.turn_i += 1
        if self.turn_i >= len(self.order):
            _end_round(self)
            return
        if self.opts.interrupt_timing == "boundary":  # A22 b: later players may jump in now
            for q in self.order[self.turn_i + 1:]:
                plot = self.plots[q]
                if plot and "interrupt" in plot and any(s.drugs for s in _in_play(self, q)):
                    self.pending = [*self.pending, ("intr", q, 0)]
            if self.pending:
                self.cont = "_begin_turn"
                return
        _begin_turn(self)

    def _begin_turn(self) -> None:
        p = self.order[self.turn_i]
        self.turn_no += 1
        cards = self.t_cards = list(self.plots[p] or [])
        if "interrupt" in cards:  # A22 b: not declared in time, it goes back to hand
            cards.remove("interrupt")
            _own_hands(self)[p]["interrupt"] += 1
            self.add_log("intr_back", player=p, name=self.name(p))
        self.t_last = {}
        self.t_exh = set()
        self.t_gives = 0
        self.drug_sid = None
        self.drug_left = 0
        self.t_first_sid = None
        self.t_card = None
        per = self.per
        alive = False
        sol = self.soldiers  # (by index: no slice made)
        for i in _SEAT_SIDS[per][p]:  # (_has_in_play, inline)
            s = sol[i]
            if s.alive and not s.exited:
                alive = True
                break
        if self.skip[p] and alive:  # R12.6 / A79: a penalty earned before this turn
            self.skip[p] -= 1
            self.add_log("civ_skip_turn", player=p, name=self.name(p))
            _end_turn(self, p)  # the plotted cards go back to hand unseen
            return
        if not alive or not cards:
            _end_turn(self, p)
            return
        if not self.quiet:
            name = self._names[p]  # (the entry shared: its parameters are the name alone)
            entry = _SHARED.get(("turn", name))
            if entry is None:
                entry = _SHARED["turn", name] = _ENTRY("turn", {"name": name}, None, None, "phase")
            self.log.append(entry)
        _reveal(self, p, "act1", "after1")

    def _reveal(self, p: int, act: str, after: str) -> None:
        """``p`` (whose turn it is) reveals his next card: its uses are the legal actions
        (``act``), or, without one, the turn goes on to ``after``."""
        if not self._fown & _TCARDS:  # (shared with a clone: copied at the first write)
            self.t_cards = self.t_cards.copy()
            self._fown |= _TCARDS
        card = self.t_cards.pop(0)
        self.t_card = card
        if not self._fown & _SHOWN:  # (shared with a clone: copied at the first write)
            self.shown = self.shown.copy()
            self._fown |= _SHOWN
        self.shown[p] = [*self.shown[p], card]  # (a shown list is replaced, never changed)
        if not self.quiet:  # (the entry shared by seat, name and card)
            name = self._names[p]
            entry = _SHARED.get(("reveal", p, name, card))
            if entry is None:
                entry = _SHARED["reveal", p, name, card] = _ENTRY(
                    "reveal", {"name": name, "card": CARD_NAMES[card]}, p, None, "event")
            self.log.append(entry)
        self.t_stage = act
        mine: list[Soldier] = []
        uses = _uses_and_mine(self, p, card, act == "act1", None, mine)
        if uses:  # the legal actions until the next decision (the card is used or handed on)
            _give_actions(self, p, uses, mine)
            self._legal = uses
        else:
            if not self.quiet:
                self.log.append(_ENTRY("no_effect", {"card": CARD_NAMES[card]}, p, None, "event"))
            _own_discards(self)[p].append(card)
            self.t_stage = after
            self.t_first_sid = None
            _then(self, "_settle_turn")

    def _after_give(self, p: int) -> None:
        """A transfer made while a revealed card waits to be used (R6.11) may take away its last
        use (the only gunner handed the gun on): the card then has no effect, as a card revealed
        without a use does (the ruling under R6.11 in docs/rules/trench.md), instead of leaving
        the turn with nothing to do."""
        if self.t_stage not in ("act1", "act2"):
            return
        card = self.t_card
        assert card is not None
        if _card_uses(self, p, card, self.t_stage == "act1", True):
            return
        if not self.quiet:
            self._log("no_effect", p, "event", {"card": CARD_NAMES[card]})
        _own_discards(self)[p].append(card)
        self.t_stage = "after1" if self.t_stage == "act1" else "after2"
        self.t_first_sid = None
        self.cont = "_settle_turn"

    def _settle_turn(self) -> None:
        p = self.order[self.turn_i]
        per = self.per
        if self.t_stage != "after2":
            sol = self.soldiers  # (by index: no slice made)
            for i in _SEAT_SIDS[per][p]:  # (_has_in_play, inline)
                s = sol[i]
                if s.alive and not s.exited:
                    return
            _end_turn(self, p)
            return
        live = False  # (_has_in_play, inline; the soldiers on the board listed on the way)
        mine: list[Soldier] = []
        for s in self.soldiers[_SEAT_SLICES[per][p]]:
            if s.alive and not s.exited:
                live = True
                if not s.ship and s.cell is not None:
                    mine.append(s)
        if not live:
            _end_turn(self, p)
            return
        # the legal actions of after2, unless there are none but "end" (the turn ends)
        legal = _drug_actions(self, p) if self.drug_left > 0 else []  # (no call: none)
        _give_actions(self, p, legal, mine)
        if legal:
            legal.append(_END)
            self._legal = legal
        else:
            _end_turn(self, p)

    def _end_turn(self, p: int) -> None:
        """``p``'s turn ends (he is the seat ``order[turn_i]``)."""
        if self.t_cards:  # unflipped cards return unseen (R6.5)
            if not self._sown & _HANDS:  # (_own_hands, inline)
                _own_hands(self)
            hand = self.hands[p]
            for c in self.t_cards:
                hand[c] += 1
        self.t_cards = []
        if not self._fown & _SHOWN:
            self.shown = self.shown.copy()
            self._fown |= _SHOWN
        self.shown[p] = []
        self.t_stage = ""
        # R8.7: a soldier whose mask gas took before this turn dies if still in gas.
        for s in self.soldiers[_SEAT_SLICES[self.per][p]]:  # (in_play, inline: a copy)
            if s.gassed is not None and s.alive and not s.exited and s.gassed[1] < self.turn_no:
                s = _own(self, s)
                killer = s.gassed[0]
                s.gassed = None
                if not s.ship and s.cell is not None and _gas_at(self, s.cell):
                    _kill(self, s, killer, "gas")
        _then(self, "_next_turn")

    def _end_round(self) -> None:
        if self.round == 3:  # R10.8: ships sink
            for s in self.soldiers:
                if s.ship and s.alive and not s.exited:  # (in play on a ship)
                    i = s.sid
                    if not self._sown >> i & 1:  # (_own, inline)
                        s = self.soldiers[i] = s.copy()
                        self._sown |= 1 << i
                    s.alive = False
                    s.cell = None
                    s.ship = False
                    self.deaths += 1
                    self._end_key = None  # (an input of the end check changes)
                    if not self.quiet:  # (the entry shared by seat, name and soldier)
                        name = self._names[s.owner]
                        entry = _SHARED.get(("sink", s.owner, name, s.num))
                        if entry is None:
                            entry = _SHARED["sink", s.owner, name, s.num] = _ENTRY(
                                "sink", {"name": name, "s": s.num}, s.owner, None, "event")
                        self.log.append(entry)
                    # A82: the owner's choice
                    self.pending = [*self.pending, ("penalty", s.owner, s.sid)]
        self.start = (self.start + 1) % self.n
        self.round += 1
        _then(self, "_start_round")

    # -- turn actions
    def _apply_turn(self, p: int, a: TrenchAction) -> None:
        v = a.verb
        if v in _NO_CARD:  # (one test for the card actions, the commonest)
            if v == "end":
                _end_turn(self, p)
            elif v == "flip":
                _reveal(self, p, "act2", "after2")
            else:
                _give(self, p, a)
            return
        if not self._fown & _DISCARDS:  # (_own_discards, inline: written below)
            piles: list[list[str]] = []
            for x in self.discards:  # (a loop: no comprehension call)
                piles.append(x.copy())
            self.discards = piles
            self._fown |= _DISCARDS
        if a.extra:
            card = CATEGORY[v]
            if card in self.discards[p]:
                self.discards[p].remove(card)
            else:
                _own_hands(self)[p][card] -= 1
            self.discards[p].append(card)
            self.drug_left -= 2 if v == "remote" else 1
        else:
            card = self.t_card
            assert card is not None
            stage = self.t_stage
            if stage == "act1":
                self.discards[p].append(card)
                self.t_stage = "after1"
            elif stage == "act2":
                self.discards[p].append(card)
                self.t_stage = "after2"
            else:  # after1: the first card used again by another soldier (R6.5a)
                self.t_stage = "after2"
                for c in self.t_cards:
                    _own_hands(self)[p][c] += 1
                self.t_cards = []
            if v == "remote":  # R6.10: uses both actions
                self.t_stage = "after2"
                for c in self.t_cards:
                    _own_hands(self)[p][c] += 1
                self.t_cards = []
        if v == "camp":
            _camp(self, p, a.arg)
        else:
            k = a.soldier
            if k > CIV:  # a civilian (copied by clone itself)
                s = self.civs[k - CIV - 1]
            else:  # (_own(_by(...)), inline)
                i = p * self.per + k - 1
                s = self.soldiers[i]
                if not self._sown >> i & 1:  # (_own, inline)
                    s = self.soldiers[i] = s.copy()
                    self._sown |= 1 << i
            if not a.extra and self.t_first_sid is None:
                self.t_first_sid = s.sid
            if not self._fown & _TLAST:  # (shared with a clone: copied at the first write)
                self.t_last = self.t_last.copy()
                self._fown |= _TLAST
            self.t_last[s.sid] = CATEGORY[v]
            _soldier_act(self, s, a)
        # Settled next (the turn ends when p has no piece left in play; after2 offers the drug
        # actions), unless nothing can have taken his last piece: no death or exit (each forgets
        # the end key) and no gas to move (it may kill) before the next decision.
        if self._end_key is None or self.gasq:
            self.cont = "_settle_turn"
        elif self.t_stage == "after2":
            _then(self, "_settle_turn")

    def _give(self, p: int, a: TrenchAction) -> None:
        """R6.11: a free transfer; the turn's stage does not change."""
        self.t_gives += 1
        per = self.per  # (_own(_by(...)), inline: the giver is a soldier, never a civilian)
        i = p * per + a.soldier - 1
        src = self.soldiers[i]
        if not self._sown >> i & 1:  # (_own, inline)
            src = self.soldiers[i] = src.copy()
            self._sown |= 1 << i
        if a.cell is not None:  # to the partner's soldier on that cell (open team game)
            dst = _at(self, a.cell)
            assert dst is not None
            move_item(src, _own(self, dst), a.arg)
            self.add_log("give_ally", player=p, kind="action", name=self.name(p),
                         s=a.soldier, what=_word(a.arg), cell=_cn(a.cell))
        else:
            j = p * per + a.n - 1  # (the taker, likewise)
            dst = self.soldiers[j]
            if not self._sown >> j & 1:  # (_own, inline)
                dst = self.soldiers[j] = dst.copy()
                self._sown |= 1 << j
            move_item(src, dst, a.arg)
            if not self.quiet:
                self.log.append(_ENTRY("give", {"name": self._names[p], "s": a.soldier,
                                                "what": _word(a.arg), "to": a.n},
                                       p, None, "action"))
        if a.arg in TILE_KINDS:  # only the taker shows something new (then looked at)
            self._sight_of = dst.sid
        _after_give(self, p)

    def _camp(self, p: int, take: str) -> None:
        per = self.per
        # the first soldier in play with a food pays (in_play, inline: no list, no generator)
        for payer in self.soldiers[p * per:p * per + per]:
            if payer.food and payer.alive and not payer.exited:
                _own(self, payer).food -= 1
                break
        else:  # nobody has a food: a corpse is eaten
            eater = _own(self, next(s for s in _in_play(self, p) if s.corpses))
            eater.corpses = eater.corpses[1:]  # (replaced, never changed: copies share it)
        pile, hand = _own_discards(self)[p], _own_hands(self)[p]  # (owned once, not per card)
        pile.remove("camp")
        hand["camp"] += 1
        if not self.day:  # the whole pile back
            back = pile.copy()
            pile.clear()
        elif take:
            back = [take]
            pile.remove(take)
        else:
            back = []
        for c in back:
            hand[c] += 1
        if not self.quiet:
            self._log("camp", p, "action", {"name": self._names[p], "k": len(back) + 1})

    def _soldier_act(self, s: Soldier, a: TrenchAction) -> None:
        p = s.owner
        if p < 0:
            _civ_act(self, self.order[self.turn_i], s, a)
            return
        v = a.verb
        if not self.quiet:
            name = self._names[p]  # (the entry shared by seat, name and action)
            entry = _SHARED.get(("act", p, name, a))
            if entry is None:
                entry = _SHARED["act", p, name, a] = _ENTRY(
                    "act", {"name": name, "text": a}, p, None, "action")
            self.log.append(entry)
        if v == "fire":  # (the commonest verbs first)
            _fire(self, s, a.arg, a.n)
        elif v in ("move", "dig_fwd"):
            _step(self, s, a.arg, dig=v == "dig_fwd")
        elif v == "dash":
            _dash(self, s)
        elif v == "turn":
            if a.n == 1:
                assert s.cell is not None
                t, t2 = add(s.cell, s.facing), add(s.cell, a.arg)
                occ = _at(self, t)
                if occ is not None:
                    _own(self, occ).cell = t2
                else:
                    _set_h(self, t, _H(self, t) - 1)
                    _set_h(self, t2, _H(self, t2) + 1)
                    _terrain(self, [t, t2], p)
            s.facing = a.arg
        elif v == "build":
            assert a.cell is not None
            self._sight_of = -1  # (then the cell whose height changes: see _set_h)
            s.cubes -= 1
            _set_h(self, a.cell, _H(self, a.cell) + 1)
            _terrain(self, [a.cell], p)
        elif v == "collect":
            assert s.cell is not None
            self._sight_of = -1  # (then the cell whose height changes: see _set_h)
            t = add(s.cell, s.facing)
            _set_h(self, t, _H(self, t) - 1)
            s.cubes += 1
            _terrain(self, [t], p)
        elif v == "dig":
            assert s.cell is not None
            self._sight_of = -1  # (then the cell whose height changes: see _set_h)
            if _H(self, s.cell) >= 1:
                _set_h(self, s.cell, _H(self, s.cell) - 1)
                _terrain(self, [s.cell], p)
        elif v == "remote":
            assert a.cell is not None
            self._sight_of = -1  # (then the cell whose height changes: see _set_h)
            c = a.cell
            _set_h(self, c, _H(self, c) - 1)
            if _H(self, c) == 0:
                keep = []
                for it in _own_items(self).pop(c, []):
                    if it == "food":
                        s.food += 1
                    elif it == "drug":
                        s.drugs += 1
                    else:
                        keep.append(it)
                if keep:
                    self.items[c] = keep  # (this state's own: popped from above)
            _terrain(self, [c], p)
        elif v == "equip":
            if a.arg == "mask":
                s.masks -= 1
                s.masked = True
            else:
                s.drugs -= 1
                self.drug_sid = s.sid
                self.drug_left = 2

    def _civ_act(self, p: int, s: Soldier, a: TrenchAction) -> None:
        """R13.2: player ``p`` spends a Move or Turn action on civilian ``s``."""
        self.add_log("act", player=p, kind="action", name=self.name(p), text=a)
        if a.verb == "turn":
            s.facing = a.arg
            return
        assert s.cell is not None
        if a.verb == "fire":  # R13.3 / A87: the named soldier's weapon, from the guerrilla
            kind, _, num = a.arg.partition(" from S")
            _fire(self, s, kind, a.n, w=_by(self, p, int(num)), p=p)
            return
        if a.verb == "dig":  # R13.3: 「穴に潜る」
            _set_h(self, s.cell, _H(self, s.cell) - 1)
            _terrain(self, [s.cell], p)
            return
        t = add(s.cell, a.arg)
        if a.verb == "dash":  # the middle cell: nothing happens there (Q&A 2)
            t = add(t, a.arg)
            self.t_exh = self.t_exh | {s.sid}  # (replaced, never changed)
        if t == self.village:
            _set_h(self, t, 1)
            _terrain(self, [t], p)  # R7.1.9: the village is destroyed (penalty for p)
        s.cell = t
        for tid in sorted(self.gas):  # R8.6: lingering gas kills whoever enters it
            if self.gas[tid][1] == t and s.alive:
                _gas_hit_one(self, s, self.gas[tid][0])

    def _leave_ship(self, s: Soldier) -> None:
        if s.ship:
            if not self._sown >> s.sid & 1:  # (a soldier: _own's test, inline)
                s = _own(self, s)
            s.ship = False
            if not self.quiet:
                self.log.append(_ENTRY("ship_gone", {"name": self._names[s.owner], "s": s.num},
                                       None, None, "event"))

    def _step(self, s: Soldier, d: str, dig: bool) -> None:
        if not self._sown >> s.sid & 1:  # (a soldier: _own's test, inline)
            s = _own(self, s)
        self._sight_of = s.sid  # (unless a height changes or an ally is pushed)
        assert s.cell is not None
        c = s.cell
        lv = 1 if s.ship else self.h[_INDEX[c]]  # (level, inline)
        if s.ship:
            _leave_ship(self, s)
        t = _NEXT[d][c]  # (add, inline)
        i = _NEXT_INDEX[d][c]
        if i is None:  # (off the board)
            _exit(self, s)
            return
        if dig:
            _set_h(self, t, self.h[i] - 1)
            _terrain(self, [t], s.owner)
        elif self.h[i] == 2 and lv >= 1:  # (H, inline)
            if t == self.village:  # R7.1.9: the bump destroys the village
                _set_h(self, t, 1)
                _terrain(self, [t], s.owner)
            elif t in self.base_at:
                _destroy_base(self, t, s.owner)
                _set_h(self, t, 1)
            else:
                b = add(t, d)
                _set_h(self, t, 1)
                _set_h(self, b, _H(self, b) + 1)
                _terrain(self, [t, b], s.owner)
        else:
            occ = _at(self, t)
            if occ is not None:
                if occ.owner < 0 or not _ally(self, occ.owner, s.owner):
                    _kill(self, occ, s.owner, "melee")
                else:
                    _own(self, occ).cell = add(t, d)
                    self._sight_of = None  # (two soldiers moved)
        _enter(self, s, t)

    def _dash(self, s: Soldier) -> None:
        if not self._sown >> s.sid & 1:  # (a soldier: _own's test, inline)
            s = _own(self, s)
        self._sight_of = s.sid  # (unless a height changes)
        assert s.cell is not None
        d = s.facing
        _leave_ship(self, s)
        c1 = add(s.cell, d)
        s.cell = c1  # the middle cell: nothing picked up, gas ignored (Q&A 2)
        self.t_exh = self.t_exh | {s.sid}  # (replaced, never changed)
        t = add(c1, d)
        if not on_board(t):
            _exit(self, s)
            return
        if t == self.village:  # R7.1.9: the bump destroys the village
            _set_h(self, t, 1)
            _terrain(self, [t], s.owner)
        occ = _at(self, t)
        if occ is not None and (occ.owner < 0 or not _ally(self, occ.owner, s.owner)):
            _kill(self, occ, s.owner, "melee")
        _enter(self, s, t)

    def _enter(self, s: Soldier, t: Cell) -> None:
        if not self._sown >> s.sid & 1:  # (a soldier: _own's test, inline)
            s = _own(self, s)
        s.cell = t
        things = _own_items(self).pop(t) if t in self.items else None  # (no copy for nothing)
        if things:
            waiting = [x[2] for x in self.pending if x[0] == "relief"]  # looted after the relief
            for it in things:
                if it == "food":
                    s.food += 1
                elif it == "drug":
                    s.drugs += 1
                elif it in waiting:
                    self.items[t] = [*self.items.get(t, ()), it]  # (own: popped from above)
                else:
                    _loot(self, s, it)
        for tid in sorted(self.gas) if self.gas else ():  # R8.6: entering lingering gas
            if self.gas[tid][1] == t and s.alive and not s.exited:  # (in play)
                _gas_hit_one(self, s, self.gas[tid][0])

    def _exit(self, s: Soldier) -> None:
        """R7.1.10: off the far edge, alive; items go to a remaining soldier (A43)."""
        p = s.owner
        s = _own(self, s)
        s.exited = True
        s.cell = None
        self.vp = vp = self.vp.copy()
        vp[p] += 2 if self.n >= 3 else 1
        self._end_key = None  # (an input of the end check changes)
        self.add_log("exit", player=p, name=self.name(p), s=s.num)
        # A43: the owner hands the items on
        self.pending = [*self.pending, ("heir", p, s.sid)]

    def _destroy_base(self, c: Cell, by: int) -> None:
        self.base_at = bases = self.base_at.copy()  # (replaced, never changed)
        owner = bases.pop(c)
        _credit(self, by, owner)
        if not self.quiet:
            self.add_log("base_gone", name=self.name(owner), by=self.name(by))

    def _fire(
        self, s: Soldier, kind: str, dist: int, w: Soldier | None = None, p: int | None = None
    ) -> None:
        """``s`` fires; the tile is ``w``'s and the shot ``p``'s (a guerrilla, R13.3)."""
        p = s.owner if p is None else p
        if w is None:
            if not self._sown >> s.sid & 1:  # (a soldier: _own's test, inline)
                s = _own(self, s)
            w = s
        else:
            w = _own(self, w)
        for tile in w.tiles:  # (weapon, inline: the first tile of the kind with rounds left)
            if tile[1] == kind and int(tile[2]) > 0:
                break
        else:
            raise AssertionError(f"no {kind} to fire")
        assert s.cell is not None
        if not self._sown & _KNOWN:  # (_own_known, inline: public_tiles too)
            _own_known(self)
        self.public_tiles.add(int(tile[0]))
        lv = 1 if s.ship else self.h[_INDEX[s.cell]]  # (level, inline)
        if kind != "gas":  # (a shot only kills, unless it lowers a cube: see _set_h)
            self._sight_of = -1
        if kind == "gun":
            # the pieces on the board by cell (one living piece a cell, R3.12: the victim is
            # looked up here, not by at's loop); civilians only when there are any
            occupied = {x.cell: x for x in self.soldiers
                        if x.alive and not x.exited and not x.ship and x.cell is not None}
            if self.civs:
                for x in self.civs:
                    if x.alive and x.cell is not None:
                        occupied[x.cell] = x
            reach = (4 if self.day else 3) - (1 if s.masked else 0)  # (gun_range, inline)
            hit, q = gun_ray(self.h, s.cell, lv, s.facing, reach, occupied)
            cost = 1
            if hit == "piece" and q is not None:
                _kill(self, occupied[q], p, "gun")
            elif (hit == "cube" and q is not None and int(tile[2]) >= 2
                  and not (q in self.base_at and _ray_low(self, s, q))):
                cost = 2
                if q in self.base_at and _H(self, q) == 2:
                    _destroy_base(self, q, p)
                _set_h(self, q, _H(self, q) - 1)
                _terrain(self, [q], p)
                if not self.quiet:
                    self._log("cube_shot", None, "event", {"cell": _cn(q)})
            tile = _spend(w, tile, cost)
            self.spent = spent = self.spent.copy()  # (replaced, never changed)
            spent[p] += cost
            if tile[2] == 0:
                _gun_bonus(self, p)
        elif kind == "gas":
            tile = _spend(w, tile, 1)
            self.spent = spent = self.spent.copy()
            spent[p] += 1
            t = add(s.cell, s.facing, dist)
            tid = self.next_gas
            self.next_gas += 1
            _own_gas(self)[tid] = (p, t)
            if not self.quiet:
                self._log("gas_fired", None, "event", {"name": self._names[p], "cell": _cn(t)})
            _gas_hits(self, tid, t)
            if self.wind is not None:
                self.gasq = [*self.gasq, (tid, frozenset(), None)]
            if self.n == 2:  # (a plain loop: no generator, no weapon calls)
                per = self.per
                for x in self.soldiers[p * per:p * per + per]:
                    if x.alive and not x.exited:  # (in_play, inline)
                        for g in x.tiles:
                            if g[1] == "gas" and int(g[2]) > 0:
                                break
                        else:
                            continue
                        break  # a gas tile with rounds left: no bonus
                else:
                    _gun_bonus(self, p)
        else:
            tile = _spend(w, tile, 1)
            self.spent = spent = self.spent.copy()
            spent[p] += 1
            t = add(s.cell, s.facing, dist)
            if not self.quiet:
                self._log("bomb", None, "event", {"name": self._names[p], "cell": _cn(t)})
            victim = _at(self, t)
            if victim is not None:
                _kill(self, victim, p, "bomb")
            if _H(self, t) >= 1:
                if t in self.base_at:
                    _destroy_base(self, t, p)
                _set_h(self, t, _H(self, t) - 1)
                _terrain(self, [t], p)

    def _ray_low(self, s: Soldier, q: Cell) -> bool:
        """Whether a bullet meets ``q`` below its top (the ground under a base, R7.4.2)."""
        assert s.cell is not None
        from gamelib.trench.board import ray_level

        return ray_level(self.h, s.cell, _level(self, s), s.facing) < _H(self, q) - 1

    def _gun_bonus(self, p: int) -> None:
        """R12.1 / A78: the empty-gun bonus, once; with 2 players both gas shots too."""
        if self.bonus[p]:
            return
        guns = [t for s in self.soldiers if s.owner == p for t in s.tiles if t[1] == "gun"]
        own_gun_empty = any(int(t[0]) // self.per == p and int(t[2]) == 0 for t in guns)
        if not own_gun_empty:
            return
        if self.n == 2 and not self.beginner:
            gas = [
                t for s in self.soldiers for t in s.tiles
                if t[1] == "gas" and int(t[0]) // self.per == p
            ]
            if any(int(t[2]) > 0 for t in gas):
                return
        self.bonus = bonus = self.bonus.copy()  # (replaced, never changed)
        bonus[p] = True
        self.vp = vp = self.vp.copy()
        vp[p] += 1
        self._end_key = None  # (an input of the end check changes)
        self.add_log("bonus", name=self.name(p))

    # -- deaths and loot
    def _kill(self, s: Soldier, by: int | None, cause: str) -> None:
        if not s.alive or s.exited:  # (not in play)
            return
        if s.owner < 0:
            _kill_civ(self, s, by, cause)
            return
        s = _own(self, s)
        s.alive = False
        s.masked = False
        s.gassed = None
        self.deaths += 1
        self._end_key = None  # (an input of the end check changes)
        if s.cell is not None and on_board(s.cell):
            _own_items(self)[s.cell] = [*self.items.get(s.cell, ()), s.sid]
        if not self.quiet:
            self._log("death", s.owner, "event",
                      {"name": self._names[s.owner], "s": s.num, "cause": _CAUSE[cause]})
        _credit(self, by, s.owner)
        if self.opts.hidden_teams:  # R13.4: a killed piece's team becomes public
            for seen in self.team_seen:
                seen.add(s.owner)
        if self.opts.relief and _in_play(self, s.owner):  # R10.2 / A73: the owner's choice
            self.pending = [*self.pending, ("relief", s.owner, s.sid)]

    def _kill_civ(self, s: Soldier, by: int | None, cause: str) -> None:
        """R13.2 / R12.6: a civilian dies without a corpse (A86), counts as a death (R12.4) and
        the killer takes the civilian penalty (A79)."""
        s.alive = False
        self.deaths += 1
        self._end_key = None  # (an input of the end check changes)
        assert s.cell is not None
        self.add_log("civ_death", k=s.num, cell=_cn(s.cell), cause=_CAUSE[cause])
        s.cell = None
        if by is not None and not self.opts.guerrillas:  # R13.3: no penalty for a guerrilla
            self.pending = [*self.pending, ("civpen", by, 0)]

    def _loot(self, s: Soldier, cid: int) -> None:
        """R10.4 / R10.6: take the corpse and its card; feast."""
        s, c = _own(self, s), _own(self, self.soldiers[cid])
        self.corpse_moves += 1
        self._end_key = None  # (an input of the end check changes)
        s.tiles = [*s.tiles, *c.tiles]  # (the lists are replaced, never changed: shared)
        _own_known(self)[s.owner] |= {int(t[0]) for t in c.tiles}
        s.food += c.food
        s.masks += c.masks
        s.drugs += c.drugs
        s.cubes = min(2, s.cubes + c.cubes)
        s.corpses = [*s.corpses, *c.corpses, cid]
        c.tiles, c.corpses = [], []
        c.food = c.masks = c.drugs = c.cubes = 0
        p = s.owner
        for card in self.discards[p]:
            _own_hands(self)[p][card] += 1
        _own_discards(self)[p] = []
        if self.team[c.owner] != self.team[p] and self.intr_used[p] and not self.beginner:
            self.intr_used = used = self.intr_used.copy()
            used[p] = False
            _own_hands(self)[p]["interrupt"] += 1
        self.add_log("loot", player=p, name=self.name(p), s=s.num, dead=self.name(c.owner))

    # -- gas
    def _gas_hits(self, tid: int, c: Cell) -> None:
        victim = _at(self, c)
        if victim is not None:
            _gas_hit_one(self, victim, self.gas[tid][0])

    def _gas_hit_one(self, s: Soldier, owner: int) -> None:
        """R8.5: a mask is used up and saves; otherwise death."""
        if s.masked:
            s = _own(self, s)
            s.masked = False
            s.gassed = (owner, self.turn_no)
            self.add_log("mask_used", player=s.owner, name=self.name(s.owner), s=s.num)
        else:
            _kill(self, s, owner, "gas")

    def _run_gas(self) -> None:
        while self.choice is None and self.gasq:
            tid, visited, side = self.gasq[0]
            self.gasq = self.gasq[1:]
            if tid not in self.gas or self.wind is None:
                continue
            owner, cell = self.gas[tid]
            path, end, sides = gas_walk(self.h, cell, self.wind, visited, side)
            gas = _own_gas(self)
            for c in path:
                gas[tid] = (owner, c)
                _gas_hits(self, tid, c)
            if end == "off":
                del gas[tid]
                if not self.quiet:
                    self._log("gas_off", None, "event", {"name": self._names[owner]})
            elif end == "choose":
                last = self.gas[tid][1]
                self.choice = (tid, frozenset(visited) | {cell, *path, last}, sides)
            # a token whose mask-victim it has left no longer threatens him (R8.7)

    def _terrain(self, cells: list[Cell], actor: int) -> None:
        """R8.8: lingering gas in or beside a changed cell moves on at once; the village cube
        lowered by anything is destroyed, the actor taking the penalty (R13.2, R12.6)."""
        v = self.village
        if v is not None and v in cells and _H(self, v) < 2:
            self.village = None
            self.add_log("village_gone", cell=_cn(v), name=self.name(actor))
            self.pending = [*self.pending, ("civpen", actor, 0)]
        if self.wind is None or not self.gas:  # (no token to move on)
            return
        near = set()
        for c in cells:
            near.add(c)
            for d in DIRS:
                near.add(add(c, d))
        order = {p: i for i, p in enumerate(_cw(self, actor))}
        queued = {q[0] for q in self.gasq}
        tids = sorted(
            (t for t, (_, gc) in self.gas.items() if gc in near and t not in queued),
            key=lambda t: (order[self.gas[t][0]], t),
        )
        for t in tids:
            self.gasq = [*self.gasq, (t, frozenset(), None)]

    # -- vision (R9.3)
    def _update_sight(self, only: Soldier | None = None) -> None:
        """R9.3: every soldier in play looks (or ``only`` that one, when nothing else changed;
        or only the pairs with the soldier ``_sight_of`` names, when the step moved him alone or
        put a tile on him alone, and changed no height: see :meth:`_look_with`)."""
        sid = self._sight_of
        if sid is not None:
            self._sight_of = None
            if only is None:
                if type(sid) is tuple:  # heights alone changed: who looks across them
                    if len(sid) == 1:  # (the usual one cell: the eyes' cells looked up)
                        watch = _WATCH[sid[0]]
                        for e in self.soldiers:
                            here = e.cell
                            if here is not None and here in watch[e.facing] and e.alive:
                                _look_with(self, e, False)
                        return
                    for e in self.soldiers:
                        here = e.cell
                        if here is not None and e.alive and (
                            here in sid or not _LOOK_BY[e.facing][here].isdisjoint(sid)
                        ):
                            _look_with(self, e, False)
                elif sid >= 0:  # (-1: nothing changed that could show something new)
                    _look_with(self, self.soldiers[sid], True)
                return
        if only is not None:
            _look_with(self, only, False)
            return
        # the pieces that may see or be seen, by cell (one living piece per cell, R3.12)
        pos: dict[Cell, Soldier] = {}
        for s in self.soldiers:  # (a plain loop: a comprehension is one more call)
            if s.alive and s.cell is not None:  # (in play: an exited soldier has no cell)
                pos[s.cell] = s
        hidden = self.opts.hidden_teams
        cells = set(pos)  # (set and set intersect by the hashes they hold: no cell hashed again)
        # (each eye with its cell, known to be a cell: no assert per eye)
        for here, e in pos.items():
            # the pieces adjacent or on the forward ray (the quick test of sees)
            for c in _LOOK_BY[e.facing][here].intersection(cells):
                t = pos[c]
                if t.owner == e.owner:
                    continue
                known = self.known[e.owner]
                team = hidden and t.owner not in self.team_seen[e.owner]
                if not team and known.issuperset(map(_TILE_ID, t.tiles)):
                    continue  # nothing left to learn about t
                lv = 1 if e.ship else self.h[_INDEX[here]]  # (level, inline)
                if sees(self.h, here, lv, e.facing, c, not t.ship):
                    _own_known(self)[e.owner].update(map(_TILE_ID, t.tiles))
                    if team:  # R13.4: the observer's owner learns the seen piece's team
                        self.team_seen[e.owner].add(t.owner)

    def _look_with(self, s: Soldier, seen: bool) -> None:
        """R9.3 for the pairs with ``s`` alone: what ``s`` sees, and (``seen``) who sees him.
        Every other pair was looked at after the step that last changed it, and looks the same:
        no other piece moved, turned or took a tile, no height changed, and what its owner knows
        only grows (a death or a sinking ship removes pieces; pieces do not block sight)."""
        here = s.cell
        if here is None or not s.alive:  # (not in play: he neither sees nor is seen)
            return
        o, f = s.owner, s.facing
        look = _LOOK_BY[f][here]
        hidden = self.opts.hidden_teams
        sol = self.soldiers
        for i in _OTHER_SIDS[self.n, self.per][o]:  # (the other seats' soldiers, by index)
            t = sol[i]
            c = t.cell
            if c is None or not t.alive:
                continue
            if c in look:  # s may see t (the quick test of sees)
                q = t.owner
                team = hidden and q not in self.team_seen[o]
                if team or not self.known[o].issuperset(map(_TILE_ID, t.tiles)):
                    lv = 1 if s.ship else self.h[_INDEX[here]]  # (level, inline)
                    if sees(self.h, here, lv, f, c, not t.ship):
                        _own_known(self)[o].update(map(_TILE_ID, t.tiles))
                        if team:  # R13.4
                            self.team_seen[o].add(q)
            if seen and here in _LOOK_BY[t.facing][c]:  # t may see s
                q = t.owner
                team = hidden and o not in self.team_seen[q]
                if team or not self.known[q].issuperset(map(_TILE_ID, s.tiles)):
                    lv = 1 if t.ship else self.h[_INDEX[c]]  # (level, inline)
                    if sees(self.h, c, lv, t.facing, here, not s.ship):
                        _own_known(self)[q].update(map(_TILE_ID, s.tiles))
                        if team:  # R13.4
                            self.team_seen[q].add(o)

    # -- end of game
    def _check_end(self) -> bool:
        if self.phase in _SETUP_PHASES:
            return False
        # Everything the answer depends on changes only with a death, a stall, a VP change or
        # a corpse reaching a soldier in play (looted, handed on); free transfers keep corpses
        # in a team and eating one only lowers VP. The engine forgets the key (None) wherever
        # it changes one of these, and _apply asks again only then; asked directly, the key
        # is compared by content.
        key = (self.deaths, self.stalled, self.corpse_moves, self.vp, self.tvp)
        if key == self._end_key:  # (lists compare by content: the key holds copies)
            return False
        if not _check_end_now(self):
            self._end_key = (*key[:3], self.vp.copy(), self.tvp.copy())
            return False
        return True

    def _check_end_now(self) -> bool:
        target = self.target_vp()
        o = self.opts
        held = 0  # corpses held: at least the VP they may add to one seat
        if o.corpse_vp == "always" and self.deaths:
            for s in self.soldiers:
                if s.corpses:
                    held += len(s.corpses)
        if not (o.open_teams or o.hidden_teams) and max(self.vp) + held < target:
            tops = []  # nobody can have reached the target (the usual case, decided quickly)
            if (self.deaths < (JUDGEMENT_DEATHS_BEGINNER if self.beginner else JUDGEMENT_DEATHS)
                    [self.n] and not self.stalled and _anyone_in_play(self)):
                return False  # (the same decision as below, made at once)
        else:
            tv = _team_vps(self)
            tops = [p for p in range(self.n) if tv[p] >= target]
        limit = (JUDGEMENT_DEATHS_BEGINNER if self.beginner else JUDGEMENT_DEATHS)[self.n]
        reason = ""
        if tops:
            reason = "vp"
        elif self.deaths >= limit:
            tops, reason = list(range(self.n)), "judgement"
        elif self.stalled or not _anyone_in_play(self):
            tops, reason = list(range(self.n)), "empty"
        if not reason:
            return False
        tv = _team_vps(self)
        keys = _judgement_keys(self, tops, tv)
        best = tops[keys.index(max(keys))]  # (the first of the best, as max(tops, key=) picks)
        team = self.team
        winners = tuple([p for p in range(self.n) if team[p] == team[best]])  # (no generator)
        self.result = Outcome(tuple(map(float, tv)), winners, reason)
        if not self.quiet:
            names = self._names
            self._log("winner", None, "phase", {
                "name": " & ".join([names[p] for p in winners]), "why": _REASON[reason],
            })
        return True

    def _anyone_in_play(self) -> bool:
        for s in self.soldiers:  # noqa: SIM110 (a plain loop: no generator on every check)
            if s.alive and not s.exited:
                return True
        return False

    def advance(self, p: int) -> int:
        """How far ``p`` got towards the goal (A81): ship 0, rows 1..7, exited 8."""
        best = 0
        edge = EDGES[self.edges[p]]
        for s in self.soldiers:
            if s.owner != p:
                continue
            if s.exited:
                best = 8
            elif s.alive and s.cell is not None and not s.ship:
                best = max(best, edge.row_of(s.cell))
        return best

    def _judgement_keys(
        self, seats: list[int], vps: list[int] | None = None
    ) -> list[tuple[int, ...]]:
        """R12.5, the key of each of ``seats``: VP, then advance, enemy corpses, VP, survivors,
        weapons used, later turn (with teams: of the team, the best advance and the latest
        seat). Each seat's :meth:`advance`, :meth:`corpse_count` and survivors are counted in
        one pass over the soldiers (``vps``: :meth:`_team_vps`, when the caller has them)."""
        n, team, sol, edges = self.n, self.team, self.soldiers, self.edges
        order = self.order if self.order else _cw(self, self.start)
        adv, corpses, alive = [0] * n, [0] * n, [0] * n
        for s in sol:
            q = s.owner
            if s.alive:
                alive[q] += 1
                if not s.exited:  # in play: his enemy corpses (corpse_count)
                    for c in s.corpses:
                        if team[sol[c].owner] != team[q]:
                            corpses[q] += 1
            if s.exited:
                adv[q] = 8
            elif s.alive and s.cell is not None and not s.ship:
                row = _ROW_OF[edges[q]][s.cell]  # (EDGES[...].row_of, from a table)
                if row > adv[q]:  # (max, inline)
                    adv[q] = row
        if vps is None:
            vps = _team_vps(self)
        keys = []
        spent = self.spent
        for p in seats:
            best, held, living, used, later = 0, 0, 0, 0, -1
            for q in range(n):  # p and his partners (a loop: no generators; max inline)
                if team[q] == team[p]:
                    if adv[q] > best:
                        best = adv[q]
                    held += corpses[q]
                    living += alive[q]
                    used += spent[q]
                    if q in order and order.index(q) > later:
                        later = order.index(q)
            vp = vps[p]
            keys.append((vp, best, held, vp, living, used, later))
        return keys

    # ----------------------------------------------------------------- refusals
    def why_illegal_text(self, text: str) -> str | Term:
        """Name the rule when the text is a soldier action that is not legal now."""
        if self.pending or self.choice is not None:  # a decision comes first: say which
            return self.why_illegal(A("end"))
        parsed = parse_soldier_text(text)
        if parsed is not None and self.phase == "turn" and self.choice is None and not self.pending:
            return self.why_illegal(parsed)
        return super().why_illegal_text(text)

    def why_illegal(self, action: TrenchAction) -> Term:
        m = self.game.messages
        p = self.current_player
        if not isinstance(action, TrenchAction):
            return m.term("bad_action", text=str(action))
        if self.choice is not None:
            return m.term("need_bounce", sides="/".join(self.choice[2]))
        if self.pending:
            kind, who, _ = self.pending[0]
            return m.term("need_decision", name=self.name(who), what=_DECISIONS[kind])
        phase_verbs = {"arm": {"arm"}, "land": {"land"}, "base": {"base"},
                       "setup": {"place", "pass"}, "plot": {"plot"}}
        if self.phase in phase_verbs:
            if action.verb not in phase_verbs[self.phase]:
                return m.term("wrong_phase", phase=_PHASES[self.phase])
            if action.verb == "plot":
                return m.term("plot_cards", text=str(action))
            return m.term("setup_place", text=str(action))
        if action.verb in CATEGORY and action.verb != "camp":
            assert p is not None
            s = self.mine(p, action.soldier)
            if action.soldier > CIV and (s is None or not s.in_play):
                return m.term("no_civilian", k=action.soldier - CIV)
            if s is None or not s.in_play:
                return m.term("no_soldier", s=action.soldier)
            cat = CATEGORY[action.verb]
            if not action.extra and self.t_stage in ("act1", "act2") and cat != self.t_card:
                return m.term("card_is", card=CARD_NAMES[self.t_card or "move"])
            if self.t_last.get(s.sid) == cat:
                return m.term("same_category", who=_who(action.soldier), card=CARD_NAMES[cat])
            if s.sid in self.t_exh:
                return m.term("dashed", who=_who(action.soldier))
            if s.masked and action.verb in ("dash", "build", "collect", "equip"):
                return m.term("masked", s=action.soldier)
            return m.term("rule_forbids", text=str(action), rule=_RULE[action.verb])
        return m.term("not_now", text=str(action))

    # ----------------------------------------------------------------- views
    def view(self, player: int | None) -> TrenchView:
        def kind_of(t: list[int | str]) -> str:
            tid = int(t[0])
            if player is None or tid in self.public_tiles or tid in self.known[player]:
                return str(t[1])
            return "?"

        sv = tuple(
            SoldierView(
                s.sid, s.owner, s.num, s.cell, s.ship, s.facing, s.alive, s.exited, s.masked,
                s.food, s.masks, s.drugs, s.cubes, len(s.corpses),
                tuple((kind_of(t), int(t[2])) for t in s.tiles),
            )
            for s in self.soldiers
        )
        return TrenchView(
            **self.base_view_fields(player),
            heights=tuple(self.h),
            bases=tuple(sorted(self.base_at.items())),
            items=tuple(
                (c, tuple(x if isinstance(x, str) else "corpse" for x in v))
                for c, v in sorted(self.items.items()) if v
            ),
            gas=tuple(v for _, v in sorted(self.gas.items())),
            soldiers=sv,
            edges=self.edges,
            phase=self.phase,
            round=self.round,
            day=self.day,
            start=self.start,
            wind_card=self.wind_card,
            wind=self.wind,
            previews=tuple(self.previews),
            hand=None if player is None else tuple(sorted(self.hands[player].items())),
            hands=tuple(
                tuple(sorted(h.items())) if player is None else None for h in self.hands
            ),
            hand_sizes=tuple(sum(h.values()) for h in self.hands),
            discards=tuple(tuple(d) for d in self.discards),
            plot=None if player is None or self.plots[player] is None
            else tuple(self.plots[player] or ()),
            plots=tuple(
                tuple(x) if (player is None and x is not None) else None for x in self.plots
            ),
            plot_sizes=tuple(-1 if x is None else len(x) for x in self.plots),
            shown=tuple(tuple(x) for x in self.shown),
            vp=tuple(_total_vp(self, p) for p in range(self.n)),
            deaths=self.deaths,
            order=tuple(self.order),
            stage=self.t_stage,
            bounce=None if self.choice is None else self.choice[2],
            decision=None if not self.pending else self.pending[0][:2],
            teams=self._teams_seen(player),
            team_vp=tuple(_team_vp(self, p) for p in range(self.n)),
            interrupt_used=tuple(self.intr_used),
            cell_actions=self._cell_actions(player),
            civilians=tuple((c.num, c.cell, c.facing) for c in self.civs if c.alive and c.cell),
            village=self.village,
            skips=tuple(self.skip) if self.opts.civilians else (),
        )

    def _teams_seen(self, player: int | None) -> tuple[int | None, ...]:
        """Each seat's team as ``player`` knows it (None = unknown); () without teams."""
        if not (self.opts.open_teams or self.opts.hidden_teams):
            return ()
        if player is None or self.opts.open_teams:
            return tuple(self.team)
        return tuple(t if q in self.team_seen[player] else None for q, t in enumerate(self.team))

    def _cell_actions(self, player: int | None) -> tuple[tuple[Cell, str], ...]:
        cp = self.current_player
        if cp is None or (player is not None and player != cp):
            return ()
        out: dict[Cell, str] = {}
        for a in self.legal_actions():
            if a.cell is not None and a.cell not in out:
                out[a.cell] = str(a)
        return tuple(sorted(out.items()))

    def check_invariants(self) -> None:
        assert all(0 <= x <= 2 for x in self.h), "heights are 0..2"
        for c, owner in self.base_at.items():
            assert _H(self, c) == 2, f"base at {c} not on a raised cell"
            assert 0 <= owner < self.n
        cells = [s.cell for s in self.soldiers if s.in_play and s.cell is not None]
        cells += [c.cell for c in self.civs if c.alive and c.cell is not None]
        assert len(cells) == len(set(cells)), "two pieces in one place"
        for c in self.civs:
            if c.alive:
                assert c.cell is not None and _H(self, c.cell) <= 1, "a civilian on a raised cell"
        if self.village is not None:
            assert _H(self, self.village) == 2, "the village cube is gone but still named"
        for s in self.soldiers:
            if s.on_board:
                assert s.cell is not None and on_board(s.cell) and _H(self, s.cell) <= 1, (
                    f"soldier {s.sid} stands on a raised cell or off the board"
                )
            assert 0 <= s.cubes <= 2
        for p in range(self.n):
            assert all(k >= 0 for k in self.hands[p].values()), "a negative card count in hand"
            assert list(self.hands[p]) == [c for c in CARDS if c in self.hands[p]], (
                "a hand's cards out of CARDS order (plot choices are remembered by the counts)"
            )
        tiles = [int(t[0]) for s in self.soldiers for t in s.tiles]
        assert len(tiles) == len(set(tiles)), "a weapon tile is in two places"


# The engine's own calls go through these module-level names (``_own(self, s)``, not
# ``self._own(s)``): CPython 3.11 cannot specialise a method look-up on an instance whose
# attributes live in a real dict (a state has more attributes than a shared-key dict holds),
# so every ``self._x()`` would search the instance dict and the class; a module global is
# read from a cache.
_H = TrenchState.H
_after_give = TrenchState._after_give
_after_relief = TrenchState._after_relief
_anyone_in_play = TrenchState._anyone_in_play
_apply_setup = TrenchState._apply_setup
_apply_turn = TrenchState._apply_turn
_begin_turn = TrenchState._begin_turn
_by = TrenchState._by
_camp = TrenchState._camp
_camp_uses = TrenchState._camp_uses
_card_uses = TrenchState._card_uses
_carry_limit = TrenchState._carry_limit
_check_end = TrenchState._check_end
_check_end_now = TrenchState._check_end_now
_civ_act = TrenchState._civ_act
_civ_step_ok = TrenchState._civ_step_ok
_civ_uses = TrenchState._civ_uses
_collectable = TrenchState._collectable
_credit = TrenchState._credit
_cw = TrenchState._cw
_dash = TrenchState._dash
_dash_ok = TrenchState._dash_ok
_destroy_base = TrenchState._destroy_base
_drug_actions = TrenchState._drug_actions
_end_round = TrenchState._end_round
_end_turn = TrenchState._end_turn
_give = TrenchState._give
_then = TrenchState._then
_enter = TrenchState._enter
_exit = TrenchState._exit
_exit_ok = TrenchState._exit_ok
_fire = TrenchState._fire
_fires = TrenchState._fires
_gas_hit_one = TrenchState._gas_hit_one
_gas_hits = TrenchState._gas_hits
_give_actions = TrenchState._give_actions
_gun_bonus = TrenchState._gun_bonus
_has_in_play = TrenchState._has_in_play
_interrupts = TrenchState._interrupts
_judgement_keys = TrenchState._judgement_keys
_kill = TrenchState._kill
_kill_civ = TrenchState._kill_civ
_land_actions = TrenchState._land_actions
_land_list = TrenchState._land_list
_partner_gives = TrenchState._partner_gives
_leave_ship = TrenchState._leave_ship
_base_actions = TrenchState._base_actions
_loot = TrenchState._loot
_moves = TrenchState._moves
_occupancy = TrenchState._occupancy
_next_turn = TrenchState._next_turn
_occupied = TrenchState._occupied
_own = TrenchState._own
_own_discards = TrenchState._own_discards
_own_hands = TrenchState._own_hands
_own_items = TrenchState._own_items
_own_known = TrenchState._own_known
_own_plots = TrenchState._own_plots
_own_gas = TrenchState._own_gas
_own_wind = TrenchState._own_wind
_pay_interrupt = TrenchState._pay_interrupt
_pending_actions = TrenchState._pending_actions
_pending_any = TrenchState._pending_any
_plot = TrenchState._plot
_plot_choices = TrenchState._plot_choices
_plot_list = TrenchState._plot_list
_prune_pending = TrenchState._prune_pending
_ray_low = TrenchState._ray_low
_refill_previews = TrenchState._refill_previews
_resolve = TrenchState._resolve
_reveal = TrenchState._reveal
_run_gas = TrenchState._run_gas
_set_h = TrenchState._set_h
_settle_turn = TrenchState._settle_turn
_setup_actions = TrenchState._setup_actions
_shield = TrenchState._shield
_set_up = TrenchState._set_up
_from_prototype = TrenchState._from_prototype
_soldier_act = TrenchState._soldier_act
_turn_uses = TrenchState._turn_uses
_uses_and_mine = TrenchState._uses_and_mine
_build_uses = TrenchState._build_uses
_dig_uses = TrenchState._dig_uses
_equip_uses = TrenchState._equip_uses
_start_plot = TrenchState._start_plot
_start_round = TrenchState._start_round
_step = TrenchState._step
_step_modes = TrenchState._step_modes
_taken_cells = TrenchState._taken_cells
_team_vps = TrenchState._team_vps
_terrain = TrenchState._terrain
_turn_actions = TrenchState._turn_actions
_update_sight = TrenchState._update_sight
_look_with = TrenchState._look_with
_vps = TrenchState._vps
_advance = TrenchState.advance
_ally = TrenchState.ally
_at = TrenchState.at
_corpse_count = TrenchState.corpse_count
_gas_at = TrenchState.gas_at
_in_play = TrenchState.in_play
_is_free = TrenchState.is_free
_level = TrenchState.level
_team_vp = TrenchState.team_vp
_total_vp = TrenchState.total_vp


_OPP = {"N": "S", "S": "N", "E": "W", "W": "E"}
#: By (options, number of attributes State.__init__ set): the content the first game with them
#: had after :meth:`TrenchState._set_up` (copied from by the next games' set-up; never
#: changed; its chance draws are made anew).
_PROTOS: dict[Any, dict[str, Any]] = {}


#: ``MESSAGES.entry_from`` without its key test (every key given it is a literal of the
#: catalog, as a test checks); ``visible_to`` ``None`` or a frozenset.
_ENTRY = entry_maker(MESSAGES)
#: Log entries made once and shared by every state that writes them (entries are immutable;
#: the commonest of the checked path, by message key and what their parameters depend on: the
#: seat, its name in the game's language, and a card, the cards plotted or the action).
_SHARED: dict[tuple[Any, ...], Any] = {}
#: By seat: the audience of an entry only that seat may read.
_ONLY = tuple(frozenset({p}) for p in range(4))


#: The containers ``_from_prototype`` copies, one level and two levels deep: with ``items``
#: and the wind piles, every mutable value ``_set_up`` makes but the frozen options (checked
#: when a prototype is made).
_PROTO_FLAT = (
    "h", "base_at", "gas", "skip", "intr_used", "vp", "public_tiles", "bonus", "spent", "plots",
    "team", "tvp", "queue", "order", "t_cards", "t_last", "t_exh", "gasq", "pending",
)
_PROTO_NESTED = (
    ("soldiers", Soldier.copy), ("civs", Soldier.copy), ("hands", dict.copy),
    ("discards", list.copy), ("known", set.copy), ("shown", list.copy), ("team_seen", set.copy),
)
_PROTO_COPIED = frozenset(
    (*_PROTO_FLAT, *(k for k, _ in _PROTO_NESTED), "items", "pile", "wdisc", "previews")
)
_new = object.__new__
#: What runs by itself next (``cont``, a name so that a state stays plain data), by name.
_CONT = {
    name: getattr(TrenchState, name)
    for name in ("_begin_turn", "_next_turn", "_settle_turn", "_start_plot", "_start_round")
}
#: The cards a player may spend on a civilian: R13.2 (move, turn); R13.3 adds fire and dig.
_CIV_CARDS = {False: frozenset(("move", "turn")), True: frozenset(("move", "turn", "fire", "dig"))}
#: The 49 cells in height-map order (a1, b1, .., g7).
_CELLS: tuple[Cell, ...] = tuple(CELL[x, y] for y in range(1, 8) for x in range(1, 8))
_INDEX: dict[Cell, int] = {c: i for i, c in enumerate(_CELLS)}
#: By edge, then board cell: how far the cell is from the edge (``Edge.row_of``, A81).
_ROW_OF: dict[str, dict[Cell, int]] = {e: {c: EDGES[e].row_of(c) for c in _CELLS} for e in EDGES}
#: By direction, the cell one step away (``add(c, d)`` without a call), for the board, the
#: ships' cells around it and one ring more (the shared cells of ``CELL``, as every cell table).
_NEXT: dict[str, dict[Cell, Cell]] = {
    d: {CELL[x, y]: CELL[x + dx, y + dy] for x in range(-1, 10) for y in range(-1, 10)}
    for d, (dx, dy) in DIRS.items()
}
#: By direction, the height-map index of the cell one step away (None: off the board).
_NEXT_INDEX: dict[str, dict[Cell, int | None]] = {
    d: {c: _INDEX.get(t) for c, t in ahead.items()} for d, ahead in _NEXT.items()
}
#: By direction, then cell: (the direction, the cell one step away, its height-map index or
#: None), as ``_NEXT`` and ``_NEXT_INDEX`` give them; and by cell, the same for every
#: direction in ``DIRS`` order (one cell look-up for a soldier's four steps).
_AHEAD: dict[str, dict[Cell, tuple[str, Cell, int | None]]] = {
    d: {c: (d, t, _NEXT_INDEX[d][c]) for c, t in ahead.items()} for d, ahead in _NEXT.items()
}
_AROUND: dict[Cell, tuple[tuple[str, Cell, int | None], ...]] = {
    c: tuple(_AHEAD[d][c] for d in DIRS) for c in _NEXT["N"]
}


def _soldier_acts() -> dict[tuple[Any, ...], TrenchAction]:
    """Every action the engine looks up in ``_ACT``, by the key its call sites make (the
    positional arguments of :func:`act`): pieces S1..S3, guerrillas C1, C2 firing a soldier's
    weapon (R13.3), every direction, item and card."""
    items = ("gun", "gas", "bomb", "mask", "food", "drug", "cube", "corpse")
    keys: list[tuple[Any, ...]] = [("pass",), ("camp",)]
    keys += [("camp", 0, c) for c in CARDS]
    keys += [("bounce", 0, d) for d in DIRS]
    for k in (1, 2, 3):
        keys += [(v, k, it) for v in ("penalty", "relief", "hand") for it in items]
        keys += [("collect", k), ("dig", k), ("equip", k, "mask"), ("equip", k, "drug")]
        for d in DIRS:
            keys += [("turn", k, d), ("turn", k, d, None, 1), ("move", k, d),
                     ("dig_fwd", k, d), ("dash", k, d)]
    shooters = [(k, "") for k in (1, 2, 3)]
    shooters += [(CIV + c, f" from S{m}") for c in (1, 2) for m in (1, 2, 3)]
    for k, sfx in shooters:
        keys.append(("fire", k, "gun" + sfx))
        keys += [("fire", k, "gas" + sfx, None, n) for n in (0, 1)]
        keys += [("fire", k, "bomb" + sfx, None, n) for n in (0, 1, 2)]
    return {key: act(*key) for key in keys}


#: The shared action of ``act(*key)``, by ``key`` (made at import: a plain dict, whose look-up
#: the interpreter does in C; a dict subclass would run its ``__getitem__`` as a method call).
_ACT = _soldier_acts()
#: By "" (a soldier's own weapon) or " from S<n>" (a guerrilla's, R13.3), then shooter, then
#: weapon kind: the shots of ``_fires`` by distance (from ``_ACT``).
_SHOTS = {
    sfx: {
        k: {
            "gun": (_ACT["fire", k, "gun" + sfx],),
            "gas": tuple(_ACT["fire", k, "gas" + sfx, None, n] for n in (0, 1)),
            "bomb": tuple(_ACT["fire", k, "bomb" + sfx, None, n] for n in (0, 1, 2)),
        }
        for k in shooters
    }
    for sfx, shooters in [("", (1, 2, 3))]
    + [(f" from S{m}", (CIV + 1, CIV + 2)) for m in (1, 2, 3)]
}
#: Height tests as byte tables, for ``bytearray(h).translate`` (a height map to a flag per
#: cell, in C): <= 1, >= 1, == 1.
_LT2 = bytes(int(x <= 1) for x in range(256))
_GT0 = bytes(int(x >= 1) for x in range(256))
_EQ1 = bytes(int(x == 1) for x in range(256))
#: The step modes of ``_step_modes`` (shared tuples).
_MOVE = ("move",)
#: By soldier number, then facing, the turns to the three other facings, in ``DIRS`` order.
_TURNS = {k: {f: tuple(act("turn", k, d) for d in DIRS if d != f) for f in DIRS} for k in (1, 2, 3)}
#: By (giver's number, taker's number): the free transfers (R6.11) by item kind (made once).
_GIVES = {
    (a, b): {it: act("give", a, it, n=b) for it in ("gun", "gas", "bomb", "mask", "food", "drug",
                                                   "cube", "corpse")}
    for a in (1, 2, 3) for b in (1, 2, 3) if a != b
}
#: The same by giver, then taker (no key tuple per look-up).
_GIVES_TO = {a: {b: _GIVES[a, b] for b in (1, 2, 3) if b != a} for a in (1, 2, 3)}
#: By soldier number, then direction: his step (made once), and his step digging the cell
#: ahead (R7.1.3).
_MOVE_OF = {k: {d: act("move", k, d) for d in DIRS} for k in (1, 2, 3)}
_DIG_FWD_OF = {k: {d: act("dig_fwd", k, d) for d in DIRS} for k in (1, 2, 3)}
#: By soldier number, then facing: his dash (R7.1.5, made once).
_DASH_OF = {k: {d: act("dash", k, d) for d in DIRS} for k in (1, 2, 3)}
#: By ``_step_modes``' mode: the steps above.
_STEP_OF = {"move": _MOVE_OF, "dig_fwd": _DIG_FWD_OF}
#: By soldier card: its uses by one soldier, added to a list (``_card_uses``, ``_drug_actions``).
_USES = {
    "move": _moves, "turn": _turn_uses, "build": _build_uses, "fire": _fires, "dig": _dig_uses,
    "equip": _equip_uses,
}
#: Every card's uses by one soldier (``_USES``), or ``None`` (the camp card and the interrupt).
_CARD_USES = {c: _USES.get(c) for c in CARDS}
#: The actions every turn offers (made once).
_END = act("end")
_FLIP = act("flip")
#: The turn's decisions that use no card: a free transfer, the flip and the end.
_NO_CARD = frozenset(("give", "flip", "end"))
_MOVE_DIG = ("move", "dig_fwd")


#: By ``(verb, soldier, arg)``: the action aimed at each of the 49 cells, in height-map order
#: (made at import, a plain dict as ``_ACT``): placements (R4.8, R13.2), builds and remote digs.
_CELL_ACTS: dict[tuple[str, int, str], tuple[TrenchAction, ...]] = {
    key: tuple(act(*key, c) for c in _CELLS)
    for key in [("place", 0, w) for w in ("cube", "food", "civilian", "village")]
    + [(v, k, "") for v in ("build", "remote") for k in (1, 2, 3)]
}

#: The cube phase's pass and placements (R4.8), from ``_ACT`` and ``_CELL_ACTS`` (no key tuple
#: per decision).
_PASS = _ACT["pass",]
_PLACE_CUBE = _CELL_ACTS["place", 0, "cube"]
_PLACE_FOOD = _CELL_ACTS["place", 0, "food"]
#: By soldier number (no key tuple per look-up): his builds and remote digs by cell (from
#: ``_CELL_ACTS``), his collect, dig and equips (from ``_ACT``).
_BUILD_AT = {k: _CELL_ACTS["build", k, ""] for k in (1, 2, 3)}
_REMOTE_AT = {k: _CELL_ACTS["remote", k, ""] for k in (1, 2, 3)}
_COLLECT_OF = {k: _ACT["collect", k] for k in (1, 2, 3)}
_DIG_OF = {k: _ACT["dig", k] for k in (1, 2, 3)}
_EQUIP_OF = {k: {it: _ACT["equip", k, it] for it in ("mask", "drug")} for k in (1, 2, 3)}
#: The camp (R7.7) at night, and by day by the card taken back (from ``_ACT``).
_CAMP = _ACT["camp",]
_CAMP_OF = {c: _ACT["camp", 0, c] for c in CARDS}


class _DrugVersions(dict[TrenchAction, TrenchAction]):
    """A soldier action -> the same action as a drug action (``extra``): made at import for
    the tables above, others at their first use (``__missing__``)."""

    def __missing__(self, a: TrenchAction) -> TrenchAction:
        x = self[a] = act(a.verb, a.soldier, a.arg, a.cell, a.n, True)
        return x


_EXTRA = _DrugVersions(
    (a, act(a.verb, a.soldier, a.arg, a.cell, a.n, True))
    for a in [*_ACT.values(), *(x for acts in _CELL_ACTS.values() for x in acts)]
    if a.verb in CATEGORY and a.verb != "camp" and a.soldier < CIV
)
#: By soldiers per seat, then seat: the seat's soldier ids (a tuple) and their bits in
#: ``_sown`` (an int).
_SEAT_SIDS = {per: tuple(tuple(range(p * per, p * per + per)) for p in range(4)) for per in (2, 3)}
#: By (seats, soldiers a seat), then an owner (-1: a civilian), the other seats' soldiers' sids.
_OTHER_SIDS = {
    (n, per): {o: tuple(i for i in range(n * per) if i // per != o) for o in range(-1, n)}
    for n in range(2, 5) for per in (2, 3)
}
#: By soldiers a seat, then a seat, the slice of ``soldiers`` that holds its soldiers.
_SEAT_SLICES = {per: tuple(slice(p * per, p * per + per) for p in range(4)) for per in (2, 3)}
_SEAT_MASKS = {per: tuple(((1 << per) - 1) << (p * per) for p in range(4)) for per in (2, 3)}
#: The landing order by (seats, soldiers per seat): the seats clockwise, counter-clockwise,
#: clockwise again, one soldier each time (R4.5); the cube phase's, by seats: there and back.
_LAND_QUEUE = {
    (n, per): tuple(q for r in [range(n), range(n - 1, -1, -1), range(n)][:per] for q in r)
    for n in (2, 3, 4) for per in (2, 3)
}
_CUBE_QUEUE = {n: (*range(n), *range(n - 1, -1, -1)) for n in (2, 3, 4)}
_ARMS = {  # the weapon assignments (R4.4), by beginner mode (R13.1: no gas)
    b: tuple(act("arm", arg=",".join(perm)) for perm in itertools.permutations(kinds))
    for b, kinds in ((True, ("gun", "bomb")), (False, ("gun", "gas", "bomb")))
}
#: By edge: its first row's cells in order, each with its height-map index and the base
#: placement there (R4.7).
_BASES = {
    side: tuple(
        (CELL[c], _INDEX[c], act("base", cell=CELL[c])) for c in sorted(EDGES[side].first_row())
    )
    for side in EDGES
}
#: By (edge, soldier number): the landing actions (R4.5) with the ship cell each one takes.
_LANDINGS = {
    (side, num): tuple(
        (CELL[EDGES[side].ship_cell(c)], act("land", num, cell=CELL[c]))
        for c in EDGES[side].first_row()[1:6]
    )
    for side in EDGES for num in (1, 2, 3)
}
#: The landings a seat may make, by (its edge, its soldiers' cells): filled as asked.
_LANDS: dict[tuple[Any, ...], list[TrenchAction]] = {}
#: A soldier's cell, as a C-level callable for ``map``.
_CELL_OF = attrgetter("cell")
#: A landing action -> its ship cell (R4.5), from ``_LANDINGS``.
_LAND_SHIPS = {a: ship for acts in _LANDINGS.values() for ship, a in acts}
#: A weapon tile's id (its first field), as a C-level callable for ``map``.
_TILE_ID = itemgetter(0)
#: Set-up: every soldier is on a ship, and ship soldiers are seen only when adjacent (never).
_SETUP_PHASES = frozenset(("arm", "land", "base", "setup"))
#: The plots a hand allows, by (card counts in CARDS order, interrupt allowed, interrupt
#: timing): the list of plot actions depends on nothing else, so it is built once per kind of
#: hand (with or without the beginner's missing cards, the tuples differ in length).
_PLOTS: dict[tuple[Any, ...], list[TrenchAction]] = {}
#: The kinds of hand (its cards, the interrupt timing) whose every plot list ``_PLOTS`` holds
#: (made at the first plot of such a hand, for every count up to the game's copies).
_PLOTS_MADE: set[tuple[Any, ...]] = set()
#: The plot of one card, by the card (made at import).
_PLOT_ONE = {c: act("plot", arg=c) for c in CARDS}
#: The plot of two cards, by the first card, then the second (made at import).
_PLOT_ROWS = {a: {b: act("plot", arg=f"{a}+{b}") for b in CARDS} for a in CARDS}
#: Every plot action -> its cards, the list a plot stores (shared: a plot is replaced, never
#: changed, see _pay_interrupt), so that no step splits the action's text.
_PLOT_CARDS = {
    a: a.arg.split("+") for a in (*_PLOT_ONE.values(), *(x for r in _PLOT_ROWS.values()
                                                         for x in r.values()))
}
#: By (eye cell, facing): the cells a piece may be seen on, adjacent or on the forward ray (the
#: quick test of ``sees``; eyes on ships included); filled as asked.
_LOOK: dict[tuple[Cell, str], frozenset[Cell]] = {}


def _look(c: Cell, d: str) -> frozenset[Cell]:
    cells = {_NEXT[x][c] for x in DIRS}  # (the shared cells of CELL)
    t = _NEXT[d][c]
    while on_board(t):
        cells.add(t)
        t = _NEXT[d][t]
    out = _LOOK[(c, d)] = frozenset(cells)
    return out


for _x in range(8 + 1):  # made at import: the board and the ships' cells around it
    for _y in range(8 + 1):
        for _d in DIRS:
            _look(CELL[_x, _y], _d)
#: ``_LOOK`` by facing, then by cell.
_LOOK_BY = {d: {c: v for (c, f), v in _LOOK.items() if f == d} for d in DIRS}
#: By board cell, then facing: the cells of the eyes that stand on it or look across it (its
#: height may change what they see).
_WATCH: dict[Cell, dict[str, frozenset[Cell]]] = {
    c: {d: frozenset(e for (e, f), v in _LOOK.items() if f == d and (e == c or c in v))
        for d in DIRS}
    for c in ((x, y) for x in range(1, 8) for y in range(1, 8))
}


#: By ship cell (R4.5): the opposite edge's ship cell on the same line and the line's middle
#: cell, where a shield cube goes (R4.6).
_SHIELDS: dict[Cell, tuple[Cell, Cell]] = {
    **{CELL[x, 0]: (CELL[x, 8], CELL[x, 4]) for x in range(1, 8)},
    **{CELL[x, 8]: (CELL[x, 0], CELL[x, 4]) for x in range(1, 8)},
    **{CELL[0, y]: (CELL[8, y], CELL[4, y]) for y in range(1, 8)},
    **{CELL[8, y]: (CELL[0, y], CELL[4, y]) for y in range(1, 8)},
}
_NEIGHBOURS: dict[Cell, frozenset[Cell]] = {
    c: frozenset(CELL[add(c, d)] for d in DIRS) for c in _CELLS
}
_CLOCKWISE = {n: tuple(tuple((f + i) % n for i in range(n)) for f in range(n)) for n in (2, 3, 4)}
_DAY = {True: Term("day", "昼"), False: Term("night", "夜")}
_CAUSE = {
    "gun": Term("machine-gun fire", "機銃"),
    "gas": Term("poison gas", "毒ガス"),
    "bomb": Term("a bomb", "爆弾"),
    "melee": Term("a shovel (melee)", "シャベル（突撃）"),
}
_REASON = {
    "vp": Term("victory points", "勝利点"),
    "judgement": Term("judgement (enough deaths)", "判定勝利"),
    "empty": Term("judgement (nobody can act any more)", "判定勝利（行動できる者なし）"),
}
_DECISIONS = {
    "relief": Term("which item the dead soldier saves for whom (R10.2)",
                   "遺体からどの装備を誰に託すか (R10.2)"),
    "penalty": Term("which item is lost for the sunk soldier (R10.8)",
                    "沈没でどの装備を失うか (R10.8)"),
    "heir": Term("who takes the exited soldier's items (R7.1.10)",
                 "突破した兵の装備を誰に託すか (R7.1.10)"),
    "intr": Term("whether to interrupt now (R7.8, A22)", "今割込むかどうか (R7.8, A22)"),
    "civpen": Term("the civilian penalty: lose 1 VP or skip the next turn (R12.6)",
                   "民間人ペナルティ：減点1点か1回休みか (R12.6)"),
}
_TEAM = {0: Term("red", "赤"), 1: Term("black", "黒")}
_PHASES = {
    "arm": Term("weapon assignment (R4.4)", "武器の配分 (R4.4)"),
    "land": Term("landing (R4.5)", "駒配置 (R4.5)"),
    "base": Term("base placement (R4.7)", "基地配置 (R4.7)"),
    "setup": Term("cube placement (R4.8)", "立方体配置 (R4.8)"),
    "plot": Term("plotting (R5.3)", "行動札セット (R5.3)"),
}
_RULE = {
    "move": "R7.1", "dash": "R7.1.5", "dig_fwd": "R7.1.4", "turn": "R7.2", "build": "R7.3.1",
    "collect": "R7.3.2", "fire": "R7.4", "dig": "R7.5.1", "remote": "R7.5.3", "equip": "R7.6",
}


def _spend(s: Soldier, tile: Any, k: int) -> tuple[int, str, int]:
    """Replace ``tile`` on ``s``'s card by the same tile with ``k`` fewer rounds (tiles are never
    changed in place, so copies of a soldier share them)."""
    new = (int(tile[0]), str(tile[1]), int(tile[2]) - k)
    tiles = s.tiles.copy()  # (the list too is replaced, never changed: copies share it)
    tiles[tiles.index(tile)] = new
    s.tiles = tiles
    return new


def _who(num: int) -> Term:
    """A piece as its player names it: S1 / 兵1, a civilian C1 / 民間人1 (R13.2)."""
    if num > CIV:
        return Term(f"C{num - CIV}", f"民間人{num - CIV}")
    return Term(f"S{num}", f"兵{num}")


class _CellNames(dict[Cell, str]):
    """Cell names (:func:`cell_name`) as the log entries give them, each made once."""

    def __missing__(self, c: Cell) -> str:
        name = self[c] = cell_name(c)
        return name


#: A cell's name (a look-up in C once the cell was named: no call of a Python function).
_cn = _CellNames().__getitem__


_WORDS = {
    "cube": Term("a cube", "立方体"),
    "food": Term("a food", "食糧"),
    "weapon": Term("a weapon", "武器"),
    "drug": Term("a drug", "薬物"),
    "mask": Term("a gas mask", "ガスマスク"),
    "gun": Term("the machine gun", "機銃"),
    "gas": Term("the poison gas", "毒ガス"),
    "bomb": Term("the bomb", "爆弾"),
    "corpse": Term("a corpse", "死体"),
    "civilian": Term("a civilian", "民間人"),
    "village": Term("the village", "民間人集落"),
}
#: An item's or piece's name in the log (a look-up in C: no call of a Python function).
_word = _WORDS.__getitem__
