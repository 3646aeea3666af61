"""The card data (a reconstruction in data/cards.toml): facts kept, validation, strengths."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

import gamelib
from gamelib.core.records import _digest
from gamelib.rekkyo.cards import (
    DATA_FILE,
    CardDataError,
    StrengthContext,
    card_strength_distribution,
    default_cards,
    load_cards,
    parse_cards,
)

CARDS = default_cards()


def test_component_counts():
    """「領地カード　１５枚」

    「アクションカード　８３枚（兵器カード６８枚　イベントカード　１５枚）」
    """
    assert len(CARDS.territories) == 15
    assert sum(w.count for w in CARDS.weapons) == 68
    assert sum(e.count for e in CARDS.events) == 15
    assert len(CARDS.deck) == 83


def test_known_territory_facts():
    """Japan: power 5, neighbours Siberia, China, South Pacific; USA: Hawaii, Africa, UK."""
    japan = CARDS.territory("japan")
    assert japan.power == 5
    assert set(japan.neighbours) == {"siberia", "china", "south_pacific"}
    assert set(CARDS.territory("usa").neighbours) == {"hawaii", "africa", "uk"}
    names = {t.name.ja for t in CARDS.territories}
    assert {"ソビエト", "シベリア", "日本", "中国", "南太平洋", "ハワイ", "アメリカ", "アフリカ",
            "イギリス"} <= names


def test_links_are_symmetric_and_by_land_or_sea():
    """「繋がっている」: each link between two territories is by land or by sea, both ways."""
    for t in CARDS.territories:
        for other in t.land:
            assert t.id in CARDS.territory(other).land
        for other in t.sea:
            assert t.id in CARDS.territory(other).sea
        assert not set(t.land) & set(t.sea)


def test_weapons_have_strength_kind_and_producer():
    """兵器カード: 戦闘力, 海軍 (濃紺) / 空軍 (青) / 陸軍, the F mark, a 生産国 (a territory)."""
    kinds = {w.kind for w in CARDS.weapons}
    assert kinds == {"land", "navy", "air"}
    assert any(w.fighter for w in CARDS.weapons)
    for w in CARDS.weapons:
        assert w.producer in CARDS.territory_by_id
        assert w.producer != "siberia", "「シベリアは生産国になりません」"
        assert not w.fighter or w.kind == "air"


def test_events_named_in_the_text_exist():
    """パルチザン, 原子爆弾, 戦略爆撃; some events are used with weapons, some alone."""
    by_kind = {e.kind: e for e in CARDS.events}
    assert by_kind["partisan"].use == "on_draw"
    assert by_kind["atomic_bomb"].use == "with_weapons" and by_kind["atomic_bomb"].halves_score
    assert by_kind["strategic_bombing"].interceptable
    assert {e.use for e in CARDS.events} == {"on_draw", "with_weapons", "alone"}
    assert {e.name.ja for e in CARDS.events} >= {"パルチザン", "原子爆弾", "戦略爆撃"}


def test_open_cards_are_flagged_weapons_and_some_cards_roll_dice():
    """「オープンカード」 is a flag on weapons (68 + 15 stays exact); some cards roll a die."""
    assert any(w.open for w in CARDS.weapons)
    assert any(w.die is not None and not w.open for w in CARDS.weapons), "a neutral may roll"


def test_start_order_follows_national_power():
    """「国力の高い国から選出」 (the Soviet Union ranked with Siberia as 国力6)."""
    order = CARDS.start_order
    assert len(order) == 7
    power = {t: CARDS.territory(t).power for t in order}
    power["soviet"] += CARDS.territory("siberia").power
    assert power["soviet"] == 6
    values = [power[t] for t in order]
    assert values == sorted(values, reverse=True)
    file_order = [t.id for t in CARDS.territories]
    last = order[-1]
    for t in CARDS.territories:
        if t.id not in order:  # nobody else outranks the last start, ties broken by file order
            assert (t.power, -file_order.index(t.id)) < (power[last], -file_order.index(last))


def _data() -> dict:
    with DATA_FILE.open("rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["weapon"][0].update(kind="tank"), ["weapon 'sherman'", "'kind'"]),
        (lambda d: d["weapon"][1].update(strength="2"), ["weapon 'us_infantry'", "'strength'"]),
        (lambda d: d["weapon"][2].update(producer="siberia"), ["weapon 'essex'", "'producer'"]),
        (lambda d: d["weapon"][2].update(producer="atlantis"), ["weapon 'essex'", "'producer'"]),
        (lambda d: d["weapon"][0].update(fighter=True), ["weapon 'sherman'", "'fighter'"]),
        (lambda d: d["weapon"][0].update(die=[1, 2]), ["weapon 'sherman'", "'die'"]),
        (lambda d: d["weapon"][0].update(count=4), ["[meta]", "'weapons'"]),
        (lambda d: d["weapon"][0].pop("kind"), ["weapon 'sherman'", "'kind'", "missing"]),
        (lambda d: d["weapon"][0].update(colour="red"), ["weapon 'sherman'", "'colour'"]),
        (lambda d: d["event"][1].update(use="alone"), ["event 'atomic_bomb'", "'use'"]),
        (lambda d: d["event"][0].update(kind="plague"), ["event 'partisan'", "'kind'"]),
        (lambda d: d["territory"][0].update(power=0), ["territory 'usa'", "'power'"]),
        (lambda d: d["links"]["sea"].append(["japan", "mars"]), ["[links]", "mars"]),
        (lambda d: d["links"]["land"].append(["japan", "china"]), ["linked twice"]),
    ],
)
def test_bad_file_names_card_and_field(edit, words):
    """A bad card file raises an error naming the card and the field."""
    data = _data()
    edit(data)
    with pytest.raises(CardDataError) as err:
        parse_cards(data)
    for w in words:
        assert w in str(err.value)


def test_edited_card_data_is_given_inline(tmp_path: Path):
    """The owner of the game edits a copy and passes its data as the ``cards`` option."""
    text = DATA_FILE.read_text(encoding="utf-8").replace(
        'id = "sherman"\nen = "M4 Sherman"\nja = "M4シャーマン"\nstrength = 3',
        'id = "sherman"\nen = "M4 Sherman"\nja = "M4シャーマン"\nstrength = 4',
    )
    path = tmp_path / "printed.toml"
    path.write_text(text, encoding="utf-8")
    assert load_cards(path).card("sherman").strength == 4
    game = gamelib.load("rekkyo", cards=tomllib.loads(text))
    assert game.cards.card("sherman").strength == 4
    bad_text = text.replace('strength = 4\nkind = "land"', 'strength = 4\nkind = "lnd"', 1)
    with pytest.raises(gamelib.OptionError, match=r"weapon 'sherman'.*'kind'"):
        gamelib.load("rekkyo", cards=tomllib.loads(bad_text))


@pytest.mark.parametrize("value", ["/dev/stdin", "/dev/zero", str(DATA_FILE), "cards.toml",
                                   "/no/such/file.toml"])
def test_cards_option_never_opens_a_path(value):
    """A record names only a packaged card set: a path is refused at once, with the same message
    whether or not the file exists."""
    with pytest.raises(gamelib.OptionError) as err:
        gamelib.load("rekkyo", cards=value)
    message = str(err.value).replace(repr(value[:40]), "<name>")
    assert "packaged" in message and "exist" not in message and "No such" not in message
    body = json.loads(gamelib.dumps(gamelib.load("rekkyo").new_state(1)))
    del body["digest"]
    body["options"]["cards"] = value
    record = json.dumps({**body, "digest": _digest(body)})
    with pytest.raises(gamelib.RecordError, match="cards"):
        gamelib.loads(record)


def test_cards_option_validates_inline_data():
    """Custom card data: a packaged name, or a mapping that is JSON data, size-capped, validated."""
    assert gamelib.load("rekkyo", cards="standard").cards is gamelib.load("rekkyo").cards
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    game = gamelib.load("rekkyo", cards=data)
    assert game.cards.card_by_id.keys() == CARDS.card_by_id.keys()
    assert gamelib.loads(gamelib.dumps(game.new_state(3))).game.cards.card("sherman")
    for value, words in [
        (3, "mapping"),
        ({"meta": {}}, "meta"),
        ({"x": object()}, "JSON"),
        ({"x": "y" * 200_000}, "too large"),
        ({**data, "territory": "nope"}, "territory"),
    ]:
        with pytest.raises(gamelib.OptionError, match=words):
            gamelib.load("rekkyo", cards=value)


def test_strength_distribution_of_neutral_defence_cards():
    """Exact contribution of one card drawn for a neutral (open cards and events count 0)."""
    assert card_strength_distribution("sherman", "land") == {3: 1.0}
    assert card_strength_distribution("bismarck", "land") == {0: 1.0}  # ※２ navy counts 0
    assert card_strength_distribution("bismarck", "sea") == {4: 1.0}
    assert card_strength_distribution("yamato", "sea") == {0: 1.0}  # open card removed
    assert card_strength_distribution("strategic_bombing", "sea") == {0: 1.0}  # event removed
    assert card_strength_distribution("katyusha", "land") == pytest.approx(
        {1: 2 / 6, 2: 1 / 6, 3: 1 / 6, 4: 1 / 6, 5: 1 / 6})
    assert card_strength_distribution("uboat", "land") == {0: 1.0}
    assert card_strength_distribution("uboat", "sea") == pytest.approx({0: 1 / 3, 2: 1 / 3,
                                                                        4: 1 / 3})
    player = StrengthContext(route="sea", side="player")
    assert card_strength_distribution("strategic_bombing", player) == {3: 1.0}
    assert card_strength_distribution("yamato", player) == {6: 1.0}
    for card in CARDS.card_by_id:
        for route in ("land", "sea"):
            dist = card_strength_distribution(card, route)
            assert sum(dist.values()) == pytest.approx(1.0)
