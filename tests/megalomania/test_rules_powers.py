"""Scenario tests of the card powers (カードごとの説明), quoting the rule table.

A power is activated by spending a power crystal (パワークリスタル) when the card is played
("play … with power"); Knight, Wizard, Dwarf, Emperor and Peasant work once per trick.
"""

from __future__ import annotations

import pytest

from gamelib.core.errors import IllegalAction
from gamelib.megalomania.actions import PlayCard
from gamelib.megalomania.cards import Colour, parse_card, parse_cards
from gamelib.megalomania.powers import Play, TrickContext, legal_plays, trick_status, trick_winner
from tests.megalomania.helpers import legal, pos, run

ALL = [1, 1, 1, 1]


# -- Emperor 15 -------------------------------------------------------------------------------


def test_emperor_stops_later_powers_and_cubes() -> None:
    """皇帝「他プレイヤーはパワーやキューブを使用できません。」"""
    st = pos("B15 R1 | B7 Y4 | B6 K1 | B1 K2", crystals=ALL, cubes=ALL)
    st = run(st, "play blue 15 (Emperor) with power")
    assert legal(st) == ["play blue 7 (Wizard)"]
    assert st.crystals[0] == 0
    assert any("cancels powers" in line for line in st.log_text())


def test_emperor_earlier_powers_and_cubes_stand() -> None:
    """皇帝「皇帝パワー前に使用したパワーとキューブは有効です。」
    A Dwarf played before the Emperor still reverses the order."""
    st = pos("B6 R1 | B15 Y4 | B12 K1 | B1 K2", crystals=ALL, cubes=ALL)
    st = run(
        st,
        "play blue 6 (Dwarf) with power",
        "play blue 15 (Emperor) with power",
        "play blue 12 (Oracle)",
        "play blue 1 (Peasant)",
    )
    assert st.last_winner == 3  # lowest blue wins
    st = pos("B7 R1 | B15 Y4 | B9 K1 | B1 K2", crystals=ALL, cubes=ALL)
    st = run(
        st,
        "play blue 7 (Wizard) +cube",
        "play blue 15 (Emperor) with power",
        "play blue 9 (Knight)",
        "play blue 1 (Peasant)",
    )
    assert st.last_winner == 1


def test_emperor_power_not_offered_to_last_player() -> None:
    """Ruling: a power that cannot change anything (Emperor as the last card) is not offered."""
    st = run(
        pos("B9 R1 | B7 Y4 | B6 K1 | B15 K2", crystals=ALL),
        "play blue 9 (Knight)",
        "play blue 7 (Wizard)",
        "play blue 6 (Dwarf)",
    )
    assert "play blue 15 (Emperor) with power" not in legal(st)


# -- Oracle 12 --------------------------------------------------------------------------------


def test_oracle_changes_its_colour_never_to_dominant() -> None:
    """オラクル「プレイヤーは自分がプレイしたオラクルの色を変更することができます。
    ドミナントカラーには変更できません。」"""
    st = run(
        pos("R9 R1 | B12 K4 | R6 K1 | R1 K2", dominant=Colour.YELLOW, crystals=ALL),
        "play red 9 (Knight)",
    )
    texts = legal(st)
    assert "play blue 12 (Oracle) with power as red" in texts
    assert "play blue 12 (Oracle) with power as black" in texts
    assert not any("as yellow" in t for t in texts)
    st = run(
        st, "play blue 12 (Oracle) with power as red", "play red 6 (Dwarf)", "play red 1 (Peasant)"
    )
    assert st.last_winner == 1  # the Oracle counts as a red 12


def test_oracle_leading_sets_the_lead_colour_it_chose() -> None:
    """An Oracle led with its power asks for its new colour (ruling)."""
    st = run(
        pos("B12 R1 | R9 B4 | R6 K1 | R1 K2", dominant=Colour.YELLOW, crystals=ALL),
        "play blue 12 (Oracle) with power as red",
    )
    assert {str(a.card) for a in st.legal_actions()} == {"red 9 (Knight)"}


# -- Knight 9 ---------------------------------------------------------------------------------


def test_knight_takes_dominant_advantage_from_later_plays() -> None:
    """騎士「他プレイヤーのプレイするドミナントカラーはアドバンテージを失います。」"""
    st = pos("B4 R1 | B9 Y4 | R15 K1 | B1 K2", dominant=Colour.RED, crystals=ALL)
    st = run(
        st,
        "play blue 4 (Explorer)",
        "play blue 9 (Knight) with power",
        "play red 15 (Emperor)",
        "play blue 1 (Peasant)",
    )
    assert st.last_winner == 1
    assert "Knight took" in st.log_text()[-1]


