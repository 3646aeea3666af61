"""Browser test harness: Voila and JupyterLab servers on 127.0.0.1, driven by Debian Chromium.

* Servers are started as subprocesses of the test run's own Python on free loopback ports,
  with their own process group, a private runtime dir and a log file in tests/artifacts/;
  the fixtures wait until the port answers and stop the whole group afterwards.
* Chromium is Debian's ``/usr/bin/chromium`` driven through Playwright's Python API
  (``executable_path=...``).  Playwright's own browser downloads are never used (they cannot
  be fetched here; do not run ``playwright install``).  Each test gets a fresh user-data-dir.
* Without /usr/bin/chromium the browser tests skip with a reason -- unless the environment
  variable CI is set, where a missing browser is a failure (.ci/run installs it).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

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


def _bin(name: str) -> str:
    """A console script installed beside the running interpreter (the project's venv)."""
    return str(Path(sys.executable).with_name(name))


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A running server: its base URL (ending in '/'), process and log file."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path

    def log_tail(self, n: int = 60) -> str:
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
    cmd: list[str], port: int, log: Path, probe_path: str, cwd: Path, tmp: Path
) -> Iterator[Server]:
    env = dict(os.environ)
    env["JUPYTER_RUNTIME_DIR"] = str(tmp / "runtime")
    env["PYTHONUNBUFFERED"] = "1"
    # Kernels must run the same interpreter as the tests (the one with gamelib installed).
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
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
        server = Server(f"http://127.0.0.1:{port}/", process, log)
        try:
            _wait_until_up(server, probe_path)
            yield server
        finally:
            _stop(process)


VoilaFactory = Callable[[Path], Server]


@pytest.fixture
def voila(
    tmp_path: Path, artifacts_dir: Path, request: pytest.FixtureRequest
) -> Iterator[VoilaFactory]:
    """Factory: ``voila(path_to_notebook)`` starts Voila on that notebook, returns a Server."""
    stack = contextlib.ExitStack()

    def start(notebook: Path) -> Server:
        port = free_port()
        cmd = [
            _bin("voila"),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--show_tracebacks=True",
            str(notebook),
        ]
        log = artifacts_dir / f"{_safe(request.node.name)}-voila.log"
        return stack.enter_context(
            run_server(cmd, port, log, "voila/static/", notebook.parent, tmp_path)
        )

    with stack:
        yield start


@pytest.fixture
def jupyterlab(tmp_path: Path, artifacts_dir: Path) -> Iterator[Server]:
    """JupyterLab on a free loopback port, rooted at the repository, without a token."""
    port = free_port()
    cmd = [
        _bin("jupyter-lab"),
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--allow-root",  # CI runs as root
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={ROOT}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    with run_server(cmd, port, artifacts_dir / "jupyterlab.log", "api", ROOT, tmp_path) as server:
        yield server


@pytest.fixture(scope="session")
def chromium_executable() -> Path:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing (Debian package 'chromium'; .ci/run installs it)"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {reason}", pytrace=False)
        pytest.skip(reason)
    return CHROMIUM


@pytest.fixture
def page(chromium_executable: Path, tmp_path: Path) -> Iterator[object]:
    """A Playwright page in Debian Chromium with a fresh user-data-dir."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            user_data_dir=str(tmp_path / "chromium-profile"),
            executable_path=str(chromium_executable),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900},
        )
        context.set_default_timeout(PAGE_TIMEOUT_MS)
        try:
            pg = context.pages[0] if context.pages else context.new_page()
            yield pg
        finally:
            context.close()


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
