"""The smaller plotly.js for Voila pages (:mod:`gamelib.ui.partial_bundle`): where it goes in
plotly's widget bundle, how it is found in the cache, and that it is not made where it cannot be
built. Building it for real (npm, esbuild) is done by the browser tests' harness, whose Voila
pages then draw every lesson with it."""

from __future__ import annotations

import hashlib
import lzma
import shutil
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("plotly")

from gamelib.ui import partial_bundle, widget_bundle

INSTALLED = widget_bundle.BUNDLE.read_text(encoding="utf-8")
SHAPE = ('var A=1;var LQ=fbe((DQ,hA)=>{(function(Q,ne){typeof hA=="object"&&hA.exports?'
         'hA.exports=ne():Q.moduleName=ne()})(typeof self<"u"?self:DQ,()=>{"use strict";var Q='
         '"whole";return window.Plotly=Q,Q})});var lodash=2;var Md=dbe(LQ());export{Md};')
"""plotly's widget bundle in miniature: one CommonJS module (plotly.js's UMD) required once."""


def test_the_version_of_plotly_js_is_read_from_the_installed_bundle() -> None:
    version = partial_bundle.plotly_js_version(INSTALLED)
    assert version[0].isdigit() and version.count(".") == 2
    with pytest.raises(ValueError, match=r"one plotly\.js version"):
        partial_bundle.plotly_js_version("var x=1;")


def test_splice_puts_the_smaller_plotly_js_in_place_of_the_whole() -> None:
    out = partial_bundle.splice(SHAPE, 'module.exports={small:1};')
    assert '"whole"' not in out and "moduleName" not in out
    assert out.startswith("var A=1;var LQ=fbe((DQ,hA)=>{(function(exports,module){")
    assert "module.exports={small:1};" in out
    assert out.endswith("window.Plotly=hA.exports;});var lodash=2;var Md=dbe(LQ());export{Md};")


def test_splice_refuses_a_bundle_of_another_shape() -> None:
    for other in ("var x=1;", SHAPE.replace("return window.Plotly=Q,Q})});", ""),
                  SHAPE + SHAPE, SHAPE.replace("dbe(LQ())", "dbe(LQ())+LQ()")):
        with pytest.raises(ValueError, match="shape"):
            partial_bundle.splice(other, "module.exports={};")


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to parse JavaScript")
def test_splice_of_the_installed_bundle_is_a_valid_module(tmp_path: Path) -> None:
    out = partial_bundle.splice(INSTALLED, "module.exports={newPlot(){}};")
    assert len(out) < 300_000  # plotly's figure front end and lodash, without plotly.js
    path = tmp_path / "bundle.mjs"
    path.write_text(out, encoding="utf-8")
    subprocess.run(["node", "--check", str(path)], check=True)


def test_the_cache_holds_it_under_the_installed_bundle_and_the_traces(tmp_path: Path) -> None:
    path = partial_bundle.cache_path(tmp_path)
    assert widget_bundle.digest() in path.name and path.parent == tmp_path
    assert partial_bundle.load(tmp_path) is None
    data = lzma.compress(b"export default 1;", format=lzma.FORMAT_ALONE)
    path.write_bytes(hashlib.sha256(data).digest() + data)
    assert partial_bundle.load(tmp_path) == data
    path.write_bytes(hashlib.sha256(data).digest() + data[:-1])  # cut short
    assert partial_bundle.load(tmp_path) is None


def test_without_node_or_npm_nothing_is_built(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(partial_bundle.shutil, "which", lambda name: None)
    assert partial_bundle.build(tmp_path) is None
    assert not any(tmp_path.iterdir())


def test_a_failed_build_makes_no_cache_file(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(partial_bundle.shutil, "which", lambda name: f"/bin/false-{name}")

    def fail(*args: object, **kwargs: object) -> None:
        raise subprocess.CalledProcessError(1, "npm")

    monkeypatch.setattr(partial_bundle.subprocess, "run", fail)
    assert partial_bundle.build(tmp_path) is None
    assert partial_bundle.load(tmp_path) is None


ENTRY_CHECK = """
const vm = require("vm");
const registered = [];
const calls = [];
const core = {
  register: (mods) => registered.push(...[].concat(mods).map((m) => m.name)),
};
for (const name of ["newPlot", "react", "addTraces", "restyle", "update"]) {
  core[name] = (...args) => calls.push(name);
}
const require_ = (path) => path === "plotly.js/lib/core" ? core
  : { name: path.replace("plotly.js/lib/", "") };
const mod = { exports: {} };
vm.runInNewContext(process.argv[1], { require: require_, module: mod, exports: mod.exports });
const Plotly = mod.exports;
const seen = [registered.slice()];
Plotly.newPlot({}, [{ type: "bar" }, { type: "mesh3d" }], {});
seen.push(registered.slice());
Plotly.react({}, { data: [{ type: "mesh3d" }, { type: "scatter3d" }] });
seen.push(registered.slice());
Plotly.restyle({}, "type", "cone");
Plotly.update({}, { type: ["bar"] }, {});
seen.push(registered.slice(), calls);
console.log(JSON.stringify(seen));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to run JavaScript")
def test_the_3d_traces_are_registered_when_a_figure_first_draws_one() -> None:
    """The entry module registers the 2D traces when plotly.js starts and each trace type of
    LATER once, at the first call that draws it (run in Node.js with a stand-in core)."""
    import json

    assert set(partial_bundle.LATER) < set(partial_bundle.TRACES)
    out = subprocess.run(["node", "-e", ENTRY_CHECK, partial_bundle.entry_js()], check=True,
                         capture_output=True, text=True).stdout
    start, first, second, last, calls = json.loads(out)
    eager = [t for t in partial_bundle.TRACES if t != "scatter" and t not in partial_bundle.LATER]
    assert start == eager
    assert first == [*eager, "mesh3d"]
    assert second == [*eager, "mesh3d", "scatter3d"]  # each once
    assert last == [*eager, "mesh3d", "scatter3d", "cone"]
    assert calls == ["newPlot", "react", "restyle", "update"]  # plotly's own calls still made


def test_the_cache_key_follows_the_entry_module(monkeypatch: pytest.MonkeyPatch) -> None:
    before = partial_bundle.cache_path()
    monkeypatch.setattr(partial_bundle, "LATER", ("cone",))
    assert partial_bundle.cache_path() != before


def test_the_cache_key_follows_the_build_tools(monkeypatch: pytest.MonkeyPatch) -> None:
    before = partial_bundle.cache_path()
    monkeypatch.setattr(partial_bundle, "TOOLS", {**partial_bundle.TOOLS, "esbuild": "0.0.1"})
    assert partial_bundle.cache_path() != before
