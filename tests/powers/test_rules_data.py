"""ラウンドカード一覧: the 14 country cards exactly as printed in the rule text."""

from __future__ import annotations

import re

import pytest

from gamelib.powers.data import COUNTRIES

JA = {c.name.ja: k for k, c in COUNTRIES.items()}

PRINTED = [
    "アメリカ 10点 占領コスト5 島国 近接：イギリス・日本・インドネシア",
    "中国 10点 占領コスト5 近接：朝鮮・ロシア・インド",
    "ロシア 9点 占領コスト5 内陸国 近接：朝鮮・中国・オスマン・ドイツ",
    "インド 9点 占領コスト5 近接：オスマン・中国・インドネシア",
    "オスマン 8点 占領コスト4 近接：ロシア・インド・オーストリア・イタリア",
    "フランス 8点 占領コスト4 近接：ドイツ・イギリス・イタリア・スイス",
    "ドイツ 7点 占領コスト4 近接：フランス・オーストリア・スイス・ロシア",
    "イギリス 7点 占領コスト3 島国 近接：フランス・アメリカ",
    "日本 6点 占領コスト3 島国 近接：朝鮮・インドネシア・アメリカ",
    "オーストリア 6点 占領コスト3 近接：ドイツ・イタリア・スイス・オスマン",
    "イタリア 5点 占領コスト3 近接：フランス・スイス・オーストリア・オスマン",
    "朝鮮 5点 占領コスト3 近接：中国・ロシア・日本",
    "インドネシア 4点 占領コスト3 島国 近接：インド・日本・アメリカ",
    "スイス 4点 占領コスト3 内陸国 近接：ドイツ・フランス・イタリア・オーストリア",
]


@pytest.mark.parametrize("line", PRINTED)
def test_country_card_as_printed(line):
    """Each line of the round-card list: points, cost, island/landlocked, neighbours in order."""
    m = re.fullmatch(r"(\S+) (\d+)点 占領コスト(\d) (?:(島国|内陸国) )?近接：(\S+)", line)
    assert m
    name, points, cost, terrain, neighbours = m.groups()
    c = COUNTRIES[JA[name]]
    assert c.points == int(points) and c.cost == int(cost)
    assert c.terrain == {"島国": "island", "内陸国": "landlocked", None: ""}[terrain]
    assert c.neighbours == tuple(JA[n] for n in neighbours.split("・"))


def test_table_order_and_totals():
    """The list order is the printed order; the points total 98; adjacency is symmetric."""
    assert [COUNTRIES[JA[line.split()[0]]].key for line in PRINTED] == list(COUNTRIES)
    assert sum(c.points for c in COUNTRIES.values()) == 98
    for k, c in COUNTRIES.items():
        for n in c.neighbours:
            assert k in COUNTRIES[n].neighbours
