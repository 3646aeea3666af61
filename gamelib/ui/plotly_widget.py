"""A plotly ``FigureWidget`` whose 5 MB plotly.js bundle reaches each page once, compressed.

plotly's ``FigureWidget`` is an anywidget: its front-end code (plotly.js and the widget, about
5 MB) is the ``_esm`` trait of every widget, so a page with five figures receives 25 MB of
JavaScript over the websocket, and a notebook saved with widget state stores it five times.

:class:`FigureWidget` keeps plotly's widget unchanged but replaces ``_esm`` with a small loader.
The first figure of a page asks the kernel for the bundle with a custom widget message; the
kernel answers with the bundle as binary buffers (:mod:`gamelib.ui.widget_bundle`: LZMA, about
1.15 MB, with its 5 kB decoder, which the loader runs in a worker; or gzip, 1.5 MB, which the
browser's ``DecompressionStream`` inflates); the loader imports it once and shares the module
(``globalThis``) with every other figure of the page, which then just wait for it. Nothing of the
bundle is kept in any widget's state, so saved widget state stays small. A Voila page served with
gamelib's template and server extension has usually imported plotly.js already, as a module
over HTTP, while its kernel ran the notebook (:mod:`gamelib.ui.bundle_server`): a figure uses
that module when it was made from the same bundle as the kernel's, and asks the kernel
otherwise.

The message is not awaited inside anywidget's ``initialize`` (model creation may be serialized
behind it in the front end), nor inside ``render``: ipywidgets queues a model's state changes
behind the creation of its views, so a view draws later, once the module (and its figure, below)
is there. The loader is sent without its comments and indentation (:func:`_compact`): it is in
the state of every figure widget.

Drawn when near the screen: a Voila page asks the kernel for the state of every widget at once
when it loads, and a lesson has dozens of figures, most of them far below the first screen. So a
figure widget's synced state holds an empty figure until one of its views comes within a screen
height of the visible part of the page (an ``IntersectionObserver``; a view in a hidden box waits
until the box is shown). The view then asks the kernel for the figure as it is now
(``{"gamelib": "current?"}``): the kernel sends the current ``_widget_data`` and
``_widget_layout`` (:func:`remember_widget_state`) with a new value of ``_gamelib_current``, and
from then on sends the figure's updates as usual; the view draws once that state has arrived.
Until then, the kernel updates the figure in Python only (plotly's edit messages are not sent).
This also covers changes made while the bundle loads, which reached a front-end model whose
plotly code was not listening yet. A notebook saved with its widget state (or executed by
nbclient with ``store_widget_state``) keeps an empty figure for every figure never drawn in a
browser: plotly draws empty axes there until the notebook is run again.

Drawn one at a time: the figures that come near the screen together (a page's first screen)
are drawn one per task, the one nearest the visible part of the page first, each after the
browser has painted the one before. Drawn together, their draws made one long run of work on
the page's main thread, and the page showed none of them until the last was drawn.

When anywidget gives up on a model: anywidget (0.11) gives a model's module two seconds to load
and, on a page busy for longer (a classroom laptop; JupyterLab's first page on a loaded machine),
rejects the model's ``ready`` and drops every message to the model from then on, although the
module goes on to load and its views render. A figure would never receive the bundle or its state
(a JupyterLab page once drew none of a controller's five figures). So once the loader runs, the
model's messages go to the widget model's own handler, after the ones already waiting. anywidget
still logs "[anywidget] Failed to initialize model." for such a model; the figure draws.

Messages: plotly's front end reports, after every draw, the defaults plotly.js computed for
every trace and for the layout (``_js2py_traceDeltas``, ``_js2py_layoutDelta``); the kernel
answered each with a reset of the trait, kernel status messages and sometimes a
``removeTraceProps`` message, which made most of a game's websocket traffic. The loader gives
plotly's front end a model that does not send these two reports (gamelib never reads the
computed defaults; ``fw.layout``/``fw.data`` hold what the kernel set). Clicks, zooms and the
other messages go through unchanged.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any


def _skip_iri_format_checker() -> None:
    """Import ``jsonschema`` without its "iri" format checker (``rfc3987_syntax``).

    plotly's renderers import ``nbformat`` with every ``FigureWidget``, and ``nbformat`` imports
    ``jsonschema``, whose format checkers import ``rfc3987_syntax`` when it is installed (it is,
    for ``jupyter-events``); that package compiles an Earley grammar on import: 1.6 s of CPU,
    6 s of the kernel's first import of ``gamelib.powers.ui`` on a loaded machine, before a
    Voila page can show anything. Nothing in a notebook kernel validates IRIs, so the checker
    is left out; a later ``import rfc3987_syntax`` works as usual. Does nothing when
    ``jsonschema`` is already imported.
    """
    if "jsonschema" in sys.modules or "rfc3987_syntax" in sys.modules:
        return
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # its import fails
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        pass
    finally:
        del sys.modules["rfc3987_syntax"]


_skip_iri_format_checker()  # before plotly is imported

import plotly.graph_objects as go  # noqa: E402
import plotly.io as pio  # noqa: E402
from plotly.serializers import custom_serializers  # noqa: E402
from traitlets import Dict, Int, List, Unicode, default  # noqa: E402

from gamelib.ui.widget_bundle import PRELOAD_KEY, UNLZMA_JS, bundle_message, digest  # noqa: E402

__all__ = [
    "FIGURE_CLASS", "LOADER_ESM", "FigureWidget", "copy_containers", "remember_widget_state",
]

FIGURE_CLASS = "gamelib-figure"
"""The class of every :class:`FigureWidget`'s element in the page, drawn or not yet."""
NEAR_SCREEN_JS = """
// The nearest ancestor of el that scrolls vertically (Voila's and JupyterLab's pages scroll in
// a box, not the window: a root margin applies only to the root), else null (the viewport).
function scrollRoot(el) {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if ((y === "auto" || y === "scroll" || y === "overlay") && p.scrollHeight > p.clientHeight) {
      return p;
    }
  }
  return null;
}

// Resolves when el comes within a screen height of the visible part of its page (or is gone).
// An element in a hidden box (display: none) waits until the box is shown.
function nearScreen(el, gone) {
  if (typeof IntersectionObserver !== "function") return Promise.resolve();
  return new Promise((resolve) => {
    const watch = () => {
      if (gone()) return resolve();
      if (!el.isConnected) return requestAnimationFrame(watch);
      const seen = new IntersectionObserver((entries) => {
        if (gone() || entries.some((e) => e.isIntersecting)) {
          seen.disconnect();
          resolve();
        }
      }, { root: scrollRoot(el), rootMargin: "100% 0px" });
      seen.observe(el);
    };
    watch();
  });
}
"""
"""JavaScript shared by the front ends that wait for their element to come near the screen."""

