"""侵略フェイズ and トランプの強さ: every sentence of the invasion rules as a scenario.

Positions are built with :func:`gamelib.powers.positions.position`: hands before the round, the
round card to reveal, the top of the deck (conscription draws come from it first).
"""

from __future__ import annotations

import pytest

from gamelib import IllegalAction
from gamelib.powers.positions import cards, play_texts, position


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_initiative_player_acts_first():
    """「先制権を持つプレイヤーから順に「前のプレイヤーより強いトランプ札を出す」か「降りる」かを選ぶ」"""
    s = position(players=3, hands=["5S", "6S", "7S"], rounds="China", initiative=1,
                 deck="2H 3H 4H")
    assert s.current_player == 1
    s = play_texts(s, "play 6S")
    assert s.current_player == 2
    s = play_texts(s, "play 7S")
    assert s.current_player == 0


def test_must_play_stronger_than_previous_card():
    """「前のプレイヤーより強いトランプ札を出す」: equal or weaker cards are not legal."""
    s = position(hands=["9S 9H 10D 8C", "9C 2C"], rounds="China", deck="2H 3H")
    s = play_texts(s, "play 9S")
    assert s.current_player == 1
    assert texts(s) == ["fold"]  # 9C ties 9S, 2C and 3H are weaker
    with pytest.raises(IllegalAction, match="does not beat 9"):
        play_texts(s, "play 9C")


def test_suits_have_no_order():
    """「スートに強弱は無い」: a 9♥ does not beat a 9♠."""
    s = position(hands=["9S", "9H"], rounds="France", deck="2C 2D")
    s = play_texts(s, "play 9S")
    assert "play 9H" not in texts(s)


def test_ranks_two_to_king_are_two_to_thirteen():
    """「2〜Kはそれぞれ2〜13の強さ」."""
    s = position(hands=["2S JS", "QS KS"], rounds="France", deck="3C 3D 4C 4D")
    s = play_texts(s, "play 2S")
    assert s.ladder[-1].strength == 2
    s = play_texts(s, "play QS", "play JS") if False else play_texts(s, "play QS")
    assert s.ladder[-1].strength == 12
    assert "play JS" not in texts(s)
    s = play_texts(s, "fold")
    assert s.invasion_winner == 1


def test_playing_a_card_draws_one():
    """「トランプを出したら山から1枚引く」."""
    s = position(hands=["5S", "6S"], rounds="China", deck="2H 3H 4H 7H")
    s = play_texts(s, "play 5S")
    assert cards("4H") == s.hands[0][-1:]
    assert len(s.hands[0]) == 2  # 5S 2H dealt... 1 + conscription 1, played 1, drew 1


def test_folded_player_takes_no_further_part():
    """「降りたらこの侵略フェイズには参加しない」: the turn skips a folded player."""
    s = position(players=3, hands=["5S KS", "6S", "7S 8S"], rounds="China",
                 deck="2H 3H 4H 2D 3D 4D")
    s = play_texts(s, "play 5S", "fold", "play 7S")
    assert s.current_player == 0
    s = play_texts(s, "play KS")
    assert s.current_player == 2  # player 1 folded: skipped


def test_bidding_goes_round_while_several_remain():
    """「降りていないプレイヤーが複数いる限り何巡でも続ける」."""
    s = position(hands=["3S 5S 7S", "4S 6S 8S"], rounds="China", deck="2H 2D 3H 3D 4H 4D 5H")
    s = play_texts(s, "play 3S", "play 4S", "play 5S", "play 6S", "play 7S", "play 8S")
    assert s.phase == "invasion" and s.current_player == 0
    assert [b.strength for b in s.ladder] == [3, 4, 5, 6, 7, 8]


def test_last_player_standing_wins_the_occupation_right():
    """「他全員が降りたら勝ち。占領権を獲得する」."""
    s = position(players=3, hands=["5S", "6S", "7S"], rounds="China", deck="2H 3H 4H 5H")
    s = play_texts(s, "play 5S", "fold", "fold")
    assert s.invasion_winner == 0
    assert s.phase == "occupation" and s.occ is not None and s.occ.holder == 0


