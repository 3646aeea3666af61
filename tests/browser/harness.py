"""Voila and JupyterLab servers on 127.0.0.1 with throw-away Jupyter state, and Debian Chromium.

Shared by the browser tests (``tests/browser``) and the browser benchmark
(``benchmarks/bench_browser.py``).

* Every server runs with its own temporary Jupyter config, data, runtime, IPython and
  JupyterLab settings/workspace directories (:func:`jupyter_env`), never the user's: a saved
  JupyterLab workspace or a user setting cannot change what a test sees. Extensions installed
  in the virtualenv (``sys.prefix/share/jupyter``) are still found, and so are the repository's
  ``etc/jupyter`` config and ``share/jupyter`` Voila template, as with ``make run``.
* Servers are subprocesses of the running Python's environment on free loopback ports, in their
  own process group, with a log file; :func:`run_server` waits until the port answers and stops
  the whole group afterwards.
* Chromium is Debian's ``/usr/bin/chromium`` driven through Playwright (``executable_path``);
  Playwright's own browser downloads are never used.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("GAMELIB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_START_TIMEOUT = 90.0  # seconds; two cores, cold imports
PAGE_TIMEOUT_MS = 120_000  # Voila executes the whole notebook before widgets appear

# The JupyterLab widget (anywidget) and the controller's widget tree, as the page shows them.
CONTROLLER = ".gamelib-controller"
BOARD = f"{CONTROLLER} .js-plotly-plot"


def _bin(name: str) -> str:
    """A console script installed beside the running interpreter (the project's venv)."""
    return str(Path(sys.executable).with_name(name))


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@functools.cache
def bundle_cache() -> Path:
    """A directory holding plotly's widget bundle LZMA-compressed, the compressed static files
    of Voila's pages and, where this machine can build it, the smaller bundle Voila pages use
    (made on first use, as ``make run`` does)."""
    from gamelib.ui import partial_bundle, static_gzip
    from gamelib.ui.widget_bundle import cache_path, prepare

    directory = Path(tempfile.gettempdir()) / "gamelib-test-cache"
    if not cache_path(directory).exists():
        prepare(directory)
    if partial_bundle.load(directory) is None:
        partial_bundle.build(directory)
    static_gzip.compress_installed(directory=static_gzip.static_dir(directory))
    return directory


OVERRIDES = "config-overrides"
"""The folder (under a server's ``tmp/jupyter``) of config that overrides the repository's."""


def jupyter_env(tmp: Path) -> dict[str, str]:
    """The environment for a server: every per-user Jupyter directory is under ``tmp``."""
    env = dict(os.environ)
    dirs = {
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "IPYTHONDIR": "ipython",
        "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
    }
    for var, name in dirs.items():
        path = tmp / "jupyter" / name
        path.mkdir(parents=True, exist_ok=True)
        env[var] = str(path)
    # The repository's own Jupyter config and Voila template (what `make run` and Binder use:
    # compressed responses, the offline "gamelib" Voila template), and nothing else's.
    env["JUPYTER_PATH"] = str(ROOT / "share" / "jupyter")
    # A test's own settings (OVERRIDES under ``tmp``) come first: the first folder wins.
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
        [str(tmp / "jupyter" / OVERRIDES), str(ROOT / "etc" / "jupyter")])
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    # Kernels send plotly's bundle LZMA-compressed from a cache made once per run (as after
    # `make run`'s or Binder's setup); a test may set its own (an empty one: gzip first).
    env.setdefault("GAMELIB_CACHE_DIR", str(bundle_cache()))
    env["PYTHONUNBUFFERED"] = "1"
    # Kernels import this checkout's gamelib (not another editable install of the venv).
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    # Kernels must run the same interpreter as the tests (the one with gamelib installed).
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    return env


@dataclass
class Server:
    """A running server: its base URL (ending in '/'), process and log file, and the path of
    the page to open (``page_url``)."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path
    start_path: str = ""

    @property
    def page_url(self) -> str:
        """The page a reader opens: a notebook rendered by Voila, or JupyterLab."""
        return self.url + self.start_path

    def log_tail(self, n: int = 60) -> str:
        """The last ``n`` lines of the server's log."""
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"


