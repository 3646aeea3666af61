"""Figures of 列強の興亡: pure builders of plotly figures from views and distributions."""

from __future__ import annotations

import itertools
import random

import plotly.graph_objects as go
import pytest

import gamelib
from gamelib.rekkyo import odds
from gamelib.rekkyo.cards import default_cards
from gamelib.rekkyo.figures import (
    LAYOUT,
    defence_figure,
    distribution_figure,
    invasion_texts,
    map_figure,
    win_heatmap,
    win_heatmap_figure,
)


def _states(seed: int = 2, steps: int = 60):  # type: ignore[no-untyped-def]
    game = gamelib.load("rekkyo", players=3)
    rng = random.Random(seed)
    state = game.new_state(seed)
    yield state
    for _ in range(steps):
        if state.is_terminal():
            return
        state = gamelib.play(state, rng.choice(state.legal_actions()))
        yield state


def test_layout_covers_every_territory() -> None:
    assert set(LAYOUT) == {t.id for t in default_cards().territories}


def test_map_points_carry_legal_invasions() -> None:
    for state in _states():
        for viewer in (None, 0, 1, 2):
            view = state.view(viewer)
            fig = map_figure(view)
            assert isinstance(fig, go.Figure)
            points = [t for t in fig.data if t.mode == "markers+text"]
            assert len(points) == 1 + view.players  # neutral + every seat, always
            assert sum(len(t.x) for t in points) == 15
            legal = {str(a) for a in state.legal_actions()} if not state.is_terminal() else set()
            clicks = {c for t in points for c in t.customdata if c}
            assert clicks <= legal, clicks - legal
            if view.viewer in (None, state.current_player) and state.phase == "action":
                invasions = {t for t in legal if t.startswith("invade")}
                assert set(invasion_texts(view).values()) <= invasions


def test_distribution_figure_marks_the_attack() -> None:
    dist = odds.draw_distribution([0, 1, 2, 3], 2)
    fig = distribution_figure(dist, attack=3, title="t")
    bar = fig.data[0]
    assert list(bar.y) == pytest.approx(list(dist.probs))
    # strengths below the attack are wins (green), the rest losses (red)
    assert list(bar.marker.color[:3]) == ["#2e7d32"] * 3
    assert bar.marker.color[3] == "#c62828"
    assert len(fig.layout.shapes) == 1
    assert "0.333" in fig.layout.annotations[0].text  # sums 1 and 2 of six pairs


def test_view_figures_build() -> None:
    state = next(s for s in _states() if s.phase == "action")
    view = state.view(state.current_player)
    target = next(t for t, o in view.owners.items() if o is None)
    hand = list(view.hand or ())
    fig = defence_figure(view, target=target, cards=hand[:2], route="land")
    assert sum(fig.data[0].y) == pytest.approx(1.0)
    heat = win_heatmap(view, target=target, cards=hand[:2], max_attack=20)
    z = heat.data[0].z
    assert len(z) == 10 and len(z[0]) == 21
    # more attack never lowers P(win); more defenders never raise it
    for row in z:
        assert all(a <= b + 1e-12 for a, b in itertools.pairwise(row))
    for a in range(21):
        assert all(z[i][a] >= z[i + 1][a] - 1e-12 for i in range(9))


def test_heatmap_figure_mark() -> None:
    fig = win_heatmap_figure([[0.0, 0.5, 1.0]], powers=[3], mark=(3, 2.0), lang="ja")
    assert list(fig.data[1].x) == [2.0] and list(fig.data[1].y) == [3]
    assert "勝率" in fig.layout.title.text


def test_figures_use_the_games_own_card_set():
    """A custom ``cards=`` set shows its own national powers and strengths, not the default's."""
    import tomllib

    from gamelib.rekkyo.cards import DATA_FILE

    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    for t in data["territory"]:
        if t["id"] == "hawaii":
            t["power"] = 2
    game = gamelib.load("rekkyo", players=2, cards=data)
    view = game.new_state(5).view(None)
    texts = [x for trace in map_figure(view).data for x in (trace.text or ())]
    assert "Hawaii 2" in texts and "Hawaii 1" not in texts
    fig = defence_figure(view, target="hawaii", route="sea", seat=0)
    assert "power 2" in fig.layout.title.text
