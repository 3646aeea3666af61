"""Scenarios for every rule sentence of the seed (quoted in each test's docstring)."""

from __future__ import annotations

import pytest

import gamelib
from gamelib.core.errors import IllegalAction
from tests.qmg.util import GER, ITA, JPN, UK, USA, USSR, do, scenario, step_until, texts


def test_setup_home_army_draw_ten_discard_three():
    """「自分の国家の本拠地に陸軍コマを１つ置きます。デックからカードを10枚引いて、3枚を捨て札にします。」"""
    st = gamelib.load("qmg", players=2).new_state(seed=3)
    homes = ["germany", "united_kingdom", "japan", "moscow", "italy", "eastern_us"]
    for n, home in enumerate(homes):
        assert st.pieces[home] == (n,)
        assert len(st.hands[n]) == 10
    assert st.stack[-1].op == "cost_hand" and st.stack[-1].n == 3
    for _ in range(18):
        st = gamelib.play(st, st.legal_actions()[0])
    assert [len(st.discards[n]) for n in range(6)] == [3] * 6
    assert st.nation == GER and st.stack[-1].op == "play"


def test_turn_order_and_team_seats():
    """「各ラウンドは独→英→日→ソ→伊→米の順に」; with 2–5 players a seat holds several nations."""
    game = gamelib.load("qmg", players=4)
    assert game.seats == ((GER, ITA), (UK, USA), (JPN,), (USSR,))
    st = scenario(GER, hand=[])
    order = []
    for _ in range(6):
        order.append(st.nation)
        st = step_until(st, "play", (st.nation + 1) % 6) if st.nation < 5 else st
        if st.nation == 5:
            order.append(5)
            break
    assert order == [0, 1, 2, 3, 4, 5]


def test_play_step_play_or_discard_one():
    """「手札からカードを1枚プレイします。プレイできない…場合、手札からカードを1枚捨て札に」."""
    st = scenario(USSR, hand=["ussr_sea_battle", "ussr_build_army"], reallocate=False)
    legal = texts(st)
    assert "play ussr_build_army" in legal and "discard ussr_sea_battle" in legal
    assert "play ussr_sea_battle" not in legal  # Moscow borders no sea
    st = do(st, "discard ussr_sea_battle")
    assert st.stack[-1].op != "play" and st.discards[USSR][0] == "ussr_sea_battle"


def test_reallocate_resources_discard_four_fetch_basic():
    """「４枚捨て札にすることで、…いずれか1枚をデックから探して手札に加える（資源の再配分）」."""
    hand = ["ger_plunder", "ger_v_weapons", "ger_autobahn", "ger_blitzkrieg"]
    st = scenario(GER, hand=hand)
    st = do(st, "reallocate sea_battle")
    for card in hand:
        st = do(st, f"discard {card}")
    assert st.hands[GER] == ["ger_sea_battle"] and st.reallocated
    assert not any(t.startswith("reallocate") for t in texts(st))


def test_build_rules_home_adjacent_stacking():
    """「自国の本拠地か、補給状態の自国軍の隣接するスペース」「同じスペースに2つ以上の自国軍は配置できません」
    「同じスペースに敵同士の軍は配置できません」."""
    st = scenario(
        GER, pieces={"germany": (GER,), "eastern_europe": (USSR,)}, hand=["ger_build_army"]
    )
    st = do(st, "play ger_build_army")
    legal = texts(st)
    assert "build western_europe" in legal and "build balkans" in legal
    assert "build germany" not in legal and "build eastern_europe" not in legal
    assert "build ukraine" not in legal
    with pytest.raises(IllegalAction, match=r"設立|build"):
        gamelib.play(st, "build ukraine")


def test_build_in_home_when_empty_and_piece_limit():
    """Home space build; pieces limited by each nation's count (Italy: 3 navies)."""
    st = scenario(ITA, pieces={"germany": (GER,)}, hand=["ita_build_army"])
    assert texts(st)[0] == "play ita_build_army"
    st = do(st, "play ita_build_army")
    assert texts(st) == ["build italy"]
    seas = {"mediterranean": (ITA,), "black_sea": (ITA,), "baltic": (ITA,)}
    st = scenario(
        ITA,
        pieces={"italy": (ITA,), "balkans": (ITA,), **seas},
        hand=["ita_build_navy"],
        reallocate=False,
    )
    assert "play ita_build_navy" not in texts(st)


def test_navy_needs_adjacent_own_or_allied_army():
    """「海軍の場合はさらに、隣接する陸スペースに自国の陸軍か同盟国の陸軍が置かれている必要があります」."""
    st = scenario(
        UK, pieces={"united_kingdom": (UK,), "north_sea": (UK,), "north_atlantic": (UK,)}, hand=[]
    )
    assert "north_sea" in st.supplied(UK)
    assert "north_atlantic" not in st.supplied(UK)
    st = scenario(
        UK,
        pieces={
            "united_kingdom": (UK,),
            "north_sea": (UK,),
            "north_atlantic": (UK,),
            "canada": (USA,),
        },
        hand=[],
    )
    assert "north_atlantic" in st.supplied(UK)


def test_supply_step_removes_unsupplied_pieces():
    """「補給を受けていない自分のコマを取り除きます」: a chain back to an own-held supply space."""
    st = scenario(
        USSR,
        pieces={
            "moscow": (USSR,),
            "russia": (USSR,),
            "scandinavia": (USSR,),
            "siberia": (GER,),
            "vladivostok": (USSR,),
            "germany": (GER,),
        },
        hand=[],
    )
    assert st.pieces["vladivostok"] == ()
    assert st.pieces["scandinavia"] == (USSR,) and st.pieces["russia"] == (USSR,)


