"""Static plotly figures drawn with the page's one plotly.js (the controller's).

A bare ``go.Figure`` as a cell's output is drawn by the ``jupyterlab-plotly`` mime renderer,
which loads its own 4.8 MB plotly.js chunk next to the one the controller's figure widgets
share, and in Voila throws "r.setData is not a function". Notebooks show their static figures
(odds charts, a position drawn for a chapter) through this module instead: each becomes a
:class:`gamelib.ui.plotly_widget.FigureWidget` that is never updated, so the page loads plotly.js
once (gzip-compressed, from the kernel) for every figure it shows, in Voila and in JupyterLab.

>>> from gamelib.ui import show
>>> show(figures.ladder_figure(view))     # displays the figure (returns None)

Importing :mod:`gamelib.ui` inside a Jupyter kernel also makes this the default plotly renderer
(:func:`use_shared_plotly`), so a bare ``fig`` or ``fig.show()`` after that import is drawn the
same way. Outside a kernel (scripts, tests) plotly's default is left alone.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
from plotly.io._base_renderers import MimetypeRenderer

from gamelib.ui.plotly_widget import FigureWidget

__all__ = ["RENDERER", "SharedPlotlyRenderer", "show", "static_figure", "use_shared_plotly"]

RENDERER = "gamelib"
"""The name of :class:`SharedPlotlyRenderer` in ``plotly.io.renderers``."""


def static_figure(fig: go.Figure | dict[str, Any], *, validated: bool = False) -> FigureWidget:
    """A figure widget showing ``fig`` with the page's shared plotly.js; it is never updated.

    The widget's saved state holds only the figure itself (no plotly.js), so a notebook saved
    with widget state stays small. ``validated``: ``fig`` is plotly JSON that plotly validated
    (a ``go.Figure`` always is), so it is not validated again.
    """
    widget = FigureWidget(fig, validated=validated)
    widget.add_class("gamelib-static-figure")
    return widget


def show(fig: go.Figure | dict[str, Any]) -> None:
    """Display ``fig`` as a static figure drawn with the page's shared plotly.js."""
    from IPython.display import display

    display(static_figure(fig))  # type: ignore[no-untyped-call]


class SharedPlotlyRenderer(MimetypeRenderer):  # type: ignore[misc]
    """A plotly renderer whose output is a :func:`static_figure` widget view."""

    def to_mimebundle(self, fig_dict: dict[str, Any]) -> dict[str, Any]:
        # plotly validated the JSON it gives a renderer (unless asked not to: validate=False)
        bundle: dict[str, Any] = static_figure(fig_dict, validated=True)._repr_mimebundle_()
        return bundle


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()  # type: ignore[no-untyped-call]
    return shell is not None and getattr(shell, "kernel", None) is not None


def use_shared_plotly(force: bool = False) -> bool:
    """Make :class:`SharedPlotlyRenderer` plotly's default renderer inside a Jupyter kernel.

    Returns whether it is the default now. Outside a kernel nothing changes unless ``force``.
    """
    if RENDERER not in pio.renderers:
        pio.renderers[RENDERER] = SharedPlotlyRenderer()
    if force or _in_kernel():
        pio.renderers.default = RENDERER
        return True
    return pio.renderers.default == RENDERER
