"""The Megalomania game state: rounds, mission setup steps, tricks with powers, scoring.

Seats are 0-based and clockwise: play passes to ``seat + 1`` (the left neighbour); the right
neighbour is ``seat - 1``. A round: the dealer rotates left, the dominant colour changes, the lead
player (left of the dealer) reveals a mission, players take resources (before the deal, or after
it on missions that say so), the mission's setup steps run in seat order from the lead player,
then the tricks; the round is scored and the next one begins.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from gamelib.core.history import history_of
from gamelib.core.log import LogEntry, Term
from gamelib.core.log_prefix import LogPrefix
from gamelib.core.messages import CORE
from gamelib.core.state import Outcome, State
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
    action_label,
    parse_action_text,
)
from gamelib.megalomania.cards import COLOURS, DECK, Card, Colour, Rank, sort_cards
from gamelib.megalomania.missions import MISSIONS, Deal, Mission, mission
from gamelib.megalomania.powers import (
    _FULL,
    _POWERED,
    Play,
    TrickContext,
    TrickTracker,
    _legal_plays,
    empty_tracker,
    follow_cards,
    resolve_plays,
    trick_status,
)
from gamelib.megalomania.scoring import (
    END_SCROLL_BONUS,
    mission_scores,
    partner,
    pooled,
    team_winners,
    winners,
)
from gamelib.megalomania.view import RECONSTRUCTION_NOTE, MegalomaniaView

if TYPE_CHECKING:
    from gamelib.core.rng import Rng
    from gamelib.core.state import Game

__all__ = ["SCROLL_DECK", "MegalomaniaState"]

SCROLL_DECK: tuple[ScrollKind, ...] = (ScrollKind.CRYSTAL,) * 8 + (ScrollKind.CUBE,) * 8
"""The scroll deck (reconstructed): 8 crystal scrolls and 8 cube scrolls."""

SCROLL_BONUS = 2  # resources a scroll adds

_NAMES = tuple(Term(f"Player {s + 1}", f"プレイヤー{s + 1}") for s in range(4))

# What ``clone`` copies at once (written out there): the lists every card play changes,
# ``hands`` (one level only: clones share the hands) and ``trick``. ``captured``, ``crystals``
# and ``cubes`` (changed by a trick's end, a power, a cube or a resource choice) are shared too.
# A state whose ``_scratch.shared`` is set (a clone may share them) replaces a hand, or one of
# those three whole, with the change; one that owns them (never cloned, or thawed since, see
# ``_thaw``) changes them in place. ``round_plays`` and ``last_trick`` are always replaced.
# What ``clone`` shares until the first write (copy on write, see ``_thaw``): lists of per-seat
# lists and flat lists that only the set-up steps, rare plays and the end of a round change.
_COLD_SEAT_LISTS = (
    "revealed", "covered", "draw_piles", "own_aside", "piles", "passing", "orders", "scrolls",
)
# What ``_collect`` empties at the end of a round (scrolls are kept).
_ROUND_SEAT_LISTS = (
    "hands", "captured", "covered", "draw_piles", "own_aside", "revealed", "orders", "piles",
    "passing",
)
_COLD_LISTS = (
    "queue", "deck", "set_aside", "scroll_deck", "round_missions", "round_scores", "scores",
    "negatives", "mission_deck",
)
assert set(_COLD_SEAT_LISTS) - set(_ROUND_SEAT_LISTS) == {"scrolls"}  # see _thaw_kept


_CRYSTAL, _CUBE = ScrollKind.CRYSTAL, ScrollKind.CUBE
_NO_SCROLL = (False, False)  # held per kind, in ScrollKind order
assert tuple(ScrollKind) == (_CRYSTAL, _CUBE)

_RESOURCE_CHOICES: dict[tuple[int, tuple[bool, ...]], tuple[ChooseResources, ...]] = {}


def _resource_choices(total: int, held: tuple[bool, ...]) -> tuple[ChooseResources, ...]:
    """The resource choices, most crystals first: without a scroll, then with each scroll kind
    ``held`` (per :class:`ScrollKind`, in its order). Made once per case."""
    found = _RESOURCE_CHOICES.get((total, held))
    if found is None:
        base = [ChooseResources(k, total - k) for k in range(total, -1, -1)]
        out = list(base)
        for kind, has in zip(ScrollKind, held, strict=True):
            if has:
                out.extend(ChooseResources(a.crystals, a.cubes, kind) for a in base)
        found = _RESOURCE_CHOICES[(total, held)] = tuple(out)
    return found


def _without(lists: list[list[Card]], seat: int, card: Card) -> list[list[Card]]:
    """``lists`` with ``card`` taken from the list of ``seat``: new outer and inner lists."""
    out = list(lists)
    out[seat] = [c for c in lists[seat] if c is not card]
    return out


# Each card's action in the set-up steps and after an Explorer, and each seat's ChooseLeader,
# looked up (an interned action's constructor is two Python calls).
_ORDER_OF = {c: OrderCard(c) for c in DECK}
_PILE_OF = {c: PileCard(c) for c in DECK}
_PASS_OF = {c: PassCard(c) for c in DECK}
_RETURN_OF = {c: ReturnCard(c) for c in DECK}
_LEADERS = tuple(ChooseLeader(s) for s in range(4))

_POWER_LOG = {  # the log line of a power that only changes how the trick is played
    Rank.EMPEROR: "p_emperor", Rank.KNIGHT: "p_knight", Rank.WIZARD: "p_wizard",
    Rank.DWARF: "p_dwarf", Rank.ASSASSIN: "p_assassin",
}
_SEAT_ORDERS = {  # players -> dealer -> the seats from the dealer's left on
    n: tuple(tuple((d + 1 + i) % n for i in range(n)) for d in range(n)) for n in range(2, 5)
}
_card_of = attrgetter("card")
# Every card play's Play record per seat, made once at import (Play.of interns them): a play
# looks its record up by the action alone (no (seat, action) key per step, no record made in a
# game's first plays).
_PLAY_TABLES: list[Any] = [*_FULL.values(), _POWERED]
_SEAT_PLAYS: tuple[dict[PlayCard, Play], ...] = tuple(
    {a: Play.of(s, a) for table in _PLAY_TABLES for plays in table.values() for a in plays}
    for s in range(4)
)
# The log line of each card play, per seat, keyed by the action (a cube play: the action and the
# cube step), made at its first play and shared by every game after (entries are immutable; every
# Megalomania game writes to the one catalog of its class).
_PLAY_ENTRIES: tuple[dict[Any, LogEntry], ...] = ({}, {}, {}, {})
_LAST_TRICK = {m.number: m.tricks - 1 for m in MISSIONS}  # the last trick's trick_no
_ORDERED = frozenset(m.number for m in MISSIONS if m.deal is Deal.ORDER)  # a fixed play order


class TrickReason:
    """Why a trick was won, rendered only when a log line is read (a lazy log parameter)."""

    __slots__ = ("cube_step", "dominant", "trick", "winner_play")

    def __init__(self, trick: tuple[Play, ...], dominant: Colour, cube_step: int,
                 winner_play: Play) -> None:
        self.trick, self.dominant, self.cube_step = trick, dominant, cube_step
        self.winner_play = winner_play

    def __reduce__(self) -> tuple[Any, ...]:
        return (TrickReason, (self.trick, self.dominant, self.cube_step, self.winner_play))

    def text(self, lang: str) -> str:
        """The reason in ``lang``."""
        return self.term().text(lang)

    def term(self) -> Term:
        """The reason in both languages."""
        winner_play = self.winner_play
        resolved = resolve_plays(self.trick, self.dominant, TrickContext(self.cube_step))
        reverse = any(r.power_active and r.play.card.rank is Rank.DWARF for r in resolved)
        win = next(r for r in resolved if r.play == winner_play)
        word = ("lowest", "一番小さい") if reverse else ("highest", "一番大きい")
        if win.dominant_counts:
            en = f"the {word[0]} dominant ({self.dominant.value}) card"
            ja = f"ドミナントカラー({self.dominant.term.ja})の{word[1]}カード"
        else:
            status = trick_status(self.trick, self.dominant)
            lead = status.lead_colour
            assert lead is not None
            en = f"the {word[0]} card of the lead colour {lead.value}"
            ja = f"リードカラー{lead.term.ja}の{word[1]}カード"
            if any(r.colour is self.dominant for r in resolved):
                en += " (the Knight took the dominant cards' advantage)"
                ja += "(騎士によりドミナントカラーは無効)"
        if sum(1 for r in resolved if r.value == win.value and
               (r.dominant_counts == win.dominant_counts)) > 1:
            en += ", earlier on equal value"
            ja += "、同値は先に出したカードが上位"
        return Term(en, ja)


class _Scratch(list):  # type: ignore[type-arg]
    """Values derived from a state and cached with it (issue 12): its legal actions (computed
    once, dropped by ``_apply``) and the trick in progress folded play by play (a
    :class:`TrickTracker`: status, winner and "would this play win" in constant time, made again
    from ``trick`` when it does not match). The legal actions are immutable, so a clone starts
    with the same; a state's own tracker (``owned``, folded in place) is handed to its clone,
    the original making its own again if it needs one (``clone``), so no two states share one
    that changes.

    A cache is not content: to :func:`~gamelib.core.state.fingerprint`, ``digest`` and pickle
    this is an empty sequence, so a state compares the same whatever it has cached, and asking a
    state for its legal actions does not count as changing it. (An empty list with slots, not a
    tuple with a ``__dict__``: its fields are read at every step, and slots are read fastest.)
    """

    __slots__ = ("bans", "legal", "rng_shared", "seen_shared", "shared", "tallies", "track")

    legal: list[Action] | None  # never changed once made (legal_actions hands out copies)
    track: TrickTracker | None
    tallies: dict[int, Any] | None  # the bot's SeatTally per seat (bots.tally_from_state)
    shared: bool  # the cold lists are shared with a clone: copy them before a write
    seen_shared: bool  # the sets of seen cards are shared with a clone (see ``_own_seen``)
    rng_shared: bool  # the generator is shared with a clone (see ``_own_rng``)
    # search.sample_world's hidden-card bans, keyed by (round, trick number, cards in the trick)
    bans: tuple[tuple[int, int, int], list[frozenset[Card]]] | None

    def __new__(cls, legal: list[Action] | None = None,
                track: TrickTracker | None = None, shared: bool = False) -> _Scratch:
        new = list.__new__(cls)
        new.legal, new.track, new.tallies, new.shared = legal, track, None, shared
        new.seen_shared = new.rng_shared = shared
        new.bans = None
        return new

    def __init__(self, *args: Any) -> None:
        """Nothing to do: :meth:`__new__` set the fields (``list.__init__`` would take them)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Scratch, ())


