"""Pure trick rules: who may play what, which powers take effect, and who wins a trick.

These functions take plain values (cards, :class:`Play` records) and never a state, so the odds
engine can enumerate the outcomes of a trick in progress with them::

    status = trick_status(plays, dominant)          # powers in effect, current winner
    for action in legal_plays(hand, plays, dominant, players=4, crystals=1, cubes=1):
        ...
    winner = trick_winner(plays, None, dominant)     # seat that takes the finished trick

Rules implemented (see ``docs/rules/megalomania.md``): follow the lead colour, else the dominant
colour, else anything; a Wizard (with power) forces every later player to play the lowest such
card; an Assassin with power may be played regardless; the highest dominant card wins, else the
highest lead-colour card, the earlier card winning ties; a Dwarf reverses to the lowest; a Knight
takes the dominant advantage from later cards; an Emperor cancels later powers and cubes; an
Oracle counts as the colour it chose (never the dominant one). Knight, Wizard, Dwarf, Emperor and
Peasant powers work once per trick (a second one is not offered and would be ignored).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamelib.megalomania.actions import PlayCard
from gamelib.megalomania.cards import COLOURS, DECK, Card, Colour, Rank

__all__ = [
    "ONCE_PER_TRICK",
    "Play",
    "ResolvedPlay",
    "TrickContext",
    "TrickStatus",
    "TrickTracker",
    "follow_cards",
    "lead_colour",
    "legal_plays",
    "resolve_plays",
    "trick_status",
    "trick_winner",
]

ONCE_PER_TRICK = frozenset({Rank.EMPEROR, Rank.KNIGHT, Rank.WIZARD, Rank.DWARF, Rank.PEASANT})
"""Ranks whose power works at most once per trick (制限: 1ターンに1回)."""


@dataclass(frozen=True)
class Play:
    """A card in a trick: who played it and how (power, Oracle colour, cube +1/-1/0)."""

    seat: int
    card: Card
    power: bool = False
    as_colour: Colour | None = None
    cube: int = 0

    @classmethod
    def of(cls, seat: int, action: PlayCard) -> Play:
        """The record of ``action`` played by ``seat`` (made once per seat and action: plays are
        immutable values, and the odds engine asks for the same ones very often)."""
        key = (seat, action)
        found = _PLAY_OF.get(key)
        if found is None or type(found) is not cls:
            found = cls(seat, action.card, action.power, action.as_colour, action.cube)
            if len(_PLAY_OF) < 8192:
                _PLAY_OF[key] = found
        return found

    def action(self) -> PlayCard:
        """The action that made this play."""
        return PlayCard(self.card, self.power, self.as_colour, self.cube)


_PLAY_OF: dict[tuple[int, PlayCard], Play] = {}


@dataclass(frozen=True)
class TrickContext:
    """Numbers the trick rules need beyond the plays: how much one cube changes a value."""

    cube_step: int = 2


@dataclass(frozen=True)
class ResolvedPlay:
    """A play after the powers: its colour and value, and whether its power/cube took effect."""

    play: Play
    colour: Colour
    value: int
    power_active: bool
    cube_active: bool
    dominant_counts: bool


@dataclass(frozen=True)
class TrickStatus:
    """The powers in effect in a trick and who would win it now (all seats, ``None`` if none)."""

    lead_colour: Colour | None
    emperor_seat: int | None
    knight_seat: int | None
    wizard_seat: int | None
    dwarf_seat: int | None
    peasant_seat: int | None
    winning_seat: int | None

    @property
    def powers_blocked(self) -> bool:
        """Whether an Emperor stopped all later powers and cubes."""
        return self.emperor_seat is not None


_EMPTY_STATUS = TrickStatus(None, None, None, None, None, None, None)
_STATUSES: dict[tuple[Colour | int | None, ...], TrickStatus] = {}


def resolve_plays(
    plays: Sequence[Play], dominant: Colour, context: TrickContext | None = None
) -> list[ResolvedPlay]:
    """Apply the powers in play order: Emperor blocking, once-per-trick limits, Oracle colours,
    cubes and the Knight's loss of dominant advantage."""
    ctx = context or TrickContext()
    out: list[ResolvedPlay] = []
    blocked = False
    used: set[Rank] = set()
    knight = False
    for p in plays:
        rank = p.card.rank
        active = p.power and not blocked and not (rank in ONCE_PER_TRICK and rank in used)
        if rank is Rank.ORACLE and (p.as_colour is None or p.as_colour is dominant):
            active = False
        cube = p.cube if not blocked else 0
        colour = p.as_colour if active and rank is Rank.ORACLE and p.as_colour else p.card.colour
        counts = colour is dominant and not knight
        out.append(
            ResolvedPlay(p, colour, p.card.value + cube * ctx.cube_step, active, cube != 0, counts)
        )
        if active:
            used.add(rank)
            if rank is Rank.EMPEROR:
                blocked = True
            elif rank is Rank.KNIGHT:
                knight = True
    return out


