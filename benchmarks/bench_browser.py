"""Page weight of each game notebook in Voila, measured in headless Chromium (issue 12, Browser).

For each notebook: Voila runs it with throw-away Jupyter directories; Chromium loads the page
through a loopback proxy that counts every byte the server sends, HTTP and websocket, as sent
(``tests.browser.wire``: the websocket is compressed with ``permessage-deflate``, which
DevTools' counters do not see; their count, with websocket payloads inflated, is kept beside it).
Reported: bytes and seconds until the controller's board figure is drawn (seconds by the page's
own clock at the first frame painted with it; when Playwright saw it in the notes; the median
of :data:`PAGE_RUNS` pages, each on a new server, for a server's first page and for a
pre-heated one, every run in the notes), then bytes,
JavaScript heap and JavaScript errors after playing (auto-play at full speed to the end of the
game, or ``moves`` bot moves in a quick run). Needs ``/usr/bin/chromium`` and Playwright;
without them the rows say so.

Run one notebook: ``python -m benchmarks.bench_browser powers [--moves N]``; ``--saved`` instead
measures the notebook executed and saved with its widget state; ``--kernel`` counts in Python
the widget messages of a whole game of the game's controller (no browser). Every measurement
(by hand or in ``python -m benchmarks``) is recorded in ``benchmarks/results/browser.json`` (the
latest per notebook and kind of play, with its date, command and the machine's load), and the report
(docs/performance.md) shows that file as a table, so a regenerated report keeps the
measurements made by hand. Voila runs as Binder and
``make run`` serve it (see ``tests/browser/harness.py``). The goals: at most 3 MB before the
board shows, 8 MB over a whole game, no JavaScript errors, heap under 400 MB, no request
leaving 127.0.0.1, and a saved notebook of at most 8 MB.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import Row, read_results, row, write_results

NAME = "browser"
NOTEBOOKS = ("powers", "rekkyo", "megalomania", "trench", "qmg")
"""Game notebooks measured, each when ``notebooks/<name>.ipynb`` exists."""
ROOT = Path(__file__).resolve().parents[1]
GAME_TIMEOUT_MS = 240_000
PAGE_RUNS = 3
"""Pages measured for each kind of page (a new server's first page, a pre-heated one); the
report gives the median and every run (seconds swing with this shared machine's load)."""
RESULTS = ROOT / "benchmarks" / "results" / "browser.json"
"""Recorded measurements: ``{key: {"notebook", "played", ..., "date", "command", "load"}}``."""


def compile_gamelib() -> None:
    """Write gamelib's bytecode, as an installation, Binder's ``postBuild`` or a first import
    leaves it, so that a new kernel does not compile gamelib's modules (0.3-0.4 s) where
    ``PYTHONDONTWRITEBYTECODE`` is set (as on this project's machines) or the checkout is new."""
    import compileall

    compileall.compile_dir(ROOT / "gamelib", quiet=1)


def machine_speed(seconds: float = 2.0) -> float | None:
    """The throughput benchmark's reference playouts in steps/s, measured now (``None``
    without open_spiel): how fast this shared machine runs at the moment. Seconds to the board
    move with it (2026-12-02: 140,000 steps/s; 2026-12-03: 60,000, and every page took about
    twice as long), so each measurement keeps it beside its seconds."""
    from benchmarks.bench_throughput import REFERENCE, _measure, openspiel_playout

    play_one = openspiel_playout(REFERENCE)
    if play_one is None:
        return None
    play_one(0)
    elapsed, _games, steps = _measure(play_one, seconds, 1_000_000, first=1)
    return round(steps / elapsed, -2)


def _speed(value: Any) -> str:
    return "—" if value is None else f"{value:,.0f}"


def measure(name: str, moves: int | None = None) -> dict[str, Any]:
    """Load ``notebooks/<name>.ipynb`` in Voila and play; a dict of measurements.

    ``moves=None`` plays the whole game with auto-play at full speed; otherwise clicks
    "Bot move" ``moves`` times.
    """
    from tests.browser.harness import (
        CONTROLLER,
        JsErrors,
        Transfer,
        chromium_page,
        voila_server,
    )
    from tests.browser.wire import wire_proxy

    notebook = ROOT / "notebooks" / f"{name}.ipynb"
    compile_gamelib()
    with tempfile.TemporaryDirectory(prefix="gamelib-bench-") as tmp_name:
        tmp = Path(tmp_name)
        with voila_server(notebook, tmp / "voila.log", tmp) as server, wire_proxy(
            server.url
        ) as wire, chromium_page(tmp / "profile") as page:
            errors = JsErrors(page)
            transfer = Transfer(page)
            frames: list[dict[str, Any]] = []
            transfer.cdp.on("Network.webSocketFrameReceived",
                            lambda e: frames.append(e.get("response", {})))
            result: dict[str, Any] = {
                **dict(zip(("board_s", "board_seen_s"),
                           seconds_to_board(page, wire.url(server.page_url)), strict=True)),
                "board_wire_mb": wire.received / 1e6,
                "board_mb": transfer.total / 1e6,
                "board_http_mb": transfer.http / 1e6,
                "board_ws_kb": ws_breakdown(frames),
                "spare": _served_by_spare(server),
            }
            page.wait_for_function("() => !document.getElementById('loading')")
            controller = page.locator(CONTROLLER).first
            status = controller.locator(".gamelib-status").first
            if moves is None:
                _full_speed(controller)
                controller.get_by_role("button", name="Auto-play").first.click()
                status.get_by_text("Game over").first.wait_for(timeout=GAME_TIMEOUT_MS)
                result["moves"] = "whole game"
            else:
                bot = controller.get_by_role("button", name="Bot move").first
                for _ in range(moves):
                    bot.click()
                    page.wait_for_timeout(400)
                result["moves"] = f"{moves} bot moves"
            page.wait_for_timeout(2000)
            result["wire_mb"] = wire.received / 1e6
            result["total_mb"] = transfer.total / 1e6
            result["http_mb"] = transfer.http / 1e6
            result["heap_mb"] = transfer.js_heap_mb()
            result["js_errors"] = errors.relevant()
            result["figures"] = page.locator(f"{CONTROLLER} .js-plotly-plot").count()
            result["all_figures"] = page.locator(".js-plotly-plot").count()
            result["external"] = list(transfer.external)
            result["largest"] = [(url.rsplit("/", 1)[-1], n) for url, n in transfer.largest(12)]
    return result


BOARD_PAINTED_JS = """
(() => {
  const look = () => {
    const shown = [...document.querySelectorAll(%s)].some(
      (e) => e.getBoundingClientRect().height > 50 && e.querySelector(".main-svg"));
    if (shown) window.__gamelibBoardPainted = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""
"""The page's own clock at the first animation frame (painted right after) with a board drawn."""


def seconds_to_board(page: Any, url: str) -> tuple[float, float]:
    """Open ``url``; the seconds until its first board is painted, and until Playwright saw it.

    The first board: a lesson's chapter board is made, and any figure drawn, when its place
    comes near the screen (gamelib.ui.lesson.Later, gamelib.ui.plotly_widget); a reader
    scrolls to it. Painted: the page's clock (from the request) at the first animation frame
    with the board drawn (:data:`BOARD_PAINTED_JS`). Seen: when Playwright's poll of the same
    test answered; later while the page's main thread is busy drawing other figures."""
    from tests.browser.harness import BOARD, CONTROLLER

    page.add_init_script(BOARD_PAINTED_JS % json.dumps(BOARD))
    start = time.perf_counter()
    page.goto(url)
    first = page.locator(f"{CONTROLLER}, .gamelib-later").first
    first.wait_for(state="attached", timeout=GAME_TIMEOUT_MS)
    first.scroll_into_view_if_needed(timeout=GAME_TIMEOUT_MS)
    page.wait_for_function(
        f"""() => [...document.querySelectorAll('{BOARD}')]
            .some(e => e.getBoundingClientRect().height > 50
                       && e.querySelector('.main-svg'))""",
        timeout=GAME_TIMEOUT_MS,
    )
    seen = time.perf_counter() - start
    painted = page.wait_for_function("() => window.__gamelibBoardPainted",
                                     timeout=GAME_TIMEOUT_MS).json_value()
    return float(painted) / 1000, seen


def first_page(name: str) -> dict[str, Any]:
    """Seconds until the board of ``notebooks/<name>.ipynb`` shows as a new server's first page
    (as in :func:`measure`, without playing): ``board_s``, ``board_seen_s``, and ``spare``
    (whether the spare kernel served it)."""
    from tests.browser.harness import chromium_page, voila_server

    notebook = ROOT / "notebooks" / f"{name}.ipynb"
    with tempfile.TemporaryDirectory(prefix="gamelib-bench-") as tmp_name:
        tmp = Path(tmp_name)
        with voila_server(notebook, tmp / "voila.log", tmp) as server, \
                chromium_page(tmp / "profile") as page:
            board_s, seen_s = seconds_to_board(page, server.page_url)
            return {"board_s": board_s, "board_seen_s": seen_s, "spare": _served_by_spare(server)}


def _served_by_spare(server: Any) -> bool:
    """Whether the server's spare kernel (gamelib.ui.voila_pool) served a page, by its log."""
    return "taken by a page" in server.log.read_text(errors="replace")


def repeated(m: dict[str, Any], more: list[dict[str, Any]], key: str) -> None:
    """Put in ``m`` the median of ``m[key]`` and the same measurement in ``more`` as ``key``,
    every run's value as ``key + "_runs"`` (in the order taken) and the other keys of the
    median run (when Playwright saw it, …)."""
    import statistics

    runs = [m, *more]
    values = [float(r[key]) for r in runs]
    middle = statistics.median_low(values)
    chosen = runs[values.index(middle)]
    m.update({k: v for k, v in chosen.items() if k in more[0]} if more else {})
    m[key + "_runs"] = values


def measure_preheated(name: str) -> dict[str, Any]:
    """Seconds until the board of ``notebooks/<name>.ipynb`` shows in Voila when the page is
    served by a pre-heated kernel (:mod:`gamelib.ui.voila_pool`, as after a first Voila page
    of the server, such as Binder's Voila app's index), and the page's JavaScript errors."""
    from tests.browser.harness import JsErrors, chromium_page, voila_server, wait_preheated

    notebook = ROOT / "notebooks" / f"{name}.ipynb"
    with tempfile.TemporaryDirectory(prefix="gamelib-bench-") as tmp_name:
        tmp = Path(tmp_name)
        with voila_server(notebook, tmp / "voila.log", tmp, preheat=[notebook.name]) as server, \
                chromium_page(tmp / "profile") as page:
            wait_preheated(server, notebook.name)
            time.sleep(2.0)  # the page that started pre-heating has finished with the machine
            errors = JsErrors(page)
            board_s, seen_s = seconds_to_board(page, server.page_url)
            served = f"page of {notebook.name} served by pre-heated kernel"
            if served not in server.log.read_text():
                raise RuntimeError("the page was not served by a pre-heated kernel")
            page.wait_for_timeout(1000)
            return {"preheated_board_s": board_s, "preheated_board_seen_s": seen_s,
                    "preheated_js_errors": errors.relevant()}


def ws_breakdown(frames: list[dict[str, Any]]) -> dict[str, float]:
    """kB of websocket ``frames`` (DevTools' ``response`` objects) by kind of Jupyter message:
    ``comm_msg:custom`` (the plotly bundle), ``comm_msg:update_states`` (the reply to the page's
    request for every widget's state, also split by widget model as ``state:<model>``),
    ``comm_open``, ``status``, … Frames that are not Jupyter messages count as ``other``."""
    import base64
    import collections
    import struct

    kb: collections.Counter[str] = collections.Counter()
    for frame in frames:
        payload = frame.get("payloadData", "")
        try:
            if frame.get("opcode") == 2:  # v1.kernel.websocket.jupyter.org: offsets, then parts
                raw = base64.b64decode(payload)
                n = struct.unpack_from("<Q", raw)[0]
                offsets = struct.unpack_from(f"<{n}Q", raw, 8)
                header = json.loads(raw[offsets[1]:offsets[2]])
                content = json.loads(raw[offsets[4]:offsets[5]])
                size = len(raw)
            else:
                msg = json.loads(payload)
                header, content, size = msg["header"], msg["content"], len(payload.encode())
        except (ValueError, KeyError, IndexError, struct.error):
            kb["other"] += len(payload) / 1e3
            continue
        kind = str(header.get("msg_type"))
        data = content.get("data") if isinstance(content, dict) else None
        if isinstance(data, dict) and "method" in data:
            kind += f":{data['method']}"
            for state in (data.get("states") or {}).values():
                name = state.get("model_name", "?")
                kb[f"state:{name}"] += len(json.dumps(state)) / 1e3
        kb[kind] += size / 1e3
    return {k: round(v, 1) for k, v in kb.most_common()}


def saved_notebook_mb(name: str) -> float:
    """MB of ``notebooks/<name>.ipynb`` executed by nbclient and saved with its widget state
    (``store_widget_state``, what "Save Notebook Widget State" keeps), in a temporary folder."""
    import nbclient
    import nbformat

    from tests.browser.harness import jupyter_env

    notebook = ROOT / "notebooks" / f"{name}.ipynb"
    nb = nbformat.read(notebook, as_version=4)
    with tempfile.TemporaryDirectory(prefix="gamelib-saved-") as tmp_name:
        tmp = Path(tmp_name)
        env = jupyter_env(tmp)
        old = {k: os.environ.get(k) for k in ("PYTHONPATH", "JUPYTER_PATH")}
        os.environ.update({k: env[k] for k in old})  # the kernel imports this checkout
        try:
            client = nbclient.NotebookClient(
                nb,
                timeout=600,
                kernel_name="python3",
                store_widget_state=True,
                resources={"metadata": {"path": str(notebook.parent)}},
            )
            client.execute()
        finally:
            for k, v in old.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        out = tmp / notebook.name
        nbformat.write(nb, out)
        return out.stat().st_size / 1e6


def kernel_messages(name: str, seed: int = 0) -> dict[str, Any]:
    """The widget messages a kernel sends over a whole game of ``gamelib.<name>.ui.controller``
    (bot moves one by one, as auto-play does), counted at the comm: MB (JSON and buffers, without
    the Jupyter envelope each message also gets, about 1 kB in a browser) and messages, in all and
    by kind (``comm_open:ButtonModel``, ``update:HTML``, …). No browser needed; bytes do not
    depend on the machine's load."""
    import collections
    import importlib

    import comm
    from ipywidgets.widgets.widget import _instances

    size: collections.Counter[str] = collections.Counter()
    count: collections.Counter[str] = collections.Counter()

    def publish_msg(self: Any, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **_keys: Any) -> None:
        kind = msg_type
        if msg_type == "comm_open":
            kind += ":" + str(data["state"].get("_model_name"))
        elif msg_type == "comm_msg":
            kind = "update:" + type(_instances.get(self.comm_id)).__name__
        size[kind] += len(json.dumps(data, default=str)) + sum(len(b) for b in buffers or ())
        count[kind] += 1

    old = comm.DummyComm.publish_msg
    comm.DummyComm.publish_msg = publish_msg  # type: ignore[method-assign]
    try:
        ctrl = importlib.import_module(f"gamelib.{name}.ui").controller(seed=seed)
        size.clear()
        count.clear()
        moves = 0
        while not ctrl.state.is_terminal():
            ctrl.bot_move()
            moves += 1
    finally:
        comm.DummyComm.publish_msg = old  # type: ignore[method-assign]
    return {"moves": moves, "kernel_mb": sum(size.values()) / 1e6,
            "messages": sum(count.values()),
            "by_kind": {k: (round(v / 1e6, 3), count[k]) for k, v in size.most_common(8)}}


def _present() -> list[str]:
    """The game notebooks of :data:`NOTEBOOKS` that exist."""
    return [n for n in NOTEBOOKS if (ROOT / "notebooks" / f"{n}.ipynb").exists()]


def _full_speed(controller: Any) -> None:
    """Move the auto-play speed slider to its maximum with the keyboard."""
    handle = controller.locator(".noUi-handle").first
    handle.focus()
    handle.press("End")


def run(quick: bool = False) -> list[Row]:
    """Rows per notebook: MB before the board, seconds to the board, MB and heap after play."""
    try:
        import playwright.sync_api  # noqa: F401

        from tests.browser.harness import CHROMIUM
    except ImportError as err:
        return [row(NAME, "all notebooks", float("nan"), "MB", notes=f"skipped: {err}")]
    if not CHROMIUM.exists():
        return [row(NAME, "all notebooks", float("nan"), "MB", notes=f"{CHROMIUM} missing")]
    rows: list[Row] = []
    present = _present()
    for name in present[:1] if quick else present:
        try:
            speed = machine_speed()
            m = measure(name, moves=3 if quick else None)
            runs = 1 if quick else PAGE_RUNS
            firsts = [first_page(name) for _ in range(runs - 1)]
            spare = m["spare"] and all(f["spare"] for f in firsts)
            repeated(m, firsts, "board_s")
            m["spare"] = spare
            pre = measure_preheated(name)
            repeated(pre, [measure_preheated(name) for _ in range(runs - 1)],
                     "preheated_board_s")
            m.update(pre, ref_steps_s=speed)
        except Exception as err:  # one broken page must not hide the other rows
            rows.append(row(NAME, name, float("nan"), "MB", notes=f"failed: {err!r}"[:300]))
            continue
        record(name, m, "python -m benchmarks" + (" --quick" if quick else ""))
        rows += _rows(name, m)
    if present and not quick:
        try:
            mb = saved_notebook_mb(present[0])
            record(present[0], {"saved_mb": mb}, "python -m benchmarks")
            rows.append(row(NAME, f"{present[0]}: executed notebook saved with widget state",
                            mb, "MB", notes="nbclient, store_widget_state=True; goal 8 MB"))
        except Exception as err:
            rows.append(row(NAME, "saved notebook", float("nan"), "MB", notes=f"failed: {err!r}"))
    return rows


def record(name: str, m: dict[str, Any], command: str) -> None:
    """Keep measurement ``m`` of notebook ``name`` in :data:`RESULTS` (replacing the previous
    one of the same notebook and kind of play)."""
    played = "saved with widget state" if "saved_mb" in m else str(m.get("moves", ""))
    entry = {k: v for k, v in m.items() if k != "largest"}
    entry.update(
        notebook=name,
        played=played,
        date=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        command=command,
        load=round(os.getloadavg()[0], 1),
    )
    data = _recorded_data()
    data[f"{name}, {played}"] = entry
    write_results(RESULTS, data)


def _recorded_data() -> dict[str, dict[str, Any]]:
    return read_results(RESULTS)


def _runs(values: list[float] | None) -> str:
    """"median of 3.62 / 3.33 / 3.80 s; " for several runs, "" for one."""
    if not values or len(values) < 2:
        return ""
    return "median of " + " / ".join(f"{v:.2f}" for v in values) + " s; "


def _mb(value: Any) -> str:
    return "—" if value is None else f"{value:.2f} MB"


def recorded() -> list[str]:
    """The recorded measurements (:data:`RESULTS`) as Markdown lines, for the report."""
    data = _recorded_data()
    if not data:
        return []
    lines = [
        f"Recorded measurements (`{RESULTS.relative_to(ROOT)}`, the latest of each; written by "
        "`python -m benchmarks.bench_browser <notebook> [--moves N] [--saved]` and by full "
        "runs; seconds depend on the machine's load and speed, bytes do not: *machine* is "
        "the reference playouts' steps/s just before the page, see `machine_speed`). Bytes "
        "are on the wire "
        "where measured so (`wire`; since the websocket is compressed), otherwise as DevTools "
        "counts them (HTTP as sent, websocket payloads inflated):",
        "",
        "| notebook | played | received before the board shows (HTTP) | seconds to the board "
        "| received after play | JS heap after play | JS errors | requests leaving 127.0.0.1 "
        "| date | load (1 min) | machine (steps/s) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|",
    ]
    for _key, e in sorted(data.items()):
        if "saved_mb" in e:
            cells = [e["notebook"], e["played"], f"{_mb(e['saved_mb'])} (the .ipynb file)",
                     "—", "—", "—", "—", "—"]
        else:
            wired = e.get("board_wire_mb") is not None
            board = _mb(e.get("board_wire_mb" if wired else "board_mb"))
            if wired:
                board += " wire"
            if e.get("board_http_mb") is not None:
                board += f" ({e['board_http_mb']:.2f})"
            errors = e.get("js_errors")
            external = e.get("external")
            cells = [
                e["notebook"], e["played"], board,
                ("—" if e.get("board_s") is None else f"{e['board_s']:.1f}")
                + ("" if e.get("preheated_board_s") is None
                   else f" ({e['preheated_board_s']:.1f} pre-heated)"),
                _mb(e.get("wire_mb")) + " wire" if wired else _mb(e.get("total_mb")),
                "—" if e.get("heap_mb") is None else f"{e['heap_mb']:.0f} MB",
                "—" if errors is None else str(len(errors)),
                "—" if external is None else str(len(external)),
            ]
        cells += [e.get("date", "—"), str(e.get("load", "—")), _speed(e.get("ref_steps_s"))]
        lines.append("| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |")
    return lines


def _rows(name: str, m: dict[str, Any]) -> list[Row]:
    errors = m["js_errors"]
    note = (f"on the wire; {m['board_mb']:.2f} MB with websocket payloads inflated; "
            f"{m['figures']} figure(s) in the controller, {m['all_figures']} on the page")
    return [
        row(NAME, f"{name}: received before the board shows", m["board_wire_mb"], "MB",
            notes=note),
        row(NAME, f"{name}: seconds until the board shows", m["board_s"], "s",
            notes=_runs(m.get("board_s_runs"))
                  + ("the server's first page, asked for once it answers: its spare kernel "
                   "(gamelib.ui.voila_pool, started with the server, gamelib imported) runs "
                   "the notebook" if m.get("spare") else
                   "a new kernel runs the notebook (the server's first page of it)")
                  + "; gamelib's bytecode compiled; painted (page's clock), Playwright saw it at "
                  f"{m['board_seen_s']:.2f} s; machine at {_speed(m.get('ref_steps_s'))} "
                  "reference steps/s"),
        row(NAME, f"{name}: seconds until the board shows, pre-heated kernel",
            m["preheated_board_s"], "s",
            notes=_runs(m.get("preheated_board_s_runs"))
                  + "gamelib.ui.voila_pool: the notebook ran before the page was asked for; "
                  f"painted, Playwright saw it at {m['preheated_board_seen_s']:.2f} s; "
                  f"{len(m['preheated_js_errors'])} JavaScript error(s)"),
        row(NAME, f"{name}: received after {m['moves']}", m["wire_mb"], "MB",
            notes=f"on the wire; {m['total_mb']:.2f} MB with websocket payloads inflated, "
                  f"of which HTTP {m['http_mb']:.2f} MB"),
        row(NAME, f"{name}: JavaScript heap after {m['moves']}", m["heap_mb"], "MB"),
        row(NAME, f"{name}: JavaScript errors", len(errors), "errors",
            notes="; ".join(errors)[:300]),
        row(NAME, f"{name}: requests leaving 127.0.0.1", len(m["external"]), "requests",
            notes="; ".join(m["external"])[:300]),
    ]


def main() -> None:
    """Measure one notebook and print the measurements."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", choices=_present())
    parser.add_argument("--moves", type=int, default=None, help="bot moves (default: whole game)")
    parser.add_argument(
        "--saved", action="store_true", help="only: MB of the notebook saved with widget state"
    )
    parser.add_argument(
        "--kernel", action="store_true",
        help="only: widget messages of a whole game counted in Python (no browser)",
    )
    args = parser.parse_args()
    if args.kernel:
        for key, value in kernel_messages(args.notebook).items():
            print(f"{key}: {value}")
        return
    command = "python -m benchmarks.bench_browser " + " ".join(
        [args.notebook]
        + ([f"--moves {args.moves}"] if args.moves is not None else [])
        + (["--saved"] if args.saved else [])
    )
    if args.saved:
        mb = saved_notebook_mb(args.notebook)
        record(args.notebook, {"saved_mb": mb}, command)
        print(f"saved_mb: {mb:.2f}")
        return
    speed = machine_speed()
    m = measure(args.notebook, args.moves)
    m.update(measure_preheated(args.notebook), ref_steps_s=speed)
    record(args.notebook, m, command)
    for key, value in m.items():
        print(f"{key}: {value}")
    print(f"recorded in {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
