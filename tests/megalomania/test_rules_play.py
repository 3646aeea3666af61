"""Scenario tests of the card-play rules (カードプレイ, トリックのルール), one per rule sentence.

Notation: hands as short codes (B blue, Y yellow, R red, K black; value), seats 0-3 clockwise.
"""

from __future__ import annotations

import random
from itertools import pairwise

import gamelib
from gamelib.megalomania.cards import Colour
from gamelib.megalomania.state import MegalomaniaState
from tests.megalomania.helpers import G4, legal, pos, run


def cards_playable(st: MegalomaniaState) -> set[str]:
    return {str(a.card) for a in st.legal_actions()}  # type: ignore[union-attr]


def finish_setup(st: MegalomaniaState) -> MegalomaniaState:
    while st.phase != "play":
        st = gamelib.play(st, st.legal_actions()[0])  # type: ignore[assignment]
    return st


def test_player_left_of_dealer_leads_any_card() -> None:
    """「ディーラーの左プレイヤーは、ラウンドの最初にカードをリードします。どのカードでもリードできます。」"""
    st = finish_setup(G4.new_state(3))
    assert st.dealer == 3 and st.current_player == 0
    assert cards_playable(st) == {str(c) for c in st.hands[0]}


def test_turns_go_clockwise() -> None:
    """「手番は時計回りに進みます。」 — seat order 0, 1, 2, 3 (left is the next seat)."""
    st = pos("B15 R1 | B9 R2 | B4 K1 | B1 K2")
    seats = []
    for _ in range(4):
        seats.append(st.current_player)
        st = run(st, legal(st)[0])
    assert seats == [0, 1, 2, 3]


def test_must_follow_lead_colour() -> None:
    """「毎ターン全プレイヤーは、リードカラーのカードを出さなければなりません。」"""
    st = run(pos("B15 R1 | B9 R2 Y4 | Y9 K1 | B1 K2"), "play blue 15 (Emperor)")
    assert cards_playable(st) == {"blue 9 (Knight)"}


def test_without_lead_colour_must_play_dominant() -> None:
    """「その色を持っていないプレイヤーは、ドミナントカラー(切り札)のカードを出さなければなりません。」"""
    st = run(
        pos("B15 R1 | R9 R2 Y4 | Y9 K1 | B1 K2", dominant=Colour.RED), "play blue 15 (Emperor)"
    )
    assert cards_playable(st) == {"red 9 (Knight)", "red 2 (Assassin)"}


def test_without_either_play_anything() -> None:
    """「どちらの条件も満たさない場合は、どのカードでも出すことができます。」"""
    st = run(
        pos("B15 R1 | Y9 K2 Y4 | Y9 K1 | B1 K2", dominant=Colour.RED), "play blue 15 (Emperor)"
    )
    assert cards_playable(st) == {"yellow 9 (Knight)", "black 2 (Assassin)", "yellow 4 (Explorer)"}


def test_highest_dominant_card_takes_the_trick() -> None:
    """「トリックは、ドミナントカラーの中で一番大きいカードを出したプレイヤーが取ります。」"""
    st = pos("B15 R1 | R2 Y4 | R6 K1 | B1 K2", dominant=Colour.RED)
    st = run(
        st,
        "play blue 15 (Emperor)",
        "play red 2 (Assassin)",
        "play red 6 (Dwarf)",
        "play blue 1 (Peasant)",
    )
    assert st.last_winner == 2
    assert "highest dominant" in st.log_text()[-1]


def test_without_dominant_highest_lead_card_wins() -> None:
    """「ドミナントカラーがない場合は、リードカラーの中で一番大きいカードを出したプレイヤーが取ります。」"""
    st = pos("B9 R1 | B12 Y4 | Y15 K1 | B1 K2", dominant=Colour.RED)
    st = run(
        st,
        "play blue 9 (Knight)",
        "play blue 12 (Oracle)",
        "play yellow 15 (Emperor)",
        "play blue 1 (Peasant)",
    )
    assert st.last_winner == 1  # the off-colour Emperor 15 does not win


