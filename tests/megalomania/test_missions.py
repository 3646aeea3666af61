"""Every mission (ミッション一覧): its deal and its scoring, each in a named test case."""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib.megalomania.actions import PlayCard
from gamelib.megalomania.cards import DECK, parse_cards
from gamelib.megalomania.missions import MISSIONS, Deal, mission
from gamelib.megalomania.powers import Play, TrickContext, trick_winner
from gamelib.megalomania.scoring import mission_scores, winners
from gamelib.megalomania.state import MegalomaniaState


def tricks(*seats: str) -> list[list[list[object]]]:
    """Tricks per seat written ``"B15 B12 B9 B7 / Y1 Y2 Y4 Y6"`` (``/`` between tricks)."""
    return [[parse_cards(t) for t in s.split("/") if t.strip()] for s in seats]


# mission, tricks per seat (4 players), expected points
SCORING = [
    (1, tricks("B15 B12 B9 B7/Y1 Y2 Y4 Y6/R1 R2 R4 R6", "K1 K2 K4 K6", "", ""), (3, 0, 0, 0)),
    (2, tricks("B15 B12 B9 B7", "Y1 B2 R4 K6", "", ""), (0, -2, 0, 0)),
    (3, tricks("B15 B12 B9 Y7", "B1 B2 R4 K6", "", ""), (3, 2, 0, 0)),
    (4, tricks("Y15 Y12 B9 Y7", "B1 B2 R4 K6", "", ""), (3, 0, 0, 0)),
    (5, tricks("B15 B12 B9 B7/Y1 Y2 Y4 Y6/R1 R2 R4 R6/K1 K2 K4 K6", "", "", ""), (3, 0, 0, 0)),
    (6, tricks("B15 B12 B9 B6", "Y7 Y2 Y4 Y1", "B1 B2 B4 K12", ""), (0, 0, 2, 2)),
    (7, tricks("B15 B1 B2 B7/Y15 Y12 Y9 Y7", "K1 K2 K4 K6", "", ""), (2, 2, 0, 0)),
    (8, tricks("B15 Y1 R2 K7", "B1 B2 R4 K6", "", ""), (3, 0, 0, 0)),
    (9, tricks("R15 R12 B9 Y7", "B1 B2 R4 K6", "", ""), (-2, -1, 0, 0)),
    (10, tricks("K15 R12 B9 Y7", "B1 K2 K4 K6", "", ""), (-1, -3, 0, 0)),
    (11, tricks("B15 Y15 R15 K15/B12 Y12 R1 K1", "K12 K9 K7 K2/R9 R7 R6 R4", "", ""), (3, 0, 0, 0)),
    (12, tricks("B15 B12 B9 B7", "Y1 Y2 Y4 Y6/R1 R2 R4 R6", "", ""), (-2, 0, 0, 0)),
    (13, tricks("B15 B12 B9 B7", "Y1 Y2 Y4 Y6/R1 R2 R4 R6", "", ""), (3, 0, 0, 0)),
    (14, tricks("B15 B12 B9 B7", "Y1 Y2 Y4 Y6/R1 R2 R4 R6", "", ""), (0, 2, 0, 0)),
    (
        15,
        tricks("B15 B12 B9 B7/K1 K2 K4 K7", "Y1 Y2 Y4 Y6/R1 R2 R4 R6", "K15 K12 K9 K6", ""),
        (3, 3, 0, 0),
    ),
    (16, tricks("B15 B12 B9 B7/Y1 Y2 Y4 Y6/R1 R2 R4 R6/K1 K2 K4 K6", "", "", ""), (-3, 0, 0, 0)),
    (17, tricks("B15 B12 B9 B7", "Y1 Y2 Y4 Y6/R1 R2 R4 R6", "", ""), (0, -2, 0, 0)),
    (18, tricks("B15 B12 B9 B7", "Y1 Y2 Y4 Y6/R1 R2 R4 R6", "", ""), (1, 2, 0, 0)),
    (19, tricks("B15 B12 B6 B7", "Y1 Y2 Y4 Y6/R1 R7 R4 R6", "", ""), (2, 3, 0, 0)),
    (20, tricks("B15 B12 B6 B7/K1 K2 K4 K7", "Y1 Y2 Y4 Y6", "R1 R7 R4 R6", ""), (2, 0, 2, 0)),
    (21, tricks("B15 B12 B6 B7/K1 K2 K4 K7", "Y1 Y2 Y4 Y6", "R1 R7 R4 R6", ""), (0, -2, 0, -2)),
    (22, tricks("B15 B12 B6 B7/K1 K2 K4 K7", "Y1 Y2 Y4 Y6", "R1 R7 R4 R6", ""), (3, 0, 0, 0)),
    (23, tricks("B15 B12 B6 B7/K1 K2 Y4 K7", "Y1 Y2 R4 Y6", "R1 R7 Y7 R6", ""), (4, 2, 2, 0)),
    (24, tricks("B15 B12 B6 B7", "Y1 Y2 R4 Y6", "", ""), (0, 0, 3, 3)),
    (25, tricks("B15 B12 B6 B7/K1 K2 Y4 K7", "Y1 Y2 R4 Y6", "", ""), (-2, -1, 0, 0)),
]


