"""【ルール】(2)–(5) and 勝利条件: the turn, events that stand alone, the end and the score."""

from __future__ import annotations

import pytest

import gamelib
from gamelib import IllegalAction
from gamelib.rekkyo.position import FixedDice, make_position, play_texts


def game(players: int = 2, **options):
    return gamelib.load("rekkyo", players=players, first_player="seat1", **options)


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_turn_starts_by_drawing_one_card():
    """「自分の手番になったプレイヤーはまず山札からカードを１枚引いて下さい。」"""
    s = make_position(game(), owners={"japan": 0, "usa": 1}, hands=[["zero"], ["sherman"]],
                      pile_top=["t34", "kv1"])
    before = len(s.pile)
    s = play_texts(s, "do nothing")
    assert s.turn_player == 1
    assert s.hands[1] == ["sherman", "t34"]
    assert len(s.pile) == before - 1


def test_partisan_drawn_is_resolved_and_ends_the_turn():
    """「引いたカードが「パルチザン」であった場合、イベントを処理して手番は終了となります。」

    Ruling (option partisan, default uprising): the drawer's conquered territory of lowest
    national power becomes neutral again.
    """
    s = make_position(game(), owners={"japan": 0, "usa": 1, "hawaii": 1, "africa": 1},
                      home=[["japan"], ["usa"]], hands=[["zero"], ["sherman"]],
                      pile_top=["partisan", "kv1"])
    s = play_texts(s, "do nothing")
    assert s.owner["hawaii"] is None  # power 1 < Africa's 2
    assert s.owner["africa"] == 1
    assert "partisan" in s.discard and "partisan" not in s.hands[1]
    assert s.turn_player == 0 and s.hands[0] == ["zero", "kv1"]  # player 2's turn ended
    keys = [e.key for e in s.log]
    assert "draw_partisan" in keys and "partisan_uprising" in keys


def test_partisan_sabotage_option_discards_a_random_card():
    """Ruling option partisan=sabotage: the drawer discards one card at random."""
    s = make_position(game(partisan="sabotage"), owners={"japan": 0, "usa": 1},
                      hands=[["zero"], ["sherman", "t34"]], pile_top=["partisan", "kv1"])
    s = play_texts(s, "do nothing")
    assert len(s.hands[1]) == 1
    assert s.turn_player == 0


def test_partisan_without_conquests_does_nothing():
    """Ruling: starting territories never rise; with no conquered territory nothing happens."""
    s = make_position(game(), owners={"japan": 0, "usa": 1}, hands=[["zero"], ["sherman"]],
                      pile_top=["partisan", "kv1"])
    s = play_texts(s, "do nothing")
    assert s.owner["usa"] == 1
    assert any(e.key == "partisan_none" for e in s.log)


def test_invasion_needs_a_link_from_your_territory():
    """「自分の領土から侵略を試みる中立国と少なくとも１つは繋がっている必要があります。」"""
    s = make_position(game(), owners={"japan": 0, "usa": 1},
                      hands=[["zero", "chiha"], ["sherman"]], pile_top=["t34"])
    invasions = [t for t in texts(s) if t.startswith("invade")]
    assert invasions == ["invade china by sea", "invade siberia by sea",
                         "invade south_pacific by sea"]
    with pytest.raises(IllegalAction, match="not linked"):
        gamelib.play(s, "invade india by land")


def test_sea_invasion_needs_navy_or_air():
    """「海を経由して侵略を行う場合、兵器カードの中に海軍カード…もしくは空軍カード…が含まれてなければなりません。」"""
    s = make_position(game(), owners={"japan": 0, "usa": 1},
                      hands=[["chiha", "ija_infantry"], ["sherman"]], pile_top=["t34"])
    assert not [t for t in texts(s) if t.startswith("invade")]
    s = make_position(game(), owners={"japan": 0, "usa": 1},
                      hands=[["chiha", "zero"], ["sherman"]], pile_top=["t34"])
    s = play_texts(s, "invade china by sea", "add chiha")
    assert "commit" not in texts(s)
    s = play_texts(s, "add zero")
    assert texts(s)[0] == "commit"


def test_land_invasion_may_not_use_navy():
    """「陸を経由して侵略する場合、兵器カードの中に海軍カードを含めてはいけません。」"""
    s = make_position(game(), owners={"china": 0, "usa": 1},
                      hands=[["chiha", "akagi", "zero"], ["sherman"]], pile_top=["t34"])
    s = play_texts(s, "invade india by land")
    assert "add akagi" not in texts(s)
    assert "add chiha" in texts(s) and "add zero" in texts(s)
    with pytest.raises(IllegalAction, match="navy"):
        gamelib.play(s, "add akagi")


def test_events_standing_alone_are_an_action():
    """「c)単独で使用するイベントカードが手札にある場合、それを１枚使用する事が出来ます。」"""
    s = make_position(game(), owners={"japan": 0, "usa": 1},
                      hands=[["conscription", "spy", "diplomacy", "strategic_bombing"],
                             ["sherman"]],
                      pile_top=["t34", "kv1", "red_army"])
    t = texts(s)
    assert "play conscription" in t
    assert "play spy on player 2" in t
    assert "play diplomacy on south_pacific" in t  # power 1 ≤ 2, linked, neutral
    assert "play diplomacy on china" not in t  # power 3 > 2
    assert not any("strategic_bombing" in x for x in t)  # used only with weapons
    s2 = play_texts(s, "play conscription")
    assert s2.hands[0][-2:] == ["t34", "kv1"]
    assert "conscription" in s2.discard
    s3 = play_texts(s, "play spy on player 2")
    assert "sherman" in s3.hands[0] and s3.hands[1] == ["t34"]  # then player 2 drew t34
    s4 = s.clone()
    s4.rng = FixedDice([4])
    s4 = play_texts(s4, "play diplomacy on south_pacific")
    assert s4.owner["south_pacific"] == 0
    s5 = s.clone()
    s5.rng = FixedDice([3])
    s5 = play_texts(s5, "play diplomacy on south_pacific")
    assert s5.owner["south_pacific"] is None


