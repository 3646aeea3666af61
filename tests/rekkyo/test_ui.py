"""Notebook wiring of 列強の興亡: controller defaults, odds panel, odds explorer."""

from __future__ import annotations

import html as _html

import pytest

import gamelib
from gamelib.rekkyo import odds
from gamelib.rekkyo.cards import default_cards
from gamelib.rekkyo.figures import hand_figure
from gamelib.rekkyo.position import make_position
from gamelib.rekkyo.ui import (
    OddsExplorer,
    action_group,
    controller,
    odds_panel,
    odds_rows,
    percent,
    win_sentence,
)


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
    assert "rekkyo-odds" in html and _html.escape(percent(rows[0]["p_win"])) in html
    best = max(r["p_win"] for r in rows)
    assert f"you win {_html.escape(percent(best))} of the time" in html
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


def test_odds_are_said_as_percentages() -> None:
    assert percent(0.9964) == "99.6%" and percent(1.0) == "100%" and percent(0.99999) == ">99.9%"
    assert win_sentence(0.5) == "you win 50.0% of the time"
    assert win_sentence(0.5, "ja") == "勝つ確率は50.0%"


def _many_choices_position(lang: str = "en"):  # type: ignore[no-untyped-def]
    game = gamelib.load("rekkyo", players=3, lang=lang)
    return make_position(game, owners={"china": 0, "usa": 1, "germany": 2},
                         hands=[["t34", "kv1", "akagi", "spy", "diplomacy"], ["sherman"],
                                ["panzer4"]])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_buttons_name_cards_and_group_invasions(lang: str) -> None:
    ctrl = controller(position=_many_choices_position(lang), seats=["human", "random", "random"])
    shown = [b.description for b in ctrl.action_buttons]
    codes = {str(a) for a in ctrl.state.legal_actions()}
    assert not set(shown) & codes - {"do nothing"}, shown  # no ids on the buttons
    invade = next(b for b in ctrl.action_buttons if b._gamelib_group in ("invade", "侵略する"))
    invade.click()
    options = [b for b in ctrl.action_buttons if b._gamelib_action]
    assert len(options) >= 2 and all(b._gamelib_action.startswith("invade") for b in options)
    chosen = next(b for b in options if b._gamelib_action == "invade siberia by land")
    assert chosen.description == ("Siberia by land" if lang == "en" else "シベリアに陸路で侵略")
    chosen.click()
    assert ctrl.state.history == ("invade siberia by land",)
    adds = [b.description for b in ctrl.action_buttons]
    assert ("add T-34" if lang == "en" else "「T-34」を出す") in adds


def test_spy_is_a_card_then_its_target() -> None:
    state = _many_choices_position()
    game = state.game
    groups = {action_group(game, a, "en") for a in state.legal_actions()}
    assert ("play Spy", "on player 2") in groups and ("play Spy", "on player 3") in groups


def test_hand_figure_shows_the_viewers_cards_and_a_face_down_attack() -> None:
    state = _many_choices_position()
    fig = hand_figure(state.view(0))
    assert "Player 1's hand: 5 cards" in fig.layout.title.text
    assert any("T-34" in t for t in fig.data[0].text)
    assert fig.layout.font.size >= 12 and fig.data[0].textfont.size >= 12
    from gamelib.rekkyo.position import play_texts

    other = play_texts(make_position(
        state.game, owners={"china": 0, "usa": 1, "soviet": 2},
        hands=[["t34", "kv1"], ["sherman"], ["panzer4"]]),
        "invade soviet by land", "add t34", "add kv1", "commit")
    seen_by_defender = hand_figure(other.view(2))
    texts = " ".join(seen_by_defender.data[0].text)
    assert "T-34" not in texts and texts.count("?") == 2  # face down: only the number is known
    assert "T-34" in " ".join(hand_figure(other.view(0)).data[0].text)


def test_hotseat_controller_hides_the_next_hand() -> None:
    ctrl = controller(position=_many_choices_position(), seats=["human", "human", "random"],
                      hotseat=True)
    assert ctrl.viewpoint == 0
    ctrl.play("do nothing")
    assert ctrl.state.current_player == 1 or ctrl.state.phase == "discard"
    if ctrl.state.current_player == 1:
        assert ctrl.pass_box.layout.display is None
        assert ctrl.figures_box.layout.display == "none"
        ctrl.pass_button.click()
        assert ctrl.viewpoint == 1


def test_explorer_follows_a_language_switch() -> None:
    ex = OddsExplorer(target="china", hand=["sherman", "t34"])
    p = ex.p_win()
    ex.set_lang("ja")
    assert ex.target_box.value == "china" and "中国" in dict(
        (v, k) for k, v in ex.target_box.options)["china"]
    assert ex.p_win() == p and "勝つ確率" in ex.summary.value


def test_open_cards_are_named_in_japanese_too() -> None:
    from gamelib.rekkyo.figures import card_label

    tiger = default_cards().card("tiger")
    assert card_label(tiger, "en").endswith("OPEN")
    assert card_label(tiger, "ja").endswith("オープン") and "OPEN" not in card_label(tiger, "ja")
