"""Exact neutral-defence odds: hand-computed cases, exact vs float, and a Monte Carlo check."""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

from gamelib.core import hypergeometric_pmf
from gamelib.rekkyo.odds import (
    StrengthDistribution,
    as_card_dist,
    draw_distribution,
    draw_distribution_with_rebuild,
    fixed,
    monte_carlo_draw,
    uniform_die,
)

D6 = uniform_die(range(1, 7))

# A pool shaped like the full deck seen from one seat: many zeros (events, open cards, navy on
# land), weapons of strength 1-6 and a few die-rolling cards.
DECK_LIKE = {
    fixed(0): 18,
    fixed(1): 10,
    fixed(2): 12,
    fixed(3): 10,
    fixed(4): 8,
    fixed(5): 5,
    fixed(6): 3,
    D6: 4,
}


def test_three_cards_two_drawn_by_hand() -> None:
    d = draw_distribution([0, 1, 2], 2, exact=True)
    assert d.fractions == (0, F(1, 3), F(1, 3), F(1, 3))
    assert d.p_win_exact(3) == F(2, 3)  # wins only when the defence is below 3
    assert d.p_win_exact(2) == F(1, 3)  # a tie (2 vs 2) is the attacker's defeat


def test_die_card_by_hand() -> None:
    d = draw_distribution([D6, 3], 1, exact=True)
    expected = [F(0), *[F(1, 12)] * 2, F(1, 2) + F(1, 12), *[F(1, 12)] * 3]
    assert list(d.fractions or ()) == expected


def test_two_dice_and_a_blank_by_hand() -> None:
    # {die, die}: sum of two dice (1/3); {die, blank} twice: one die (2/3)
    d = draw_distribution([D6, D6, 0], 2, exact=True)
    two = [F(0)] * 13
    for a in range(1, 7):
        for b in range(1, 7):
            two[a + b] += F(1, 36) / 3
    for a in range(1, 7):
        two[a] += F(1, 6) * F(2, 3)
    assert list(d.fractions or ()) == two


@pytest.mark.parametrize("draws", [0, 1, 3, 5])
def test_hypergeometric(draws: int) -> None:
    d = draw_distribution({fixed(1): 5, fixed(0): 7}, draws)
    for k in range(draws + 1):
        assert d.prob(k) == pytest.approx(hypergeometric_pmf(12, 5, draws, k), abs=1e-15)


def test_float_matches_exact_on_deck_like_pool() -> None:
    for n in range(11):
        a = draw_distribution(DECK_LIKE, n)
        b = draw_distribution(DECK_LIKE, n, exact=True)
        assert b.fractions is not None and sum(b.fractions) == 1
        assert len(a) == len(b)
        assert max(abs(x - y) for x, y in zip(a.probs, b.probs, strict=True)) < 1e-12


def test_pool_as_list_equals_pool_as_counts() -> None:
    as_list = [d for d, c in DECK_LIKE.items() for _ in range(c)]
    assert draw_distribution(as_list, 6, exact=True) == draw_distribution(DECK_LIKE, 6, exact=True)


def test_short_pool_draws_everything() -> None:
    d = draw_distribution([2, 3], 5, exact=True)
    assert d.fractions == (*[F(0)] * 5, F(1))


def test_rebuild_by_hand() -> None:
    # pile of 1 card out of the unseen {1, 2, 3}; the second card comes from the rebuilt {5, 5}
    d = draw_distribution_with_rebuild([1, 2, 3], 1, [5, 5], 2, exact=True)
    assert d.fractions == (*[F(0)] * 6, F(1, 3), F(1, 3), F(1, 3))
    same = draw_distribution_with_rebuild([1, 2, 3], 4, [5, 5], 2, exact=True)
    assert same == draw_distribution([1, 2, 3], 2, exact=True)


def test_attack_with_dice() -> None:
    defence = StrengthDistribution.point(3)
    attack = StrengthDistribution.from_card_dists([D6], exact=True)
    assert attack.fractions is not None
    assert defence.p_win_exact(attack) == F(1, 2)  # 4, 5 or 6 beats 3
    assert defence.p_win(attack) == pytest.approx(0.5)


def test_as_card_dist_validates() -> None:
    assert as_card_dist({2: 0.5, 4: 0.5}) == ((2, F(1, 2)), (4, F(1, 2)))
    with pytest.raises(ValueError):
        as_card_dist({1: 0.5})
    with pytest.raises(ValueError):
        as_card_dist(-1)


