"""Powers odds: exact counts against brute-force enumeration and against Monte Carlo."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

import pytest

from gamelib.powers.odds import (
    JOKER,
    Opponent,
    beat_odds,
    beats,
    card_key,
    face_card_odds,
    full_deck,
    hand_odds,
    has_pair,
    has_straight,
    legal_suits,
)

CardKey = tuple[int, str]


def brute_beat(
    unseen: Sequence[CardKey], opponents: Sequence[Opponent], to_beat: int, terrain: str
) -> float:
    """Deal every possible set of disjoint hands and count those where someone can beat."""
    hits = total = 0

    def deal(i: int, free: list[int], hands: list[tuple[int, ...]]) -> None:
        nonlocal hits, total
        if i == len(opponents):
            total += 1
            hits += any(
                beats(unseen[j], to_beat, bonus=o.bonus, terrain=terrain,
                      joker_allowed=o.joker_allowed)
                for hand, o in zip(hands, opponents, strict=True)
                for j in hand
            )
            return
        for hand in itertools.combinations(free, opponents[i].hand_size):
            rest = [j for j in free if j not in hand]
            deal(i + 1, rest, [*hands, hand])

    deal(0, list(range(len(unseen))), [])
    return hits / total


def test_card_rules() -> None:
    assert beats((13, "S"), 12)
    assert not beats((12, "S"), 12)  # strictly stronger
    assert beats((12, "S"), 12, bonus=1)  # adjacency bonus
    assert beats((1, "S"), 99)  # an Ace beats anything by one
    assert beats(JOKER, 99, terrain="island")
    assert not beats(JOKER, 3, joker_allowed=False)
    assert not beats((13, "S"), 2, terrain="island")
    assert not beats((1, "H"), 2, terrain="landlocked")
    assert legal_suits("island") == frozenset("HDJ")
    with pytest.raises(ValueError):
        legal_suits("swamp")


def test_card_key_parsing() -> None:
    assert card_key("QH") == (12, "H")
    assert card_key("10♠") == (10, "S")
    assert card_key("A♦") == (1, "D")
    assert card_key("Joker") == JOKER
    assert card_key((5, "C")) == (5, "C")


@pytest.mark.parametrize("seed", range(40))
def test_beat_odds_exact_equals_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    unseen = rng.sample(full_deck(), rng.randint(5, 9))
    opponents = [
        Opponent(seat, rng.randint(1, 2), rng.randint(0, 2), rng.random() < 0.7)
        for seat in range(rng.randint(1, 3))
    ]
    terrain = rng.choice(["normal", "island", "landlocked"])
    to_beat = rng.randint(0, 15)
    odds = beat_odds(unseen, opponents, to_beat=to_beat, terrain=terrain, method="exact")
    assert odds.anyone.exact
    assert odds.anyone.value == pytest.approx(brute_beat(unseen, opponents, to_beat, terrain))
    for (seat, est), o in zip(odds.each, opponents, strict=True):
        assert seat == o.seat
        assert est.value == pytest.approx(brute_beat(unseen, [o], to_beat, terrain))


def test_single_opponent_is_hypergeometric() -> None:
    # 20 unseen cards, of which the Aces, Jokers and ranks > 10 (bonus 0, to beat 10) beat.
    unseen = full_deck()[:13] + [(r, "H") for r in range(2, 7)] + [JOKER, JOKER]
    good = sum(beats(c, 10) for c in unseen)
    odds = beat_odds(unseen, [Opponent(1, 4)], to_beat=10)
    expected = 1 - math.comb(len(unseen) - good, 4) / math.comb(len(unseen), 4)
    assert odds.anyone.value == pytest.approx(expected)


def test_big_case_exact_agrees_with_simulation() -> None:
    unseen = full_deck()[8:]
    opponents = [Opponent(1, 7, 2), Opponent(2, 5, 0, joker_allowed=False), Opponent(3, 6, 1)]
    exact = beat_odds(unseen, opponents, to_beat=12, terrain="island", method="exact")
    sim = beat_odds(unseen, opponents, to_beat=12, terrain="island", method="simulate",
                    samples=20_000, seed=3)
    assert not sim.anyone.exact and sim.anyone.samples == 20_000
    for a, b in [(exact.anyone, sim.anyone)] + [
        (e, s) for (_, e), (_, s) in zip(exact.each, sim.each, strict=True)
    ]:
        assert abs(a.value - b.value) <= 4 * b.stderr + 1e-3


def test_a_seeded_simulation_deals_the_same_hands_every_time() -> None:
    """A seed fixes the deals: the counts of this simulation (close to the exact counts,
    2947.2 and 2532.1 / 1138.2 / 2115.8 of 3000) are the same on every run and machine."""
    unseen = full_deck()[8:]
    opponents = [Opponent(1, 7, 2), Opponent(2, 5, 0, joker_allowed=False), Opponent(3, 6, 1)]
    sim = beat_odds(unseen, opponents, to_beat=12, terrain="island", method="simulate",
                    samples=3000, seed=7)
    assert round(sim.anyone.value * 3000) == 2946
    assert [round(e.value * 3000) for _, e in sim.each] == [2511, 1136, 2124]


def test_auto_falls_back_to_simulation_when_too_big(monkeypatch: pytest.MonkeyPatch) -> None:
    import gamelib.powers.odds as odds_module

    monkeypatch.setattr(odds_module, "EXACT_STATE_LIMIT", 3)
    unseen = full_deck()
    opponents = [Opponent(1, 5, 1), Opponent(2, 5, 0)]
    auto = beat_odds(unseen, opponents, to_beat=9, samples=2000)
    assert not auto.anyone.exact
    with pytest.raises(ValueError):
        beat_odds(unseen, opponents, to_beat=9, method="exact")
    assert "simulated" in auto.describe("en")
    assert "シミュレーション" in auto.describe("ja")


def test_too_many_cards_in_hands() -> None:
    with pytest.raises(ValueError):
        beat_odds(full_deck()[:3], [Opponent(1, 4)], to_beat=5)


def brute_hand(deck: Sequence[CardKey], n: int) -> tuple[float, float, float]:
    combos = list(itertools.combinations(deck, n))
    pair = sum(has_pair(h) for h in combos) / len(combos)
    straight = sum(has_straight(h) for h in combos) / len(combos)
    either = sum(has_pair(h) or has_straight(h) for h in combos) / len(combos)
    return pair, straight, either


def test_pair_and_straight_predicates() -> None:
    assert has_pair([(5, "S"), (5, "H")])
    assert has_pair([JOKER, JOKER])
    assert not has_pair([JOKER, (5, "H")])
    assert has_straight([(1, "S"), (2, "H"), (3, "D")])  # A joins 2
    assert not has_straight([(12, "S"), (13, "H"), (1, "D")])  # K does not join A
    assert not has_straight([(4, "S"), (5, "H"), JOKER])  # Jokers never join


@pytest.mark.parametrize("seed", range(12))
def test_hand_odds_exact_equals_brute_force(seed: int) -> None:
    rng = random.Random(100 + seed)
    deck = rng.sample(full_deck(), 14)
    n = rng.randint(0, 6)
    got = hand_odds(n, deck)
    want = brute_hand(deck, n)
    assert (got.pair.value, got.straight.value, got.either.value) == pytest.approx(want)
    assert got.either.exact


def test_hand_odds_full_deck_against_simulation() -> None:
    rng = random.Random(7)
    deck = full_deck()
    samples = 20_000
    hits = sum(
        (lambda h: has_pair(h) or has_straight(h))(rng.sample(deck, 5)) for _ in range(samples)
    )
    p = hits / samples
    exact = hand_odds(5).either.value
    assert abs(exact - p) <= 4 * math.sqrt(p * (1 - p) / samples)
    assert hand_odds(2).pair.value == pytest.approx((13 * math.comb(4, 2) + 1) / math.comb(54, 2))
    assert hand_odds(0).either.value == 0


def test_face_card_odds() -> None:
    assert face_card_odds(1).value == pytest.approx(12 / 54)
    assert face_card_odds(5).value == pytest.approx(1 - math.comb(42, 5) / math.comb(54, 5))
    with pytest.raises(ValueError):
        face_card_odds(60)


def test_heuristic_bot_beats_random_over_2000_games() -> None:
    # The winning odds of the bots (the notebook's head-to-head table plays 200 of these).
    from gamelib.sim import simulate

    summary = simulate(
        "powers", players=2, games=2000, bots=("heuristic", "random"), seed=0, processes=2
    )
    assert summary.games == 2000
    rates = summary.win_rate_by_bot()
    # 2,000 games: the standard error of a win rate is at most about 0.011.
    assert rates["heuristic"] > 0.6, rates
    assert abs(sum(summary.wins_by_seat) - 2000) < 1e-9
