"""notebooks/trench.ipynb: committed clean, a lesson with every chapter's question and the
exercises, no cell playing a move before the learner has seen the board, and chapter boards
made when the page shows their place (issue 12), not when the notebook runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest

pytest.importorskip("ipywidgets")

from gamelib.trench.ui_lesson import CHAPTERS, EXERCISES
from gamelib.ui.controller import GameController
from gamelib.ui.lesson import Later, Lesson, is_static_output

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "trench.ipynb"
CHECK = "# NBVAL_CHECK_OUTPUT"


def _code() -> list[nbformat.NotebookNode]:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    return [c for c in nb.cells if c.cell_type == "code"]


def _board_call(source: str) -> tuple[str, str] | None:
    """A chapter board cell's ``(board variable, position variable)``: ``x = board(pos, …)``."""
    if "= board(" not in source:
        return None
    name, call = source.split("= board(", 1)
    return name.split()[-1], call.split(")", 1)[0].split(",", 1)[0]


def _boards() -> list[tuple[str, str]]:
    """Every chapter board cell's ``(board variable, position variable)``, in order."""
    return [found for cell in _code() if (found := _board_call(cell.source))]


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


def test_chapter_boards_are_made_later_and_the_cells_work_without_them() -> None:
    """Every code cell run in order, as a kernel runs them: each chapter board is a
    :class:`Later`, and so are chapter 10's two controllers (a game against the bot, hot-seat);
    but for the first board (``now=True``, on the first screen anyway) they are still unmade at
    the end (no cell needs the widget: the narrated moves and questions work on the positions),
    so the notebook makes only that board. Made through its handle, a board is the trench
    controller on its chapter's position, both seats human, and follows the language switch."""
    namespace: dict[str, Any] = {}
    for cell in _code():
        exec(cell.source, namespace)  # the committed notebook's own cells, in order
    lesson = namespace["lesson"]
    assert isinstance(lesson, Lesson)
    boards = _boards()
    assert len(boards) == 8  # every chapter but 8 (scoring) shows one
    later = [namespace[name] for name, _ in boards]
    assert all(isinstance(b, Later) for b in later)
    assert [b.built for b in later] == [True] + [False] * 7
    games = [namespace["whole"], namespace["hotseat"]]
    assert all(isinstance(g, Later) and not g.built for g in games)
    made = [f for f in lesson.followers if isinstance(f, GameController)]
    assert made == [later[0].value]
    lesson.switch.value = "ja"
    assert all("盤面を読み込んでいます" in b.text.value for b in later[1:])
    for (name, pos), handle in zip(boards, later, strict=True):
        ctrl = handle.value
        assert isinstance(ctrl, GameController) and handle.built, name
        assert ctrl.lang == "ja" and set(ctrl.seats.values()) == {"human"}, name
        position = namespace[pos]
        assert list(map(str, ctrl.state.history)) == list(map(str, position.history)), name
        assert handle.box.children == (ctrl.widget,), name
    lesson.switch.value = "en"
    assert all(b.value.lang == "en" for b in later)


def test_boards_are_shown_before_their_moves_are_played() -> None:
    """A chapter's narrated move (``walk(position, ...)``) comes after the cell showing that
    position's board, and chapter boards have no bot seat (nothing auto-plays)."""
    shown: set[str] = set()
    for cell in _code():
        src = cell.source
        if board := _board_call(src):
            shown.add(board[1])
            assert "heuristic" not in src and "random" not in src
        if src.startswith(CHECK) and "walk(" in src:
            pos = src.split("walk(", 1)[1].split(",", 1)[0]
            assert pos in shown, pos


def test_whole_game_waits_for_the_learner() -> None:
    """Chapter 10's games: nothing is played before the learner sees the board."""
    from gamelib.trench.ui import controller

    vs_bot = controller(seed=7, seats=["human", "heuristic"])
    hotseat = controller(seed=8, seats=["human", "human"], hotseat=True)
    for ctrl in (vs_bot, hotseat):
        assert len(ctrl.state.history) == 0 and ctrl.state.current_player == 0
