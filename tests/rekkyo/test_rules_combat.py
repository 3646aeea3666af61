"""戦闘の発生, (Ⅰ) 中立国との戦闘, (Ⅱ) プレイヤー対プレイヤー, 戦闘の解決, 特殊ルール: scenarios."""

from __future__ import annotations

import pytest

import gamelib
from gamelib import IllegalAction
from gamelib.rekkyo.position import FixedDice, make_position, play_texts


def game(players: int = 2, **options):
    return gamelib.load("rekkyo", players=players, first_player="seat1", **options)


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def keys(state) -> list[str]:
    return [e.key for e in state.log]


# -- (Ⅰ) 中立国とプレイヤーとの戦闘 ---------------------------------------------------------------


def test_combat_only_from_invasions():
    """「戦闘は上記（３）のa)あるいはb)で発生します。その他の方法で戦闘が起こる事はありません。」"""
    s = make_position(game(), owners={"japan": 0, "usa": 1},
                      hands=[["zero", "conscription"], ["sherman"]], pile_top=["t34", "kv1"])
    for t in texts(s):
        after = play_texts(s, t)
        assert (after.combat is not None) == t.startswith("invade")


def test_events_in_combat_only_those_used_with_weapons():
    """「イベントカードは兵器カードと共に使用出来るカードだけが出せます。」"""
    s = make_position(game(), owners={"china": 0, "usa": 1},
                      hands=[["t34", "surprise_attack", "conscription"], ["sherman"]],
                      pile_top=["kv1"])
    s = play_texts(s, "invade india by land")
    assert "add surprise_attack" in texts(s)
    assert "add conscription" not in texts(s)
    s = play_texts(s, "add surprise_attack")
    assert "commit" not in texts(s)  # events go *with* weapons (ruling: at least one weapon)
    s = play_texts(s, "add t34")
    assert texts(s)[0] == "commit"


def test_any_number_of_weapons():
    """「また兵器カードは何枚出しても構いません。」"""
    hand = ["t34", "t34", "t34", "kv1", "red_army"]
    s = make_position(game(), owners={"china": 0, "usa": 1}, hands=[hand, ["sherman"]],
                      pile_top=["il2"])
    s = play_texts(s, "invade india by land", *[f"add {c}" for c in hand])
    assert not s.hands[0]
    assert texts(s) == ["commit"]


def test_neutral_draws_cards_equal_to_power_and_removes_open_and_events():
    """「中立国の国力と等しい枚数のカードを引きます。」

    「引いたカードの中にオープンカードやイベントカードを引いた場合には直ちに除去します。
    残ったカードがその中立国の戦力となります。」
    """
    s = make_position(game(), owners={"china": 0, "usa": 1},
                      hands=[["kv1", "t34"], ["sherman"]],
                      pile_top=["yamato", "spy", "m13", "c202"])
    s = play_texts(s, "invade india by land", "add kv1", "add t34", "commit")
    c = s.last_combat
    assert c.neutral_drawn == ["yamato", "spy", "m13"]  # India: power 3
    assert c.neutral_counted == ["m13"]
    assert c.defender_total == 2 and c.attacker_total == 7 and c.winner == "attacker"
    assert s.owner["india"] == 0
    assert {"yamato", "spy", "m13"} <= set(s.discard)  # the neutral's cards go to the discards
    assert "neutral_removed" in keys(s)
    assert any("draws: Yamato, Spy, M13/40" in e.en for e in s.log)  # public


def test_higher_total_wins_and_tie_loses_for_attacker():
    """「戦力値の合計が多い方が勝利します。戦力値の合計が同じ場合は、侵略側の敗北となります。」"""
    s = make_position(game(), owners={"japan": 0, "usa": 1}, hands=[["zero"], ["sherman"]],
                      pile_top=["t34", "il2"])
    s = play_texts(s, "invade south_pacific by sea", "add zero", "commit")
    assert s.last_combat.attacker_total == 3 == s.last_combat.defender_total
    assert s.last_combat.winner == "defender" and s.owner["south_pacific"] is None
    assert "combat_tie" in keys(s)


def test_neutral_dice_rolled_by_attackers_right_hand_player():
    """「※１：中立国がサイコロを振る場合、侵略を行うプレイヤーの右側のプレイヤーが振って下さい。」

    Ruling: play goes clockwise to the left, so the player on the right is the previous seat.
    """
    s = make_position(game(3), owners={"japan": 0, "usa": 1, "germany": 2},
                      hands=[["zero"], ["sherman"], ["tiger"]], pile_top=["katyusha", "t34"],
                      turn_player=0)
    s.rng = FixedDice([6])
    s = play_texts(s, "invade south_pacific by sea", "add zero", "commit")
    assert s.last_combat.rolls == [("katyusha", "neutral", 6, 5)]
    line = next(e.en for e in s.log if e.key == "right_hand_rolls")
    assert "Player 3" in line  # seat 0's right-hand player is seat 2
    assert s.last_combat.winner == "defender"