def test_knight_earlier_dominant_cards_stay_valid() -> None:
    """騎士「騎士パワー前に出されたドミナントカラーは有効です。」"""
    st = pos("B4 R1 | R2 Y4 | B9 K1 | R15 K2", dominant=Colour.RED, crystals=ALL)
    st = run(
        st,
        "play blue 4 (Explorer)",
        "play red 2 (Assassin)",
        "play blue 9 (Knight) with power",
        "play red 15 (Emperor)",
    )
    assert st.last_winner == 1  # red 2 played before the Knight keeps its advantage


def test_knight_once_per_trick() -> None:
    """騎士「1ターンに1回」 — a second Knight is not offered its power in the same trick."""
    st = run(
        pos("B9 R1 | B4 Y4 | K9 K1 | B1 K2", dominant=Colour.RED, crystals=ALL),
        "play blue 9 (Knight) with power",
        "play blue 4 (Explorer)",
    )
    assert "play black 9 (Knight) with power" not in legal(st)


# -- Wizard 7 ---------------------------------------------------------------------------------


def test_wizard_forces_lowest_lead_card() -> None:
    """魔法使い「他プレイヤーはリードカラーの中で一番小さいカードをプレイしなければならず」"""
    st = run(
        pos("B7 R1 | B15 B9 B4 | R6 K1 | B1 K2", crystals=[1, 0, 0, 0]),
        "play blue 7 (Wizard) with power",
    )
    assert legal(st) == ["play blue 4 (Explorer)"]
    st = run(st, "play blue 4 (Explorer)")
    assert any("bound by the Wizard" in line for line in st.log_text())


def test_wizard_fallback_lowest_dominant() -> None:
    """魔法使い「リードカラーがない場合は、ドミナントカラーの一番小さいカード」"""
    st = run(
        pos("B7 R1 | R15 R9 Y4 | R6 K1 | B1 K2", dominant=Colour.RED, crystals=[1, 0, 0, 0]),
        "play blue 7 (Wizard) with power",
    )
    assert legal(st) == ["play red 9 (Knight)"]


def test_wizard_fallback_lowest_any_colour() -> None:
    """魔法使い「そのいずれも満たさない場合は、どの色の一番小さいカードでもプレイできます。」"""
    st = run(
        pos("B7 R1 | Y15 K2 Y2 | R6 K1 | B1 K2", dominant=Colour.RED, crystals=[1, 0, 0, 0]),
        "play blue 7 (Wizard) with power",
    )
    assert sorted(legal(st)) == ["play black 2 (Assassin)", "play yellow 2 (Assassin)"]


# -- Dwarf 6 ----------------------------------------------------------------------------------


def test_dwarf_lowest_dominant_wins() -> None:
    """ドワーフ「ドミナントカラーのカードの中で最も小さい値を出したプレイヤーがトリックを取ります。」"""
    st = pos("B6 R1 | R9 Y4 | R2 K1 | B1 K2", dominant=Colour.RED, crystals=ALL)
    st = run(
        st,
        "play blue 6 (Dwarf) with power",
        "play red 9 (Knight)",
        "play red 2 (Assassin)",
        "play blue 1 (Peasant)",
    )
    assert st.last_winner == 2
    assert any("reverses the order" in line for line in st.log_text())


def test_dwarf_without_dominant_lowest_lead_wins() -> None:
    """ドワーフ「ドミナントカラーが出なかった場合は、リードカラーのカードのうち最も小さい値を出したプレイヤー」"""
    st = pos("B6 R1 | B9 Y4 | B2 K1 | Y1 K2", dominant=Colour.RED, crystals=ALL)
    st = run(
        st,
        "play blue 6 (Dwarf) with power",
        "play blue 9 (Knight)",
        "play blue 2 (Assassin)",
        "play yellow 1 (Peasant)",
    )
    assert st.last_winner == 2


def test_dwarf_once_per_trick() -> None:
    """ドワーフ「1ターンに1回」 — two Dwarfs do not reverse twice (the second is not offered)."""
    st = run(
        pos("B6 R1 | K6 Y4 | B2 K1 | Y1 K2", dominant=Colour.RED, crystals=ALL),
        "play blue 6 (Dwarf) with power",
    )
    assert "play black 6 (Dwarf) with power" not in legal(st)
    plays = [
        Play(0, parse_card("B6"), True),
        Play(1, parse_card("B2"), True),
        Play(2, parse_card("B9")),
        Play(3, parse_card("B1")),
    ]
    assert trick_winner(plays, None, Colour.RED) == 3


