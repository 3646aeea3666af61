"""The generic controller driven like a user would: button clicks, dropdowns, board clicks."""

from __future__ import annotations

import asyncio
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
import pytest
from plotly.callbacks import InputDeviceState, Points

import gamelib
from gamelib.core import IllegalAction, LogEntry, OptionError, State, View, fingerprint
from gamelib.ui import GameController, controller, update_figure
from gamelib.ui.log_panel import log_html
from tests.toy_game import register

register()


def hands_figure(view: Any) -> go.Figure:
    """Every visible card as a clickable point (customdata = the action text), one trace."""
    assert isinstance(view, View) and not isinstance(view, State)
    xs: list[int] = []
    ys: list[int] = []
    cards: list[str] = []
    for seat, hand in enumerate(view.hands):
        for j, card in enumerate(hand or ()):
            xs.append(j)
            ys.append(seat)
            cards.append(f"play {card}")
    return go.Figure(
        go.Scatter(x=xs, y=ys, customdata=cards, text=cards, mode="markers+text"),
        layout={"title": {"text": f"step {view.step}"}},
    )


def table_figure(view: Any) -> go.Figure:
    """One bar trace per card on the table: the number of traces changes during a round."""
    return go.Figure([go.Bar(x=[seat], y=[card]) for seat, card in view.table])


def visible_cards(ctrl: GameController) -> set[str]:
    fw = ctrl.figure_widgets()[0]
    return set(fw.data[0].customdata or ())


def click_first_action(ctrl: GameController) -> None:
    buttons = [b for b in ctrl.action_buttons if b.layout.display != "none"]
    assert buttons, "a human is to move but no action button is shown"
    buttons[0].click()
    assert ctrl.last_error is None, ctrl.error_area.value


def all_widgets(root: widgets.Widget) -> list[widgets.Widget]:
    found = [root]
    for child in getattr(root, "children", ()):
        found.extend(all_widgets(child))
    return found


def test_play_whole_game_with_buttons_against_a_bot() -> None:
    ctrl = GameController(gamelib.load("toy"), figures=[hands_figure], seed=3)
    fw = ctrl.figure_widgets()[0]
    trace = fw.data[0]
    while not ctrl.state.is_terminal():
        assert ctrl.state.current_player == 0
        click_first_action(ctrl)
    assert len(ctrl.state.history) == 6
    assert "Game over" in ctrl.status.value
    assert ctrl.figure_widgets()[0] is fw and fw.data[0] is trace, "figure rebuilt, not updated"
    assert fw.layout.title.text == "step 6"


def test_hot_seat_game_and_three_players() -> None:
    ctrl = GameController(
        gamelib.load("toy", players=3), seats={0: "human", 1: "human", 2: "human"}
    )
    while not ctrl.state.is_terminal():
        click_first_action(ctrl)
    assert len(ctrl.state.history) == 9
    assert ctrl.state.outcome() is not None


def test_dropdown_and_play_button_when_many_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controller, "MAX_BUTTONS", 2)
    ctrl = GameController(gamelib.load("toy"), seats={0: "human", 1: "human"})
    assert ctrl.dropdown_box.layout.display != "none"
    assert not ctrl.buttons_box.children
    choice = ctrl.legal_texts()[-1]
    ctrl.action_dropdown.value = choice
    ctrl.play_button.click()
    assert ctrl.last_error is None
    assert ctrl.state.history == (choice,)


def test_bots_reply_only_with_auto_bots() -> None:
    ctrl = GameController(gamelib.load("toy"), seats={0: "human", 1: "random"}, auto_bots=False)
    click_first_action(ctrl)
    assert len(ctrl.state.history) == 1 and ctrl.state.current_player == 1
    assert "Bot move" in ctrl.prompt.value
    ctrl.bot_button.click()
    assert len(ctrl.state.history) == 2

    auto = GameController(gamelib.load("toy"), seats={0: "human", 1: "random"})
    click_first_action(auto)
    assert len(auto.state.history) == 2 and auto.state.current_player in (0, None)


def test_bots_move_first_when_the_human_is_not_seat_0() -> None:
    ctrl = GameController(gamelib.load("toy"), seats={0: "random", 1: "human"}, viewpoint=1)
    assert ctrl.state.history and ctrl.state.current_player == 1


