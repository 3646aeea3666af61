"""Megalomania bots: a heuristic that plays for the current mission.

The heuristic asks one question per trick: *does this mission want me to take this trick?*
(:func:`trick_desire`, a number: positive to take it, negative to avoid it, zero to not care),
then plays by the classic trick-taking rules of thumb:

- wanting the trick: the cheapest card that wins it when last to play, else the strongest card
  that wins it now; when nothing wins, throw the lowest card;
- avoiding the trick: the highest card that does not win it now; when every card wins, the
  highest (it wins anyway and is a danger later);
- leading: the strongest card to take the trick, the weakest to avoid it.

Powers and cubes are spent only when they change who wins now. The decision core,
:func:`choose_play`, takes plain values (hand, trick, mission tally) so that the odds engine can
run it for hidden hands without building views.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from multiprocessing import get_context
from typing import Any

from gamelib.bots import ask
from gamelib.megalomania.actions import (
    ChooseLeader,
    ChoosePile,
    ChooseResources,
    OrderCard,
    PassCard,
    PileCard,
    PlayCard,
    ReturnCard,
)
from gamelib.megalomania.cards import COLOURS, Card, Colour, Rank
from gamelib.megalomania.missions import Mission
from gamelib.megalomania.powers import Play, TrickContext, TrickTracker, trick_winner
from gamelib.megalomania.scoring import partner as partner_of
from gamelib.megalomania.view import MegalomaniaView

__all__ = [
    "BOTS",
    "HeuristicBot",
    "MatchResult",
    "SeatTally",
    "choose_play",
    "heuristic_vs_random",
    "play_fast",
    "play_wins_now",
    "tally_from_state",
    "tally_from_view",
    "trick_desire",
]

_MAGIC = (Rank.DWARF, Rank.WIZARD)
_COLOUR_MISSIONS = {3: Colour.BLUE, 4: Colour.YELLOW, 9: Colour.RED, 10: Colour.BLACK}
# Missions that pay for taking tricks (more is better) and that punish taking them.
_WANT_TRICKS = frozenset({15, 18, 20, 21, 22})
_AVOID_TRICKS = frozenset({24, 25})


@dataclass(frozen=True)
class SeatTally:
    """What the mission heuristic needs to know about one seat in the round (all public)."""

    seat: int
    players: int
    mission: Mission | None
    tricks_in_round: int
    trick_number: int
    won: tuple[int, ...]
    captured: tuple[Card, ...]
    partner: int | None = None

    @property
    def my_tricks(self) -> int:
        """Tricks this seat has taken in the round."""
        return self.won[self.seat]

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish in the round, the one in play included."""
        return max(1, self.tricks_in_round - self.trick_number + 1)


def tally_from_view(view: MegalomaniaView, seat: int | None = None) -> SeatTally:
    """The tally of ``seat`` (default: the viewer, else the player to act) from a view."""
    if seat is None:
        seat = view.viewer if view.viewer is not None else (view.current_player or 0)
    captured = tuple(c for trick in view.captured[seat] for c in trick)
    partner = view.partners[seat] if view.partners and seat < len(view.partners) else None
    return SeatTally(
        seat=seat,
        players=view.players,
        mission=view.mission,
        tricks_in_round=view.tricks_in_round,
        trick_number=view.trick_number,
        won=tuple(view.tricks_won),
        captured=captured,
        partner=partner,
    )


def tally_from_state(state: Any, seat: int) -> SeatTally:
    """The tally of ``seat`` read straight from a :class:`MegalomaniaState` in the card play:
    the same values as :func:`tally_from_view` of any view, without building one (playouts).
    Kept in the state's cache until a trick is taken or an Explorer changes one."""
    scratch = state._scratch
    tallies = scratch.tallies
    if tallies is None:
        tallies = scratch.tallies = {}
    found = tallies.get(seat)
    if found is None:
        found = tallies[seat] = _tally_of_state(state, seat)
    return found


def _tally_of_state(state: Any, seat: int) -> SeatTally:
    n = state.n
    captured = state.captured
    m = state.m
    paired = m.pairs or len(state.game.teams) < n
    return SeatTally(
        seat=seat,
        players=n,
        mission=m,
        tricks_in_round=m.tricks,
        trick_number=state.trick_no + 1,
        won=tuple(len(c) for c in captured),
        captured=tuple(c for trick in captured[seat] for c in trick),
        partner=partner_of(seat, n) if paired else None,
    )