def test_neutral_navy_counts_zero_after_land_invasion():
    """「※２：侵略側プレイヤーが陸から侵攻した場合、中立国側の海軍カードは戦力値０として扱います。」"""
    s = make_position(game(), owners={"china": 0, "usa": 1}, hands=[["red_army"], ["sherman"]],
                      pile_top=["bismarck", "iowa", "littorio"])
    s = play_texts(s, "invade india by land", "add red_army", "commit")
    assert s.last_combat.defender_total == 0 and s.last_combat.winner == "attacker"
    assert "neutral_navy_zero" in keys(s)
    s = make_position(game(), owners={"africa": 0, "usa": 1}, hands=[["zero"], ["sherman"]],
                      pile_top=["bismarck", "iowa", "littorio"])
    s = play_texts(s, "invade india by sea", "add zero", "commit")
    assert s.last_combat.defender_total == 12  # by sea the navy counts


# -- (Ⅱ) プレイヤー対プレイヤーの戦闘 ------------------------------------------------


def _player_combat(attacker_hand, defender_hand, **kw):
    return make_position(game(**kw), owners={"china": 0, "soviet": 1},
                         hands=[attacker_hand, defender_hand], pile_top=["il2", "m13"])


def test_attacker_cards_face_down_count_visible():
    """「カードはオープンせずに裏向きにして枚数のみが分かるようにします。」

    Every attacking card is face down, open cards too: the defender sees only the count.
    """
    s = _player_combat(["t34", "tiger"], ["kv1"])
    s = play_texts(s, "invade soviet by land", "add t34", "add tiger", "commit")
    assert s.phase == "defend" and s.current_player == 1
    v = s.view(1)
    assert v.combat.attacker_count == 2
    assert v.combat.attacker_cards is None
    assert v.combat.attacker_open == ()
    assert v.unseen.get("t34", 0) >= 1 and v.unseen.get("tiger", 0) >= 1
    assert s.view(0).combat.attacker_cards == ("t34", "tiger")
    lines = s.view(1).log_lines()
    assert not any("T-34" in line or "Tiger" in line for line in lines)


def test_attacker_open_cards_face_up_is_an_option():
    """Option ``attack_open_cards="face_up"``: the other reading, open cards shown at once."""
    s = _player_combat(["t34", "tiger"], ["kv1"], attack_open_cards="face_up")
    s = play_texts(s, "invade soviet by land", "add t34", "add tiger", "commit")
    v = s.view(1)
    assert v.combat.attacker_cards is None
    assert v.combat.attacker_open == ("tiger",)


def test_defender_chooses_and_reveals_possibly_none():
    """「侵略される側のプレイヤーは…カードを選び出しオープンにします。（カードを１枚も出さなくても構いません）」"""
    s = _player_combat(["t34"], ["kv1", "red_army"])
    s = play_texts(s, "invade soviet by land", "add t34", "commit")
    assert texts(s)[0] == "defend"
    win = play_texts(s, "defend")
    assert win.last_combat.winner == "attacker" and win.owner["soviet"] == 0
    hold = play_texts(s, "add kv1", "defend")
    assert hold.last_combat.defender_total == 4 and hold.owner["soviet"] == 1
    assert any("defends with 1 cards: KV-1" in e.en for e in hold.log)


def test_defender_limits_same_as_neutral_combat():
    """「選択出来るカードの制限等については中立国との戦闘と同じです。」"""
    s = _player_combat(["t34"], ["kv1", "bismarck", "conscription", "strategic_bombing"])
    s = play_texts(s, "invade soviet by land", "add t34", "commit")
    assert texts(s) == ["defend", "add kv1", "add strategic_bombing"]
    with pytest.raises(IllegalAction):
        gamelib.play(s, "add bismarck")


def test_defender_plays_events_only_with_a_weapon():
    """「イベントカードは兵器カードと共に使用出来るカードだけが出せます。」 binds the defender too
    (「選択出来るカードの制限等については中立国との戦闘と同じです」): an atomic bomb alone cannot
    defend; with a weapon it can."""
    s = _player_combat(["t34", "katyusha"], ["atomic_bomb", "kv1"])
    s = play_texts(s, "invade soviet by land", "add t34", "add katyusha", "commit",
                   "add atomic_bomb")
    assert "defend" not in texts(s)
    with pytest.raises(IllegalAction):
        gamelib.play(s, "defend")
    s = play_texts(s, "add kv1")
    assert texts(s)[0] == "defend"
    bare = _player_combat(["t34", "katyusha"], ["atomic_bomb", "bismarck"])
    bare = play_texts(bare, "invade soviet by land", "add t34", "add katyusha", "commit")
    assert texts(bare) == ["defend"]  # no weapon to go with the bomb: it cannot be offered


