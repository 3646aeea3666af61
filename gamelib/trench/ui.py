"""Notebook wiring of 毒ガス塹壕戦: the generic controller with the 3D board and the top view.

>>> from gamelib.trench.ui import controller
>>> ctrl = controller(seed=3)   # seat 0 human, seat 1 the heuristic bot
"""

from __future__ import annotations

from typing import Any

import gamelib
from gamelib.core import Game
from gamelib.trench.figures import board_3d_figure, top_view_figure
from gamelib.ui import GameController

__all__ = ["controller"]


def controller(game: Game[Any] | None = None, **kwargs: Any) -> GameController:
    """The generic :class:`~gamelib.ui.GameController` for 毒ガス塹壕戦.

    Defaults: 2 players (seat 0 human, seat 1 heuristic), the 3D board and the clickable top
    view. Each seat's view hides the others' plots, so the human sees only their own plot.
    """
    if game is None:
        game = gamelib.load("trench", players=2)
    kwargs.setdefault("seats", {i: "human" if i == 0 else "heuristic" for i in range(game.players)})
    kwargs.setdefault("figures", [board_3d_figure, top_view_figure])
    return GameController(game, **kwargs)
