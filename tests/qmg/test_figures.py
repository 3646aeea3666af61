"""主計将校 figures, lesson positions and odds: pure functions of views, checked by the engine."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import plotly.graph_objects as go
import pytest

import gamelib
from gamelib.bots import make_bot
from gamelib.qmg.board import default_board
from gamelib.qmg.cards import default_cards
from gamelib.qmg.figures import (
    LAYOUT,
    NATION_COLOURS,
    TEAM_COLOURS,
    _across_edge,
    axis_straits,
    cards_figure,
    click_choices,
    draw_odds_figure,
    map_figure,
    supply_links,
    vp_figure,
    vp_race_figure,
)
from gamelib.qmg.odds import deck_counts, draw_chances, unseen_counts, vp_race
from gamelib.qmg.positions import (
    LESSONS,
    battle_lesson,
    play_texts,
    position,
    scoring_lesson,
    strait_lesson,
    supply_lesson,
    vp_breakdown,
)

RESEARCH = Path("/work/shared/research/qmg_map_2e.json")
GER, UK, JPN, USSR, ITA, USA = range(6)


def played(steps: int = 150, seed: int = 3, lang: str = "en"):
    """A seeded 2-player game after ``steps`` heuristic moves."""
    game = gamelib.load("qmg", players=2, lang=lang)
    st = game.new_state(seed)
    bots = [make_bot("heuristic", game, 1), make_bot("heuristic", game, 2)]
    for _ in range(steps):
        if st.is_terminal():
            break
        seat = st.current_player
        st = gamelib.play(st, bots[seat].choose(st.view(seat), st.legal_actions()))
    return st


def trace(fig: go.Figure, name: str):
    return next(t for t in fig.data if t.name == name)


def all_text(fig: go.Figure) -> str:
    return json.dumps(fig.to_plotly_json(), ensure_ascii=False, default=str)


# -- layout --------------------------------------------------------------------------------
def test_layout_places_every_space_once() -> None:
    board = default_board()
    assert set(LAYOUT) == set(board.order)
    assert len(set(LAYOUT.values())) == len(LAYOUT), "two spaces drawn at the same point"


def test_only_the_research_map_edge_edges_leave_the_map() -> None:
    """The schematic wraps like the board: exactly the research's edges across the map edge."""
    research = json.loads(RESEARCH.read_text()) if RESEARCH.exists() else None
    across = _across_edge()
    if research is not None:
        expected = sorted(tuple(sorted(e)) for e in research["edges_across_map_edge"])
        assert across == expected
    assert len(across) == 5


def test_nearby_spaces_are_drawn_apart() -> None:
    """Adjacent spaces are at least 10 units apart, so labels and pieces stay readable."""
    board = default_board()
    for e in board.edges:
        a, b = sorted(e)
        (x0, y0), (x1, y1) = LAYOUT[a], LAYOUT[b]
        assert math.hypot(x1 - x0, y1 - y0) >= 10, (a, b)


# -- the map -------------------------------------------------------------------------------
def test_map_draws_land_and_sea_differently_with_stars() -> None:
    view = supply_lesson().view(None)
    fig = map_figure(view)
    land, sea = trace(fig, "land space"), trace(fig, "sea space")
    assert land.marker.symbol == "circle" and sea.marker.symbol == "square"
    assert land.marker.color != sea.marker.color
    assert len(land.x) == 36 and len(sea.x) == 17
    stars = trace(fig, "supply space ★")
    assert stars.marker.symbol == "star" and len(stars.x) == 12


def test_out_of_supply_piece_is_highlighted_before_removal() -> None:
    st = supply_lesson()
    view = st.view(None)
    assert view.out_of_supply[GER] == ("north_africa",)
    fig = map_figure(view)
    out = trace(fig, "out of supply")
    assert list(zip(out.x, out.y, strict=True)) == [LAYOUT["north_africa"]]
    german = trace(fig, "Germany")
    assert "out of supply" in " ".join(german.hovertext)
    # the engine removes exactly that piece in the Supply step
    after = play_texts(st, "play ger_build_army", "build western_europe")
    assert GER not in dict(after.view(None).pieces).get("north_africa", ())


def test_supply_lines_follow_the_engine() -> None:
    st = supply_lesson()
    links = supply_links(st.view(None), GER)
    assert ("germany", "balkans") in links
    assert all("north_africa" not in pair for pair in links)
    linked = play_texts(st, "play ger_build_navy", "build mediterranean")
    view = linked.view(None)
    assert "north_africa" in view.supplied[GER]
    spaces = {s for pair in supply_links(view, GER) for s in pair}
    assert set(view.supplied[GER]) <= spaces
    line = trace(map_figure(view), "supply lines of Germany")
    assert line.line.color == NATION_COLOURS[GER]


