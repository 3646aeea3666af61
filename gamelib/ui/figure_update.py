"""Figures updated in place: what changed between two figures sent as one small message.

:func:`update_figure` makes a plotly ``FigureWidget`` show a new figure without a new widget
(each new widget would bring its own front-end model and a redraw). Given plotly JSON dicts
(*specs*, what the games' ``*_spec(view)`` builders return), it compares the new spec with the
last one and sends only the paths that changed, in one ``Plotly.update`` message; the layout's
container arrays (``shapes``, ``annotations``, ``images``) are aligned so that items equal in
both stay where they are (:func:`_diff_container_array`).
"""

from __future__ import annotations

import difflib
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
from plotly.basedatatypes import Undefined

from gamelib.ui.plotly_widget import copy_containers, remember_widget_state

__all__ = ["update_figure"]

_SKIP_KEYS = ("type", "uid")


def update_figure(fw: go.FigureWidget, fig: go.Figure | Mapping[str, Any]) -> None:
    """Make ``fw`` show ``fig`` in place: traces and layout updated, the widget kept.

    Traces are updated property by property when the new figure has the same number and types of
    traces; otherwise the traces are replaced (still in the same widget). The layout template,
    costly to validate, is set only when it changed.

    ``fig`` may also be a plotly JSON dict (``{"data": [...], "layout": {...}}``, a *spec*, as
    the games' ``*_spec(view)`` builders return). A spec is compared with the spec the widget
    showed before, and only the differences are sent, as one ``Plotly.update`` message whose
    keys are paths (``"annotations[3].text"``, ``"marker.color"``): nothing is validated (the
    public ``*_figure`` builders make a ``go.Figure`` of the same spec, which tests validate),
    and a click that changes one label sends one label. A spec must not be changed after it
    was given (the widget keeps it to compare the next one with).
    """
    if isinstance(fig, Mapping):
        last = getattr(fw, "_gamelib_spec", None)
        if last is not None and _same_trace_types(last, fig) and _layout_of(fig).get(
            "template"
        ) == _layout_of(last).get("template"):
            _send_spec_diff(fw, last, fig)
            fw._gamelib_spec = fig
            return
        traces = list(fig.get("data") or ())
        layout = dict(_layout_of(fig))
    else:
        traces = list(fig.data)
        layout = dict(_props(fig.layout))
    fw._gamelib_spec = fig if isinstance(fig, Mapping) else None
    old_types = [t.type for t in fw.data]
    new_types = [_trace_type(t) for t in traces]
    template = layout.pop("template", None)
    if old_types != new_types:
        with fw.batch_update():
            fw.data = ()
        fw.add_traces(traces)
        with fw.batch_update():
            _sync_layout(fw, layout, template)
        remember_widget_state(fw)
        return
    with fw.batch_update():
        for old, new in zip(fw.data, traces, strict=True):
            current = _props(old)
            props = {k: v for k, v in _props(new).items() if k not in _SKIP_KEYS}
            for stale in [k for k in current if k not in props and k not in _SKIP_KEYS]:
                old[stale] = None
            changed = {k: v for k, v in props.items() if not _same(current.get(k), v)}
            if changed:
                old.update(changed, overwrite=True)
        _sync_layout(fw, layout, template)
    remember_widget_state(fw)


def _layout_of(spec: Mapping[str, Any]) -> Mapping[str, Any]:
    layout = spec.get("layout")
    return layout if isinstance(layout, Mapping) else {}