def test_victory_points_alone_shared_and_skipped():
    """「自分の陸軍コマだけが…2勝利点」「同盟国の陸軍コマが共同で…1勝利点」「本拠地に敵国の陸軍…飛ばされます」."""
    st = scenario(
        GER, pieces={"germany": (GER,), "western_europe": (GER, ITA), "italy": (ITA,)}, hand=[]
    )
    assert st.vp[0] == 3
    st = scenario(GER, pieces={"germany": (UK,), "western_europe": (GER,)}, hand=[])
    assert st.vp[0] == 0


def test_discard_step_and_draw_to_seven():
    """「手札を好きなだけ捨て札にします」「手札が7枚になるまでカードを引きます」."""
    st = scenario(GER, hand=["ger_plunder", "ger_v_weapons"])
    st = do(st, "play ger_plunder")
    st = step_until(st, "discard_step")
    st = do(st, "discard ger_v_weapons", "end discards")
    assert len(st.hands[GER]) == 7


def test_empty_deck_discard_costs_victory_points():
    """「デックのカードを捨て札にする…とき、デックのカードがなければ勝利点を枚数分失います」."""
    st = scenario(GER, hand=[])
    st.decks[UK] = st.decks[UK][:1]
    before = st.vp[1]
    st.discard_top(UK, 3)
    assert st.vp[1] == before - 2 and st.decks[UK] == []


def test_hand_cost_from_deck_when_hand_empty():
    """「手札のカードを捨て札にする（コスト含む）とき、手札のカードがなければデックのカードを捨て札」."""
    from gamelib.qmg.state import Task

    st = scenario(USSR, hand=[], stack=[Task("end_turn", USSR), Task("cost_hand", USSR, n=2)])
    assert len(st.discards[USSR]) == 2 and not st.hands[USSR]


def test_straits_decide_sea_adjacency():
    """「枢軸国陸軍が海峡を支配している場合、枢軸国のみが…隣接しているものとして扱う」."""
    st = scenario(
        GER,
        pieces={"germany": (GER,), "baltic": (GER,), "scandinavia": (GER,)},
        hand=["ger_sea_battle"],
    )
    st = do(st, "play ger_sea_battle")
    assert "battle north_sea" in texts(st)
    st = scenario(
        GER,
        pieces={"germany": (GER,), "baltic": (GER,), "scandinavia": (USSR,)},
        hand=["ger_sea_battle"],
    )
    st = do(st, "play ger_sea_battle")
    assert "battle north_sea" not in texts(st)


def test_battle_removes_enemy_and_empty_spaces_allowed():
    """「補給状態にある自国軍の隣接するスペースの敵国軍を取り除く」「どちらの軍もいないスペースに対しても攻撃できます」."""
    st = scenario(
        GER,
        pieces={"germany": (GER,), "eastern_europe": (USSR,), "moscow": (USSR,)},
        hand=["ger_land_battle"],
    )
    st = do(st, "play ger_land_battle")
    legal = texts(st)
    assert "battle eastern_europe soviet_union" in legal and "battle balkans" in legal
    assert not any("moscow" in t for t in legal)
    st = do(st, "battle eastern_europe soviet_union")
    assert st.pieces["eastern_europe"] == ()


def end_of_turn(nation: int, vp: list[int], round_: int = 1):
    """The state right after ``nation`` ends its turn with ``vp`` in round ``round_``."""
    from gamelib.qmg.state import Task

    st = scenario(nation, stack=[])
    st.vp, st.round = vp, round_
    st.stack = [Task("end_turn", nation)]
    st._advance()
    return st


def test_game_ends_on_thirty_point_lead_and_axis_wins_ties():
    """「ラウンド終了時に30点以上の勝利点の差」; 「同点なら枢軸国の勝利」; 20 rounds."""
    assert end_of_turn(USA, [0, 30]).over.winners == (1, 3, 5)
    assert end_of_turn(ITA, [0, 30]).over is None  # only at the end of a round
    assert end_of_turn(USA, [4, 4], 20).over.winners == (0, 2, 4)
    st = end_of_turn(USA, [4, 4], 19)
    assert st.over is None and st.round == 20


def test_refusal_names_rule_in_both_languages():
    """Bad input gets a clear refusal that names the rule, in both languages."""
    st = scenario(GER, pieces={"germany": (GER,)}, hand=["ger_build_army"])
    st = do(st, "play ger_build_army")
    with pytest.raises(IllegalAction) as err:
        gamelib.play(st, "build moscow")
    assert "設立" in err.value.ja and "build" in err.value.en
    with pytest.raises(IllegalAction):
        gamelib.play(st, "teleport")


def test_action_labels_in_both_languages_parse_back():
    """Actions are named as players say them in English and Japanese, and both texts parse."""
    st = scenario(GER, pieces={"germany": (GER,)}, hand=["ger_build_army"], reallocate=False)
    game = st.game
    action = st.legal_actions()[0]
    assert game.action_label(action, "en") == "Play Build Army"
    assert game.action_label(action, "ja") == "「陸軍の設立」をプレイ"
    st = do(st, "「陸軍の設立」をプレイ")
    build = next(a for a in st.legal_actions() if a.a == "western_europe")
    assert game.action_label(build, "en") == "Build → Western Europe"
    assert game.action_label(build, "ja") == "設立 → 西ヨーロッパ"
    st = do(st, "設立 → 西ヨーロッパ")
    assert st.pieces["western_europe"] == (GER,)


def test_bad_options_are_refused():
    """A bad option names the option and what is accepted."""
    from gamelib.core.errors import OptionError

    with pytest.raises(OptionError, match="players"):
        gamelib.load("qmg", players=7)