def lead_colour(plays: Sequence[Play], dominant: Colour | None = None) -> Colour | None:
    """The colour led (an Oracle's chosen colour if its power took effect), ``None`` if empty."""
    if not plays:
        return None
    first = plays[0]
    if (
        first.power
        and first.card.rank is Rank.ORACLE
        and first.as_colour is not None
        and first.as_colour is not dominant
    ):
        return first.as_colour
    return first.card.colour


def _winner_index(resolved: Sequence[ResolvedPlay], lead: Colour) -> int:
    reverse = any(r.power_active and r.play.card.rank is Rank.DWARF for r in resolved)
    group = [i for i, r in enumerate(resolved) if r.dominant_counts]
    if not group:
        group = [i for i, r in enumerate(resolved) if r.colour is lead]
    if not group:  # cannot happen: the first card is of the lead colour
        group = [0]
    best = group[0]
    for i in group[1:]:
        v, b = resolved[i].value, resolved[best].value
        if (v < b) if reverse else (v > b):
            best = i
    return best


def trick_winner(
    plays: Sequence[Play],
    lead: Colour | None,
    dominant: Colour,
    context: TrickContext | None = None,
) -> int:
    """The seat that takes the trick ``plays`` (powers applied). ``lead=None``: from the plays."""
    if not plays:
        raise ValueError("an empty trick has no winner")
    resolved = resolve_plays(plays, dominant, context)
    lead = lead or lead_colour(plays, dominant)
    assert lead is not None
    return plays[_winner_index(resolved, lead)].seat


def trick_status(
    plays: Sequence[Play], dominant: Colour, context: TrickContext | None = None
) -> TrickStatus:
    """Which powers are in effect in ``plays`` and who is winning so far."""
    if not plays:
        return _EMPTY_STATUS
    resolved = resolve_plays(plays, dominant, context)
    seats: dict[Rank, int] = {}
    for r in resolved:
        if r.power_active and r.play.card.rank in ONCE_PER_TRICK:
            seats.setdefault(r.play.card.rank, r.play.seat)
    lead = lead_colour(plays, dominant)
    winning = plays[_winner_index(resolved, lead)].seat if plays and lead else None
    return TrickStatus(
        lead,
        seats.get(Rank.EMPEROR),
        seats.get(Rank.KNIGHT),
        seats.get(Rank.WIZARD),
        seats.get(Rank.DWARF),
        seats.get(Rank.PEASANT),
        winning,
    )


