"""What the page draws against what the engine's view builds: a digest of a controller's figures.

The browser test appends :data:`DIGEST_CELL` after a game notebook's controller cell. In the
kernel, :func:`publish` shows an HTML widget (class ``gamelib-digest``) holding, after every
change, the step and a digest of the figures the controller's builders make from its current
view -- built afresh, not read from the widgets. In the page, :data:`PAGE_FIGURES_JS` reads the
drawn ``data``/``layout`` of each controller's figures from their plotly graph divs.
:func:`differences_any` compares the two.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

TRACE_KEYS = ("type", "x", "y", "z", "text", "values", "labels", "customdata", "name", "visible")
"""The trace properties compared: the values a reader sees change from move to move."""

DIGEST_CELL = "from tests.browser.drawn import publish\n\npublish({var})"
"""The cell added after the controller cell; ``{var}`` is the controller's variable."""

UNDER_TEST = ".gamelib-under-test"
"""The class :func:`publish` gives the controller it digests (the one the test clicks)."""

DIGEST = ".gamelib-digest pre"

PAGE_FIGURES_JS = """
(keys) => {
  const plain = (v) =>
    ArrayBuffer.isView(v) ? Array.from(v)
    : Array.isArray(v) ? v.map(plain)
    : v;
  const drawn = (gd, index) => {
    if (!gd.data) return { index, height: 0, data: null, layout: null };
    const layout = gd.layout || {};
    return {
      index,
      height: gd.getBoundingClientRect().height,
      data: gd.data.map((t) => Object.fromEntries(
        keys.filter((k) => t[k] !== undefined && t[k] !== null).map((k) => [k, plain(t[k])]))),
      layout: {
        title: layout.title,
        annotations: (layout.annotations || []).map((a) => a.text),
      },
    };
  };
  // Each controller's figures: every plotly graph div inside it, in page order (lessons place
  // some figures below the controls; the comparison matches them by content, not position).
  // The figure widget's element is the graph div itself.
  return [...document.querySelectorAll(".gamelib-controller")].map((ctrl) =>
    [...ctrl.querySelectorAll(".js-plotly-plot")].map(drawn));
}
"""


