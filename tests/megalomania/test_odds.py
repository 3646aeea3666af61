"""Odds of Megalomania: exact trick odds against a brute force run on the rules engine, sampled
odds within their error of the exact ones, rebuilt states indistinguishable from the real one."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Sequence
from typing import Any

import pytest

import gamelib
from gamelib.megalomania.bots import HeuristicBot
from gamelib.megalomania.cards import DECK, Rank, parse_cards
from gamelib.megalomania.missions import Deal
from gamelib.megalomania.odds import (
    count_deals,
    determinize,
    hidden_card_bans,
    mission_odds,
    mission_success,
    trick_odds,
    unseen_cards,
)
from gamelib.megalomania.powers import Play, TrickContext, follow_cards, trick_winner
from gamelib.megalomania.state import MegalomaniaState

SHORT = gamelib.load("megalomania", length="short")


def _late_positions(count: int, seed: int = 0, max_deals: int = 10**9
                    ) -> list[MegalomaniaState]:
    """Positions near the end of a round (small hidden hands) reached by random play, with at
    most ``max_deals`` deals of the hidden cards to the seats still to play."""
    rng = random.Random(seed)
    found: list[MegalomaniaState] = []
    g = 0
    while len(found) < count:
        st = SHORT.new_state(1000 + g)
        g += 1
        while not st.is_terminal() and len(found) < count:
            if (
                st.phase == "play"
                and st.m.deal is Deal.NORMAL
                and not _explored_this_round(st)
                and st.trick_no >= st.m.tricks - 2
                and len(st.trick) < st.n - 1
                and rng.random() < 0.3
                and _deal_count(st) <= max_deals
            ):
                found.append(st)
                break
            legal = st.legal_actions()
            st = gamelib.play(st, legal[rng.randrange(len(legal))])  # type: ignore[assignment]
    return found


def _explored_this_round(st: MegalomaniaState) -> bool:
    keys = [e.key for e in st.log]
    start = max(i for i, k in enumerate(keys) if k == "round_start")
    return "p_explorer" in keys[start:]


def _deal_count(st: MegalomaniaState) -> int:
    me = st.current_player
    assert me is not None
    view = st.view(me)
    first = st.trick[0].seat if st.trick else me
    order = [(first + i) % st.n for i in range(st.n)]
    after = [s for s in order[len(st.trick) :] if s != me]
    sizes = [view.hand_counts[s] - len(view.known_cards[s]) for s in after]
    return count_deals(len(unseen_cards(view)), sizes)


def _hidden_pool(st: MegalomaniaState, me: int) -> list[Any]:
    """Every card ``me`` cannot see, read off the state (not the view)."""
    view = st.view(me)
    pool = [c for s in range(st.n) if s != me for c in st.hands[s] if c not in view.known_cards[s]]
    pool += st.set_aside + [c for s in range(st.n) for c in st.draw_piles[s]]
    pool += [u for s in range(st.n) for _, u in st.covered[s]]
    pool += [c for s in range(st.n) if s != me for c in st.own_aside[s]]
    return pool


def _round_plays(st: MegalomaniaState) -> list[tuple[int, Any, list[Play]]]:
    """(seat, action, trick before it) for every card played so far in the current round,
    found by replaying the game from its seed (independent of the view and its log)."""
    out: list[tuple[int, Any, list[Play]]] = []
    cur = SHORT.new_state(st.seed)
    for text in st.history:
        action = SHORT.parse_action(cur, text)
        if cur.phase == "play" and cur.round == st.round:
            out.append((cur.current_player, action, list(cur.trick)))
        nxt = cur.clone()
        nxt._apply(action)
        cur = nxt
    return out


def _consistent(st: MegalomaniaState, seat: int, hidden: Sequence[Any],
                plays: list[tuple[int, Any, list[Play]]]) -> bool:
    """Whether ``seat`` holding ``hidden`` (plus its known cards) now agrees with every card it
    played this round: at each play its hand was the present one plus the cards it played
    since, and the card played must have been allowed by the follow rule."""
    view = st.view(st.current_player)
    hand_now = [*hidden, *view.known_cards[seat]]
    mine = [(a, trick) for s, a, trick in plays if s == seat]
    for i, (action, trick) in enumerate(mine):
        later = [a.card for a, _ in mine[i:]]
        hand = [*hand_now, *later]
        if action.power and action.card.rank is Rank.ASSASSIN:
            continue
        if action.card not in follow_cards(hand, trick, st.dominant):
            return False
    return True


def _brute_force(st: MegalomaniaState, me: int, model: str) -> dict[str, float]:
    """P(each legal play of ``me`` takes the trick) over every placement of the hidden cards
    (all other hands and the set-aside cards) that agrees with the round's history, with the
    rules engine making every later move."""
    view = st.view(me)
    n = st.n
    first = st.trick[0].seat if st.trick else me
    order = [(first + i) % n for i in range(n)]
    after = [s for s in order[len(st.trick) :] if s != me]
    holders = [s for s in range(n) if s != me]
    pool = _hidden_pool(st, me)
    sizes = {s: view.hand_counts[s] - len(view.known_cards[s]) for s in holders}
    history = _round_plays(st)
    totals: dict[str, float] = {str(a): 0.0 for a in st.legal_actions()}
    weight = 0

    def deal(rest: list[Any], k: int, acc: dict[int, tuple[Any, ...]]) -> Any:
        if k == len(holders):
            yield dict(acc)
            return
        s = holders[k]
        for combo in itertools.combinations(rest, sizes[s]):
            left = [c for c in rest if c not in combo]
            yield from deal(left, k + 1, {**acc, s: combo})

    def finish(state: MegalomaniaState) -> float:
        while state.phase in ("explorer", "peasant"):
            state._apply(state.legal_actions()[0])
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        if model == "heuristic":
            choices = [(HeuristicBot(0).choose(state.view(seat), legal), 1.0)]
        else:
            choices = [(a, 1.0 / len(legal)) for a in legal]
        total = 0.0
        for a, w in choices:
            if len(state.trick) == n - 1:
                plays = [*state.trick, Play.of(seat, a)]
                won = trick_winner(plays, None, state.dominant, TrickContext(state.cube_step))
                total += w * (won == me)
            else:
                nxt = state.clone()
                nxt._apply(a)
                total += w * finish(nxt)
        return total

    for hands in deal(pool, 0, {}):
        if not all(_consistent(st, s, hands[s], history) for s in holders):
            continue
        weight += 1
        base = st.clone()
        for s in after:
            base.hands[s] = sorted([*view.known_cards[s], *hands[s]], key=str)
        for a in st.legal_actions():
            if len(base.trick) == n - 1:
                plays = [*base.trick, Play.of(me, a)]
                won = trick_winner(plays, None, base.dominant, TrickContext(base.cube_step))
                totals[str(a)] += won == me
                continue
            nxt = base.clone()
            nxt._apply(a)
            totals[str(a)] += finish(nxt)
    assert weight > 0, "the real deal is always consistent"
    return {k: v / weight for k, v in totals.items()}


@pytest.mark.parametrize("model", ["random", "heuristic"])
def test_exact_trick_odds_match_brute_force_on_the_engine(model: str) -> None:
    checked = with_voids = 0
    limit = 40 if model == "random" else 10**9
    for st in _late_positions(8, seed=1 if model == "random" else 2, max_deals=limit):
        me = st.current_player
        assert me is not None
        view = st.view(me)
        odds = trick_odds(view, st.legal_actions(), model=model, exact_limit=10**9)
        assert odds.exact and odds.odds
        brute = _brute_force(st, me, model)
        assert set(brute) == set(odds.odds)
        for text, est in odds.odds.items():
            assert est.exact
            assert math.isclose(est.value, brute[text], abs_tol=1e-9), (text, est, brute[text])
        checked += 1
        with_voids += any(hidden_card_bans(view))
    print(f"{checked} positions ({with_voids} with shown voids), model {model}: "
          "exact odds equal the brute force")
    assert checked == 8 and with_voids >= 2


def test_default_legal_plays_match_the_engine() -> None:
    for st in _late_positions(8, seed=3, max_deals=200):
        me = st.current_player
        assert me is not None
        computed = trick_odds(st.view(me), model="random", exact_limit=10**9)
        assert set(computed.odds) == {str(a) for a in st.legal_actions()}


def test_sampled_odds_are_within_their_error_of_the_exact_odds() -> None:
    samples = 3000
    compared = 0
    for st in _late_positions(4, seed=4, max_deals=400):
        me = st.current_player
        assert me is not None
        view = st.view(me)
        legal = st.legal_actions()
        exact = trick_odds(view, legal, model="random", exact_limit=10**9)
        sampled = trick_odds(view, legal, model="random", exact_limit=0, samples=samples, seed=7)
        assert exact.exact and not sampled.exact and sampled.cases == samples
        for text, est in sampled.odds.items():
            p = exact.odds[text].value
            assert not est.exact and est.samples == samples
            sigma = math.sqrt(p * (1 - p) / samples)
            assert abs(est.value - p) <= 4.5 * sigma + 1e-12, (text, est, p)
            compared += 1
    print(f"{compared} sampled plays within 4.5 standard errors of the exact odds")


def test_handmade_last_card_is_certain() -> None:
    # Seat 0 leads B15 in the dominant colour blue; everyone else holds one card.
    hands = [parse_cards(h) for h in ("B15", "R1", "Y1", "K1")]
    held = {c for h in hands for c in h}
    rest = [c for c in DECK if c not in held]
    taken = [[rest[i : i + 4] for i in range(0, 28, 4)], [], [], []]
    st = MegalomaniaState.position(SHORT, hands=hands, mission_no=3, captured=taken)
    odds = trick_odds(st.view(0), st.legal_actions())
    assert odds.exact and odds.odds["play blue 15 (Emperor)"].value == 1.0
    assert "exact" in odds.odds["play blue 15 (Emperor)"].describe()


def test_count_deals() -> None:
    assert count_deals(6, [2, 2]) == math.comb(6, 2) * math.comb(4, 2)
    assert count_deals(3, [2, 2]) == 0
    assert count_deals(5, []) == 1


def test_unseen_cards_and_determinize_agree_with_the_view() -> None:
    rng = random.Random(5)
    checked = 0
    for g in range(12):
        st = SHORT.new_state(200 + g)
        while not st.is_terminal():
            if st.phase in ("play", "explorer", "peasant") and rng.random() < 0.08:
                me = st.current_player
                assert me is not None
                view = st.view(me)
                assert sorted(map(str, unseen_cards(view))) == sorted(
                    map(str, _hidden_pool(st, me))
                )
                rebuilt = determinize(view, random.Random(g))
                rebuilt.check_invariants()
                again = rebuilt.view(me)
                for f in dataclasses.fields(view):
                    if f.name not in ("log", "step"):
                        assert getattr(again, f.name) == getattr(view, f.name), f.name
                checked += 1
            legal = st.legal_actions()
            st = gamelib.play(st, legal[rng.randrange(len(legal))])  # type: ignore[assignment]
    assert checked >= 30


def test_mission_odds_is_a_seeded_simulation() -> None:
    st = _late_positions(1, seed=6)[0]
    me = st.current_player
    assert me is not None
    view = st.view(me)
    a = mission_odds(view, samples=30, seed=3)
    b = mission_odds(view, samples=30, seed=3)
    assert a == b
    assert not a.success.exact and a.success.samples == 30
    assert 0.0 <= a.success.value <= 1.0
    assert "simulated" in a.describe()


def test_mission_success_reading() -> None:
    from gamelib.megalomania.missions import mission

    assert mission_success(mission(1), 3) and not mission_success(mission(1), 0)
    assert mission_success(mission(16), 0) and not mission_success(mission(16), -3)
    assert mission_success(mission(3), 2) and not mission_success(mission(3), 0)


def test_odds_refuse_when_not_the_viewers_turn() -> None:
    st = _late_positions(1, seed=8)[0]
    other = ((st.current_player or 0) + 1) % st.n
    with pytest.raises(ValueError, match="their turn"):
        trick_odds(st.view(other))
    with pytest.raises(ValueError, match="model"):
        trick_odds(st.view(st.current_player), model="perfect")


def test_bans_read_from_the_views_round_tricks_not_the_log() -> None:
    """The view carries the round's finished tricks (``round_tricks``): the odds read the plays
    from it, so a view without its log gives the same bans, and the tricks match the captures."""
    import dataclasses
    import random

    import gamelib
    from gamelib.megalomania.odds import hidden_card_bans

    game = gamelib.load("megalomania", first_mission=1)
    st = game.new_state(5)
    rng = random.Random(5)
    while not (st.phase == "play" and st.trick_no >= 4):
        legal = st.legal_actions()
        st = gamelib.play(st, legal[rng.randrange(len(legal))])
    view = st.view(st.current_player)
    assert len(view.round_tricks) == 4
    assert [len(t) for t in view.round_tricks] == [4] * 4
    assert sum(len(t) for seat in st.captured for t in seat) == 16  # (an Explorer may swap)
    assert any(hidden_card_bans(view))
    assert hidden_card_bans(dataclasses.replace(view, log=())) == hidden_card_bans(view)


def test_panel_odds_cache_returns_the_computed_answer() -> None:
    """``OddsCache.panel``: the first call computes exactly what ``trick_odds`` and
    ``mission_odds`` give; the same position again (even with a different log) is a cache hit
    returning the same answer; another position is computed afresh."""
    import dataclasses

    from gamelib.megalomania.odds import OddsCache, mission_odds, panel_samples, trick_odds

    st = _late_positions(1, seed=7, max_deals=2000)[0]
    view = st.view(st.current_player)
    cache = OddsCache(size=2)
    first = cache.panel(view, samples=50, mission_samples=5, seed=3, exact_limit=2000)
    deals, rounds = panel_samples(view, 50, 5, "heuristic")  # what the work budget affords
    assert first.trick == trick_odds(view, samples=deals, seed=3, exact_limit=2000)
    assert first.mission == mission_odds(view, samples=rounds, seed=3)
    again = cache.panel(dataclasses.replace(view, log=()), samples=50, mission_samples=5, seed=3,
                        exact_limit=2000)
    assert again is first and (cache.hits, cache.misses) == (1, 1)
    other = cache.panel(view, samples=50, mission_samples=0, seed=3)
    assert other.mission is None and cache.misses == 2
    unbudgeted = OddsCache().panel(view, samples=50, mission_samples=30, seed=3, budget=False)
    assert unbudgeted.mission == mission_odds(view, samples=30, seed=3)


def test_mission_odds_after_an_explorer_on_mission_15() -> None:
    """Regression: on mission 15 (a fixed order of play) the Explorer's find is held but not in
    the order; a rebuilt state once put it in the order too, and a playout ran out of plays."""
    game = gamelib.load("megalomania", first_mission=15)
    st = game.new_state(5)
    rng = random.Random(0)
    for _ in range(29):
        legal = st.legal_actions()
        st = gamelib.play(st, legal[rng.randrange(len(legal))])
    view = st.view(0)
    assert view.phase == "explorer" and view.mission is not None and view.mission.number == 15
    for g in range(20):
        rebuilt = determinize(view, random.Random(g))
        rebuilt.check_invariants()
        seat = view.current_player
        assert rebuilt.explorer is not None
        assert rebuilt.explorer[3] not in rebuilt.orders[seat]
    assert mission_odds(view, samples=8).success.samples == 8


def test_panel_budget_and_stated_precision() -> None:
    """The panel's work budget gives late positions more samples, never fewer than the floor nor
    more than asked, and the notes state the precision in both languages."""
    from gamelib.megalomania.odds import MIN_SAMPLES, MIN_TRICK_SAMPLES, panel_odds, panel_samples

    st = _late_positions(1, seed=7, max_deals=10**9)[0]
    view = st.view(st.current_player)
    deals, rounds = panel_samples(view, 100, 48, "heuristic")
    assert MIN_TRICK_SAMPLES <= deals <= 100 and MIN_SAMPLES <= rounds <= 48
    assert panel_samples(view, 10, 5, "heuristic") == (10, 5)
    odds = panel_odds(view)
    assert odds.trick is not None and odds.mission is not None
    n = odds.mission.success.samples
    assert f"{n} simulated rounds" in odds.mission.describe("en")
    assert f"{n}回のシミュレーション" in odds.mission.describe("ja")
    en, ja = odds.notes("en"), odds.notes("ja")
    assert en[1] == odds.mission.describe("en") and ja[1] == odds.mission.describe("ja")
    if odds.trick.exact:
        assert en[0].endswith("Exact values.") and ja[0].endswith("(厳密な値)")
    else:
        worst = f"±{0.5 / math.sqrt(odds.trick.cases):.1%}"
        assert worst in en[0] and "(one standard error) at most" in en[0]
        assert worst in ja[0] and "標準誤差は最大" in ja[0]
