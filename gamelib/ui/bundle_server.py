"""A Jupyter server extension that serves plotly's widget bundle over HTTP, for a Voila page to
import while its kernel runs the notebook.

A Voila page's figure widgets exist only once the server has run the notebook; each would then
ask the kernel for the bundle (:mod:`gamelib.ui.plotly_widget`) and import several MB of
plotly.js. gamelib's Voila template (``share/jupyter/voila/templates/gamelib``) starts the
preload of :func:`preload_js` from the page's head instead: it imports the bundle as an ES module
from this extension, so the browser fetches it gzip-compressed, decompresses it natively and
compiles it while it streams in, and keeps it (and V8 its compiled code) in its cache for the
next page. A figure uses that module when its digest is the one of the kernel's own bundle, and
asks the kernel as before otherwise (no extension, another plotly).

Routes, under the server's base URL, behind the server's authentication:

- ``gamelib/plotly-preload.js``: :func:`preload_js` for the bundle served now (never cached);
- ``gamelib/plotly-bundle-<digest>.js``: plotly's widget bundle, and
  ``gamelib/plotly-bundle-<digest>-partial-<key>.js`` the smaller bundle
  (:mod:`gamelib.ui.partial_bundle`) once it was built, which the preload then names with its
  trace types. The digest is the installed plotly's bundle's, so a name never changes content:
  the browser may keep it a year (``immutable``). Sent gzip-compressed (made once per process,
  in the background when the extension loads) to a browser that accepts gzip.

Enabled by ``ServerApp.jpserver_extensions`` in the repository's ``etc/jupyter`` config (which
``make run``, Binder and the browser tests use).
"""

from __future__ import annotations

import gzip
import json
import lzma
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamelib.ui import partial_bundle, widget_bundle
from gamelib.ui.widget_bundle import PRELOAD_KEY

__all__ = ["Served", "preload_js", "served"]

IMMUTABLE = "private, max-age=31536000, immutable"
"""``Cache-Control`` of a bundle: its name changes with its content."""

_lock = threading.Lock()
_gzipped: dict[str, bytes] = {}
_served: dict[tuple[str, tuple[int, int] | None], Served] = {}


@dataclass(frozen=True)
class Served:
    """The bundle a page's preload imports now: its file name, the digest of the installed
    plotly's bundle, the trace types it draws (``None``: all of plotly.js), and the smaller
    bundle LZMA-compressed (``None``: plotly's whole widget bundle)."""

    name: str
    digest: str
    traces: tuple[str, ...] | None
    packed: bytes | None = field(default=None, repr=False)

    def code(self) -> bytes:
        """The bundle's JavaScript."""
        if self.packed is None:
            return widget_bundle.BUNDLE.read_bytes()
        return lzma.decompress(self.packed, format=lzma.FORMAT_ALONE)

    def gzipped(self) -> bytes:
        """The bundle gzip-compressed (made once per process and name; the whole bundle is
        :func:`gamelib.ui.widget_bundle.gzip_bundle`, which kernels send too)."""
        if self.packed is None:
            return widget_bundle.gzip_bundle()
        with _lock:
            if self.name in _gzipped:
                return _gzipped[self.name]
        data = gzip.compress(self.code(), compresslevel=9, mtime=0)
        with _lock:
            return _gzipped.setdefault(self.name, data)


def served(directory: Path | None = None) -> Served:
    """The smaller bundle if it was built into the cache in ``directory``
    (:func:`gamelib.ui.widget_bundle.cache_dir`), else plotly's whole widget bundle.

    Asked twice by every page: its cache file is read and its digest checked again only when
    the file changed (another size or modification time)."""
    digest = widget_bundle.digest()
    path = partial_bundle.cache_path(directory)
    try:
        stat = path.stat()
        stamp: tuple[int, int] | None = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = None
    key = (str(path), stamp)
    with _lock:
        if key in _served:
            return _served[key]
    bundle = Served(f"plotly-bundle-{digest}.js", digest, None)
    if stamp is not None and (packed := partial_bundle.load(directory)) is not None:
        name = f"plotly-bundle-{path.stem.removeprefix('widgetbundle-')}.js"
        bundle = Served(name, digest, partial_bundle.TRACES, packed)
    with _lock:
        return _served.setdefault(key, bundle)


def preload_js(bundle: Served) -> str:
    """The page's preload (an ES module) of ``bundle``: ``globalThis[Symbol.for(KEY)]`` becomes
    a promise of ``{digest, traces, module}``, or of ``null`` if the import failed."""
    info = json.dumps({"src": bundle.name, "digest": bundle.digest,
                       "traces": None if bundle.traces is None else list(bundle.traces)})
    return f"""const KEY = Symbol.for({json.dumps(PRELOAD_KEY)});
async function preload(info) {{
  const module = await import(new URL(info.src, import.meta.url).href);
  return {{ digest: info.digest, traces: info.traces, module }};
}}
globalThis[KEY] ??= preload({info}).catch(() => null);
"""


_BUNDLE_NAME = re.compile(r"plotly-bundle-[0-9a-f]+(?:-partial-[0-9a-f]+)?\.js")


def _handlers() -> list[tuple[str, type[Any]]]:
    from jupyter_server.base.handlers import JupyterHandler
    from tornado import web

    class PreloadHandler(JupyterHandler):  # type: ignore[misc]
        @web.authenticated
        def get(self, name: str) -> None:
            bundle = served()
            self.set_header("Content-Type", "text/javascript; charset=utf-8")
            if name == "plotly-preload.js":
                self.set_header("Cache-Control", "no-cache")
                self.finish(preload_js(bundle))
                return
            if name != bundle.name:
                raise web.HTTPError(404)
            self.set_header("Cache-Control", IMMUTABLE)
            self.set_header("Vary", "Accept-Encoding")
            if "gzip" in self.request.headers.get("Accept-Encoding", ""):
                self.set_header("Content-Encoding", "gzip")
                self.finish(bundle.gzipped())
            else:
                self.finish(bundle.code())

    pattern = r"/gamelib/(plotly-preload\.js|" + _BUNDLE_NAME.pattern + ")"
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
    threading.Thread(target=lambda: served().gzipped(), name="gamelib-gzip", daemon=True).start()