def _plain(value: Any) -> Any:
    """JSON-like value with NumPy arrays as lists and floats rounded (the page's are doubles)."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        f = float(value)
        return None if math.isnan(f) else round(f, 6)
    return str(value)


def _title(title: Any) -> str:
    if isinstance(title, Mapping):
        title = title.get("text")
    return "" if title is None else str(title)


def digest_of(fig: Mapping[str, Any]) -> dict[str, Any]:
    """The compared parts of a figure given as a plotly JSON dict (``fig.to_plotly_json()``
    in the kernel, the graph div's ``data``/``layout`` in the page)."""
    traces = []
    for trace in fig.get("data") or ():
        picked = {k: _plain(trace[k]) for k in TRACE_KEYS if trace.get(k) is not None}
        picked.setdefault("type", "scatter")
        traces.append(picked)
    layout = fig.get("layout") or {}
    annotations = layout.get("annotations") or ()
    return {
        "data": traces,
        "title": _title(layout.get("title")),
        "annotations": [_title(a.get("text") if isinstance(a, Mapping) else a)
                        for a in annotations],
    }


def controller_digest(ctrl: Any) -> dict[str, Any]:
    """The step and the digest of every figure the controller's builders make from its view."""
    view = ctrl.view
    return {
        "step": len(ctrl.state.history),
        "figures": [digest_of(_as_dict(builder(view))) for builder in ctrl.builders],
    }


def _as_dict(fig: Any) -> Mapping[str, Any]:
    """A builder's figure as a plotly JSON dict (builders return a ``go.Figure`` or a dict)."""
    return fig if isinstance(fig, Mapping) else fig.to_plotly_json()


def publish(ctrl: Any) -> Any:
    """The digest widget of ``ctrl``, kept current (a lesson's controller made later,
    :class:`gamelib.ui.lesson.Later`, is made now: it is the one the test clicks)."""
    import ipywidgets as widgets

    from gamelib.ui.lesson import Later

    if isinstance(ctrl, Later):
        ctrl = ctrl.value
    box = widgets.HTML()
    box.add_class("gamelib-digest")
    ctrl.widget.add_class(UNDER_TEST.lstrip("."))
    heard = [0]

    def update(c: Any) -> None:
        box.value = f"<pre>{html.escape(json.dumps(controller_digest(c)))}</pre>"

    def count(_button: Any) -> None:  # after the controller's own handler
        heard[0] += 1

    ctrl.observe(update)
    ctrl.bot_button.on_click(count)
    _PUBLISHED[:] = [(ctrl, heard)]
    update(ctrl)
    return box


_PUBLISHED: list[tuple[Any, list[int]]] = []
"""The controller :func:`publish` digests, with how many "Bot move" clicks the kernel heard."""

KERNEL_REPORT = "from tests.browser.drawn import kernel_report\n\nkernel_report()"
"""Code a test runs in the kernel (not in a cell) when a click seems lost: :func:`kernel_report`."""


def kernel_report() -> None:
    """Print, as the kernel sees it, the digested controller's step, the "Bot move" clicks it
    heard and what its error area shows: which side lost a click the page did not follow."""
    import re

    for ctrl, heard in _PUBLISHED:
        shown = re.sub(r"<[^>]+>", "", ctrl.error_area.value).strip() or "nothing"
        print(f"kernel: step {len(ctrl.state.history)}, Bot move clicks heard {heard[0]}, "
              f"error area: {shown}")


def page_digest(page_figures: Sequence[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """The page's figures (from :data:`PAGE_FIGURES_JS`) as digests, by figure index."""
    out: dict[int, dict[str, Any]] = {}
    for fig in page_figures:
        if fig.get("data") is None:
            continue
        layout = fig.get("layout") or {}
        out[int(fig["index"])] = digest_of(
            {"data": fig["data"], "layout": {"title": layout.get("title"),
                                             "annotations": layout.get("annotations") or []}}
        )
    return out


def differences_any(
    expected: Mapping[str, Any], controllers: Sequence[Sequence[Mapping[str, Any]]]
) -> list[str]:
    """:func:`differences` against the page's controller whose figures match best (a page
    may show more than one controller; the digest is of one of them)."""
    if not controllers:
        return ["no controller drawn"]
    return min((differences(expected, figs) for figs in controllers), key=len)


def differences(
    expected: Mapping[str, Any], page_figures: Sequence[Mapping[str, Any]]
) -> list[str]:
    """What differs between the kernel's digest and the drawn figures (empty: all the same).

    Each figure the builders make must be drawn by one figure of the controller (matched by
    content, each drawn figure used once; a controller may draw extra figures, such as an odds
    panel). When a figure has no match, the differences from the closest drawn one are listed.
    """
    drawn = page_digest(page_figures)
    free = dict(drawn)
    problems: list[str] = []
    for i, want in enumerate(expected["figures"]):
        if not free:
            problems.append(f"figure {i} ({want['title']}): not drawn")
            continue
        found = {k: _compare(i, want, got) for k, got in free.items()}
        best = min(found, key=lambda k: len(found[k]))
        if found[best]:
            problems.extend(found[best])
        else:
            del free[best]
    return problems


def matched_indices(
    expected: Mapping[str, Any], page_figures: Sequence[Mapping[str, Any]]
) -> list[int]:
    """The page indices of the drawn figures that show the builders' figures exactly."""
    free = dict(page_digest(page_figures))
    out = []
    for i, want in enumerate(expected["figures"]):
        hit = next((k for k, got in free.items() if not _compare(i, want, got)), None)
        if hit is not None:
            out.append(hit)
            del free[hit]
    return out


def _compare(i: int, want: Mapping[str, Any], got: Mapping[str, Any]) -> list[str]:
    problems = []
    if got["title"] != want["title"]:
        problems.append(f"figure {i}: title {got['title']!r}, engine {want['title']!r}")
    if got["annotations"] != want["annotations"]:
        problems.append(f"figure {i} ({want['title']}): annotations differ")
    if len(got["data"]) != len(want["data"]):
        problems.append(
            f"figure {i} ({want['title']}): {len(got['data'])} traces, "
            f"engine {len(want['data'])}"
        )
        return problems
    for t, (g, w) in enumerate(zip(got["data"], want["data"], strict=True)):
        for key in sorted(set(g) | set(w)):
            if g.get(key) != w.get(key):
                problems.append(
                    f"figure {i} ({want['title']}) trace {t} {key}: drawn "
                    f"{json.dumps(g.get(key))[:120]}, engine {json.dumps(w.get(key))[:120]}"
                )
    return problems


FIGURES = ".gamelib-figures pre"
"""The digests of every figure widget of the kernel (:func:`publish_figures`)."""

FIGURES_CELL = "from tests.browser.drawn import publish_figures\n\npublish_figures()"
"""The cell added at the end of a notebook for :func:`publish_figures`."""

EVERY_FIGURE_JS = """
(keys) => [...document.querySelectorAll(".gamelib-figure")].map((el, index) => {
  const gd = el.matches(".js-plotly-plot") ? el : el.querySelector(".js-plotly-plot");
  const shown = el.getClientRects().length > 0;
  if (!gd || !gd.data || !gd.querySelector(".main-svg")) return { index, shown, data: null };
  const plain = (v) =>
    ArrayBuffer.isView(v) ? Array.from(v) : Array.isArray(v) ? v.map(plain) : v;
  const layout = gd.layout || {};
  return {
    index,
    shown,
    data: gd.data.map((t) => Object.fromEntries(
      keys.filter((k) => t[k] !== undefined && t[k] !== null).map((k) => [k, plain(t[k])]))),
    layout: { title: layout.title, annotations: (layout.annotations || []).map((a) => a.text) },
  };
})
"""
"""Every figure widget's element in the page (class ``gamelib-figure``), drawn or not: its
index, whether it is shown (not in a hidden box) and, once drawn, what it draws."""


def publish_figures() -> Any:
    """A widget showing the digest of every figure widget alive in the kernel (what each figure
    shows now), for a test that draws every figure of a page; its button (class
    ``gamelib-figures-refresh``) makes the digest anew (boards made later add figures)."""
    import ipywidgets as widgets
    from ipywidgets.widgets.widget import _instances

    from gamelib.ui.plotly_widget import FigureWidget

    box = widgets.HTML()
    box.add_class(FIGURES.split()[0].lstrip("."))
    refresh = widgets.Button(description="digest")
    refresh.add_class("gamelib-figures-refresh")

    def update(_button: Any = None) -> None:
        digests = [digest_of(w.to_plotly_json()) for w in list(_instances.values())
                   if isinstance(w, FigureWidget)]
        box.value = f"<pre>{html.escape(json.dumps(digests))}</pre>"

    refresh.on_click(update)
    update()
    return widgets.VBox([refresh, box])


def unmatched(kernel: Sequence[Mapping[str, Any]], page: Sequence[Mapping[str, Any]]) -> list[str]:
    """The drawn figures of ``page`` (from :data:`EVERY_FIGURE_JS`) that show none of the
    kernel's figures (``kernel``: digests from :func:`publish_figures`; each used once)."""
    free = list(kernel)
    problems = []
    for fig, got in page_digest(page).items():
        found = [_compare(fig, want, got) for want in free]
        best = min(range(len(found)), key=lambda k: len(found[k]), default=None)
        if best is None:
            problems.append(f"figure {fig} ({got['title']}): no figure of the kernel left")
        elif found[best]:
            problems.extend(found[best])
        else:
            del free[best]
    return problems
