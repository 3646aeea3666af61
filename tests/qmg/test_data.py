"""Layer 1: the packaged map and cards match the research files and are validated on load."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from gamelib.qmg.board import ALLIES, AXIS, DATA_FILE, MapDataError, default_board, load_board
from gamelib.qmg.cards import DATA_FILE as CARDS_FILE
from gamelib.qmg.cards import CardDataError, default_cards, load_cards

RESEARCH = Path("/work/shared/research/qmg_map_2e.json")
PACKAGED = json.loads(DATA_FILE.read_text(encoding="utf-8"))


def research() -> dict:
    """The research map (the packaged copy's own fields when the research folder is absent)."""
    if RESEARCH.exists():
        return json.loads(RESEARCH.read_text(encoding="utf-8"))
    return PACKAGED


def test_map_matches_research_adjacency_straits_supply():
    """Edges, straits, supply and home spaces are exactly the research file's."""
    ref = research()
    board = default_board()
    assert board.land == frozenset(ref["land"]) and board.sea == frozenset(ref["sea"])
    assert len(board.land) == 36 and len(board.sea) == 17
    assert board.edges == {frozenset(e) for e in ref["edges"]}
    assert {(s["land"], *s["seas"]) for s in ref["straits"]} == set(board.straits)
    assert board.supply == frozenset(ref["supply_spaces"]) and len(board.supply) == 12
    assert {n.id: n.home for n in board.nations} == ref["home_spaces"]
    for a, b in ref["edges_across_map_edge"]:
        assert b in board.adjacent[a]


def test_map_second_edition_changes_and_non_adjacent_pairs():
    """2nd-edition lines (「マップの境界線の修正」) and 「隣接していません」 pairs."""
    board = default_board()
    assert "east_pacific" in board.adjacent["pacific_northwest"]
    assert "bay_of_bengal" in board.adjacent["africa"]
    assert "mediterranean" not in board.adjacent["black_sea"]
    assert "middle_east" not in board.adjacent["balkans"]
    assert "hawaii" not in board.supply


def test_straits_follow_the_axis_army():
    """「枢軸国陸軍が海峡を支配していない場合、連合国のみが…隣接しているものとして扱う」."""
    board = default_board()
    assert "baltic" in board.neighbours("north_sea", ALLIES, frozenset())
    assert "baltic" not in board.neighbours("north_sea", AXIS, frozenset())
    held = frozenset({"scandinavia"})
    assert "baltic" in board.neighbours("north_sea", AXIS, held)
    assert "baltic" not in board.neighbours("north_sea", ALLIES, held)


def test_pieces_per_nation():
    """Pieces per nation (games.md §003; US navies 5→6 in the 2nd edition)."""
    counts = {n.id: (n.armies, n.navies) for n in default_board().nations}
    assert counts["united_states"] == (5, 6)
    assert sum(a for a, _ in counts.values()) == 33 and sum(n for _, n in counts.values()) == 23


def test_all_220_cards_with_source_tags():
    """Deck sizes 41/40/34/34/30/41; the research's composition per type; tags on every card."""
    cards = default_cards()
    assert [len(d) for d in cards.decks] == [41, 40, 34, 34, 30, 41]
    specials = [c for c in cards.cards.values() if not c.basic]
    assert len(specials) == 119
    assert sum(1 for c in specials if c.flags) == 48
    types = Counter(c.type for c in specials)
    assert types == {"status": 41, "event": 34, "response": 27, "economic_warfare": 17}
    assert all(c.source in ("seed", "L+S", "L") for c in cards.cards.values())
    assert sum(1 for c in specials if c.source == "seed") == 68
    assert "ger_production_initiative" not in cards.cards  # removed in the 2nd edition (seed)
    assert cards.card("ger_guns_and_butter").name.ja == "大砲とバター"


def test_bad_map_data_is_refused(tmp_path):
    """A malformed map names the bad field."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["edges"].append(["germany", "atlantis"])
    bad = tmp_path / "map.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(MapDataError, match="edges"):
        load_board(bad)


def test_bad_card_data_is_refused(tmp_path):
    """A malformed card names the card and the field."""
    data = json.loads(CARDS_FILE.read_text(encoding="utf-8"))
    data["cards"][-1]["effect"]["steps"][0]["op"] = "teleport"
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CardDataError, match=r"usa_sbd_dauntless.*op"):
        load_cards(bad)


def test_a_card_reference_in_an_effect_must_exist(tmp_path):
    """An effect naming another card (Guards' Build Army card) must name a card of its deck."""
    data = json.loads(CARDS_FILE.read_text(encoding="utf-8"))
    guards = next(c for c in data["cards"] if c["id"] == "ussr_guards")
    assert guards["effect"]["needs_discard"] == "ussr_build_army"
    guards["effect"]["needs_discard"] = "soviet_union_build_army"
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CardDataError, match=r"ussr_guards.*needs_discard"):
        load_cards(bad)