def test_undo_goes_back_to_the_last_human_decision() -> None:
    ctrl = GameController(gamelib.load("toy"), seed=1)
    start = fingerprint(ctrl.state)
    click_first_action(ctrl)
    after_first = ctrl.state.history
    click_first_action(ctrl)
    assert len(ctrl.state.history) > len(after_first)
    ctrl.undo_button.click()
    # back to the human's second decision: the bot replies to the first move are kept
    assert ctrl.state.history == after_first and ctrl.state.current_player == 0
    ctrl.undo_button.click()
    assert fingerprint(ctrl.state) == start
    ctrl.undo_button.click()
    assert "nothing to undo" in ctrl.error_area.value
    assert ctrl.last_error is not None


def test_undo_without_humans_takes_back_one_move() -> None:
    ctrl = GameController(gamelib.load("toy"), seats={0: "random", 1: "random"})
    assert ctrl.state.history == ()
    ctrl.autoplay(steps=3)
    assert len(ctrl.state.history) == 3
    ctrl.undo()
    assert len(ctrl.state.history) == 2


def test_restart_with_seed_box() -> None:
    ctrl = GameController(gamelib.load("toy"), seats={0: "human", 1: "human"}, seed=0)
    click_first_action(ctrl)
    ctrl.seed_box.value = 7
    ctrl.restart_button.click()
    assert ctrl.state.seed == 7 and ctrl.state.history == ()
    assert fingerprint(ctrl.state) == fingerprint(gamelib.load("toy").new_state(7))
    ctrl.restart(seed=9)
    assert ctrl.seed_box.value == 9 and ctrl.state.seed == 9


def test_same_seed_same_bot_game() -> None:
    def run() -> tuple[str, ...]:
        ctrl = GameController(gamelib.load("toy"), seats={0: "random", 1: "random"}, seed=4)
        ctrl.autoplay()
        return ctrl.state.history

    assert run() == run()


def test_viewpoint_switch_hides_other_hands() -> None:
    ctrl = GameController(gamelib.load("toy"), figures=[hands_figure], seats=["human", "human"])
    state = ctrl.state
    own = {f"play {c}" for c in state.hands[0]}
    other = {f"play {c}" for c in state.hands[1]}
    assert visible_cards(ctrl) == own
    ctrl.viewpoint_box.value = 1
    assert ctrl.viewpoint == 1 and visible_cards(ctrl) == other
    ctrl.set_viewpoint(None)
    assert ctrl.viewpoint_box.value == controller.TEACHER
    assert visible_cards(ctrl) == own | other
    assert "Player 2 is dealt" in ctrl.log_panel.value
    ctrl.set_viewpoint(0)
    assert "Player 2 is dealt" not in ctrl.log_panel.value
    assert "Player 1 is dealt" in ctrl.log_panel.value


def test_board_click_plays_the_clicked_legal_action() -> None:
    ctrl = GameController(gamelib.load("toy"), figures=[hands_figure], seats=["human", "human"])
    trace = ctrl.figure_widgets()[0].data[0]
    target = ctrl.legal_texts()[1]
    index = list(trace.customdata).index(target)
    trace._dispatch_on_click(Points(point_inds=[index], trace_index=0), InputDeviceState())
    assert ctrl.state.history == (target,)
    # A point that is not a legal action of the player to move does nothing.
    trace._dispatch_on_click(Points(point_inds=[0], trace_index=0), InputDeviceState())
    assert len(ctrl.state.history) == 1 and ctrl.last_error is None


def test_trace_structure_change_keeps_the_figure_widget() -> None:
    ctrl = GameController(gamelib.load("toy"), figures=[table_figure], seats=["human", "human"])
    fw = ctrl.figure_widgets()[0]
    assert len(fw.data) == 0
    click_first_action(ctrl)
    assert ctrl.figure_widgets()[0] is fw and len(fw.data) == 1
    click_first_action(ctrl)
    assert len(fw.data) == 0


