"""Scenario tests of the setup (セットアップ) and the mission table as data (ミッション一覧)."""

from __future__ import annotations

from collections import Counter

import gamelib
from gamelib.megalomania.cards import COLOURS, DECK, Rank, parse_card
from gamelib.megalomania.missions import MISSIONS, Deal


def test_deck_four_colours_of_eight_values() -> None:
    """「このゲームは4色ｘ8枚(15/12/9/7/6/4/2/1)＝計32枚のカードで構成されています。」"""
    assert len(DECK) == 32 and len(set(DECK)) == 32
    assert Counter(c.colour for c in DECK) == {c: 8 for c in COLOURS}
    assert sorted({c.value for c in DECK}, reverse=True) == [15, 12, 9, 7, 6, 4, 2, 1]
    card = parse_card("red 7")
    assert str(card) == "red 7 (Wizard)" and card.label("ja") == "赤7(魔法使い)"
    assert card.rank is Rank.WIZARD and parse_card("R7") == card


def test_mission_deck_shuffled_and_missions_not_repeated() -> None:
    """「ミッションとスクロールの山札をシャッフルして、ゲームテーブルに裏向きで置きます。」
    The lead player reveals one mission per round; a game never repeats a mission."""
    game = gamelib.load("megalomania", players=4)
    firsts = {game.new_state(seed).mission_no for seed in range(12)}
    assert len(firsts) > 3
    st = game.new_state(0)
    assert st.mission_no is not None and len(st.mission_deck) == 24
    assert len(st.scroll_deck) == 16 - 4 and all(len(x) == 1 for x in st.scrolls)
    assert "reveals Mission" in st.log_text()[1]


def test_mission_table_matches_the_rule_text() -> None:
    """「ミッションカードには、固定点と変動点、カードを配るルール、タスク、点数などが記されています。」
    Cards dealt (手札) and fixed (固定) / variable (変動) as in the table."""
    cards = {13: 6, 14: 6, 15: 6, 22: 6, 12: 7, 17: 7}
    variable = {3, 4, 7, 9, 10, 18, 19, 23, 25}
    for m in MISSIONS:
        assert m.cards == cards.get(m.number, 8), m.number
        assert m.fixed == (m.number not in variable), m.number
    given = {1: 3, 3: 1, 4: 1, 7: 2, 9: -1, 10: -1, 14: 2, 18: 1, 19: 1, 23: 2, 25: -1}
    for number, points in given.items():
        assert MISSIONS[number - 1].points == points and MISSIONS[number - 1].points_given
    losing = {2, 12, 16, 17, 21}  # 「ポイントを失う」
    assert all(MISSIONS[n - 1].points < 0 for n in losing)
    assert {m.number for m in MISSIONS if m.deal is not Deal.NORMAL} == {
        13,
        15,
        18,
        19,
        20,
        21,
        22,
        24,
        25,
    }


def test_view_exposes_reconstruction_note_and_public_state() -> None:
    game = gamelib.load("megalomania", players=3)
    st = game.new_state(2)
    view = st.view(1)
    assert "Reconstructed" in view.reconstruction_note
    assert view.mission is not None and view.dominant is not None
    assert view.scores == (0, 0, 0) and view.rounds == 12 and view.round == 1
    teacher = st.view(None)
    assert teacher.hand == () and len(teacher.hands) == 3