LOADER_ESM = NEAR_SCREEN_JS + UNLZMA_JS + """
const KEY = Symbol.for("gamelib.plotly.widgetbundle");

function requestBundle(model, accept) {
  return new Promise((resolve) => {
    const onMessage = (msg, buffers) => {
      if (!msg || msg.gamelib !== "bundle") return;
      model.off("msg:custom", onMessage);
      resolve({ format: msg.format, buffers: buffers.map(asBytes) });
    };
    model.on("msg:custom", onMessage);
    model.send({ gamelib: "bundle?", accept });
  });
}

// Asks the kernel for the figure as it is now; resolves once that state is in the model (the
// kernel sends it with a new value of _gamelib_current, then nothing else is awaited).
function requestCurrent(model) {
  return new Promise((resolve) => {
    const done = () => {
      model.off("change:_gamelib_current", done);
      resolve();
    };
    model.on("change:_gamelib_current", done);
    model.send({ gamelib: "current?" });
  });
}

function asBytes(data) {
  return ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);
}

function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).blob();
}

// The module of a figure: plotly.js imported by the page's preload while the kernel ran
// (gamelib.ui.bundle_server) if made from the kernel's bundle and, when it is the smaller
// plotly.js, if it has every trace type of the figure; else the kernel's whole bundle. null:
// the figure's types are not known yet (a figure made after the page loaded: its first state
// has none), asked again with known once the figure's current state is in.
async function plotlyModule(model, known) {
  const early = await globalThis[Symbol.for("__PRELOAD_KEY__")];
  if (!early || early.digest !== "__BUNDLE_DIGEST__") return kernelModule(model);
  const types = model.get("_gamelib_traces");
  if (!early.traces) return early.module;
  if (!Array.isArray(types) || (!types.length && !known)) return null;
  return types.every((type) => early.traces.includes(type)) ? early.module : kernelModule(model);
}

function kernelModule(model) {
  let promise = globalThis[KEY];
  if (!promise) {
    promise = (async () => {
      let { format, buffers } = await requestBundle(model, ["lzma", "gzip"]);
      let code = null;
      if (format === "lzma") {
        // a page that may not start the decoder's worker (a strict CSP) asks again for gzip
        code = await unlzma(buffers[0], buffers[1].slice()).catch(() => null);
        if (!code) ({ buffers } = await requestBundle(model, ["gzip"]));
      }
      code ??= await gunzip(buffers[0]);
      const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
      return await import(/* webpackIgnore: true */ url);
    })();
    globalThis[KEY] = promise;
    promise.catch(() => {
      if (globalThis[KEY] === promise) delete globalThis[KEY];
    });
  }
  return promise;
}

// After every draw plotly's front end reports the computed defaults of every trace and of the
// layout to the kernel; the kernel answers each report with messages of its own. gamelib never
// reads those defaults, so the reports are not sent (see "Messages" in the module docstring).
const UNREPORTED = new Set(["_js2py_traceDeltas", "_js2py_layoutDelta"]);

function quiet(model) {
  let dropped = false;
  let kept = false;
  return new Proxy(model, {
    get(target, prop) {
      if (prop === "set") {
        return (key, value, ...rest) => {
          if (typeof key === "string" && UNREPORTED.has(key)) {
            dropped = true;
            return undefined;
          }
          kept = true;
          return target.set(key, value, ...rest);
        };
      }
      if (prop === "save_changes") {
        return (...args) => {
          const skip = dropped && !kept;
          dropped = kept = false;
          return skip ? undefined : target.save_changes(...args);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// anywidget gives a model's module two seconds to load; on a busy page it may give up first and
// then drop every message to the model (its handler waits for a "ready" it rejected), although
// the module loads and its views render: the figure would never get its bundle nor its state.
// So from here on the model's messages go to the widget model's own handler, a task later (after
// those waiting for anywidget's "ready", settled by then). The widget model is the first argument
// of a change event of anywidget's model proxy.
function takeMessages(model) {
  const key = "_gamelib_probe";
  let raw = null;
  const seen = (m) => (raw = m);
  model.on(`change:${key}`, seen);
  model.set(key, {});
  model.off(`change:${key}`, seen);
  if (!raw || !raw.comm || !raw.attributes) return;
  delete raw.attributes[key];
  delete (raw._buffered_state_diff || {})[key];
  let own = Object.getPrototypeOf(raw);
  while (own && !Object.prototype.hasOwnProperty.call(own, "_handle_comm_msg")) {
    own = Object.getPrototypeOf(own);
  }
  const base = own && own.constructor.model_name === "AnyModel" && Object.getPrototypeOf(own);
  if (!base || typeof base._handle_comm_msg !== "function") return;
  const later = new Promise((resolve) => setTimeout(resolve, 0));
  raw.comm.on_msg((msg) => later.then(() => base._handle_comm_msg.call(raw, msg)));
}

// Figures are drawn one at a time, the one nearest the visible part of the page first, each in a
// task of its own after the browser has painted the last one: drawn together, a page's figures
// made one long run of work that showed none of them until all were drawn. A draw that has not
// ended after ten seconds no longer holds up the others.
const DRAWS = Symbol.for("gamelib.plotly.draws");

function offScreen(el) {
  const box = el.getBoundingClientRect();
  return box.bottom < 0 ? -box.bottom : Math.max(0, box.top - innerHeight);
}

function painted() {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, 0);
    if (document.visibilityState === "visible") requestAnimationFrame(later);
    else later();
  });
}

function queueDraw(el, draw) {
  const queue = (globalThis[DRAWS] ??= { waiting: [], running: false });
  const done = new Promise((resolve) => {
    const run = () => Promise.race([draw(), new Promise((end) => setTimeout(end, 10000))]);
    queue.waiting.push({ el, run: () => run().then(resolve, resolve) });
  });
  if (!queue.running) {
    queue.running = true;
    (async () => {
      while (queue.waiting.length) {
        const gaps = queue.waiting.map((w) => offScreen(w.el));
        const [next] = queue.waiting.splice(gaps.indexOf(Math.min(...gaps)), 1);
        await next.run();
        await painted();
      }
      queue.running = false;
    })();
  }
  return done;
}

export default () => {
  let inner = null;
  let ready = null;
  let late = null;
  let current = null;
  let context = null;
  const start = (mod) => {
    inner = mod.default();
    return inner.initialize(context);
  };
  return {
    initialize(ctx) {
      takeMessages(ctx.model);
      context = { ...ctx, model: quiet(ctx.model) };
      ready = plotlyModule(ctx.model, false).then((mod) => mod && start(mod));
    },
    // Not awaited by the widget manager: a view waiting for the screen must not hold up the
    // model's state changes (ipywidgets queues them behind every view being created).
    render(ctx) {
      let cleanup = null;
      let removed = false;
      const gone = () => removed;
      (async () => {
        await ready;
        await nearScreen(ctx.el, gone);
        if (removed) return;
        current ??= requestCurrent(ctx.model);
        await current;
        // a module chosen only now: the kernel's, imported meanwhile, may have missed edits
        late ??= inner ? null : plotlyModule(ctx.model, true).then(async (mod) => {
          await start(mod);
          if (mod === (await globalThis[KEY])) await requestCurrent(ctx.model);
        });
        await late;
        if (removed) return;
        await queueDraw(ctx.el, async () => {
          if (!removed) cleanup = await inner.render({ ...ctx, model: quiet(ctx.model) });
        });
        if (removed && typeof cleanup === "function") cleanup();
      })();
      return () => {
        removed = true;
        if (typeof cleanup === "function") cleanup();
      };
    },
  };
};
"""