def test_monte_carlo_agrees_within_error() -> None:
    n, attack, samples = 7, 16, 20_000
    exact = draw_distribution(DECK_LIKE, n)
    est, emp = monte_carlo_draw(DECK_LIKE, n, attack, samples, seed=7)
    print(f"P(win) exact {exact.p_win(attack):.4f}, simulated {est.describe()}")
    assert abs(est.value - exact.p_win(attack)) < 4.5 * est.stderr + 1e-9
    for s in range(max(len(exact), len(emp))):
        p = exact.prob(s)
        sigma = math.sqrt(p * (1 - p) / samples)
        assert abs(emp.prob(s) - p) < 4.5 * sigma + 2 / samples, s


def test_a_seeded_simulation_draws_the_same_defences_as_before() -> None:
    """The counts of a seeded simulation on the whole deck (cards of one strength and cards of
    several), as the first version (which walked each card's chances) counted them."""
    est, emp = monte_carlo_draw(odds.full_deck_pool(), 6, 9, 2000, seed=5)
    assert round(est.value * 2000) == 932
    assert [round(p * 2000) for p in emp.probs] == [
        16, 1, 31, 57, 66, 164, 156, 188, 253, 207, 220, 213, 160, 115, 66, 42, 23, 17, 3, 2]


# -- against the rules engine itself ----------------------------------------------------------

import random  # noqa: E402
from collections import Counter  # noqa: E402

import gamelib  # noqa: E402
from gamelib.core import Rng  # noqa: E402
from gamelib.rekkyo import odds  # noqa: E402


def _action_state(seed: int, **options: object) -> object:
    """A state where the turn player may invade a neutral, reached by seeded random play."""
    game = gamelib.load("rekkyo", **options)
    rng = random.Random(seed)
    state = game.new_state(seed)
    while True:
        if state.phase == "action":
            for a in state.legal_actions():
                if type(a).__name__ == "Invade" and state.owner[a.target] is None:
                    return state, a
        state = gamelib.play(state, rng.choice(state.legal_actions()))


def _engine_totals(state, seat, invade, cards, samples, seed):  # type: ignore[no-untyped-def]
    """Run the engine's neutral defence ``samples`` times with the unseen cards reshuffled."""
    rng = random.Random(seed)
    totals: Counter[int] = Counter()
    others = [q for q in range(state.game.players) if q != seat]
    for _ in range(samples):
        s = state.clone()
        pool = list(s.pile) + [c for q in others for c in s.hands[q]]
        rng.shuffle(pool)
        s.pile, rest = pool[: len(s.pile)], pool[len(s.pile) :]
        for q in others:
            n = len(s.hands[q])
            s.hands[q], rest = rest[:n], rest[n:]
        s.rng = Rng(rng.getrandbits(48))
        s._apply(invade)
        for cid in cards:
            s._apply(gamelib.rekkyo.actions.AddCard(cid))
        s._apply(gamelib.rekkyo.actions.Commit())
        totals[s.last_combat.defender_total] += 1
    return totals


def _check_against_engine(state, invade, samples=3000, seed=1):  # type: ignore[no-untyped-def]
    import gamelib.rekkyo.actions  # noqa: F401

    seat = state.current_player
    view = state.view(seat)
    best = odds.attack_options(view, invade.target, invade.route)[0]
    exact = odds.neutral_defence(view, invade.target, invade.route)
    totals = _engine_totals(state, seat, invade, best.cards, samples, seed)
    worst = 0.0
    for s in range(max(len(exact), max(totals) + 1)):
        p = exact.prob(s)
        emp = totals[s] / samples
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / samples)
        worst = max(worst, abs(emp - p) / sigma if p > 0 else (0.0 if emp == 0 else 1e9))
        assert abs(emp - p) < 4.5 * sigma + 1.5 / samples, (s, p, emp)
    print(f"{invade}: pile {view.draw_pile_size}, worst deviation {worst:.2f} sigma")
    return exact


@pytest.mark.parametrize("seed", [3, 11])
def test_neutral_defence_matches_engine(seed: int) -> None:
    state, invade = _action_state(seed, players=3)
    exact = _check_against_engine(state, invade)
    assert sum(exact.probs) == pytest.approx(1.0)


@pytest.mark.parametrize("rule", ["reshuffle", "what_exists"])
def test_short_pile_matches_engine(rule: str) -> None:
    state, invade = _action_state(5, players=2, neutral_short=rule)
    power = state.game.cards.territory(invade.target).power
    if power < 2:
        pytest.skip("target too weak to leave the pile short")
    # move cards from the pile to the discard pile: the pile now holds fewer than `power` cards
    while len(state.pile) >= power:
        state.discard.append(state.pile.pop(0))
    state.check_invariants()
    view = state.view(state.current_player)
    assert view.draw_pile_size < power
    exact = _check_against_engine(state, invade)
    if rule == "what_exists":
        pile_only = odds.draw_distribution(
            odds.pool_of(view.unseen, invade.route), view.draw_pile_size
        )
        assert exact.probs == pytest.approx(pile_only.probs)


