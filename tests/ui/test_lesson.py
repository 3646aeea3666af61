"""The lesson toolkit and the controller's teaching features, driven headless by clicks."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
import pytest

import gamelib
from gamelib.core import IllegalAction, State
from gamelib.ui import controller as controller_module
from gamelib.ui.controller import GameController
from gamelib.ui.lesson import Exercise, Lesson, TryIt, figure_json, text_of
from gamelib.ui.summary import game_summary, running_scores, turning_points
from tests.toy_game import register

register()


def highest(state: State[Any]) -> int:
    """The engine's fact the questions ask about: the highest card the player to move holds."""
    return max(a.card for a in state.legal_actions())


# -- try it -------------------------------------------------------------------------------------
def test_try_it_accepts_the_engine_answer_and_explains_a_wrong_one() -> None:
    state = gamelib.load("toy").new_state(3)
    hand = [a.card for a in state.legal_actions()]
    q = TryIt(
        ("Which of your cards is highest?", "一番強いカードは?"),
        [(c, str(c)) for c in hand],
        lambda: highest(state),
        explain=("The highest number wins a round.", "数字の大きいカードが勝ちます。"),
    )
    assert q.correct == {max(hand)}
    wrong = next(b for b, c in zip(q.buttons, hand, strict=True) if c != max(hand))
    wrong.click()
    assert "Not quite" in q.feedback.value and "highest number wins" in q.feedback.value
    assert f"The engine&#x27;s answer: {max(hand)}." in q.feedback.value
    q.set_lang("ja")
    assert "残念" in q.feedback.value and "数字の大きい" in q.feedback.value
    q.buttons[hand.index(max(hand))].click()
    assert "正解" in q.feedback.value
    assert q.attempts == 2


def test_try_it_refuses_a_hand_written_answer_or_one_not_offered() -> None:
    with pytest.raises(TypeError, match="engine"):
        TryIt("q", [(1, "1")], 1, explain="e")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not among the choices"):
        TryIt("q", [(1, "1"), (2, "2")], lambda: 3, explain="e")
    q = TryIt("q", [(1, "1"), (2, "2")], lambda: {1, 2}, explain="e")
    assert q.choose(1) and q.choose(2)
    with pytest.raises(ValueError):
        q.choose(5)


def test_explanation_can_depend_on_the_choice() -> None:
    q = TryIt("q", [(1, "one"), (2, "two")], lambda: 2,
              explain=lambda v: (f"{v} is too small", f"{v}は小さすぎます"))
    q.buttons[0].click()
    assert "1 is too small" in q.feedback.value


def test_pick_action_offers_legal_actions_named_by_the_game() -> None:
    lesson = Lesson()
    state = gamelib.load("toy").new_state(5)
    q = lesson.pick_action(state, ("Play your highest card", "一番強いカードを出す"),
                           lambda s, a: a.card == highest(s),
                           explain=("Higher wins.", "大きいほうが勝ち。"))
    assert [b.description for b in q.buttons] == [str(a) for a in state.legal_actions()]
    right = f"play {highest(state)}"
    assert q.correct == {right}
    assert q.choose(right)


def test_exercise_solution_stays_hidden_until_revealed() -> None:
    lesson = Lesson()
    calls: list[int] = []

    def solution() -> tuple[str, str]:
        calls.append(1)
        return ("Count the cards: 9.", "数えると9枚。")

    ex = lesson.exercise("How many cards?", [(n, str(n)) for n in (8, 9, 10)], lambda: 9,
                         explain="There are cards 1 to 9.", solution=solution)
    assert isinstance(ex, Exercise)
    assert ex.solution_area.value == "" and not calls
    ex.reveal_button.value = True  # the toggle button clicked
    assert "Count the cards" in ex.solution_area.value
    lesson.switch.value = "ja"
    assert "数えると9枚" in ex.solution_area.value and "解答" in ex.solution_area.value
    ex.reveal_button.value = False
    assert ex.solution_area.value == ""


# -- the language switch ------------------------------------------------------------------------
def figure_of(view: Any) -> go.Figure:
    return go.Figure(go.Bar(x=[1], y=[1]), layout={"title": {"text": f"lang {view.lang}"}})


