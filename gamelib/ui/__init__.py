"""Notebook user interface: the generic step-by-step :class:`GameController`."""

from __future__ import annotations

from gamelib.ui.controller import GameController, update_figure

__all__ = ["GameController", "update_figure"]
