"""notebooks/qmg.ipynb: committed clean, and every "try it" accepts the right answer only.

The notebook's code cells run here in one namespace (except the 200-game VP race, which nbval
runs in ``make test``), with :class:`gamelib.qmg.ui.TryIt` recorded, so that each question is
answered with every option: exactly one is right, and each answer gets its reason shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest

pytest.importorskip("ipywidgets")

from gamelib.qmg import ui

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


def run_cells(lang: str) -> tuple[dict[str, Any], list[ui.TryIt]]:
    """Run the notebook's code cells (not the slow race) with ``LANG = lang``; the questions."""
    quizzes: list[ui.TryIt] = []

    class Recorded(ui.TryIt):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            quizzes.append(self)

    ns: dict[str, Any] = {"__name__": "qmg_notebook"}
    for i, cell in enumerate(nbformat.read(NOTEBOOK, as_version=4).cells):
        if cell.cell_type != "code" or any(s in cell.source for s in SLOW):
            continue
        source = cell.source.replace('LANG = "en"', f'LANG = "{lang}"', 1)
        exec(compile(source, f"qmg.ipynb cell {i}", "exec"), ns)
        ns["TryIt"] = Recorded
    return ns, quizzes


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_try_it_accepts_the_right_answer_and_explains(lang: str) -> None:
    _, quizzes = run_cells(lang)
    assert len(quizzes) >= 6
    wrong_word = "Not quite" if lang == "en" else "ちがいます"
    for quiz in quizzes:
        values = [value for _, value in quiz.choice.options]
        right = []
        for value in values:
            if quiz.answer(value):
                right.append(value)
            else:
                assert wrong_word in quiz.feedback.value
            reason = quiz.feedback.value.split("</b>", 1)[1]
            assert len(reason.strip()) > 20, quiz.feedback.value
        assert len(right) == 1, (quiz.widget.children[0].value, right)
