"""The Jupyter config and Voila template the repository ships (etc/jupyter, share/jupyter).

`make run`, Binder (binder/postBuild) and the browser tests serve pages with them: compressed
responses, MathJax from the server, no jupyterlab-plotly chunk in Voila, and no request to a
font CDN (classrooms are often offline).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "etc" / "jupyter"
TEMPLATE = ROOT / "share" / "jupyter" / "voila" / "templates" / "gamelib"
VOILA_LAB = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "lab"


def _tornado(settings: dict[str, object]) -> None:
    assert settings["compress_response"] is True
    assert settings["mathjax_url"] == "null" and settings["mathjax_config"] == "null"


def test_server_and_voila_compress_and_stay_offline() -> None:
    server = json.loads((CONFIG / "jupyter_server_config.json").read_text())
    _tornado(server["ServerApp"]["tornado_settings"])
    voila = json.loads((CONFIG / "voila.json").read_text())
    _tornado(voila["Voila"]["tornado_settings"])
    assert voila["VoilaConfiguration"]["template"] == "gamelib"
    assert "jupyterlab-plotly" in voila["VoilaConfiguration"]["extension_denylist"]


def test_the_kernel_websocket_is_compressed_through_the_servers_trait() -> None:
    """jupyter_server sets ``tornado_settings["websocket_compression_options"]`` from its trait
    ``ServerApp.websocket_compression_options`` (default ``None``: no ``permessage-deflate``),
    overwriting an entry put in ``tornado_settings``: the config sets the trait."""
    from jupyter_server.serverapp import ServerApp
    from traitlets.config import Config

    server = json.loads((CONFIG / "jupyter_server_config.json").read_text())
    assert server["ServerApp"]["websocket_compression_options"] == {}
    assert "websocket_compression_options" not in server["ServerApp"]["tornado_settings"]
    app = ServerApp(config=Config(server))
    assert app.websocket_compression_options == {}


def test_server_uses_a_synchronous_contents_manager() -> None:
    """Voila's markdown renderer inlines images with a synchronous ``file_exists``/``get``; with
    jupyter_server's default async manager it crashes on the landing page's card images."""
    server = json.loads((CONFIG / "jupyter_server_config.json").read_text())
    name = server["ServerApp"]["contents_manager_class"]
    module, _, cls = name.rpartition(".")
    manager = getattr(__import__(module, fromlist=[cls]), cls)
    import inspect

    assert not inspect.iscoroutinefunction(manager.file_exists)


def test_template_empties_every_cdn_link_of_voila_lab_template() -> None:
    ours = (TEMPLATE / "index.html.j2").read_text()
    assert json.loads((TEMPLATE / "conf.json").read_text())["base_template"] == "lab"
    theirs = (VOILA_LAB / "index.html.j2").read_text()
    cdn = re.findall(r'href="(https://[^"]+)"', theirs)
    assert cdn, "Voila's lab template changed: check what it links"
    for url in cdn:
        assert f'"{url}",\n             "data:text/css,")' in ours, url


def test_binder_installs_the_config_and_template() -> None:
    post = (ROOT / "binder" / "postBuild").read_text()
    assert "cp etc/jupyter/jupyter_server_config.json" in post
    assert "cp etc/jupyter/voila.json" in post
    assert "cp -r share/jupyter/voila/templates/gamelib" in post


def test_voila_pages_preload_plotly_from_gamelibs_server_extension() -> None:
    """The template's head starts the preload that gamelib.ui.bundle_server serves, and the
    server config enables that extension (without it, figures ask their kernel as before),
    with the ones that compress static files once, spare pages the server's debug records
    and validator compiling, and start the first page's spare kernel."""
    server = json.loads((CONFIG / "jupyter_server_config.json").read_text())
    assert server["ServerApp"]["jpserver_extensions"] == {
        "gamelib.ui.bundle_server": True,
        "gamelib.ui.server_tuning": True,
        "gamelib.ui.static_gzip": True,
        "gamelib.ui.voila_pool": True,
    }
    template = (TEMPLATE / "index.html.j2").read_text()
    assert re.search(
        r'<script type="module" async src="\{\{ resources.base_url \}\}gamelib/plotly-preload.js">',
        template,
    )
    from gamelib.ui import bundle_server

    assert bundle_server._jupyter_server_extension_points() == [
        {"module": "gamelib.ui.bundle_server"}
    ]


def _render_page(cells: list[Any], monkeypatch: pytest.MonkeyPatch) -> str:
    """The HTML Voila renders with the repository's template for a notebook of ``cells``, as
    its page handler does (a kernel stub: the cells as they are)."""
    import asyncio

    import nbformat
    from voila.exporter import VoilaExporter
    from voila.paths import collect_template_paths

    monkeypatch.setenv("JUPYTER_PATH", str(ROOT / "share" / "jupyter"))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "language": "python",
                                 "display_name": "Python 3"}

    async def kernel_start(nb: Any) -> str:
        return "kernel-id"

    async def cell_generator(nb: Any, kernel_id: str) -> Any:
        for cell in nb.cells:
            yield cell

    async def render() -> str:
        exporter = VoilaExporter(
            template_paths=collect_template_paths(["voila", "nbconvert"], "gamelib"),
            template_name="gamelib", base_url="/", contents_manager=None)
        context = {"frontend": "voila", "main_js": "voila.js", "kernel_start": kernel_start,
                   "cell_generator": cell_generator, "notebook_execute": None,
                   "progressive_rendering": False}
        page_config = {"fullStaticUrl": "/voila/static", "baseUrl": "/"}
        return "".join([html async for html, _ in exporter.generate_from_notebook_node(
            nb, resources={"base_url": "/", "theme": "light"}, extra_context=context,
            page_config=page_config)])

    return asyncio.run(render())


def test_voila_js_comes_with_the_first_cell_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila's script loads while the kernel runs the notebook: async, before the first cell
    (after the page's config, which it reads), and only there."""
    import nbformat

    html = _render_page([nbformat.v4.new_markdown_cell("# One"),
                         nbformat.v4.new_code_cell("1 + 1")], monkeypatch)
    tags = re.findall(r"<script[^>]*voila\.js[^>]*>", html)
    assert tags == ['<script async src="/voila/static/voila.js">']
    at = html.index(tags[0])
    assert html.index('id="jupyter-config-data"') < at < html.index('cell-index="1"')
    assert html.index("window.voila_finish()") > html.index('cell-index="2"')


def test_a_notebook_without_cells_still_gets_voila_js(monkeypatch: pytest.MonkeyPatch) -> None:
    html = _render_page([], monkeypatch)
    tags = re.findall(r"<script[^>]*voila\.js[^>]*>", html)
    assert tags == ['<script src="/voila/static/voila.js">']
    assert html.index("window.voila_finish()") < html.index(tags[0]) < html.index("</body>")
