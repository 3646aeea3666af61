"""占領フェイズ: paying the cost or passing the occupation right."""

from __future__ import annotations

import pytest

from gamelib import IllegalAction
from gamelib.powers.data import COUNTRIES, occupation_cost
from gamelib.powers.positions import cards, play_texts, position


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def won_france(players: int = 4, **kw):
    """Player 1 wins the invasion of France (8 points, printed cost 4) and holds the right."""
    hands = {0: "KS 2C 3C 4C 5C", 1: "2S 3S 4S 5S 6S"}
    for p in range(2, players):
        hands[p] = ["7H 8H 9H 10H", "7D 8D 9D 10D", "6H 6D 6C 2H"][p - 2]
    s = position(players=players, hands=hands, rounds="France", **kw)
    s = play_texts(s, "play KS", *(["fold"] * (players - 1)))
    assert s.phase == "occupation" and s.current_player == 0
    return s


def test_holder_pays_the_printed_cost_with_any_cards():
    """「カードに書かれた枚数の手札を捨ててそれを占領する」「捨てる札は何でもよい…ジョーカーも可」."""
    s = position(players=4, hands={0: "KS Joker1 2H 3D", 1: "2S"}, rounds="France")
    s = play_texts(s, "play KS", "fold", "fold", "fold")
    assert s.occ is not None and s.occ.cost == 4
    s = play_texts(s, "pay Joker1", "pay 2H", "pay 3D")
    assert s.phase == "occupation" and texts(s)[-1] != "pass"  # committed: must finish
    last = str(s.legal_actions()[0])
    s = play_texts(s, last)
    assert s.owners["France"] == 0
    assert set(cards("Joker1 2H 3D")) <= set(s.discards)
    assert any("occupies France" in t for t in s.log_text())


def test_cannot_pay_with_too_few_cards():
    """The cost is a number of cards from hand: with fewer cards only passing is legal."""
    s = position(players=4, hands={0: "KS 2H", 1: "2S"}, rounds="France")
    s = play_texts(s, "play KS", "fold", "fold", "fold")
    assert texts(s) == ["pass"]
    with pytest.raises(IllegalAction, match="cost is 4"):
        play_texts(s, "pay 2H")


def test_each_pass_lowers_the_cost_by_one():
    """「譲られるごとに占領コストが1下がる。例えばフランスを次に譲ると、そのプレイヤーは3枚で占領できる。更に譲ると2枚になる」."""
    s = won_france(players=4)
    assert s.occ.cost == 4
    s = play_texts(s, "pass")
    assert s.occ.holder == 1 and s.occ.cost == 3
    s = play_texts(s, "pass")
    assert s.occ.holder == 2 and s.occ.cost == 2
    s = play_texts(s, "pay 7H", "pay 8H")
    assert s.owners["France"] == 2


def test_cost_zero_takes_the_country_automatically():
    """「占領コストが0になったら自動的に獲得」."""
    s = won_france(players=4)
    s = play_texts(s, "pass", "pass", "pass")
    assert s.occ.holder == 3 and s.occ.cost == 1
    s = play_texts(s, "pass")
    assert s.owners["France"] == 0  # the right came back round to the invader at cost 0
    assert any("for free" in t for t in s.log_text())


def test_passed_right_comes_back_round_to_the_invader():
    """Ruling: 「次のプレイヤーに占領権を譲る」 goes round the table, invader included."""
    s = position(hands={0: "KS 2C 3C 4C 5C", 1: "2S"}, rounds="China")
    s = play_texts(s, "play KS", "fold")
    assert s.occ.cost == 4  # China 5, 2 players: 4
    s = play_texts(s, "pass")
    assert s.occ.holder == 1 and s.occ.cost == 3
    s = play_texts(s, "pass")
    assert s.occ.holder == 0 and s.occ.cost == 2


def test_two_or_three_players_pay_one_less():
    """「2〜3人プレイでは占領コストが1下がる。例えばフランスは占領コスト3から始まる」."""
    for players in (2, 3):
        assert occupation_cost("France", players) == 3
    for players in (4, 5):
        assert occupation_cost("France", players) == 4
    s = won_france(players=3)
    assert s.occ.cost == 3


def test_start_costs_in_view():
    """The view shows every country's starting cost and the current holder and cost."""
    s = won_france(players=4)
    v = s.view(1)
    assert v.start_costs["France"] == 4 and v.start_costs["Indonesia"] == 3
    assert v.occupation is not None and v.occupation.holder == 0 and v.occupation.cost == 4
    assert all(v.start_costs[k] == COUNTRIES[k].cost for k in COUNTRIES)
