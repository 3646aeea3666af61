"""notebooks/trench.ipynb: committed clean, a lesson with every chapter's question and the
exercises, and no cell playing a move before the learner has seen the board."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

pytest.importorskip("ipywidgets")

from gamelib.trench.ui_lesson import CHAPTERS, EXERCISES
from gamelib.ui.lesson import is_static_output

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "trench.ipynb"
CHECK = "# NBVAL_CHECK_OUTPUT"


def _code() -> list[nbformat.NotebookNode]:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    return [c for c in nb.cells if c.cell_type == "code"]


def test_committed_without_outputs_or_widget_state() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert "widgets" not in nb.metadata
    checked = 0
    for cell in _code():
        if cell.source.startswith(CHECK):
            checked += 1
            assert cell.outputs and all(o.output_type == "stream" for o in cell.outputs)
        elif cell.outputs:  # a static figure (tools/lesson_figures.py), run for nbval
            assert all(is_static_output(o) for o in cell.outputs), cell.source[:60]
            assert cell.execution_count is not None, cell.source[:60]
        else:
            assert cell.execution_count is None, cell.source[:60]
    assert checked >= 7


def test_language_switch_first_and_every_chapter_asks_its_question() -> None:
    cells = _code()
    assert "Lesson(" in cells[0].source and cells[0].source.rstrip().endswith("lesson.switch")
    sources = "\n".join(c.source for c in cells)
    for chapter in CHAPTERS:
        assert f'question("{chapter.key}", lesson)' in sources, chapter.key
    for i in range(len(EXERCISES)):
        assert f"EXERCISES[{i}](lesson)" in sources
    assert "hotseat=True" in sources and '"heuristic"' in sources


def test_boards_are_shown_before_their_moves_are_played() -> None:
    """A chapter's narrated move (``walk(position, ...)``) comes after the cell showing that
    position's board, and chapter boards have no bot seat (nothing auto-plays)."""
    shown: set[str] = set()
    for cell in _code():
        src = cell.source
        if "= board(" in src:
            arg = src.split("= board(", 1)[1].split(")", 1)[0]
            shown.add(arg)
            assert "heuristic" not in src and "random" not in src
        if src.startswith(CHECK) and "walk(" in src:
            pos = src.split("walk(", 1)[1].split(",", 1)[0]
            assert any(pos in s for s in shown), pos


def test_whole_game_waits_for_the_learner() -> None:
    """Chapter 10's games: nothing is played before the learner sees the board."""
    from gamelib.trench.ui import controller

    vs_bot = controller(seed=7, seats=["human", "heuristic"])
    hotseat = controller(seed=8, seats=["human", "human"], hotseat=True)
    for ctrl in (vs_bot, hotseat):
        assert len(ctrl.state.history) == 0 and ctrl.state.current_player == 0
