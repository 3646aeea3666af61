"""Commit the lessons' static figures as PNG outputs, so the notebooks show them without a kernel.

Notebooks are committed without outputs, so on GitHub and nbviewer a lesson's odds charts and
positions would not show at all. This script runs a lesson notebook (``nbclient``) with
``GAMELIB_EXPORT_FIGURES=1``: each :class:`gamelib.ui.lesson.StaticFigure` then displays its
figure as plotly JSON (output metadata ``gamelib/static-figure``) instead of a widget. Each
figure is drawn to a PNG by plotly.js in Debian Chromium (Playwright, the browser the tests use,
no network), and the notebook's cells that show a static figure get exactly one output per
figure: the PNG, a text line and, in the metadata, the figure's plotly JSON (one line, without
plotly's default template: :func:`compact`; the note under a
figure, if any, follows as a small HTML output). Every other output is left as it was: the
``# NBVAL_CHECK_OUTPUT`` cells keep theirs, all others stay empty. A cell with a figure keeps
its execution count (nbval refuses outputs of a cell that never ran).

    python tools/lesson_figures.py                       # every lesson notebook
    python tools/lesson_figures.py notebooks/powers.ipynb
    python tools/lesson_figures.py --check               # exit 1 if a committed figure differs

Run it (from the repository, with the project's venv) after changing a figure builder or a
lesson's figure cell; ``tests/ui/test_lesson_figures.py`` fails until it is run. The figures are
drawn in English (the language the notebooks start in). Why PNG and not plotly JSON alone: see
``docs/teaching.md``.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
import tempfile
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gamelib.ui.lesson import EXPORT_ENV, FIGURE_KEY, NOTE_KEY  # noqa: E402
from gamelib.ui.lesson import is_static_output as is_figure_output  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
DEFAULT_SIZE = (760, 450)  # px, a figure without its own width/height (plotly's default height)
CELL_TIMEOUT = 1800  # seconds: the machine may be loaded; not a speed check


def lesson_notebooks() -> list[Path]:
    """The notebooks that show static figures (every lesson, not the lab or the landing page)."""
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if "lesson.static(" in p.read_text())


def compact(fig: dict[str, Any] | str) -> str:
    """A figure's plotly JSON as committed: one line, keys sorted, without ``layout.template``
    (plotly's default template, 7 kB a figure, changes only with plotly itself)."""
    if isinstance(fig, str):
        return fig
    layout = {k: v for k, v in fig.get("layout", {}).items() if k != "template"}
    return json.dumps({**fig, "layout": layout}, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))


def committed_figures(nb: Any) -> list[tuple[int, str]]:
    """``(cell index, compact plotly JSON)`` of every figure in ``nb``'s outputs, in order."""
    return [(i, compact(o["metadata"][FIGURE_KEY])) for i, cell in enumerate(nb.cells)
            if cell.cell_type == "code"
            for o in cell.get("outputs", ()) if is_figure_output(o)
            and FIGURE_KEY in o["metadata"]]


def execute(path: Path) -> Any:
    """``path`` run top to bottom in export mode (figures as JSON outputs)."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    previous = os.environ.get(EXPORT_ENV)
    os.environ[EXPORT_ENV] = "1"  # the kernel inherits this process's environment
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    try:
        NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        if previous is None:
            os.environ.pop(EXPORT_ENV, None)
        else:
            os.environ[EXPORT_ENV] = previous
    return nb


def built_figures(executed: Any) -> list[tuple[int, str]]:
    """``(cell index, compact plotly JSON)`` of every figure an executed notebook displayed."""
    return committed_figures(executed)


def differences(path: Path, executed: Any | None = None) -> list[str]:
    """How the figures committed in ``path`` differ from what the code builds today."""
    committed = committed_figures(nbformat.read(path, as_version=4))
    built = built_figures(executed if executed is not None else execute(path))
    problems = []
    if [i for i, _ in committed] != [i for i, _ in built]:
        problems.append(f"{path.name}: figures committed in cells {[i for i, _ in committed]}, "
                        f"the code shows them in cells {[i for i, _ in built]}")
    for (i, old), (_j, new) in zip(committed, built, strict=False):
        if old != new:
            title = (json.loads(new)["layout"].get("title") or {}).get("text")
            problems.append(f"{path.name}: cell {i}: the figure {title!r} changed")
    return problems


def size_of(fig: dict[str, Any]) -> tuple[int, int]:
    """The figure's drawn size in px: its layout's width and height, else the defaults."""
    layout = fig.get("layout", {})
    return int(layout.get("width") or DEFAULT_SIZE[0]), int(layout.get("height") or DEFAULT_SIZE[1])


def render_pngs(figs: Sequence[dict[str, Any]]) -> list[bytes]:
    """Each figure drawn by plotly.js in headless Chromium, as PNG bytes.

    Runs in a thread of its own: Playwright's sync API refuses a thread where an asyncio loop
    runs, and nbclient may leave one behind in this one."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return list(pool.submit(lambda: list(_draw(figs))).result())


