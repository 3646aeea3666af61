"""The rules engine of 主計将校: set-up, the five turn steps, supply, pieces, cards, scoring.

A turn is a stack of :class:`Task` values. Automatic tasks (supply, scoring, drawing, a card's
automatic step) run at once; a decision task waits for its nation's seat to choose one of
:meth:`QmgState.legal_actions`. Card effects are data (``effect`` in data/cards.json) run by the
named step functions of :mod:`gamelib.qmg.effects`.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import LogEntry, Outcome, Rng, State, Term
from gamelib.qmg import effects as fx
from gamelib.qmg.actions import VERBS, QmgAction
from gamelib.qmg.board import ALLIES, AXIS, NATIONS, default_board
from gamelib.qmg.cards import BASIC_TYPES, TYPE_TERMS, default_cards
from gamelib.qmg.effects import HELD, OWN, REACH, STRAITS
from gamelib.qmg.game import KIND_TERMS, MESSAGES, TEAM_TERMS, QmgGame
from gamelib.qmg.tasks import Task
from gamelib.qmg.view import QmgView

__all__ = ["HAND_SIZE", "LEAD", "ROUNDS", "ZONES", "QmgState", "Task"]

HAND_SIZE = 7
ROUNDS = 20
LEAD = 30
SETUP_DRAW = 10
SETUP_DISCARD = 3
REALLOCATE_COST = 4
ZONES = ("hands", "decks", "discards", "table", "responses")
"""The per-nation card lists of a state (read them freely; change them through
:meth:`QmgState.hand`, :meth:`~QmgState.deck`, :meth:`~QmgState.pile`, :meth:`~QmgState.status`
and :meth:`~QmgState.face_down`)."""


class _Memo:
    """A slot for values derived from a state's pieces and cards in play (supply, reach, own
    spaces, which basic card types can be played).

    It is a slot of a base class, not an attribute: ``vars(state)`` (what
    :func:`gamelib.core.state.digest` hashes) and :func:`gamelib.core.state.fingerprint` (which
    reads ``QmgState.__slots__``, empty) do not see it, so computing supply for a view never
    "changes" a state, and two states of the same game compare equal whatever each has cached.
    :meth:`QmgState.forget_supply` replaces it whenever a card in play or Truk changes, and a
    piece moving replaces it with the entries the move cannot change (:data:`KEEP`). The dict is
    never emptied or changed in place except to add an entry, so :meth:`QmgState.clone` shares it:
    an entry added by either twin is true of both until one of them replaces its dict.

    ``_own`` says which nations' card lists (hands, decks, discard piles, Status cards, face-down
    Responses) and whether the ``pieces`` dict this state owns: a clone and its original share
    them, so the engine changes a card list only through :meth:`QmgState.hand` and its siblings
    and the pieces only through :meth:`QmgState.place` and :meth:`QmgState.take`, which copy what
    is shared first (one bit per zone and nation, :data:`OWN_BIT`, and :data:`PIECES_BIT`). The
    log list is handed to the twin the core's way (:meth:`~gamelib.core.state.State.share_log`).
    """

    __slots__ = ("_memo", "_own")


PIECE_KEYS = frozenset({STRAITS} | {OWN + n for n in range(len(NATIONS))})
"""The memo keys that follow the pieces alone (own spaces, Axis straits)."""
ORDER = {space: i for i, space in enumerate(default_board().order)}
"""Each space's place in map order (own spaces are kept in it)."""
TEAM = default_board().teams
"""Each nation's team (0 Axis, 1 Allies), by nation index."""
STRAIT_LANDS = frozenset(land for land, _, _ in default_board().straits)
"""The land spaces of the straits (who holds them changes adjacency at sea)."""
KEEP = tuple(
    frozenset(
        {STRAITS}
        | {OWN + m for m in range(len(NATIONS)) if m != n}
        | {k + m for m in range(len(NATIONS)) if TEAM[m] != TEAM[n] for k in (0, REACH, HELD)}
    )
    for n in range(len(NATIONS))
)
"""Per nation ``n``, the memo keys a piece of ``n`` moving outside a strait's land space leaves
valid: the Axis straits, the other nations' own spaces, and the other team's supply, reach and
supply-space points (a nation's supply follows its own pieces and, for navies, its team's
armies; only allies share a space). Everything else (this team's supply, reach and points,
basic-card playability) is computed again."""
KEEP_AT_STRAIT = tuple(
    frozenset({OWN + m for m in range(len(NATIONS)) if m != n}) for n in range(len(NATIONS))
)
"""The same when the piece moves in a strait's land space, which changes everyone's adjacency
at sea: only the other nations' own spaces stay valid."""