def trick_desire(tally: SeatTally, trick_cards: Sequence[Card]) -> float:
    """How much the seat's mission wants it to take a trick holding ``trick_cards`` (>0: take)."""
    m = tally.mission
    if m is None:
        return 0.0
    n = m.number
    t = tally.my_tricks
    left = tally.tricks_left
    if n in _COLOUR_MISSIONS:
        colour = _COLOUR_MISSIONS[n]
        count = sum(1 for c in trick_cards if c.colour is colour)
        # Cards still to come in the trick may be of the colour too.
        return m.points * (count + 0.3)
    if n == 1:
        return _exactly(t, 3, left)
    if n == 2:
        have = {c.colour for c in tally.captured}
        new = {c.colour for c in trick_cards} - have
        if len(have) == len(COLOURS):
            return 0.0
        return -1.0 if len(have | new) == len(COLOURS) or len(new) >= 2 else -0.3 * len(new)
    if n == 5:
        return 1.0 if t < 4 and t + left >= 4 else 0.2
    if n == 6:
        if any(c.rank in _MAGIC for c in tally.captured):
            return 0.0
        return -1.0 if any(c.rank in _MAGIC for c in trick_cards) else -0.1
    if n == 7:
        return 1.0 if sum(c.value for c in trick_cards) <= 18 else -0.2
    if n == 8:
        return 1.0 if len({c.colour for c in trick_cards}) >= 2 else 0.3
    if n == 11:
        total = sum(c.value for c in tally.captured)
        return 1.0 if total < 80 else 0.0
    if n == 12:
        # Aim to end even: take a trick while odd, avoid while even.
        return 1.0 if t % 2 == 1 else -0.6
    if n == 13:
        return _exactly(t, 1, left)
    if n == 14:
        return _exactly(t, 2, left)
    if n == 16:
        return -1.0 if t >= 2 and t < 4 else (0.0 if t >= 4 else -0.3)
    if n == 17:
        if t == 1:
            return -1.0
        if t == 2:
            return 1.0
        return 0.0 if t == 0 else 0.1
    if n == 19:
        return 1.0 * sum(1 for c in trick_cards if c.rank in _MAGIC) + 0.2
    if n == 23:
        return 0.4 * len(trick_cards) + 0.2
    if n in _WANT_TRICKS:
        return 1.0
    if n in _AVOID_TRICKS:
        return -1.0
    return 0.0


def _exactly(t: int, target: int, left: int) -> float:
    if t < target:
        return 1.0 if t + left >= target else 0.0
    return -1.0 if t == target else 0.0


def play_wins_now(
    plays: Sequence[Play], action: PlayCard, seat: int, dominant: Colour, cube_step: int = 2
) -> bool:
    """Whether ``seat`` playing ``action`` after ``plays`` is winning the trick so far."""
    return _winner((*plays, Play.of(seat, action)), dominant, cube_step) == seat


@lru_cache(maxsize=65536)
def _winner(trick: tuple[Play, ...], dominant: Colour, cube_step: int) -> int:
    # Pure and hot (the odds engine asks it millions of times with recurring tricks).
    return trick_winner(trick, None, dominant, TrickContext(cube_step))


def _cost(action: PlayCard) -> int:
    """Resources an action spends (power crystal, cube)."""
    return int(action.power) + int(action.cube != 0)


def _strength(action: PlayCard, dominant: Colour, lead: Colour | None) -> float:
    """How hard a card is to beat later in the trick (a rough order for choosing)."""
    card = action.card
    colour = action.as_colour if action.power and action.as_colour else card.colour
    value = card.value
    if action.power and card.rank is Rank.DWARF:
        return 50.0 - value
    if colour is dominant:
        return 100.0 + value
    if lead is None or colour is lead:
        return 50.0 + value
    return float(value)


