"""The Powers controller wiring, driven like a user: buttons, card clicks, viewpoint, undo."""

from __future__ import annotations

import pytest

ui = pytest.importorskip("gamelib.ui", reason="gamelib.ui (the generic controller) is missing")

from plotly.callbacks import InputDeviceState, Points  # noqa: E402

import gamelib  # noqa: E402
from gamelib.powers.figures import card_label, hands_figure  # noqa: E402
from gamelib.powers.ui import FIGURES, controller, odds_panel  # noqa: E402


def click_an_action(ctrl: ui.GameController, turn: int) -> None:
    """Click one of the shown action buttons (or pick from the dropdown and click Play)."""
    buttons = [b for b in ctrl.action_buttons if b.layout.display != "none"]
    if buttons:
        buttons[turn % len(buttons)].click()
    else:
        options = list(ctrl.action_dropdown.options)
        assert options, "a human is to move but no action is offered"
        ctrl.action_dropdown.value = options[turn % len(options)]
        ctrl.play_button.click()
    assert ctrl.last_error is None, ctrl.error_area.value


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "rules": "magazine"}])
def test_whole_game_by_button_clicks(options: dict[str, int | str]) -> None:
    ctrl = controller(seed=5, **options)
    assert len(ctrl.figure_widgets()) == len(FIGURES)
    turns = 0
    while not ctrl.state.is_terminal():
        assert ctrl.is_human(ctrl.state.current_player)
        click_an_action(ctrl, turns)
        turns += 1
        assert turns < 1000
    assert ctrl.state.outcome() is not None
    assert all(b.layout.display == "none" for b in ctrl.action_buttons)
    # Undo works from the end and the figures follow.
    before = ctrl.state.history
    ctrl.undo_button.click()
    assert ctrl.last_error is None
    assert len(ctrl.state.history) < len(before)


def test_clicking_a_card_plays_it() -> None:
    ctrl = controller(players=2, seed=1, seats=["human", "human"])
    trace = ctrl.figure_widgets()[FIGURES.index(hands_figure)].data[0]
    for _ in range(100):
        ctrl.set_viewpoint(ctrl.state.current_player)
        if ctrl.view.phase == "invasion" and any(trace.customdata):
            break
        ctrl.play(ctrl.legal_texts()[-1])
    index = next(i for i, d in enumerate(trace.customdata) if d)
    target = trace.customdata[index]
    steps = len(ctrl.state.history)
    trace._dispatch_on_click(Points(point_inds=[index], trace_index=0), InputDeviceState())
    assert ctrl.last_error is None, ctrl.error_area.value
    assert ctrl.state.history[steps] == target


def test_viewpoint_switch_and_teacher_view() -> None:
    ctrl = controller(players=3, seed=2)
    hands = ctrl.figure_widgets()[FIGURES.index(hands_figure)]
    own = {card_label(c) for c in ctrl.state.hands[0]}
    assert set(hands.data[0].text) == own
    ctrl.viewpoint_box.value = ui.controller.TEACHER
    assert ctrl.viewpoint is None
    every = {card_label(c) for hand in ctrl.state.hands for c in hand}
    assert set(hands.data[0].text) == every
    assert "seat" in odds_panel(ctrl.view) or "席" in odds_panel(ctrl.view)
    ctrl.set_viewpoint(1)
    assert set(hands.data[0].text) == {card_label(c) for c in ctrl.state.hands[1]}


def test_bots_and_autoplay_finish_a_game() -> None:
    ctrl = controller(players=4, seed=3, seats=["heuristic", "random", "heuristic", "random"])
    ctrl.bot_button.click()
    assert ctrl.last_error is None and len(ctrl.state.history) == 1
    ctrl.autoplay()
    assert ctrl.state.is_terminal() and ctrl.last_error is None


def test_controller_takes_a_game_or_options() -> None:
    game = gamelib.load("powers", players=3, lang="ja")
    ctrl = controller(game, odds=False)
    assert ctrl.lang == "ja" and not ctrl.extras
    with pytest.raises(TypeError):
        controller(game, players=2)


def test_figure_widget_state_is_the_current_figure() -> None:
    # Voila renders widgets from their saved state: it must include the bots' first moves.
    ctrl = controller(players=3, seed=11)
    assert ctrl.state.history  # the bots moved before a human could
    for fw in ctrl.figure_widgets():
        assert fw._widget_data == fw._data
        assert fw._widget_layout == fw._layout_obj._props


def test_board_and_hands_above_the_buttons_and_a_position_to_start_from() -> None:
    """Board and hand fit above the actions (issue 8: five stacked figures pushed the buttons
    off a 1280×800 screen); a lesson starts from a position built by hand, every seat human."""
    from gamelib.powers.positions import position

    start = position(players=3, hands={0: "KH 9S 4D", 1: "QH 10D", 2: "JH 8D"},
                     owners={"Austria": 0}, rounds="Germany")
    ctrl = controller(position=start, seats=["human"] * 3, viewpoint=None, odds=True)
    fws = ctrl.figure_widgets()
    assert list(ctrl.figures_box.children) == fws[:2]
    parts = list(ctrl.widget.children)
    below = parts[parts.index(ctrl.controls) + 1]
    assert list(below.children) == [*fws[2:], ctrl.extras_box]
    assert ctrl.extras_box not in parts and ctrl.state is not None
    assert sum(f.layout.height for f in fws[:2]) <= 600
    ctrl.play("play KH")
    assert ctrl.last_error is None and ctrl.state.current_player == 1


def test_odds_panel_says_percentages() -> None:
    from gamelib.powers.positions import play_texts, position

    s = play_texts(position(players=3, hands={0: "KH 9S", 1: "QH 10D", 2: "JH 8D"},
                            rounds="Germany"), "play 9S")
    text = odds_panel(s.view(1))
    assert "% of the time" in text and "(exact" in text and "0." not in text
