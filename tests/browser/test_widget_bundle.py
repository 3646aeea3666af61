"""plotly's widget bundle reaches a page LZMA-compressed, or gzip until the LZMA one is made
(:mod:`gamelib.ui.widget_bundle`), and the page's LZMA decoder gives back the bundle exactly."""

from __future__ import annotations

import base64
import json
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import plotly
import pytest

from gamelib.ui import widget_bundle

pytestmark = pytest.mark.browser

ORIGINAL = (Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_bytes()
LOAD_MS = 300_000  # generous: the machine is shared; not a speed check
POLLS = 600  # of the cache file, 0.5 s apart: made by the kernel's background thread

DECODE_JS = """async ([decoder, data]) => {
  const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes(decoder)], { type: "text/javascript" }));
  const { decode } = await import(url);
  const fnv = (b) => b.reduce((h, x) => Math.imul(h ^ x, 16777619) >>> 0, 2166136261);
  const input = bytes(data);
  const out = decode(input);
  let damaged = "no error";
  try { decode(input.subarray(0, input.length - 5000)); } catch (e) { damaged = String(e); }
  return { length: out.length, fnv: fnv(out), damaged };
}"""

NOTEBOOK_CELL = """import plotly.graph_objects as go
from gamelib.ui.plotly_widget import FigureWidget
FigureWidget(go.Figure(go.Bar(y=[3, 1, 2])))"""


def test_the_pages_lzma_decoder_gives_back_the_bundle(page: Any, tmp_path: Path) -> None:
    data = widget_bundle.prepare(tmp_path).read_bytes()[32:]  # after its digest
    page.set_content("<p>decoder</p>")
    got = page.evaluate(DECODE_JS, [base64.b64encode(widget_bundle.DECODER.read_bytes()).decode(),
                                    base64.b64encode(data).decode()])
    assert got["length"] == len(ORIGINAL)
    assert got["fnv"] == _fnv1a(ORIGINAL)
    assert "lzma: input ends early" in got["damaged"]


def _fnv1a(data: bytes) -> int:
    h = 2166136261
    for x in data:
        h = ((h ^ x) * 16777619) & 0xFFFFFFFF
    return h


def _formats(frames: list[dict[str, Any]]) -> list[str]:
    """The ``format`` of every bundle message among websocket ``frames`` (binary Jupyter
    messages: offsets, then parts; the content is part 4)."""
    found = []
    for frame in frames:
        if frame.get("opcode") != 2:
            continue
        raw = base64.b64decode(frame.get("payloadData", ""))
        n = struct.unpack_from("<Q", raw)[0]
        offsets = struct.unpack_from(f"<{n}Q", raw, 8)
        content = json.loads(raw[offsets[4]:offsets[5]])
        data = content.get("data", {}).get("content", {}) if isinstance(content, dict) else {}
        if isinstance(data, dict) and data.get("gamelib") == "bundle":
            found.append(str(data.get("format")))
    return found


def _draw(page: Any, url: str) -> list[str]:
    """Load ``url``, wait until its figure is drawn; the formats of the bundle messages the
    kernel sent, and ``"http"`` when the page's preload imported the bundle
    (:mod:`gamelib.ui.bundle_server`). The kernel's websocket must be compressed
    (``permessage-deflate``, etc/jupyter's server config)."""
    over_http: list[str] = []
    page.on("response", lambda r: over_http.append("http")
            if "/gamelib/plotly-bundle-" in r.url and r.status == 200 else None)
    frames: list[dict[str, Any]] = []
    extensions: list[str] = []
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.on("Network.webSocketFrameReceived", lambda e: frames.append(e.get("response", {})))
    cdp.on("Network.webSocketHandshakeResponseReceived", lambda e: extensions.append(
        {k.lower(): v for k, v in e["response"].get("headers", {}).items()}
        .get("sec-websocket-extensions", "")))
    page.goto(url, timeout=LOAD_MS)
    page.locator(".gamelib-figure .main-svg").first.wait_for(state="attached", timeout=LOAD_MS)
    page.locator(".gamelib-figure .point").nth(2).wait_for(state="attached", timeout=LOAD_MS)
    cdp.detach()
    assert extensions and all("permessage-deflate" in x for x in extensions), extensions
    return over_http + _formats(frames)


def test_a_figure_draws_from_the_preload_else_from_the_kernels_gzip_then_lzma(
    voila: Callable[[Path], Any], page: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no cache at all the page's preload imports plotly's whole bundle over HTTP and the
    kernel sends nothing; a page whose preload fails asks the kernel, which sends gzip (and
    makes the LZMA cache) until the LZMA bundle is made, and then LZMA."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("GAMELIB_CACHE_DIR", str(cache))  # empty: nothing made yet
    folder = tmp_path / "nb"
    folder.mkdir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(NOTEBOOK_CELL)])
    nbformat.write(nb, folder / "bundle.ipynb")
    server = voila(folder / "bundle.ipynb")
    assert _draw(page, server.page_url) == ["http"]
    page.route("**/gamelib/plotly-bundle-*", lambda route: route.abort())
    assert _draw(page, server.page_url) == ["gzip"]
    made = widget_bundle.cache_path(cache)
    for _ in range(POLLS):
        if made.exists():
            break
        page.wait_for_timeout(500)
    assert made.exists(), "the kernel did not make the LZMA bundle"
    assert _draw(page, server.page_url) == ["lzma"]


def test_a_page_that_cannot_start_the_decoders_worker_asks_for_gzip(
    voila: Callable[[Path], Any], page: Any, tmp_path: Path
) -> None:
    """A strict Content-Security-Policy (or an old browser) may refuse the worker: the loader
    then asks the kernel again, for gzip only, and the figure draws."""
    folder = tmp_path / "nb"
    folder.mkdir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(NOTEBOOK_CELL)])
    nbformat.write(nb, folder / "bundle.ipynb")
    server = voila(folder / "bundle.ipynb")
    page.add_init_script("window.Worker = function () { throw new Error('refused'); };")
    page.route("**/gamelib/plotly-bundle-*", lambda route: route.abort())  # no preload
    assert _draw(page, server.page_url) == ["lzma", "gzip"]
