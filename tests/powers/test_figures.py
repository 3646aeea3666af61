"""Powers figures: built from real game states in every phase, stable traces, and no leaks."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
import pytest

import gamelib
from gamelib.bots import make_bot
from gamelib.powers.data import COUNTRIES, Card
from gamelib.powers.figures import (
    MAP_POSITIONS,
    card_action,
    card_label,
    hands_figure,
    ladder_figure,
    map_figure,
    round_deck_figure,
    score_figure,
)
from gamelib.powers.state import PowersState
from gamelib.powers.ui import odds_panel
from gamelib.powers.view import PowersView

BUILDERS: list[Callable[..., go.Figure]] = [
    map_figure,
    round_deck_figure,
    hands_figure,
    ladder_figure,
    score_figure,
]

SETTINGS = [
    {"players": 2},
    {"players": 3, "rules": "magazine"},
    {"players": 4, "rules": "refill"},
    {"players": 5, "rules": "magazine", "blitzkrieg": True},
    {"players": 3, "lang": "ja"},
]


def states(options: dict[str, Any], seed: int) -> Iterator[PowersState]:
    """Every state of one game between heuristic and random bots."""
    game = gamelib.load("powers", **options)
    bots = [make_bot("heuristic" if i % 2 else "random", game, seed + i)
            for i in range(game.players)]
    state = game.new_state(seed)
    yield state
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        state = gamelib.play(state, bots[seat].choose(state.view(seat), state.legal_actions()))
        yield state


def figure_text(fig: go.Figure) -> str:
    """The figure as JSON text with non-ASCII characters kept (card suits, Japanese)."""
    return json.dumps(json.loads(pio.to_json(fig)), ensure_ascii=False)


def hidden_cards(state: PowersState, viewer: int) -> set[Card]:
    return {c for seat, hand in enumerate(state.hands) if seat != viewer for c in hand}


def seen_cards(state: PowersState, viewer: int) -> set[Card]:
    """The viewer's own hand and every public card (a second Joker may show for these)."""
    seen = set(state.hands[viewer]) | set(state.discards) | set(state.removed)
    for front in state.front:
        seen.update(front)
    return seen


def assert_no_leak(text: str, hidden: set[Card], visible: set[Card], where: str) -> None:
    for card in hidden:
        if card.is_joker:
            if not any(c.is_joker for c in visible):
                assert card_label(card) not in text, f"a hidden Joker leaks in {where}"
            continue
        assert card_label(card) not in text, f"hidden {card.symbol} leaks in {where}"
        assert f"play {card.code}\"" not in text, f"hidden {card.code} leaks in {where}"


@pytest.mark.parametrize("options", SETTINGS, ids=lambda o: "-".join(map(str, o.values())))
def test_figures_build_in_every_phase_with_stable_traces(options: dict[str, Any]) -> None:
    phases: set[str] = set()
    shapes: dict[str, list[str]] = {}
    last = ""
    for seed in range(2):
        for step, state in enumerate(states(options, seed)):
            view = state.view(state.current_player)
            assert isinstance(view, PowersView)
            phases.add(view.phase)
            if view.phase == last and step % 5:
                continue  # every phase change, and every fifth step
            last = view.phase
            for build in BUILDERS:
                fig = build(view)
                kinds = [t.type for t in fig.data]
                assert shapes.setdefault(build.__name__, kinds) == kinds, build.__name__
            odds_panel(view)
    assert {"disarmament", "invasion", "occupation", "defence", "over"} <= phases


@pytest.mark.parametrize("options", SETTINGS[:4], ids=lambda o: "-".join(map(str, o.values())))
def test_no_hidden_card_appears_in_a_players_figures(options: dict[str, Any]) -> None:
    for seed in range(2):
        for step, state in enumerate(states(options, 10 + seed)):
            if step % 7:
                continue
            for viewer in range(state.n):
                view = state.view(viewer)
                hidden = hidden_cards(state, viewer)
                visible = seen_cards(state, viewer)
                for build in BUILDERS:
                    assert_no_leak(figure_text(build(view)), hidden, visible, build.__name__)
                assert_no_leak(odds_panel(view), hidden, visible, "odds panel")


def test_teacher_sees_every_hand_and_a_player_only_their_own() -> None:
    state = next(s for s in states({"players": 3}, 4) if s.phase == "invasion")
    teacher = figure_text(hands_figure(state.view(None)))
    for hand in state.hands:
        for card in hand:
            assert card_label(card) in teacher
    fig = hands_figure(state.view(1))
    faces = set(fig.data[0].text)
    assert faces == {card_label(c) for c in state.hands[1]}
    assert len(fig.data[1].x) == len(state.hands[0]) + len(state.hands[2])  # backs, by count


def test_clickable_cards_carry_legal_action_texts() -> None:
    for state in states({"players": 3}, 7):
        seat = state.current_player
        if seat is None:
            break
        view = state.view(seat)
        fig = hands_figure(view)
        data = [d for d in fig.data[0].customdata if d]
        legal = {str(a) for a in state.legal_actions()}
        assert set(data) <= legal, (view.phase, set(data) - legal)
        if view.phase == "invasion":
            playable = {f"play {c}" for c in state.hands[seat]} & legal
            assert playable <= set(data)


def test_card_action_only_for_the_player_to_move() -> None:
    state = next(s for s in states({"players": 2}, 1) if s.phase == "invasion")
    seat = state.current_player
    assert seat is not None
    other = 1 - seat
    view = state.view(None)
    card = state.hands[other][0]
    assert card_action(view, other, card) == ""
    assert card_action(view, seat, state.hands[seat][0]).startswith("play ")


def test_map_places_every_country_and_highlights_the_revealed_one() -> None:
    assert set(MAP_POSITIONS) == set(COUNTRIES)
    state = next(s for s in states({"players": 2}, 3) if s.round_card in COUNTRIES)
    view = state.view(0)
    fig = map_figure(view)
    countries = next(t for t in fig.data if t.name == "countries")
    assert list(countries.ids) == list(COUNTRIES)
    i = list(COUNTRIES).index(view.round_card)
    assert countries.marker.line.width[i] > 1
    assert sum(w > 1 for w in countries.marker.line.width) == 1


def test_pacific_links_go_the_short_way() -> None:
    fig = map_figure(gamelib.load("powers").new_state(0).view(0))
    xs = [x for t in fig.data if t.name in ("links", "revealed links") for x in t.x]
    pieces: list[list[float]] = [[]]
    for x in xs:
        if x is None:
            pieces.append([])
        else:
            pieces[-1].append(x)
    for piece in pieces:
        if len(piece) == 2:
            assert abs(piece[1] - piece[0]) <= 180


def test_labels_follow_the_language() -> None:
    view_ja = gamelib.load("powers", lang="ja").new_state(0).view(0)
    assert "世界" in figure_text(map_figure(view_ja))
    assert "得点" in figure_text(score_figure(view_ja))
    view_en = gamelib.load("powers").new_state(0).view(0)
    assert "world" in figure_text(map_figure(view_en))
    assert "アメリカ" not in figure_text(map_figure(view_en))