class TrickTracker:
    """A trick folded play by play: the same rules as :func:`resolve_plays`, kept as running
    facts (the seat of the first active play of each once-per-trick power, Emperor block, Knight,
    Dwarf, the extreme values of the dominant cards that count and of the lead colour, with the
    earliest seat holding each) so that adding a play, the status, the winner, and whether one
    more play would win are all constant time.

    It has the fields of a :class:`TrickStatus` (``lead_colour``, ``emperor_seat`` …
    ``winning_seat``, ``powers_blocked``), so the rule functions take it as their ``status``.
    Immutable by convention: :meth:`add` returns a new tracker, so copies of a game share them.
    ``TrickTracker.of(plays, dominant, cube_step)`` folds a whole trick.
    """

    __slots__ = ("_status", "blocked", "count", "cube_step", "dom", "dominant", "dwarf_seat",
                 "emperor_seat", "first_seat", "knight", "knight_seat", "lead_colour", "led",
                 "owned", "peasant_seat", "reverse", "wizard_seat")

    def __init__(self, dominant: Colour, cube_step: int = 2) -> None:
        self.dominant, self.cube_step = dominant, cube_step
        self.count = 0
        self.lead_colour: Colour | None = None
        self.first_seat: int | None = None
        self.blocked = self.knight = self.reverse = False
        # the first active play of each once-per-trick power
        self.emperor_seat: int | None = None
        self.knight_seat: int | None = None
        self.wizard_seat: int | None = None
        self.dwarf_seat: int | None = None
        self.peasant_seat: int | None = None
        # (min value, its earliest seat, max value, its earliest seat), None while empty
        self.dom: tuple[int, int, int, int] | None = None
        self.led: tuple[int, int, int, int] | None = None
        self._status: TrickStatus | None = None
        # Only a state's own tracker is owned (pushed in place): cloning the state hands it to
        # the clone; a state sharing an unowned one (the empty trick's) folds into a copy.
        self.owned = False

    @classmethod
    def of(cls, plays: Sequence[Play], dominant: Colour, cube_step: int = 2) -> TrickTracker:
        """The tracker of the trick ``plays``."""
        track = cls(dominant, cube_step)
        for p in plays:
            track = track.add(p)
        return track

    @property
    def lead(self) -> Colour | None:
        """The colour led (``lead_colour``)."""
        return self.lead_colour

    @property
    def powers_blocked(self) -> bool:
        """Whether an Emperor stopped all later powers and cubes."""
        return self.blocked

    @property
    def winning_seat(self) -> int | None:
        """The seat winning the trick so far (``winner``)."""
        return self.winner

    def _used(self, rank: Rank) -> bool:
        """Whether the once-per-trick power of ``rank`` took effect already."""
        seat = _SEAT_FIELD.get(rank)
        return seat is not None and getattr(self, seat) is not None

    def _resolve(self, card: Card, power: bool, as_colour: Colour | None, cube: int
                 ) -> tuple[bool, Colour, int]:
        """(power active, colour, value) of one more play, as :func:`resolve_plays` finds."""
        rank = card.rank
        blocked = self.blocked
        active = power and not blocked and not self._used(rank)
        if rank is Rank.ORACLE and (as_colour is None or as_colour is self.dominant):
            active = False
        colour = as_colour if active and rank is Rank.ORACLE and as_colour else card.colour
        value = card.value if blocked else card.value + cube * self.cube_step
        return active, colour, value

    def add(self, play: Play) -> TrickTracker:
        """The tracker after ``play`` (a new one: this one is unchanged)."""
        new = _new_tracker(TrickTracker)
        new.dominant, new.cube_step, new.count = self.dominant, self.cube_step, self.count
        new.first_seat, new.lead_colour = self.first_seat, self.lead_colour
        new.blocked, new.knight, new.reverse = self.blocked, self.knight, self.reverse
        new.emperor_seat, new.knight_seat = self.emperor_seat, self.knight_seat
        new.wizard_seat, new.dwarf_seat = self.wizard_seat, self.dwarf_seat
        new.peasant_seat, new.dom, new.led = self.peasant_seat, self.dom, self.led
        new.owned = False
        new.push(play)
        return new

    def push(self, play: Play) -> None:
        """Fold ``play`` into this very tracker (only for a tracker no one else holds: a
        state's own, see ``owned``; everyone else uses :meth:`add`)."""
        card = play.card
        seat = play.seat
        if play.power or play.cube:
            active, colour, value = self._resolve(card, play.power, play.as_colour, play.cube)
        else:
            active, colour, value = False, card.colour, card.value
        if self.count:
            lead = self.lead_colour
        else:
            self.first_seat = seat
            lead = self.lead_colour = colour
        self.count += 1
        self._status = None
        # (_extend inlined: a play is folded at every step of a game)
        if colour is self.dominant and not self.knight:  # the Knight's own card still counts
            group = self.dom
            if group is None:
                self.dom = (value, seat, value, seat)
            elif value < group[0]:
                self.dom = (value, seat, group[2], group[3])
            elif value > group[2]:
                self.dom = (group[0], group[1], value, seat)
        if colour is lead:
            group = self.led
            if group is None:
                self.led = (value, seat, value, seat)
            elif value < group[0]:
                self.led = (value, seat, group[2], group[3])
            elif value > group[2]:
                self.led = (group[0], group[1], value, seat)
        if active:
            rank = card.rank
            field = _SEAT_FIELD.get(rank)
            if field is not None:
                setattr(self, field, seat)  # once per trick: not active when already used
            if rank is Rank.EMPEROR:
                self.blocked = True
            elif rank is Rank.KNIGHT:
                self.knight = True
            elif rank is Rank.DWARF:
                self.reverse = True

    @property
    def winner(self) -> int | None:
        """The seat winning the trick so far (``None`` while it is empty)."""
        group = self.dom if self.dom is not None else self.led
        if group is None:
            return self.first_seat
        return group[1] if self.reverse else group[3]

    def status(self) -> TrickStatus:
        """The :class:`TrickStatus` (what :func:`trick_status` gives for the same plays)."""
        found = self._status
        if found is None:
            if not self.count:
                found = _EMPTY_STATUS
            else:
                key = (self.lead_colour, self.emperor_seat, self.knight_seat, self.wizard_seat,
                       self.dwarf_seat, self.peasant_seat, self.winner)
                found = _STATUSES.get(key)
                if found is None:  # statuses are immutable values: made once each
                    found = TrickStatus(*key)
                    if len(_STATUSES) < 65536:
                        _STATUSES[key] = found
            self._status = found
        return found

    def wins_with(self, action: PlayCard) -> bool:
        """Whether ``action`` played next would be winning the trick: it is in the winning
        group (the dominant cards that count, else the lead colour) and strictly beats every
        earlier card of it (the earlier card wins ties)."""
        card = action.card
        active, colour, value = self._resolve(card, action.power, action.as_colour, action.cube)
        if self.count == 0:
            return True
        if colour is self.dominant and not self.knight:
            group = self.dom
        elif self.dom is not None or colour is not self.lead_colour:
            return False
        else:
            group = self.led
        if group is None:
            return True
        if self.reverse or (active and card.rank is Rank.DWARF):
            return value < group[0]
        return value > group[2]