def choose_play(
    actions: Sequence[PlayCard],
    plays: Sequence[Play],
    seat: int,
    dominant: Colour,
    tally: SeatTally,
    *,
    cube_step: int = 2,
    last_to_play: bool = False,
    track: TrickTracker | None = None,
) -> PlayCard:
    """The heuristic's card for ``seat`` among ``actions`` (all :class:`PlayCard`).

    ``track``: the trick ``plays`` folded (:class:`TrickTracker`), when the caller has it."""
    if not actions:
        raise ValueError("no play to choose from")
    trick_cards = [p.card for p in plays]
    partner = tally.partner
    if plays and track is None:
        track = TrickTracker.of(plays, dominant, cube_step)
    current = track.winner if track is not None else None
    lead = plays[0].card.colour if plays else None
    mine = [a.card for a in actions]
    desire = trick_desire(tally, [*trick_cards, *mine[:1]])
    if partner is not None and current == partner and desire > 0:
        # The partner is taking it for the pair: keep the good cards.
        return min(actions, key=lambda a: (_cost(a), a.card.value))
    if not plays:
        if desire > 0:
            return max(actions, key=lambda a: (_strength(a, dominant, None), -_cost(a)))
        return min(actions, key=lambda a: (_cost(a), a.card.value, a.card.colour is dominant))
    winning: list[PlayCard] = []
    losing: list[PlayCard] = []
    assert track is not None
    for a in actions:
        (winning if track.wins_with(a) else losing).append(a)
    if desire > 0:
        if winning:
            if last_to_play:
                return min(winning, key=lambda a: (_cost(a), a.card.value))
            return max(winning, key=lambda a: (_strength(a, dominant, lead), -_cost(a)))
        return min(actions, key=lambda a: (_cost(a), a.card.value))
    if desire < 0:
        if losing:
            return max(losing, key=lambda a: (-_cost(a), a.card.value))
        return max(actions, key=lambda a: (-_cost(a), a.card.value))
    plain = [a for a in actions if _cost(a) == 0] or list(actions)
    return min(plain, key=lambda a: (a.card.colour is dominant, a.card.value))


class HeuristicBot:
    """Plays for the current mission: takes or avoids tricks and colours as the mission pays."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: MegalomaniaView, legal_actions: Sequence[Any]) -> Any:
        """Return one of ``legal_actions`` for the seat whose turn it is."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        seat = view.current_player if view.current_player is not None else (view.viewer or 0)
        first = legal_actions[0]
        if isinstance(first, PlayCard):
            tally = tally_from_view(view, seat)
            plays = list(view.trick)
            dominant = view.dominant or COLOURS[0]
            last = len(plays) == view.players - 1
            return choose_play(
                list(legal_actions), plays, seat, dominant, tally,
                cube_step=view.cube_step, last_to_play=last,
            )
        if isinstance(first, ChooseResources):
            return self._resources(view, legal_actions, seat)
        if isinstance(first, ChooseLeader):
            return self._leader(view, legal_actions, seat)
        if isinstance(first, ReturnCard):
            return min(legal_actions, key=lambda a: (a.card.colour is view.dominant, a.card.value))
        if isinstance(first, (OrderCard, PassCard, PileCard)):
            return self._card_step(view, legal_actions, seat)
        if isinstance(first, ChoosePile):
            return legal_actions[self.rng.randrange(len(legal_actions))]
        return legal_actions[self.rng.randrange(len(legal_actions))]

    def choose_in_state(self, state: Any, legal_actions: Sequence[Any]) -> Any:
        """:meth:`choose` for the player to act in a :class:`MegalomaniaState`: the same choice
        as ``choose(state.view(seat), legal_actions)``, read from the state without building a
        view in the card play (playouts of the odds engine); other phases build the view."""
        seat = state.current_player
        first = legal_actions[0] if legal_actions else None
        if isinstance(first, PlayCard):
            plays = state.trick
            return choose_play(
                legal_actions, plays, seat, state.dominant, tally_from_state(state, seat),
                cube_step=state.cube_step, last_to_play=len(plays) == state.n - 1,
                track=state._tracker(),
            )
        if isinstance(first, ReturnCard):
            dominant = state.dominant
            return min(legal_actions, key=lambda a: (a.card.colour is dominant, a.card.value))
        if isinstance(first, ChooseLeader):
            return self._leader_for(tally_from_state(state, seat), legal_actions, seat)
        return self.choose(state.view(seat), legal_actions)

    def _resources(self, view: MegalomaniaView, legal: Sequence[Any], seat: int) -> Any:
        # Keep one scroll for the end bonus; take a balanced split, crystals first.
        keep = [a for a in legal if a.scroll is None] or list(legal)
        if len(view.scrolls[seat]) >= 2:
            keep = list(legal)
        return max(keep, key=lambda a: (a.scroll is not None, min(a.crystals, a.cubes + 1),
                                        a.crystals))

    def _leader(self, view: MegalomaniaView, legal: Sequence[ChooseLeader], seat: int) -> Any:
        return self._leader_for(tally_from_view(view, seat), legal, seat)

    def _leader_for(self, tally: SeatTally, legal: Sequence[ChooseLeader], seat: int) -> Any:
        if trick_desire(tally, ()) > 0:
            mine = [a for a in legal if a.seat == seat]
            if mine:
                return mine[0]
        others = [a for a in legal if a.seat != seat]
        return (others or list(legal))[0]

    def _card_step(self, view: MegalomaniaView, legal: Sequence[Any], seat: int) -> Any:
        tally = tally_from_view(view, seat)
        want = trick_desire(tally, ()) > 0
        dominant = view.dominant
        key = lambda a: ((a.card.colour is dominant), a.card.value)  # noqa: E731
        if isinstance(legal[0], OrderCard):
            # Fixed order of play: strong cards first to take early tricks, or weak first.
            return max(legal, key=key) if want else min(legal, key=key)
        if isinstance(legal[0], PassCard):
            # Pass away what the mission does not want to hold.
            return min(legal, key=key) if want else max(legal, key=key)
        # Mission 24 piles: spread the danger, pile 1 takes strong and weak in turn.
        return max(legal, key=key) if len(view.pile) % 2 == 0 else min(legal, key=key)