def test_defender_events_alone_is_an_option():
    """Option ``defender_events="alone"``: the other reading, a defence of events alone."""
    s = _player_combat(["t34", "katyusha"], ["atomic_bomb"], defender_events="alone")
    s = play_texts(s, "invade soviet by land", "add t34", "add katyusha", "commit",
                   "add atomic_bomb", "defend")
    assert s.last_combat.winner == "defender"


# -- 戦闘の解決 -----------------------------------------------------------------------------------


def test_weapons_in_combat_are_discarded_winner_takes_back_own_production():
    """「戦闘に参加した兵器カードは全て捨て札となります。ただし、勝利したプレイヤーで、生産国が自分の領土である場合は、兵器カードを手札に戻せます。」"""
    s = make_position(game(), owners={"germany": 0, "usa": 1},
                      hands=[["panzer4", "sherman", "surprise_attack"], ["iowa"]],
                      pile_top=["m13", "spy", "diplomacy", "conscription", "t34"])
    s = play_texts(s, "invade france by land", "add panzer4", "add sherman",
                   "add surprise_attack", "commit")
    assert s.last_combat.winner == "attacker"
    assert s.hands[0] == ["panzer4"]
    assert {"sherman", "surprise_attack"} <= set(s.discard)
    assert "returned" in keys(s)


def test_loser_discards_everything():
    """「戦闘に参加した兵器カードは全て捨て札となります。」 (the loser takes nothing back)"""
    s = make_position(game(), owners={"germany": 0, "usa": 1}, hands=[["wehrmacht"], ["iowa"]],
                      pile_top=["kv1", "t34", "il2", "m13"])
    s = play_texts(s, "invade france by land", "add wehrmacht", "commit")
    assert s.last_combat.winner == "defender"
    assert "wehrmacht" in s.discard and not s.hands[0]


def test_siberia_never_produces_soviet_weapons_need_the_soviet_mainland():
    """「シベリアは生産国になりません。ソビエト製兵器を回収する為には、ソビエト本土を領有する必要があります。」"""
    s = make_position(game(), owners={"siberia": 0, "usa": 1}, hands=[["t34"], ["iowa"]],
                      pile_top=["m13", "spy", "diplomacy", "conscription", "il2"])
    s = play_texts(s, "invade china by land", "add t34", "commit")
    assert s.last_combat.winner == "attacker"
    assert "t34" in s.discard and not s.hands[0]


def test_territory_taken_in_this_invasion_does_not_count():
    """「今回の侵攻で奪取した領地は、兵器カードを回収する為の領土には含みません。」"""
    s = make_position(game(), owners={"china": 0, "soviet": 1}, hands=[["t34", "kv1"], []],
                      pile_top=["m13", "il2"])
    s = play_texts(s, "invade soviet by land", "add t34", "add kv1", "commit", "defend")
    assert s.owner["soviet"] == 0
    assert not s.hands[0] and {"t34", "kv1"} <= set(s.discard)
    assert "not_yet_producer" in keys(s)


# -- 特殊ルール (１) 迎撃 ------------------------------------------------------------------------


def _bombing(dice, defender_hand=("spitfire", "matilda")):
    s = make_position(game(), owners={"germany": 0, "france": 0, "uk": 1},
                      hands=[["bf109", "strategic_bombing"], list(defender_hand)],
                      pile_top=["m13", "il2"])
    s.rng = FixedDice(dice)
    s = play_texts(s, "invade uk by sea", "add bf109", "add strategic_bombing", "commit")
    return s


def test_interception_at_or_under_strength_cancels_bombing():
    """「サイコロを１個振り、戦闘力値以下の値が出た場合は戦略爆撃機の迎撃に成功した事になり、戦略爆撃の効果は無効になります。」"""
    s = _bombing([3], ("spitfire", "matilda"))
    s = play_texts(s, "add matilda", "defend")
    assert s.phase == "intercept" and s.current_player == 1
    assert texts(s) == ["no interception", "intercept with spitfire"]
    s = play_texts(s, "intercept with spitfire")
    c = s.last_combat
    assert c.cancelled == [("attacker", "strategic_bombing")]
    assert c.attacker_total == 3 and c.defender_total == 2 and c.winner == "attacker"


def test_failed_interception_lets_bombing_count():
    """The die above the fighter's strength: the bombing counts."""
    s = _bombing([4], ("spitfire", "matilda"))
    s = play_texts(s, "add matilda", "defend", "intercept with spitfire")
    c = s.last_combat
    assert not c.cancelled and c.attacker_total == 6
    assert "intercept_fail" in keys(s)