def test_ace_is_one_more_than_the_previous_card():
    """「Aは前のプレイヤーより1強い。例えばKの次に出せば14」."""
    s = position(hands=["KS", "AS"], rounds="China", deck="2H 3H 4H")
    s = play_texts(s, "play KS", "play AS")
    assert s.ladder[-1].strength == 14 and s.ladder[-1].ace_rule
    assert "one more" in s.log_text()[-3] or any("one more" in t for t in s.log_text())


def test_ace_may_follow_an_ace():
    """「Aの後にAを出す事もできる。K→A→Aで15」."""
    s = position(players=3, hands=["KS", "AS", "AC"], rounds="China", deck="2H 3H 4H 5H 6H")
    s = play_texts(s, "play KS", "play AS", "play AC")
    assert [b.strength for b in s.ladder] == [13, 14, 15]


def test_adjacency_bonus_example_germany_with_france():
    """「ドイツの侵略でフランスを持っていたらKは14の強さ」."""
    s = position(hands=["KS", "2C"], owners={"France": 0}, rounds="Germany", deck="2H 3H")
    s = play_texts(s, "play KS")
    bid = s.ladder[-1]
    assert bid.strength == 14 and bid.bonus == 1 and bid.bonus_from == ("France",)
    assert "France" in bid.why.en
    assert any("+1: holds France, adjacent to Germany" in t for t in s.log_text())


def test_adjacency_bonus_counts_each_owned_neighbour():
    """「隣接する国を所有していると、1つにつき強さ+1」: two neighbours give +2."""
    s = position(hands=["5C", "7C"], owners={"France": 0, "Austria": 0, "Russia": 1},
                 rounds="Germany", deck="2H 3H")
    s = play_texts(s, "play 5C")
    assert s.ladder[-1].strength == 7
    # Player 2 owns Russia (+1): 7C counts 8 and beats 7.
    s = play_texts(s, "play 7C")
    assert s.ladder[-1].strength == 8


def test_ace_gets_no_bonus_and_builds_on_the_bonus_strength():
    """「Aには隣接ボーナスは適用されない。前のプレイヤーの「隣接ボーナス適用後の強さ」+1になる」."""
    s = position(hands=["KS", "AS"], owners={"France": 0, "Austria": 1}, rounds="Germany",
                 deck="2H 3H")
    s = play_texts(s, "play KS", "play AS")
    first, ace = s.ladder
    assert first.strength == 14
    assert ace.strength == 15 and ace.bonus == 0 and ace.base == 14
    assert "no adjacency bonus" in ace.why.en


def test_ace_played_first_counts_one_by_default():
    """Ruling: 「Aは前のプレイヤーより1強い」 with no card before it counts 0 + 1 = 1."""
    s = position(hands=["AS", "2S"], rounds="China", deck="2H 3H")
    s = play_texts(s, "play AS")
    assert s.ladder[-1].strength == 1
    assert "play 2S" in texts(s)


def test_ace_played_first_counts_fourteen_with_option():
    """Ruling option ``lead_ace=14``: an Ace led counts like a high poker Ace."""
    s = position(hands=["AS", "KS"], rounds="China", deck="2H 3H", lead_ace=14)
    s = play_texts(s, "play AS")
    assert s.ladder[-1].strength == 14
    assert texts(s) == ["fold"]


def test_joker_wins_at_once_and_draws_nothing():
    """「ジョーカーを出すと即座に勝利。ただし他のカードと違い出した後に山から1枚引けない」."""
    s = position(players=3, hands=["5S", "Joker1 2S", "KS"], rounds="China",
                 deck="2H 3H 4H 5H")
    s = play_texts(s, "play 5S")
    before = len(s.hands[1])
    s = play_texts(s, "play Joker1")
    assert s.invasion_winner == 1
    assert len(s.hands[1]) == before - 1  # no draw
    assert s.phase == "occupation"  # player 3 never got a turn


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_joker_win_is_narrated_as_an_immediate_win(lang):
    """「ジョーカーを出すと即座に勝利」: the log says the Joker won at once, not that all folded."""
    s = position(players=3, hands=["5S", "Joker1 2S", "KS"], rounds="China",
                 deck="2H 3H 4H 5H", lang=lang)
    s = play_texts(s, "play 5S", "play Joker1")
    won = [e for e in s.log if e.key.startswith("invasion_")][-1]
    assert won.key == "invasion_joker"
    text = s.log_text(lang)
    if lang == "ja":
        assert any("即座に勝利" in t for t in text) and not any("他全員が降りた" in t for t in text)
    else:
        assert any("at once" in t for t in text) and not any("folded" in t for t in text)