# -- Explorer 4 -------------------------------------------------------------------------------


def test_explorer_not_on_first_trick() -> None:
    """探検家「最初のターン使用不可」"""
    st = pos("B4 R1 B1 | B9 Y4 Y1 | R6 K1 K4 | B1 K2 Y2", mission_no=1, crystals=ALL)
    st.trick_no = 0
    assert "play blue 4 (Explorer) with power" not in legal(st)


def test_explorer_swaps_hand_card_with_random_earlier_trick_card() -> None:
    """探検家「プレイヤーは以前のトリックからランダムに1枚のカードを取り、手札と交換できます。」"""
    captured = [[parse_cards("Y15 Y12 Y9 Y7")], [], [], []]
    st = pos("B4 R1 | B9 Y4 | R6 K1 | B1 K2", crystals=ALL, captured=captured)
    st = run(st, "play blue 4 (Explorer) with power")
    assert st.phase == "explorer" and st.current_player == 0
    found = st.explorer[3]  # type: ignore[index]
    assert found in parse_cards("Y15 Y12 Y9 Y7") and found in st.hands[0]
    assert legal(st) == ["return red 1 (Peasant)"]
    st = run(st, "return red 1 (Peasant)")
    assert parse_card("R1") in st.captured[0][0] and found not in st.captured[0][0]
    assert st.hands[0] == [found]
    st.check_invariants()


def test_several_explorers_resolve_from_first_user_clockwise() -> None:
    """探検家「1ターンに複数のプレイヤーが探検家パワーを使用した場合、最初に使用したプレイヤーが先に取り、
    そこから時計回りの順番です。」 — each Explorer resolves as it is played, so in play order."""
    captured = [[parse_cards("Y15 Y12 Y9 Y7")], [], [], []]
    st = pos("B4 R1 | K4 Y4 | R6 K1 | B1 K2", crystals=ALL, captured=captured)
    st = run(st, "play blue 4 (Explorer) with power")
    first = st.explorer[3]  # type: ignore[index]
    st = run(st, "return red 1 (Peasant)", "play black 4 (Explorer) with power")
    second = st.explorer[3]  # type: ignore[index]
    assert second != first and second in parse_cards("R1 Y15 Y12 Y9 Y7")


# -- Assassin 2 -------------------------------------------------------------------------------


def test_assassin_may_be_played_whatever_is_asked() -> None:
    """暗殺者「リードカラーが何色であっても、たとえ他のカードをプレイしなければならない場合でも、
    暗殺者カードをプレイできます。」"""
    st = run(pos("B15 R1 | B9 K2 | R6 K1 | B1 Y2", crystals=ALL), "play blue 15 (Emperor)")
    assert "play black 2 (Assassin) with power" in legal(st)
    assert "play black 2 (Assassin)" not in legal(st)
    st = run(pos("B7 R1 | B9 K2 | R6 K1 | B1 Y2", crystals=ALL), "play blue 7 (Wizard) with power")
    assert "play black 2 (Assassin) with power" in legal(st)


# -- Peasant 1 --------------------------------------------------------------------------------


def test_peasant_chooses_next_leader_including_self() -> None:
    """農夫「プレイヤーは、最後のトリックを誰が取ったかにかかわらず、次ターンのリードプレイヤーを
    選ぶことができます。(自分を含む)」"""
    st = pos("B15 R1 | B9 Y4 | B1 K1 | B2 K2", crystals=ALL)
    st = run(
        st, "play blue 15 (Emperor)", "play blue 9 (Knight)", "play blue 1 (Peasant) with power"
    )
    assert st.phase == "peasant" and st.current_player == 2
    assert legal(st) == [f"choose Player {i} to lead" for i in (1, 2, 3, 4)]
    st = run(st, "choose Player 3 to lead", "play blue 2 (Assassin)")
    assert st.last_winner == 0 and st.current_player == 2


def test_peasant_once_per_trick_and_not_in_last_trick() -> None:
    """農夫「1ターンに1回」; choosing the next leader is not offered in a round's last trick."""
    st = run(
        pos("B15 R1 | B1 Y4 | R6 K1 | B2 K1", crystals=ALL),
        "play blue 15 (Emperor)",
        "play blue 1 (Peasant) with power",
        "choose Player 1 to lead",
        "play red 6 (Dwarf)",
    )
    assert "play black 1 (Peasant) with power" not in legal(st)
    st = pos("B1 | B9 | R6 | B2", crystals=ALL)
    assert legal(st) == ["play blue 1 (Peasant)"]