def _wait_until_up(server: Server, probe_path: str) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"server exited with {server.process.returncode}:\n{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(server.url + probe_path, timeout=5) as resp:
                if resp.status < 500:
                    return
        except Exception as exc:  # not listening yet, or 4xx/5xx while starting
            if isinstance(exc, urllib.error.HTTPError) and exc.code < 500:
                return
            last_error = exc
        time.sleep(0.5)
    raise TimeoutError(f"{server.url} did not answer ({last_error}):\n{server.log_tail()}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=15)


@contextlib.contextmanager
def run_server(
    cmd: list[str],
    port: int,
    log: Path,
    probe_path: str,
    cwd: Path,
    tmp: Path,
    start_path: str = "",
) -> Iterator[Server]:
    """Start ``cmd`` with :func:`jupyter_env`, wait until it answers, stop it afterwards."""
    env = jupyter_env(tmp)
    with log.open("wb") as out:
        process = subprocess.Popen(
            cmd,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        server = Server(f"http://127.0.0.1:{port}/", process, log, start_path)
        try:
            _wait_until_up(server, probe_path)
            yield server
        finally:
            _stop(process)


def _server_args(program: str, port: int, root: Path) -> list[str]:
    """``program`` (a Jupyter server) on 127.0.0.1:``port`` rooted at ``root``, no token."""
    return [
        _bin(program),
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--allow-root",  # CI runs as root
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
    ]


def voila_server(
    notebook: Path, log: Path, tmp: Path, preheat: Sequence[str] = ()
) -> contextlib.AbstractContextManager[Server]:
    """Voila rendering ``notebook`` on a free loopback port, as Binder and ``make run`` serve
    it: Voila's extension of a Jupyter server (``/voila/render/<notebook>``) with the
    repository's config (compressed responses, the offline ``gamelib`` template).

    Standalone ``voila`` applies ``tornado_settings`` after making its web application, too
    late for tornado's ``compress_response``, so it is not what the pages are measured with.

    Nothing is pre-heated (``preheat`` empty, the default): a test opens one page once, and
    pre-heating the folder's other notebooks would only load the machine. The first page gets
    the spare kernel the repository's config starts with the server (gamelib imported), later
    ones a new kernel each. ``preheat``
    lists the notebooks (file-name patterns) kept pre-heated (:mod:`gamelib.ui.voila_pool`,
    :func:`wait_preheated`), as the repository's config lists the game notebooks.
    """
    port = free_port()
    cmd = [
        *_server_args("jupyter-server", port, notebook.parent),
        "--VoilaConfiguration.show_tracebacks=True",
    ]
    # In the test's own config folder, which comes before the repository's (jupyter_env): the
    # command line cannot give a list to a class the server does not list as configurable.
    config = tmp / "jupyter" / OVERRIDES
    config.mkdir(parents=True, exist_ok=True)
    (config / "jupyter_server_config.json").write_text(
        json.dumps({"PreheatingKernelManager": {"preheat": list(preheat)}}))
    start = f"voila/render/{notebook.name}"
    return run_server(cmd, port, log, "api", notebook.parent, tmp, start)


def wait_preheated(server: Server, notebook: str, timeout_s: float = 600.0) -> None:
    """Start pre-heating (any Voila page asked for starts it: the first one is fetched here)
    and wait until ``notebook`` (a file name) has been pre-rendered; generous, not a speed
    check."""
    with urllib.request.urlopen(server.page_url, timeout=timeout_s) as response:
        response.read()
    deadline = time.monotonic() + timeout_s
    while f"gamelib: {notebook} pre-rendered in" not in server.log.read_text(errors="replace"):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{notebook} was not pre-rendered within {timeout_s:.0f} s")
        time.sleep(0.25)


def lab_server(root: Path, log: Path, tmp: Path) -> contextlib.AbstractContextManager[Server]:
    """JupyterLab rooted at ``root`` on a free loopback port, without a token, with its
    settings and workspaces in ``tmp``."""
    port = free_port()
    cmd = [
        *_server_args("jupyter-lab", port, root),
        "--ServerApp.disable_check_xsrf=True",
        f"--LabApp.user_settings_dir={tmp / 'jupyter' / 'lab-settings'}",
        f"--LabApp.workspaces_dir={tmp / 'jupyter' / 'lab-workspaces'}",
        "--LabApp.news_url=None",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp, to run cells from tests
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    return run_server(cmd, port, log, "api", root, tmp, "lab")


@contextlib.contextmanager
def chromium_page(profile: Path) -> Iterator[Any]:
    """A Playwright page in Debian Chromium with a fresh user-data-dir at ``profile``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            user_data_dir=str(profile),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900},
        )
        context.set_default_timeout(PAGE_TIMEOUT_MS)
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


ANYWIDGET_GAVE_UP = "[anywidget] Failed to initialize model."
"""What anywidget logs when a model's module took more than its two seconds to load."""


class JsErrors:
    """Collects the page's uncaught exceptions and console errors from the moment it is made."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on(
            "console",
            lambda msg: self.errors.append(f"console.error: {msg.text}")
            if msg.type == "error"
            else None,
        )

    def relevant(self) -> list[str]:
        """Errors except the harmless ones: a headless, offline browser's missing favicon, and
        anywidget giving up on a model's start on a busy page (the figure draws all the same:
        :mod:`gamelib.ui.plotly_widget`; the tests check what every figure draws)."""
        return [e for e in self.errors if "favicon" not in e and ANYWIDGET_GAVE_UP not in e]


class ClickTrace:
    """Where a click went: the buttons the page's document saw clicked (a capturing listener
    installed before the page loads) and the websocket frames it sent that carry a click.

    Made before ``page.goto``. A test that waits for a click's effect in vain tells with it
    whether the browser never clicked the button, the page never sent the click, or the
    kernel got it."""

    INIT_JS = """
    window.__gamelibClicks = [];
    document.addEventListener("click", (e) => {
      const b = e.target instanceof Element ? e.target.closest("button") : null;
      window.__gamelibClicks.push(b ? (b.textContent || "").trim() : String(e.target.nodeName));
    }, true);
    """

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frames = 0
        page.add_init_script(self.INIT_JS)
        page.on("websocket", lambda ws: ws.on("framesent", self._sent))

    def _sent(self, payload: str | bytes) -> None:
        data = payload.encode() if isinstance(payload, str) else payload
        if b'"click"' in data:
            self.frames += 1

    def buttons(self) -> list[str]:
        """The text of every button the document saw clicked, in order."""
        return list(self.page.evaluate("() => window.__gamelibClicks || []"))


class Transfer:
    """Bytes the page received over HTTP and websockets (Chrome DevTools Protocol counters)."""

    def __init__(self, page: Any) -> None:
        self.http = 0
        self.ws = 0
        self.urls: dict[str, str] = {}
        self.by_url: dict[str, int] = {}
        self.external: list[str] = []
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Performance.enable")
        cdp.on("Network.requestWillBeSent", self._request)
        cdp.on("Network.loadingFinished", self._http)
        cdp.on("Network.webSocketFrameReceived", self._frame)
        self.cdp = cdp

    def _request(self, event: dict[str, Any]) -> None:
        url = str(event.get("request", {}).get("url", ""))
        self.urls[str(event.get("requestId"))] = url
        if url.startswith(("http:", "https:", "ws:", "wss:")) and not url.startswith(
            ("http://127.0.0.1", "ws://127.0.0.1")
        ):
            self.external.append(url)

    def _http(self, event: dict[str, Any]) -> None:
        size = int(event.get("encodedDataLength", 0))
        self.http += size
        url = self.urls.get(str(event.get("requestId")), "?").split("?")[0]
        self.by_url[url] = self.by_url.get(url, 0) + size

    def largest(self, n: int = 5) -> list[tuple[str, int]]:
        """The ``n`` URLs that brought the most HTTP bytes, with their byte counts."""
        return sorted(self.by_url.items(), key=lambda kv: -kv[1])[:n]

    def _frame(self, event: dict[str, Any]) -> None:
        frame = event.get("response", {})
        payload = frame.get("payloadData", "")
        if frame.get("opcode") == 2:  # a binary frame, shown base64-encoded
            self.ws += len(payload) * 3 // 4
        else:
            self.ws += len(payload.encode("utf-8"))

    @property
    def total(self) -> int:
        """HTTP plus websocket bytes so far."""
        return self.http + self.ws

    def js_heap_mb(self) -> float:
        """The page's JavaScript heap in use, in MB."""
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        used = next((m["value"] for m in metrics if m["name"] == "JSHeapUsedSize"), 0.0)
        return float(used) / 1e6
