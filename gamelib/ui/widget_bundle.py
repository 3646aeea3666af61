"""plotly's widget bundle as a page receives it: LZMA-compressed with its decoder, or gzip.

plotly's widget bundle (plotly.js and the ``FigureWidget`` front end) is 5 MB of JavaScript;
gzip makes it 1.5 MB, LZMA 1.15 MB. Browsers inflate gzip natively but not LZMA, so an LZMA
bundle travels with its decoder (``lzma_decoder.js``, 5 kB), which the page runs in a worker.

Compressing with LZMA takes about 3 s of CPU, too long for a kernel answering a page, so the
result is cached on disk (:func:`cache_dir`), keyed by a digest of the bundle: one compression
per installed plotly version. ``python -m gamelib.ui.bundle_cache`` makes the cache (Binder's
``postBuild`` and ``make run`` do); until it exists, a kernel asked for the bundle sends gzip
and compresses in a background thread for the pages after it. A page that cannot start the
decoder's worker (a strict Content-Security-Policy) asks again for gzip only. A Voila page
usually imports the bundle over HTTP instead (:mod:`gamelib.ui.bundle_server`), and asks the
kernel only if that failed.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import hashlib
import lzma
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

import plotly

__all__ = ["BUNDLE", "DECODER", "PRELOAD_KEY", "UNLZMA_JS", "bundle_message", "cache_dir",
           "cache_path", "digest", "gzip_bundle", "lzma_bundle", "prepare",
           "prepare_in_background", "store", "stored"]

BUNDLE = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"
"""plotly's widget bundle (plotly.js and the FigureWidget front end)."""
DECODER = Path(__file__).with_name("lzma_decoder.js")
"""The page's LZMA decoder (an ES module exporting ``decode``)."""
FILTERS = [{"id": lzma.FILTER_LZMA1, "preset": 9, "lc": 3, "lp": 0, "pb": 0,
            "dict_size": 1 << 23}]
"""LZMA settings: literal context of 3 bits and no position bits suit text; an 8 MB
dictionary spans the whole bundle."""

_lock = threading.Lock()
_memory: dict[Path, bytes] = {}
_preparing: set[Path] = set()


def cache_dir() -> Path:
    """Where compressed bundles are kept: ``$GAMELIB_CACHE_DIR``, else ``$XDG_CACHE_HOME/gamelib``,
    else ``~/.cache/gamelib``."""
    if explicit := os.environ.get("GAMELIB_CACHE_DIR"):
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "gamelib"


PRELOAD_KEY = "gamelib.plotly.preload"
"""``Symbol.for`` key of a page's preloaded plotly.js: a promise of ``{digest, module}`` or
``null`` (:mod:`gamelib.ui.bundle_server`)."""

UNLZMA_JS = """
// The LZMA decoder runs as a worker (it answers each message with the decoded bytes).
async function unlzma(decoder, bytes) {
  const url = URL.createObjectURL(new Blob([decoder], { type: "text/javascript" }));
  const worker = new Worker(url, { type: "module" });
  return new Promise((resolve, reject) => {
    const end = (error, data) => {
      worker.terminate();
      URL.revokeObjectURL(url);
      error ? reject(new Error(error)) : resolve(new Blob([data]));
    };
    worker.onmessage = (e) => (typeof e.data === "string" ? end(e.data) : end(null, e.data));
    worker.onerror = (e) => end(e.message || "lzma worker failed");
    worker.postMessage(bytes, [bytes.buffer]);
  });
}
"""
"""The page's ``unlzma(decoder, bytes)``, shared by the figures' loader and the preload."""


@functools.cache
def digest() -> str:
    """A digest of the installed plotly's bundle: it names the cache file, and a page's
    preloaded plotly.js is used only by a kernel whose bundle has the same one."""
    return hashlib.sha256(BUNDLE.read_bytes()).hexdigest()[:16]


def cache_path(directory: Path | None = None) -> Path:
    """The cache file of the installed plotly's bundle in ``directory`` (:func:`cache_dir`)."""
    return (cache_dir() if directory is None else directory) / f"widgetbundle-{digest()}.lzma"


@functools.cache
def gzip_bundle() -> bytes:
    """The bundle gzip-compressed."""
    return gzip.compress(BUNDLE.read_bytes(), compresslevel=6, mtime=0)


def lzma_bundle() -> bytes | None:
    """The bundle LZMA-compressed (``.lzma`` format), if made already.

    A cache file is the SHA-256 digest of the compressed bundle, then the compressed bundle;
    a file whose digest does not match (damaged, cut short) is ignored."""
    path = cache_path()
    with _lock:
        if path in _memory:
            return _memory[path]
    data = stored(path)
    if data is None:
        return None
    with _lock:
        _memory[path] = data
    return data


def prepare(directory: Path | None = None) -> Path:
    """Compress the bundle with LZMA and keep it in the cache in ``directory`` (:func:`cache_dir`)
    atomically; the cache path.

    If the cache directory cannot be written, the result is kept for this process only."""
    path = cache_path(directory)
    data = lzma.compress(BUNDLE.read_bytes(), format=lzma.FORMAT_ALONE, filters=FILTERS)
    with _lock:
        _memory[path] = data
    with contextlib.suppress(OSError):
        store(path, data)
    return path


def store(path: Path, data: bytes) -> None:
    """Write a cache file atomically: the SHA-256 digest of ``data``, then ``data``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(hashlib.sha256(data).digest() + data)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def stored(path: Path) -> bytes | None:
    """A cache file's data, or ``None`` if it is missing or its digest does not match (damaged,
    cut short)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    return raw[32:] if hashlib.sha256(raw[32:]).digest() == raw[:32] else None


def prepare_in_background() -> None:
    """Make the cache in a background thread (once per process), unless one is being made."""
    path = cache_path()
    with _lock:
        if path in _preparing:
            return
        _preparing.add(path)
    threading.Thread(target=prepare, name="gamelib-bundle", daemon=True).start()


def bundle_message(lzma_ok: bool = True) -> tuple[dict[str, Any], list[bytes]]:
    """The kernel's answer to a page asking for the bundle: content and buffers.

    ``{"gamelib": "bundle", "format": "lzma"}`` with the decoder and the LZMA bundle, or, while
    no LZMA bundle is made (one is then made in the background) or when the page asks for gzip
    only (``lzma_ok`` false: its decoder's worker could not start), ``"format": "gzip"`` with
    the gzip bundle."""
    data = lzma_bundle() if lzma_ok else None
    if data is None:
        if lzma_ok:
            prepare_in_background()
        return {"gamelib": "bundle", "format": "gzip"}, [gzip_bundle()]
    return {"gamelib": "bundle", "format": "lzma"}, [DECODER.read_bytes(), data]


def main() -> None:
    """Make the cache unless it holds the installed plotly's bundle already; print its path."""
    print(cache_path() if lzma_bundle() is not None else prepare())
