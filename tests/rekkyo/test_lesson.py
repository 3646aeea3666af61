"""The 列強の興亡 lesson: every chapter's position plays, and every "try it" and exercise accepts
the engine's answer and explains a wrong one, in English and Japanese."""

from __future__ import annotations

import pytest

from gamelib.rekkyo.ui_lesson import CHAPTERS, EXERCISES, line, position, question
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


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.key)
def test_chapter_try_it_accepts_the_right_answer_and_explains_a_wrong_one(chapter) -> None:  # type: ignore[no-untyped-def]
    lesson = Lesson()
    _answer_right_and_wrong(question(chapter.key, lesson), lesson)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.key)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_chapter_position_and_its_line_play(chapter, lang: str) -> None:  # type: ignore[no-untyped-def]
    lesson = Lesson(lang)
    state = position(chapter.key, lesson.load("rekkyo", players=2))
    state.check_invariants()
    after = line(chapter.key, state)
    assert len(after.history) == len(chapter.moves)
    if chapter.moves:
        new = after.log_text()[len(state.log_text()) - 1:]
        assert new and all(isinstance(t, str) and t for t in new)


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