_new_tracker = object.__new__
_EMPTY_TRACKERS: dict[tuple[Colour, int], TrickTracker] = {}


def empty_tracker(dominant: Colour, cube_step: int) -> TrickTracker:
    """The tracker of an empty trick, one per dominant colour and cube step, shared by every
    state: never owned, so the first play makes a new one (:meth:`TrickTracker.add`)."""
    found = _EMPTY_TRACKERS.get((dominant, cube_step))
    if found is None:
        found = _EMPTY_TRACKERS[(dominant, cube_step)] = TrickTracker(dominant, cube_step)
    return found


_SEAT_FIELD = {
    Rank.EMPEROR: "emperor_seat", Rank.KNIGHT: "knight_seat", Rank.WIZARD: "wizard_seat",
    Rank.DWARF: "dwarf_seat", Rank.PEASANT: "peasant_seat",
}
"""The tracker's field holding the first active play of each once-per-trick power."""


def follow_cards(
    hand: Sequence[Card],
    plays: Sequence[Play],
    dominant: Colour,
    *,
    wizard_choice: bool = True,
    status: TrickStatus | TrickTracker | None = None,
) -> list[Card]:
    """The cards of ``hand`` the follow rule (and an active Wizard) allows, in hand order.

    Under a Wizard the lowest card of the lead colour, else of the dominant colour, else (the
    last fallback, どの色の一番小さいカードでも) the lowest card of a colour of the player's
    choice: one card per colour held with ``wizard_choice`` (option ``wizard_fallback="colour"``,
    the default), else only the hand's lowest card(s) (``"lowest"``). ``status``: the trick's
    :func:`trick_status` (or a :class:`TrickTracker` of it), when the caller has it already.
    """
    if not plays:
        return list(hand)
    if status is None:
        status = trick_status(plays, dominant)
    lead = status.lead_colour  # lead_colour(plays, dominant)
    pool = [c for c in hand if c.colour is lead]
    fallback = False
    if not pool:
        pool = [c for c in hand if c.colour is dominant]
        if not pool:
            pool, fallback = list(hand), True
    if status.wizard_seat is not None:
        if fallback and wizard_choice:
            low_of: dict[Colour, int] = {}
            for c in pool:
                if c.colour not in low_of or c.value < low_of[c.colour]:
                    low_of[c.colour] = c.value
            return [c for c in pool if c.value == low_of[c.colour]]
        low = min(c.value for c in pool)
        pool = [c for c in pool if c.value == low]
    return pool


