"""The 毒ガス塹壕戦 lesson: every chapter's "try it" and every exercise accepts the engine's answer
and explains a wrong one, in English and Japanese; the lesson's positions are engine positions."""

from __future__ import annotations

import pytest

import gamelib
from gamelib.trench.positions import HOLE, after_setup, first_turn, gas_stop, gun_hit, movers
from gamelib.trench.ui_lesson import CHAPTERS, EXERCISES, QUESTIONS, question
from gamelib.ui.lesson import Exercise, Lesson, TryIt


def _answer_right_and_wrong(q: TryIt, lesson: Lesson) -> None:
    right = [i for i, (v, _) in enumerate(q.choices) if q.is_right(v)]
    wrong = [i for i, (v, _) in enumerate(q.choices) if not q.is_right(v)]
    assert right and wrong, "a question needs a right and a wrong choice"
    q.buttons[wrong[0]].click()
    assert "Not quite" in q.feedback.value and "engine" in q.feedback.value
    english = q.feedback.value
    lesson.switch.value = "ja"
    assert "残念" in q.feedback.value and q.feedback.value != english
    q.buttons[right[0]].click()
    assert "正解" in q.feedback.value
    lesson.switch.value = "en"
    assert "Right!" in q.feedback.value


@pytest.mark.parametrize("key", QUESTIONS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_try_it_answers_right_and_wrong(key: str, lang: str) -> None:
    lesson = Lesson(lang)
    lesson.switch.value = "en"
    _answer_right_and_wrong(question(key, lesson), lesson)


def test_every_chapter_has_a_question() -> None:
    assert {c.key for c in CHAPTERS} <= set(QUESTIONS)


@pytest.mark.parametrize("n", range(1, len(EXERCISES) + 1))
def test_exercises_hide_their_solution_and_check_answers(n: int) -> None:
    lesson = Lesson()
    ex = EXERCISES[n - 1](lesson)
    assert isinstance(ex, Exercise) and ex.solution_area.value == ""
    _answer_right_and_wrong(ex, lesson)
    ex.reveal_button.value = True
    assert "Solution" in ex.solution_area.value
    lesson.switch.value = "ja"
    assert "解答" in ex.solution_area.value


def test_positions_are_played_through_the_engine() -> None:
    game = gamelib.load("trench", players=2)
    s = after_setup(game, seed=1)
    assert s.phase == "plot" and s.round == 1 and len(s.history) > 0
    t = first_turn(game, seed=1)
    assert t.phase == "turn" and t.current_player == 0
    # S1's ship faces a corner pillar (height 2): it cannot step; S2 and S3 can (R7.1).
    assert movers(t) == {2, 3}
    # The other seat sees only how many cards were plotted (R5.3, R9.6).
    v = t.view(1)
    assert v.plots[0] is None and v.plot_sizes[0] == 2


def test_geometry_answers() -> None:
    assert gun_hit(HOLE, (4, 1), 1, "N", 4, [(4, 4), (4, 6)]) is None   # over the hole, range 4
    assert gun_hit(HOLE, (4, 1), 1, "N", 5, [(4, 6)]) == (4, 6)
    assert gas_stop(HOLE, (4, 6), "S") == (4, 4)                         # drops into the hole
    assert gas_stop(HOLE, (2, 6), "S") is None                           # leaves the board


def test_melee_position_kills_by_entering() -> None:
    from gamelib.trench.positions import melee_position
    from gamelib.trench.ui_lesson import melee_outcome

    s = melee_position(gamelib.load("trench", players=2))
    assert s.current_player == 0 and melee_outcome(s) == "kill"


def test_s1_is_blocked_by_its_own_base() -> None:
    """The move question's explanation: S1's ship faces Player 1's base on b1 (height 2)."""
    from gamelib.trench.board import height

    t = first_turn(gamelib.load("trench", players=2), seed=1)
    v = t.view(0)
    s1 = next(x for x in v.soldiers if x.owner == 0 and x.num == 1)
    assert s1.ship and s1.cell == (2, 0) and ((2, 1), 0) in v.bases
    assert height(v.heights, (2, 1)) == 2


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_chapter_boards_build_in_both_languages_and_hide_the_other_plot(lang: str) -> None:
    """Each chapter's board: the trench controller on the engine position, in ``lang``, with
    both seats human (nothing plays by itself) and Player 2's plot shown only as a count."""
    from gamelib.trench.positions import at_landing, melee_position, with_gas
    from gamelib.trench.ui import controller

    game = gamelib.load("trench", players=2, lang=lang)
    positions = [at_landing(game), after_setup(game), first_turn(game),
                 first_turn(game, plots=("move+dig", "move+dig")), melee_position(game),
                 with_gas(after_setup(game), 0, (2, 2)),
                 after_setup(gamelib.load("trench", players=2, beginner=True, lang=lang))]
    for pos in positions:
        ctrl = controller(position=pos, seats=["human", "human"], lang=lang)
        assert ctrl.state is not None and len(ctrl.state.history) == len(pos.history)
        assert ctrl.lang == lang
    ctrl = controller(position=first_turn(game), seats=["human", "human"], lang=lang)
    info = ctrl.plot_panel.info.value
    assert ("2 card(s) face down" in info) if lang == "en" else ("2枚伏せ" in info)


def test_boards_plot_panel_and_buttons_fit_a_1280x800_screen() -> None:
    """Issue 8: "Board, hand and actions fit one 1280×800 screen in every notebook". The 3D board
    and the top view stand side by side; under them the plot panel (the hand), the actions and
    the controls. Heights: figures as set, widgets about as the browser shows them (25 px
    status, 20 px a panel line, 35 px a row of buttons, 40 px controls)."""
    from gamelib.trench.ui import BOARD_HEIGHT, controller

    ctrl = controller(position=after_setup(gamelib.load("trench", players=2)),
                      seats=["human", "human"])
    parts = list(ctrl.widget.children)
    order = [parts.index(w) for w in (ctrl.figures_box, ctrl.extras_box, ctrl.actions_box,
                                      ctrl.controls)]
    assert order == sorted(order)  # boards, plot panel, actions, controls
    board, top = ctrl.figure_widgets()
    assert ctrl.figures_box.layout.flex_flow == "row wrap"  # side by side
    assert board.layout.height == top.layout.height == BOARD_HEIGHT
    assert board.layout.width + top.layout.width + 80 <= 1280  # page margins
    panel = ctrl.plot_panel  # type: ignore[attr-defined]
    assert panel.card_buttons  # Player 1 is to plot: the hand shows as buttons
    panel_lines = panel.info.value.count("<br>") + 1
    rows = 2  # the hand's buttons, then the actions'
    assert 25 + BOARD_HEIGHT + 20 * panel_lines + 35 * rows + 25 + 40 <= 800
