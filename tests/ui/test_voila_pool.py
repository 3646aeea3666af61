"""Pre-heated kernels for Voila pages (gamelib.ui.voila_pool): which notebooks, when, and what
a page gets. Kernels and Voila's renderer are replaced by fakes here; the browser test
``test_voila_preheated_page_shows_engine_state`` serves a real page from a real one."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gamelib.ui.voila_pool import PreheatingKernelManager, _matches

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["powers", "rekkyo", "megalomania", "trench", "qmg"]


def test_the_repository_config_preheats_the_game_notebooks_only() -> None:
    server = json.loads((ROOT / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
    assert server["ServerApp"]["kernel_manager_class"] == (
        "gamelib.ui.voila_pool.PreheatingKernelManager")
    patterns = server["PreheatingKernelManager"]["preheat"]
    manager = PreheatingKernelManager(root_dir=str(ROOT), preheat=patterns)
    assert manager.listed("notebooks") == sorted(f"notebooks/{g}.ipynb" for g in GAMES)


@pytest.mark.parametrize(("path", "pattern", "expected"), [
    ("powers.ipynb", "powers.ipynb", True),
    ("notebooks/powers.ipynb", "powers.ipynb", True),
    ("notebooks/superpowers.ipynb", "powers.ipynb", False),
    ("notebooks/powers.ipynb", "notebooks/*.ipynb", True),
    ("other/powers.ipynb", "notebooks/*.ipynb", False),
    ("notebooks/qmg.ipynb", "*.ipynb", True),
])
def test_a_pattern_matches_a_file_name_or_with_a_slash_a_path(
    path: str, pattern: str, expected: bool
) -> None:
    assert _matches(path, pattern) is expected


class FakeRenderer:
    def __init__(self) -> None:
        self.stop_generator = False
        self.rendered_cache = ["<html>"]


class Fake(PreheatingKernelManager):
    """Kernels that only record their lives; Voila's renderer as a finished task. Pre-heating
    starts at once (no first page's kernel to wait for) unless a test sets the waits."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("first_page_quiet", 0.0)
        kwargs.setdefault("fill_delay", 0.0)
        super().__init__(**kwargs)
        self.started: list[str] = []
        self.stopped: list[str] = []
        self.fail_next = False

    async def _start(self, notebook_name: str) -> dict[str, Any]:
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("kernel died")
        self._mtimes[notebook_name] = self._mtime(notebook_name)
        kernel_id = f"k{len(self.started)}"
        self.started.append(notebook_name)
        task = asyncio.ensure_future(asyncio.sleep(0, result=(["<html>"], None)))
        return {"task": task, "renderer": FakeRenderer(), "kernel_id": kernel_id}

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self.stopped.append(kernel_id)


def _folder(tmp_path: Path) -> Path:
    nb = tmp_path / "nb"
    nb.mkdir()
    for name in ("index", "powers", "qmg"):
        (nb / f"{name}.ipynb").write_text("{}")
    return nb


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_nothing_is_preheated_before_a_voila_page_is_asked_for(tmp_path: Path) -> None:
    _folder(tmp_path)

    async def scenario() -> Fake:
        manager = Fake(root_dir=str(tmp_path), preheat=["powers.ipynb", "qmg.ipynb"])
        await _settle()
        return manager

    assert asyncio.run(scenario()).started == []


def test_the_first_page_preheats_its_folder_one_notebook_at_a_time_itself_last(
    tmp_path: Path,
) -> None:
    _folder(tmp_path)

    async def scenario() -> tuple[Fake, int]:
        manager = Fake(root_dir=str(tmp_path), preheat=["powers.ipynb", "qmg.ipynb"])
        first = manager.get_pool_size("nb/powers.ipynb")  # a new kernel serves this page
        await _settle()
        manager.get_pool_size("nb/index.ipynb")  # does not start pre-heating again
        await _settle()
        return manager, first

    manager, first = asyncio.run(scenario())
    assert first == 0
    assert manager.started == ["nb/qmg.ipynb", "nb/powers.ipynb"]


def test_a_page_takes_the_preheated_kernel_and_the_pool_refills(tmp_path: Path) -> None:
    _folder(tmp_path)

    async def scenario() -> tuple[Fake, list[Any], list[int]]:
        manager = Fake(root_dir=str(tmp_path), preheat=["qmg.ipynb"])
        manager.get_pool_size("nb/qmg.ipynb")
        await _settle()
        sizes = [manager.get_pool_size("nb/qmg.ipynb")]
        task, cache, kernel = await manager.get_rendered_notebook("nb/qmg.ipynb")
        sizes.append(manager.get_pool_size("nb/qmg.ipynb"))
        await _settle()
        sizes.append(manager.get_pool_size("nb/qmg.ipynb"))
        return manager, [await task, cache, kernel], sizes

    manager, (rendered, cache, kernel), sizes = asyncio.run(scenario())
    assert sizes == [1, 0, 1]
    assert kernel == "k0" and cache == ["<html>"] and rendered[0] == ["<html>"]
    assert manager.started == ["nb/qmg.ipynb", "nb/qmg.ipynb"]


def test_a_notebook_edited_after_its_prerender_gets_a_new_kernel(tmp_path: Path) -> None:
    nb = _folder(tmp_path)

    async def scenario() -> tuple[Fake, int]:
        manager = Fake(root_dir=str(tmp_path), preheat=["qmg.ipynb"])
        manager.get_pool_size("nb/qmg.ipynb")
        await _settle()
        later = os.stat(nb / "qmg.ipynb").st_mtime + 10
        os.utime(nb / "qmg.ipynb", (later, later))
        size = manager.get_pool_size("nb/qmg.ipynb")
        await _settle()
        return manager, size

    manager, size = asyncio.run(scenario())
    assert size == 0  # the page is rendered from the edited notebook by a new kernel
    assert manager.stopped == ["k0"]
    assert manager.started == ["nb/qmg.ipynb", "nb/qmg.ipynb"]  # pre-heated again


def test_a_failed_preheat_leaves_the_pool_empty_and_a_page_still_gets_a_kernel(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _folder(tmp_path)

    async def scenario() -> tuple[Fake, int, str]:
        manager = Fake(root_dir=str(tmp_path), preheat=["qmg.ipynb"],
                       log=logging.getLogger("voila-pool-test"))
        manager.fail_next = True
        manager.get_pool_size("nb/qmg.ipynb")
        await _settle()
        size = manager.get_pool_size("nb/qmg.ipynb")
        _task, _cache, kernel = await manager.get_rendered_notebook("nb/qmg.ipynb")
        for task in list(manager._background):
            task.cancel()
        return manager, size, kernel

    with caplog.at_level(logging.INFO, logger="voila-pool-test"):
        manager, size, kernel = asyncio.run(scenario())
    assert size == 0
    assert kernel == "k0" and manager.started == ["nb/qmg.ipynb"]
    assert "page of nb/qmg.ipynb served by a new kernel k0" in caplog.text
    assert "pre-heated kernel k0" not in caplog.text


def test_preheating_waits_until_the_first_pages_kernel_has_run_its_notebook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first page's own kernel has the machine to itself while it runs the notebook: no
    other kernel starts while it is busy or has had a message within first_page_quiet."""
    _folder(tmp_path)
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    async def server_start(self: Any, **kwargs: Any) -> str:
        self._kernels["page"] = kernel
        return "page"

    kernel = SimpleNamespace(execution_state="starting", last_activity=datetime.now(UTC))
    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", server_start)

    async def scenario() -> list[list[str]]:
        manager = Fake(root_dir=str(tmp_path), preheat=["powers.ipynb", "qmg.ipynb"],
                       first_page_quiet=30.0)
        seen = []
        manager.get_pool_size("nb/powers.ipynb")  # the page: a new kernel serves it
        await asyncio.sleep(0.3)
        seen.append(list(manager.started))  # its kernel has not started yet
        assert await manager.start_kernel(kernel_name="python3") == "page"
        kernel.execution_state = "busy"
        kernel.last_activity = datetime.now(UTC) - timedelta(seconds=60)
        await asyncio.sleep(0.6)
        seen.append(list(manager.started))  # running the notebook
        kernel.execution_state, kernel.last_activity = "idle", datetime.now(UTC)
        await asyncio.sleep(0.6)
        seen.append(list(manager.started))  # a message just now: not quiet for 30 s
        kernel.last_activity = datetime.now(UTC) - timedelta(seconds=60)
        for _ in range(200):  # (generous: not a speed check)
            if len(manager.started) == 2:
                break
            await asyncio.sleep(0.05)
        seen.append(list(manager.started))
        return seen

    assert asyncio.run(scenario()) == [[], [], [], ["nb/qmg.ipynb", "nb/powers.ipynb"]]