def _same_trace_types(old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
    return [_trace_type(t) for t in old.get("data") or ()] == [
        _trace_type(t) for t in new.get("data") or ()
    ]


def _send_spec_diff(fw: go.FigureWidget, old: Mapping[str, Any], new: Mapping[str, Any]) -> None:
    """Send what differs between two specs of the same trace types as one update message.

    The widget's own figure (``fw._layout``, ``fw._data``: plain dicts) is changed at the same
    paths, without plotly's validation or key-path parsing, which took most of a click.
    """
    relayout: dict[_Path, Any] = {}
    _diff(_layout_of(old), _layout_of(new), (), relayout, nested_lists=True)
    relayout.pop(("template",), None)
    per_trace: list[dict[_Path, Any]] = []
    for a, b in zip(old.get("data") or (), new.get("data") or (), strict=True):
        changes: dict[_Path, Any] = {}
        if a is not b:
            _diff(a, b, (), changes, nested_lists=False)
            for key in _SKIP_KEYS:
                changes.pop((key,), None)
        per_trace.append(changes)
    changed = [i for i, changes in enumerate(per_trace) if changes]
    if not relayout and not changed:
        return
    # items inserted or removed shift the others: the kernel's copies take the whole array
    arrays = {p[0] for p in relayout if p[0] in _CONTAINER_ARRAYS and len(p) > 1}
    new_layout = _layout_of(new)
    layout_data: dict[str, Any] = {}
    for path, value in relayout.items():
        value = copy_containers(value)
        if path[0] not in arrays:
            _set_path(fw._layout, path, value)
        layout_data[_path_text(path)] = value
    for key in arrays:
        fw._layout[key] = copy_containers(new_layout[key])
    style_data: dict[str, list[Any]] = {}
    for n, i in enumerate(changed):
        for path, value in per_trace[i].items():
            value = copy_containers(value)
            _set_path(fw._data[i], path, value)
            style_data.setdefault(_path_text(path), [Undefined] * len(changed))[n] = value
    fw._send_update_msg(style_data, layout_data, trace_indexes=changed)
    # The saved widget state (what a view connecting later draws) gets the same changes, on its
    # own copies; see gamelib.ui.plotly_widget.remember_widget_state.
    saved_layout = fw._trait_values.get("_widget_layout")
    saved_data = fw._trait_values.get("_widget_data")
    if isinstance(saved_layout, dict) and isinstance(saved_data, list) and len(saved_data) == len(
        fw._data
    ):
        for path, value in relayout.items():
            if path[0] not in arrays:
                _set_path(saved_layout, path, copy_containers(value))
        for key in arrays:
            saved_layout[key] = copy_containers(new_layout[key])
        for i in changed:
            for path, value in per_trace[i].items():
                _set_path(saved_data[i], path, copy_containers(value))
    else:
        remember_widget_state(fw)
    # plotly's objects cache the children of array properties (layout.shapes, …): a new length
    # must be seen by the next reader.
    layout_obj = fw.layout
    for key in {path[0] for path in relayout}:
        layout_obj._compound_array_props.pop(key, None)
    for i in changed:
        trace = fw.data[i]
        for key in {path[0] for path in per_trace[i]}:
            trace._compound_array_props.pop(key, None)


_Path = tuple[str | int, ...]
_CONTAINER_ARRAYS = frozenset({"annotations", "shapes", "images"})
"""Layout arrays whose items plotly.js's relayout adds and removes one by one."""


def _path_text(path: _Path) -> str:
    """``("shapes", 2, "line", "color")`` → ``"shapes[2].line.color"`` (plotly.js key paths)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


def _set_path(target: Any, path: _Path, value: Any) -> None:
    """Set ``value`` at ``path`` in nested dicts and lists (``None``: remove the key)."""
    for part, following in itertools.pairwise(path):
        if isinstance(target, dict) and not isinstance(target.get(part), (dict, list)):
            target[part] = [] if isinstance(following, int) else {}
        target = target[part]
    last = path[-1]
    if isinstance(target, dict):
        if value is None:
            target.pop(last, None)
        else:
            target[last] = value
    else:
        assert isinstance(last, int)
        while len(target) <= last:
            target.append(None)
        target[last] = value


def _diff(
    old: Mapping[str, Any], new: Mapping[str, Any], prefix: _Path, out: dict[_Path, Any], *,
    nested_lists: bool,
) -> None:
    """Put in ``out`` each path whose value differs from ``old`` to ``new`` (``None``: removed).

    Dicts are compared key by key; with ``nested_lists``, so are lists of dicts of the same
    length (``shapes[2].fillcolor``) and the layout's container arrays of any length
    (:func:`_diff_container_array`); any other value is sent whole when it differs.
    """
    for key, value in new.items():
        path = (*prefix, key)
        if key in old:
            before = old[key]
            if before is value:
                continue
            if isinstance(value, Mapping) and isinstance(before, Mapping):
                _diff(before, value, path, out, nested_lists=nested_lists)
                continue
            if (
                nested_lists
                and isinstance(value, list)
                and isinstance(before, list)
                and all(isinstance(v, Mapping) for v in value)
                and all(isinstance(v, Mapping) for v in before)
            ):
                if not prefix and key in _CONTAINER_ARRAYS:
                    _diff_container_array(before, value, path, out)
                    continue
                if len(value) == len(before):
                    for i, (b, v) in enumerate(zip(before, value, strict=True)):
                        if b is not v:
                            _diff(b, v, (*path, i), out, nested_lists=True)
                    continue
            if _same(before, value):
                continue
        out[path] = value
    for key in old:
        if key not in new:
            out[(*prefix, key)] = None


def _diff_container_array(
    old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]], path: _Path,
    out: dict[_Path, Any],
) -> None:
    """The changes from ``old`` to ``new`` items of a layout's container array (``shapes``).

    plotly.js's relayout (``applyContainerArrayChanges``) goes through the indices in increasing
    order: ``shapes[i]: {...}`` inserts an item before the current item *i*, ``shapes[i].x0``
    edits the current item *i*, ``shapes[i]: null`` marks it to be removed once all inserts and
    edits are done; an index takes one kind of change only. The items equal in both are kept
    where they are (:func:`_aligned`): a card played from one hand is its items removed and the
    trick's new ones inserted, not every later item edited. Indices written are those of the
    array with the inserts made and the removed items still in it.
    """
    start = 0
    while start < min(len(old), len(new)) and (old[start] is new[start]
                                                or old[start] == new[start]):
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and (old[end_old - 1] is new[end_new - 1]
                                                   or old[end_old - 1] == new[end_new - 1]):
        end_old -= 1
        end_new -= 1
    at = start
    for kind, a, b in _aligned(old[start:end_old], new[start:end_new]):
        if kind == "edit":
            _diff(old[start + a], new[start + b], (*path, at), out, nested_lists=True)
        elif kind == "insert":
            out[(*path, at)] = new[start + b]
        elif kind == "remove":
            out[(*path, at)] = None
        at += 1


def _aligned(
    old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]]
) -> list[tuple[str, int, int]]:
    """How ``new`` follows from ``old``, item by item in the order of the array being edited:
    ``("keep" | "edit", i, j)`` (old item *i* stays as new item *j*, changed by an edit),
    ``("insert", -1, j)`` and ``("remove", i, -1)``.

    The longest runs of equal items are matched (:class:`difflib.SequenceMatcher` on each
    item's ``repr``: the figure builders make equal items with their keys in the same order),
    and what lies between is edited pairwise, the rest inserted or removed. (A card moving
    from a hand to the trick keeps the length: item by item, every item between would change.)
    """
    if len(old) <= 1 or len(new) <= 1:
        paired = min(len(old), len(new))
        return [*(("edit", i, i) for i in range(paired)),
                *(("insert", -1, j) for j in range(paired, len(new))),
                *(("remove", i, -1) for i in range(paired, len(old)))]
    matcher = difflib.SequenceMatcher(
        None, [repr(item) for item in old], [repr(item) for item in new], autojunk=False
    )
    steps: list[tuple[str, int, int]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            steps.extend(("keep", i1 + k, j1 + k) for k in range(i2 - i1))
            continue
        paired = min(i2 - i1, j2 - j1)
        steps.extend(("edit", i1 + k, j1 + k) for k in range(paired))
        steps.extend(("insert", -1, j) for j in range(j1 + paired, j2))
        steps.extend(("remove", i, -1) for i in range(i1 + paired, i2))
    return steps


def _trace_type(trace: Any) -> str:
    """A trace's type, for a plotly trace object or a JSON dict (plotly's default: scatter)."""
    if isinstance(trace, Mapping):
        return str(trace.get("type") or "scatter")
    return str(trace.type)


def _props(obj: Any) -> dict[str, Any]:
    """The properties of a plotly object as a plain dict, without copying when plotly allows."""
    if isinstance(obj, dict):
        return obj
    props = getattr(obj, "_props", None)
    return props if isinstance(props, dict) else dict(obj.to_plotly_json())


def _same(a: Any, b: Any) -> bool:
    """Whether two property values are surely equal (validating and sending them is costly)."""
    if a is b:
        return True
    try:
        return bool(a == b)
    except (TypeError, ValueError):  # e.g. NumPy arrays: treat as changed
        return False


def _sync_layout(fw: go.FigureWidget, layout: dict[str, Any], template: Any) -> None:
    current = _props(fw.layout)
    for stale in [k for k in current if k not in layout and k != "template"]:
        fw.layout[stale] = None
    if template is not None and template != getattr(fw, "_gamelib_template", None):
        fw.layout.template = template
        fw._gamelib_template = template
    changed = {k: v for k, v in layout.items() if not _same(current.get(k), v)}
    if changed:
        fw.update_layout(changed, overwrite=True)