OWN_BIT = {zone: 1 << (6 * i) for i, zone in enumerate(ZONES)}
"""The ownership bit of nation 0's list of each card zone (nation ``n``: shifted by ``n``)."""
HAND_AND_PILE_BITS = tuple(
    (OWN_BIT["hands"] | OWN_BIT["discards"]) << n for n in range(len(NATIONS))
)
"""The ownership bits of nation ``n``'s hand and discard pile together (a discard from hand
changes both)."""
PIECES_BIT = 1 << (6 * len(ZONES))
"""The ownership bit of the ``pieces`` dict."""
OUTER_BIT = {zone: PIECES_BIT << (1 + i) for i, zone in enumerate(ZONES)}
"""The ownership bit of each zone's outer list (the list of the nations' lists): a clone shares
those too until it sets a nation's list (owning a nation's list implies owning its outer list)."""
OUTER_BIT_HANDS = OUTER_BIT["hands"]
OUTER_BIT_PILES = OUTER_BIT["discards"]
HANDS_AND_PILES_OUTER = OUTER_BIT_HANDS | OUTER_BIT_PILES
"""The ownership bits of the outer lists of hands and discard piles."""
OUTER_BITS = sum(OUTER_BIT.values())
"""Every outer list's ownership bit."""
RNG_BIT = PIECES_BIT << (1 + len(ZONES))
"""The ownership bit of the ``rng`` (a clone shares it until one twin draws:
:meth:`QmgState.own_rng`)."""
ALL_OWNED = (RNG_BIT << 1) - 1
"""Every card list, outer list, the pieces and the rng owned (a new state's)."""

LAST_NATION = len(NATIONS) - 1
"""The nation whose turn ends a round."""
USSR = NATIONS.index("soviet_union")
JAPAN = NATIONS.index("japan")
USA = NATIONS.index("united_states")
CARD_NATION = {cid: card.nation for cid, card in default_cards().cards.items()}
"""The nation whose deck holds each card."""
CARD_TYPE = fx.CARD_TYPE
CARD_NAMES = {cid: card.name for cid, card in default_cards().cards.items()}
"""Each card's name in both languages."""
NATION_NAMES = tuple(nation.name for nation in default_board().nations)
"""Each nation's name in both languages, by nation index."""

DECISIONS = frozenset(
    {
        "start",
        "play",
        "discard_step",
        "cost_hand",
        "step",
        "react",
        "malta",
        "ally_play",
        "bottom",
        "reorder",
        "rebuild",
    }
)


_OWN = tuple(frozenset({seat}) for seat in range(6))
"""The one-seat audience of each seat's private log entries."""
_OTHERS = {
    players: tuple(frozenset(range(players)) - {seat} for seat in range(players))
    for players in range(2, 7)
}
"""Per player count, the seats other than each seat (the audience of public twins)."""

TURN_TASKS = tuple(
    tuple(
        Task(op, n)
        for op in ("draw_end", "discard_step", "victory", "supply", "play", "start")
    )
    for n in range(len(NATIONS))
)
"""The five steps of each nation's turn (with its start and end), as stacked (last on top);
``draw_end`` is the Draw step and the end of the turn in one task (``draw`` then ``end_turn``:
the Draw step starts nothing)."""
COST_HAND = fx.COST_HAND
DISCARD = fx.DISCARD
HOLDS = fx.HOLDS
ENTRY = MESSAGES.entry_from
SUPPLY_STEP = fx.supply_step
VICTORY_STEP = fx.victory_step
RUN = fx.run
NO_SPACES: frozenset[str] = frozenset()
NONE_USED: frozenset[str] = frozenset()
NONE_PROTECTED: frozenset[tuple[str, int]] = frozenset()
END_DISCARDS = fx.END_DISCARDS
TURN_LOG = tuple(
    ENTRY("turn", {"nation": name}, None, None, "phase") for name in NATION_NAMES
)
"""Each nation's "turn" log entry, made once and shared by every state (an entry is immutable
and renders the same wherever it is read)."""
ROUND_LOG = {r: ENTRY("round", {"round": r}, None, None, "phase") for r in range(1, ROUNDS + 1)}
"""Each round's "round" log entry (shared, as :data:`TURN_LOG`)."""
DRAW_LOG = tuple(
    tuple(ENTRY("draw", {"nation": name, "n": k}) for k in range(HAND_SIZE + 1))
    for name in NATION_NAMES
)
"""Each nation's "draw" log entry of ``k`` cards, by ``k`` (shared, as :data:`TURN_LOG`)."""
SETUP_LOG = tuple(
    ENTRY("setup_army", {"nation": NATION_NAMES[n], "space": default_board().names[nation.home]})
    for n, nation in enumerate(default_board().nations)
)
"""Each nation's set-up log entry (shared, as :data:`TURN_LOG`)."""
DISCARD_LOG: dict[int, tuple[tuple[dict[str, tuple[LogEntry, LogEntry]], ...], ...]] = {
    players: tuple(tuple({} for _ in NATIONS) for _ in range(players)) for players in range(2, 7)
}
"""Per player count, discarding seat and nation, each card's pair of discard entries (the other
seats' and the seat's own), made when first needed and then shared (as :data:`TURN_LOG`)."""
TURN_TASKS_NO_START = tuple(tasks[:-1] for tasks in TURN_TASKS)
"""The same without the start of the turn (a nation without Status or face-down Response
cards, or without a card used at the start of a turn, has nothing to use then: that decision
would be skipped)."""
TURN_TASKS_NO_PLAY = tuple(tasks[:-2] for tasks in TURN_TASKS)
"""The same without the Play step either (an empty hand has nothing to play: that decision
would be skipped)."""
TURN_TASKS_IDLE = tuple(tasks[0:3:2] for tasks in TURN_TASKS)
"""The Victory step and the Draw step alone: a nation with an empty hand, no piece on the board
and no card used in the Discard step in play or face down has nothing to choose then (that
decision would be skipped) and no piece to supply (its Supply step would do nothing), and its
Victory step changes neither."""
STARTERS = frozenset(n for n, trigger in HOLDS if trigger == "start_turn")
"""The nations with a card used at the start of their turn (:data:`TURN_TASKS`)."""
START_CARDS = fx.TRIGGER_CARDS["start_turn"]
"""The cards used at the start of a turn (without one in play or face down, a nation has
nothing to use then: :func:`~gamelib.qmg.effects.usable` would find nothing)."""
DISCARD_USERS = fx.DISCARD_USERS
DISCARD_CARDS = fx.TRIGGER_CARDS["discard_step"]
"""The cards used in the Discard step."""