def legal_plays(
    hand: Sequence[Card],
    plays: Sequence[Play],
    dominant: Colour,
    *,
    players: int,
    crystals: int = 0,
    cubes: int = 0,
    can_explore: bool = False,
    last_trick: bool = False,
    fixed_next: Card | None = None,
    wizard_choice: bool = True,
    status: TrickStatus | TrickTracker | None = None,
) -> list[PlayCard]:
    """The play actions open to the next player of the trick ``plays``, in a fixed order.

    Order: cards in ``hand`` order; per card the plain play, ``+cube``, ``-cube``, then
    ``with power`` (Oracle: one per colour in colour order), each followed by its cube variants.
    A power is offered only when it can have an effect: Emperor, Knight and Wizard not as the
    last card of the trick, once-per-trick powers not after one of their kind, the Explorer only
    when ``can_explore`` (not the first trick, and a card left to swap), the Peasant not in the
    last trick, the Assassin only when the follow rule would forbid it. ``fixed_next`` (mission
    15) is the only card allowed, whatever the follow rule says. ``wizard_choice``: see
    :func:`follow_cards`. ``status``: the trick's :func:`trick_status` or its
    :class:`TrickTracker` (which has the same fields, kept play by play), when the caller has it.
    """
    if status is None:
        status = trick_status(plays, dominant)
    return _legal_plays(hand, plays, dominant, players, crystals, cubes, can_explore, last_trick,
                        fixed_next, wizard_choice, status)


def _legal_plays(
    hand: Sequence[Card],
    plays: Sequence[Play],
    dominant: Colour,
    players: int,
    crystals: int,
    cubes: int,
    can_explore: bool,
    last_trick: bool,
    fixed_next: Card | None,
    wizard_choice: bool,
    status: TrickStatus | TrickTracker,
) -> list[PlayCard]:
    """:func:`legal_plays` with every argument given, in order (the state's hot path)."""
    blocked = status.emperor_seat is not None
    plain = _PLAIN if cubes > 0 and not blocked else _PLAIN_ONLY  # with +cube and -cube, or not
    follow: Colour | None = None  # the one colour the follow rule allows, if it says one
    allowed: Sequence[Card] | None = None  # else the cards it allows (None: every card)
    if fixed_next is not None:
        allowed = (fixed_next,)
    elif not plays:
        pass
    elif status.wizard_seat is None:  # follow_cards without a Wizard, as a colour
        lead = status.lead_colour
        for c in hand:  # (loops, not list comprehensions: no function made per call)
            if c.colour is lead:
                follow = lead
                break
        else:
            for c in hand:
                if c.colour is dominant:
                    follow = dominant
                    break
    else:
        allowed = follow_cards(hand, plays, dominant, wizard_choice=wizard_choice, status=status)
        if len(allowed) == len(hand):
            allowed = None
    out: list[PlayCard] = []
    if crystals <= 0 or blocked:  # no power
        if follow is not None:
            for card in hand:
                if card.colour is follow:
                    out += plain[card]
        elif allowed is None:
            for card in hand:
                out += plain[card]
        else:
            for card in hand:
                if card in allowed:
                    out += plain[card]
        return out
    cubed = plain is _PLAIN
    powered = _POWERED if cubed else _POWERED_ONLY
    full = _full((dominant, cubed))  # each card's plain plays then its powered ones
    used = _USED[  # the ranks whose power is not offered, by the bits of _USED_BY
        (status.knight_seat is not None)
        | (status.wizard_seat is not None) << 1
        | (status.dwarf_seat is not None) << 2
        | (status.peasant_seat is not None or last_trick) << 3
        | (len(plays) == players - 1) << 4  # the last to play
        | (not can_explore) << 5
    ]
    if follow is not None:  # (fixed_next is None)
        for card in hand:
            if card.colour is not follow:
                if card.rank is Rank.ASSASSIN:
                    out += powered[card]
            elif card.rank in used:
                out += plain[card]
            else:
                out += full[card]
        return out
    for card in hand:
        if allowed is not None and card not in allowed:
            if card.rank is Rank.ASSASSIN and fixed_next is None:
                out += powered[card]
        elif card.rank in used:
            out += plain[card]
        else:
            out += full[card]
    return out


