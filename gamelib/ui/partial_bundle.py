"""plotly's widget bundle with a smaller plotly.js: only the trace types gamelib's lessons draw.

plotly's widget bundle holds the whole of plotly.js (about 50 trace types, maps, WebGL plots):
4.8 MB that a page parses and runs before it can draw a figure. In a Voila page that import was
the longest piece of work before the board showed (2–3 s of the page's main thread on the
project's machine, against about 0.8 s for the 1.9 MB of plotly.js that the lessons need).

:func:`build` makes that smaller bundle with the machine's Node.js: it installs the same
plotly.js version as the installed plotly's bundle from the npm registry, with esbuild and the
plugins plotly.js builds with, bundles plotly.js's core with the trace modules of :data:`TRACES`
(those of :data:`LATER` registered when a figure first draws one), and puts the result in
place of the whole plotly.js inside plotly's own widget bundle (:func:`splice`), so the figure
front end is plotly's, unchanged. The result goes to the cache
(:func:`gamelib.ui.widget_bundle.cache_dir`) LZMA-compressed, keyed by the digest of the
installed plotly's bundle and by how it is built (:func:`entry_js`, :data:`TOOLS`). ``python -m
gamelib.ui.bundle_cache`` builds it (``make run``, Binder's ``postBuild``); without Node.js, npm
or the registry it is not made, and pages use the whole plotly.js as before.

Only a Voila page's preload uses it (:mod:`gamelib.ui.bundle_server`), and only for a figure
whose traces are all of :data:`TRACES` (a figure widget tells its trace types in its state,
:class:`gamelib.ui.plotly_widget.FigureWidget`); any other figure, and every figure in
JupyterLab, asks the kernel for the whole bundle.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import re
import shutil
import subprocess
from pathlib import Path

from gamelib.ui import widget_bundle

__all__ = ["LATER", "TRACES", "build", "cache_path", "entry_js", "load", "plotly_js_version",
           "splice"]

TRACES = ("scatter", "bar", "box", "cone", "heatmap", "histogram", "mesh3d", "scatter3d", "table")
"""The trace types of the smaller plotly.js: those the five lessons draw (``scatter`` is in
plotly.js's core); a test checks every figure of every lesson against it."""

TOOLS = {
    "esbuild": "0.28.2",
    "esbuild-plugin-environment": "0.5.0",
    "esbuild-plugin-glsl": "1.4.2",
    "esbuild-plugin-inline-css": "0.0.1",
    "stream-browserify": "3.0.0",
}
"""What plotly.js builds with (its ``esbuild-config.js``), at versions known to work."""

LATER = ("cone", "mesh3d", "scatter3d")
"""Trace types of :data:`TRACES` registered when a figure first draws one, not when plotly.js
starts: their modules (WebGL scenes) were most of its start-up, about 0.3 s of a page's main
thread on the project's machine, for the one lesson (trench) that draws them."""

ENTRY_JS = """var Plotly = require("plotly.js/lib/core");
Plotly.register([{modules}]);
var later = {{{later}}};
function ready(traces) {{
  (Array.isArray(traces) ? traces : [traces]).forEach(function (trace) {{
    var made = trace && later[trace.type];
    if (made) {{
      delete later[trace.type];
      Plotly.register(made());
    }}
  }});
}}
function typesOf(update, value) {{
  var types = update === "type" ? [].concat(value)
    : update && typeof update === "object" && update.type !== undefined ? [].concat(update.type)
    : [];
  return types.map(function (type) {{ return {{ type: type }}; }});
}}
["newPlot", "react"].forEach(function (name) {{
  var real = Plotly[name];
  Plotly[name] = function (gd, data) {{
    ready(data && !Array.isArray(data) ? data.data : data);
    return real.apply(this, arguments);
  }};
}});
var addTraces = Plotly.addTraces;
Plotly.addTraces = function (gd, traces) {{
  ready(traces);
  return addTraces.apply(this, arguments);
}};
["restyle", "update"].forEach(function (name) {{
  var real = Plotly[name];
  Plotly[name] = function (gd, update, value) {{
    ready(typesOf(update, value));
    return real.apply(this, arguments);
  }};
}});
module.exports = Plotly;
"""
"""plotly.js's core with the modules of :data:`TRACES`: those of :data:`LATER` registered by the
first ``newPlot``, ``react``, ``addTraces``, ``restyle`` or ``update`` that brings one."""


def entry_js() -> str:
    """The build's entry module (:data:`ENTRY_JS` for :data:`TRACES` and :data:`LATER`)."""
    now = ", ".join(f'require("plotly.js/lib/{t}")' for t in TRACES
                    if t != "scatter" and t not in LATER)
    later = ", ".join(f'{t}: function () {{ return require("plotly.js/lib/{t}"); }}'
                      for t in LATER)
    return ENTRY_JS.format(modules=now, later=later)

BUILD_JS = """const esbuild = require("esbuild");
const { environmentPlugin } = require("esbuild-plugin-environment");
const { glsl } = require("esbuild-plugin-glsl");
const inlineCss = require("esbuild-plugin-inline-css");
esbuild.build({
  entryPoints: ["entry.js"], outfile: "plotly-partial.js", format: "cjs", bundle: true,
  minify: true, target: "es2016", logLevel: "warning", legalComments: "eof",
  plugins: [inlineCss(), glsl({ minify: true }), environmentPlugin({ NODE_DEBUG: false })],
  alias: { regl: "@plotly/regl", stream: "stream-browserify" },
  define: { global: "window", "define.amd": "false" },
}).catch(() => process.exit(1));
"""
"""plotly.js's own esbuild settings (its ``esbuild-config.js``), as CommonJS."""

_VERSION = re.compile(r'"src/version\.js"\(\w+\)\{"use strict";\w+\.version="([0-9][\w.-]*)"\}')
_WRAPPER = re.compile(r"var ([\w$]+)=([\w$]+)\(\(([\w$]+),([\w$]+)\)=>\{\(function\(")
_UMD_END = "return window.Plotly=Q,Q})});"


def plotly_js_version(bundle: str) -> str:
    """The plotly.js version inside plotly's widget bundle."""
    found = _VERSION.findall(bundle)
    if len(found) != 1:
        raise ValueError("plotly's widget bundle does not name one plotly.js version")
    return str(found[0])


def splice(bundle: str, plotly_cjs: str) -> str:
    """``bundle`` (plotly's widget bundle) with ``plotly_cjs`` (a CommonJS plotly.js) in place
    of the whole plotly.js it holds.

    The widget bundle is an esbuild ES module whose one CommonJS module is plotly.js's UMD
    bundle, ``var X=__commonJS((exports,module)=>{(function(root,factory){…})(…,()=>{…;return
    window.Plotly=Q,Q})});``, required once by the figure front end. That module's body is
    replaced; anything else in that shape raises ``ValueError`` (another plotly: not made)."""
    starts = list(_WRAPPER.finditer(bundle))
    if len(starts) != 1 or bundle.count(_UMD_END) != 1:
        raise ValueError("plotly's widget bundle is not in the shape this splice knows")
    start = starts[0]
    end = bundle.index(_UMD_END)
    if end < start.end() or bundle.count(f"{start.group(1)}()") != 1:
        raise ValueError("plotly's widget bundle is not in the shape this splice knows")
    exports, module = start.group(3), start.group(4)
    body = (f"(function(exports,module){{{plotly_cjs}\n}})({exports},{module});"
            f"window.Plotly={module}.exports;")
    return bundle[:start.end() - len("(function(")] + body + "});" + bundle[end + len(_UMD_END):]


def _key() -> str:
    made_with = ",".join(TRACES) + entry_js() + BUILD_JS + json.dumps(TOOLS, sort_keys=True)
    return hashlib.sha256(made_with.encode()).hexdigest()[:8]


def cache_path(directory: Path | None = None) -> Path:
    """The cache file of the smaller bundle for the installed plotly and how it is built."""
    base = widget_bundle.cache_dir() if directory is None else directory
    return base / f"widgetbundle-{widget_bundle.digest()}-partial-{_key()}.lzma"


def load(directory: Path | None = None) -> bytes | None:
    """The smaller bundle, LZMA-compressed, if it was built (and its file is whole)."""
    return widget_bundle.stored(cache_path(directory))


def build(directory: Path | None = None, *, quiet: bool = True) -> Path | None:
    """Build the smaller bundle into the cache in ``directory``; its path, or ``None`` when it
    cannot be built here (no Node.js or npm, no registry, another plotly)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return None
    bundle = widget_bundle.BUNDLE.read_text(encoding="utf-8")
    try:
        version = plotly_js_version(bundle)
    except ValueError:
        return None
    path = cache_path(directory)
    work = path.parent / f"plotly.js-{version}-build"
    package = {"name": "gamelib-plotly-partial", "private": True,
               "dependencies": {"plotly.js": version, **TOOLS}}
    out = subprocess.DEVNULL if quiet else None
    try:
        work.mkdir(parents=True, exist_ok=True)
        (work / "package.json").write_text(json.dumps(package, indent=1))
        (work / "entry.js").write_text(entry_js())
        (work / "build.cjs").write_text(BUILD_JS)
        subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"],
                       cwd=work, check=True, stdout=out, stderr=out, timeout=900)
        subprocess.run([node, "build.cjs"], cwd=work, check=True, stdout=out, stderr=out,
                       timeout=600)
        spliced = splice(bundle, (work / "plotly-partial.js").read_text(encoding="utf-8"))
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    data = lzma.compress(spliced.encode(), format=lzma.FORMAT_ALONE,
                         filters=widget_bundle.FILTERS)
    try:
        widget_bundle.store(path, data)
    except OSError:
        return None
    return path