def test_one_switch_sets_labels_figures_log_and_refusals() -> None:
    lesson = Lesson()
    ctrl = lesson.controller(gamelib.load("toy"), figures=[figure_of],
                             seats=["human", "random"])
    text = lesson.text(("Hello", "こんにちは"))
    live = lesson.figure(lambda lang: go.Figure(layout={"title": {"text": f"t-{lang}"}}))
    q = lesson.try_it("q", [(1, ("one", "いち"))], lambda: 1, explain="e")
    ctrl.buttons_box.children[0].click()
    lesson.switch.value = "ja"
    assert ctrl.lang == "ja" and ctrl.state.game.lang == "ja"
    assert ctrl.bot_button.description == "ボットの手"
    assert ctrl.figure_widgets()[0].layout.title.text == "lang ja"
    assert "を出す" in ctrl.log_panel.value  # the toy game's Japanese log line
    assert "こんにちは" in text.widget.value
    assert live.widget.layout.title.text == "t-ja"
    assert q.buttons[0].description == "いち"
    with pytest.raises(IllegalAction) as refused:
        ctrl.play("play 99")
    assert refused.value.ja and str(refused.value) == refused.value.ja
    lesson.switch.value = "en"
    assert ctrl.bot_button.description == "Bot move"
    assert ctrl.state.history  # the game went on through both switches


def chart(lang: str) -> go.Figure:
    """A static chart in ``lang``: title, axis titles and hover text all translated."""
    words = {"en": ("Chance to win", "strength", "%", "win"),
             "ja": ("勝つ確率", "戦力", "%", "勝ち")}[lang]
    return go.Figure(go.Bar(x=[1, 2], y=[40, 60], hovertemplate=words[3] + " %{y}%"),
                     layout={"title": {"text": words[0]}, "xaxis": {"title": {"text": words[1]}},
                             "yaxis": {"title": {"text": words[2]}}})


def test_figures_are_built_once_per_language_they_show() -> None:
    """Following the switch in the language a figure was made in builds nothing again (a page's
    figures are built once before it shows); a switch builds each figure once more."""
    lesson = Lesson(lang="ja")
    built: list[tuple[str, str]] = []

    def build(kind: str) -> Any:
        def make(lang: str) -> go.Figure:
            built.append((kind, lang))
            return go.Figure(layout={"title": {"text": f"{kind}-{lang}"}})
        return make

    live = lesson.figure(build("live"))
    static = lesson.static(build("static"))
    assert built == [("live", "ja"), ("static", "ja")]
    lesson.switch.value = "en"
    assert built[2:] == [("live", "en"), ("static", "en")]
    assert live.widget.layout.title.text == "live-en"
    assert static.figure.layout.title.text == "static-en"


def test_static_figures_and_their_notes_follow_the_switch() -> None:
    """Issue 8: "one switch at the top sets every ... figure title": static figures too."""
    lesson = Lesson()
    built: list[str] = []

    def build(lang: str) -> go.Figure:
        built.append(lang)
        return chart(lang)

    fig = lesson.static(build, note=("Read the bars.", "棒グラフを読む。"))
    widget = fig.widget  # what the notebook shows, drawn with the shared plotly.js
    assert fig.figure.layout.title.text == "Chance to win" and "Read the bars." in fig.caption.value
    lesson.switch.value = "ja"
    assert fig.lang == "ja" and fig.figure.layout.title.text == "勝つ確率"
    assert fig.figure.layout.xaxis.title.text == "戦力"
    assert fig.figure.data[0].hovertemplate == "勝ち %{y}%"
    assert widget.layout.title.text == "勝つ確率" and widget.layout.xaxis.title.text == "戦力"
    assert widget.data[0].hovertemplate == "勝ち %{y}%"
    assert fig.widget is widget  # updated in place, never replaced
    assert "棒グラフを読む。" in fig.caption.value and fig.note_text() == "棒グラフを読む。"
    lesson.switch.value = "ja"  # no change, no rebuild
    lesson.switch.value = "en"
    assert built == ["en", "ja", "en"]
    assert widget.layout.title.text == "Chance to win" and "Read the bars." in fig.caption.value
    assert figure_json(fig.figure) == figure_json(chart("en"))


