"""Scenario tests of resources (リソース), scrolls, scoring at the end (勝敗) and the log."""

from __future__ import annotations

import random

import gamelib
from gamelib.megalomania.actions import ScrollKind
from gamelib.megalomania.cards import Colour, parse_cards
from gamelib.megalomania.powers import Play, TrickContext, trick_winner
from tests.megalomania.helpers import G4, legal, pos


def test_resource_choice_actions() -> None:
    """Ruling: each round a player takes 3 tokens, any mix of crystals and cubes, and may use one
    scroll (each player starts with one)."""
    st = G4.new_state(2)
    assert st.phase == "resources" and st.current_player == 0
    texts = legal(st)
    assert texts[:4] == [
        "take 3 crystals",
        "take 2 crystals and 1 cube",
        "take 1 crystal and 2 cubes",
        "take 3 cubes",
    ]
    kind = st.scrolls[0][0]
    assert f"take 3 crystals + {kind.value} scroll" in texts and len(texts) == 8


def test_scroll_adds_two_resources_and_is_spent() -> None:
    st = G4.new_state(2)
    kind = st.scrolls[0][0]
    st = gamelib.play(st, f"take 3 crystals + {kind.value} scroll")  # type: ignore[assignment]
    if kind is ScrollKind.CRYSTAL:
        assert (st.crystals[0], st.cubes[0]) == (5, 0)
    else:
        assert (st.crystals[0], st.cubes[0]) == (3, 2)
    assert st.scrolls[0] == []


def test_crystals_and_cubes_do_not_carry_over_scrolls_do() -> None:
    """「未使用のスクロールのみが次ラウンドに持ち越され、クリスタルとキューブは持ち越されません。」"""
    game = gamelib.load("megalomania", players=2, length="short")
    st = game.new_state(9)
    rng = random.Random(9)
    start_scrolls = [list(x) for x in st.scrolls]
    while st.round == 1:
        acts = [a for a in st.legal_actions() if "scroll" not in str(a)]
        st = gamelib.play(st, acts[rng.randrange(len(acts))])  # type: ignore[assignment]
    assert st.crystals == [0, 0] and st.cubes == [0, 0]
    for s in range(2):
        assert st.scrolls[s][: len(start_scrolls[s])] == start_scrolls[s]


def test_a_power_spends_a_crystal_a_cube_spends_a_cube() -> None:
    st = pos("B6 R1 | B9 Y4 | R6 K1 | B1 K2", crystals=[2, 0, 0, 0], cubes=[2, 0, 0, 0])
    st = gamelib.play(st, "play blue 6 (Dwarf) with power +cube")  # type: ignore[assignment]
    assert st.crystals[0] == 1 and st.cubes[0] == 1


def test_cube_changes_value_by_step_at_most_one_per_card() -> None:
    """「キューブ - カードの値を増減させることができます。」 Ruling: ±2 per cube (option
    ``cube_step``), one cube per card."""
    st = pos("B7 R1 | B9 Y4 | R6 K1 | B1 K2", cubes=[3, 0, 0, 0])
    assert legal(st)[:3] == [
        "play blue 7 (Wizard)",
        "play blue 7 (Wizard) +cube",
        "play blue 7 (Wizard) -cube",
    ]
    assert not any("+cube +cube" in t for t in legal(st))
    plays = [Play(0, parse_cards("B7")[0], cube=1), Play(1, parse_cards("B9")[0])]
    assert trick_winner(plays, None, Colour.RED) == 0  # 9 vs 9: earlier wins
    assert trick_winner(plays, None, Colour.RED, TrickContext(cube_step=1)) == 1
    game = gamelib.load("megalomania", players=4, cube_step=1)
    st = pos("B7 R1 | B9 Y4 | R6 K1 | B1 K2", game=game, cubes=[1, 0, 0, 0])
    st = gamelib.play(st, "play blue 7 (Wizard) +cube")  # type: ignore[assignment]
    assert "counts as 8" in st.log_text()[-1]


def test_negative_round_draws_a_scroll() -> None:
    """Ruling (scroll_rule="start_and_loss"): a player who lost points in a round draws a scroll."""
    game = gamelib.load("megalomania", players=4, first_mission=10)  # -1 per black card
    st = game.new_state(3)
    rng = random.Random(3)
    held = [len(x) for x in st.scrolls]
    used = [0] * 4
    while st.round == 1:
        acts = st.legal_actions()
        a = acts[rng.randrange(len(acts))]
        if st.phase == "resources" and "scroll" in str(a):
            used[st.current_player] += 1  # type: ignore[index]
        st = gamelib.play(st, a)  # type: ignore[assignment]
    pts = st.round_scores[0]
    for s in range(4):
        assert len(st.scrolls[s]) == held[s] - used[s] + (1 if pts[s] < 0 else 0)


def test_end_bonus_for_unused_scroll_and_winner() -> None:
    """「未使用のスクロールを1つ以上持つプレイヤーはさらに2ポイント獲得します。
    点数を合計して最も高い人が勝者となります。」"""
    game = gamelib.load("megalomania", players=3, length="short")
    st = game.new_state(21)
    rng = random.Random(21)
    while not st.is_terminal():
        acts = st.legal_actions()
        st = gamelib.play(st, acts[rng.randrange(len(acts))])  # type: ignore[assignment]
    totals = [sum(r[s] for r in st.round_scores) for s in range(3)]
    bonus = [2 if st.scrolls[s] else 0 for s in range(3)]
    outcome = st.outcome()
    assert outcome is not None
    assert list(outcome.scores) == [totals[s] + bonus[s] for s in range(3)]
    assert max(outcome.scores) == outcome.scores[outcome.winners[0]]
    assert st.current_player is None and st.phase == "over"


def test_no_scrolls_option() -> None:
    game = gamelib.load("megalomania", players=2, scroll_rule="off")
    st = game.new_state(1)
    assert st.scrolls == [[], []] and len(legal(st)) == 4


def test_log_is_bilingual_and_narrates_powers() -> None:
    """Every power that fires is narrated in English and Japanese."""
    st = pos("B6 R1 | B9 Y4 | R6 K1 | B1 K2", crystals=[1, 0, 0, 0])
    st = gamelib.play(st, "play blue 6 (Dwarf) with power")  # type: ignore[assignment]
    entry = [e for e in st.log if e.kind == "narration"][-1]
    assert "reverses the order: the lowest dominant card wins" in entry.en
    assert "値を逆転" in entry.ja
    ja = gamelib.load("megalomania", players=2, lang="ja").new_state(1)
    assert ja.log_text()[0].startswith("第1/12ラウンド")