def test_fighter_discarded_either_way_unless_recoverable():
    """「迎撃の成功・失敗に限らずに戦闘機カードは捨て札となります。ただし、そのカードが回収可能であれば、手札に戻す事が出来ます。」"""
    # UK intercepts with its own Spitfire and wins: it is recoverable (made in the UK).
    s = _bombing([1], ("spitfire", "kgv", "matilda", "churchill"))
    s = play_texts(s, "add churchill", "defend", "intercept with spitfire")
    assert s.last_combat.winner == "defender"
    assert "spitfire" in s.hands[1] and "churchill" in s.hands[1]
    # UK loses the combat: the fighter is discarded even though the interception succeeded.
    s = _bombing([1], ("spitfire", "matilda"))
    s = play_texts(s, "defend", "intercept with spitfire")
    assert s.last_combat.winner == "attacker"
    assert "spitfire" in s.discard and "spitfire" not in s.hands[1]


def test_only_fighters_marked_f_intercept():
    """「戦闘機カードとは戦力値の数字の後ろにＦと書いてあるカードの事です。」"""
    s = _bombing([], ("lancaster", "matilda"))
    s = play_texts(s, "add matilda", "defend")
    assert s.phase != "intercept"  # a Lancaster is air but not a fighter: no question is asked


def test_attacker_may_intercept_defenders_bombing():
    """「戦略爆撃を出されたプレイヤーは、戦闘機で撃墜する事が出来ます。」 (either side)"""
    s = make_position(game(), owners={"germany": 0, "france": 0, "uk": 1},
                      hands=[["bismarck", "bf109"], ["strategic_bombing", "matilda"]],
                      pile_top=["m13", "il2"])
    s.rng = FixedDice([2])
    s = play_texts(s, "invade uk by sea", "add bismarck", "commit", "add matilda",
                   "add strategic_bombing", "defend")
    assert s.phase == "intercept" and s.current_player == 0
    assert texts(s) == ["no interception", "intercept with bf109"]
    s = play_texts(s, "intercept with bf109")
    assert s.last_combat.cancelled == [("defender", "strategic_bombing")]
    assert s.last_combat.winner == "attacker" and "bf109" in s.hands[0]


# -- 特殊ルール (２) 革命家 ----------------------------------------------------------------------


def test_player_losing_every_territory_becomes_revolutionary():
    """「ゲーム中に自分の領土を全て失ってしまった場合、そのプレイヤーは革命家となります。」

    「革命家プレイヤーはどの領地カードにも侵略する事が出来ます。」
    「目標となる領地に隣接する国や地域のうち、どこから侵略を行うかも自由に決める事が出来ます。」
    """
    s = make_position(game(), owners={"china": 0, "soviet": 1},
                      hands=[["t34", "kv1"], ["zero", "red_army"]], pile_top=["m13", "il2"])
    s = play_texts(s, "invade soviet by land", "add t34", "add kv1", "commit", "defend")
    assert s.is_revolutionary(1) and s.view(0).revolutionary == (False, True)
    assert "revolutionary" in keys(s)
    invasions = [t for t in texts(s) if t.startswith("invade")]
    assert "invade hawaii by sea" in invasions  # nowhere near, but a revolutionary may
    assert "invade china by land" in invasions and "invade china by sea" in invasions
    assert "invade usa by land" not in invasions  # the USA has no land link at all


def test_winner_takes_the_neutral():
    """「戦闘に勝利した場合、その中立国を自分の領土にする事が出来ます。中立国のカードを自分の前に置いて下さい。」"""
    s = make_position(game(), owners={"japan": 0, "usa": 1}, hands=[["zero", "akagi"], []],
                      pile_top=["spy", "t34"])
    s = play_texts(s, "invade south_pacific by sea", "add zero", "add akagi", "commit")
    assert s.owner["south_pacific"] == 0
    assert s.view(1).owners["south_pacific"] == 0
    assert "south_pacific" in s.view(None).territories_of(0)


def test_invading_another_players_territory_same_way():
    """「b)他プレイヤーの領地を指定して、その領地を侵略する事が出来ます。侵略方法や手順、制限等は全て中立国を侵略する場合と同じ要領になります。」"""
    s = make_position(game(), owners={"germany": 0, "france": 0, "uk": 1},
                      hands=[["panzer4", "bf109"], ["matilda"]], pile_top=["t34"])
    assert "invade uk by sea" in texts(s)
    s = play_texts(s, "invade uk by sea", "add panzer4")
    assert "commit" not in texts(s)  # by sea: a navy or air card is still needed
    s = play_texts(s, "add bf109", "commit")
    assert s.phase == "defend"
