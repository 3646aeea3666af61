"""雑誌2月号の付録 (rules="magazine") and 電撃戦 (blitzkrieg=True)."""

from __future__ import annotations

import re

import pytest

import gamelib
from gamelib.powers.data import COUNTRIES, MAGAZINE_COSTS, PRIORITY, home_letters, occupation_cost
from gamelib.powers.positions import cards, play_texts, position


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_austria_renamed_austria_hungary():
    """「オーストリアをオーストリア＝ハンガリーに改称」."""
    base = position(hands=["2S", "3S"], rounds="Austria")
    mag = position(hands=["2S", "3S"], rounds="Austria", rules="magazine")
    assert base.view(0).country_names["Austria"].en == "Austria"
    assert mag.view(0).country_names["Austria"].ja == "オーストリア＝ハンガリー"
    assert any("Austria-Hungary" in t for t in mag.log_text())


def test_priority_order():
    """「スイス>インドネシア>イタリア＞朝鮮＞オーストリア＝ハンガリー＞日本＞ドイツ＞イギリス＞フランス＞オスマン＞ロシア＞インド＞中国＞アメリカ」."""
    assert PRIORITY == ("Switzerland", "Indonesia", "Italy", "Korea", "Austria", "Japan",
                        "Germany", "UK", "France", "Ottoman", "Russia", "India", "China", "USA")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_first_initiative_by_drawn_country(players):
    """「最も若い番号の国を引いたプレイヤーが最初の先制権を得る」 (ruling: drawn, then returned)."""
    for seed in range(20):
        s = gamelib.load("powers", players=players, rules="magazine").new_state(seed)
        drawn = {}
        for e in s.log:
            if e.key == "initiative_draw":
                who, rest = e.en.split(" draws ")
                key = next(k for k in COUNTRIES if rest.startswith(s.cname(k).en))
                drawn[int(who.split()[1]) - 1] = COUNTRIES[key].priority
        assert len(drawn) == players
        assert s.initiative == min(drawn, key=drawn.get)
        assert not s.owners and len(s.round_deck) + len(s.rounds_played) == (
            23 if players == 2 else 19
        )


def test_initiative_draw_option_off_uses_the_flip():
    """Ruling option ``initiative_draw=False``: the magazine rules keep the flip's initiative."""
    s = gamelib.load("powers", rules="magazine", initiative_draw=False).new_state(4)
    assert s.initiative == s.seating[0]
    assert not any(e.key == "initiative_draw" for e in s.log)


def test_end_tie_broken_by_priority_number():
    """「終了時に同点であれば同率者の中で若い番号を持つプレイヤーの勝ち」."""
    s = position(hands=["KS 2C 3C", "2S"], rounds="Korea", more_rounds=False,
                 owners={"Italy": 1}, rules="magazine")
    s = play_texts(s, "play KS", "fold", "pay 2C", "pay 3C")
    # Both have 5 points: Italy (priority 3) beats Korea (priority 4).
    assert s.outcome().winners == (1,)
    assert any("best priority number (3)" in t for t in s.log_text())


def test_magazine_invasion_cards_refilled_in_reorganisation():
    """「使ったカードはその場で補充するのでなく、再編フェイズに先制権プレイヤーから順に引く」."""
    s = position(hands={0: "5S", 1: "6S 2C"}, rounds="Korea", rules="magazine",
                 initiative=1, deck="2H 3H 7D 8D", more_rounds=False)
    # Conscription: player 2 draws 2H, player 1 draws 3H.
    s = play_texts(s, "play 6S")
    assert len(s.hands[1]) == 2 and s.owed[1] == 1  # no draw yet
    s = play_texts(s, "fold", "pay 2C", "pay 2H")
    assert s.owners["Korea"] == 1
    log = s.log_text()
    reorg = next(i for i, t in enumerate(log) if t.startswith("Reorganisation"))
    assert log[reorg + 1] == "Player 2 draws 1 (refills the cards used)"
    assert s.hands[1] == cards("7D")
    assert cards("6S")[0] in s.discards and not any(s.front)


