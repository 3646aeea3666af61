"""gamelib's Jupyter server extension serves plotly's widget bundle for a Voila page's preload
(:mod:`gamelib.ui.bundle_server`), enabled by the repository's ``etc/jupyter`` config."""

from __future__ import annotations

import gzip
import hashlib
import lzma
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from gamelib.ui import bundle_server, partial_bundle, widget_bundle
from tests.browser.harness import _server_args, free_port, run_server

pytestmark = pytest.mark.browser


def _get(url: str, *, accept_gzip: bool = False) -> tuple[int, dict[str, str], bytes]:
    headers = {"Accept-Encoding": "gzip"} if accept_gzip else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=60) as r:
        return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()


def _server(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("GAMELIB_CACHE_DIR", str(cache))
    port = free_port()
    cmd = _server_args("jupyter-server", port, tmp_path)
    return run_server(cmd, port, tmp_path / "server.log", "api", tmp_path, tmp_path)


def test_the_preload_imports_plotlys_whole_bundle_until_the_smaller_one_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "empty"
    whole = f"plotly-bundle-{widget_bundle.digest()}.js"
    with _server(tmp_path, cache, monkeypatch) as server:
        status, headers, body = _get(server.url + "gamelib/plotly-preload.js")
        assert body.decode() == bundle_server.preload_js(bundle_server.served(cache))
        assert f'"src": "{whole}"' in body.decode() and '"traces": null' in body.decode()
        assert headers["cache-control"] == "no-cache"
        status, headers, body = _get(server.url + "gamelib/" + whole, accept_gzip=True)
        assert (status, headers["content-encoding"]) == (200, "gzip")
        assert "javascript" in headers["content-type"]
        assert headers["cache-control"] == bundle_server.IMMUTABLE
        assert gzip.decompress(body) == widget_bundle.BUNDLE.read_bytes()
        status, headers, body = _get(server.url + "gamelib/" + whole)
        assert "content-encoding" not in headers
        assert body == widget_bundle.BUNDLE.read_bytes()
        for wrong in ("plotly-bundle-0123456789abcdef.js", "plotly-bundle.lzma", "widgetbundle.js"):
            with pytest.raises(urllib.error.HTTPError) as missing:
                _get(server.url + "gamelib/" + wrong)
            assert missing.value.code == 404, wrong


def test_the_smaller_bundle_is_imported_with_its_trace_types_once_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    code = b"export default () => ({});"
    data = lzma.compress(code, format=lzma.FORMAT_ALONE)
    cache.mkdir()
    partial_bundle.cache_path(cache).write_bytes(hashlib.sha256(data).digest() + data)
    bundle = bundle_server.served(cache)
    assert bundle.traces == partial_bundle.TRACES and "-partial-" in bundle.name
    with _server(tmp_path, cache, monkeypatch) as server:
        _status, _headers, body = _get(server.url + "gamelib/plotly-preload.js")
        assert body.decode() == bundle_server.preload_js(bundle)
        assert '"traces": ["scatter", "bar"' in body.decode()
        status, _headers, body = _get(server.url + "gamelib/" + bundle.name, accept_gzip=True)
        assert (status, gzip.decompress(body)) == (200, code)
        with pytest.raises(urllib.error.HTTPError) as replaced:  # the page is told the new name
            _get(server.url + f"gamelib/plotly-bundle-{widget_bundle.digest()}.js")
        assert replaced.value.code == 404