_NOT_LAST = frozenset({Rank.EMPEROR, Rank.KNIGHT, Rank.WIZARD})
"""Powers that act on later cards: not offered to the last player of a trick."""

_USED_BY: tuple[frozenset[Rank], ...] = (
    frozenset({Rank.KNIGHT}),  # bit 0: a Knight's power took effect in the trick
    frozenset({Rank.WIZARD}),  # bit 1: a Wizard's
    frozenset({Rank.DWARF}),  # bit 2: a Dwarf's
    frozenset({Rank.PEASANT}),  # bit 3: a Peasant's, or the last trick of the round
    _NOT_LAST,  # bit 4: the last to play
    frozenset({Rank.EXPLORER}),  # bit 5: nothing to explore
)
_USED: tuple[frozenset[Rank], ...] = tuple(
    frozenset({Rank.ASSASSIN}).union(  # (its power only where the follow rule forbids it)
        *(ranks for bit, ranks in enumerate(_USED_BY) if mask >> bit & 1)
    )
    for mask in range(1 << len(_USED_BY))
)
"""The ranks played without their power, by the bits of :data:`_USED_BY`."""


_PLAYS: dict[tuple[Card, bool, Colour | None], tuple[PlayCard, PlayCard, PlayCard]] = {}


def _plays(card: Card, power: bool, colour: Colour | None) -> tuple[PlayCard, PlayCard, PlayCard]:
    """The play of ``card`` without a cube, with ``+cube`` and with ``-cube``, made once (actions
    are immutable values, so every legal-action list shares them)."""
    key = (card, power, colour)
    found = _PLAYS.get(key)
    if found is None:
        found = _PLAYS[key] = tuple(  # type: ignore[assignment]
            PlayCard(card, power, colour, s) for s in (0, 1, -1)
        )
    return found  # type: ignore[return-value]


_PLAIN: dict[Card, tuple[PlayCard, PlayCard, PlayCard]] = {c: _plays(c, False, None) for c in DECK}
_POWERED: dict[Card, tuple[PlayCard, PlayCard, PlayCard]] = {c: _plays(c, True, None) for c in DECK}
_PLAIN_ONLY: dict[Card, tuple[PlayCard]] = {c: p[:1] for c, p in _PLAIN.items()}
_POWERED_ONLY: dict[Card, tuple[PlayCard]] = {c: p[:1] for c, p in _POWERED.items()}


def _full_plays(card: Card, dominant: Colour, cubed: bool) -> tuple[PlayCard, ...]:
    """A card's plays with its power usable: plain ones, then with power (an Oracle: as each
    colour but the dominant and its own, in colour order), each with its cube variants."""
    k = 3 if cubed else 1
    out = _plays(card, False, None)[:k]
    if card.rank is Rank.ORACLE:
        for colour in COLOURS:
            if colour is not dominant and colour is not card.colour:
                out += _plays(card, True, colour)[:k]
    else:
        out += _plays(card, True, None)[:k]
    return out


_FULL: dict[tuple[Colour, bool], dict[Card, tuple[PlayCard, ...]]] = {
    (dominant, cubed): {c: _full_plays(c, dominant, cubed) for c in DECK}
    for dominant in COLOURS for cubed in (False, True)
}
_full = _FULL.__getitem__  # (dominant, cubed) -> {card: plays}