def test_callback_errors_are_shown_not_swallowed() -> None:
    def broken(view: Any) -> go.Figure:
        if view.step >= 1:
            raise RuntimeError("figure exploded")
        return go.Figure()

    ctrl = GameController(gamelib.load("toy"), figures=[broken], seats=["human", "human"])
    assert ctrl.last_error is None and ctrl.error_area.value == ""
    assert "gamelib-error" in ctrl.error_area._dom_classes
    click_first_action_allowing_error(ctrl)
    assert isinstance(ctrl.last_error, RuntimeError)
    assert "figure exploded" in ctrl.error_area.value
    assert len(ctrl.state.history) == 1, "the move itself happened"

    seen: list[int] = []
    ok = GameController(gamelib.load("toy"), seats=["human", "human"])
    ok.observe(lambda c: seen.append(len(c.state.history)))
    ok.observe(lambda c: 1 / 0)
    click_first_action_allowing_error(ok)
    assert seen == [1]
    assert "ZeroDivisionError" in ok.error_area.value


def click_first_action_allowing_error(ctrl: GameController) -> None:
    next(b for b in ctrl.action_buttons if b.layout.display != "none").click()


def test_illegal_play_raises_and_leaves_state() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["human", "human"])
    before = fingerprint(ctrl.state)
    with pytest.raises(IllegalAction):
        ctrl.play("play 42")
    assert fingerprint(ctrl.state) == before
    ctrl._guard(ctrl.play, "play 42")
    assert isinstance(ctrl.last_error, IllegalAction)
    assert "not a legal action" in ctrl.error_area.value or "do not hold" in ctrl.error_area.value


def test_autoplay_sync_and_button() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["human", "random"])
    assert ctrl.autoplay(steps=2) == 2
    ctrl.autoplay_button.click()  # no event loop is running here: plays to the end at once
    assert ctrl.state.is_terminal()
    assert ctrl.bot_button.disabled


def test_autoplay_as_an_asyncio_task() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["human", "random"])
    ctrl.speed_slider.value = ctrl.speed_slider.max

    async def main() -> None:
        ctrl.autoplay_button.click()
        assert ctrl._autoplay_task is not None
        await asyncio.sleep(0)
        assert ctrl.autoplay_button.description == "Stop"
        await asyncio.wait_for(ctrl._autoplay_task, timeout=30)

    asyncio.run(main())
    assert ctrl.state.is_terminal()
    assert ctrl.autoplay_button.description == "Auto-play"


def test_autoplay_task_stops_on_click() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["human", "random"])
    ctrl.speed_slider.value = 1

    async def main() -> None:
        ctrl.autoplay_button.click()
        task = ctrl._autoplay_task
        assert task is not None
        await asyncio.sleep(0.05)
        ctrl.autoplay_button.click()
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), timeout=5)

    asyncio.run(main())
    assert 1 <= len(ctrl.state.history) < 6


def test_extras_get_views_and_may_return_html_or_widgets() -> None:
    label = widgets.Label()

    def steps(view: Any) -> str:
        return f"<b>steps: {view.step}</b>"

    def sizes(view: Any) -> widgets.Widget:
        label.value = str(view.hand_sizes)
        return label

    def chart(view: Any) -> go.Figure:
        return go.Figure(go.Bar(x=list(range(view.players)), y=list(view.hand_sizes)))

    def new_widget_each_time(view: Any) -> go.FigureWidget:
        return go.FigureWidget(go.Figure(go.Scatter(x=[view.step], y=[view.step])))

    extras = [steps, sizes, chart, new_widget_each_time]
    ctrl = GameController(gamelib.load("toy"), extra=extras, seats=["human", "human"])
    slots = ctrl.extras_box.children
    first_chart = slots[2].children[0]
    first_copy = slots[3].children[0]
    assert isinstance(first_chart, go.FigureWidget)
    click_first_action(ctrl)
    assert "steps: 1" in slots[0].children[0].value
    assert slots[1].children[0] is label and label.value == "(2, 3)"
    assert slots[2].children[0] is first_chart and first_chart.data[0].y == (2, 3)
    assert slots[3].children[0] is first_copy and first_copy.data[0].x == (1,)


def test_log_panel_language_and_narration_style() -> None:
    ctrl = GameController(gamelib.load("toy", lang="ja"), seats=["human", "human"])
    assert "gamelib-log" in ctrl.log_panel._dom_classes
    assert "が配られた" in ctrl.log_panel.value
    assert ctrl.bot_button.description == "ボットの手"
    narration = LogEntry("why", "because", "なぜなら", kind="narration")
    rendered = log_html((narration,), "en")
    assert "gamelib-log-narration" in rendered and "italic" in rendered