def test_strait_colour_follows_who_holds_it() -> None:
    free = strait_lesson().view(None)
    held = strait_lesson(axis_holds=True).view(None)
    assert axis_straits(free) == frozenset()
    assert axis_straits(held) == frozenset({"scandinavia"})
    axis = trace(map_figure(held), "strait (the Axis)")
    assert axis.line.color == TEAM_COLOURS[0]
    assert LAYOUT["scandinavia"][0] in axis.x
    allies = trace(map_figure(free), "strait (the Allies)")
    assert LAYOUT["scandinavia"][0] in allies.x


def test_map_clicks_carry_the_legal_action_of_the_space() -> None:
    st = play_texts(battle_lesson(), "play ger_land_battle")
    texts = [str(a) for a in st.legal_actions()]
    choices = click_choices(texts)
    assert choices["ukraine"] == "battle ukraine soviet_union"
    fig = map_figure(st.view(0), choices=choices)
    land = trace(fig, "land space")
    data = dict(zip(land.text, land.customdata, strict=True))
    assert data["Ukraine"] == "battle ukraine soviet_union"
    assert data["Japan"] == ""
    for t in fig.data:
        for value in t.customdata if t.customdata is not None else ():
            assert value == "" or value in texts


def test_click_choices_keeps_the_first_action_per_name() -> None:
    assert click_choices(["build a", "battle a x", "play c", "pass", "end discards"]) == {
        "a": "build a",
        "c": "play c",
        "discards": "end discards",
    }


def test_map_in_japanese() -> None:
    fig = map_figure(supply_lesson("ja").view(None))
    assert "ドイツ" in fig.layout.title.text and "補給線" in fig.layout.title.text
    assert "北アフリカ" in trace(fig, "陸スペース").text or any(
        "アフリカ" in t for t in trace(fig, "陸スペース").text
    )


# -- VP and cards --------------------------------------------------------------------------
def test_vp_figure_shows_both_teams() -> None:
    st = position(ITA, vp=(17, 9), round=4)
    fig = vp_figure(st.view(None))
    bar = fig.data[0]
    assert list(bar.x) == [17, 9] and list(bar.y) == ["the Axis", "the Allies"]
    assert "round 4" in fig.layout.title.text
    assert fig.layout.xaxis.title.text and fig.layout.yaxis.title.text
    assert "lead 8" in all_text(fig)


def test_cards_figure_hides_what_the_seat_may_not_see() -> None:
    st = played(150)
    cards = default_cards()
    checked = 0
    for seat in (0, 1):
        view = st.view(seat)
        fig = cards_figure(view)
        text = json.dumps([[t.text, t.hovertext, t.customdata] for t in fig.data], default=list)
        for n in range(6):
            if n in view.seat_nations[seat]:
                continue
            hidden = set(st.hands[n]) | set(st.responses[n])
            shown_elsewhere = set(itertools.chain.from_iterable(view.table))
            shown_elsewhere |= {c for c in view.discard_tops if c}
            for own in view.seat_nations[seat]:
                shown_elsewhere |= set(view.hands[own] or ()) | set(view.responses[own] or ())
            visible = {cards.card(c).name.en for c in shown_elsewhere}
            for cid in hidden:
                name = cards.card(cid).name.en
                if name in visible:  # e.g. "Build Army" of another nation, in the seat's hand
                    continue
                assert name not in text, f"seat {seat} sees {name} of nation {n}"
                checked += 1
    assert checked > 5


def test_cards_figure_shows_responses_as_backs_to_the_other_team() -> None:
    cards = default_cards()
    cid = next(c for c in cards.decks[UK] if cards.card(c).type == "response")
    st = position(GER, responses={UK: [cid]})
    name = cards.card(cid).name.en
    axis_view, allied_view = st.view(0), st.view(1)
    axis_fig, allied_fig = cards_figure(axis_view), cards_figure(allied_view)
    back = trace(axis_fig, "face-down Response")
    assert len(back.x) == 1 and name not in all_text(axis_fig)
    assert name.split()[0] in all_text(allied_fig)


def test_cards_figure_hand_clicks_and_labels() -> None:
    st = supply_lesson()
    texts = [str(a) for a in st.legal_actions()]
    fig = cards_figure(st.view(0), choices=click_choices(texts))
    clickable = [d for t in fig.data for d in (t.customdata or ()) if d]
    assert "play ger_build_navy" in clickable
    assert set(clickable) <= set(texts)
    assert fig.layout.yaxis.ticktext[0] == "hand of Germany"
    assert fig.layout.xaxis.title.text
    hovers = " ".join(h for t in fig.data for h in (t.hovertext or ()))
    assert "click: Play Build Navy" in hovers and "ger_" not in hovers  # named, never an id
    ja = cards_figure(supply_lesson("ja").view(0), choices=click_choices(texts))
    ja_hovers = " ".join(h for t in ja.data for h in (t.hovertext or ()))
    assert "クリック：「海軍の設立」をプレイ" in ja_hovers