def _compact(js: str) -> str:
    """``js`` without comment lines, indentation and blank lines (the loader's lines are
    statements or parts of one; no string or template literal spans lines)."""
    lines = (line.strip() for line in js.splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


def _one_way(name: str) -> Any:
    """plotly's trait ``name`` for messages from the browser, without ipywidgets' echo.

    ipywidgets 8 sends every state the browser sets back to it (``echo_update``), so each
    report plotly.js makes after drawing (the computed defaults of every trace and the layout,
    ``_js2py_traceDeltas``/``_js2py_layoutDelta``) came back over the websocket whole. These
    traits are one-shot messages (the kernel resets them to ``None`` at once): no view needs
    the echo.
    """
    return Dict(allow_none=True).tag(sync=True, echo_update=False, **custom_serializers)


class FigureWidget(go.FigureWidget):  # type: ignore[misc]
    """``go.FigureWidget`` whose front-end bundle is sent once per page, on request, and
    whose messages from the browser are not echoed back to it."""

    _esm = _compact(LOADER_ESM).replace("__PRELOAD_KEY__", PRELOAD_KEY).replace(
        "__BUNDLE_DIGEST__", digest())
    _js2py_traceDeltas = _one_way("_js2py_traceDeltas")
    _js2py_layoutDelta = _one_way("_js2py_layoutDelta")
    _js2py_restyle = _one_way("_js2py_restyle")
    _js2py_relayout = _one_way("_js2py_relayout")
    _js2py_update = _one_way("_js2py_update")
    _js2py_pointsCallback = _one_way("_js2py_pointsCallback")
    _gamelib_traces = List(Unicode()).tag(sync=True)
    """The figure's trace types, as its state is read (:meth:`get_state`): the loader uses a
    page's smaller plotly.js only if it has all of them (:mod:`gamelib.ui.partial_bundle`)."""
    _gamelib_current = Int(0).tag(sync=True)
    """Counts the kernel's answers to ``{"gamelib": "current?"}`` (the loader waits for a new
    value: the figure sent with it is then in the front-end model)."""
    _gamelib_live = False
    """Whether a view asked for the figure (see "Drawn when near the screen" in the module
    docstring); until then the figure is not in the widget's synced state."""

    @default("_dom_classes")
    def _default_dom_classes(self) -> tuple[str, ...]:
        return (FIGURE_CLASS,)  # in the first state sent: no message of its own

    def __init__(self, *args: Any, validated: bool = False, **kwargs: Any) -> None:
        """plotly's arguments; ``validated``: the one argument is plotly JSON that plotly has
        validated (a renderer's), so it is not validated again, as a ``go.Figure`` is not."""
        spec = args[0] if args else kwargs.get("data")
        # plotly validated a figure's properties when it was made: not again (20-40 ms a figure)
        made = len(args) == 1 and not kwargs and (
            validated or (isinstance(spec, go.Figure) and spec._validate))
        if args and not kwargs.get("layout") and len(args) < 2:
            args = (_default_template_left_out(spec), *args[1:])
        if made:
            kwargs["_validate"] = False
        super().__init__(*args, **kwargs)
        if made:
            self._check_edits()
        # a plotly JSON dict shown: the next one is compared with it (gamelib.ui.update_figure)
        self._gamelib_spec = spec if isinstance(spec, Mapping) else None
        self.on_msg(self._send_bundle)

    def _check_edits(self) -> None:
        """Validate the properties set from now on, as a figure made with validation does."""
        self._validate = True
        self._layout_obj._validate = True
        for trace in self.data:
            trace._validate = True

    def _initialize_layout_template(self) -> None:
        """Give the layout plotly's default template as plotly stores it, without building it.

        plotly builds and validates the template's thousand-odd objects again for each
        ``FigureWidget`` (for a widget it does not skip validation, because its validated
        path once made the widget's messages): 25-30 ms per figure widget, 0.2 s of a game
        page's first display. The template is stored as its plotly JSON, a copy per widget,
        exactly the properties the validated path stores (a test compares the two); the
        widget's state is made from them (:func:`remember_widget_state`). A template given
        in the figure's layout is validated as before.
        """
        layout = self._layout_obj
        default = pio.templates.default
        if layout._props.get("template") is not None or not isinstance(default, str) or (
                default not in pio.templates):
            super()._initialize_layout_template()
            return
        template = pio.templates[default].to_plotly_json()  # a deep copy
        layout._validate = False  # stores the JSON as it is
        try:
            layout.template = template
        finally:
            layout._validate = self._validate

    def _send_update_msg(
        self, restyle_data: Any, relayout_data: Any, trace_indexes: Any = None,
        source_view_id: Any = None,
    ) -> None:
        """plotly's ``Plotly.update`` message as one widget message, not four.

        plotly sets three traits in turn (the two edit counters, the message, then the message
        again to ``None``), each sent as its own message with its Jupyter envelope; in a
        browser, a figure update cost about 2 kB of envelopes for a few bytes of change. The
        same three values go in one message, and the message trait is left ``None`` in the
        kernel (a view connecting later must not replay it).
        """
        trace_indexes = self._normalize_trace_indexes(trace_indexes)
        self._trace_edit_in_process = True
        self._layout_edit_in_process = True
        with self.hold_sync():  # one message with the three values
            self._last_trace_edit_id = trace_edit_id = self._last_trace_edit_id + 1
            self._last_layout_edit_id = layout_edit_id = self._last_layout_edit_id + 1
            self._py2js_update = {
                "style_data": restyle_data,
                "layout_data": relayout_data,
                "style_traces": trace_indexes,
                "trace_edit_id": trace_edit_id,
                "layout_edit_id": layout_edit_id,
                "source_view_id": source_view_id,
            }
        with self._lock_property(_py2js_update=None):  # reset in the kernel only
            self._py2js_update = None

    def _send_bundle(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("gamelib") == "bundle?":
            accept = content.get("accept")
            lzma_ok = not isinstance(accept, list) or "lzma" in accept
            message, buffers = bundle_message(lzma_ok=lzma_ok)
            self.send(message, buffers=buffers)
        elif content.get("gamelib") == "current?":
            self._gamelib_live = True
            remember_widget_state(self)
            self._trait_values["_gamelib_current"] = self._gamelib_current + 1
            self.send_state([*_FIGURE_KEYS, "_gamelib_traces", "_gamelib_current"])

    def __repr__(self) -> str:
        """One line: the figure's title and trace types. plotly's repr formats the whole figure
        (tens of ms for a board), and Jupyter asks for a widget's text each time it shows the
        widget or a box holding it."""
        title = self._layout_obj._props.get("title")
        text = title.get("text") if isinstance(title, Mapping) else title
        types = ", ".join(str(trace.get("type", "scatter")) for trace in self._data)
        return f"FigureWidget(title={text!r}, traces=[{types}])"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None,
                          **kwargs: Any) -> dict[str, Any]:
        """The widget view, and :meth:`__repr__` as text; the saved state is made current by
        :func:`remember_widget_state` (plotly deep-copies the whole figure into it)."""
        remember_widget_state(self)
        return {
            "application/vnd.jupyter.widget-view+json": {
                "version_major": 2, "version_minor": 0, "model_id": self._model_id,
            },
            "text/plain": repr(self),
        }

    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict[str, Any]:
        """The widget's state; until a view asked for the figure, an empty figure."""
        state: dict[str, Any] = super().get_state(key, drop_defaults)
        if "_gamelib_traces" in state:
            state["_gamelib_traces"] = sorted(  # none while plotly makes the widget
                {str(trace.get("type") or "scatter") for trace in getattr(self, "_data", ())})
        if not self._gamelib_live:
            for name, empty in (("_widget_data", []), ("_widget_layout", {})):
                if name in state:
                    state[name] = empty
        return state

    def send_state(self, key: Any = None) -> None:
        """Send ``key`` (or every synced trait); until a view asked for the figure, nothing
        of the figure (its data, layout, edits): the view asks for all of it when it is near
        the screen."""
        if not self._gamelib_live:
            keys = self.keys if key is None else [key] if isinstance(key, str) else list(key)
            key = [k for k in keys if k not in _FIGURE_KEYS and not k.startswith("_py2js_")]
            if not key:
                return
        super().send_state(key)


def _default_template_left_out(spec: Any) -> Any:
    """``spec`` (a figure or its plotly JSON), without its layout's template when that is
    plotly's default one: the widget then stores the default without building it (see
    ``FigureWidget._initialize_layout_template``). A ``go.Figure`` carries the default template
    in its layout, and a figure shown as a cell's output comes as its JSON, template included.
    """
    from plotly.basedatatypes import BaseFigure

    if isinstance(spec, BaseFigure):
        figure = spec.to_dict()  # plotly's own copy, with its subplot grid:
        figure["_grid_str"], figure["_grid_ref"] = spec._grid_str, spec._grid_ref
    elif isinstance(spec, Mapping) and isinstance(spec.get("layout"), Mapping):
        figure = dict(spec)
    else:
        return spec
    layout = figure["layout"]
    default = pio.templates.default
    if ("template" not in layout or not isinstance(default, str) or default not in pio.templates
            or layout["template"] != pio.templates[default].to_plotly_json()):
        return spec
    figure["layout"] = {key: value for key, value in layout.items() if key != "template"}
    return figure


_FIGURE_KEYS = ("_widget_data", "_widget_layout", "_last_trace_edit_id", "_last_layout_edit_id")
"""Synced traits of a figure widget that carry its figure (with the ``_py2js_*`` edits)."""


def remember_widget_state(fw: go.FigureWidget) -> None:
    """Keep the widget's saved state equal to its figure without sending it again.

    Views already showing the widget got the change as messages; a view that connects later
    (Voila renders after the notebook has run) asks the kernel for the saved state, so it must be
    current even for changes made after the controller was displayed.

    The saved state is a copy (plotly edits its saved layout in place when the browser reports
    defaults); containers are copied, leaf values shared, and the layout template (large, and
    replaced rather than edited) is copied only when it is a new one.
    """
    data = getattr(fw, "_data", None)
    layout = getattr(getattr(fw, "_layout_obj", None), "_props", None)
    if data is None or layout is None or not fw.has_trait("_widget_data"):
        return  # another plotly version: nothing known to keep
    fw._trait_values["_widget_data"] = copy_containers(data)
    saved: dict[str, Any] = {}
    for key, value in layout.items():
        if key == "template":
            cached = getattr(fw, "_gamelib_saved_template", None)
            if cached is None or cached[0] is not value:
                cached = (value, copy_containers(value))
                fw._gamelib_saved_template = cached
            saved[key] = cached[1]
        else:
            saved[key] = copy_containers(value)
    fw._trait_values["_widget_layout"] = saved


def copy_containers(value: Any) -> Any:
    """A copy of nested dicts and lists; other values (str, numbers, arrays) are shared."""
    if isinstance(value, dict):
        return {k: copy_containers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_containers(v) for v in value]
    return value

