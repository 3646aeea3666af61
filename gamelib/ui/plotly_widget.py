"""A plotly ``FigureWidget`` whose 5 MB plotly.js bundle reaches each page once, compressed.

plotly's ``FigureWidget`` is an anywidget: its front-end code (plotly.js and the widget, about
5 MB) is the ``_esm`` trait of every widget, so a page with five figures receives 25 MB of
JavaScript over the websocket, and a notebook saved with widget state stores it five times.

:class:`FigureWidget` keeps plotly's widget unchanged but replaces ``_esm`` with a small loader.
The first figure of a page asks the kernel for the bundle with a custom widget message; the
kernel answers with the bundle gzip-compressed (about 1.5 MB) as a binary buffer; the loader
inflates it with the browser's ``DecompressionStream``, imports it once and shares the module
(``globalThis``) with every other figure of the page, which then just wait for it. Nothing of the
bundle is kept in any widget's state, so saved widget state stays small.

The message is not awaited inside anywidget's ``initialize`` (model creation may be serialized
behind it in the front end); only ``render`` waits for the module.
"""

from __future__ import annotations

import functools
import gzip
from pathlib import Path
from typing import Any

import plotly
import plotly.graph_objects as go

__all__ = ["LOADER_ESM", "FigureWidget", "widget_bundle"]

_BUNDLE = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"

LOADER_ESM = """
const KEY = Symbol.for("gamelib.plotly.widgetbundle");

function requestBundle(model) {
  return new Promise((resolve) => {
    const onMessage = (msg, buffers) => {
      if (!msg || msg.gamelib !== "bundle") return;
      model.off("msg:custom", onMessage);
      resolve(buffers[0]);
    };
    model.on("msg:custom", onMessage);
    model.send({ gamelib: "bundle?" });
  });
}

function plotlyModule(model) {
  let promise = globalThis[KEY];
  if (!promise) {
    promise = (async () => {
      const data = await requestBundle(model);
      const bytes = ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : new Uint8Array(data);
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      const code = await new Response(stream).text();
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

export default () => {
  let inner = null;
  let ready = null;
  return {
    initialize(ctx) {
      ready = plotlyModule(ctx.model).then((mod) => {
        inner = mod.default();
        return inner.initialize(ctx);
      });
    },
    async render(ctx) {
      await ready;
      return inner.render(ctx);
    },
  };
};
"""


@functools.cache
def widget_bundle() -> bytes:
    """plotly's widget bundle (plotly.js and the FigureWidget front end), gzip-compressed."""
    return gzip.compress(_BUNDLE.read_bytes(), compresslevel=6, mtime=0)


class FigureWidget(go.FigureWidget):  # type: ignore[misc]
    """``go.FigureWidget`` whose front-end bundle is sent once per page, on request."""

    _esm = LOADER_ESM

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_msg(self._send_bundle)

    def _send_bundle(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("gamelib") == "bundle?":
            self.send({"gamelib": "bundle"}, buffers=[widget_bundle()])
