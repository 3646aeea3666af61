"""notebooks/qmg.ipynb: committed clean, and every "try it" accepts the right answer only.

The notebook's code cells run here in one namespace (except the 200-game VP race, which nbval
runs in ``make test``); each question (the lesson's :class:`gamelib.ui.lesson.TryIt`) is answered
with every option in both languages: exactly one is right, and each answer gets its reason shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest

pytest.importorskip("ipywidgets")

from gamelib.ui.lesson import TryIt

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "qmg.ipynb"
CHECK = "# NBVAL_CHECK_OUTPUT"
SLOW = ("vp_race(", "vp_race_figure(")


def test_committed_without_outputs_or_widget_state() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert "widgets" not in nb.metadata
    checked = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if cell.source.startswith(CHECK):
            checked += 1
            assert all(o.output_type == "stream" for o in cell.outputs), cell.source[:60]
        elif "lesson.static(" in cell.source:  # its figure as a PNG (tools/lesson_figures.py)
            assert all(o.output_type == "display_data" for o in cell.outputs), cell.source[:60]
        else:
            assert not cell.outputs and cell.execution_count is None, cell.source[:60]
    assert checked >= 8


def test_chapters_follow_the_rule_book() -> None:
    text = "\n".join(c.source for c in nbformat.read(NOTEBOOK, as_version=4).cells)
    headings = (
        "Set-up (ゲームの準備)", "five steps (ターンの進行)", "Supply (補給状態)", "straits (海峡)",
        "Building (設立) and battles (攻撃)", "card types (カードの種類)",
        "Scoring (勝利点ステップ)", "The end (勝利条件)", "A whole game", "Odds", "Exercises",
    )
    for heading in headings:
        assert heading in text, heading


def run_cells() -> tuple[dict[str, Any], list[TryIt]]:
    """Run the notebook's code cells (not the slow race) in one namespace; its questions."""
    ns: dict[str, Any] = {"__name__": "qmg_notebook"}
    for i, cell in enumerate(nbformat.read(NOTEBOOK, as_version=4).cells):
        if cell.cell_type != "code" or any(s in cell.source for s in SLOW):
            continue
        exec(compile(cell.source, f"qmg.ipynb cell {i}", "exec"), ns)
    return ns, [f for f in ns["lesson"].followers if isinstance(f, TryIt)]


def test_every_try_it_accepts_the_right_answer_and_explains_in_both_languages() -> None:
    ns, quizzes = run_cells()
    assert len(quizzes) >= 6
    for lang, wrong_word in (("en", "Not quite"), ("ja", "違います")):
        ns["lesson"].set_lang(lang)
        for quiz in quizzes:
            right = []
            for value, _shown in quiz.choices:
                if quiz.choose(value):
                    right.append(value)
                else:
                    assert wrong_word in quiz.feedback.value
                reason = quiz.feedback.value.split("</b>", 1)[1]
                assert len(reason.strip()) > 20, quiz.feedback.value
            assert len(right) == 1, (quiz.prompt_area.value, right)


def test_the_switch_sets_the_boards_and_figures_language() -> None:
    """One switch at the top: the controllers, static figures and questions follow it."""
    ns, quizzes = run_cells()
    lesson = ns["lesson"]
    lesson.set_lang("ja")
    ctrl = ns["ctrl"].value  # the whole game's board is made later, in the switch's language
    assert ctrl.lang == ns["board_lesson"].lang == "ja"
    assert ctrl.state.game.lang == "ja"
    assert "補給線の国" in ns["board_lesson"].supply_box.description
    figures = [f for f in lesson.followers if type(f).__name__ in ("StaticFigure", "LiveFigure")]
    assert len(figures) >= 8 and all(f.lang == "ja" for f in figures)  # the race is not run
    assert all(f.lang == "ja" for f in quizzes)
    lesson.set_lang("en")
    assert ns["board_lesson"].state.game.lang == "en"