class QmgState(State[QmgAction], _Memo):
    """The whole game: board, decks, hands, discard piles, cards in play, VP, and the task stack."""

    __slots__ = ()
    game: QmgGame
    board = default_board()
    cards = default_cards()

    def __init__(self, game: QmgGame, seed: int, rng: Rng) -> None:
        super().__init__(game, seed, rng)
        self._memo: dict[Any, Any] = {}
        self._own = ALL_OWNED
        self.seat_of = [0] * len(NATIONS)
        for seat, nations in enumerate(game.seats):
            for n in nations:
                self.seat_of[n] = seat
        self.pieces: dict[str, tuple[int, ...]] = {s: () for s in self.board.order}
        self.hands: list[list[str]] = [[] for _ in NATIONS]
        self.decks: list[list[str]] = []
        self.discards: list[list[str]] = [[] for _ in NATIONS]
        self.table: list[list[str]] = [[] for _ in NATIONS]
        self.responses: list[list[str]] = [[] for _ in NATIONS]
        self.vp = [0, 0]
        self.round = 1
        self.nation = 0
        self.used: frozenset[str] = frozenset()
        self.protected: frozenset[tuple[str, int]] = frozenset()
        self.reallocated = False
        self.over: Outcome | None = None
        self.cancelled = ""
        self.truk = False
        self.snapshot: frozenset[str] = frozenset()
        self._opts: list[QmgAction] | None = None
        self.stack: list[Task] = []
        for n, deck in enumerate(self.cards.decks):
            cards = list(deck)
            rng.shuffle(cards)
            self.decks.append(cards)
            home = self.board.nations[n].home
            self.pieces[home] = (n,)
            self._memo[OWN + n] = (home,)  # (known: no walk over the map to find it)
            if not self.quiet:
                self._writable_log().append(SETUP_LOG[n])
            # the top cards, drawn one at a time (a slice: no loop of pops)
            self.hands[n] = cards[: -SETUP_DRAW - 1 : -1]
            del cards[-SETUP_DRAW:]
        self._begin_turn(0)
        for n in reversed(range(len(NATIONS))):
            self.stack.append(COST_HAND[n][SETUP_DISCARD])  # (made once)
        self._advance()

    # -- names --------------------------------------------------------------------------------
    def nation_name(self, n: int) -> Term:
        """The nation's name in both languages."""
        return NATION_NAMES[n]

    def team(self, n: int) -> int:
        """0 for the Axis, 1 for the Allies."""
        return TEAM[n]

    def card_name(self, cid: str) -> Term:
        """A card's name in both languages."""
        return CARD_NAMES[cid]

    # -- the contract -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.over is not None or not self.stack:
            return None
        return self.seat_of[self.stack[-1].nation]

    def legal_actions(self) -> list[QmgAction]:
        if self.over is not None or not self.stack:
            return []
        opts = self._opts
        if opts is None:
            opts = self._opts = self._options(self.stack[-1])
        return opts[:]

    def _is_legal(self, action: QmgAction) -> bool:
        """Whether ``action`` is one of the legal actions (the cached list, no copy)."""
        opts = self._opts
        if opts is None:
            if self.over is not None or not self.stack:
                return False
            opts = self._opts = self._options(self.stack[-1])
        for candidate in opts:
            if candidate is action:
                return True
        return action in opts

    def _apply(self, action: QmgAction) -> None:
        stack = self.stack
        task = stack[-1]
        op = task.op
        if action.verb == "discard" and (op == "discard_step" or op == "cost_hand"):
            # the most frequent decisions: a card from hand, then the same decision again (or
            # the next card of a cost) on top, its options made at once from the old ones (what
            # resolve then _advance do, without their dispatch)
            n = task.nation
            self.discard_from_hand(n, action.a)
            if op == "cost_hand":
                if task.n == 1:
                    stack.pop()
                    self._opts = None
                    self._advance()
                    return
                task = stack[-1] = COST_HAND[n][task.n - 1]
                if not self.hands[n]:  # paid from the deck
                    stack.pop()
                    self._opts = None
                    fx.needs_decision(self, task)
                    self._advance()
                    return
            # the options: (Discard step) the cards used then, the hand's distinct cards, then
            # (Discard step) the own pieces and the end; only the cards follow the hand (the
            # uses follow neither the hand nor the pile: tests/qmg/test_engine_shortcuts.py)
            old = self._opts
            if old is not None and action.a not in self.hands[n]:
                # the card's last copy has gone: so has its option, the others stay in order
                opts = old[:]  # (a copy: a twin may share the old list)
                gone = DISCARD[action.a]
                i = 0
                while opts[i] is not gone:  # (by identity: remove() would call == on each)
                    i += 1
                del opts[i]
                if opts[0] is not END_DISCARDS:  # anything but the end left
                    self._opts = opts
                    return
            elif old is not None and (op == "cost_hand" or n not in DISCARD_USERS):
                # another copy left, no uses first: the distinct cards may reorder
                cards = list(map(DISCARD.__getitem__, dict.fromkeys(self.hands[n])))
                cards += old[len(cards) :]
                self._opts = cards
                return
            else:
                opts = fx.options(self, task)
                if opts:
                    self._opts = opts
                    return
            stack.pop()
            self._opts = None
            self._advance()
            return
        stack.pop()
        self._opts = None
        if op == "play" and action.verb == "discard":  # what resolve does, without its tests
            self.discard_from_hand(task.nation, action.a)
        elif action is not END_DISCARDS:  # (the end of the Discard step resolves to nothing)
            fx.resolve(self, task, action)
        self._advance()

    def outcome(self) -> Outcome | None:
        return self.over

    def is_terminal(self) -> bool:
        return self.over is not None

    def why_illegal(self, action: QmgAction) -> Term:
        if self.over is not None or not self.stack:
            why = Term("the game is over", "ゲームは終了しています")
        else:
            why = fx.why(self, self.stack[-1], action)
        return self.game.messages.term("not_legal", action=str(action), why=why)

    def why_illegal_text(self, text: str) -> str | Term:
        """Name the broken rule when ``text`` reads as an action ("build moscow")."""
        parts = text.split()
        if 1 <= len(parts) <= 3 and parts[0] in VERBS:
            return self.why_illegal(QmgAction(*parts))
        return super().why_illegal_text(text)

    def clone(self) -> QmgState:
        """A fast copy of what ``_apply`` changes (game, board, cards and log entries shared)."""
        new = object.__new__(QmgState)
        # (a combined dict, whose attribute reads the interpreter specialises, not the
        # instance's split-keys dict that update() would fill)
        new.__dict__ = attrs = {**self.__dict__}
        # the pieces dict too is shared until one twin moves a piece (place/take copy it first)
        # the rng too is shared until one twin draws (own_rng copies it first)
        # card lists: the outer lists and the nations' lists are shared until one twin changes
        # one (copy on write, see _Memo and OUTER_BIT)
        new._own = self._own = 0
        attrs["vp"] = self.vp[:]
        attrs["stack"] = self.stack[:]
        self.share_log(new)  # the twin takes the log list, this state keeps a view of it
        new._memo = self._memo  # shared: see _Memo
        return new

    # -- card lists to change (copy on write) ----------------------------------------------------
    def own_rng(self) -> Rng:
        """This state's random stream, its own, to draw from (copied first if a twin shares it)."""
        if not self._own & RNG_BIT:
            self.rng = self.rng.copy()
            self._own |= RNG_BIT
        return self.rng

    # (each: the owned case tested inline, no _mine call)
    def hand(self, n: int) -> list[str]:
        """Nation ``n``'s hand, this state's own list, to change."""
        if self._own & (1 << n):
            return self.hands[n]
        return self._mine("hands", n, 1 << n)

    def deck(self, n: int) -> list[str]:
        """Nation ``n``'s deck (top last), this state's own list, to change."""
        if self._own & (64 << n):
            return self.decks[n]
        return self._mine("decks", n, 64 << n)

    def pile(self, n: int) -> list[str]:
        """Nation ``n``'s discard pile (top last), this state's own list, to change."""
        if self._own & (4096 << n):
            return self.discards[n]
        return self._mine("discards", n, 4096 << n)

    def status(self, n: int) -> list[str]:
        """Nation ``n``'s Status cards in play, this state's own list, to change."""
        if self._own & (262144 << n):
            return self.table[n]
        return self._mine("table", n, 262144 << n)

    def face_down(self, n: int) -> list[str]:
        """Nation ``n``'s face-down Responses, this state's own list, to change."""
        if self._own & (16777216 << n):
            return self.responses[n]
        return self._mine("responses", n, 16777216 << n)

    def _mine(self, zone: str, n: int, bit: int) -> list[str]:
        """Nation ``n``'s list of ``zone``, which this state does not own (``bit`` of
        :data:`OWN_BIT`), copied, with the zone's outer list first unless this state owns it."""
        attrs = self.__dict__
        outer = OUTER_BIT[zone]
        if not self._own & outer:
            attrs[zone] = attrs[zone][:]
        lists: list[list[str]] = attrs[zone]
        mine = lists[n] = lists[n][:]
        self._own |= bit | outer
        return mine

    def _own_zones(self) -> None:
        """Own every zone's outer list (copied if shared), before setting nations' lists
        directly (as :func:`gamelib.qmg.search.sample_world` deals them)."""
        own = self._own
        if own & OUTER_BITS != OUTER_BITS:
            attrs = self.__dict__
            for zone in ZONES:
                if not own & OUTER_BIT[zone]:
                    attrs[zone] = attrs[zone][:]
            self._own = own | OUTER_BITS

    def check_invariants(self) -> None:
        for n in range(len(NATIONS)):
            total = (
                len(self.hands[n])
                + len(self.decks[n])
                + len(self.discards[n])
                + len(self.table[n])
                + len(self.responses[n])
            )
            assert total == len(self.cards.decks[n]), f"{NATIONS[n]} has {total} cards"
            nat = self.board.nations[n]
            assert self.count_pieces(n, "army") <= nat.armies, f"{NATIONS[n]}: too many armies"
            assert self.count_pieces(n, "navy") <= nat.navies, f"{NATIONS[n]}: too many navies"
        for space, here in self.pieces.items():
            assert len(set(here)) == len(here), f"two pieces of one nation in {space}"
            assert len({self.team(n) for n in here}) <= 1, f"enemies together in {space}"
        assert len(self.hands[self.nation]) <= 30

    def view(self, player: int | None) -> QmgView:
        return fx.make_view(self, player)

    def projected_scores(self) -> tuple[float, ...]:
        """Each seat's team VP if every Victory step to come in the 20 rounds scored what it
        would score now (supply spaces only): the search bot's ``evaluation="projection"``."""
        vp = [float(self.vp[0]), float(self.vp[1])]
        if self.over is None:
            ahead = ROUNDS - self.round
            pending = self.nation if any(
                t.op == "victory" for t in self.stack) else self.nation + 1
            for n in range(len(NATIONS)):
                turns = ahead + (n >= pending)
                if turns and not fx.home_taken(self, n):
                    vp[TEAM[n]] += turns * fx.supply_points(self, n)
        return tuple(vp[TEAM[s[0]]] for s in self.game.seats)

    def sample_world(self, player: int, rng: Rng | int) -> QmgState:
        """A state consistent with what seat ``player`` sees, for search (issue 11).

        Dealt anew, nation by nation (each card stays in its own nation's cards): for the
        nations of other seats, their hands, face-down Responses (Responses only) and discard
        piles below the public top card, with their decks, keeping every size; for the seat's
        own nations, the order of their decks (the seat knows its hands, Responses and piles).
        Kept: the board, VP, Status cards, the top of each pile, the task stack, the history
        and the seat's log; a Response a pending use-or-pass decision names; the cards a pending
        Superior Planning has looked at. Not kept (the state does not record it): the order
        Superior Planning or Rosie the Riveter gave a deck, a Women Conscripts card on top of
        the Soviet deck, the card type Reallocate Resources fetched. The unseen cards are sorted
        before they are shuffled, so the world depends only on the seat's view and ``rng``.
        """
        from gamelib.qmg.search import sample_world

        world = sample_world(self, player, rng)
        if self.current_player != player:
            world._opts = None  # the legal actions of a seat whose cards were dealt anew
        return world

    # -- pieces and supply ---------------------------------------------------------------------
    def own_spaces(self, n: int) -> tuple[str, ...]:
        """The spaces holding a piece of ``n``, in map order (cached with the supply)."""
        try:  # (nearly always cached: a subscript, no get call)
            return self._memo[OWN + n]  # type: ignore[no-any-return]
        except KeyError:
            pieces = self.pieces
            found = self._memo[OWN + n] = tuple(s for s in self.board.order if n in pieces[s])
            return found

    def count_pieces(self, n: int, kind: str) -> int:
        """How many armies (``kind="army"``) or navies of nation ``n`` are on the board."""
        spaces = self.board.land if kind == "army" else self.board.sea
        return len(spaces.intersection(self.own_spaces(n)))

    def place(self, space: str, n: int) -> None:
        """Put a piece of ``n`` in ``space`` (legality checked by the caller)."""
        if not self._own & PIECES_BIT:
            self.pieces = self.pieces.copy()
            self._own |= PIECES_BIT
        self.pieces[space] = tuple(sorted((*self.pieces[space], n)))
        own: tuple[str, ...] | None = self._memo.get(OWN + n)
        if own is not None and space not in own:
            own = tuple(sorted((*own, space), key=ORDER.__getitem__))
        self._moved(space, n, own)

    def take(self, space: str, n: int) -> None:
        """Take the piece of ``n`` off ``space``."""
        if not self._own & PIECES_BIT:
            self.pieces = self.pieces.copy()
            self._own |= PIECES_BIT
        # (filters: no generator calls)
        self.pieces[space] = tuple(filter(n.__ne__, self.pieces[space]))
        own: tuple[str, ...] | None = self._memo.get(OWN + n)
        if own is not None:
            own = tuple(filter(space.__ne__, own))
        self._moved(space, n, own)

    def _moved(self, space: str, n: int, own: tuple[str, ...] | None) -> None:
        """A piece of ``n`` came to or left ``space``: keep only the cached values it cannot
        change (see :data:`KEEP` and :data:`KEEP_AT_STRAIT`), and ``own``, ``n``'s own spaces
        after the move when they were known (kept up to date, not found again by a walk over
        the map)."""
        memo = self._memo
        keep = KEEP_AT_STRAIT[n] if space in STRAIT_LANDS else KEEP[n]
        # (the few keys kept looked up, not every entry of the memo tested)
        new: dict[Any, Any] = {k: memo[k] for k in keep.intersection(memo)}
        if own is not None:
            new[OWN + n] = own
        self._memo = new  # a new dict: the old one may be shared with a twin (see _Memo)

    def soviet_next_to_german(self) -> frozenset[str]:
        """Broad Front's snapshot: spaces with a Soviet army next to a German army."""
        land = self.board.land
        adjacent = self.board.adjacent
        pieces = self.pieces
        found = []
        for s in self.own_spaces(USSR):  # (cached) rather than every land space; plain loops
            if s in land:
                for t in adjacent[s]:
                    if 0 in pieces[t]:
                        found.append(s)
                        break
        return frozenset(found)

    def forget_supply(self, *, cards_only: bool = False) -> None:
        """Drop the cached supply and what depends on it (after a piece, a card in play or
        Truk changes). With ``cards_only`` (no piece changed) the own spaces and the Axis
        straits, which follow the pieces alone, are kept."""
        if cards_only:
            memo = self._memo
            self._memo = {k: memo[k] for k in PIECE_KEYS.intersection(memo)}  # (few keys)
        else:
            self._memo = {}

    def memo(self) -> dict[Any, Any]:
        """This state's cache of derived values (see :class:`_Memo`)."""
        return self._memo

    def axis_straits(self) -> frozenset[str]:
        """Strait land spaces that hold an Axis army."""
        memo = self._memo
        found: frozenset[str] | None = memo.get(STRAITS)
        if found is None:
            pieces = self.pieces
            found = memo[STRAITS] = frozenset(
                land
                for land, _, _ in self.board.straits
                if any(TEAM[x] == AXIS for x in pieces[land])
            )
        return found

    def neighbours(self, space: str, n: int) -> frozenset[str]:
        """Spaces adjacent to ``space`` for nation ``n``'s team (straits included)."""
        board = self.board
        if space not in board.strait_links:
            return board.adjacent[space]
        return board.neighbours(space, TEAM[n], self.axis_straits())

    def in_play(self, cid: str) -> bool:
        """Whether the Status card ``cid`` is face up on the table."""
        return cid in self.table[CARD_NATION[cid]]

    def supply_spaces(self, n: int) -> frozenset[str]:
        """Supply spaces for ``n`` (Scorched Earth takes Ukraine from the Axis)."""
        if TEAM[n] == AXIS and "ussr_scorched_earth" in self.table[USSR]:  # (no in_play call)
            return self.board.supply - {"ukraine"}
        return self.board.supply

    def navy_backed(self, space: str, n: int) -> bool:
        """A navy needs an own or allied army on an adjacent land space (「補給状態」)."""
        team = TEAM[n]
        pieces = self.pieces
        land = self.board.land
        for s in self.board.adjacent[space]:
            if s in land:
                for x in pieces[s]:
                    if TEAM[x] == team:
                        return True
        return False

    def supplied(self, n: int) -> frozenset[str]:
        """Spaces of supplied pieces of ``n`` (「補給地から連続して自国軍が配置されている」)."""
        cache = self._memo
        cached = cache.get(n)
        if cached is not None:
            return cached
        own = self.own_spaces(n)
        if not own:  # (no piece, as for many nations late in a game: nothing to walk)
            cache[n] = NO_SPACES
            return NO_SPACES
        board = self.board
        land = board.land
        mine = set(own)
        ok = mine & land  # the armies, then the navies backed by one
        if len(ok) < len(own):  # (no comprehension call)
            for s in own:
                if s not in land and self.navy_backed(s, n):
                    ok.add(s)
        table = self.table
        seen = mine.intersection(self.supply_spaces(n))
        frontier = list(seen)
        team = TEAM[n]
        adjacent = board.adjacent
        links = board.strait_links
        straits: frozenset[str] | None = None
        while frontier:
            s = frontier.pop()
            if s in links:
                if straits is None:
                    straits = self.axis_straits()
                near = board.neighbours(s, team, straits)
            else:
                near = adjacent[s]
            new = (near & ok) - seen
            if new:
                seen |= new
                frontier.extend(new)
        if n == USSR and "ussr_shvernik" in table[USSR]:
            seen |= mine & land
        if self.truk and n == JAPAN:
            area = board.adjacent["central_pacific"] | {"central_pacific"}
            seen |= mine & area
        if team == ALLIES and "usa_avg_expands" in table[USA] and "szechuan" in mine:
            seen.add("szechuan")
        result = frozenset(seen)
        cache[n] = result
        return result

    def enemy_in(self, space: str, n: int) -> bool:
        """Whether an enemy piece of ``n`` stands in ``space``."""
        team = TEAM[n]
        return any(TEAM[x] != team for x in self.pieces[space])

    # -- turn machinery ------------------------------------------------------------------------
    def _begin_turn(self, n: int) -> None:
        self.nation = n
        self.used = NONE_USED
        self.protected = NONE_PROTECTED
        self.reallocated = False
        if self.truk:
            self.truk = False
            self.forget_supply(cards_only=True)
        if n == 0:
            self.snapshot = self.soviet_next_to_german()
            if not self.quiet:
                entry = ROUND_LOG.get(self.round)
                if entry is None:
                    entry = ENTRY("round", {"round": self.round}, None, None, "phase")
                self._writable_log().append(entry)
        if not self.quiet:
            self._writable_log().append(TURN_LOG[n])
        table, faced = self.table[n], self.responses[n]
        # (a card used in the step is in play or face down: what usable() looks for first)
        if n in STARTERS and not (START_CARDS.isdisjoint(table) and START_CARDS.isdisjoint(faced)):
            self.stack.extend(TURN_TASKS[n])
        elif self.hands[n]:
            self.stack.extend(TURN_TASKS_NO_START[n])
        elif self.own_spaces(n) or (
            n in DISCARD_USERS
            and not (DISCARD_CARDS.isdisjoint(table) and DISCARD_CARDS.isdisjoint(faced))
        ):
            self.stack.extend(TURN_TASKS_NO_PLAY[n])
        else:
            self.stack.extend(TURN_TASKS_IDLE[n])

    def _advance(self) -> None:
        """Run automatic tasks until a decision with at least one option is on top."""
        choices = fx.OPTIONS  # the decision ops (DECISIONS) with their option builders
        stack = self.stack  # replaced only by _finish (which ends the game)
        while stack:
            task = stack.pop()
            op = task.op
            build = choices.get(op)
            if build is not None:
                if op == "cost_hand" and not self.hands[task.nation]:
                    fx.needs_decision(self, task)  # paid from the deck
                    continue
                opts = build(self, task)
                if opts:
                    stack.append(task)
                    self._opts = opts
                    return
            elif op == "draw_end":
                n = task.nation
                if self.decks[n]:  # (an empty deck, as in half the turns: no draw_up call)
                    self.draw_up(n)
                if n < LAST_NATION:  # _end_turn() without its call (the round goes on)
                    self._begin_turn(n + 1)
                else:
                    self._end_turn(n)
                    stack = self.stack
            elif op == "supply":
                SUPPLY_STEP(self, task.nation)
            elif op == "victory":
                VICTORY_STEP(self, task.nation)
            elif op == "end_turn":
                self._end_turn(task.nation)
                stack = self.stack
            else:
                RUN(self, task)

    def _options(self, task: Task) -> list[QmgAction]:
        return fx.options(self, task)

    def _end_turn(self, n: int) -> None:
        if n == LAST_NATION:
            lead = self.vp[AXIS] - self.vp[ALLIES]
            if self.round >= ROUNDS or abs(lead) >= LEAD:
                self._finish()
                return
            self.round += 1
        self._begin_turn(n + 1 if n < LAST_NATION else 0)  # (no len call, no modulo)

    def _finish(self) -> None:
        winner = AXIS if self.vp[AXIS] >= self.vp[ALLIES] else ALLIES
        seats = self.game.seats
        scores = tuple(float(self.vp[self.team(s[0])]) for s in seats)
        winners = tuple(i for i, s in enumerate(seats) if self.team(s[0]) == winner)
        reason = (
            "a 30-point lead"
            if abs(self.vp[0] - self.vp[1]) >= LEAD
            else "most victory points after 20 rounds (the Axis win ties)"
        )
        self.over = Outcome(scores, winners, reason)
        self.stack = []
        self.add_log(
            "game_end",
            kind="phase",
            team=TEAM_TERMS[winner],
            axis=self.vp[AXIS],
            allies=self.vp[ALLIES],
        )

    # -- card movements ------------------------------------------------------------------------
    def gain(self, team: int, amount: int, why: Term | str) -> None:
        """Add ``amount`` VP to ``team``."""
        if amount:
            self.vp[team] += amount
            if not self.quiet:
                self._writable_log().append(ENTRY(
                    "vp", {"team": TEAM_TERMS[team], "n": amount, "why": why}, None, None,
                    "event"))

    def discard_top(self, n: int, count: int) -> None:
        """Discard ``count`` cards from the top of ``n``'s deck (face down, to the bottom of the
        pile); each missing card costs its team 1 VP (2nd edition)."""
        if count <= 0:
            return
        deck = self.decks[n]
        k = min(count, len(deck))
        if k:
            deck = self.deck(n)
            moved = deck[len(deck) - k :]
            del deck[len(deck) - k :]
            self.pile(n)[0:0] = moved
            if not self.quiet:
                self.add_log("discard_top", nation=self.nation_name(n), n=k)
        if count > k:
            self.vp[self.team(n)] -= count - k
            self.add_log(
                "deck_short", nation=self.nation_name(n), team=TEAM_TERMS[self.team(n)], n=count - k
            )

    def discard_from_hand(self, n: int, cid: str) -> None:
        """Discard ``cid`` from ``n``'s hand, face down to the bottom of the pile."""
        # hand(n) and pile(n) inlined (the most frequent change of all): copy what is shared
        own = self._own
        both = HAND_AND_PILE_BITS[n]
        if own & both != both:  # (owning a nation's list implies owning its outer list)
            if not own & (1 << n):
                if not own & OUTER_BIT_HANDS:
                    self.hands = self.hands[:]
                self.hands[n] = self.hands[n][:]
            if not own & (4096 << n):
                if not own & OUTER_BIT_PILES:
                    self.discards = self.discards[:]
                self.discards[n] = self.discards[n][:]
            self._own = own | both | HANDS_AND_PILES_OUTER
        self.hands[n].remove(cid)
        self.discards[n].insert(0, cid)
        if not self.quiet:  # (the pair of entries made once per seat and card: DISCARD_LOG)
            own = self.seat_of[n]
            made = DISCARD_LOG[self.game.options.players][own][n]  # type: ignore[attr-defined]
            pair = made.get(cid)
            if pair is None:
                name = NATION_NAMES[n]
                pair = made[cid] = self._entry_pair(
                    n, "discard_hidden", "discard", name, {"nation": name, "card": CARD_NAMES[cid]})
            if self._log_shared:
                self._writable_log().extend(pair)
            else:  # (the usual case, the list its own: no _writable_log call)
                self.log.extend(pair)

    def log_private(self, n: int, public: str, private: str, **params: Any) -> None:
        """Log ``public`` for the other seats and ``private`` (naming a card) for ``n``'s seat."""
        if self.quiet:
            return
        name = NATION_NAMES[n]
        self._log_pair(n, public, private, name, {"nation": name, **params})

    def _log_pair(
        self, n: int, public: str, private: str, name: Term, params: dict[str, Any]
    ) -> None:
        """:meth:`log_private` with the nation's ``name`` and the private entry's ``params``
        (naming the nation too) ready."""
        self._writable_log().extend(self._entry_pair(n, public, private, name, params))

    def _entry_pair(
        self, n: int, public: str, private: str, name: Term, params: dict[str, Any]
    ) -> tuple[LogEntry, LogEntry]:
        """The entries of :meth:`_log_pair`: ``public`` for the seats other than ``n``'s, and
        ``private`` for ``n``'s seat."""
        own = self.seat_of[n]
        others = _OTHERS[self.game.options.players][own]  # type: ignore[attr-defined]
        return (ENTRY(public, {"nation": name}, None, others, "action"),
                ENTRY(private, params, None, _OWN[own], "action"))

    def draw_up(self, n: int) -> None:
        """Draw up to the hand size (nothing more once the deck is empty)."""
        k = HAND_SIZE - len(self.hands[n])
        left = len(self.decks[n])
        if k > left:  # (two tests: no min/max calls)
            k = left
        if k <= 0:
            return
        deck = self.deck(n)
        self.hand(n).extend(reversed(deck[-k:]))  # one at a time from the top
        del deck[-k:]
        if not self.quiet:
            self._writable_log().append(DRAW_LOG[n][k])

    def type_term(self, cid: str) -> Term:
        """The card's type as a term."""
        return TYPE_TERMS[self.cards.card(cid).type]

    def kind_term(self, space: str) -> Term:
        """'an army' on land, 'a navy' at sea."""
        return KIND_TERMS["army" if space in self.board.land else "navy"]

    def basic_in_deck(self, n: int) -> list[str]:
        """The basic card types present in ``n``'s deck (for Reallocate Resources)."""
        present = set(map(CARD_TYPE.__getitem__, self.decks[n]))
        return list(filter(present.__contains__, BASIC_TYPES))  # (no comprehension call)
