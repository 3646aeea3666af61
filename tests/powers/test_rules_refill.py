"""The last revision (rules="refill").

「再編とリシャッフルのタイミングを調整して面倒臭さを低減」.
"""

from __future__ import annotations

from gamelib.powers.positions import cards, play_texts, position


def test_invasion_cards_refilled_as_played():
    """「再編フェイズを廃止し、侵略フェイズでカードを出したらその都度補充」."""
    s = position(hands={0: "5S", 1: "6S"}, rounds="China", rules="refill", deck="2H 3H 4H")
    s = play_texts(s, "play 5S")
    assert s.hands[0] == cards("2H 4H")
    assert s.owed == [0, 0]


def test_played_cards_stay_in_front_until_next_conscription():
    """「侵略および防衛フェイズで出した札はそのまま自分の前に置いておく」
    「次のラウンドの徴兵フェイズにて各自ドローの前にこれらの札を捨てる」."""
    s = position(hands={0: "5S 2C 3C", 1: "6S"}, rounds=["Korea", "disarmament", "India"],
                 rules="refill", deck="2H 3H 4H 5H 6H 7H")
    s = play_texts(s, "play 5S", "fold", "pay 2C", "pay 3C")
    # Korea taken; the disarmament round passes; the cards stay in front of player 1.
    assert s.round_card == "India"
    assert not any("Reorganisation" in t for t in s.log_text())
    # India's conscription discarded 5S before the draws.
    assert cards("5S")[0] in s.discards and not any(s.front)
    log = s.log_text()
    i = max(i for i, t in enumerate(log) if t.startswith("Conscription"))
    assert "cards in front of the players go to the discards: Player 1: 5♠" in log[i + 1]


def test_defence_cards_refilled_at_next_conscription():
    """「通常のドローに加えて捨てた分の補充を行う」 (ruling: the cards not refilled yet)."""
    s = position(hands={0: "KS 2C 3C 4C", 1: "5S 5H 9H"}, owners={"France": 1},
                 rounds=["Germany", "India"], rules="refill", deck="2D 3D 4D 5D 6D 7D 8D 9D")
    s = play_texts(s, "play KS", "fold", "pay 2C", "pay 3C", "pay 4C")
    assert s.dfn.neighbour == "France"
    s = play_texts(s, "defend with 5H 5S")
    assert s.round_card == "India"
    assert any("Player 2 also refills 2 card(s)" in t for t in s.log_text())
    # Player 2 drew 1 + 2; player 1 (whose KS was refilled at once) drew just 1.
    draws = [e.en for e in s.log if e.key == "draw_public" and "(conscription)" in e.en]
    assert draws[-1:] == ["Player 2 draws 3 (conscription)"]  # 1-card draws: phase line only
    private = [e.en.split(" drew ")[1] for e in s.log if e.key == "draw_private"]
    assert [len(t.split()) for t in private[-2:]] == [1, 3]
    assert s.owed == [0, 0]


def test_refill_count_all_option():
    """Ruling option ``refill_count="all"``: every card discarded from in front is refilled."""
    s = position(hands={0: "KS 2C 3C 4C", 1: "5S 5H 9H"}, owners={"France": 1},
                 rounds=["Germany", "India"], rules="refill", deck="2D 3D 4D 5D 6D 7D 8D 9D",
                 refill_count="all")
    s = play_texts(s, "play KS", "fold", "pay 2C", "pay 3C", "pay 4C", "defend with 5H 5S")
    draws = [e.en for e in s.log if e.key == "draw_public" and "(conscription)" in e.en]
    assert draws[-2:] == ["Player 1 draws 2 (conscription)", "Player 2 draws 3 (conscription)"]


def test_refill_joker_keeps_extra_cost_and_no_refill():
    """Refill builds on the magazine: a Joker still costs one extra card, never refilled."""
    s = position(hands={0: "Joker1 2C", 1: "6S"}, rounds="China", rules="refill", deck="3D 4D")
    s = play_texts(s, "play Joker1 paying 2C")
    assert s.invasion_winner == 0 and s.hands[0] == cards("3D")