def test_widget_tree_has_no_tab_and_displays() -> None:
    ctrl = GameController(gamelib.load("toy"), figures=[hands_figure, table_figure])
    assert isinstance(ctrl.widget, widgets.VBox)
    tree = all_widgets(ctrl.widget)
    assert not any(isinstance(w, widgets.Tab) for w in tree)
    assert sum(isinstance(w, go.FigureWidget) for w in tree) == 2
    assert callable(ctrl._ipython_display_)
    assert "application/vnd.jupyter.widget-view+json" in ctrl._repr_mimebundle_()


def test_bad_seats_and_viewpoints_are_refused() -> None:
    game = gamelib.load("toy")
    with pytest.raises(OptionError, match="unknown player 'deep-blue'"):
        GameController(game, seats={1: "deep-blue"})
    with pytest.raises(OptionError, match="no seat 5"):
        GameController(game, seats={5: "human"})
    with pytest.raises(OptionError, match="no viewpoint 3"):
        GameController(game, viewpoint=3)


def test_set_state_from_a_record() -> None:
    game = gamelib.load("toy")
    state = game.new_state(2)
    for _ in range(3):
        state = gamelib.play(state, state.legal_actions()[0])
    ctrl = GameController(game, seats=["human", "random"])
    ctrl.set_state(gamelib.loads(gamelib.dumps(state)))
    assert ctrl.state.history == state.history
    movers = [game.new_state(2).current_player]
    replayed = game.new_state(2)
    for text in state.history:
        replayed = gamelib.play(replayed, text)
        movers.append(replayed.current_player)
    last_human = max(k for k in range(3) if movers[k] == 0)
    ctrl.undo()
    assert ctrl.state.history == state.history[:last_human]
    assert ctrl.state.current_player == 0


def test_update_figure_replaces_properties_in_place() -> None:
    fw = go.FigureWidget(
        go.Figure(
            go.Scatter(x=[1, 2], y=[3, 4], customdata=["a", "b"], marker={"color": "red"}),
            layout={"title": {"text": "before"}, "xaxis": {"range": [0, 5]}},
        )
    )
    trace = fw.data[0]
    update_figure(fw, go.Figure(go.Scatter(x=[7], y=[8]), layout={"template": "plotly_dark"}))
    assert fw.data[0] is trace
    assert trace.x == (7,) and trace.customdata is None and trace.marker.color is None
    assert fw.layout.title.text is None and fw.layout.xaxis.range is None
    assert (
        fw.layout.template.layout.paper_bgcolor
        == go.Figure(layout={"template": "plotly_dark"}).layout.template.layout.paper_bgcolor
    )
    update_figure(fw, go.Figure([go.Bar(x=[1], y=[2]), go.Bar(x=[2], y=[3])]))
    assert [t.type for t in fw.data] == ["bar", "bar"]


class _FailingBot:
    def choose(self, view: Any, legal_actions: Any) -> Any:
        raise RuntimeError("bot crashed")


def test_a_failing_bot_shows_its_error_and_the_state_reached() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["human", "random"])
    ctrl._bots[1] = _FailingBot()
    click_first_action_allowing_error(ctrl)
    assert "bot crashed" in ctrl.error_area.value
    assert len(ctrl.state.history) == 1 and "step 1" in ctrl.status.value
    assert "Bot move" in ctrl.prompt.value


def test_displaying_sends_the_current_figures_as_widget_state() -> None:
    # Voila builds its views from the widget state after the notebook ran: bots' first moves
    # (and any change before display) must be in that state, not only in past messages.
    ctrl = GameController(
        gamelib.load("toy"), figures=[hands_figure], seats=["random", "human"], viewpoint=None
    )
    ctrl.autoplay(steps=2)
    fw = ctrl.figure_widgets()[0]
    step = len(ctrl.state.history)
    assert fw._widget_layout["title"]["text"] == f"step {step}", "saved state lags before display"
    assert isinstance(ctrl.widget, widgets.VBox)
    assert fw._widget_layout["title"]["text"] == f"step {step}"
    assert list(fw._widget_data[0]["customdata"]) == list(fw.data[0].customdata)


