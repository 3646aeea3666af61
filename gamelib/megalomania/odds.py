"""Megalomania odds: who takes the trick in progress, and how likely the mission is to succeed.

Two questions, both answered from one player's :class:`MegalomaniaView` (never the state):

:func:`trick_odds`
    For each legal play of the viewer, the chance that it takes the trick in progress. The cards
    the viewer cannot see are dealt to the players still to play in every way the counts allow
    (each deal equally likely), and those players play either as the heuristic bot would
    (``model="heuristic"``, default) or uniformly at random among their legal plays
    (``model="random"``). When the deals (times the random choices) number at most
    ``exact_limit`` every case is counted and the answer is exact; otherwise ``samples`` deals are
    drawn and each answer carries its standard error. :class:`TrickOdds` says which.

:func:`mission_odds`
    The chance that the viewer completes the current mission (scores the points of a paying
    mission, avoids those of a punishing one) from here, when every seat plays as the heuristic
    bot. Simulated: hidden hands are drawn consistent with the view, the round is played out by
    the rules engine, and the result is an :class:`~gamelib.core.Estimate` with its error.

:func:`panel_odds` / :class:`OddsCache`
    Both answers for the notebook's odds panel (:class:`PanelOdds`), cached by position
    (:func:`position_key`: everything the odds depend on, not the log), so refreshing a position
    already seen costs a look-up.

Hidden cards are dealt uniformly among the places the viewer cannot see, over the deals that
agree with the round's public plays (:func:`hidden_card_bans`: a player who did not follow a
colour holds none of it; under a Wizard the card played was the lowest allowed). The plays are
read from the view's ``round_tricks`` (the round's finished tricks as played) and ``trick``.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gamelib.core.probability import Estimate
from gamelib.core.rng import Rng
from gamelib.megalomania.actions import PlayCard, ScrollKind
from gamelib.megalomania.bots import HeuristicBot, SeatTally, choose_play, tally_from_view
from gamelib.megalomania.cards import DECK, Card, Colour, Rank, sort_cards
from gamelib.megalomania.missions import Deal, Mission
from gamelib.megalomania.powers import (
    Play,
    TrickTracker,
    lead_colour,
    legal_plays,
    trick_status,
)
from gamelib.megalomania.view import MegalomaniaView

if TYPE_CHECKING:
    from gamelib.core.state import Game
    from gamelib.megalomania.state import MegalomaniaState

__all__ = [
    "MissionOdds",
    "OddsCache",
    "PanelOdds",
    "TrickOdds",
    "count_deals",
    "determinize",
    "hidden_card_bans",
    "mission_odds",
    "mission_success",
    "panel_odds",
    "position_key",
    "trick_odds",
    "unseen_cards",
]

MODELS = ("heuristic", "random")


@dataclass(frozen=True)
class TrickOdds:
    """The chance that each legal play of ``seat`` takes the trick in progress.

    ``odds`` maps each play's action text to an :class:`Estimate`; ``exact`` says whether every
    deal was counted (``cases`` of them) or ``cases`` deals were sampled; ``model`` is how the
    other players were assumed to play.
    """

    seat: int
    odds: dict[str, Estimate]
    exact: bool
    cases: int
    model: str
    unseen: int
    voids: tuple[frozenset[Card], ...] = ()

    def best(self) -> str | None:
        """The text of the play most likely to take the trick (``None`` if there is none)."""
        if not self.odds:
            return None
        return max(self.odds, key=lambda k: self.odds[k].value)

    def by_card(self) -> list[tuple[str, Estimate]]:
        """Per card, its play most likely to take the trick: ``(action text, estimate)``.

        Ties go to the plainest play (the earliest in the engine's order: no power, no cube).
        """
        best: dict[str, tuple[str, Estimate]] = {}
        for text, est in self.odds.items():
            card = text.removeprefix("play ").split(" (")[0]
            if card not in best or est.value > best[card][1].value:
                best[card] = (text, est)
        return list(best.values())

    def describe(self, lang: str = "en") -> str:
        """How the numbers were obtained, in one sentence."""
        how_en = "random legal plays" if self.model == "random" else "the heuristic bot's play"
        how_ja = "合法手からランダム" if self.model == "random" else "ヒューリスティックBotの手"
        shown = [s for s, v in enumerate(self.voids) if v]
        if lang == "ja":
            kind = f"全{self.cases:,}通りを厳密に数えた" if self.exact else (
                f"{self.cases:,}回のサンプリング(±は標準誤差)")
            extra = "(出せなかった色を持たない配り方のみ)" if shown else ""
            return f"見えない{self.unseen}枚の配り方{extra}：{kind}。他のプレイヤー：{how_ja}。"
        kind = f"all {self.cases:,} cases counted exactly" if self.exact else (
            f"{self.cases:,} sampled deals (± is the standard error)")
        extra = " (only deals where nobody holds a colour they failed to follow)" if shown else ""
        return f"Deals of the {self.unseen} unseen cards{extra}: {kind}. Other players: {how_en}."

    def note(self, lang: str = "en") -> str:
        """:meth:`describe` with the precision: exact, or the largest standard error the number
        of sampled deals allows (0.5/√n, at a chance of one half)."""
        if self.exact:
            extra = "(厳密な値)" if lang == "ja" else " Exact values."
        else:
            worst = 0.5 / math.sqrt(max(1, self.cases))
            extra = (f"(各確率の標準誤差は最大±{worst:.1%})" if lang == "ja"
                     else f" Each chance is within ±{worst:.1%} (one standard error) at most.")
        return self.describe(lang) + extra


def unseen_cards(view: MegalomaniaView) -> list[Card]:
    """The cards the viewer cannot see anywhere (in others' hands, face down or set aside)."""
    seen: set[Card] = set(view.hand)
    for seat_tricks in view.captured:
        for trick in seat_tricks:
            seen.update(trick)
    seen.update(p.card for p in view.trick)
    seen.update(p.card for p in view.last_trick)
    for cards in (*view.revealed, *view.known_cards):
        seen.update(cards)
    seen.update(view.own_set_aside)
    seen.update(view.pile)
    seen.update(view.passing)
    seen.update(view.play_order)
    if view.explorer_card is not None:
        seen.add(view.explorer_card)
    return [c for c in DECK if c not in seen]


def _hidden_count(view: MegalomaniaView, seat: int) -> int:
    """Cards of ``seat``'s hand the viewer cannot see."""
    return max(0, view.hand_counts[seat] - len(view.known_cards[seat]))


def _seats_to_play(view: MegalomaniaView, seat: int) -> list[int]:
    """The seats that play after ``seat`` in the trick in progress."""
    n = view.players
    start = len(view.trick)
    first = view.trick[0].seat if view.trick else seat
    order = [(first + i) % n for i in range(n)]
    return [s for s in order[start:] if s != seat]


def count_deals(pool: int, sizes: Sequence[int]) -> int:
    """Ways to deal hands of ``sizes`` (in order) from ``pool`` distinct cards."""
    ways = 1
    left = pool
    for k in sizes:
        if k > left:
            return 0
        ways *= math.comb(left, k)
        left -= k
    return ways


def _deals(pool: Sequence[Card], sizes: Sequence[int]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    if not sizes:
        yield ()
        return
    for first in itertools.combinations(pool, sizes[0]):
        rest = [c for c in pool if c not in first]
        for tail in _deals(rest, sizes[1:]):
            yield (first, *tail)


_NO_VOID_DEALS = frozenset({Deal.ORDER, Deal.COVERED, Deal.DRAW_4, Deal.PASS_HAND})


def _round_tricks(view: MegalomaniaView) -> list[list[Play]]:
    """The tricks of the round so far (the one in play last), from the view's public plays."""
    return [list(t) for t in view.round_tricks] + [list(view.trick)]


def hidden_card_bans(view: MegalomaniaView) -> tuple[frozenset[Card], ...]:
    """Per seat, the cards its hidden hand cannot hold, read from the round's public plays.

    A player who did not follow the lead colour holds none of it; one who then did not play
    the dominant colour holds none of that either; under an active Wizard the card played was
    the lowest allowed one, so no lower card of that kind is held. An Assassin played by its
    power tells nothing. Hands that take in unseen cards during the round (missions 15, 18, 19,
    22) give nothing.
    """
    n = view.players
    bans: list[set[Card]] = [set() for _ in range(n)]
    m, dominant = view.mission, view.dominant
    if m is None or dominant is None or m.deal in _NO_VOID_DEALS:
        return tuple(frozenset() for _ in range(n))
    for trick in _round_tricks(view):
        for i in range(1, len(trick)):
            play, before = trick[i], trick[:i]
            card = play.card
            if play.power and card.rank is Rank.ASSASSIN:
                continue
            lead = lead_colour(before, dominant)
            forced = trick_status(before, dominant).wizard_seat is not None
            if card.colour is lead:
                group = [c for c in DECK if c.colour is lead]
            elif card.colour is dominant:
                bans[play.seat].update(c for c in DECK if c.colour is lead)
                group = [c for c in DECK if c.colour is dominant]
            else:
                bans[play.seat].update(c for c in DECK if c.colour in (lead, dominant))
                group = list(DECK)
            if forced:
                if group is not None and view.wizard_choice and len(group) == len(DECK):
                    group = [c for c in DECK if c.colour is card.colour]  # lowest of its colour
                bans[play.seat].update(c for c in group if c.value < card.value)
    return tuple(frozenset(b) for b in bans)


def _fits(cards: Sequence[Card], banned: frozenset[Card]) -> bool:
    return not banned or not any(c in banned for c in cards)


def _completions(cards: Sequence[Card], specs: Sequence[tuple[int, frozenset[Card]]]) -> int:
    """Ways to give each constrained holder (size, banned cards) its cards from ``cards``, the
    rest going to the unconstrained places."""
    classes: dict[tuple[bool, ...], int] = {}
    for c in cards:
        key = tuple(c not in banned for _, banned in specs)
        classes[key] = classes.get(key, 0) + 1
    memo: dict[tuple[int, tuple[int, ...]], int] = {}
    items = list(classes.items())

    def rec(i: int, need: tuple[int, ...]) -> int:
        if i == len(items):
            return 1 if not any(need) else 0
        key = (i, need)
        if key in memo:
            return memo[key]
        allowed, m = items[i]
        seats = [j for j, ok in enumerate(allowed) if ok]
        total = 0

        def split(k: int, left: int, ways: int, need_now: tuple[int, ...]) -> None:
            nonlocal total
            if k == len(seats):
                total += ways * rec(i + 1, need_now)
                return
            j = seats[k]
            for x in range(min(left, need_now[j]) + 1):
                nxt = (*need_now[:j], need_now[j] - x, *need_now[j + 1:])
                split(k + 1, left - x, ways * math.comb(left, x), nxt)

        split(0, m, 1, need)
        memo[key] = total
        return total

    return rec(0, tuple(k for k, _ in specs))


def _shuffled_consistent(
    view: MegalomaniaView, pool: Sequence[Card], voids: Sequence[frozenset[Card]],
    rng: random.Random, tries: int = 5000,
) -> list[Card]:
    """The pool shuffled so that dealing it in seat order (others' hidden cards first) respects
    the bans; rejection sampling keeps every consistent deal equally likely."""
    me = view.viewer
    holders = [(s, _hidden_count(view, s)) for s in range(view.players) if s != me]
    cards = list(pool)
    for _ in range(tries):
        rng.shuffle(cards)
        at = 0
        ok = True
        for s, k in holders:
            if not _fits(cards[at : at + k], voids[s]):
                ok = False
                break
            at += k
        if ok:
            return cards
    return cards  # no consistent deal found quickly: fall back to an unconstrained one


@dataclass
class _Context:
    view: MegalomaniaView
    dominant: Colour
    cube_step: int
    model: str
    last_trick: bool
    order: bool
    tallies: dict[int, SeatTally] = field(default_factory=dict)


def _full_hands(ctx: _Context, hands: Mapping[int, Sequence[Card]]) -> dict[int, list[Card]]:
    """The dealt hidden cards of each seat with the cards the viewer knows it holds, sorted."""
    known = ctx.view.known_cards
    return {s: sort_cards([*h, *known[s]]) for s, h in hands.items()}


def _options(ctx: _Context, seat: int, full: Sequence[Card], plays: Sequence[Play],
             track: TrickTracker) -> list[tuple[float, list[PlayCard]]]:
    """The seat's choices as weighted groups: one group of legal plays, or on mission 15 (a
    fixed, hidden order of play) one group per card of the hand, each equally likely next.
    ``full``: the seat's whole hand (:func:`_full_hands`); ``track``: ``plays`` folded."""
    v = ctx.view
    status = track.status()

    def plays_for(fixed: Card | None) -> list[PlayCard]:
        return legal_plays(
            full, plays, ctx.dominant, players=v.players, crystals=v.crystals[seat],
            cubes=v.cubes[seat],
            can_explore=v.trick_number > 1 and (len(full) > 1 or v.face_down_counts[seat] > 0),
            last_trick=ctx.last_trick, fixed_next=fixed, wizard_choice=v.wizard_choice,
            status=status,
        )

    if ctx.order and full:
        return [(1.0 / len(full), plays_for(c)) for c in full]
    return [(1.0, plays_for(None))]


def _finish_exact(ctx: _Context, plays: tuple[Play, ...], seats: Sequence[int],
                  hands: Mapping[int, Sequence[Card]], target: int,
                  track: TrickTracker) -> float:
    """P(``target`` takes the trick) with ``seats`` still to play: exact over random choices.
    ``hands``: whole hands (:func:`_full_hands`); ``track``: ``plays`` folded."""
    if not seats:
        return 1.0 if track.winner == target else 0.0
    seat = seats[0]
    total = 0.0
    for weight, actions in _options(ctx, seat, hands[seat], plays, track):
        if not actions:  # cannot happen in a trick in progress; count it as a pass
            total += weight * _finish_exact(ctx, plays, seats[1:], hands, target, track)
        elif ctx.model == "heuristic":
            a = _heuristic(ctx, seat, actions, plays, len(seats) == 1, track)
            play = Play.of(seat, a)
            total += weight * _finish_exact(ctx, (*plays, play), seats[1:], hands, target,
                                            track.add(play))
        else:
            share = weight / len(actions)
            for a in actions:
                play = Play.of(seat, a)
                total += share * _finish_exact(ctx, (*plays, play), seats[1:], hands, target,
                                               track.add(play))
    return total


def _finish_sampled(ctx: _Context, plays: tuple[Play, ...], seats: Sequence[int],
                    hands: Mapping[int, Sequence[Card]], target: int, rng: random.Random,
                    track: TrickTracker) -> bool:
    for i, seat in enumerate(seats):
        groups = _options(ctx, seat, hands[seat], plays, track)
        actions = groups[rng.randrange(len(groups))][1] if len(groups) > 1 else groups[0][1]
        if not actions:
            continue
        if ctx.model == "heuristic":
            a = _heuristic(ctx, seat, actions, plays, i == len(seats) - 1, track)
        else:
            a = actions[rng.randrange(len(actions))]
        play = Play.of(seat, a)
        plays = (*plays, play)
        track = track.add(play)
    return track.winner == target


def _heuristic(ctx: _Context, seat: int, actions: Sequence[PlayCard], plays: Sequence[Play],
               last: bool, track: TrickTracker) -> PlayCard:
    tally = ctx.tallies.get(seat)
    if tally is None:
        tally = ctx.tallies[seat] = tally_from_view(ctx.view, seat)
    return choose_play(actions, plays, seat, ctx.dominant, tally, cube_step=ctx.cube_step,
                       last_to_play=last, track=track)


def _random_branching(ctx: _Context, seats: Sequence[int]) -> int:
    """A bound on the random-choice branches per deal (for the exact-or-sample decision)."""
    if ctx.model != "random":
        return 1
    v = ctx.view
    bound = 1
    for s in seats:
        variants = 1 + 2 * int(v.cubes[s] > 0)
        bound *= max(1, (v.hand_counts[s]) * variants * (1 + 3 * int(v.crystals[s] > 0)))
    return bound


def trick_odds(
    view: MegalomaniaView,
    actions: Sequence[PlayCard] | None = None,
    *,
    model: str = "heuristic",
    exact_limit: int = 20_000,
    samples: int = 1_000,
    seed: int = 0,
    use_voids: bool = True,
) -> TrickOdds:
    """The chance that each of the viewer's legal plays takes the trick in progress.

    ``actions`` defaults to the viewer's legal plays (computed from the view with
    :func:`gamelib.megalomania.powers.legal_plays`); pass the state's legal actions to be sure to
    match the engine. With ``use_voids`` only deals consistent with the colours players have
    shown they lack (:func:`hidden_card_bans`) count. Raises ``ValueError`` when the viewer is not
    the player to play a card.
    """
    if model not in MODELS:
        raise ValueError(f"model must be one of {MODELS}, not {model!r}")
    seat = view.viewer
    if seat is None or view.current_player != seat or view.phase != "play":
        raise ValueError("trick odds are for the viewer when it is their turn to play a card")
    dominant = view.dominant
    assert dominant is not None
    last_trick = view.trick_number >= view.tricks_in_round
    order = view.mission is not None and view.mission.deal is Deal.ORDER
    ctx = _Context(view, dominant, view.cube_step, model, last_trick, order)
    plays = tuple(view.trick)
    track = TrickTracker.of(plays, dominant, view.cube_step)
    if actions is None:
        actions = legal_plays(
            view.hand, plays, dominant, players=view.players,
            crystals=view.crystals[seat], cubes=view.cubes[seat],
            can_explore=view.trick_number > 1
            and (len(view.hand) > 1 or view.face_down_counts[seat] > 0),
            last_trick=last_trick,
            fixed_next=view.play_order[0] if order and view.play_order else None,
            wizard_choice=view.wizard_choice,
        )
    actions = [a for a in actions if isinstance(a, PlayCard)]
    seats = _seats_to_play(view, seat)
    pool = unseen_cards(view)
    n = view.players
    voids = hidden_card_bans(view) if use_voids else tuple(frozenset() for _ in range(n))
    constrained = any(voids[s] for s in range(n) if s != seat)
    sizes = [_hidden_count(view, s) for s in seats]
    deals = count_deals(len(pool), sizes)
    exact = deals * _random_branching(ctx, seats) * max(1, len(actions)) <= exact_limit
    odds: dict[str, Estimate] = {}
    if exact:
        # Deals to the seats still to play, each weighted by the ways the other hidden hands
        # can be completed without breaking a void (1 when nobody has shown one).
        others = [s for s in range(n) if s != seat and s not in seats and voids[s]]
        specs = [(_hidden_count(view, s), voids[s]) for s in others]
        totals = dict.fromkeys(actions, 0.0)
        weight_sum = 0
        cases = 0
        for dealt in _deals(pool, sizes):
            if not all(_fits(h, voids[s]) for s, h in zip(seats, dealt, strict=True)):
                continue
            weight = 1
            if specs:
                used = {c for h in dealt for c in h}
                weight = _completions([c for c in pool if c not in used], specs)
                if weight == 0:
                    continue
            cases += 1
            weight_sum += weight
            hands = _full_hands(ctx, dict(zip(seats, dealt, strict=True)))
            for a in actions:
                play = Play.of(seat, a)
                totals[a] += weight * _finish_exact(
                    ctx, (*plays, play), seats, hands, seat, track.add(play)
                )
        if weight_sum == 0:  # voids read wrongly: answer without them rather than not at all
            return trick_odds(view, actions, model=model, exact_limit=exact_limit,
                              samples=samples, seed=seed, use_voids=False)
        for a in actions:
            odds[str(a)] = Estimate(totals[a] / weight_sum, exact=True)
        return TrickOdds(seat, odds, True, cases, model, len(pool), voids if constrained else ())
    rng = random.Random(seed)
    hits = dict.fromkeys(actions, 0)
    offsets: dict[int, int] = {}
    at = 0
    for s in range(n):
        if s != seat:
            offsets[s] = at
            at += _hidden_count(view, s)
    for _ in range(samples):
        if constrained:
            cards = _shuffled_consistent(view, pool, voids, rng)
        else:
            cards = list(pool)
            rng.shuffle(cards)
        drawn = _full_hands(ctx, {
            s: cards[offsets[s] : offsets[s] + k] for s, k in zip(seats, sizes, strict=True)
        })
        for a in actions:
            play = Play.of(seat, a)
            if _finish_sampled(ctx, (*plays, play), seats, drawn, seat, rng, track.add(play)):
                hits[a] += 1
    for a in actions:
        p = hits[a] / samples
        odds[str(a)] = Estimate(p, exact=False, stderr=math.sqrt(p * (1 - p) / samples),
                                samples=samples)
    return TrickOdds(seat, odds, False, samples, model, len(pool), voids if constrained else ())


PLAYOUT_PHASES = ("play", "explorer", "peasant")


def _game_for(view: MegalomaniaView) -> Game[Any]:
    import gamelib

    if view.rule_options:
        return gamelib.load("megalomania", **dict(view.rule_options))
    length = "short" if view.rounds == 8 else "long"
    return gamelib.load(
        "megalomania", players=view.players, length=length, cube_step=view.cube_step,
        lang=view.lang,
    )


def determinize(
    view: MegalomaniaView,
    rng: random.Random,
    game: Game[Any] | None = None,
    bans: Sequence[frozenset[Card]] | None = None,
) -> MegalomaniaState:
    """A full state that ``view``'s player cannot tell from the real one.

    The unseen cards (:func:`unseen_cards`) are shuffled into the places the viewer cannot see:
    the hidden part of other hands, face-down cards, the set-aside cards, so that no hand holds a
    card its player has shown not to hold (:func:`hidden_card_bans`). Everything public and
    everything the viewer knows is copied from the view. Only for the card-play phases (the
    state's own chance stream is reseeded from ``rng``). The log starts empty.
    """
    return _Rebuilder(view, game, bans).sample(rng)


class _Rebuilder:
    """:func:`determinize` split in two: what comes from the view alone, read once into a
    template state, and per sample a clone of it with the unseen cards dealt."""

    def __init__(self, view: MegalomaniaView, game: Game[Any] | None,
                 bans: Sequence[frozenset[Card]] | None) -> None:
        from gamelib.megalomania.state import MegalomaniaState

        if view.phase not in PLAYOUT_PHASES or view.mission is None or view.viewer is None:
            raise ValueError(
                "a state can be rebuilt from a player's view once the cards are in play")
        self.view = view
        self.bans = hidden_card_bans(view) if bans is None else bans
        self.unseen = unseen_cards(view)
        game = game or _game_for(view)
        me = view.viewer
        n = view.players
        st = game.new_state(0)
        assert isinstance(st, MegalomaniaState)
        st.log = []
        st.round, st.dealer, st.dominant = view.round, view.dealer, view.dominant
        st.mission_no, st.phase, st.queue = view.mission.number, view.phase, []
        st.dealt, st.deck = True, []
        st.revealed = [list(r) for r in view.revealed]
        st.own_aside = [list(view.own_set_aside) if s == me else [] for s in range(n)]
        st.piles = [[] for _ in range(n)]
        st.passing = [[] for _ in range(n)]
        st.captured = [[list(t) for t in view.captured[s]] for s in range(n)]
        st.trick = list(view.trick)
        st.trick_no = view.trick_number - 1
        st.leader = view.leader if view.leader is not None else 0
        st.next_leader = view.next_leader
        st.last_trick, st.last_winner = list(view.last_trick), view.last_trick_winner
        st.round_plays = list(view.round_tricks)
        st.crystals, st.cubes = list(view.crystals), list(view.cubes)
        st.scrolls = [list(x) for x in view.scrolls]
        st.scroll_deck = [ScrollKind.CRYSTAL] * view.scroll_deck
        st.round_missions = list(view.round_missions)
        st.round_scores = list(view.round_scores)
        st.scores, st.negatives = list(view.scores), list(view.negative_points)
        st.final = None
        st.history = ()
        st.current_player = st._turn()
        self.public = (
            {c for seat in st.captured for t in seat for c in t} | {p.card for p in view.trick}
        )
        self.known_to_me = {c for cards in view.known_cards for c in cards}
        self.template = st

    def sample(self, rng: random.Random) -> MegalomaniaState:
        """One rebuilt state (the draws from ``rng`` are those :func:`determinize` makes)."""
        view = self.view
        me = view.viewer
        assert me is not None and view.mission is not None
        n = view.players
        deal = view.mission.deal
        seed = rng.randrange(2**62)
        pool = _shuffled_consistent(view, self.unseen, self.bans, rng)
        st = self.template.clone()
        st.seed = seed
        at = 0

        def take(k: int) -> list[Card]:
            nonlocal at
            at += k
            return pool[at - k : at]

        st.hands = [
            list(view.hand) if s == me
            else sort_cards([*view.known_cards[s], *take(_hidden_count(view, s))])
            for s in range(n)
        ]
        st.covered = [[] for _ in range(n)]
        st.draw_piles = [[] for _ in range(n)]
        for s in range(n):
            down = view.face_down_counts[s]
            if deal is Deal.COVERED:
                tops = [c for c in view.revealed[s] if c in st.hands[s]][:down]
                st.covered[s] = list(zip(tops, take(len(tops)), strict=True))
            elif down:
                st.draw_piles[s] = take(down)
        st.set_aside = pool[at:]
        st.orders = [[] for _ in range(n)]
        if deal is Deal.ORDER:
            for s in range(n):
                if s == me:
                    st.orders[s] = list(view.play_order)
                else:  # the Explorer's find is held, not in the order (it replaces a card)
                    order = [c for c in st.hands[s] if c != view.explorer_card]
                    rng.shuffle(order)
                    st.orders[s] = order
        public = self.public
        st.seen = [set(st.hands[s]) | public for s in range(n)]
        st.seen[me].update(self.known_to_me)
        st.explorer = None
        if view.phase == "explorer" and view.explorer_card is not None:
            found = view.explorer_card
            for owner in range(n):
                for t, trick in enumerate(st.captured[owner]):
                    if found in trick:
                        st.explorer = (owner, t, trick.index(found), found)
        st.rng = Rng(rng.randrange(2**62))
        return st


def mission_success(m: Mission, points: int) -> bool:
    """Whether ``points`` scored on mission ``m`` completes it.

    A paying mission is completed by scoring (any points, for a variable one); a punishing
    mission by losing nothing.
    """
    return points > 0 if m.points > 0 else points == 0


@dataclass(frozen=True)
class MissionOdds:
    """The simulated chance that ``seat`` completes ``mission`` and its expected points."""

    seat: int
    mission: int
    success: Estimate
    points: Estimate

    def describe(self, lang: str = "en") -> str:
        """Both numbers and how they were obtained, with their precision (± one standard
        error; the number of simulated rounds bounds it by 0.5/√n)."""
        n = self.success.samples or 0
        worst = 0.5 / math.sqrt(max(1, n))
        if lang == "ja":
            return (f"ミッション{self.mission}達成の確率 {self.success.describe('ja', 3)}、"
                    f"期待得点 {self.points.value:+.2f} ± {self.points.stderr:.2f}"
                    f"(全員ヒューリスティックBotでプレイ、{n}回のシミュレーション：確率の標準誤差は"
                    f"最大±{worst:.1%})")
        return (f"P(mission {self.mission} completed) {self.success.describe('en', 3)}; "
                f"expected points {self.points.value:+.2f} ± {self.points.stderr:.2f} "
                f"(every seat played by the heuristic bot, {n} simulated rounds: the chance's "
                f"standard error is at most ±{worst:.1%})")


def mission_odds(
    view: MegalomaniaView,
    *,
    samples: int = 200,
    seed: int = 0,
    game: Game[Any] | None = None,
) -> MissionOdds:
    """The chance that the viewer completes the round's mission from here (simulated).

    Each sample rebuilds a state from the view (:func:`determinize`) and plays the round out with
    the heuristic bot in every seat. Raises ``ValueError`` outside the card-play phases.
    """
    if samples <= 0:
        raise ValueError("samples must be positive")
    if view.viewer is None or view.mission is None:
        raise ValueError("mission odds are for a seated player during a round")
    me = view.viewer
    m = view.mission
    game = game or _game_for(view)
    rng = random.Random(seed)
    done = len(view.round_scores)
    hits = 0
    total = 0.0
    total_sq = 0.0
    rebuild = _Rebuilder(view, game, None)
    for k in range(samples):
        st = rebuild.sample(rng)
        st.quiet = True  # nobody reads this playout's log
        bots = [HeuristicBot(seed * 7919 + k * 13 + s) for s in range(view.players)]
        while len(st.round_scores) == done:
            seat = st.current_player
            assert seat is not None
            st._apply(bots[seat].choose_in_state(st, st.legal_actions()))
        pts = st.round_scores[done][me]
        hits += mission_success(m, pts)
        total += pts
        total_sq += pts * pts
    p = hits / samples
    mean = total / samples
    var = max(0.0, total_sq / samples - mean * mean)
    return MissionOdds(
        me,
        m.number,
        Estimate(p, exact=False, stderr=math.sqrt(p * (1 - p) / samples), samples=samples),
        Estimate(mean, exact=False, stderr=math.sqrt(var / samples), samples=samples),
    )


@dataclass(frozen=True)
class PanelOdds:
    """The numbers of the notebook's odds panel for one position: the trick odds (when the viewer
    is to play a card) and the mission odds (while the cards are in play), either ``None``."""

    trick: TrickOdds | None
    mission: MissionOdds | None

    def notes(self, lang: str = "en") -> list[str]:
        """The notes for the odds figure, each stating how its numbers were obtained and their
        precision (:meth:`TrickOdds.note`, :meth:`MissionOdds.describe`)."""
        out = [self.trick.note(lang)] if self.trick is not None else []
        if self.mission is not None:
            out.append(self.mission.describe(lang))
        return out


def position_key(view: MegalomaniaView) -> tuple[Any, ...]:
    """Everything the odds of ``view`` depend on (not the log), as a hashable key."""
    return (
        view.rule_options, view.viewer, view.current_player, view.phase, view.round,
        view.mission.number if view.mission else None, view.dominant, view.trick_number,
        view.trick, view.round_tricks, view.hand, view.known_cards, view.revealed,
        view.hand_counts, view.face_down_counts, view.captured, view.crystals, view.cubes,
        view.play_order, view.own_set_aside, view.pile, view.passing, view.explorer_card,
        view.next_leader, view.leader, view.round_scores, view.scores, view.last_trick,
        view.last_trick_winner, view.scrolls, view.scroll_deck,
    )


PANEL_SAMPLES = 100
"""Most sampled deals for the panel's trick odds (standard error at most ±5.0%)."""
PANEL_MISSION_SAMPLES = 48
"""Most simulated rounds for the panel's mission odds (standard error at most ±7.2%)."""
PANEL_EXACT_LIMIT = 300
"""The panel counts the trick odds exactly up to this many cases (deals × plays)."""
TRICK_CHOICES = 600
"""The panel's budget for trick odds: sampled deals × the viewer's plays × the players after
the viewer in the trick (one bot choice each)."""
MISSION_STEPS = 320
"""The panel's budget for mission odds: simulated rounds × the steps left in the round."""
MIN_SAMPLES = 12
"""The fewest simulated rounds the budget leaves (standard error at most ±14.4%)."""
MIN_TRICK_SAMPLES = 8
"""The fewest sampled deals the budget leaves (±17.7% at most; only when leading a trick with
many plays, e.g. cubes and powers on every card)."""


def panel_samples(view: MegalomaniaView, samples: int, mission_samples: int, model: str
                  ) -> tuple[int, int]:
    """The samples the panel affords for ``view``: (trick deals, mission rounds).

    Trick odds cost one bot choice per deal, play of the viewer and player after the viewer;
    mission odds one playout of the rest of the round per sample. Both are given a fixed budget
    (:data:`TRICK_CHOICES`, :data:`MISSION_STEPS`), so late positions (short playouts, few
    plays) get the most samples, and never fewer than :data:`MIN_TRICK_SAMPLES` /
    :data:`MIN_SAMPLES` nor more than asked.
    """
    n = view.players
    plays = max(1, len(view.hand)) * (1 + 2 * int(view.viewer is not None
                                                  and view.cubes[view.viewer] > 0))
    if model == "random":
        plays *= 3
    after = max(1, n - 1 - len(view.trick))
    trick = min(samples, max(MIN_TRICK_SAMPLES, TRICK_CHOICES // (plays * after)))
    left = max(1, (view.tricks_in_round - view.trick_number + 1) * n - len(view.trick))
    mission = min(mission_samples, max(MIN_SAMPLES, MISSION_STEPS // left))
    return trick, mission


class OddsCache:
    """A small LRU cache of :class:`PanelOdds` by position (:func:`position_key`) and settings.

    Refreshing a panel for a position already seen (a redraw, a viewpoint switched back, an undo)
    costs a dictionary look-up; :meth:`panel` computes only what is missing. Results are
    deterministic for a given ``seed``, so a cached answer equals a recomputed one.
    """

    def __init__(self, size: int = 128) -> None:
        self.size = size
        self._store: dict[tuple[Any, ...], PanelOdds] = {}
        self.hits = 0
        self.misses = 0

    def panel(
        self,
        view: MegalomaniaView,
        *,
        samples: int = PANEL_SAMPLES,
        mission_samples: int = PANEL_MISSION_SAMPLES,
        model: str = "heuristic",
        seed: int = 0,
        exact_limit: int = PANEL_EXACT_LIMIT,
        budget: bool = True,
    ) -> PanelOdds:
        """The panel's numbers for ``view`` (cached): trick odds when the viewer is to play a
        card, mission odds (``mission_samples`` > 0) while the cards are in play.

        With ``budget`` (default) the work per position is bounded so that a click stays fast
        (:func:`panel_samples`): the samples are the most that fit in the budget, at most
        ``samples`` / ``mission_samples``; each answer states its precision.
        """
        if budget:
            samples, mission_samples = panel_samples(view, samples, mission_samples, model)
        key = (position_key(view), samples, mission_samples, model, seed, exact_limit)
        found = self._store.pop(key, None)
        if found is not None:
            self.hits += 1
            self._store[key] = found  # most recently used last
            return found
        self.misses += 1
        seated = view.viewer is not None and not view.is_terminal()
        t_odds: TrickOdds | None = None
        m_odds: MissionOdds | None = None
        if seated and view.phase == "play" and view.current_player == view.viewer:
            t_odds = trick_odds(view, model=model, samples=samples, seed=seed,
                                exact_limit=exact_limit)
        if seated and view.phase in PLAYOUT_PHASES and mission_samples > 0:
            m_odds = mission_odds(view, samples=mission_samples, seed=seed)
        result = PanelOdds(t_odds, m_odds)
        self._store[key] = result
        while len(self._store) > self.size:
            del self._store[next(iter(self._store))]
        return result

    def clear(self) -> None:
        """Forget every cached answer."""
        self._store.clear()


_PANEL_CACHE = OddsCache()


def panel_odds(view: MegalomaniaView, **settings: Any) -> PanelOdds:
    """:meth:`OddsCache.panel` on the module's shared cache (what the notebook panel calls)."""
    return _PANEL_CACHE.panel(view, **settings)
