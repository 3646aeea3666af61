"""【インスト】 and 【ルール】(1): setup, every sentence as a scenario."""

from __future__ import annotations

from collections import Counter

import pytest

import gamelib
from gamelib.rekkyo.cards import default_cards

CARDS = default_cards()
PARTISANS = CARDS.counts["partisan"]


def _opening_hands(state):
    """Hands as dealt: the first player's turn draw is the last card they received."""
    hands = [list(h) for h in state.hands]
    hands[state.turn_player] = hands[state.turn_player][:-1]
    return hands


@pytest.mark.parametrize("players", range(2, 8))
def test_deal_five_action_cards_each(players):
    """「アクションカードを各プレイヤーに５枚ずつ配ります。」"""
    for seed in range(5):
        s = gamelib.load("rekkyo", players=players).new_state(seed)
        if "partisan" in s.discard and s.turn > 1:
            continue  # the first turn's draw was a partisan; covered below
        assert [len(h) for h in _opening_hands(s)] == [5] * players


def test_opening_partisan_is_discarded_and_replaced():
    """「この時、「パルチザン」が含まれていたらこれを捨て、さらに１枚補充します。」"""
    seen_replacement = False
    for seed in range(40):
        s = gamelib.load("rekkyo", players=7, first_player="seat1").new_state(seed)
        for hand in _opening_hands(s):
            assert "partisan" not in hand
            assert len(hand) == 5
        seen_replacement |= any(e.key == "deal_partisan" for e in s.log)
    assert seen_replacement


def test_partisan_dealt_at_setup_goes_to_the_discard_pile():
    """「この時、「パルチザン」が含まれていたらこれを捨て」: by default a partisan dealt at
    set-up is discarded, not shuffled back (``opening_partisan="reshuffle"``: the other
    reading)."""
    for seed in range(40):
        s = gamelib.load("rekkyo", players=7).new_state(seed)
        if any(e.key == "deal_partisan" for e in s.log):
            break
    set_aside = sum(1 for e in s.log if e.key == "deal_partisan")
    assert set_aside > 0
    assert Counter(s.discard)["partisan"] >= set_aside
    drawn = sum(1 for e in s.log if e.key == "draw_partisan")
    assert Counter(s.pile)["partisan"] + drawn + set_aside == PARTISANS


def test_reshuffle_after_dealing_returns_set_aside_partisans_as_an_option():
    """「アクションカードを配り終わったらリシャッフルして山札とします。」 with
    ``opening_partisan="reshuffle"``: the set-aside partisans go back into the pile."""
    for seed in range(40):
        s = gamelib.load("rekkyo", players=7, opening_partisan="reshuffle").new_state(seed)
        if any(e.key == "deal_partisan" for e in s.log):
            break
    drawn_partisans = sum(1 for e in s.log if e.key == "draw_partisan")
    assert Counter(s.pile)["partisan"] + drawn_partisans == PARTISANS


@pytest.mark.parametrize("players", range(2, 8))
def test_territories_chosen_from_highest_power(players):
    """「領地カードの選出は、国力の高い国から選出して下さい。」"""
    s = gamelib.load("rekkyo", players=players).new_state(3)
    starts = {h[0] for h in s.home}
    assert starts == set(CARDS.start_order[:players])


def test_territories_dealt_at_random():
    """「これをランダムに配ります。」"""
    firsts = {gamelib.load("rekkyo", players=3).new_state(seed).home[0][0] for seed in range(30)}
    assert firsts == set(CARDS.start_order[:3])


def test_soviet_start_takes_siberia_as_power_six():
    """「ソビエトを最初の領地とする場合はシベリアもそのプレイヤーの領土となり、国力６の領地として扱います。」"""
    for seed in range(30):
        s = gamelib.load("rekkyo", players=3).new_state(seed)
        p = next(i for i, h in enumerate(s.home) if h[0] == "soviet")
        assert s.owner["siberia"] == p
        assert s.power(p) == 6  # ruling pair6: ソビエト 4 + シベリア 2
        s6 = gamelib.load("rekkyo", players=3, siberia="siberia6").new_state(seed)
        assert s6.power(p) == 4 + 6  # ruling siberia6: シベリア itself counts 6
        break


def test_remaining_territories_are_neutral():
    """「残りの領地は中立国となります。」"""
    s = gamelib.load("rekkyo", players=4).new_state(1)
    held = {t for h in s.home for t in h}
    for t, o in s.owner.items():
        assert (o is None) == (t not in held)


def test_first_player_is_decided():
    """【ルール】「（１）最初のプレイヤーを決定します。」 (option first_player)"""
    firsts = {gamelib.load("rekkyo", players=4).new_state(seed).turn_player
              for seed in range(30) if gamelib.load("rekkyo", players=4).new_state(seed).turn == 1}
    assert len(firsts) > 1
    s = gamelib.load("rekkyo", players=4, first_player="seat1").new_state(5)
    assert s.log[[e.key for e in s.log].index("first_player")].en == "Player 1 plays first."
