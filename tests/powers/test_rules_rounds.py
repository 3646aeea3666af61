"""ラウンドの進め方, 徴兵フェイズ, その他のルール, 勝利条件 (base rules)."""

from __future__ import annotations

from gamelib.powers.positions import cards, play_texts, position


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_initiative_player_reveals_a_round_card():
    """「先制権を持つプレイヤーはラウンドカードの山から1枚めくり場に出す」."""
    s = position(players=3, hands=["2S", "3S", "4S"], rounds="China", initiative=2)
    assert s.round_card == "China" and s.rounds_played[-1] == "China"
    assert any("Player 3 reveals China" in t for t in s.log_text())


def test_disarmament_discards_half_rounded_down():
    """「軍縮カード：手札が7枚以上あるプレイヤーは半分(端数切り捨て)を選んで捨てる」."""
    hands = ["2S 3S 4S 5S 6S 7S 8S", "2H 3H 4H 5H 6H 7H", "2D 3D 4D 5D 6D 7D 8D 9D 10D"]
    s = position(players=3, hands=hands, rounds="disarmament", initiative=1, more_rounds=False)
    # Player 2 (6 cards) keeps them all; order from the initiative: player 3 (9 -> 4), player 1.
    assert s.to_discard == {2: 4, 0: 3}
    assert s.current_player == 2
    s = play_texts(s, "discard 2D", "discard 3D", "discard 4D", "discard 5D")
    assert s.current_player == 0
    s = play_texts(s, "discard 2S", "discard 3S", "discard 4S")
    assert [len(h) for h in s.hands] == [4, 6, 5]
    assert set(cards("2D 3D 4D 5D 2S 3S 4S")) <= set(s.discards)


def test_disarmament_keeps_the_initiative():
    """「先制権はそのままで次のラウンドへ」 (軍縮)."""
    s = position(hands=["2S 3S 4S 5S 6S 7S 8S", "2H"], rounds=["disarmament", "China"],
                 initiative=1)
    s = play_texts(s, "discard 2S", "discard 3S", "discard 4S")
    assert s.round_card == "China" and s.initiative == 1 and s.current_player == 1


def test_disarmament_with_nobody_at_seven():
    """軍縮 with no hand of 7 or more does nothing."""
    s = position(hands=["2S", "2H"], rounds=["disarmament", "China"])
    assert s.round_card == "China"
    assert any("nobody holds 7" in t for t in s.log_text())


def test_mobilization_refills_to_five_and_keeps_initiative():
    """「動員カード：手札が5枚未満のプレイヤーは5枚になるまで補充する。先制権はそのままで次のラウンドへ」."""
    s = position(hands=["2S", "2H 3H 4H 5H 6H 7H"], rounds=["mobilization", "China"],
                 initiative=1)
    assert s.round_card == "China" and s.initiative == 1
    assert len(s.hands[0]) == 5 + 1 and len(s.hands[1]) == 6 + 1  # + conscription


def test_mobilization_only_with_two_players():
    """「動員(4枚)…(2人プレイのみ)」「3人以上で遊ぶ場合は動員カードを取り除き、残り19枚」."""
    import gamelib

    for players, total in ((2, 23), (3, 19), (4, 19), (5, 19)):
        s = gamelib.load("powers", players=players).new_state(7)
        deck = s.round_deck + s.rounds_played
        assert len(deck) == total
        assert ("mobilization" in deck) == (players == 2)


def test_country_round_moves_initiative_to_the_taker():
    """「めくれた国カードを手に入れたプレイヤーに先制権が移り次のラウンドへ」."""
    s2 = position(hands=["2S", "KS 3C 4C 5C 6C"], rounds=["China", "India"])
    s2 = play_texts(s2, "play 2S", "play KS", "fold", "pay 3C", "pay 4C", "pay 5C", "pay 6C")
    assert s2.owners["China"] == 1 and s2.initiative == 1 and s2.round_card == "India"


def test_conscription_each_draws_one_from_initiative():
    """「先制権を持つプレイヤーから順にトランプを1枚ずつ引いて手札に加える」."""
    s = position(players=3, hands=["", "", ""], rounds="China", initiative=1, deck="2H 3H 4H")
    assert s.hands[1] == cards("2H") and s.hands[2] == cards("3H") and s.hands[0] == cards("4H")


def test_deck_rebuilt_from_discards():
    """「トランプを引こうとした時に山が残っていなかった場合、捨て札を集めて山を積み直す」."""
    s = position(hands=["2S", "3S"], rounds="China", deck="4H", rest="discards")
    assert len(s.hands[1]) == 2  # player 2's draw rebuilt the deck
    assert any("shuffled into a new deck" in t for t in s.log_text())
    s.check_invariants()


def test_discards_and_countries_are_public():
    """「捨て札は全て公開情報である」「獲得した国カードは全て公開情報である」."""
    s = position(players=3, hands=["2S 3S", "4S", "5S"], rounds="China",
                 owners={"Japan": 2}, discards="9D 9C")
    views = [s.view(p) for p in (None, 0, 1, 2)]
    assert all(v.discards == views[0].discards for v in views)
    assert all(v.owners == {"Japan": 2} for v in views)
    assert all(v.scores == (0, 0, 6) for v in views)