def test_static_figure_without_a_note_shows_no_caption() -> None:
    fig = Lesson(lang="ja").static(chart)
    assert fig.figure.layout.title.text == "勝つ確率" and fig.caption.value == ""
    assert fig.note_text() == ""


def test_static_figure_from_a_plotly_json_builder() -> None:
    lesson = Lesson()
    fig = lesson.static(lambda lang: chart(lang).to_plotly_json())
    lesson.set_lang("ja")
    assert isinstance(fig.figure, go.Figure) and fig.figure.layout.title.text == "勝つ確率"


def test_japanese_bot_names_in_the_status() -> None:
    ctrl = GameController(gamelib.load("toy", lang="ja"), seats=["random", "random"])
    assert ctrl.state.current_player is not None
    assert "ランダム" in ctrl.status.value and "random" not in ctrl.status.value


def test_text_of_forms() -> None:
    assert text_of(("a", "あ"), "ja") == "あ" and text_of(("a", ""), "ja") == "a"
    assert text_of("x", "ja") == "x"


# -- hot-seat -----------------------------------------------------------------------------------
def test_hotseat_viewpoint_follows_with_a_pass_the_screen_pause() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["human", "human"], hotseat=True, seed=2)
    first = ctrl.state.current_player
    assert ctrl.viewpoint == first or ctrl.pass_box.layout.display != "none"
    if ctrl.viewpoint != first:
        ctrl.pass_button.click()
    assert ctrl.viewpoint == first and ctrl.pass_box.layout.display == "none"
    ctrl.action_buttons[0].click()
    nxt = ctrl.state.current_player
    assert nxt != first
    # the next player's cards are not shown before they take the screen
    assert ctrl.pass_box.layout.display != "none"
    assert ctrl.figures_box.layout.display == "none" and ctrl.actions_box.layout.display == "none"
    assert ctrl.log_panel.layout.display == "none"
    assert ctrl.viewpoint == first
    ctrl.pass_button.click()
    assert ctrl.viewpoint == nxt and ctrl.figures_box.layout.display is None
    while not ctrl.state.is_terminal():
        if ctrl.pass_box.layout.display != "none":
            ctrl.pass_button.click()
        ctrl.action_buttons[0].click()
    assert ctrl.viewpoint is None  # the end: everything shown


# -- grouped choices ----------------------------------------------------------------------------
def parity(game: Any, action: Any, lang: str) -> tuple[str, str]:
    head = ("odd", "奇数") if action.card % 2 else ("even", "偶数")
    return head[lang == "ja"], game.action_label(action, lang)


def test_grouped_choices_first_the_group_then_its_options(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controller_module, "GROUP_OVER", 1)
    ctrl = GameController(gamelib.load("toy"), seats=["human", "human"], group=parity, seed=4)
    choices = ctrl.choices()
    groups = [head for head, members in choices if len(members) > 1]
    assert groups, choices
    group_button = next(b for b in ctrl.action_buttons if b.description.startswith(groups[0]))
    group_button.click()
    assert ctrl.last_error is None and not ctrl.state.history
    back, *options = ctrl.action_buttons
    assert back.description == "← back" and len(options) >= 2
    back.click()
    group_button = next(b for b in ctrl.action_buttons if b.description.startswith(groups[0]))
    group_button.click()
    chosen = ctrl.action_buttons[1]._gamelib_action
    ctrl.action_buttons[1].click()
    assert ctrl.state.history == (chosen,)
    group_button.click()  # a group button of a step that has passed: a notice, nothing played
    assert "earlier step" in ctrl.error_area.value and len(ctrl.state.history) == 1


def test_default_group_splits_english_labels() -> None:
    game = gamelib.load("rekkyo", players=2)
    from gamelib.rekkyo.actions import Invade, PlayEvent

    assert controller_module.default_group(game, PlayEvent("spy", player=1), "en") == (
        "play Spy", "on player 2")
    assert controller_module.default_group(game, Invade("china", "land"), "en") is not None


# -- a position and the end of a game -----------------------------------------------------------
def test_start_from_a_position_and_undo_back_to_it() -> None:
    game = gamelib.load("toy")
    position = gamelib.play(game.new_state(6), game.new_state(6).legal_actions()[0])
    ctrl = GameController(position=position, seats=["human", "human"])
    assert ctrl.state is position or ctrl.state.history == position.history
    ctrl.play(ctrl.legal_texts()[0])
    ctrl.undo()
    assert ctrl.state.history == position.history
    with pytest.raises(gamelib.GameLibError):
        ctrl.undo()


