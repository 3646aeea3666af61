"""Notebook wiring of 列強の興亡: controller defaults, odds panel, odds explorer."""

from __future__ import annotations

import pytest

import gamelib
from gamelib.rekkyo import odds
from gamelib.rekkyo.cards import default_cards
from gamelib.rekkyo.ui import OddsExplorer, controller, odds_panel, odds_rows


def test_controller_plays_with_bots_and_undo() -> None:
    ctrl = controller(seed=3)
    assert ctrl.seats == {0: "human", 1: "heuristic", 2: "random"}
    assert ctrl.last_error is None
    ctrl.autoplay(steps=40)
    assert ctrl.last_error is None
    before = len(ctrl.state.history)
    ctrl.undo()
    assert ctrl.last_error is None and len(ctrl.state.history) < before
    ctrl.set_viewpoint(None)
    assert ctrl.last_error is None


def test_odds_panel_matches_the_odds_module() -> None:
    game = gamelib.load("rekkyo", players=3)
    state = game.new_state(3)
    view = state.view(state.current_player)
    rows = odds_rows(view)
    assert rows
    for r in rows:
        exact = odds.p_win(view, r["target"], r["cards"], r["route"])
        assert r["p_win"] == pytest.approx(exact)
    html = odds_panel(view)
    assert "rekkyo-odds" in html and f"{rows[0]['p_win']:.3f}" in html
    other = (state.current_player + 1) % 3
    assert "turn" in odds_panel(state.view(other))  # no odds from another seat's view
    assert odds_panel(state.view(None)).count("<tr>") == len(rows) + 1


def test_explorer_updates_in_place() -> None:
    ex = OddsExplorer(target="china", hand=["sherman", "t34"])
    dist_widget, heat_widget = ex.distribution_widget, ex.heatmap_widget
    p_before = ex.p_win()
    pool = odds.full_deck_pool()
    pool_without_hand = dict(pool)
    for cid in ("sherman", "t34"):
        d = odds.card_dist(cid)
        pool_without_hand[d] -= 1
    china = default_cards().territory("china").power
    expected = odds.draw_distribution(pool_without_hand, china).p_win(6)
    assert p_before == pytest.approx(expected)
    ex.set(target="siberia", hand=["sherman", "t34", "kv1"])
    assert ex.distribution_widget is dist_widget and ex.heatmap_widget is heat_widget
    assert ex.p_win() >= p_before  # a stronger attack against a weaker (or equal) neutral
    assert list(ex.heatmap_widget.data[1].y) == [default_cards().territory("siberia").power]
    ex.set(route="sea", hand=["yamato", "sherman"])
    assert "P(win)" in ex.summary.value
    ex.set(route="land")  # the navy card is ignored over land
    assert "navy" in ex.summary.value


def test_explorer_on_a_game_view_from_any_seat() -> None:
    game = gamelib.load("rekkyo", players=3)
    state = game.new_state(5)
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        ex = OddsExplorer(view, hand=list(state.hands[0][:2]))
        assert 0.0 <= ex.p_win() <= 1.0
        seat = viewer if viewer is not None else state.turn_player
        target = ex.target_box.value
        expected = odds.neutral_defence(view, target, "land", seat=seat)
        assert ex.defence.probs == pytest.approx(expected.probs)