def test_used_cards_discarded_after_the_refill():
    """「補充が終わったら使ったカードを捨て札置き場に移す」: the refill cannot draw them."""
    s = position(hands={0: "5S", 1: "6S 2C"}, rounds="Korea", rules="magazine",
                 initiative=1, deck="2H 3H", rest="discards", more_rounds=False)
    s = play_texts(s, "play 6S", "fold", "pay 2C", "pay 2H")
    assert any("shuffled into a new deck" in t for t in s.log_text())
    assert cards("6S")[0] not in s.hands[1] and cards("6S")[0] in s.discards


def test_joker_costs_an_extra_card_never_refilled():
    """「侵略フェイズにジョーカーを切る場合、追加コストとして手札を1枚捨てる。この追加コスト分は再編フェイズで補充されない」."""
    s = position(hands={0: "Joker1 2C 9H", 1: "6S"}, rounds="China", rules="magazine",
                 deck="3D 4D")
    assert texts(s)[:3] == ["play Joker1 paying 2C", "play Joker1 paying 3D",
                            "play Joker1 paying 9H"]
    s = play_texts(s, "play Joker1 paying 2C")
    assert s.invasion_winner == 0 and cards("2C")[0] in s.discards
    assert s.owed[0] == 0  # neither the Joker nor its extra cost is refilled


def test_joker_alone_cannot_pay_its_extra_cost():
    """Ruling: with no other card in hand the magazine Joker cannot be played."""
    s = position(hands={0: "Joker1", 1: "6S"}, rounds="China", rules="magazine",
                 deck="", rest="discards", initiative=0)
    # Conscription drew one card for player 1 from the reshuffled discards.
    hand = s.hands[0]
    plays = [t for t in texts(s) if t.startswith("play Joker1")]
    assert len(plays) == len(hand) - 1


@pytest.mark.parametrize(
    ("country", "players", "cost"),
    [
        ("Indonesia", 4, 2), ("UK", 2, 3), ("UK", 3, 3), ("UK", 5, 4), ("India", 4, 4),
        ("Austria", 3, 3), ("Japan", 2, 3), ("Japan", 3, 3), ("Japan", 5, 4),
        # Not in the table: the base cost, 1 less with 2-3 players.
        ("Indonesia", 2, 2), ("UK", 4, 3), ("India", 2, 4), ("Austria", 2, 2),
    ],
)
def test_magazine_cost_table(country, players, cost):
    """「国カードの数値を調整」 (the five adjusted countries; ruling: the table is final)."""
    assert occupation_cost(country, players, "magazine") == cost


def test_magazine_cost_table_before_reduction_option():
    """Ruling option ``magazine_costs_final=False``: the 2–3 player reduction applies on top."""
    assert occupation_cost("UK", 2, "magazine", magazine_costs_final=False) == 2
    s = position(hands=["2S", "3S"], rounds="UK", rules="magazine", magazine_costs_final=False)
    assert s.view(0).start_costs["UK"] == 2


