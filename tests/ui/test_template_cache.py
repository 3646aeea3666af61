"""gamelib.ui.template_cache and server_tuning.warm_templates: Voila's pages share their compiled
templates, the server compiles its Voila template before its first page, and a cached template
never serves another environment or an older source."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jinja2
import nbformat
import pytest
from traitlets.config import Application
from voila.exporter import VoilaExporter
from voila.paths import collect_template_paths

from gamelib.ui import server_tuning, template_cache
from gamelib.ui.template_cache import CACHE, SharedBytecodeCache, environment_key
from tests.ui.test_jupyter_config import _render_page

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The cache installed on a clean slate (undone afterwards); the names compiled into it."""
    monkeypatch.setenv("JUPYTER_PATH", str(ROOT / "share" / "jupyter"))
    monkeypatch.setattr(VoilaExporter, "_create_environment",
                        VoilaExporter._create_environment)
    compiled: list[str] = []
    dump = CACHE.dump_bytecode

    def recorded(bucket: jinja2.bccache.Bucket) -> None:
        compiled.append(bucket.key)
        dump(bucket)

    monkeypatch.setattr(CACHE, "dump_bytecode", recorded)
    CACHE.clear()
    template_cache.install()
    yield compiled
    CACHE.clear()


CELLS = [nbformat.v4.new_markdown_cell("# One", id="one"),
         nbformat.v4.new_code_cell("1 + 1", id="two")]


def _page(monkeypatch: pytest.MonkeyPatch) -> str:
    return _render_page(CELLS, monkeypatch)


def test_warm_compiles_the_voila_template_and_everything_it_uses(cache: list[str]) -> None:
    names = template_cache.warm(collect_template_paths(["voila", "nbconvert"], "gamelib"),
                                "gamelib")
    assert names[0] == "index.html.j2"
    assert {"lab/index.html.j2", "base.html.j2", "jupyter_widgets.html.j2"} <= set(names)
    assert len(cache) == len(names) == len(CACHE)


def test_after_warm_a_page_compiles_nothing(cache: list[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    template_cache.warm(collect_template_paths(["voila", "nbconvert"], "gamelib"), "gamelib")
    warmed = len(cache)
    html = _page(monkeypatch)
    assert "cell-index=\"1\"" in html and "window.voila_finish()" in html
    assert len(cache) == warmed > 0


def test_pages_share_what_one_compiled(cache: list[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    first = _page(monkeypatch)
    compiled = len(cache)
    assert compiled > 5
    assert _page(monkeypatch) == first
    assert len(cache) == compiled


def test_only_voila_s_exporters_use_the_cache(cache: list[str]) -> None:
    from nbconvert import HTMLExporter

    assert template_cache.installed()
    template_cache.install()  # a second install wraps nothing twice
    voila = VoilaExporter(template_paths=collect_template_paths(["voila", "nbconvert"], "lab"),
                          template_name="lab")
    assert voila.environment.bytecode_cache is CACHE
    assert HTMLExporter().environment.bytecode_cache is None


def _environment(folder: Path, **settings: Any) -> jinja2.Environment:
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(folder), **settings)
    environment.bytecode_cache = SharedBytecodeCache()
    return environment


def test_an_edited_template_is_compiled_again(tmp_path: Path) -> None:
    (tmp_path / "t.j2").write_text("one {{ x }}")
    environment = _environment(tmp_path)
    assert environment.get_template("t.j2").render(x=1) == "one 1"
    (tmp_path / "t.j2").write_text("two {{ x }}")
    again = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path))
    again.bytecode_cache = environment.bytecode_cache
    assert again.get_template("t.j2").render(x=2) == "two 2"


def test_a_template_compiled_for_one_environment_never_serves_another(tmp_path: Path) -> None:
    """Sync and async environments (nbconvert's and Voila's) compile the same file to different
    code: each gets its own."""
    (tmp_path / "t.j2").write_text("{% for i in range(2) %}{{ i }}{% endfor %}")
    shared = SharedBytecodeCache()
    sync = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path))
    async_ = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path), enable_async=True)
    for environment in (sync, async_):
        environment.bytecode_cache = shared
    assert sync.get_template("t.j2").render() == "01"
    assert asyncio.run(async_.get_template("t.j2").render_async()) == "01"
    assert len(shared) == 2
    assert environment_key(sync) != environment_key(async_)
    assert environment_key(sync) == environment_key(jinja2.Environment())
    assert environment_key(sync) != environment_key(jinja2.Environment(
        extensions=["jinja2.ext.do"]))


# --- the server extension -----------------------------------------------------------------------

def test_the_server_warms_the_template_its_voila_is_configured_with(
        cache: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(ROOT / "etc" / "jupyter"))
    monkeypatch.chdir(ROOT / "notebooks")
    server = Application()
    paths, name = server_tuning.voila_templates(server)
    assert name == json.loads((ROOT / "etc" / "jupyter" / "voila.json").read_text())[
        "VoilaConfiguration"]["template"] == "gamelib"
    assert str(ROOT / "share" / "jupyter" / "voila" / "templates" / "gamelib") in paths
    names = server_tuning.warm_templates(server)
    assert names[0] == "index.html.j2" and len(cache) == len(names)


def test_a_broken_template_is_left_to_the_page_with_a_warning(
        tmp_path: Path, cache: list[str], monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    broken = tmp_path / "share" / "voila" / "templates" / "broken"
    broken.mkdir(parents=True)
    (broken / "conf.json").write_text(json.dumps({"base_template": "lab"}))
    (broken / "index.html.j2").write_text("{% extends 'lab/index.html.j2' %}{% if %}")
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "share"))
    config = tmp_path / "etc"
    config.mkdir()
    (config / "voila.json").write_text(json.dumps({"VoilaConfiguration": {"template": "broken"}}))
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(config))
    monkeypatch.chdir(tmp_path)
    server = Application()
    server.log = logging.getLogger("template-test")
    with caplog.at_level(logging.WARNING, logger="template-test"):
        assert server_tuning.warm_templates(server) == []
    assert "Voila template 'broken' not compiled" in caplog.text