def test_do_nothing():
    """「d)何もしない　様子を見る、手札を潤沢にする為に、あえて何もしない事も出来ます。」"""
    s = make_position(game(), owners={"japan": 0, "usa": 1}, hands=[["zero"], ["sherman"]],
                      pile_top=["t34"])
    assert texts(s)[-1] == "do nothing"


def test_discard_down_to_five():
    """「この時点で手札が５枚を超えている場合は、５枚になるようにカードを捨てて下さい。」"""
    hand = ["zero", "chiha", "ija_infantry", "akagi", "fubuki", "tokko"]
    s = make_position(game(), owners={"japan": 0, "usa": 1}, hands=[hand, ["sherman"]],
                      pile_top=["t34"])
    s = play_texts(s, "do nothing")
    assert s.phase == "discard" and s.current_player == 0
    assert texts(s) == [f"discard {c}" for c in
                        ["zero", "akagi", "fubuki", "chiha", "ija_infantry", "tokko"]]
    s = play_texts(s, "discard tokko")
    assert len(s.hands[0]) == 5 and s.turn_player == 1


def test_next_player_clockwise():
    """「手番を終了して次のプレイヤー（時計回り）が手番となります。」"""
    s = make_position(game(3), owners={"japan": 0, "usa": 1, "germany": 2},
                      hands=[["zero"], ["sherman"], ["tiger"]], pile_top=["t34", "kv1", "il2"])
    s = play_texts(s, "do nothing")
    assert s.turn_player == 1
    s = play_texts(s, "do nothing")
    assert s.turn_player == 2


def test_game_ends_when_last_card_drawer_ends_turn():
    """「最後の山札を引いたプレイヤーが、自分の手番を終了した時点でゲームは終了します。」"""
    s = make_position(game(), owners={"japan": 0, "usa": 1}, hands=[["zero"], ["sherman"]],
                      pile_top=["t34"], rest="discard")
    s = play_texts(s, "do nothing")
    assert not s.is_terminal()  # player 2 drew the last card and still plays the turn
    assert s.turn_player == 1 and not s.pile
    s = play_texts(s, "do nothing")
    assert s.is_terminal() and s.current_player is None


def test_game_ends_with_the_turn_whose_neutral_draw_took_the_last_card():
    """「最後の山札を引いたプレイヤーが、自分の手番を終了した時点でゲームは終了します。」

    The neutral's draw takes the last card and the discards are shuffled into a new pile for the
    rest of its draw: the game still ends when that turn ends."""
    s = make_position(game(), owners={"china": 0, "usa": 1},
                      hands=[["kv1", "t34"], ["sherman"]], pile_top=["m13"], rest="discard")
    s = play_texts(s, "invade india by land", "add kv1", "add t34", "commit")
    assert any(e.key == "reshuffle" for e in s.log)
    assert s.is_terminal() and s.pile  # the rebuilt pile is not empty, the game is over anyway


def test_game_ends_with_the_turn_whose_conscription_took_the_last_card():
    """The same sentence: the last card drawn by 徴兵 ends the game with that turn."""
    s = make_position(game(), owners={"china": 0, "usa": 1},
                      hands=[["conscription"], ["sherman"]], pile_top=["t34"], rest="discard")
    s = play_texts(s, "play conscription")
    assert s.is_terminal()


def test_score_is_total_national_power():
    """「各プレイヤーは自分の領土の国力を合計します。この合計値の１番多いプレイヤーが勝利となります。」"""
    s = make_position(game(), owners={"japan": 0, "china": 0, "usa": 1},
                      hands=[["zero"], ["sherman"]], pile_top=["t34"], rest="discard")
    s = play_texts(s, "do nothing", "do nothing")
    out = s.outcome()
    power = {t.id: t.power for t in s.cards.territories}
    assert out.scores == (power["japan"] + power["china"], power["usa"])
    assert out.winners == (0,)


def test_atomic_bomb_user_halves_national_power():
    """「ゲーム中に「原子爆弾」を使用したプレイヤーは自分の全ての領土の国力を半分にします。」"""
    s = make_position(game(), owners={"japan": 0, "china": 0, "usa": 1},
                      hands=[["zero"], ["sherman"]], pile_top=["t34"], rest="discard",
                      atomic_used=[True, False])
    s = play_texts(s, "do nothing", "do nothing")
    power = {t.id: t.power for t in s.cards.territories}
    assert s.outcome().scores == ((power["japan"] + power["china"]) / 2, power["usa"])
    assert s.outcome().winners == (1,)
    assert any(e.key == "atomic_halved" for e in s.log)


def test_tie_on_national_power_is_shared():
    """Ruling: the text names no tie-break, so equal totals share the victory."""
    s = make_position(game(), owners={"japan": 0, "uk": 1}, hands=[["zero"], ["sherman"]],
                      pile_top=["t34"], rest="discard")
    s = play_texts(s, "do nothing", "do nothing")
    assert s.outcome().winners == (0, 1)
