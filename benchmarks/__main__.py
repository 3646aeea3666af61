"""``python -m benchmarks [--quick] [--only NAME [--update]] [--no-write]``: run, write the report.

Runs ``run(quick)`` of every ``benchmarks/bench_*.py`` module, prints a table per module, and
writes docs/performance.md with the machine, the date and each module's docstring summary.
``--only NAME`` runs one module and prints it without touching the report; ``--only NAME
--update`` replaces that module's section of the report and keeps the rest as it was.

What a regeneration keeps:

* a module's ``recorded()`` (Markdown lines), shown under its table: measurements made by hand
  and kept in ``benchmarks/results/`` (the browser's, see :mod:`benchmarks.bench_browser`);
* hand-written text between ``<!-- kept: NAME -->`` and ``<!-- /kept -->`` in the current
  report: it is carried over verbatim, under section ``NAME``'s table (before the notes when no
  section has that name). Keep there what a table cannot say (decisions, measurements on a
  loaded machine and what they mean), with its date.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import math
import os
import platform
import re
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Any

from benchmarks import Row

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "docs" / "performance.md"

NOTES = """\
## Notes

- Every reference is measured in the same run on the same machine; `ratio` = value / reference.
- **throughput**: whole random games with default options, on two paths per game: *checked*
  (`state.legal_actions()` then `gamelib.play(state, action)`, which validates the action and
  clones the state, so that no state is ever mutated) and *fast* (the simulator's path: the new
  state played in place with `apply_in_place`, `quiet` set). The reference is OpenSpiel's
  pure-Python `python_liars_poker`, whose `apply_action` changes its state in place. Targets
  (issue 12): checked ≥ 0.5×, fast ≥ 1.0×.
- **instructions**: the same playouts counted in instructions per step under valgrind's
  callgrind (start-up and warm-up games excluded), which do not swing with the machine's load as
  the throughput's seconds do; here `ratio` = the reference's instructions per step / the
  game's (higher is better, as with steps/s). Same targets.
- **bytecodes**: the same playouts counted in Python bytecodes per step (`sys.settrace`), what a
  game's seconds follow more closely than its instructions; for scale, with no target.
- **lessons**: the instructions (callgrind) of each lesson notebook's code cells run in one
  process through IPython's shell, as a new kernel runs them before Voila sends the page; the
  reference is what the same process ran before the first cell (Python, IPython, plotly,
  ipywidgets and gamelib.ui imported). No target: what a new kernel's page waits for, exactly.
- **controller**: Python-side time from a button click to every figure, extra and the log updated
  in place (all seats human, so one click is one action). The browser's own rendering is not
  included. The reference is the toy game's controller with one small scatter figure.
