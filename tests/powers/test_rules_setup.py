"""始め方 (set-up): the flip for seating, the decks, the deal; options."""

from __future__ import annotations

import pytest

import gamelib
from gamelib import OptionError
from gamelib.powers.data import COUNTRIES, playing_cards
from gamelib.powers.strength import poker_value


def flips(state) -> list[tuple[int, int]]:
    """(player, poker value) of every flip in the log, in order."""
    from gamelib.powers.data import parse_card

    out = []
    for e in state.log:
        if e.key == "flip":
            who, card = e.en.split(" flips ")
            out.append((int(who.split()[1]) - 1, poker_value(parse_card(card.replace(" ", "")))))
    return out


def test_deck_is_54_cards_with_two_jokers():
    """「トランプ1組54枚(ジョーカー2枚入り)」."""
    deck = playing_cards()
    assert len(deck) == 54 and len(set(deck)) == 54 and sum(c.is_joker for c in deck) == 2
    s = gamelib.load("powers").new_state(3)
    s.check_invariants()


def test_round_cards_are_14_countries_5_disarmament_4_mobilization():
    """「ラウンドカード23枚(国カード14・軍縮カード5・動員カード4)」."""
    s = gamelib.load("powers").new_state(3)
    deck = s.round_deck + s.rounds_played
    assert len(deck) == 23
    assert deck.count("disarmament") == 5 and deck.count("mobilization") == 4
    assert sorted(k for k in deck if k in COUNTRIES) == sorted(COUNTRIES)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_flip_decides_seating_strongest_first(players):
    """「トランプをめくって席順と最初の先制権プレイヤーを決める(ポーカーで強い札をめくった人から)」."""
    for seed in range(30):
        s = gamelib.load("powers", players=players).new_state(seed)
        first = {}
        for p, v in flips(s):
            first.setdefault(p, v)
        values = [first[p] for p in s.seating]
        assert values == sorted(values, reverse=True)
        assert s.initiative == s.seating[0]
        assert sorted(s.seating) == list(range(players))


def test_flip_ties_flip_again():
    """Ruling: players who flip equal ranks (suits have no order) flip again among themselves."""
    tied = 0
    for seed in range(60):
        s = gamelib.load("powers", players=5).new_state(seed)
        if any(e.key == "flip_tie" for e in s.log):
            tied += 1
            assert len(flips(s)) > 5
    assert tied > 0


def test_joker_flip_is_strongest():
    """Ruling: a Joker flipped for seating beats an Ace."""
    from gamelib.powers.data import Card

    assert poker_value(Card(0, "1")) > poker_value(Card(1, "S")) > poker_value(Card(13, "S"))


def test_hands_of_five_are_dealt():
    """「トランプを5枚ずつ手札として配る」."""
    s = gamelib.load("powers", players=4).new_state(11)
    deals = [e for e in s.log if e.key == "draw_public" and "(dealt)" in e.en]
    assert len(deals) == 4 and all(" draws 5 " in e.en for e in deals)


@pytest.mark.parametrize("rules", ["base", "magazine", "refill"])
def test_blitzkrieg_with_every_rule_set(rules):
    """「「電撃戦ルール」バリアントを追加」 adds the variant without restriction: any rule set."""
    s = gamelib.load("powers", players=3, rules=rules, blitzkrieg=True).new_state(4)
    s.check_invariants()
    assert len(s.removed) == 4 and len(s.homes) == 3
    assert s.view(None).blitzkrieg


def test_greeting_starts_the_first_round():
    """「挨拶をして最初のラウンドを開始」."""
    s = gamelib.load("powers", lang="ja").new_state(2)
    keys = [e.key for e in s.log]
    assert keys.index("greeting") < keys.index("round")
    assert "挨拶をして最初のラウンドを開始" in s.log_text()


def test_deck_is_shuffled():
    """「トランプを切って山を積む」: the deck order depends on the seed only."""
    g = gamelib.load("powers")
    assert g.new_state(1).deck != g.new_state(2).deck
    assert g.new_state(1).deck == g.new_state(1).deck


def test_option_values_are_checked():
    """「2〜5人用」: 2 to 5 players; unknown values are refused."""
    with pytest.raises(OptionError):
        gamelib.load("powers", players=6)
    with pytest.raises(OptionError):
        gamelib.load("powers", rules="ver3")
    with pytest.raises(OptionError):
        gamelib.load("powers", lead_ace=2)