def test_cards_figure_parts_split_the_hand_from_the_nations_rows() -> None:
    view = supply_lesson().view(0)
    whole, hand = cards_figure(view), cards_figure(view, part="hand")
    table = cards_figure(view, part="table", row_height=40)
    assert list(hand.layout.yaxis.ticktext) == list(whole.layout.yaxis.ticktext[:1])
    assert list(table.layout.yaxis.ticktext) == list(whole.layout.yaxis.ticktext[1:])

    def points(fig, shift=0):
        return sorted((t.name, x, y + shift) for t in fig.data
                      for x, y in zip(t.x, t.y, strict=True))

    assert sorted(points(hand) + points(table, 1)) == points(whole)
    assert table.layout.height == 90 + 40 * 6 and hand.layout.height == 90 + 52
    with pytest.raises(ValueError, match="part"):
        cards_figure(view, part="deck")


def test_every_figure_has_a_title_axis_titles_and_12px_text() -> None:
    view = played(120).view(None)
    figs = [
        map_figure(view),
        vp_figure(view),
        cards_figure(view),
        draw_odds_figure(draw_chances({"status": 3, "event": 2, "build_army": 5}), nation=0),
        vp_race_figure([([1, 3], [2, 5]), ([2, 4], [1, 1])], bots="heuristic"),
    ]
    for fig in figs:
        assert fig.layout.title.text
        assert fig.layout.font.size >= 12
        if fig.layout.xaxis.visible is not False:
            assert fig.layout.xaxis.title.text, fig.layout.title.text
            assert fig.layout.yaxis.title.text or fig.layout.yaxis.ticktext
        for t in fig.data:
            size = getattr(getattr(t, "textfont", None), "size", None)
            assert size is None or size >= 12


# -- odds ----------------------------------------------------------------------------------
def test_draw_chances_match_counting_every_draw() -> None:
    counts = {"status": 2, "event": 1, "build_army": 3}
    deck = [k for k, n in counts.items() for _ in range(n)]
    chances = draw_chances(counts, turns=4)
    for k in range(1, 5):
        orders = list(itertools.permutations(range(len(deck)), k))
        for kind in counts:
            hits = sum(1 for o in orders if any(deck[i] == kind for i in o))
            assert chances[kind][k - 1] == pytest.approx(hits / len(orders))
    assert chances["event"][-1] == pytest.approx(4 / 6)


def test_draw_chances_refuse_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown card type"):
        draw_chances({"tank": 3})
    with pytest.raises(ValueError, match="at least 1"):
        draw_chances({"status": 1}, turns=0)
    with pytest.raises(ValueError, match="negative"):
        draw_chances({"status": -1})


def test_deck_and_unseen_counts() -> None:
    st = supply_lesson()
    deck = deck_counts(st, GER)
    assert sum(deck.values()) == len(st.decks[GER])
    unseen = unseen_counts(st.view(0), GER)
    assert sum(unseen.values()) == len(st.decks[GER]) + len(st.discards[GER]) - (
        1 if st.discards[GER] else 0
    )
    with pytest.raises(ValueError, match="cannot see"):
        unseen_counts(st.view(1), GER)


def test_vp_race_is_seeded_and_per_round() -> None:
    race = vp_race(3, seed=5)
    assert race == vp_race(3, seed=5)
    for axis, allies in race:
        assert len(axis) == len(allies) and 1 <= len(axis) <= 20
    fig = vp_race_figure(race, bots="heuristic")
    assert "3 simulated games" in fig.layout.title.text


# -- lesson positions ----------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(LESSONS))
def test_lessons_are_legal_positions(name: str) -> None:
    st = LESSONS[name]()
    st.check_invariants()
    assert st.legal_actions()
    for n in range(6):
        assert (
            len(st.hands[n]) + len(st.decks[n]) + len(st.discards[n]) + len(st.table[n])
            + len(st.responses[n])
        ) == len(default_cards().decks[n])


def test_position_refuses_cards_and_spaces_it_does_not_have() -> None:
    with pytest.raises(ValueError, match="not a card of germany"):
        position(GER, hand=["uk_build_army"])
    with pytest.raises(ValueError, match="unknown space"):
        position(GER, pieces={"atlantis": (GER,)})


def test_vp_breakdown_explains_the_engine_points() -> None:
    st = scoring_lesson()
    assert vp_breakdown(st.view(None), ITA) == [("western_europe", 1), ("italy", 2)]
    after = play_texts(st, "play ita_build_navy", "build mediterranean")
    gained = after.vp[0] - st.vp[0]
    assert gained == sum(p for _, p in vp_breakdown(after.view(None), ITA)) == 3


def test_vp_breakdown_is_empty_while_an_enemy_holds_home() -> None:
    st = position(ITA, pieces={"italy": (UK,), "western_europe": (ITA,), "germany": (GER,)})
    assert vp_breakdown(st.view(None), ITA) == []
