"""The two-player joke at the end of the Powers rules, as a probability exercise.

「Powersのカードを使う2人用ゲーム。領土札を切って山を積み、交互にめくる。ヴィクトリアが出たら勝ち。
ただしヒゲの人物をめくった場合はそのまま続けてめくる事ができる。」

Shuffle the 14 country cards and flip them in turn. Whoever flips Victoria wins. A player who
flips a bearded ruler flips again; a beardless ruler other than Victoria passes the turn.

Of the other 13 rulers, ``b`` are bearded and ``m = 13 - b`` are beardless "passers". Bearded
cards never change whose turn it is, so only the order of Victoria among the ``m + 1`` beardless
cards matters, and that order is uniform: the first player wins when an even number of passers
come before Victoria, i.e. with probability ``(m // 2 + 1) / (m + 1)``.

The rule says a bearded flip lets you flip again (できる, "may"). :func:`win_probability_recursive`
also solves the reading where a player may stop instead, and shows it gives the same numbers:
the player to flip is never behind (the value is always at least 1/2), so flipping on is never
worse than handing the turn over.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

from gamelib.core import Estimate, monte_carlo

__all__ = [
    "OTHER_RULERS",
    "first_player_wins",
    "play_joke",
    "simulate_first_player",
    "win_probability",
    "win_probability_recursive",
    "win_table",
]

OTHER_RULERS = 13
"""Rulers other than Victoria on the 14 country cards."""

VICTORIA, BEARD, PASS = "V", "B", "P"


def _check(bearded: int) -> int:
    if not isinstance(bearded, int) or not 0 <= bearded <= OTHER_RULERS:
        raise ValueError(f"bearded must be an integer from 0 to {OTHER_RULERS}, not {bearded!r}")
    return OTHER_RULERS - bearded


def win_probability(bearded: int) -> Fraction:
    """Exact chance that the first player wins when ``bearded`` of the 13 others are bearded."""
    passers = _check(bearded)
    return Fraction(passers // 2 + 1, passers + 1)


@cache
def _value(passers: int, beards: int, optional: bool) -> Fraction:
    # Chance that the player about to flip wins, with `passers` beardless and `beards` bearded
    # cards left besides Victoria.
    total = passers + beards + 1
    value = Fraction(1, total)
    if passers:
        value += Fraction(passers, total) * (1 - _value(passers - 1, beards, optional))
    if beards:
        keep = _value(passers, beards - 1, optional)
        if optional:
            keep = max(keep, 1 - keep)  # flip on, or stop and let the other player flip
        value += Fraction(beards, total) * keep
    return value


def win_probability_recursive(bearded: int, *, optional: bool = False) -> Fraction:
    """The same chance solved card by card; ``optional=True`` lets a player stop after a beard."""
    passers = _check(bearded)
    return _value(passers, bearded, optional)


def win_table(*, optional: bool = False) -> list[tuple[int, Fraction]]:
    """``(b, P(first player wins))`` for b = 0..13."""
    return [(b, win_probability_recursive(b, optional=optional)) for b in range(OTHER_RULERS + 1)]


def play_joke(order: list[str]) -> int:
    """Return the winner (0 = first player) of one deal, ``order`` being the cards from the top."""
    player = 0
    for card in order:
        if card == VICTORIA:
            return player
        if card == PASS:
            player = 1 - player
    raise ValueError("the deck has no Victoria")


def _deck(bearded: int) -> list[str]:
    passers = _check(bearded)
    return [VICTORIA] + [BEARD] * bearded + [PASS] * passers


def first_player_wins(bearded: int, rng: random.Random) -> bool:
    """Shuffle a deck with ``bearded`` beards, play it out, say whether the first player won."""
    deck = _deck(bearded)
    rng.shuffle(deck)
    return play_joke(deck) == 0


def simulate_first_player(bearded: int, *, samples: int = 10_000, seed: int = 0) -> Estimate:
    """Monte Carlo estimate of :func:`win_probability` from ``samples`` seeded deals."""
    _check(bearded)
    return monte_carlo(lambda rng: first_player_wins(bearded, rng), samples, seed)
