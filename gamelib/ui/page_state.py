"""The widget states a page asks for when it loads, without the values every front end knows.

When a Voila page (or a JupyterLab notebook reopened) connects to a kernel, it asks for the state
of every widget at once (ipywidgets 8's ``request_states`` on the ``jupyter.widget.control``
comm). ipywidgets answers with every synced trait of every widget, defaults included: a lesson
notebook has about 1,200 widgets, 400 of them ``Layout`` models whose 40-odd CSS properties are
all ``None``, and the reply was 1.2–1.8 MB of the page's bytes before its first board showed
(issue 12).

:func:`use_lean_page_states` answers that request with ``get_state(drop_defaults=True)`` for the
widgets of ipywidgets' own front-end modules (``@jupyter-widgets/base``, ``…/controls``,
``…/output``), whose front-end models have the same defaults as their Python classes (the
guarantee ipywidgets' HTML embedding relies on, which saves states the same way): the front end
fills in each value left out from its model's defaults. Other widgets (plotly's figure widget,
any anywidget, third-party widgets) keep their full state. It also skips ipywidgets' own
``get_manager_state()`` call there, whose result was thrown away.

The widgets' own messages (opening a widget, updates) are unchanged, and so is a notebook saved
with its widget state.
"""

from __future__ import annotations

from typing import Any

from ipywidgets import Widget
from ipywidgets.widgets.widget import _instances, _remove_buffers

__all__ = ["LEAN_MODULES", "page_states", "use_lean_page_states"]

LEAN_MODULES = frozenset(
    {"@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output"}
)
"""Front-end modules whose models' defaults equal their Python classes' defaults."""

_ORIGINAL = Widget.__dict__.get("_handle_control_comm_msg")
"""ipywidgets' own handler (every 8.x release has it; without it pages get the full states)."""


def page_states() -> dict[str, dict[str, Any]]:
    """Every widget's state as a page loading asks for it (``{model_id: {"model_name", …,
    "state"}}``), defaults left out for the widgets of :data:`LEAN_MODULES`."""
    states: dict[str, dict[str, Any]] = {}
    for widget in list(_instances.values()):
        states[widget.model_id] = {
            "model_name": widget._model_name,
            "model_module": widget._model_module,
            "model_module_version": widget._model_module_version,
            "state": widget.get_state(drop_defaults=widget._model_module in LEAN_MODULES),
        }
    return states


def _handle_control_comm_msg(cls: type[Widget], msg: dict[str, Any]) -> None:
    data = msg.get("content", {}).get("data", {})
    if cls._control_comm is None or data.get("method") != "request_states":
        _ORIGINAL.__func__(cls, msg)  # its errors and other methods, unchanged
        return
    states, buffer_paths, buffers = _remove_buffers(page_states())
    cls._control_comm.send(
        {"method": "update_states", "states": states, "buffer_paths": buffer_paths},
        buffers=buffers,
    )


def use_lean_page_states() -> None:
    """Answer a page's ``request_states`` with :func:`page_states` (for control comms opened
    from now on: a page opens one when it connects)."""
    if isinstance(_ORIGINAL, classmethod):
        Widget._handle_control_comm_msg = classmethod(_handle_control_comm_msg)
