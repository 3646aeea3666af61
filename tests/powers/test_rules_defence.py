"""防衛フェイズ (base: one face card) and the magazine's pair/straight defence."""

from __future__ import annotations

import pytest

from gamelib import IllegalAction
from gamelib.powers.positions import cards, play_texts, position
from gamelib.powers.strength import magazine_defences


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def occupy_germany(rules: str = "base", hand1: str = "QS 2H 3H", **kw):
    """Player 1 takes Germany (neighbours: France, Austria, Switzerland, Russia) for 3 cards."""
    s = position(hands={0: "KS 2C 3C 4C", 1: hand1}, rounds="Germany",
                 owners={"France": 1, "Switzerland": 1, "Russia": 0, "Korea": 1},
                 rules=rules, **kw)
    s = play_texts(s, "play KS")
    if s.current_player == 1 and s.phase == "invasion":
        s = play_texts(s, "fold")
    s = play_texts(s, "pay 2C", "pay 3C", "pay 4C")
    assert s.owners["Germany"] == 0 and s.phase == "defence"
    return s


def test_neighbours_checked_in_printed_order_skipping_own_and_unowned():
    """「占領したカードの隣接国を上から順にチェック」: France, Austria, Switzerland, Russia."""
    s = occupy_germany()
    assert s.dfn.neighbour == "France" and s.current_player == 1
    s = play_texts(s, "decline")
    assert s.dfn.neighbour == "Switzerland"  # Austria: nobody owns it
    s = play_texts(s, "decline")
    assert s.phase != "defence"  # Russia is the occupier's own
    log = "\n".join(s.log_text())
    assert log.index("France belongs") < log.index("Austria (nobody's)")
    assert log.index("Austria (nobody's)") < log.index("Switzerland belongs")
    assert "Russia (the occupier's own)" in log


def test_owner_may_defend_with_one_face_card():
    """「所有者は絵札(J・Q・K)を1枚出して防衛してもよい」: J/Q/K, any suit; no number or Ace."""
    s = occupy_germany(hand1="JH QS AS 10D Joker1")
    assert texts(s) == ["defend with JH", "defend with QS", "decline"]
    with pytest.raises(IllegalAction, match="J, Q or K"):
        play_texts(s, "defend with 10D")


def test_defender_draws_after_defending():
    """「防衛したら山からトランプを1枚引く」."""
    s = occupy_germany(hand1="QS 2H 3H", deck="5D 6D 7D")
    n = len(s.hands[1])
    s = play_texts(s, "defend with QS")
    assert len(s.hands[1]) == n  # played one, drew one
    assert s.owners["France"] == 1


def test_undefended_country_is_taken():
    """「防衛しなかった場合その国は占領者に奪われる」."""
    s = occupy_germany()
    s = play_texts(s, "decline")
    assert s.owners["France"] == 0
    assert any("takes France from Player 2" in t for t in s.log_text())


def test_every_neighbour_is_checked():
    """「隣接国全てについて同じ手順を繰り返す」."""
    s = occupy_germany(hand1="QS KH 2H")
    s = play_texts(s, "defend with QS")
    assert s.dfn.neighbour == "Switzerland"
    s = play_texts(s, "defend with KH")
    assert s.owners["France"] == 1 and s.owners["Switzerland"] == 1


def test_defence_cards_go_to_discards_at_end_of_phase():
    """「防衛フェイズも同様に、出した札は防衛した国カードの前に置き、フェイズ終了時に捨て札に移動」."""
    s = occupy_germany(hand1="QS KH 2H")
    s = play_texts(s, "defend with QS")
    assert cards("QS")[0] in s.front[1] and cards("QS")[0] not in s.discards
    s = play_texts(s, "defend with KH")
    assert not s.front[1] and set(cards("QS KH")) <= set(s.discards)


def test_only_other_players_defend():
    """「他のプレイヤーがそれを所有していた場合」: a neighbour of the occupier is not checked."""
    s = position(hands={0: "KS 2C 3C 4C", 1: "2H"}, rounds="Korea",
                 owners={"China": 0, "Japan": 0})
    s = play_texts(s, "play KS", "fold", "pay 2C", "pay 3C")
    assert s.owners["Korea"] == 0 and s.phase != "defence"
    log = "\n".join(s.log_text())
    assert "China (the occupier's own)" in log and "Japan (the occupier's own)" in log
    assert "Russia (nobody's)" in log


# -- magazine: pair or straight ---------------------------------------------------------------


def test_magazine_defence_by_pair_or_straight():
    """「防衛は絵札でなく「同じ数字2枚のペア」か「続き数字3つのストレート」を捨てて行う」."""
    s = occupy_germany(rules="magazine", hand1="QS QH 5D 6C 7S 9H")
    assert texts(s) == ["defend with QS QH", "defend with 5D 6C 7S", "decline"]


def test_straight_ignores_suits():
    """「ストレートはスートを問わない」."""
    assert ("4H", "5S", "6D") in [tuple(map(str, d)) for d in magazine_defences(cards("4H 5S 6D"))]


def test_ace_is_one_and_connects_to_two_but_not_after_king():
    """「Aは1として扱われ2に接続する。KとAは繋がらない」."""
    assert [tuple(map(str, d)) for d in magazine_defences(cards("AS 2H 3D"))] == [
        ("AS", "2H", "3D")
    ]
    assert magazine_defences(cards("QS KH AD")) == []


def test_jokers_form_no_straight_but_two_jokers_pair():
    """「ジョーカーはストレートを構成しない」「ジョーカー2枚はペアとして使える」."""
    assert magazine_defences(cards("Joker1 5H 6H")) == []
    assert magazine_defences(cards("Joker1 Joker2")) == [tuple(cards("Joker1 Joker2"))]


def test_magazine_defence_cards_refilled_in_next_reorganisation():
    """「その際に使った枚数だけ直後の再編フェイズで補充する」."""
    s = occupy_germany(rules="magazine", hand1="QS QH 2H")
    n = len(s.hands[1])
    s = play_texts(s, "defend with QS QH")
    assert len(s.hands[1]) == n - 2 and s.owed[1] == 2
    s = play_texts(s, "decline")  # Switzerland is taken; the defence phase ends
    assert s.owners["Switzerland"] == 0
    assert len(s.hands[1]) >= n - 2 + 2 - 1  # refilled 2 (then a new round may draw 1 more)
    assert any("Reorganisation" in t for t in s.log_text())
    assert s.owed == [0, 0]