def test_summary_at_the_end_in_both_languages() -> None:
    ctrl = GameController(gamelib.load("toy"), seats=["random", "random"], seed=1)
    ctrl.autoplay()
    assert ctrl.state.is_terminal()
    winners = ctrl.state.outcome().winners
    names = ctrl.game.seat_names()
    assert f"{names[winners[0]]}" in ctrl.summary_area.value
    assert "most rounds won" in ctrl.summary_area.value
    ctrl.set_lang("ja")
    assert "ゲームの結果" in ctrl.summary_area.value and "プレイヤー" in ctrl.summary_area.value


def test_turning_points_follow_the_running_scores() -> None:
    game = gamelib.load("rekkyo", players=2)
    state = game.new_state(3)
    while not state.is_terminal() and len(state.history) < 400:
        state = gamelib.play(state, state.legal_actions()[0])
    points = turning_points(state, "en")
    scores = running_scores(state.view(None))
    assert scores is not None
    for tp in points:  # each named leader really leads after that step
        replayed = gamelib.replay(game, state.seed, state.history[: tp.step])
        now = running_scores(replayed.view(None))
        assert now is not None and max(now) == tp.score
        assert all(now[p] == tp.score for p in tp.leaders)
    if state.is_terminal():
        assert "How the game ended" in game_summary(state, "en")


def test_keep_above_moves_the_other_figures_and_extras_below_the_controls() -> None:
    """Board and hand above the buttons, the rest below: the same widgets, updated in place."""
    import gamelib
    from gamelib.ui import GameController
    from tests.toy_game import register

    register()
    figure = figure_of
    ctrl = GameController(gamelib.load("toy", players=2), figures=[figure, figure, figure],
                          seats=["human", "human"])
    shown = ctrl.figure_widgets()
    ctrl.keep_above(1)
    assert ctrl.figures_box.children == (shown[0],)
    parts = list(ctrl.widget.children)
    below = parts[parts.index(ctrl.controls) + 1]
    assert "gamelib-below" in below._dom_classes
    assert list(below.children) == [*shown[1:], ctrl.extras_box]
    ctrl.bot_move()
    assert ctrl.figure_widgets() == shown  # updated in place, never replaced


# -- Later: a board made when the page shows its place (issue 12) --------------------------------
def test_later_builds_when_its_marker_hears_the_page_is_near() -> None:
    from gamelib.ui.lesson import Later

    lesson = Lesson(lang="ja")
    made: list[int] = []

    def build() -> widgets.HTML:
        made.append(1)
        return widgets.HTML("board")

    later = lesson.later(build)
    assert isinstance(later, Later) and not made and not later.built
    assert later.box.children == (later.text, later.marker)
    assert "盤面" in later.text.value  # the waiting text follows the switch
    lesson.set_lang("en")
    assert "Loading the board" in later.text.value
    later.marker._handle_custom_msg({"gamelib": "something else"}, [])
    assert not made
    later.marker._handle_custom_msg({"gamelib": "near"}, [])
    assert made == [1] and later.built
    assert [w.value for w in later.box.children] == ["board"]
    later.marker._handle_custom_msg({"gamelib": "near"}, [])  # built once
    assert made == [1] and later.value.value == "board"


def test_later_value_builds_a_controller_now_and_shows_its_widget() -> None:
    from gamelib.ui import GameController

    lesson = Lesson(lang="en")
    later = lesson.later(lambda: lesson.controller(lesson.load("powers", players=2), seed=1))
    ctrl = later.value
    assert isinstance(ctrl, GameController) and later.box.children == (ctrl.widget,)
    lesson.set_lang("ja")
    assert ctrl.lang == "ja"


def test_later_shows_a_build_error_in_place_of_the_board() -> None:
    lesson = Lesson(lang="en")

    def broken() -> None:
        raise ValueError("no such position")

    later = lesson.later(broken)
    later.marker._handle_custom_msg({"gamelib": "near"}, [])
    assert "ValueError: no such position" in later.text.value
    assert later.box.children[0] is later.text
