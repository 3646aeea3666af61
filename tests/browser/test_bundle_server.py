"""gamelib's Jupyter server extension serves plotly's widget bundle for a Voila page's preload
(:mod:`gamelib.ui.bundle_server`), enabled by the repository's ``etc/jupyter`` config."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from gamelib.ui import bundle_server, widget_bundle
from tests.browser.harness import _server_args, free_port, run_server

pytestmark = pytest.mark.browser


def _get(url: str) -> tuple[int, dict[str, str], bytes]:
    with urllib.request.urlopen(url, timeout=60) as r:
        return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()


def _server(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("GAMELIB_CACHE_DIR", str(cache))
    port = free_port()
    cmd = _server_args("jupyter-server", port, tmp_path)
    return run_server(cmd, port, tmp_path / "server.log", "api", tmp_path, tmp_path)


def test_the_server_serves_the_preload_the_decoder_and_the_lzma_bundle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    widget_bundle.prepare(cache)
    with _server(tmp_path, cache, monkeypatch) as server:
        status, headers, body = _get(server.url + "gamelib/plotly-bundle.lzma")
        assert status == 200
        assert headers[bundle_server.BUNDLE_HEADER.lower()] == widget_bundle.digest()
        assert body == widget_bundle.cache_path(cache).read_bytes()[32:]
        assert bundle_server.TRACES_HEADER.lower() not in headers  # the whole plotly.js
        status, headers, body = _get(server.url + "gamelib/lzma-decoder.js")
        assert "javascript" in headers["content-type"]
        assert body == widget_bundle.DECODER.read_bytes()
        status, headers, body = _get(server.url + "gamelib/plotly-preload.js")
        assert body.decode() == bundle_server.PRELOAD_JS
        with pytest.raises(urllib.error.HTTPError) as missing:
            _get(server.url + "gamelib/widgetbundle.js")
        assert missing.value.code == 404


def test_without_the_lzma_cache_the_bundle_is_no_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _server(tmp_path, tmp_path / "empty", monkeypatch) as server:
        status, headers, body = _get(server.url + "gamelib/plotly-bundle.lzma")
    assert (status, body) == (204, b"")
    assert bundle_server.BUNDLE_HEADER.lower() not in headers


def test_the_smaller_bundle_is_served_with_its_trace_types_when_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hashlib
    import lzma

    from gamelib.ui import partial_bundle

    cache = tmp_path / "cache"
    widget_bundle.prepare(cache)
    data = lzma.compress(b"export default () => ({});", format=lzma.FORMAT_ALONE)
    partial_bundle.cache_path(cache).write_bytes(hashlib.sha256(data).digest() + data)
    with _server(tmp_path, cache, monkeypatch) as server:
        status, headers, body = _get(server.url + "gamelib/plotly-bundle.lzma")
    assert (status, body) == (200, data)
    assert headers[bundle_server.BUNDLE_HEADER.lower()] == widget_bundle.digest()
    assert headers[bundle_server.TRACES_HEADER.lower()] == ",".join(partial_bundle.TRACES)