BOTS = {"heuristic": HeuristicBot}
"""The game's own bots by name, each made from a seed."""


@dataclass(frozen=True)
class MatchResult:
    """Heuristic bot against random bots: its share of the wins and the mean scores.

    A game won by ``k`` tied players counts ``1/k`` for each. ``fair_share`` is what a bot no
    better than random would get (one over the number of players).
    """

    games: int
    players: int
    wins: float
    mean_score: float
    mean_other_score: float

    @property
    def share(self) -> float:
        """The heuristic's fraction of the wins."""
        return self.wins / self.games if self.games else 0.0

    @property
    def fair_share(self) -> float:
        """The share a random player would get."""
        return 1.0 / self.players

    @property
    def stderr(self) -> float:
        """Binomial standard error of :attr:`share`."""
        p = self.share
        return math.sqrt(p * (1 - p) / self.games) if self.games else 0.0

    def describe(self) -> str:
        """One line for reports."""
        return (
            f"heuristic vs {self.players - 1} random bots: won {self.share:.1%} ± "
            f"{self.stderr:.1%} of {self.games} games (random would win {self.fair_share:.0%}); "
            f"mean score {self.mean_score:.2f} vs {self.mean_other_score:.2f}"
        )


def play_fast(game: Any, seed: int, bots: Sequence[Any]) -> Any:
    """Play one whole game between ``bots`` (one per seat) and return its outcome.

    The game runs on one private copy changed in place (``apply_in_place``) with its log
    emptied before each view is built: the same game as :func:`gamelib.play` would give,
    without the per-step copies and checks, for batches of bot games. Search bots get worlds
    through :func:`gamelib.bots.ask`.
    """
    state = game.new_state(seed).clone()
    while not state.is_terminal():
        seat = state.current_player
        state.log = []  # (a new list: a bot's clone may read the old one, see share_log)
        state.apply_in_place(ask(bots[seat], state, seat, state.legal_actions()))
    return state.outcome()


def _match_chunk(task: tuple[dict[str, Any], int, list[int]]) -> tuple[float, float, float]:
    import gamelib
    from gamelib.bots import RandomBot

    options, seed, indices = task
    game = gamelib.load("megalomania", **options)
    n = game.players
    wins = mine = others = 0.0
    for g in indices:
        seat = g % n
        bots: list[Any] = [
            HeuristicBot(seed * 1_000_003 + g * 8 + s) if s == seat
            else RandomBot(seed * 1_000_003 + g * 8 + s)
            for s in range(n)
        ]
        outcome = play_fast(game, seed * 1_000_003 + g, bots)
        if seat in outcome.winners:
            wins += 1.0 / len(outcome.winners)
        mine += outcome.scores[seat]
        others += (sum(outcome.scores) - outcome.scores[seat]) / (n - 1)
    return wins, mine, others


def heuristic_vs_random(
    games: int = 2000,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    processes: int = 1,
) -> MatchResult:
    """One heuristic bot against random bots in ``games`` seeded games.

    The heuristic sits in seat ``g % players`` in game ``g``; the result does not depend on
    ``processes`` (games are split into chunks played in spawned worker processes).
    """
    import gamelib

    opts = dict(options or {})
    players = gamelib.load("megalomania", **opts).players
    indices = list(range(games))
    if processes <= 1:
        parts = [_match_chunk((opts, seed, indices))]
    else:
        chunks = [indices[i::processes] for i in range(processes)]
        with ProcessPoolExecutor(processes, mp_context=get_context("spawn")) as pool:
            parts = list(pool.map(_match_chunk, [(opts, seed, c) for c in chunks]))
    wins = sum(p[0] for p in parts)
    mine = sum(p[1] for p in parts)
    others = sum(p[2] for p in parts)
    return MatchResult(games, players, wins, mine / games, others / games)