def test_every_mission_has_a_scoring_case() -> None:
    assert sorted(n for n, _, _ in SCORING) == [m.number for m in MISSIONS] == list(range(1, 26))


@pytest.mark.parametrize(
    ("number", "taken", "expected"), SCORING, ids=[f"m{n}" for n, *_ in SCORING]
)
def test_mission_scoring(number: int, taken: list, expected: tuple[int, ...]) -> None:
    """Each mission's task and score.

    「ミッションカードには、そのタスクと、タスクを完了した場合に対応するスコアが記されています。」"""
    assert mission_scores(mission(number), taken, 4) == expected


def test_all_colours_trick_with_fewer_players() -> None:
    """Mission 8 ruling: with 2 or 3 players a trick counts when all its cards differ in colour."""
    assert mission_scores(mission(8), tricks("B15 Y1 R2", "B1 B2 R4"), 3)[:2] == (3, 0)
    assert mission_scores(mission(8), tricks("B15 Y1", "B1 B2"), 2) == (3, 0)


def test_pair_missions_tie_scores_nothing() -> None:
    """Missions 20/21: equal tricks between the pairs: nobody scores (ruling)."""
    t = tricks("B15 B12 B6 B7", "Y1 Y2 Y4 Y6", "", "")
    assert mission_scores(mission(20), t, 4) == (0, 0, 0, 0)
    assert mission_scores(mission(21), t, 4) == (0, 0, 0, 0)


def test_mission_23_ties_score_nothing() -> None:
    """「獲得した枚数が同数だった場合ポイントはなし。」"""
    assert mission_scores(mission(23), tricks("B15 B12", "B6 B7", "", ""), 4) == (0, 0, 0, 0)


def test_winners_tie_breaks() -> None:
    """「同点なら、マイナス点がより少ないプレイヤーが勝者となり、マイナス点が同じなら、未使用の
    スクロールを持っていないプレイヤーが勝者となります。」"""
    assert winners([5, 5, 3], [2, 0, 0], [False, False, False]) == (1,)
    assert winners([5, 5, 3], [1, 1, 0], [True, False, False]) == (1,)
    assert winners([5, 5, 3], [1, 1, 0], [True, True, False]) == (0, 1)


# -- deals ------------------------------------------------------------------------------------


def start(number: int, players: int = 4, seed: int = 0) -> MegalomaniaState:
    game = gamelib.load("megalomania", players=players, first_mission=number)
    return game.new_state(seed)  # type: ignore[return-value]


def take_resources(st: MegalomaniaState) -> MegalomaniaState:
    while st.phase == "resources":
        st = gamelib.play(st, st.legal_actions()[0])  # type: ignore[assignment]
    return st


def play_random(st: MegalomaniaState, rng: random.Random, *, until_round: int) -> MegalomaniaState:
    while not st.is_terminal() and st.round < until_round:
        acts = st.legal_actions()
        st = gamelib.play(st, acts[rng.randrange(len(acts))])  # type: ignore[assignment]
        st.check_invariants()
    return st