def test_equal_values_earlier_card_ranks_higher() -> None:
    """「同値の場合は、先に出されたカードが上位です。」
    A +cube makes a 7 into a 9, the value of a Knight."""
    st = pos("B9 R1 | B7 Y4 | Y15 K1 | B1 K2", dominant=Colour.RED, cubes=[0, 1, 0, 0])
    st = run(
        st,
        "play blue 9 (Knight)",
        "play blue 7 (Wizard) +cube",
        "play yellow 15 (Emperor)",
        "play blue 1 (Peasant)",
    )
    assert st.last_winner == 0
    st = pos("B7 R1 | B9 Y4 | Y15 K1 | B1 K2", dominant=Colour.RED, cubes=[1, 0, 0, 0])
    st = run(
        st,
        "play blue 7 (Wizard) +cube",
        "play blue 9 (Knight)",
        "play yellow 15 (Emperor)",
        "play blue 1 (Peasant)",
    )
    assert st.last_winner == 0
    assert "earlier on equal value" in st.log_text()[-1]


def test_trick_winner_leads_next() -> None:
    """「トリックを取ったプレイヤーは、次の手番をリードします。」"""
    st = pos("B9 R1 | B12 Y4 | Y15 K1 | B1 K2", dominant=Colour.RED)
    st = run(
        st,
        "play blue 9 (Knight)",
        "play blue 12 (Oracle)",
        "play yellow 15 (Emperor)",
        "play blue 1 (Peasant)",
    )
    assert st.current_player == 1 and st.leader == 1


def test_dealer_rotates_and_dominant_colour_changes_every_round() -> None:
    """Ruling: the dealer moves one seat left each round; the dominant colour (ドミナントカラー)
    differs from round to round (rotation blue→yellow→red→black from a random start)."""
    game = gamelib.load("megalomania", players=3, length="short")
    st = game.new_state(11)
    dealers, colours = [], []
    rng = random.Random(1)
    while not st.is_terminal():
        if not dealers or st.round != len(dealers):
            dealers.append(st.dealer)
            colours.append(st.dominant)
        acts = st.legal_actions()
        st = gamelib.play(st, acts[rng.randrange(len(acts))])  # type: ignore[assignment]
    assert len(dealers) == 8
    assert dealers == [(2 + i) % 3 for i in range(8)]
    assert all(a is not b for a, b in pairwise(colours))
    order = list(Colour)
    assert all(order.index(b) == (order.index(a) + 1) % 4 for a, b in pairwise(colours))


def test_random_dominant_rule_never_repeats() -> None:
    """Option ``dominant_rule="random"``: a random colour other than the previous round's."""
    game = gamelib.load("megalomania", players=2, length="short", dominant_rule="random")
    st = game.new_state(4)
    seen = []
    rng = random.Random(2)
    while not st.is_terminal():
        if not seen or st.round != len(seen):
            seen.append(st.dominant)
        acts = st.legal_actions()
        st = gamelib.play(st, acts[rng.randrange(len(acts))])  # type: ignore[assignment]
    assert all(a is not b for a, b in pairwise(seen))


def test_twelve_rounds_or_eight_in_short_game() -> None:
    """「12ラウンド終了後(ショートは8ラウンド)」"""
    for length, rounds in (("long", 12), ("short", 8)):
        game = gamelib.load("megalomania", players=2, length=length)
        st = game.new_state(5)
        rng = random.Random(0)
        while not st.is_terminal():
            acts = st.legal_actions()
            st = gamelib.play(st, acts[rng.randrange(len(acts))])  # type: ignore[assignment]
        assert st.round == rounds and len(st.round_scores) == rounds


def test_undealt_cards_are_set_aside_with_fewer_players() -> None:
    """Ruling: with 2 or 3 players the undealt cards are set aside face down for the round."""
    game = gamelib.load("megalomania", players=3, first_mission=1)
    st = finish_setup(game.new_state(1))
    assert [len(h) for h in st.hands] == [8, 8, 8] and len(st.set_aside) == 8
    view = st.view(0)
    assert view.set_aside_count == 8
    st.check_invariants()


def test_refusals_say_why_in_the_players_terms() -> None:
    """An illegal play is refused with the rule it breaks, and the legal choices."""
    st = run(
        pos("B15 R1 | B9 R2 K2 | Y4 K1 | B1 K2", crystals=[1, 0, 1, 1]),
        "play blue 15 (Emperor) with power",
    )
    for text, reason in [
        ("play red 2 (Assassin)", "you must follow the lead colour blue"),
        ("play blue 9 (Knight) +cube", "Emperor's power forbids powers and cubes"),
        ("play yellow 4 (Explorer)", "does not hold yellow 4"),
        ("take 3 crystals", "must play a card"),
    ]:
        try:
            gamelib.play(st, text)
        except gamelib.IllegalAction as err:
            assert reason in str(err) and "legal now: play blue 9 (Knight)" in str(err)
        else:  # pragma: no cover
            raise AssertionError(f"{text} was accepted")