def test_views_hide_other_hands_and_deck_order():
    """A seat sees its own hand and counts of the others; the teacher sees all hands."""
    s = position(players=3, hands=["2S 3S", "4S", "5S"], rounds="China")
    v = s.view(1)
    assert v.hand == tuple(sorted(s.hands[1])) and v.hands[0] is None and v.hands[2] is None
    assert v.hand_counts == tuple(len(h) for h in s.hands)
    assert not hasattr(v, "deck") and v.deck_count == len(s.deck)
    t = s.view(None)
    assert all(h is not None for h in t.hands)
    drawn = [e for e in s.log if e.key == "draw_private"]
    assert all(not e.is_visible_to(2) for e in drawn if e.player != 2)


def test_domination_at_35_points_ends_the_game_at_once():
    """「国カードを手に入れ、合計得点が35以上になれば制覇勝利」."""
    s = position(hands=["KS 2C 3C 4C 5C", "2S"], rounds="China",
                 owners={"USA": 0, "Russia": 0, "India": 0, "Korea": 1})
    s = play_texts(s, "play KS", "fold", "pay 2C", "pay 3C", "pay 4C", "pay 5C")
    assert s.is_terminal() and s.current_player is None
    out = s.outcome()
    assert out.winners == (0,) and out.scores == (38.0, 5.0) and out.reason == "domination"
    assert s.owners["Korea"] == 1  # the game ended before the defence phase


def test_domination_counts_countries_taken_in_defence():
    """35 points reached by taking an undefended neighbour also wins at once."""
    s = position(hands=["KS 2C 3C 4C 5C", "2S"], rounds="China",
                 owners={"USA": 0, "Russia": 0, "Korea": 1, "India": 1})
    s = play_texts(s, "play KS", "fold", "pay 2C", "pay 3C", "pay 4C", "pay 5C")
    # 29 points after China; Korea (5) taken -> 34; India (9) taken -> 43.
    assert s.current_player == 1
    s = play_texts(s, "decline")
    assert not s.is_terminal() and s.score(0) == 34
    s = play_texts(s, "decline")
    assert s.is_terminal() and s.outcome().winners == (0,)


def test_highest_score_after_the_last_round_wins():
    """「ラウンドカードを最後までめくった後、ラウンド終了時に最も得点が高ければ優勢勝利」."""
    s = position(hands=["KS 2C 3C", "2S"], rounds="Korea", more_rounds=False,
                 owners={"USA": 1})
    s = play_texts(s, "play KS", "fold", "pay 2C", "pay 3C")
    assert s.is_terminal()
    assert s.outcome().winners == (1,) and s.outcome().scores == (5.0, 10.0)


def test_base_tie_is_shared():
    """Ruling: base rules have no priority order, so a tie for the highest score is shared."""
    s = position(hands=["KS 2C 3C", "2S"], rounds="Korea", more_rounds=False,
                 owners={"Italy": 1})
    s = play_texts(s, "play KS", "fold", "pay 2C", "pay 3C")
    assert s.outcome().winners == (0, 1)


def test_mobilization_draws_in_order_from_the_initiative():
    """「徴兵・軍縮・動員は全て先制権を持つプレイヤーから順番に行う」 (動員)."""
    s = position(hands=["2S 3S 4S", "2H 3H 4H"], rounds="mobilization", initiative=1,
                 deck="5D 6D 7D 8D", rest="discards", more_rounds=False)
    assert s.hands[1][-2:] == cards("5D 6D") and s.hands[0][-2:] == cards("7D 8D")


def test_drawing_with_deck_and_discards_empty_draws_what_there_is():
    """Ruling R16: with no deck and no discards a player draws nothing more."""
    from gamelib.powers.data import playing_cards

    all_cards = " ".join(str(c) for c in playing_cards())
    codes = all_cards.split()
    s = position(hands=[" ".join(codes[:27]), " ".join(codes[27:])], rounds="China")
    assert not s.deck and not s.discards
    assert [len(h) for h in s.hands] == [27, 27]
    assert any("No card left to draw" in t for t in s.log_text())
    s.check_invariants()


def test_no_face_card_means_decline_only():
    """Ruling R20: a defender without a face card is still asked, with only ``decline``."""
    s = position(hands={0: "KS 2C 3C", 1: "2H 5D"}, rounds="Korea", owners={"Japan": 1})
    s = play_texts(s, "play KS", "fold", "pay 2C", "pay 3C")
    assert s.phase == "defence" and s.current_player == 1
    assert texts(s) == ["decline"]


def test_each_draw_is_logged_privately_to_the_drawer():
    """Every drawn card is named in the log for its drawer only (the others see counts)."""
    s = position(players=3, hands=["", "", ""], rounds="China", deck="2H 3H 4H")
    for p, card in ((0, "2♥"), (1, "3♥"), (2, "4♥")):
        mine = [t for t in s.log_text(viewer=p) if " drew " in t]
        assert mine[-1] == f"Player {p + 1} drew {card}"
        assert all(f"Player {p + 1} drew" not in t for q in range(3) if q != p
                   for t in s.log_text(viewer=q))


def test_country_round_phase_order():
    """「国カード：徴兵・侵略・占領・防衛の順でフェイズを処理する」 (magazine: then 再編)."""
    for rules, tail in (("base", []), ("magazine", ["Reorganisation"])):
        s = position(hands={0: "KS 2C 3C 4C", 1: "2H"}, rounds="Germany", owners={"France": 1},
                     rules=rules)
        s = play_texts(s, "play KS", "fold", "pay 2C", "pay 3C", "pay 4C", "decline")
        heads = [e.en.split(":")[0].split(" of ")[0] for e in s.log if e.kind == "phase"]
        start = heads.index("Round 2")
        assert heads[start + 1:start + 5 + len(tail)] == [
            "Conscription", "Invasion", "Occupation", "Defence", *tail
        ]
