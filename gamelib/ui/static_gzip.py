"""A Jupyter server extension that gzip-compresses each static file once, not at every request.

The repository's server config compresses responses (tornado's ``compress_response``): a Voila
page's 95 scripts and style sheets are 5.3 MB as files and 1.4 MB compressed. Tornado
compresses a response as it is written, so every page compressed them all again: 0.4–0.65 s
of the server's single thread per page on this project's loaded machine (0.19 s to send them
uncompressed), while the page's scripts waited for them (issue 12).

:class:`CachedGZipContentEncoding` takes the place of tornado's transform. For a static file
(a whole ``200`` answer to ``GET`` with ``Last-Modified`` and ``Content-Length`` headers, as
the static file handlers send) whose name and length match a file it compressed before, it
sends the bytes made then, once the file has gone through and its CRC-32 and length match the
ones of those bytes (else it compresses the file then, as before). What it compresses is
kept in memory (at most :data:`LIMIT` bytes, the least recently used dropped first). So that
a new server's first page finds them too, ``python -m gamelib.ui.bundle_cache`` (``make run``,
Binder's ``postBuild``) compresses the files of Voila's templates and of the installed
JupyterLab extensions beforehand into ``static-gzip`` under gamelib's cache directory
(:func:`compress_installed`, :func:`gamelib.ui.widget_bundle.cache_dir`); nothing else is
written there.

Enabled by ``ServerApp.jpserver_extensions`` in the repository's ``etc/jupyter`` config (which
``make run``, Binder and the browser tests use); does nothing on a server that does not
compress its responses.
"""

from __future__ import annotations

import gzip
import os
import re
import struct
import tempfile
import zlib
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from tornado import httputil
from tornado.web import GZipContentEncoding

__all__ = [
    "LIMIT", "CachedGZipContentEncoding", "Kept", "compress_installed", "install",
    "static_dir",
]

LIMIT = 32 * 1024 * 1024
"""The most bytes of compressed files kept in memory."""

COMPRESSED = (".js", ".mjs", ".css", ".json", ".svg", ".html")
"""The kinds of file :func:`compress_installed` compresses (what a page loads)."""

_NAME = re.compile(r"[^A-Za-z0-9._-]")


def static_dir(cache: Path | None = None) -> Path:
    """Where compressed static files are kept on disk."""
    from gamelib.ui.widget_bundle import cache_dir

    return (cache or cache_dir()) / "static-gzip"


def _trailer(body: bytes) -> tuple[int, int]:
    """The CRC-32 and the length (modulo 2**32) of what the gzip stream ``body`` holds, as its
    trailer says (``(-1, -1)`` if too short to be one)."""
    if len(body) < 18:  # a gzip header and trailer
        return -1, -1
    crc, size = struct.unpack("<II", body[-8:])
    return crc, size


class Kept:
    """Compressed files by name and length, in memory and in ``directory`` (if not ``None``)."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory
        self.memory: OrderedDict[tuple[str, int], list[bytes]] = OrderedDict()
        self.size = 0
        self.on_disk: dict[tuple[str, int], list[Path]] = {}
        if directory is not None and directory.is_dir():
            for path in directory.glob("*.gz"):
                parts = path.name[:-3].split("-", 2)
                if len(parts) == 3 and parts[1].isdigit():
                    self.on_disk.setdefault((parts[2], int(parts[1])), []).append(path)

    def candidates(self, name: str, length: int) -> list[bytes]:
        """The compressed files kept for a file called ``name`` of ``length`` bytes."""
        key = (_NAME.sub("_", name), length)
        if key in self.memory:
            self.memory.move_to_end(key)
            return self.memory[key]
        found = []
        for path in self.on_disk.get(key, []):
            try:
                found.append(path.read_bytes())
            except OSError:
                continue
        for body in found:
            self._remember(key, body)
        return found

    def put(self, name: str, body: bytes) -> None:
        """Keep ``body``, the compressed file called ``name``, in memory."""
        crc, size = _trailer(body)
        key = (_NAME.sub("_", name), size)
        if not any(_trailer(kept) == (crc, size) for kept in self.memory.get(key, [])):
            self._remember(key, body)

    def _remember(self, key: tuple[str, int], body: bytes) -> None:
        if len(body) > LIMIT:
            return
        self.memory.setdefault(key, []).append(body)
        self.memory.move_to_end(key)
        self.size += len(body)
        while self.size > LIMIT:
            _, dropped = self.memory.popitem(last=False)
            self.size -= sum(map(len, dropped))


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".part-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


KEPT = Kept()
"""The server's compressed files (given its directory by :func:`install`)."""


