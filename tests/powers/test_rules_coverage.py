"""Traceability: every rule sentence of the spec, verbatim, and the scenario tests that check it.

The closing joke (「Powersのカードを使う2人用ゲーム…」) is covered by tests/powers/test_joke.py.
Sentences are kept verbatim (full-width text), hence long lines.
"""

# ruff: noqa: E501

from __future__ import annotations

import importlib

import pytest

S, D, INV, OCC, R, M, F, T, P = (
    "test_rules_setup", "test_rules_defence", "test_rules_invasion", "test_rules_occupation",
    "test_rules_rounds", "test_rules_magazine", "test_rules_refill", "test_rules_data",
    "test_rules_perft",
)

COVERAGE: list[tuple[str, list[tuple[str, str]]]] = [
    # 雑誌2月号の付録
    ("オーストリアをオーストリア＝ハンガリーに改称", [(M, "test_austria_renamed_austria_hungary")]),
    ("国別に優先番号を割り当て。最も若い番号の国を引いたプレイヤーが最初の先制権を得る。",
     [(M, "test_first_initiative_by_drawn_country"),
      (M, "test_initiative_draw_option_off_uses_the_flip")]),
    ("終了時に同点であれば同率者の中で若い番号を持つプレイヤーの勝ち。",
     [(M, "test_end_tie_broken_by_priority_number")]),
    ("スイス>インドネシア>イタリア＞朝鮮＞オーストリア＝ハンガリー＞日本＞ドイツ＞イギリス＞フランス＞"
     "オスマン＞ロシア＞インド＞中国＞アメリカ", [(M, "test_priority_order")]),
    ("侵略フェイズ・防衛フェイズの後に再編フェイズを設定。使ったカードはその場で補充するのでなく、"
     "再編フェイズに先制権プレイヤーから順に引く。",
     [(M, "test_magazine_invasion_cards_refilled_in_reorganisation"),
      (R, "test_country_round_phase_order")]),
    ("補充が終わったら使ったカードを捨て札置き場に移す。",
     [(M, "test_used_cards_discarded_after_the_refill")]),
    ("防衛は絵札でなく「同じ数字2枚のペア」か「続き数字3つのストレート」を捨てて行う。",
     [(D, "test_magazine_defence_by_pair_or_straight")]),
    ("その際に使った枚数だけ直後の再編フェイズで補充する。",
     [(D, "test_magazine_defence_cards_refilled_in_next_reorganisation")]),
    ("ストレートはスートを問わない。", [(D, "test_straight_ignores_suits")]),
    ("Aは1として扱われ2に接続する。KとAは繋がらない。",
     [(D, "test_ace_is_one_and_connects_to_two_but_not_after_king")]),
    ("ジョーカーはストレートを構成しない。", [(D, "test_jokers_form_no_straight_but_two_jokers_pair")]),
    ("ジョーカー2枚はペアとして使える。", [(D, "test_jokers_form_no_straight_but_two_jokers_pair")]),
    ("侵略フェイズにジョーカーを切る場合、追加コストとして手札を1枚捨てる。この追加コスト分は再編フェイズ"
     "で補充されない。", [(M, "test_joker_costs_an_extra_card_never_refilled"),
                         (M, "test_joker_alone_cannot_pay_its_extra_cost")]),
    ("国カードの数値を調整。", [(M, "test_magazine_cost_table"),
                          (M, "test_magazine_cost_table_before_reduction_option")]),
    ("インドネシア：4人プレイで占領コスト2", [(M, "test_magazine_cost_table")]),
    ("イギリス：2〜3人プレイで占領コスト3、5人プレイで占領コスト4", [(M, "test_magazine_cost_table")]),
    ("インド：4人プレイで占領コスト4", [(M, "test_magazine_cost_table")]),
    ("オーストリア：3人プレイで占領コスト3", [(M, "test_magazine_cost_table")]),
    ("日本：2〜3人プレイで占領コスト3、5人プレイで占領コスト4", [(M, "test_magazine_cost_table")]),
    ("「電撃戦ルール」バリアントを追加。K4枚をトランプデッキから抜く。",
     [(M, "test_blitzkrieg_setup"), (S, "test_blitzkrieg_with_every_rule_set")]),
    ("軍縮を4枚に減らす", [(M, "test_blitzkrieg_setup")]),
    ("ゲーム開始時にランダムに1枚ずつ国カードを取得(物語上「本国」として扱われる。システム上は他の領土と"
     "同じ)。", [(M, "test_blitzkrieg_setup"), (M, "test_home_country_is_an_ordinary_territory")]),
    ("本国にA〜Nまでの記号を振り、記号が最も若い国を持つプレイヤーが最初の先制権。",
     [(M, "test_blitzkrieg_setup"), (M, "test_blitzkrieg_home_letters_follow_priority"),
      (M, "test_home_letters_in_printed_order_option")]),
    # ver.2
    ("2〜5人用。専用カードとトランプを使う世界征服ゲーム。", [(S, "test_option_values_are_checked")]),
    ("トランプ1組54枚(ジョーカー2枚入り)", [(S, "test_deck_is_54_cards_with_two_jokers")]),
    ("ラウンドカード23枚(国カード14・軍縮カード5・動員カード4)",
     [(S, "test_round_cards_are_14_countries_5_disarmament_4_mobilization")]),
    ("トランプをめくって席順と最初の先制権プレイヤーを決める(ポーカーで強い札をめくった人から)",
     [(S, "test_flip_decides_seating_strongest_first"), (S, "test_flip_ties_flip_again"),
      (S, "test_joker_flip_is_strongest")]),
    ("トランプを切って山を積む。", [(S, "test_deck_is_shuffled")]),
    ("2人で遊ぶ場合はラウンドカード23枚全てを切って山を積む。",
     [(R, "test_mobilization_only_with_two_players")]),
    ("3人以上で遊ぶ場合は動員カードを取り除き、残り19枚で山を積む。",
     [(R, "test_mobilization_only_with_two_players")]),
    ("トランプを5枚ずつ手札として配る。", [(S, "test_hands_of_five_are_dealt")]),
    ("挨拶をして最初のラウンドを開始。", [(S, "test_greeting_starts_the_first_round")]),
    ("国カードを手に入れ、合計得点が35以上になれば制覇勝利。",
     [(R, "test_domination_at_35_points_ends_the_game_at_once"),
      (R, "test_domination_counts_countries_taken_in_defence")]),
    ("ラウンドカードを最後までめくった後、ラウンド終了時に最も得点が高ければ優勢勝利。",
     [(R, "test_highest_score_after_the_last_round_wins"), (R, "test_base_tie_is_shared")]),
    ("先制権を持つプレイヤーはラウンドカードの山から1枚めくり場に出す。",
     [(R, "test_initiative_player_reveals_a_round_card")]),
    ("軍縮カード：手札が7枚以上あるプレイヤーは半分(端数切り捨て)を選んで捨てる。先制権はそのままで次の"
     "ラウンドへ。", [(R, "test_disarmament_discards_half_rounded_down"),
                    (R, "test_disarmament_keeps_the_initiative"),
                    (R, "test_disarmament_with_nobody_at_seven")]),
    ("動員カード：手札が5枚未満のプレイヤーは5枚になるまで補充する。先制権はそのままで次のラウンドへ。",
     [(R, "test_mobilization_refills_to_five_and_keeps_initiative")]),
    ("国カード：徴兵・侵略・占領・防衛の順でフェイズを処理する。めくれた国カードを手に入れたプレイヤーに"
     "先制権が移り次のラウンドへ。", [(R, "test_country_round_phase_order"),
                                 (R, "test_country_round_moves_initiative_to_the_taker")]),
    ("先制権を持つプレイヤーから順にトランプを1枚ずつ引いて手札に加える。",
     [(R, "test_conscription_each_draws_one_from_initiative"),
      (R, "test_each_draw_is_logged_privately_to_the_drawer")]),
    ("先制権を持つプレイヤーから順に「前のプレイヤーより強いトランプ札を出す」か「降りる」かを選ぶ。",
     [(INV, "test_initiative_player_acts_first"), (INV, "test_must_play_stronger_than_previous_card")]),
    ("トランプを出したら山から1枚引く。", [(INV, "test_playing_a_card_draws_one")]),
    ("降りたらこの侵略フェイズには参加しない。", [(INV, "test_folded_player_takes_no_further_part")]),
    ("降りていないプレイヤーが複数いる限り何巡でも続ける。",
     [(INV, "test_bidding_goes_round_while_several_remain")]),
    ("他全員が降りたら勝ち。占領権を獲得する。",
     [(INV, "test_last_player_standing_wins_the_occupation_right"),
      (INV, "test_uncontested_must_play_option")]),
    ("スートに強弱は無い。", [(INV, "test_suits_have_no_order")]),
    ("2〜Kはそれぞれ2〜13の強さ。", [(INV, "test_ranks_two_to_king_are_two_to_thirteen")]),
    ("Aは前のプレイヤーより1強い。例えばKの次に出せば14。",
     [(INV, "test_ace_is_one_more_than_the_previous_card"),
      (INV, "test_ace_played_first_counts_one_by_default"),
      (INV, "test_ace_played_first_counts_fourteen_with_option")]),
    ("Aの後にAを出す事もできる。K→A→Aで15。", [(INV, "test_ace_may_follow_an_ace")]),
    ("そのラウンドでめくれている国に隣接する国を所有していると、1つにつき強さ+1。例えばドイツの侵略で"
     "フランスを持っていたらKは14の強さ。", [(INV, "test_adjacency_bonus_example_germany_with_france"),
                                      (INV, "test_adjacency_bonus_counts_each_owned_neighbour")]),
    ("Aには隣接ボーナスは適用されない。前のプレイヤーの「隣接ボーナス適用後の強さ」+1になる。",
     [(INV, "test_ace_gets_no_bonus_and_builds_on_the_bonus_strength")]),
    ("ジョーカーを出すと即座に勝利。ただし他のカードと違い出した後に山から1枚引けない。",
     [(INV, "test_joker_wins_at_once_and_draws_nothing")]),
    ("めくられた国が「島国」である場合、出せるのはハート・ダイヤ・ジョーカーのみ。",
     [(INV, "test_island_accepts_only_hearts_diamonds_and_jokers")]),
    ("「内陸」の場合、出せるのはスペード・クラブ・ジョーカーのみ。",
     [(INV, "test_landlocked_accepts_only_spades_clubs_and_jokers")]),
    ("占領権を獲得したプレイヤーは「カードに書かれた枚数の手札を捨ててそれを占領する」か「次のプレイヤー"
     "に占領権を譲る」かを選ぶ。", [(OCC, "test_holder_pays_the_printed_cost_with_any_cards"),
                              (OCC, "test_cannot_pay_with_too_few_cards"),
                              (OCC, "test_passed_right_comes_back_round_to_the_invader")]),
    ("捨てる札は何でもよい。島国や内陸でもスートの制限は無い。ジョーカーも可。",
     [(OCC, "test_holder_pays_the_printed_cost_with_any_cards")]),
    ("譲られるごとに占領コストが1下がる。例えばフランスを次に譲ると、そのプレイヤーは3枚で占領できる。"
     "更に譲ると2枚になる。", [(OCC, "test_each_pass_lowers_the_cost_by_one")]),
    ("占領コストが0になったら自動的に獲得。", [(OCC, "test_cost_zero_takes_the_country_automatically")]),
    ("2〜3人プレイでは占領コストが1下がる。例えばフランスは占領コスト3から始まる。",
     [(OCC, "test_two_or_three_players_pay_one_less"), (OCC, "test_start_costs_in_view")]),
    ("占領したカードの隣接国を上から順にチェック。",
     [(D, "test_neighbours_checked_in_printed_order_skipping_own_and_unowned")]),
    ("他のプレイヤーがそれを所有していた場合、所有者は絵札(J・Q・K)を1枚出して防衛してもよい。",
     [(D, "test_owner_may_defend_with_one_face_card"), (D, "test_only_other_players_defend"),
      (R, "test_no_face_card_means_decline_only")]),
    ("防衛したら山からトランプを1枚引く。", [(D, "test_defender_draws_after_defending")]),
    ("防衛しなかった場合その国は占領者に奪われる。", [(D, "test_undefended_country_is_taken")]),
    ("隣接国全てについて同じ手順を繰り返す。", [(D, "test_every_neighbour_is_checked")]),
    ("トランプを引こうとした時に山が残っていなかった場合、捨て札を集めて山を積み直す。",
     [(R, "test_deck_rebuilt_from_discards"),
      (R, "test_drawing_with_deck_and_discards_empty_draws_what_there_is")]),
    ("捨て札は全て公開情報である。", [(R, "test_discards_and_countries_are_public")]),
    ("獲得した国カードは全て公開情報である。", [(R, "test_discards_and_countries_are_public"),
                                   (R, "test_views_hide_other_hands_and_deck_order")]),
    ("侵略フェイズに出した札は各プレイヤーの前に置かれ、フェイズ終了時に捨て札に移動する(フェイズ中に山を"
     "積み直す場合の挙動に影響する)。",
     [(INV, "test_played_cards_stay_in_front_until_the_end_of_the_phase")]),
    ("防衛フェイズも同様に、出した札は防衛した国カードの前に置き、フェイズ終了時に捨て札に移動。",
     [(D, "test_defence_cards_go_to_discards_at_end_of_phase")]),
    ("侵略フェイズで先制権を持つプレイヤーが最初から降りる事は合法である。",
     [(INV, "test_initiative_player_may_fold_at_once")]),
    ("徴兵・軍縮・動員は全て先制権を持つプレイヤーから順番に行う。",
     [(R, "test_conscription_each_draws_one_from_initiative"),
      (R, "test_disarmament_discards_half_rounded_down"),
      (R, "test_mobilization_draws_in_order_from_the_initiative")]),
    ("軍縮(5枚) 手札が7枚以上のプレイヤーは半分(端数切り捨て)を選んで捨てる",
     [(S, "test_round_cards_are_14_countries_5_disarmament_4_mobilization"),
      (R, "test_disarmament_discards_half_rounded_down")]),
    ("動員(4枚) 手札が5枚未満のプレイヤーは5枚になるまで補充する(2人プレイのみ)",
     [(R, "test_mobilization_only_with_two_players"),
      (R, "test_mobilization_refills_to_five_and_keeps_initiative")]),
    ("(14 country lines: アメリカ 10点 占領コスト5 島国 近接：イギリス・日本・インドネシア …)",
     [(T, "test_country_card_as_printed"), (T, "test_table_order_and_totals")]),
    # the last revision
    ("再編とリシャッフルのタイミングを調整して面倒臭さを低減。", [(P, "test_perft")]),
    ("侵略および防衛フェイズで出した札はそのまま自分の前に置いておく。",
     [(F, "test_played_cards_stay_in_front_until_next_conscription")]),
    ("次のラウンドの徴兵フェイズにて各自ドローの前にこれらの札を捨てる。",
     [(F, "test_played_cards_stay_in_front_until_next_conscription")]),
    ("通常のドローに加えて捨てた分の補充を行う。",
     [(F, "test_defence_cards_refilled_at_next_conscription"), (F, "test_refill_count_all_option")]),
    ("再編フェイズを廃止し、侵略フェイズでカードを出したらその都度補充。",
     [(F, "test_invasion_cards_refilled_as_played"),
      (F, "test_refill_joker_keeps_extra_cost_and_no_refill")]),
]


@pytest.mark.parametrize(("sentence", "tests"), COVERAGE, ids=[s[:24] for s, _ in COVERAGE])
def test_sentence_has_scenario_tests(sentence, tests):
    """Each rule sentence names at least one existing scenario test."""
    assert tests
    for module, name in tests:
        mod = importlib.import_module(f"tests.powers.{module}")
        assert callable(getattr(mod, name, None)), f"{module}.{name} is missing"
