"""Notebook user interface: the generic step-by-step :class:`GameController`, and
:func:`show` for static figures drawn with the page's one plotly.js.

Importing this package inside a Jupyter kernel makes :func:`show` plotly's default way of
drawing a figure (see :mod:`gamelib.ui.figure_display`), and a page loading gets the widgets'
states without the values its front end knows (see :mod:`gamelib.ui.page_state`).
"""

from __future__ import annotations

from gamelib.ui.controller import GameController
from gamelib.ui.figure_display import show, static_figure, use_shared_plotly
from gamelib.ui.figure_update import update_figure
from gamelib.ui.page_state import use_lean_page_states

__all__ = ["GameController", "show", "static_figure", "update_figure", "use_shared_plotly"]

use_shared_plotly()
use_lean_page_states()