def test_island_accepts_only_hearts_diamonds_and_jokers():
    """「めくられた国が「島国」である場合、出せるのはハート・ダイヤ・ジョーカーのみ」."""
    s = position(hands=["KS KC 2H 3D Joker1", "5H"], rounds="Japan", deck="4S 4C")
    assert texts(s) == ["play Joker1", "play 2H", "play 3D", "fold"]
    with pytest.raises(IllegalAction, match="island"):
        play_texts(s, "play KS")


def test_landlocked_accepts_only_spades_clubs_and_jokers():
    """「「内陸」の場合、出せるのはスペード・クラブ・ジョーカーのみ」."""
    s = position(hands=["KH 2S 3C Joker2", "5S"], rounds="Switzerland", deck="4H 4D")
    assert texts(s) == ["play Joker2", "play 2S", "play 3C", "fold"]
    with pytest.raises(IllegalAction, match="landlocked"):
        play_texts(s, "play KH")


def test_initiative_player_may_fold_at_once():
    """「侵略フェイズで先制権を持つプレイヤーが最初から降りる事は合法である」."""
    s = position(hands=["KS", "2S"], rounds="China", deck="3H 4H")
    assert texts(s)[-1] == "fold"
    s = play_texts(s, "fold")
    assert any("folds at once" in t for t in s.log_text())
    # Ruling (uncontested="wins"): the last player in wins the right without playing.
    assert s.invasion_winner == 1 and s.phase == "occupation"


def test_uncontested_must_play_option():
    """Ruling option ``uncontested="must_play"``: if all fold, nobody takes the country."""
    s = position(hands=["KS", "2S"], rounds="China", deck="3H 4H", uncontested="must_play")
    s = play_texts(s, "fold")
    assert s.current_player == 1 and "fold" in texts(s)
    s = play_texts(s, "fold")
    assert "China" in s.lost and "China" not in s.owners
    assert s.initiative == 0  # the initiative stays


def test_played_cards_stay_in_front_until_the_end_of_the_phase():
    """「侵略フェイズに出した札は各プレイヤーの前に置かれ、フェイズ終了時に捨て札に移動する」.

    The deck runs out mid-phase: the rebuilt deck holds only the earlier discards, not the cards
    in front of the players.
    """
    s = position(hands=["5S 7S", "6S"], rounds="China", deck="2H 3H 4H", rest="discards")
    s = play_texts(s, "play 5S")  # draws 4H, the last card of the deck
    assert not s.deck
    s = play_texts(s, "play 6S")  # deck empty: the discards become the deck
    assert any("shuffled into a new deck" in t for t in s.log_text())
    assert cards("5S")[0] in s.front[0] and cards("6S")[0] in s.front[1]
    assert cards("5S")[0] not in s.deck and cards("6S")[0] not in s.deck
    s = play_texts(s, "play 7S", "fold")
    assert not any(s.front) and set(cards("5S 6S 7S")) <= set(s.discards)


def test_ladder_view_explains_strength():
    """The view's ladder says why each card has its strength."""
    s = position(hands=["KS", "AS"], owners={"France": 0}, rounds="Germany", deck="2H 3H")
    s = play_texts(s, "play KS", "play AS")
    v = s.view(1)
    assert [b.strength for b in v.ladder] == [14, 15]
    assert v.top_strength == 15
    assert "France" in v.ladder[0].why.en and "Ace" in v.ladder[1].why.en
