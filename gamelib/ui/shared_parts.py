"""Layout and style widgets that many widgets of a kernel share.

Every ipywidgets ``DOMWidget`` owns a ``Layout`` widget, and a ``Button`` or ``HTML`` also a
style widget: three widget models where the page needs one. The Powers lesson's page asked for
the states of 652 widgets when it loaded: 232 of them layouts and 149 styles, nearly all with
the same values (issue 12). :func:`make` builds a widget with a shared layout (one per set of
layout values in a kernel) and its class's shared default style.

Shared parts are marked ``_gamelib_shared``, so closing a widget leaves them open
(:func:`gamelib.ui.closing.close_widget`), and they refuse changes, which would show on every
widget that shares them: a widget whose layout changes (shown, hidden) gets its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import ipywidgets as widgets

__all__ = ["layout", "make", "style"]

W = TypeVar("W")

_classes: dict[type, type] = {}
_shared: dict[tuple[type, tuple[tuple[str, str], ...]], Any] = {}


class _Frozen:
    """Refuses a change to a synced trait once made (mixed into a layout or style class)."""

    _gamelib_shared = True

    def __init__(self, **traits: Any) -> None:
        super().__init__(**traits)
        self._gamelib_frozen = True

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_gamelib_frozen", False) and name in getattr(self, "keys", ()):
            raise AttributeError(
                f"this {type(self).__mro__[2].__name__} is shared by many widgets "
                f"(gamelib.ui.shared_parts): give the widget its own to change {name!r}")
        super().__setattr__(name, value)


def _part(cls: type, traits: Mapping[str, str]) -> Any:
    key = (cls, tuple(sorted(traits.items())))
    part = _shared.get(key)
    if part is None or part.comm is None:  # closed (Widget.close_all): make it again
        frozen = _classes.get(cls)
        if frozen is None:
            frozen = _classes[cls] = type(f"Shared{cls.__name__}", (_Frozen, cls), {})
        part = _shared[key] = frozen(**traits)
    return part


def layout(**traits: str) -> widgets.Layout:
    """The kernel's shared ``Layout`` with these values (e.g. ``width="auto"``)."""
    return _part(widgets.Layout, traits)


def style(cls: type[W]) -> W:
    """The kernel's shared default style widget of style class ``cls`` (``widgets.ButtonStyle``,
    ``widgets.HTMLStyle``, …)."""
    return _part(cls, {})  # type: ignore[no-any-return]


def make(cls: type[W], *args: Any, layout: Mapping[str, str] | None = None, **kwargs: Any) -> W:
    """``cls(*args, **kwargs)`` with the shared layout of the values ``layout`` (default: none)
    and, if ``cls`` has a style widget and ``style`` is not given, its class's shared style."""
    kwargs["layout"] = _part(widgets.Layout, layout or {})
    trait = getattr(cls, "class_traits", dict)().get("style")
    if trait is not None and "style" not in kwargs:
        kwargs["style"] = _part(trait.klass, {})
    return cls(*args, **kwargs)