# -- crystals, helpers ------------------------------------------------------------------------


def test_power_needs_a_crystal() -> None:
    """「パワークリスタル - カード固有のパワーを活性化します。」 — no crystal, no power."""
    st = pos("B6 R1 | B9 Y4 | R6 K1 | B1 K2", crystals=[0, 1, 1, 1])
    assert not any("with power" in t for t in legal(st))


def test_trick_status_reports_powers_and_leader() -> None:
    plays = [Play(0, parse_card("B4")), Play(1, parse_card("B9"), True), Play(2, parse_card("R15"))]
    status = trick_status(plays, Colour.RED)
    assert status.knight_seat == 1 and status.winning_seat == 1
    assert status.lead_colour is Colour.BLUE
    assert trick_winner(plays, None, Colour.RED, TrickContext(cube_step=2)) == 1


def test_legal_plays_helper_matches_state() -> None:
    st = run(
        pos("B15 R1 | B9 K2 Y4 | R6 K1 | B1 Y2", crystals=ALL, cubes=ALL), "play blue 15 (Emperor)"
    )
    assert (
        legal_plays(
            st.hands[1], st.trick, Colour.BLUE, players=4, crystals=1, cubes=1, can_explore=True
        )
        == st.legal_actions()
    )


def test_peasant_can_beat_the_emperor() -> None:
    """「最も価値の高いカードである「皇帝」を、最も価値の低いカードである「農夫」で倒すことも可能です。」
    A Dwarf's revolution makes the lowest blue card, the Peasant, take the Emperor's trick."""
    st = pos("B15 R1 | B6 Y4 | B1 K1 | R2 K2", dominant=Colour.YELLOW, crystals=ALL)
    st = run(
        st,
        "play blue 15 (Emperor)",
        "play blue 6 (Dwarf) with power",
        "play blue 1 (Peasant)",
        "play red 2 (Assassin)",
    )
    assert st.last_winner == 2
    assert "lowest card of the lead colour blue" in st.log_text()[-1]


def test_knight_leading_the_dominant_colour() -> None:
    """Ruling 14: a Knight that leads the dominant colour with its power keeps its own advantage;
    later dominant cards only count as the lead colour, so the Knight beats a later Emperor."""
    st = pos("R9 B1 | R15 Y4 | R6 K1 | R1 K2", dominant=Colour.RED, crystals=ALL)
    st = run(
        st,
        "play red 9 (Knight) with power",
        "play red 15 (Emperor)",
        "play red 6 (Dwarf)",
        "play red 1 (Peasant)",
    )
    assert st.last_winner == 0


def test_wizard_last_fallback_lowest_card_of_a_chosen_colour() -> None:
    """魔法使い「そのいずれも満たさない場合は、どの色の一番小さいカードでもプレイできます。」 —
    the lowest card of a colour of the player's choice (default ``wizard_fallback="colour"``):
    with neither lead nor dominant cards, yellow 4 and black 9 (each the lowest of its colour)
    may be played."""
    st = run(
        pos("B7 R1 | Y15 Y4 K9 | R6 K1 | B1 K2", dominant=Colour.RED, crystals=[1, 0, 0, 0]),
        "play blue 7 (Wizard) with power",
    )
    assert sorted(legal(st)) == ["play black 9 (Knight)", "play yellow 4 (Explorer)"]
    with pytest.raises(IllegalAction, match="Wizard forces"):
        run(st, "play yellow 15 (Emperor)")


def test_wizard_last_fallback_single_lowest_option() -> None:
    """Option ``wizard_fallback="lowest"``: only the hand's lowest card (yellow 4)."""
    import gamelib

    game = gamelib.load("megalomania", wizard_fallback="lowest")
    st = run(
        pos("B7 R1 | Y15 Y4 K9 | R6 K1 | B1 K2", game, dominant=Colour.RED,
            crystals=[1, 0, 0, 0]),
        "play blue 7 (Wizard) with power",
    )
    assert legal(st) == ["play yellow 4 (Explorer)"]
    hand = parse_cards("Y15 Y4 K9")
    wizard = [Play(0, parse_card("B7"), power=True)]
    assert legal_plays(hand, wizard, Colour.RED, players=4, wizard_choice=False) == [
        PlayCard(parse_card("Y4"))
    ]