_new_scratch = list.__new__
_new_entry = LogEntry.__new__
_new_prefix: Any = LogPrefix.__new__
_new_reason = TrickReason.__new__


class MegalomaniaState(State[Action]):
    """One moment of a Megalomania game."""

    #: The seat to act, or ``None`` once the game is over: a field kept as the game moves
    #: (:meth:`_turn` finds it from the phase), read at every step.
    current_player: int | None = None

    def __init__(self, game: Game[Any], seed: int, rng: Rng) -> None:
        super().__init__(game, seed, rng)
        o: Any = game.options
        n = self.n = int(o.players)
        self.rounds: int = 8 if o.length == "short" else 12
        self.cube_step: int = int(o.cube_step)
        self.wizard_choice: bool = o.wizard_fallback == "colour"
        self.round = 0
        self.dealer = (n - 2) % n  # _start_round moves it left: round 1 is dealt by the last seat
        self.dominant: Colour | None = None
        self.dominant_start = self.rng.randint(0, len(COLOURS) - 1)
        self.mission_no: int | None = None
        self.phase = "resources"
        self.queue: list[int] = []
        self.dealt = False
        self.deck: list[Card] = list(DECK)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.revealed: list[list[Card]] = [[] for _ in range(n)]
        self.covered: list[list[tuple[Card, Card]]] = [[] for _ in range(n)]
        self.draw_piles: list[list[Card]] = [[] for _ in range(n)]
        self.set_aside: list[Card] = []
        self.own_aside: list[list[Card]] = [[] for _ in range(n)]
        self.piles: list[list[Card]] = [[] for _ in range(n)]
        self.passing: list[list[Card]] = [[] for _ in range(n)]
        self.orders: list[list[Card]] = [[] for _ in range(n)]
        self.seen: list[set[Card]] = [set() for _ in range(n)]
        self.captured: list[list[list[Card]]] = [[] for _ in range(n)]
        self.trick: list[Play] = []
        self.trick_no = 0
        self.leader = 0
        self.next_leader: int | None = None
        self.last_trick: list[Play] = []
        self.round_plays: list[tuple[Play, ...]] = []
        self.last_winner: int | None = None
        self.explorer: tuple[int, int, int, Card] | None = None  # owner, trick, index, card
        self.crystals = [0] * n
        self.cubes = [0] * n
        self.scroll_deck: list[ScrollKind] = []
        self.scrolls: list[list[ScrollKind]] = [[] for _ in range(n)]
        self.round_missions: list[int] = []
        self.round_scores: list[tuple[int, ...]] = []
        self.scores = [0] * n
        self.negatives = [0] * n
        self.final: Outcome | None = None
        self._scratch = _Scratch()
        missions = [m.number for m in MISSIONS]
        if o.pair_missions == "never":
            missions = [m for m in missions if not mission(m).pairs]
        self.rng.shuffle(missions)
        first = int(o.first_mission)
        if first:
            missions.remove(first)
            missions.append(first)
        self.mission_deck = missions
        if o.scroll_rule != "off":
            self.scroll_deck = list(SCROLL_DECK)
            self.rng.shuffle(self.scroll_deck)
            for s in range(n):
                self._draw_scroll(s)
        self._start_round()
        self.current_player = self._turn()

    def clone(self) -> MegalomaniaState:
        """A hand-written copy of what every card play mutates: the list of hands (one level)
        and the trick; the log list is handed to the twin, this state keeping a view of it
        (:meth:`State.share_log`). The hands, the captured tricks and the counters (see the
        note above ``_COLD_SEAT_LISTS``), the sets of seen cards (changed at a trick's end) and
        the generator (used by deals and the Explorer) are shared until either state writes
        (:meth:`_own_seen`, :meth:`_own_rng`), as are the lists only set-up steps and the end
        of a round change (:meth:`_thaw`). Cards, plays, actions and log entries are immutable
        and shared; so is the game."""
        new = object.__new__(MegalomaniaState)
        d = new.__dict__ = self.__dict__.copy()
        # (``x.copy()``, a third of ``list(x)``'s cost in CPython 3.11; one line per list)
        history = self._history  # (share_log inlined) the twin takes the history list and the
        if type(history) is list:  # log list, this state keeps a view of each
            self._history = history_of(history)
        log = self.log
        if self._log_shared or type(log) is not list:
            self._log_shared = d["_log_shared"] = True
        else:
            prefix = self.log = _new_prefix(LogPrefix)
            prefix._items, prefix._n = log, len(log)
            self._log_shared = True
        d["hands"] = self.hands.copy()
        d["trick"] = self.trick.copy()
        scratch = self._scratch
        scratch.shared = scratch.seen_shared = scratch.rng_shared = True
        new_scratch = d["_scratch"] = _new_scratch(_Scratch)
        new_scratch.legal, new_scratch.track, new_scratch.bans = (
            scratch.legal, scratch.track, scratch.bans)
        scratch.track = None  # handed to the twin (which plays on, as play() does): no sharing
        new_scratch.tallies = None
        new_scratch.shared = new_scratch.seen_shared = new_scratch.rng_shared = True
        return new

    def _thaw(self) -> None:
        """Own the cold lists before changing one (they may be shared with a clone), and the
        hands, ``captured``, ``crystals`` and ``cubes`` (see ``clone``)."""
        scratch = self._scratch
        if scratch.shared:
            d = self.__dict__
            for name in _COLD_SEAT_LISTS:
                d[name] = [x.copy() for x in d[name]]
            for name in _COLD_LISTS:
                d[name] = d[name].copy()
            self.hands = [x.copy() for x in self.hands]
            self.captured = self.captured.copy()
            self.crystals, self.cubes = self.crystals.copy(), self.cubes.copy()
            scratch.shared = False
        self._own_seen()

    def _thaw_kept(self) -> None:
        """:meth:`_thaw` at a round's end: own only the cold lists the next round keeps
        (``scrolls`` and the flat ones); :meth:`_collect` makes the others, ``seen``, the hands,
        ``captured``, ``crystals`` and ``cubes`` anew, and nothing changes them before it."""
        scratch = self._scratch
        if scratch.shared:
            self.scrolls = [x.copy() for x in self.scrolls]
            d = self.__dict__
            for name in _COLD_LISTS:
                d[name] = d[name].copy()
            scratch.shared = False

    def _own_rng(self) -> Rng:
        """The generator, copied first if a clone shares it: every draw goes through here."""
        scratch = self._scratch
        if scratch.rng_shared:
            self.rng = self.rng.copy()
            scratch.rng_shared = False
        return self.rng

    def _own_seen(self) -> list[set[Card]]:
        """The sets of seen cards, copied first if a clone shares them: every write to ``seen``
        goes through here (or replaces the list and its sets)."""
        scratch = self._scratch
        if scratch.seen_shared:
            self.seen = [x.copy() for x in self.seen]
            scratch.seen_shared = False
        return self.seen

    def sample_world(self, player: int, rng: Rng | int) -> MegalomaniaState:
        """What ``player`` cannot see dealt anew (:func:`gamelib.megalomania.search.sample_world`:
        others' unknown hand cards, face-down and set-aside cards, passed cards, others' orders
        and piles, the mission and scroll decks, the chance events to come)."""
        from gamelib.megalomania.search import sample_world

        return sample_world(self, player, rng)

    @classmethod
    def position(
        cls,
        game: Game[Any],
        *,
        hands: Sequence[Sequence[Card]],
        mission_no: int = 1,
        dominant: Colour = Colour.BLUE,
        leader: int = 0,
        trick: Sequence[Play] = (),
        captured: Sequence[Sequence[Sequence[Card]]] | None = None,
        crystals: Sequence[int] | None = None,
        cubes: Sequence[int] | None = None,
        seed: int = 0,
    ) -> MegalomaniaState:
        """A state in the card-play phase of round 1 set up by hand (tests, notebooks, odds).

        Cards not placed are set aside face down. The trick number is inferred from the hand
        sizes (``mission.tricks`` minus the largest hand), so the round ends when hands run out.
        """
        st = game.new_state(seed)
        assert isinstance(st, cls)
        n = st.n
        st.log = []
        st.mission_no, st.dominant, st.phase, st.queue, st.dealt = (
            mission_no, dominant, "play", [], True,
        )
        st.dealer = (leader - 1) % n if not trick else (trick[0].seat - 1) % n
        st.leader = leader if not trick else trick[0].seat
        st.hands = [sort_cards(list(h)) for h in hands]
        st.captured = [[list(t) for t in c] for c in (captured or [[] for _ in range(n)])]
        st.trick = list(trick)
        st.round_plays = []
        st.crystals = list(crystals) if crystals is not None else [0] * n
        st.cubes = list(cubes) if cubes is not None else [0] * n
        for s in range(n):
            st.seen[s] = set(st.hands[s])
            st.revealed[s], st.covered[s], st.draw_piles[s] = [], [], []
            st.orders[s], st.piles[s], st.passing[s], st.own_aside[s] = [], [], [], []
        placed = {c for h in st.hands for c in h} | {p.card for p in st.trick}
        placed |= {c for seat in st.captured for t in seat for c in t}
        st._public([p.card for p in st.trick] + [c for x in st.captured for t in x for c in t])
        st.set_aside = [c for c in DECK if c not in placed]
        st.deck = []
        st.trick_no = mission(mission_no).tricks - max(len(h) for h in st.hands)
        st.current_player = st._turn()
        return st

    # -- helpers -------------------------------------------------------------------------
    @property
    def m(self) -> Mission:
        """The mission of the round."""
        assert self.mission_no is not None
        return MISSIONS[self.mission_no - 1]

    def _log(self, key: str, player: int | None, kind: str, params: dict[str, Any],
             visible_to: set[int] | None = None) -> None:
        """:meth:`add_log` with its arguments in order and the parameters as a dict (the log
        lines of every step: a call with ``**params`` costs about four plain ones)."""
        if self.quiet:
            return
        log = self.log
        if self._log_shared:  # (_writable_log inlined)
            log = self.log = log[:]
            self._log_shared = False
        entry = _new_entry(LogEntry)  # (Catalog.entry_from inlined: every key is in MESSAGES)
        entry.key, entry.params, entry.player, entry.kind = key, params, player, kind
        entry._en = entry._ja = None
        entry.visible_to = None if visible_to is None else frozenset(visible_to)
        entry.catalog = self.game.messages
        log.append(entry)

    def _draw_scroll(self, seat: int) -> None:
        if not self.scroll_deck:
            return
        kind = self.scroll_deck.pop()
        self.scrolls[seat].append(kind)
        if self.round:
            self.add_log("scroll_gain", player=seat, who=_NAMES[seat], scroll=kind.term)

    def _seat_order(self) -> list[int]:
        """The seats from the dealer's left neighbour on (a new list; a table, no comprehension
        per call)."""
        return list(_SEAT_ORDERS[self.n][self.dealer])

    def _start_round(self) -> None:
        o: Any = self.game.options
        self.round += 1
        self.dealer = (self.dealer + 1) % self.n
        if o.dominant_rule == "rotate":
            self.dominant = COLOURS[(self.dominant_start + self.round - 1) % len(COLOURS)]
        else:
            choices = [c for c in COLOURS if c is not self.dominant]
            self.dominant = self._own_rng().choice(choices)
        self.leader = (self.dealer + 1) % self.n
        self._log("round_start", None, "phase", {
            "round": self.round, "rounds": self.rounds, "dealer": _NAMES[self.dealer],
            "colour": self.dominant.term,
        })
        while True:
            number = self.mission_deck.pop()
            if mission(number).pairs and self.n != 4:
                self.add_log("mission_redraw", mission=mission(number).title)
                continue
            if number == 8 and self.n == 2 and o.small_tables == "scaled":
                self.add_log("mission_redraw_8", mission=mission(number).title)
                continue
            break
        self.mission_no = number
        m = self.m
        if not self.quiet:
            self._log("mission", self.leader, "event", {
                "who": _NAMES[self.leader], "mission": m.title, "score": m.score_text(),
                "task": m.task,
            })
        self.trick_no = 0
        self.trick = []
        self.last_trick = []
        self.round_plays = []
        self.last_winner = None
        self.next_leader = None
        self.dealt = False
        if m.resources_after_deal:
            self._deal()
        self.phase = "resources"
        self.queue = self._seat_order()

    def _deal(self) -> None:
        m = self.m
        self._own_rng().shuffle(self.deck)
        deck = self.deck
        k = m.cards
        for s in self._seat_order():
            cards = deck[-k:][::-1]  # k cards popped from the end, in the order popped
            del deck[-k:]
            if m.deal is Deal.COVERED:
                tops, unders = cards[:4], cards[4:]
                self.covered[s] = list(zip(tops, unders, strict=True))
                self.hands[s] = sort_cards(tops)
                self.revealed[s] = sort_cards(tops)
            elif m.deal is Deal.DRAW_4:
                self.hands[s] = sort_cards(cards[:4])
                self.draw_piles[s] = cards[4:]
            else:
                self.hands[s] = sort_cards(cards)
                if m.deal is Deal.FACE_UP_3:
                    self.revealed[s] = sort_cards(cards[:3])
            self._own_seen()[s].update(self.hands[s])
        self.set_aside = list(deck)
        self.deck = []
        self.dealt = True
        if self.quiet:  # nothing to log
            return
        self._log("deal", None, "event", {"cards": m.cards, "aside": len(self.set_aside)})
        for s in range(self.n):
            self._log("your_hand", s, "event", {"cards": [c._term for c in self.hands[s]]}, {s})
            if self.revealed[s]:
                self._log("revealed", s, "event", {
                    "who": _NAMES[s], "cards": [c._term for c in self.revealed[s]],
                })

    def _public(self, cards: Sequence[Card]) -> None:
        """Every seat has seen ``cards`` (a shared set is replaced, not changed)."""
        scratch = self._scratch
        if scratch.seen_shared:
            self.seen = [x.union(cards) for x in self.seen]
            scratch.seen_shared = False
        else:
            for x in self.seen:
                x.update(cards)

    # -- contract ------------------------------------------------------------------------
    def _turn(self) -> int | None:
        """The seat to act, or ``None`` once the game is over, found from the phase (what
        ``current_player`` holds: set by ``__init__``, :meth:`_apply`, the card play and code
        that builds a state by hand)."""
        phase = self.phase
        if phase == "play":  # by far the most common
            return (self.leader + len(self.trick)) % self.n
        if self.final is not None:
            return None
        if phase in ("resources", "order", "split", "pass"):
            return self.queue[0]
        if self.phase == "choose_pile":
            return (self.queue[0] + 1) % self.n
        if self.phase in ("explorer", "peasant"):
            return self.trick[-1].seat
        return (self.leader + len(self.trick)) % self.n

    def is_terminal(self) -> bool:
        """Whether the game is over (the outcome is stored when the last round is scored)."""
        return self.final is not None

    def _is_legal(self, action: Action) -> bool:
        """Whether ``action`` is one of the cached legal actions (actions are interned: the
        tuple's ``in`` compares by identity, in C)."""
        legal = self._scratch.legal
        if legal is None:
            self.legal_actions()
            legal = self._scratch.legal
        return action in legal  # type: ignore[operator]

    def apply_in_place(self, action: Action) -> None:
        """The fast path (:meth:`State.apply_in_place`), with the action's stored text."""
        if type(action) is PlayCard and self.phase == "play":  # the common step, at once
            self._scratch.legal = None
            self._apply_play(self.current_player, action)  # type: ignore[arg-type]
        else:
            self._apply(action)
        try:  # (this state's own list: grown in place, as the core's apply_in_place does)
            self._history.append(action._text)  # type: ignore[union-attr]
        except AttributeError:  # a History of a list handed to a twin: a list of its own now
            self._history = [*self._history, action._text]  # type: ignore[union-attr]

    def legal_actions(self) -> list[Action]:
        """Legal actions in a fixed order (see the module docstrings of actions and powers)."""
        scratch = self._scratch
        legal = scratch.legal
        if legal is not None:  # a list kept unchanged: callers get copies
            return legal.copy()
        if self.phase != "play":
            legal = scratch.legal = self._legal_actions()
            return legal.copy()
        # (_play_actions inlined: the common step)
        trick = self.trick
        seat: int = self.current_player  # type: ignore[assignment]
        hand = self.hands[seat]
        dominant = self.dominant
        number = self.mission_no
        track = scratch.track
        if track is None or track.count != len(trick) or track.dominant is not dominant:
            track = self._tracker()
        trick_no = self.trick_no
        plays: list[Any] = _legal_plays(
            hand, trick, dominant, self.n, self.crystals[seat], self.cubes[seat],  # type: ignore[arg-type]
            trick_no > 0 and (len(hand) > 1 or bool(self.draw_piles[seat])),  # can_explore
            trick_no == _LAST_TRICK[number],  # type: ignore[index]  # last_trick
            self.orders[seat][0] if number in _ORDERED else None,  # fixed_next
            self.wizard_choice, track,
        )
        scratch.legal = plays
        return plays.copy()

    def _tracker(self) -> TrickTracker:
        """The trick in progress folded (:class:`TrickTracker`), made again if stale."""
        scratch = self._scratch
        track = scratch.track
        if track is None or track.count != len(self.trick) or track.dominant is not self.dominant:
            assert self.dominant is not None
            track = scratch.track = TrickTracker.of(self.trick, self.dominant, self.cube_step)
            track.owned = True
        return track

    def _legal_actions(self) -> list[Action]:
        if self.final is not None:
            return []
        seat = self.current_player
        assert seat is not None
        if self.phase == "resources":
            total = int(self.game.options.resources)  # type: ignore[attr-defined]
            scrolls = self.scrolls[seat]
            held = (_CRYSTAL in scrolls, _CUBE in scrolls) if scrolls else _NO_SCROLL
            return list(_resource_choices(total, held))
        if self.phase == "order":
            return [_ORDER_OF[c] for c in self.hands[seat] if c not in self.orders[seat]]
        if self.phase == "split":
            return [_PILE_OF[c] for c in self.hands[seat] if c not in self.piles[seat]]
        if self.phase == "choose_pile":
            return [ChoosePile(1), ChoosePile(2)]
        if self.phase == "pass":
            return [_PASS_OF[c] for c in self.hands[seat]]
        if self.phase == "explorer":
            assert self.explorer is not None
            found = self.explorer[3]
            return [_RETURN_OF[c] for c in self.hands[seat] if c != found]
        if self.phase == "peasant":
            return list(_LEADERS[: self.n])
        return self._play_actions(seat)  # type: ignore[return-value]

    def _explore_pool(self) -> list[tuple[int, int, int]]:
        return [
            (s, t, i)
            for s in range(self.n)
            for t, trick in enumerate(self.captured[s])
            for i in range(len(trick))
        ]

    def _play_actions(self, seat: int) -> list[PlayCard]:
        hand = self.hands[seat]
        dominant = self.dominant
        number = self.mission_no
        assert dominant is not None and number is not None
        trick = self.trick
        track = self._scratch.track
        if track is None or track.count != len(trick) or track.dominant is not dominant:
            track = self._tracker()
        trick_no = self.trick_no
        return _legal_plays(  # legal_plays(), every argument given in order
            hand,
            trick,
            dominant,
            self.n,  # players
            self.crystals[seat],
            self.cubes[seat],
            trick_no > 0 and (len(hand) > 1 or bool(self.draw_piles[seat])),  # can_explore
            trick_no == _LAST_TRICK[number],  # last_trick
            self.orders[seat][0] if number in _ORDERED else None,  # fixed_next
            self.wizard_choice,
            track,  # status: a tracker has the fields of a TrickStatus
        )

    def _term(self, action: Action) -> Term:
        return Term(str(action), action_label(action, "ja"))

    def _legal_shown(self) -> Term:
        legal = self.legal_actions()
        more = " …" if len(legal) > 12 else ""
        return Term(
            ", ".join(str(a) for a in legal[:12]) + more,
            "、".join(action_label(a, "ja") for a in legal[:12]) + more,
        )

    def why_illegal_text(self, text: str) -> Term:
        """Explain, in the player's terms and both languages, why ``text`` is refused."""
        msg = self.game.messages
        action = parse_action_text(text)
        if action is None:
            return msg.term("r_unknown", text=text[:80], shown=self._legal_shown())
        return msg.term("r_legal_now", reason=self.why_illegal(action), shown=self._legal_shown())

    def why_illegal(self, action: Action) -> Term:
        """Why ``action`` is not legal now, in the player's terms (both languages)."""
        msg = self.game.messages
        seat = self.current_player
        act = self._term(action)
        if seat is None:
            return CORE.term("game_over", action=act)
        who = _NAMES[seat]
        if isinstance(action, PlayCard) and self.phase == "play":
            hand = self.hands[seat]
            card = action.card
            if card not in hand:
                return msg.term("r_not_held", action=act, who=who, card=card.term)
            if self.m.deal is Deal.ORDER and card != self.orders[seat][0]:
                return msg.term("r_order", action=act, card=self.orders[seat][0].term)
            assert self.dominant is not None
            allowed = follow_cards(
                hand, self.trick, self.dominant, wizard_choice=self.wizard_choice
            )
            status = trick_status(self.trick, self.dominant)
            if card not in allowed and not (card.rank is Rank.ASSASSIN and action.power):
                lead = status.lead_colour
                if status.wizard_seat is not None:
                    return msg.term("r_wizard", action=act, cards=[c.term for c in allowed])
                if lead is not None and any(c.colour is lead for c in hand):
                    return msg.term("r_follow", action=act, colour=lead.term)
                assert lead is not None
                return msg.term("r_dominant", action=act, lead=lead.term,
                                colour=self.dominant.term)
            if (action.power or action.cube) and status.powers_blocked:
                return msg.term("r_emperor", action=act)
            if action.power and self.crystals[seat] == 0:
                return msg.term("r_no_crystal", action=act, who=who)
            if action.cube and self.cubes[seat] == 0:
                return msg.term("r_no_cube", action=act, who=who)
            if action.power:
                return msg.term("r_power", action=act)
        owner = _NAMES[(seat - 1) % self.n]
        expected = msg.term(f"x_{self.phase}", owner=owner)
        return msg.term("r_phase", action=act, who=who, expected=expected)

    def _apply(self, action: Action) -> None:
        self._act(action)
        self.current_player = self._turn()

    def _act(self, action: Action) -> None:
        self._scratch.legal = None
        kind = type(action)
        if kind is PlayCard and self.phase == "play":  # by far the most common step
            self._apply_play(self.current_player, action)  # type: ignore[arg-type]
            return
        seat = self.current_player
        assert seat is not None
        if kind is ReturnCard:  # the lists it changes are replaced, not changed: no _thaw
            self._apply_return(seat, action)  # type: ignore[arg-type]
            return
        if kind is ChooseLeader:  # changes no shared list (_finish_round thaws itself)
            self.next_leader = action.seat  # type: ignore[union-attr]
            self._log("leader_chosen", seat, "action", {
                "who": _NAMES[seat], "leader": _NAMES[action.seat],  # type: ignore[union-attr]
            })
            self.phase = "play"
            self._after_play()
            return
        # These three replace the cold lists they change and thaw only before the deal
        if kind is ChooseResources:
            self._apply_resources(seat, action)  # type: ignore[arg-type]
            return
        if kind is OrderCard:
            self._apply_order(seat, action)  # type: ignore[arg-type]
            return
        if kind is PileCard:
            self._apply_pile(seat, action)  # type: ignore[arg-type]
            return
        if kind is PassCard:
            self._apply_pass(seat, action)  # type: ignore[arg-type]
            return
        self._thaw()
        if isinstance(action, ChoosePile):
            owner = self.queue.pop(0)
            pile1 = self.piles[owner]
            pile2 = [c for c in self.hands[owner] if c not in pile1]
            keep, drop = (pile1, pile2) if action.pile == 1 else (pile2, pile1)
            self.hands[owner] = sort_cards(keep)
            self.own_aside[owner] = sort_cards(drop)
            self.piles[owner] = []
            self.add_log("choose_pile", player=seat, who=_NAMES[seat], owner=_NAMES[owner],
                         pile=action.pile)
            if not self.queue:
                self._start_play()
        elif isinstance(action, PlayCard):
            self._apply_play(seat, action)
        else:  # pragma: no cover - play() only passes legal actions
            raise TypeError(f"not a Megalomania action: {action!r}")

    # -- setup steps ---------------------------------------------------------------------
    def _next_in_queue(self) -> None:
        """The first seat of the queue is done (the queue is replaced: see :meth:`_thaw`)."""
        self.queue = self.queue[1:]

    def _apply_resources(self, seat: int, action: ChooseResources) -> None:
        """Take the resources (``crystals`` and ``cubes`` are the state's own: see ``clone``;
        ``scrolls`` and ``queue`` are replaced); the cold lists are thawed only by the last
        seat, before the deal."""
        if self._scratch.shared:  # replaced, not changed: see clone
            crystals = self.crystals = self.crystals.copy()
            cubes = self.cubes = self.cubes.copy()
        else:
            crystals, cubes = self.crystals, self.cubes
        crystals[seat] = action.crystals
        cubes[seat] = action.cubes
        self._log("resources", seat, "action", {
            "who": _NAMES[seat], "crystals": action.crystals, "cubes": action.cubes,
        })
        if action.scroll is not None:
            held = self.scrolls[seat].copy()
            held.remove(action.scroll)
            scrolls = self.scrolls = self.scrolls.copy()  # replaced, not changed: see _thaw
            scrolls[seat] = held
            if action.scroll is ScrollKind.CRYSTAL:
                crystals[seat] += SCROLL_BONUS
            else:
                cubes[seat] += SCROLL_BONUS
            self.add_log("scroll_use", player=seat, who=_NAMES[seat], scroll=action.scroll.term,
                         effect=action.scroll.effect, kind="action")
        self._next_in_queue()
        if self.queue:
            return
        self._thaw()
        if not self.dealt:
            self._deal()
        deal = self.m.deal
        if deal is Deal.PAIRS and self.n == 4:
            self.hands = [self.hands[(s + 2) % 4] for s in range(4)]
            seen = self._own_seen()
            for s in range(4):
                seen[s].update(self.hands[s])
            self.add_log("exchange")
        if deal is Deal.ORDER:
            self.phase, self.queue = "order", self._seat_order()
        elif deal is Deal.SPLIT:
            self.phase, self.queue = "split", self._seat_order()
        elif deal is Deal.PASS_3:
            self.phase, self.queue = "pass", self._seat_order()
        else:
            self._start_play()

    def _apply_order(self, seat: int, action: OrderCard) -> None:
        """Mission 15: the next card of the seat's fixed order (the last card follows by
        itself). ``orders`` is replaced, not changed (no :meth:`_thaw`)."""
        hand = self.hands[seat]
        order = [*self.orders[seat], action.card]
        done = len(order) == len(hand) - 1
        if done:
            order += [c for c in hand if c not in order]
        orders = self.orders = self.orders.copy()
        orders[seat] = order
        if done:
            self.add_log("order_fixed", player=seat, who=_NAMES[seat])
            self.add_log("your_order", player=seat, visible_to={seat},
                         cards=[c.term for c in order])
            self._next_in_queue()
            if not self.queue:
                self._start_play()

    def _apply_pile(self, seat: int, action: PileCard) -> None:
        """Mission 24: a card into the seat's pile 1 (four make it). ``piles`` is replaced, not
        changed (no :meth:`_thaw`)."""
        piles = self.piles = self.piles.copy()
        pile = piles[seat] = [*piles[seat], action.card]
        if len(pile) == 4:
            self.add_log("split_done", player=seat, who=_NAMES[seat])
            self._next_in_queue()
            if not self.queue:
                self.phase = "choose_pile"
                self.queue = self._seat_order()

    def _apply_pass(self, seat: int, action: PassCard) -> None:
        """Set a card aside to pass; ``passing`` and ``queue`` are replaced, not changed (no
        :meth:`_thaw`: they may be shared with a clone)."""
        self.hands[seat] = [c for c in self.hands[seat] if c is not action.card]
        passing = self.passing = self.passing.copy()
        passing[seat] = [*passing[seat], action.card]
        if len(passing[seat]) == 3:
            self._next_in_queue()
            if not self.queue:
                self._finish_pass()

    def _finish_pass(self) -> None:
        passed = [list(p) for p in self.passing]
        for s in range(self.n):
            to = (s + 1) % self.n
            self.hands[to] = sort_cards(self.hands[to] + passed[s])
            self._own_seen()[to].update(passed[s])
            self.passing[s] = []
        self.add_log("pass_done")
        for s in range(self.n):
            frm = (s - 1) % self.n
            self.add_log("you_receive", player=s, visible_to={s},
                         cards=[c.term for c in passed[frm]])
        self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.queue = []
        self.trick_no = 0
        self.trick = []
        self.leader = (self.dealer + 1) % self.n

    # -- playing -------------------------------------------------------------------------
    def _take_from_hand(self, seat: int, card: Card) -> None:
        """Remove ``card`` from the hand, uncovering the card under it (mission 18)."""
        hand = self.hands[seat] = self.hands[seat].copy()  # shared with clones: replaced
        hand.remove(card)
        self._take_from_extras(seat, card)

    def _take_from_extras(self, seat: int, card: Card) -> None:
        """Remove a card just taken from the hand from where else it lies (face up, in the
        fixed order, on a covered card). The lists changed are replaced (they may be shared with
        a clone, see :meth:`_thaw`)."""
        if card in self.revealed[seat]:
            self.revealed = _without(self.revealed, seat, card)
        if card in self.orders[seat]:
            self.orders = _without(self.orders, seat, card)
        for i, (top, under) in enumerate(self.covered[seat]):
            if top == card:
                covered = self.covered = list(self.covered)
                covered[seat] = covered[seat][:i] + covered[seat][i + 1:]
                self.hands[seat] = sort_cards([*self.hands[seat], under])
                self._own_seen()[seat].add(under)
                self.add_log("uncover", player=seat, who=_NAMES[seat], card=card.term)
                self.add_log("uncovered", player=seat, visible_to={seat}, card=under.term)
                break

    def _apply_play(self, seat: int, action: PlayCard) -> None:
        assert self.dominant is not None
        card = action.card
        quiet = self.quiet
        trick = self.trick
        scratch = self._scratch
        track = scratch.track
        if track is None or track.count != len(trick) or track.dominant is not self.dominant:
            track = self._tracker()
        forced = not quiet and track.wizard_seat is not None  # only the log needs it
        if scratch.shared:  # shared with a clone: replaced (see clone)
            hand = self.hands[seat] = self.hands[seat].copy()
        else:
            hand = self.hands[seat]
        hand.remove(card)
        if self.revealed[seat] or self.orders[seat] or self.covered[seat]:
            self._take_from_extras(seat, card)
        if action.power:
            if scratch.shared:
                crystals = self.crystals = self.crystals.copy()
                crystals[seat] -= 1
            else:
                self.crystals[seat] -= 1
        if action.cube:
            if scratch.shared:
                cubes = self.cubes = self.cubes.copy()
                cubes[seat] -= 1
            else:
                self.cubes[seat] -= 1
        play = _SEAT_PLAYS[seat].get(action) or Play.of(seat, action)
        trick.append(play)
        if track.owned:  # no clone shares it: fold the play in place
            track.push(play)
        else:
            track = scratch.track = track.add(play)
            track.owned = True
        if not quiet:  # (_log inlined: the log line of most checked steps)
            log = self.log
            if self._log_shared:
                log = self.log = log[:]
                self._log_shared = False
            entries = _PLAY_ENTRIES[seat]  # made once per seat, play and cube step
            key: Any = (action, self.cube_step) if action.cube else action
            entry = entries.get(key)
            if entry is None:
                entry = entries[key] = self._play_entry(seat, action)
            log.append(entry)
        if forced and not (action.power and card.rank is Rank.ASSASSIN):
            self._log("forced", seat, "narration", {"who": _NAMES[seat]})
        if self.draw_piles[seat] and self.m.deal is Deal.DRAW_4:
            piles = self.draw_piles = list(self.draw_piles)  # replaced: see _thaw
            drawn = piles[seat][-1]
            piles[seat] = piles[seat][:-1]
            self.hands[seat] = sort_cards([*self.hands[seat], drawn])
            self._own_seen()[seat].add(drawn)
            self.add_log("draw", player=seat, who=_NAMES[seat])
            self.add_log("drawn", player=seat, visible_to={seat}, card=drawn.term)
        if action.power:
            self._fire_power(seat, action)
        if self.phase != "play":  # an Explorer or a Peasant: its player acts again
            self.current_player = seat
        elif len(trick) == self.n:
            self._finish_trick()
            self.current_player = self._turn()
        else:
            self.current_player = (seat + 1) % self.n

    def _play_entry(self, seat: int, action: PlayCard) -> LogEntry:
        """The log line of ``action`` played by ``seat`` (made once, then shared: see
        ``_PLAY_ENTRIES``)."""
        card = action.card  # (``card._term``: the ``term`` property's value, without its call)
        if action.cube:
            params = {"who": _NAMES[seat], "card": card._term,
                      "value": card.value + action.cube * self.cube_step}
            return self.game.messages.entry_from("play_cube", params, seat, None, "action")
        params = {"who": _NAMES[seat], "card": card._term}
        return self.game.messages.entry_from("play", params, seat, None, "action")

    def _fire_power(self, seat: int, action: PlayCard) -> None:
        card = action.card
        rank = card.rank
        key = _POWER_LOG.get(rank)
        if key is not None:
            self._log(key, None, "narration", {"card": card._term})
        elif rank is Rank.ORACLE:
            assert action.as_colour is not None
            self.add_log("p_oracle", card=card.term, colour=action.as_colour.term,
                         kind="narration")
        elif rank is Rank.PEASANT:
            self.add_log("p_peasant", card=card.term, player=seat, who=_NAMES[seat],
                         kind="narration")
            self.phase = "peasant"
        elif rank is Rank.EXPLORER:
            pool = self._explore_pool()
            owner, t, i = pool[self._own_rng().randint(0, len(pool) - 1)]
            found = self.captured[owner][t][i]
            self.explorer = (owner, t, i, found)
            self.hands[seat] = sort_cards([*self.hands[seat], found])
            self.add_log("p_explorer", card=card.term, player=seat, who=_NAMES[seat],
                         found=found.term, owner=_NAMES[owner], kind="narration")
            self.phase = "explorer"

    def _apply_return(self, seat: int, action: ReturnCard) -> None:
        assert self.explorer is not None
        owner, t, i, found = self.explorer
        card = action.card
        order_pos = self.orders[seat].index(card) if card in self.orders[seat] else None
        self._take_from_hand(seat, card)
        if order_pos is not None:
            self.orders[seat].insert(order_pos, found)
        trick = list(self.captured[owner][t])  # replaced, not changed: clones share tricks
        trick[i] = card
        captured = self.captured = self.captured.copy()  # the same for the seats' lists
        tricks = captured[owner] = list(captured[owner])
        tricks[t] = trick
        self._scratch.tallies = None
        self._public([card, found])
        self.explorer = None
        self.add_log("explorer_return", player=seat, who=_NAMES[seat], card=card.term,
                     owner=_NAMES[owner], kind="action")
        self.phase = "play"
        self._after_play()

    def _after_play(self) -> None:
        if len(self.trick) == self.n:
            self._finish_trick()

    def _finish_trick(self) -> None:
        assert self.dominant is not None
        trick = self.trick
        scratch = self._scratch
        track = scratch.track
        if track is None or track.count != len(trick) or track.dominant is not self.dominant:
            track = self._tracker()
        winner = track.winner
        assert winner is not None
        m = MISSIONS[self.mission_no - 1]  # type: ignore[operator]
        self.trick_no += 1
        if not self.quiet:
            for win_play in trick:  # (a loop, not next() of a generator)
                if win_play.seat == winner:
                    break
            reason = _new_reason(TrickReason)  # (its __init__ inlined)
            reason.trick, reason.dominant, reason.cube_step, reason.winner_play = (
                (*trick,), self.dominant, self.cube_step, win_play)
            self._log("trick_won", winner, "narration", {
                "who": _NAMES[winner], "number": self.trick_no, "card": win_play.card._term,
                "reason": reason,
            })
        cards = list(map(_card_of, trick))  # (no list comprehension's function per trick)
        captured = self.captured = (  # replaced if a clone may share it
            self.captured.copy() if scratch.shared else self.captured)
        captured[winner] = [*captured[winner], cards]
        self._public(cards)  # the trick's cards are seen by all from its end on
        scratch.tallies = None
        self.last_trick = trick  # the finished trick list is not changed again
        self.round_plays = [*self.round_plays, (*trick,)]  # replaced: clones share it
        self.last_winner = winner
        self.trick = []
        scratch.track = empty_tracker(self.dominant, self.cube_step)
        self.leader = self.next_leader if self.next_leader is not None else winner
        self.next_leader = None
        if self.trick_no >= m.tricks:
            self._finish_round()
            return
        if m.deal is Deal.PASS_HAND:
            self.hands = [self.hands[(s + 1) % self.n] for s in range(self.n)]
            seen = self._own_seen()
            for s in range(self.n):
                seen[s].update(self.hands[s])
            self.add_log("pass_hands")
        if self.leader != winner:
            self._log("next_leader", self.leader, "event", {"who": _NAMES[self.leader]})

    def _finish_round(self) -> None:
        self._thaw_kept()
        m = self.m
        scaled = self.game.options.mission7 == "scaled"  # type: ignore[attr-defined]
        pts = mission_scores(m, self.captured, self.n, scaled=scaled)
        self.round_missions.append(m.number)
        self.round_scores.append(pts)
        rule: str = self.game.options.scroll_rule  # type: ignore[attr-defined]
        for s in range(self.n):
            self.scores[s] += pts[s]
            if pts[s] < 0:
                self.negatives[s] -= pts[s]
            if not self.quiet:
                self._log("round_score", s, "narration", {
                    "who": _NAMES[s], "points": pts[s], "mission": m.title,
                    "total": self.scores[s],
                })
        if rule == "start_and_loss":
            for s in self._seat_order():
                if pts[s] < 0:
                    self._draw_scroll(s)
        self._collect()
        if self.round >= self.rounds:
            self._finish_game()
        else:
            self._start_round()

    def _collect(self) -> None:
        """Every card back into the deck, in deck order (all 32 are collected: the sorted cards
        are :data:`DECK`); every seat's lists emptied."""
        n = self.n
        for name in _ROUND_SEAT_LISTS:  # (sliced literals: no comprehension's function)
            setattr(self, name, [[], [], [], []][:n])
        seen: list[set[Card]] = [set(), set(), set(), set()]
        self.seen = seen[:n]
        self._scratch.seen_shared = False
        self.crystals, self.cubes = [0] * n, [0] * n
        self.set_aside = []
        self.deck = list(DECK)
        self._scratch.tallies = None

    def _finish_game(self) -> None:
        for s in range(self.n):
            if self.scrolls[s]:
                self.scores[s] += END_SCROLL_BONUS
                self.add_log("end_bonus", player=s, who=_NAMES[s], kind="narration")
        holds = [bool(x) for x in self.scrolls]
        teams: tuple[tuple[int, ...], ...] = self.game.teams  # type: ignore[attr-defined]
        paired = len(teams) < self.n
        if paired:
            win = team_winners(self.scores, self.negatives, holds, teams)
            final = pooled(self.scores, teams)
            negatives = pooled(self.negatives, teams)
        else:
            win = winners(self.scores, self.negatives, holds)
            final, negatives = list(self.scores), list(self.negatives)
        top = max(final)
        tied = {s for s in range(self.n) if final[s] == top}
        if len(tied) > (2 if paired else 1):
            by_neg = min(negatives[s] for s in tied)
            rule = (
                Term("fewer negative points", "マイナス点の少なさ")
                if any(negatives[s] != by_neg for s in tied)
                else Term("holding no unused scroll", "未使用のスクロールを持たないこと")
            )
            self.add_log("tie_break", rule=rule, kind="narration")
        self.phase = "over"
        self.final = Outcome(
            scores=tuple(float(x) for x in final),
            winners=win,
            reason="12 rounds played" if self.rounds == 12 else "8 rounds played (short game)",
        )
        self.add_log(
            "game_over", kind="phase",
            scores=", ".join(
                "+".join(f"P{s + 1}" for s in t) + f" {final[t[0]]}" for t in teams
            ),
            winners=[_NAMES[s] for s in win],
        )

    # -- views and checks ----------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The final scores and winners once the last round is scored."""
        return self.final

    def view(self, player: int | None) -> MegalomaniaView:
        """What ``player`` may see (``None``: the teacher)."""
        base = self.base_view_fields(player)
        n = self.n
        teacher = player is None

        def visible(s: int) -> tuple[Card, ...] | None:
            return tuple(self.hands[s]) if teacher or s == player else None

        def known(s: int) -> tuple[Card, ...]:
            if teacher or s == player:
                return tuple(self.hands[s])
            assert player is not None
            seen = self.seen[player]
            return tuple(c for c in self.hands[s] if c in seen or c in self.revealed[s])

        status = self._tracker().status() if self.dominant else None  # with the cube step
        paired = bool(self.mission_no and self.m.pairs) or len(self.game.teams) < n  # type: ignore[attr-defined]
        partners = tuple(partner(s, n) if paired else None for s in range(n))
        return MegalomaniaView(
            **base,
            reconstruction_note=RECONSTRUCTION_NOTE,
            round=self.round,
            rounds=self.rounds,
            dealer=self.dealer,
            dominant=self.dominant,
            mission=self.m if self.mission_no else None,
            phase=self.phase,
            trick_number=self.trick_no + 1 if self.phase != "over" else self.trick_no,
            tricks_in_round=self.m.tricks if self.mission_no else 0,
            leader=self.leader if self.phase in ("play", "explorer", "peasant") else None,
            trick=tuple(self.trick),
            lead_colour=status.lead_colour if status else None,
            trick_status=status if self.trick else None,
            last_trick=tuple(self.last_trick),
            last_trick_winner=self.last_winner,
            captured=tuple(tuple(tuple(t) for t in self.captured[s]) for s in range(n)),
            tricks_won=tuple(len(self.captured[s]) for s in range(n)),
            crystals=tuple(self.crystals),
            cubes=tuple(self.cubes),
            scrolls=tuple(tuple(x) for x in self.scrolls),
            scroll_deck=len(self.scroll_deck),
            round_missions=tuple(self.round_missions),
            round_scores=tuple(self.round_scores),
            scores=tuple(self.scores),
            negative_points=tuple(self.negatives),
            hand=tuple(self.hands[player]) if player is not None else (),
            hands=tuple(visible(s) for s in range(n)),
            hand_counts=tuple(len(h) for h in self.hands),
            revealed=tuple(tuple(r) for r in self.revealed),
            face_down_counts=tuple(
                len(self.covered[s]) + len(self.draw_piles[s]) for s in range(n)
            ),
            known_cards=tuple(known(s) for s in range(n)),
            play_order=tuple(self.orders[player]) if player is not None else (),
            pile=tuple(self.piles[player]) if player is not None else (),
            passing=tuple(self.passing[player]) if player is not None else (),
            set_aside_count=len(self.set_aside) + sum(len(a) for a in self.own_aside),
            own_set_aside=tuple(self.own_aside[player]) if player is not None else (),
            partners=partners,
            explorer_card=self.explorer[3] if self.explorer else None,
            next_leader=self.next_leader,
            explorer_pool=sum(len(t) for s in range(n) for t in self.captured[s]),
            cube_step=self.cube_step,
            wizard_choice=self.wizard_choice,
            teams=self.game.teams,  # type: ignore[attr-defined]
            round_tricks=tuple(self.round_plays),
            rule_options=self.game.rule_options,  # type: ignore[attr-defined]
        )

    def check_invariants(self) -> None:
        """Every one of the 32 cards is in exactly one place; resources are never negative."""
        places: list[Card] = [*self.deck, *self.set_aside, *(p.card for p in self.trick)]
        for s in range(self.n):
            places += self.hands[s] + self.draw_piles[s] + self.own_aside[s] + self.passing[s]
            places += [u for _, u in self.covered[s]]
            places += [c for t in self.captured[s] for c in t]
            assert set(self.revealed[s]) <= set(self.hands[s]), "revealed card not in hand"
            assert set(self.piles[s]) <= set(self.hands[s]), "pile card not in hand"
            assert all(top in self.hands[s] for top, _ in self.covered[s]), "top card not in hand"
            assert set(self.orders[s]) <= set(self.hands[s]), "ordered card not in hand"
            assert self.crystals[s] >= 0 and self.cubes[s] >= 0, "negative resources"
        if self.explorer is not None:
            places.remove(self.explorer[3])  # held in hand while its trick slot waits
        assert len(places) == len(DECK), f"{len(places)} cards found, not {len(DECK)}"
        assert set(places) == set(DECK), "a card is missing or doubled"
        if self.phase in ("play", "explorer", "peasant") and self.final is None:
            played = {p.seat for p in self.trick}
            left = [
                len(self.hands[s]) + len(self.draw_piles[s]) + len(self.covered[s])
                + (s in played) - (self.explorer is not None and s == self.trick[-1].seat)
                for s in range(self.n)
            ]
            want = self.m.tricks - self.trick_no
            assert all(x == want for x in left), f"hands out of step: {left}"