def test_teacher_view_rebuilds_the_attackers_unseen_cards() -> None:
    state, _ = _action_state(7, players=3)
    seat = state.current_player
    teacher = state.view(None)
    assert odds.attacker_unseen(teacher, seat) == Counter(state.view(seat).unseen)


def test_full_deck_pool_has_83_cards() -> None:
    land = odds.full_deck_pool()
    sea = odds.full_deck_pool(by_sea=True)
    assert sum(land.values()) == sum(sea.values()) == 83
    # navy counts 0 against a land invasion, so the land pool has more zeros
    assert land[fixed(0)] > sea[fixed(0)]


def test_weapon_count_curve_is_monotone_for_fixed_cards() -> None:
    state, invade = _action_state(3, players=3)
    view = state.view(state.current_player)
    curve = odds.win_by_weapon_count(view, invade.target, invade.route)
    assert curve and all(0 <= o.p_win <= 1 for o in curve)
    for o in curve:
        on_win, on_loss = odds.cards_lost_if(o.cards, view.territories_of(view.viewer or 0))
        assert on_win <= o.expected_lost <= on_loss


def test_odds_use_weapons_publicly_returned_to_a_hand():
    """Exact odds condition on what the viewer knows: weapons everyone saw go back to a hand are
    not in the draw pile (issue 13 item 5). Hawaii by sea, P(defence >= 4) from the next seat."""
    from fractions import Fraction

    from gamelib.rekkyo.cards import card_strength_distribution
    from gamelib.rekkyo.position import make_position, play_texts

    game = gamelib.load("rekkyo", players=2, first_player="seat1")
    s = make_position(game, owners={"usa": 0, "germany": 1},
                      hands=[["iowa", "essex", "b29"], ["panzer4"]],
                      pile_top=["m13", "italian_infantry", "wehrmacht"])
    s = play_texts(s, "invade africa by sea", "add iowa", "add essex", "add b29", "commit")
    assert s.last_combat.winner == "attacker"
    assert sorted(s.last_combat.returned) == ["b29", "essex", "iowa"]
    assert sorted(s.known_held[0]) == ["b29", "essex", "iowa"]
    view = s.view(1)
    pool = odds.attacker_unseen(view, 1)
    assert pool.get("iowa", 0) == pool.get("essex", 0) == pool.get("b29", 0) == 0
    assert view.unseen["iowa"] == 1  # its place is hidden, but everyone saw it go back

    def p_at_least_4(cards) -> Fraction:
        total = sum(cards.values())
        hits = sum(Fraction(k) * Fraction(sum(p for v, p in card_strength_distribution(
            c, "sea").items() if v >= 4)).limit_denominator(10**6) for c, k in cards.items())
        return hits / total

    known = odds.neutral_defence(view, "hawaii", "sea", exact=True)
    assert 1 - known.cdf(3) == pytest.approx(float(p_at_least_4(pool)), abs=1e-12)
    assert p_at_least_4(pool) < p_at_least_4(view.unseen)
    # the card leaves the known set once everyone sees it leave the hand
    s.known_held[0].remove("iowa")
    assert odds.attacker_unseen(s.view(1), 1)["iowa"] == 1


def test_attack_options_are_cached_and_equal_a_fresh_computation() -> None:
    """The odds panel's options (every attack from the hand, P(win), cards lost) are computed
    once per defence, usable hand, route and held territories; a repeat is a look-up giving the
    same answer as computing afresh with every cache emptied."""
    game = gamelib.load("rekkyo", players=3)
    state = game.new_state(2)
    rng = random.Random(2)
    checked = 0
    for _ in range(60):
        view = state.view(None)
        seat = view.turn_player
        if seat is not None and view.hands[seat]:
            for t in odds.cards_of(view).territories:
                if view.owners.get(t.id) is None and t.land:
                    first = odds.win_by_weapon_count(view, t.id, "land", seat=seat)
                    again = odds.win_by_weapon_count(view, t.id, "land", seat=seat)
                    odds._OPTIONS.clear()
                    odds._ATTACKS.clear()
                    odds._DEFENCES.clear()
                    assert first == again == odds.win_by_weapon_count(view, t.id, "land", seat=seat)
                    checked += 1
        legal = state.legal_actions()
        state = gamelib.play(state, legal[rng.randrange(len(legal))])
    assert checked > 20