def _draw(figs: Sequence[dict[str, Any]]) -> Iterator[bytes]:
    import plotly

    from tests.browser.harness import chromium_page

    plotly_js = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text()
    with tempfile.TemporaryDirectory() as tmp, chromium_page(Path(tmp) / "profile") as page:
        page.set_content("<html><body><div id='fig'></div></body></html>")
        page.add_script_tag(content=plotly_js)
        for fig in figs:
            width, height = size_of(fig)
            url = page.evaluate(
                """([fig, width, height]) => Plotly.toImage(
                     {data: fig.data, layout: fig.layout, config: {}},
                     {format: "png", width: width, height: height, scale: 1})""",
                [fig, width, height])
            yield base64.b64decode(url.split(",", 1)[1])


def with_figures(path: Path, executed: Any) -> Any:
    """The committed notebook ``path`` with the executed notebook's figure outputs (as PNGs)
    in its cells; every other output as committed, figure outputs of other cells removed."""
    nb = nbformat.read(path, as_version=4)
    shown = [(i, o) for i, cell in enumerate(executed.cells) if cell.cell_type == "code"
             for o in cell.outputs if is_figure_output(o)]
    pngs = iter(render_pngs([o["metadata"][FIGURE_KEY] for _i, o in shown
                             if FIGURE_KEY in o["metadata"]]))
    for cell in nb.cells:
        if cell.cell_type == "code" and any(is_figure_output(o) for o in cell.outputs):
            cell.outputs = [o for o in cell.outputs if not is_figure_output(o)]
            if not cell.outputs:
                cell.execution_count = None
    for i, output in shown:
        cell = nb.cells[i]
        cell.execution_count = executed.cells[i].execution_count  # nbval: a cell with outputs
        if FIGURE_KEY in output["metadata"]:
            fig = output["metadata"][FIGURE_KEY]
            width, height = size_of(fig)
            cell.outputs.append(nbformat.v4.new_output(
                "display_data",
                data={"image/png": base64.b64encode(next(pngs)).decode("ascii"),
                      "text/plain": output["data"]["text/plain"]},
                metadata={FIGURE_KEY: compact(fig),
                          "image/png": {"width": width, "height": height}}))
        else:
            cell.outputs.append(nbformat.v4.new_output(
                "display_data", data=dict(output["data"]), metadata={NOTE_KEY: True}))
    return nb


def write(nb: Any, path: Path) -> None:
    """Write ``nb`` as the repository's notebooks are written (nbformat's own layout)."""
    nbformat.write(nb, path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every lesson")
    parser.add_argument("--check", action="store_true",
                        help="only compare the committed figures with the code's; exit 1 if any "
                             "differs")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or lesson_notebooks()
    failed = False
    for path in paths:
        executed = execute(path)
        if args.check:
            problems = differences(path, executed)
            failed |= bool(problems)
            print("\n".join(problems) or f"{path.name}: figures up to date")
            continue
        write(with_figures(path, executed), path)
        print(f"{path.name}: {len(built_figures(executed))} figures, "
              f"{path.stat().st_size / 1e6:.2f} MB")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