@pytest.mark.parametrize("final", [True, False])
@pytest.mark.parametrize("rules", ["base", "magazine"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_occupation_log_explains_the_cost_charged(players, rules, final):
    """The occupation line's reason arrives at the cost actually charged (also with
    ``magazine_costs_final=False``, where the table's number is lowered once more)."""
    s = position(players=players, hands=["2S"], rounds="UK", rules=rules,
                 magazine_costs_final=final)
    for country, cost in s.start_costs.items():
        why = s._cost_reason(country, cost)
        for text in (why.en, why.ja):
            numbers = [int(n) for n in re.findall(r"\d+", text.split("players")[-1])]
            assert numbers[-1] == cost, (country, text)
        table = rules != "base" and players in MAGAZINE_COSTS.get(country, {})
        assert ("1 less" in why.en) == (players <= 3 and not (table and final)), why.en


def test_occupation_log_with_costs_not_final():
    """UK with 2 players, ``magazine_costs_final=False``: table 3, 1 less → 2 cards charged."""
    s = position(hands=["2S 3S 4S", "5H"], rounds="UK", rules="magazine", deck="6H 7H",
                 magazine_costs_final=False)
    s = play_texts(s, "fold")
    line = next(e for e in s.log if e.key == "occupation")
    assert "discard 2 cards" in line.en
    assert line.en.endswith("(printed cost 3; the magazine table says 3 with 2 players; "
                            "1 less with 2–3 players → 2) or pass the right on")
    assert "記載コスト3、雑誌の調整で2人プレイは3、2〜3人プレイでは1下がる → 2" in line.ja


# -- 電撃戦 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["base", "magazine", "refill"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_blitzkrieg_setup(rules, players):
    """「K4枚をトランプデッキから抜く」「軍縮を4枚に減らす」「ランダムに1枚ずつ国カードを取得」
    「記号が最も若い国を持つプレイヤーが最初の先制権」."""
    for seed in range(10):
        s = gamelib.load("powers", players=players, rules=rules, blitzkrieg=True).new_state(seed)
        s.check_invariants()
        assert len(s.removed) == 4 and all(c.rank == 13 for c in s.removed)
        in_play = s.deck + s.discards + [c for h in s.hands for c in h]
        assert not any(c.rank == 13 for c in in_play) and len(in_play) + sum(
            map(len, s.front)) == 50
        rd = s.round_deck + s.rounds_played
        assert rd.count("disarmament") == 4
        assert len(s.homes) == players and len(set(s.homes.values())) == players
        assert all(s.owners[k] == p for p, k in s.homes.items())
        assert not set(s.homes.values()) & set(rd)
        assert len(rd) == (22 if players == 2 else 18) - players
        best = min(s.homes, key=lambda p: COUNTRIES[s.homes[p]].priority)
        assert s.initiative == best
        assert s.view(0).homes == s.homes


def test_blitzkrieg_home_letters_follow_priority():
    """「本国にA〜Nまでの記号を振り」 (ruling: in the priority order, Switzerland = A)."""
    assert [COUNTRIES[k].letter for k in PRIORITY] == list("ABCDEFGHIJKLMN")


def test_home_letters_in_printed_order_option():
    """Ruling option ``home_letters="printed"``: 「本国にA〜Nまでの記号を振り」 in the order of the
    printed round-card list (USA A … Switzerland N); the earliest letter takes the initiative."""
    assert home_letters("printed")["USA"] == "A" and home_letters("printed")["Switzerland"] == "N"
    assert home_letters()["Switzerland"] == "A" and home_letters()["USA"] == "N"
    differ = 0
    for seed in range(12):
        by = {}
        for order in ("priority", "printed"):
            g = gamelib.load("powers", players=3, rules="magazine", blitzkrieg=True,
                             home_letters=order)
            s = g.new_state(seed)
            letters = home_letters(order)
            assert s.initiative == min(s.homes, key=lambda p: letters[s.homes[p]])
            home_lines = [e.en for e in s.log if e.key == "home"]
            assert all(f"({letters[k]}," in t for k, t in zip(
                [s.homes[p] for p in s.seating], home_lines, strict=True))
            by[order] = s.initiative
        differ += by["priority"] != by["printed"]
    assert differ  # the option changes who starts in some deals


def test_home_country_is_an_ordinary_territory():
    """「物語上「本国」として扱われる。システム上は他の領土と同じ」: it can be taken in defence."""
    s = position(hands={0: "QS 2C 3C", 1: "2H 5D"}, rounds="Korea",
                 homes={0: "China", 1: "Japan"}, rules="magazine", blitzkrieg=True)
    assert s.view(0).bonus[0] == 1  # China is adjacent to Korea
    s = play_texts(s, "play QS", "fold", "pay 2C", "pay 3C")
    assert s.current_player == 1 and s.dfn.neighbour == "Japan"
    s = play_texts(s, "decline")
    assert s.owners["Japan"] == 0 and s.homes[1] == "Japan"