class CachedGZipContentEncoding(GZipContentEncoding):
    """tornado's gzip transform, which answers a static file it compressed before with the
    bytes it made then (see the module's docstring)."""

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        super().__init__(request)
        self._get = request.method == "GET"
        self._name = request.path.rsplit("/", 1)[-1]
        self._expected = -1
        self._seen = 0
        self._crc = 0
        self._raw: list[bytes] = []
        self._candidates: list[bytes] = []
        self._parts: list[bytes] | None = None

    def transform_first_chunk(
        self, status_code: int, headers: httputil.HTTPHeaders, chunk: bytes, finishing: bool
    ) -> tuple[int, httputil.HTTPHeaders, bytes]:
        length = headers.get("Content-Length", "")
        static = (self._gzipping and self._get and status_code == 200 and length.isdigit()
                  and "Last-Modified" in headers and "Content-Encoding" not in headers)
        if static:
            self._expected = int(length)
            self._candidates = KEPT.candidates(self._name, self._expected)
        if not self._candidates:
            if static:
                self._parts = []
            # tornado's transform compresses this first chunk with transform_chunk (below)
            status_code, headers, chunk = super().transform_first_chunk(
                status_code, headers, chunk, finishing)
            if not self._gzipping:
                self._parts = None
            return status_code, headers, chunk
        headers["Vary"] = (f"{headers['Vary']}, Accept-Encoding" if "Vary" in headers
                           else "Accept-Encoding")
        headers["Content-Encoding"] = "gzip"
        del headers["Content-Length"]
        return status_code, headers, self._held(chunk, finishing)

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if self._candidates:
            return self._held(chunk, finishing)
        self._seen += len(chunk)
        compressed = super().transform_chunk(chunk, finishing)
        if self._parts is not None:
            self._parts.append(compressed)
            if finishing and self._seen == self._expected:
                KEPT.put(self._name, b"".join(self._parts))
        return compressed

    def _held(self, chunk: bytes, finishing: bool) -> bytes:
        """Holds the file back until it has all gone through, then sends the kept bytes made
        from the same file, or compresses it now if none was."""
        self._raw.append(chunk)
        self._seen += len(chunk)
        self._crc = zlib.crc32(chunk, self._crc)
        if not finishing:
            return b""
        whole = (self._crc, self._seen & 0xFFFFFFFF)
        if self._seen == self._expected:
            for body in self._candidates:
                if _trailer(body) == whole:
                    return body
        body = gzip.compress(b"".join(self._raw), compresslevel=self.GZIP_LEVEL)
        if self._seen == self._expected:
            KEPT.put(self._name, body)
        return body


def install(web_app: Any, directory: Path | None = None) -> bool:
    """Put :class:`CachedGZipContentEncoding` in place of tornado's gzip transform in
    ``web_app`` (a ``tornado.web.Application``), keeping compressed files in ``directory``
    (default :func:`static_dir`); ``False`` if the application compresses nothing."""
    global KEPT
    transforms = list(web_app.transforms)
    if GZipContentEncoding not in transforms:
        return False
    KEPT = Kept(directory or static_dir())
    web_app.transforms = [CachedGZipContentEncoding if t is GZipContentEncoding else t
                          for t in transforms]
    return True


def installed_static_files() -> Iterator[Path]:
    """The files a Voila page may load from this installation: the static files of Voila's
    templates, Voila's and JupyterLab's installed extensions (of the kinds in
    :data:`COMPRESSED`)."""
    from jupyter_core.paths import jupyter_path

    roots = [*jupyter_path("voila", "templates"), *jupyter_path("voila", "labextensions"),
             *jupyter_path("labextensions")]
    for root in map(Path, roots):
        if root.is_dir():
            for path in sorted(root.rglob("*")):
                if path.suffix in COMPRESSED and path.is_file():
                    yield path


def compress_installed(files: Iterable[Path] | None = None, directory: Path | None = None,
                       ) -> Path:
    """Compress ``files`` (default :func:`installed_static_files`) into ``directory`` (default
    :func:`static_dir`) unless there already, remove what no such file needs any more, and
    return the directory."""
    directory = directory or static_dir()
    directory.mkdir(parents=True, exist_ok=True)
    wanted = set()
    for path in files if files is not None else installed_static_files():
        data = path.read_bytes()
        crc = zlib.crc32(data)
        name = f"{crc:08x}-{len(data) & 0xFFFFFFFF}-{_NAME.sub('_', path.name)}.gz"
        wanted.add(name)
        if not (directory / name).exists():
            _write_atomically(directory / name,
                              gzip.compress(data, compresslevel=GZipContentEncoding.GZIP_LEVEL,
                                            mtime=0))
    for old in directory.glob("*.gz"):
        if old.name not in wanted:
            old.unlink(missing_ok=True)
    return directory


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "gamelib.ui.static_gzip"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    install(serverapp.web_app)