@pytest.mark.parametrize("number", [m.number for m in MISSIONS if m.deal is Deal.NORMAL])
def test_normal_deal(number: int) -> None:
    """「手札 8枚/7枚/6枚」: the number of cards each player is dealt; the rest set aside."""
    m = mission(number)
    for players in (2, 3, 4) if number != 8 else (3, 4):
        st = take_resources(start(number, players))
        assert st.mission_no == number and st.phase == "play"
        assert [len(h) for h in st.hands] == [m.cards] * players
        assert len(st.set_aside) == 32 - m.cards * players


def test_resources_chosen_before_the_deal_unless_the_mission_says_after() -> None:
    """「６枚のカードを見てスクロールの使用とリソースを決める。」 (15, 20, 21, 24, 25): only these
    missions deal before the resource choice (ruling: the others choose blind)."""
    for m in MISSIONS:
        if m.pairs:
            continue
        st = start(m.number)
        assert st.phase == "resources"
        assert (sum(len(h) for h in st.hands) > 0) == m.resources_after_deal, m.number
    assert {m.number for m in MISSIONS if m.resources_after_deal} == {15, 20, 21, 24, 25}


def test_mission_13_three_cards_face_up() -> None:
    """13「３枚公開した状態でラウンドが始まる。公開したカードはそのまま出す。
    （更に他のカードを公開するわけではない。）」"""
    st = take_resources(start(13))
    for s in range(4):
        assert len(st.hands[s]) == 6 and len(st.revealed[s]) == 3
        assert set(st.revealed[s]) <= set(st.hands[s])
    view = st.view(1)
    assert view.hands[0] is None and set(view.revealed[0]) == set(st.revealed[0])
    assert set(view.known_cards[0]) == set(st.revealed[0])
    played = st.revealed[0][0]
    st = gamelib.play(st, f"play {played}")  # type: ignore[assignment]
    assert len(st.revealed[0]) == 2  # no other card is revealed


def test_mission_18_face_up_cards_on_face_down_cards() -> None:
    """18「伏せられたカードの上に表のカードが重ねられ、上のカードをプレイすると下のカードを手札にできる。」"""
    st = take_resources(start(18))
    assert [len(h) for h in st.hands] == [4] * 4
    assert all(len(c) == 4 for c in st.covered)
    assert st.view(1).face_down_counts == (4, 4, 4, 4)
    top, under = st.covered[0][0]
    st = gamelib.play(st, f"play {top}")  # type: ignore[assignment]
    assert under in st.hands[0] and len(st.covered[0]) == 3
    assert st.view(0).hand_counts[0] == 4 and under not in st.view(1).revealed[0]
    assert any(under.label() in e.en for e in st.log if e.visible_to == frozenset({0}))


def test_mission_19_draw_one_face_down_card_per_play() -> None:
    """19「裏の４枚を重ねて、手札を使うたびに１枚ずつ引いて手札にする。手札しかプレイできない。」"""
    st = take_resources(start(19))
    assert [len(h) for h in st.hands] == [4] * 4 and all(len(p) == 4 for p in st.draw_piles)
    playable = {a.card for a in st.legal_actions()}  # type: ignore[union-attr]
    assert playable <= set(st.hands[0]) and not playable & set(st.draw_piles[0])
    nxt = st.draw_piles[0][-1]
    st = gamelib.play(st, st.legal_actions()[0])  # type: ignore[assignment]
    assert nxt in st.hands[0] and len(st.hands[0]) == 4 and len(st.draw_piles[0]) == 3


def test_mission_15_fixed_play_order() -> None:
    """15「手札の出す順番を最初に決めてその順で出す。（キューブやクリスタルの使用は出したタイミングで決める）」"""
    st = take_resources(start(15))
    assert st.phase == "order" and st.current_player == 0
    for _ in range(4 * 5):
        st = gamelib.play(st, st.legal_actions()[-1])  # type: ignore[assignment]
    assert st.phase == "play" and all(len(o) == 6 for o in st.orders)
    first = st.orders[0][0]
    assert {a.card for a in st.legal_actions()} == {first}  # type: ignore[union-attr]
    assert st.view(0).play_order == tuple(st.orders[0]) and st.view(1).play_order == tuple(
        st.orders[1]
    )


