"""A Jupyter server extension that serves plotly's widget bundle over HTTP, for a Voila page to
fetch and import while its kernel runs the notebook.

A Voila page waits while the server runs the whole notebook in a new kernel (seconds); only then
do its figure widgets exist and ask the kernel for the bundle (:mod:`gamelib.ui.plotly_widget`),
and importing the 5 MB of plotly.js takes the page another 2–3 s. gamelib's Voila template
(``share/jupyter/voila/templates/gamelib``) starts :data:`PRELOAD_JS` from the page's head
instead: it fetches the LZMA bundle and its decoder from this extension, decodes them in a worker
and imports plotly.js while the notebook runs. A figure then uses that module when its digest is
the one of the kernel's own bundle, and asks the kernel as before otherwise (no extension, no
LZMA cache made yet, a worker refused, another plotly).

Routes, under the server's base URL, behind the server's authentication:

- ``gamelib/plotly-preload.js``: :data:`PRELOAD_JS`;
- ``gamelib/lzma-decoder.js``: the decoder (:data:`gamelib.ui.widget_bundle.DECODER`);
- ``gamelib/plotly-bundle.lzma``: the LZMA bundle from the cache, with the digest of the
  installed plotly's bundle in the ``X-Gamelib-Bundle`` header: the smaller bundle
  (:mod:`gamelib.ui.partial_bundle`) with its trace types in ``X-Gamelib-Traces`` if it was
  built, else the whole one; ``204 No Content`` while neither is made (a kernel asked for the
  bundle then makes the whole one in the background).

Enabled by ``ServerApp.jpserver_extensions`` in the repository's ``etc/jupyter`` config (which
``make run``, Binder and the browser tests use).
"""

from __future__ import annotations

from typing import Any

from gamelib.ui import partial_bundle, widget_bundle
from gamelib.ui.widget_bundle import PRELOAD_KEY, UNLZMA_JS

__all__ = ["BUNDLE_HEADER", "PRELOAD_JS", "TRACES_HEADER"]

BUNDLE_HEADER = "X-Gamelib-Bundle"
TRACES_HEADER = "X-Gamelib-Traces"

PRELOAD_JS = UNLZMA_JS + f"""
const KEY = Symbol.for("{PRELOAD_KEY}");
async function preload() {{
  const here = (name) => new URL(name, import.meta.url);
  const [bundle, decoder] = await Promise.all(
    [fetch(here("plotly-bundle.lzma")), fetch(here("lzma-decoder.js"))]);
  const digest = bundle.headers.get("{BUNDLE_HEADER}");
  const traces = bundle.headers.get("{TRACES_HEADER}");
  if (bundle.status !== 200 || !digest || !decoder.ok) return null;
  const bytes = new Uint8Array(await bundle.arrayBuffer());
  const code = await unlzma(await decoder.arrayBuffer(), bytes);
  const url = URL.createObjectURL(new Blob([code], {{ type: "text/javascript" }}));
  return {{ digest, traces: traces ? traces.split(",") : null, module: await import(url) }};
}}
globalThis[KEY] ??= preload().catch(() => null);
"""
"""The page's preload (an ES module): a promise of ``{digest, module}`` or ``null``."""


def _handlers() -> list[tuple[str, type[Any]]]:
    from jupyter_server.base.handlers import JupyterHandler
    from tornado import web

    class PreloadHandler(JupyterHandler):  # type: ignore[misc]
        @web.authenticated
        def get(self, name: str) -> None:
            self.set_header("Cache-Control", "no-cache")
            if name == "plotly-preload.js":
                self.set_header("Content-Type", "text/javascript; charset=utf-8")
                self.finish(PRELOAD_JS)
            elif name == "lzma-decoder.js":
                self.set_header("Content-Type", "text/javascript; charset=utf-8")
                self.finish(widget_bundle.DECODER.read_bytes())
            else:
                partial = partial_bundle.load()
                data = partial if partial is not None else widget_bundle.lzma_bundle()
                if partial is not None:
                    self.set_header(TRACES_HEADER, ",".join(partial_bundle.TRACES))
                if data is None:
                    widget_bundle.prepare_in_background()
                    self.set_status(204)
                    self.finish()
                    return
                self.set_header("Content-Type", "application/octet-stream")
                self.set_header(BUNDLE_HEADER, widget_bundle.digest())
                self.finish(data)

    pattern = r"/gamelib/(plotly-preload\.js|lzma-decoder\.js|plotly-bundle\.lzma)"
    return [(pattern, PreloadHandler)]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "gamelib.ui.bundle_server"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    from jupyter_server.utils import url_path_join

    web_app = serverapp.web_app
    base = web_app.settings["base_url"]
    web_app.add_handlers(
        ".*$", [(url_path_join(base, pattern), handler) for pattern, handler in _handlers()]
    )