def test_saved_widget_state_follows_changes_made_after_display() -> None:
    """A view that connects late (Voila) reads the saved state: it must show the latest move."""
    ctrl = GameController("toy", figures=[hands_figure, table_figure], seats={0: "random"})
    _ = ctrl.widget  # displayed here
    for fw in ctrl.figure_widgets():  # its views near the screen ask for the figures
        fw._handle_custom_msg({"gamelib": "current?"}, [])  # (gamelib.ui.plotly_widget)
    ctrl.bot_move()
    for fw in ctrl.figure_widgets():
        saved = fw.get_state()
        assert saved["_widget_data"] == fw._data
        assert saved["_widget_layout"] == fw._layout_obj._props


# -- clicks that arrive late (issue 13, "The controller" 1 and 2) ------------------------------
def test_double_click_does_not_play_a_move_nobody_chose() -> None:
    """The second click of a double click reaches the kernel after the bots' replies: it is for
    a step that has passed, so it is ignored with a notice instead of playing the new label."""
    ctrl = GameController(gamelib.load("toy"), seats={0: "human", 1: "random"}, seed=2)
    button = next(b for b in ctrl.action_buttons if b.layout.display != "none")
    chosen = button.description
    button.click()
    after_first = ctrl.state.history
    assert after_first[0] == chosen and len(after_first) > 1  # the move and the bot's replies
    button.click()  # the same button model again, as the browser sends it
    assert ctrl.state.history == after_first, "a move nobody chose was played"
    assert ctrl.last_error is None
    assert "earlier step" in ctrl.error_area.value
    click_first_action(ctrl)  # the buttons shown now still play
    assert len(ctrl.state.history) > len(after_first)
    assert "earlier step" not in ctrl.error_area.value


def test_stale_click_notice_is_bilingual() -> None:
    ctrl = GameController(gamelib.load("toy", lang="ja"), seats=["human", "human"])
    button = ctrl.action_buttons[0]
    button.click()
    button.click()
    assert len(ctrl.state.history) == 1
    assert "前の手" in ctrl.error_area.value


def test_stale_play_button_of_the_dropdown_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controller, "MAX_BUTTONS", 2)
    ctrl = GameController(gamelib.load("toy"), seats={0: "human", 1: "human"})
    play_button = ctrl.play_button
    play_button.click()
    assert len(ctrl.state.history) == 1
    play_button.click()
    assert len(ctrl.state.history) == 1 and ctrl.last_error is None
    assert "earlier step" in ctrl.error_area.value
    ctrl.play_button.click()
    assert len(ctrl.state.history) == 2


def test_a_hidden_or_old_button_never_shows_an_index_error() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["human", "human"], seed=1)
    seen: list[widgets.Button] = []
    while not ctrl.state.is_terminal():
        seen.extend(ctrl.action_buttons)
        click_first_action(ctrl)
    for button in seen:  # every button ever shown, clicked once the game is over
        button.click()
        assert not isinstance(ctrl.last_error, IndexError), ctrl.error_area.value
        assert "IndexError" not in ctrl.error_area.value
    assert ctrl.last_error is None


def test_last_error_is_cleared_with_the_error_area() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["human", "human"])
    ctrl._guard(ctrl.play, "play 42")
    assert ctrl.last_error is not None and ctrl.error_area.value
    ctrl.play(ctrl.legal_texts()[0])  # from code, not through a button
    assert ctrl.error_area.value == "" and ctrl.last_error is None


def test_autoplay_shows_no_action_buttons_until_it_stops() -> None:
    """issue 12 (≤ 8 MB a game): new buttons after every auto-played move were a third of the
    widget messages; the human's buttons come back when auto-play stops."""
    ctrl = GameController(gamelib.load("toy"), seats=["human", "human"])
    ctrl.speed_slider.value = 1
    assert ctrl.action_buttons
    seen: list[int] = []

    async def main() -> None:
        ctrl.autoplay_button.click()
        task = ctrl._autoplay_task
        assert task is not None
        await asyncio.sleep(0.05)
        seen.append(len(ctrl.buttons_box.children))
        ctrl.autoplay_button.click()
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), timeout=5)

    asyncio.run(main())
    assert seen == [0]
    assert not ctrl.state.is_terminal() and ctrl.state.history
    assert ctrl.action_buttons and ctrl.buttons_box.children == tuple(ctrl.action_buttons)
    click_first_action(ctrl)  # the buttons shown after the stop are those of the current state