def test_mission_20_21_hands_go_to_the_partner_across() -> None:
    """20/21「８枚のカードを見てスクロールの使用とリソースを決める。その後対面のプレイヤーにカードを
    すべて渡す。対面がペア。」"""
    for number in (20, 21):
        st = start(number)
        dealt = [list(h) for h in st.hands]
        st = take_resources(st)
        assert st.hands == [dealt[2], dealt[3], dealt[0], dealt[1]]
        view = st.view(0)
        assert view.partners == (2, 3, 0, 1)
        assert set(view.known_cards[2]) == set(dealt[0])  # you know the hand you gave away


def test_pair_missions_redrawn_with_fewer_players() -> None:
    """Ruling: pair missions need four players; with fewer they are set aside and another
    mission is drawn."""
    for players in (2, 3):
        st = start(20, players)
        assert st.mission_no != 20
        assert any("pair mission" in line for line in st.log_text())
    st = gamelib.load("megalomania", players=4, pair_missions="never").new_state(1)
    assert not {20, 21} & set(st.mission_deck) and st.mission_no not in (20, 21)


def test_mission_22_pass_the_rest_of_the_hand_right() -> None:
    """22「カードを出すごとに、残りの手札をすべて右のプレイヤーに渡す。」
    Ruling: all players pass together after each trick; seat s receives from seat s + 1."""
    st = take_resources(start(22))
    played: dict[int, object] = {}
    before = [list(h) for h in st.hands]
    while st.trick_no == 0:
        seat = st.current_player
        action = st.legal_actions()[0]
        if isinstance(action, PlayCard):
            played[seat] = action.card  # type: ignore[index]
        st = gamelib.play(st, action)  # type: ignore[assignment]
    for s in range(4):
        frm = (s + 1) % 4
        assert st.hands[s] == [c for c in before[frm] if c != played[frm]]
    assert any("to the right" in line for line in st.log_text())
    for s in range(4):  # each player knows the hand it passed on
        right = (s - 1) % 4
        assert set(st.view(s).known_cards[right]) == set(st.hands[right])
    while st.trick_no == 1:
        st = gamelib.play(st, st.legal_actions()[0])  # type: ignore[assignment]
    for s in range(4):  # ... and, two passes later, still where those cards went
        assert set(st.view(s).known_cards[(s - 2) % 4]) == set(st.hands[(s - 2) % 4])


def test_mission_24_split_and_blind_choice() -> None:
    """24「８枚の手札を４枚ずつの山札に自分で分け、隣のプレイヤーに中身を見せずに選ばせ、残りは
    このゲーム使わない。」"""
    st = take_resources(start(24))
    assert st.phase == "split"
    for _ in range(16):
        st = gamelib.play(st, st.legal_actions()[0])  # type: ignore[assignment]
    assert st.phase == "choose_pile" and st.current_player == 1  # left neighbour of seat 0
    pile1 = list(st.piles[0])
    assert st.view(0).pile == tuple(pile1) and st.view(1).pile == tuple(st.piles[1])
    assert st.view(1).hands[0] is None and not set(pile1) & set(st.view(1).known_cards[0])
    st = gamelib.play(st, "choose pile 1")  # type: ignore[assignment]
    assert st.hands[0] == sorted(pile1, key=list(DECK).index) and len(st.own_aside[0]) == 4
    for _ in range(3):
        st = gamelib.play(st, "choose pile 2")  # type: ignore[assignment]
    assert st.phase == "play" and [len(h) for h in st.hands] == [4] * 4
    assert st.m.tricks == 4 and st.view(2).own_set_aside == tuple(st.own_aside[2])


def test_mission_25_pass_three_left() -> None:
    """25「３枚隣のプレイヤーに渡す。」 (ruling: to the left neighbour, all at once)."""
    st = take_resources(start(25))
    assert st.phase == "pass"
    chosen = []
    for _ in range(4):
        picks = []
        for _ in range(3):
            a = st.legal_actions()[0]
            picks.append(a.card)  # type: ignore[union-attr]
            st = gamelib.play(st, a)  # type: ignore[assignment]
        chosen.append(picks)
    assert st.phase == "play" and [len(h) for h in st.hands] == [8] * 4
    for s in range(4):
        assert set(chosen[s]) <= set(st.hands[(s + 1) % 4])
        assert set(chosen[s]) <= set(st.view(s).known_cards[(s + 1) % 4])


