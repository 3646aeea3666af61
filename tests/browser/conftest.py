"""Browser test fixtures: Voila and JupyterLab with throw-away Jupyter state, Debian Chromium.

The servers and the browser come from :mod:`tests.browser.harness`. Without
``/usr/bin/chromium`` the browser tests skip with a reason -- unless the environment variable CI
is set, where a missing browser is a failure (.ci/run installs it).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import CHROMIUM, ROOT, Server, chromium_page, lab_server, voila_server

VoilaFactory = Callable[..., Server]


def _factory(
    make: Callable[..., contextlib.AbstractContextManager[Server]],
    kind: str,
    tmp_path: Path,
    artifacts_dir: Path,
    request: pytest.FixtureRequest,
) -> Iterator[Callable[..., Server]]:
    """A fixture body: ``start(path, **options)`` runs ``make(path, log, tmp_path, **options)``
    until the test ends."""
    stack = contextlib.ExitStack()

    def start(path: Path, **options: Any) -> Server:
        log = artifacts_dir / f"{_safe(request.node.name)}-{kind}.log"
        return stack.enter_context(make(path, log, tmp_path, **options))

    with stack:
        yield start


@pytest.fixture
def voila(
    tmp_path: Path, artifacts_dir: Path, request: pytest.FixtureRequest
) -> Iterator[VoilaFactory]:
    """Factory: ``voila(path_to_notebook, preheat=())`` starts Voila on that notebook, returns a
    Server (:func:`tests.browser.harness.voila_server`)."""
    yield from _factory(voila_server, "voila", tmp_path, artifacts_dir, request)


@pytest.fixture
def jupyterlab(
    tmp_path: Path, artifacts_dir: Path, request: pytest.FixtureRequest
) -> Iterator[Server]:
    """JupyterLab on a free loopback port, rooted at the repository, without a token."""
    log = artifacts_dir / f"{_safe(request.node.name)}-jupyterlab.log"
    with lab_server(ROOT, log, tmp_path) as server:
        yield server


@pytest.fixture
def lab_at(
    tmp_path: Path, artifacts_dir: Path, request: pytest.FixtureRequest
) -> Iterator[Callable[[Path], Server]]:
    """Factory: ``lab_at(folder)`` starts JupyterLab rooted at ``folder``, returns a Server."""
    yield from _factory(lab_server, "jupyterlab", tmp_path, artifacts_dir, request)


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
    pytest.importorskip("playwright.sync_api")
    with chromium_page(tmp_path / "chromium-profile") as pg:
        yield pg


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
