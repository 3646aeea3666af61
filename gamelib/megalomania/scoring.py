"""Mission scoring: points per player from the tricks each took in the round.

``tricks[seat]`` is the list of tricks the seat took, each a sequence of cards (printed values
count; cubes and Oracle colours are gone once a trick is taken).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gamelib.megalomania.cards import COLOURS, Card, Colour, Rank
from gamelib.megalomania.missions import Mission

__all__ = [
    "END_SCROLL_BONUS",
    "Tricks",
    "mission7_limit",
    "mission_scores",
    "partner",
    "pooled",
    "team_winners",
    "winners",
]

Tricks = Sequence[Sequence[Sequence[Card]]]

END_SCROLL_BONUS = 2
"""Points at the end for holding one or more unused scrolls (未使用のスクロール)."""


def partner(seat: int, players: int) -> int | None:
    """The partner across the table (pair missions need 4 players)."""
    return (seat + 2) % 4 if players == 4 else None


def _cards(tricks: Sequence[Sequence[Card]]) -> list[Card]:
    return [c for t in tricks for c in t]


def _count_colour(colour: Colour) -> Callable[[Sequence[Sequence[Card]]], int]:
    return lambda ts: sum(1 for c in _cards(ts) if c.colour is colour)


def _most(counts: Sequence[int]) -> list[bool]:
    top = max(counts)
    return [c == top for c in counts]


def _all_colours_trick(trick: Sequence[Card], players: int) -> bool:
    return len({c.colour for c in trick}) >= min(players, len(COLOURS))


def mission7_limit(players: int, scaled: bool = False) -> int:
    """Mission 7's limit on a trick's value: 25 at every table size (the card text), or with
    ``scaled`` (option ``mission7="scaled"``) 25 for four cards scaled by ``players / 4``."""
    return 25 * players // 4 if scaled else 25


def mission_scores(
    m: Mission, tricks: Tricks, players: int, *, scaled: bool = False
) -> tuple[int, ...]:
    """Points each seat scores for mission ``m`` (rulings in docs/rules/megalomania.md).

    ``scaled`` (option ``mission7="scaled"``): mission 7's limit scales with the players."""
    n = m.number
    p = m.points
    won = [len(ts) for ts in tricks]
    seats = range(len(tricks))
    if n in (3, 4, 9, 10):
        colour = {3: Colour.BLUE, 4: Colour.YELLOW, 9: Colour.RED, 10: Colour.BLACK}[n]
        return tuple(p * _count_colour(colour)(tricks[s]) for s in seats)
    if n == 7:
        limit = mission7_limit(players, scaled)
        return tuple(
            p * sum(1 for t in tricks[s] if sum(c.value for c in t) <= limit) for s in seats
        )
    if n in (18, 25):
        return tuple(p * won[s] for s in seats)
    if n == 19:
        magic = (Rank.DWARF, Rank.WIZARD)
        return tuple(p * sum(1 for c in _cards(tricks[s]) if c.rank in magic) for s in seats)
    if n == 23:
        out = [0] * len(tricks)
        for colour in COLOURS:
            counts = [_count_colour(colour)(tricks[s]) for s in seats]
            top = max(counts)
            if top > 0 and counts.count(top) == 1:
                out[counts.index(top)] += p
        return tuple(out)
    if n in (20, 21):
        if players != 4:
            return tuple(0 for _ in seats)
        pair = (won[0] + won[2], won[1] + won[3])
        if pair[0] == pair[1]:
            return tuple(0 for _ in seats)
        better = 0 if pair[0] > pair[1] else 1
        target = better if n == 20 else 1 - better
        return tuple(p if s % 2 == target else 0 for s in seats)
    hit: list[bool]
    if n == 1:
        hit = [w == 3 for w in won]
    elif n == 2:
        hit = [len({c.colour for c in _cards(tricks[s])}) == len(COLOURS) for s in seats]
    elif n in (5, 16):
        hit = [w >= 4 for w in won]
    elif n == 6:
        hit = [
            not any(c.rank in (Rank.DWARF, Rank.WIZARD) for c in _cards(tricks[s])) for s in seats
        ]
    elif n == 8:
        hit = [any(_all_colours_trick(t, players) for t in tricks[s]) for s in seats]
    elif n == 11:
        hit = [sum(c.value for c in _cards(tricks[s])) >= 80 for s in seats]
    elif n == 12:
        hit = [w % 2 == 1 for w in won]
    elif n == 13:
        hit = [w == 1 for w in won]
    elif n in (14, 17):
        hit = [w == 2 for w in won]
    elif n in (15, 22):
        hit = _most(won)
    elif n == 24:
        hit = [w == 0 for w in won]
    else:
        raise ValueError(f"no scoring for mission {n}")
    return tuple(p if h else 0 for h in hit)


def winners(
    scores: Sequence[int], negatives: Sequence[int], holds_scroll: Sequence[bool]
) -> tuple[int, ...]:
    """The winners: most points; ties to fewer negative points, then to no unused scroll."""
    key = [(scores[s], -negatives[s], not holds_scroll[s]) for s in range(len(scores))]
    best = max(key)
    return tuple(s for s in range(len(scores)) if key[s] == best)


def pooled(values: Sequence[int], teams: Sequence[Sequence[int]]) -> list[int]:
    """Per seat, the sum of ``values`` over the seat's team (pair play pools scores)."""
    out = list(values)
    for team in teams:
        total = sum(values[s] for s in team)
        for s in team:
            out[s] = total
    return out


def team_winners(
    scores: Sequence[int],
    negatives: Sequence[int],
    holds_scroll: Sequence[bool],
    teams: Sequence[Sequence[int]],
) -> tuple[int, ...]:
    """The winning seats of pair play: the team with the most pooled points; ties to fewer
    pooled negative points, then to the team of which no member holds an unused scroll."""
    held = [any(holds_scroll[s] for s in team) for team in teams]
    key = [
        (sum(scores[s] for s in team), -sum(negatives[s] for s in team), not held[i])
        for i, team in enumerate(teams)
    ]
    best = max(key)
    return tuple(sorted(s for i, team in enumerate(teams) if key[i] == best for s in team))