- Numbers vary by a few percent between runs; quick runs (`--quick`) use short time budgets.
"""


def machine() -> dict[str, str]:
    """CPU model, core count, Python and library versions, and the date."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = []
    for dist in ("plotly", "ipywidgets", "numpy", "open_spiel"):
        try:
            versions.append(f"{dist} {metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{dist} not installed")
    return {
        "CPU": cpu,
        "Cores": str(os.cpu_count()),
        "Python": f"{platform.python_version()} ({platform.python_implementation()})",
        "OS": f"{platform.system()} {platform.release()}",
        "Libraries": ", ".join(versions),
        "Date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def modules() -> list[str]:
    """Names of the benchmark modules (``bench_*.py``), sorted."""
    here = Path(__file__).resolve().parent
    return sorted(p.stem.removeprefix("bench_") for p in here.glob("bench_*.py"))


def fmt(value: Any) -> str:
    """A number for a table: 3 significant figures at least, thousands separated."""
    if value is None:
        return "—"
    if isinstance(value, float):
        if math.isnan(value):
            return "failed"
        if abs(value) >= 100:
            return f"{value:,.0f}"
        if abs(value) >= 1:
            return f"{value:.2f}"
        return f"{value:.3g}"
    return str(value)


def table(rows: list[Row]) -> list[str]:
    """Markdown table lines of ``rows``."""
    lines = [
        "| subject | value | unit | reference | ratio | notes |",
        "|---|---:|---|---|---:|---|",
    ]
    for r in rows:
        cells = [
            r["subject"],
            fmt(r["value"]),
            r["unit"],
            r["reference"] or "—",
            fmt(r["ratio"]),
            r["notes"],
        ]
        lines.append("| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |")
    return lines


KEPT = re.compile(r"^<!-- kept: (?P<name>[\w-]+) -->\n.*?^<!-- /kept -->\n?", re.M | re.S)


def kept_blocks(text: str) -> dict[str, list[str]]:
    """The hand-written blocks of a report, by the section they belong to (markers included)."""
    blocks: dict[str, list[str]] = {}
    for m in KEPT.finditer(text):
        blocks.setdefault(m["name"], []).append(m.group(0).rstrip("\n"))
    return blocks


def section(
    name: str,
    rows: list[Row],
    intro: str | None = None,
    recorded: list[str] | None = None,
    kept: list[str] | None = None,
    updated: str | None = None,
) -> list[str]:
    """The lines of report section ``name``: heading, intro, table, recorded lines, kept blocks
    (``updated``: a line saying the section was measured alone, after the rest)."""
    lines = [f"## {name}", ""]
    if intro:
        lines += [intro, ""]
    if updated:
        lines += [updated, ""]
    lines += table(rows)
    if recorded:
        lines += ["", *recorded]
    for block in kept or []:
        lines += ["", block]
    return lines


SECTION = re.compile(r"^## (?P<name>\S+)\n.*?(?=^## |\Z)", re.M | re.S)


def replace_section(text: str, name: str, lines: list[str]) -> str:
    """``text`` (a report) with its section ``name`` replaced by ``lines`` (kept blocks of
    other names found in it stay); a report without that section is refused."""
    for m in SECTION.finditer(text):
        if m["name"] == name:
            # blocks kept for sections the report does not have sit at the end of the last one
            others = [b for n, bs in kept_blocks(m.group(0)).items() if n != name for b in bs]
            new = "\n\n".join(["\n".join(lines), *others]) + "\n\n"
            rest = text[m.end():]
            return text[:m.start()] + (new if rest else new.rstrip("\n") + "\n") + rest
    raise ValueError(f"the report has no section {name!r}: run the full benchmarks")


def report(
    results: dict[str, list[Row]],
    info: dict[str, str],
    quick: bool,
    seconds: float,
    intros: dict[str, str] | None = None,
    recorded: dict[str, list[str]] | None = None,
    kept: dict[str, list[str]] | None = None,
) -> str:
    """The text of docs/performance.md (``recorded``: lines under a section's table; ``kept``:
    hand-written blocks carried over from the previous report, see :func:`kept_blocks`)."""
    kept = dict(kept or {})
    mode = "quick run (`--quick`)" if quick else "full run"
    lines = [
        "# Performance",
        "",
        f"Generated by `python -m benchmarks` ({mode}, {seconds:.0f} s); do not edit by hand.",
        "",
        "## Machine",
        "",
    ]
    lines += [f"- **{k}**: {v}" for k, v in info.items()]
    for name, rows in results.items():
        lines += ["", *section(name, rows, (intros or {}).get(name), (recorded or {}).get(name),
                               kept.pop(name, []))]
    for blocks in kept.values():
        for block in blocks:
            lines += ["", block]
    lines += ["", NOTES]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks; print their table; write docs/performance.md unless ``--no-write``."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short time budgets")
    parser.add_argument(
        "--only",
        metavar="NAME",
        help=f"run one benchmark ({', '.join(modules())}); the report is not written",
    )
    parser.add_argument("--no-write", action="store_true", help="do not write docs/performance.md")
    parser.add_argument(
        "--update", action="store_true",
        help="with --only: replace that benchmark's section of docs/performance.md (the rest, "
             "its header and machine included, stays as the last full run wrote it)",
    )
    args = parser.parse_args(argv)
    if args.update and not args.only:
        print("error: --update goes with --only NAME", file=sys.stderr)
        return 2
    names = modules()
    if args.only:
        if args.only.removeprefix("bench_") not in names:
            print(
                f"error: no benchmark {args.only!r}; available: {', '.join(names)}", file=sys.stderr
            )
            return 2
        names = [args.only.removeprefix("bench_")]
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # the controller benchmark uses tests/toy_game.py
    start = time.perf_counter()
    results: dict[str, list[Row]] = {}
    intros: dict[str, str] = {}
    recorded: dict[str, list[str]] = {}
    for name in names:
        print(f"running {name} ...", file=sys.stderr, flush=True)
        module = importlib.import_module(f"benchmarks.bench_{name}")
        intros[name] = " ".join((module.__doc__ or "").strip().split("\n\n")[0].split())
        results[name] = module.run(quick=args.quick)
        if hasattr(module, "recorded"):
            recorded[name] = module.recorded()
        print(f"\n## {name}")
        print("\n".join(table(results[name])), flush=True)
    seconds = time.perf_counter() - start
    if args.update and not args.no_write:
        name = names[0]
        previous = REPORT.read_text(encoding="utf-8")
        stamp = (f"*This section: `python -m benchmarks --only {name} --update`"
                 f"{' --quick' if args.quick else ''}, "
                 f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, {seconds:.0f} s.*")
        lines = section(name, results[name], intros[name], recorded.get(name),
                        kept_blocks(previous).get(name, []), stamp)
        REPORT.write_text(replace_section(previous, name, lines), encoding="utf-8")
        print(f"\nupdated section {name} of {REPORT.relative_to(ROOT)}", file=sys.stderr)
    if not args.no_write and not args.only:  # a partial run must not replace the full report
        REPORT.parent.mkdir(parents=True, exist_ok=True)
        previous = REPORT.read_text(encoding="utf-8") if REPORT.exists() else ""
        text = report(results, machine(), args.quick, seconds, intros, recorded,
                      kept_blocks(previous))
        REPORT.write_text(text + "\n", encoding="utf-8")
        print(f"\nwrote {REPORT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
