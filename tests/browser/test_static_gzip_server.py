"""A Jupyter server with the repository's config sends Voila's page scripts compressed from the
files ``gamelib.ui.bundle_cache`` compressed beforehand (:mod:`gamelib.ui.static_gzip`), and
every answer is the file."""

from __future__ import annotations

import gzip
import urllib.request
from pathlib import Path

import pytest

from gamelib.ui import static_gzip
from tests.browser.harness import _server_args, bundle_cache, free_port, run_server

pytestmark = pytest.mark.browser


def _get(url: str, encoding: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=60) as reply:
        return {k.lower(): v for k, v in reply.headers.items()}, reply.read()


def _gzip_mtime(body: bytes) -> int:
    return int.from_bytes(body[4:8], "little")


def test_voilas_scripts_come_compressed_beforehand_and_whole(tmp_path: Path) -> None:
    assert any(static_gzip.static_dir(bundle_cache()).glob("*-voila.js.gz"))
    [voila_js] = [p for p in static_gzip.installed_static_files()
                  if p.name == "voila.js" and p.parent.name == "static"
                  and p.parent.parent.name == "base"]
    [entry] = [p for p in static_gzip.installed_static_files()
               if p.name.startswith("remoteEntry.") and "jupyterlab-manager" in str(p)]
    port = free_port()
    cmd = _server_args("jupyter-server", port, tmp_path)
    with run_server(cmd, port, tmp_path / "server.log", "api", tmp_path, tmp_path) as server:
        for path, file in [("voila/static/voila.js", voila_js),
                           ("voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/"
                            + entry.name, entry)]:
            for _ in range(2):
                headers, body = _get(server.url + path, "gzip")
                assert headers["content-encoding"] == "gzip", path
                assert gzip.decompress(body) == file.read_bytes(), path
                assert _gzip_mtime(body) == 0, path  # compressed beforehand, not by tornado
            headers, body = _get(server.url + path, "identity")
            assert "content-encoding" not in headers
            assert body == file.read_bytes()