@pytest.mark.parametrize("number", [m.number for m in MISSIONS])
def test_each_mission_plays_out_and_scores(number: int) -> None:
    """A whole round of every mission with random legal moves: invariants hold and the round's
    score equals the mission's scoring of the tricks taken."""
    players = 4
    st = start(number, players, seed=number)
    rng = random.Random(number)
    st = play_random(st, rng, until_round=1)
    assert st.m.number == number
    while st.round == 1:
        acts = st.legal_actions()
        pre, action = st, acts[rng.randrange(len(acts))]
        st = gamelib.play(st, action)  # type: ignore[assignment]
        st.check_invariants()
    seat = pre.current_player
    assert isinstance(action, PlayCard) and seat is not None
    plays = [*pre.trick, Play.of(seat, action)]
    assert pre.dominant is not None
    won = trick_winner(plays, None, pre.dominant, TrickContext(pre.cube_step))
    taken = [[list(t) for t in c] for c in pre.captured]
    taken[won].append([p.card for p in plays])
    assert st.round_scores[0] == mission_scores(mission(number), taken, players)
    assert st.round_missions[0] == number
    assert len(st.round_scores[0]) == players
    assert st.scores == list(st.round_scores[0])
    lines = [e.en for e in st.log if e.key == "round_score"]
    assert len(lines) == players and all(f"Mission {number} " in x for x in lines)


def test_mission_7_limit_is_25_at_every_table_size() -> None:
    """ミッション7「カードの数値の合計が２５以下のトリック１つにつき２点獲得。」 — no player-count
    condition: 25 with 2, 3 and 4 players by default (option ``mission7="literal"``)."""
    t = tricks("B9 Y4", "B1 B2")
    assert mission_scores(mission(7), t, 2) == (2, 2)
    t3 = tricks("B9 Y4 R6", "B15 B12 Y1")
    assert mission_scores(mission(7), t3, 3)[:2] == (2, 0)
    for players in (2, 3, 4):
        assert gamelib.load("megalomania", players=players).options.mission7 == "literal"


def test_mission_7_scaled_option_and_mission_8_on_small_tables() -> None:
    """Option ``mission7="scaled"``: mission 7's limit becomes 25 × players / 4 (12 with 2, 18
    with 3). Ruling (option ``small_tables="scaled"``): mission 8 is redrawn with 2 players."""
    t = tricks("B9 Y4", "B1 B2")
    assert mission_scores(mission(7), t, 2, scaled=True) == (0, 2)
    t3 = tricks("B9 Y4 R6", "B15 B2 Y1")
    assert mission_scores(mission(7), t3, 3, scaled=True)[:2] == (0, 2)
    st = start(8, players=2)
    assert st.mission_no != 8 and any("two cards" in x for x in st.log_text())
    literal = gamelib.load("megalomania", players=2, first_mission=8, small_tables="literal")
    assert literal.new_state(0).mission_no == 8
    assert start(8, players=3).mission_no == 8


def test_mission_7_option_reaches_the_round_score() -> None:
    """The state scores mission 7 with the option chosen: a 3-player trick worth 20 pays 2 by
    default (literal 25) and nothing with ``mission7="scaled"`` (limit 18)."""
    for option, expected in (("literal", 2), ("scaled", 0)):
        game = gamelib.load("megalomania", players=3, first_mission=7, mission7=option)
        st = MegalomaniaState.position(
            game, hands=[parse_cards("B12"), parse_cards("B6"), parse_cards("B2")],
            mission_no=7, leader=0,
        )
        st.trick_no = mission(7).tricks - 1
        st = gamelib.play(st, "play blue 12 (Oracle)")
        st = gamelib.play(st, "play blue 6 (Dwarf)")
        st = gamelib.play(st, "play blue 2 (Assassin)")
        assert st.round_scores[0] == (expected, 0, 0)
