"""The spare kernel for a server's first Voila page (gamelib.ui.spare_kernel and
PreheatingKernelManager.spare): what it runs, which page gets it, and when a page gets a new
kernel instead. The manager's kernels are fakes here, the code it runs is run for real (in
this process, and in a real kernel); the browser test
``test_a_first_page_is_served_by_the_spare_kernel`` serves a real page from it."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from voila.utils import ENV_VARIABLE

from gamelib.ui import spare_kernel, voila_pool
from gamelib.ui.voila_pool import PreheatingKernelManager

ROOT = Path(__file__).resolve().parents[2]
PAGE_ENV = {"A": "1", ENV_VARIABLE.VOILA_REQUEST_URL: "http://127.0.0.1/voila/render/nb/x"}


# --- the code a spare kernel runs ---------------------------------------------------------------

def test_the_import_code_imports_in_order_and_leaves_no_name() -> None:
    namespace: dict[str, Any] = {}
    exec(spare_kernel.import_code(["json", "gamelib.core"]), namespace)
    assert "gamelib.core" in sys.modules
    assert [k for k in namespace if k != "__builtins__"] == []


def test_an_import_that_fails_raises_and_still_leaves_no_name() -> None:
    namespace: dict[str, Any] = {}
    with pytest.raises(ModuleNotFoundError, match="gamelib_no_such_module"):
        exec(spare_kernel.import_code(["gamelib_no_such_module"]), namespace)
    assert [k for k in namespace if k != "__builtins__"] == []


def test_env_changes_sets_new_and_changed_variables_and_removes_missing_ones() -> None:
    started = {"KEEP": "1", "CHANGE": "old", "DROP": "x"}
    wanted = {"KEEP": "1", "CHANGE": "new", ENV_VARIABLE.SCRIPT_NAME: "/voila/render/a.ipynb"}
    assert spare_kernel.env_changes(started, wanted) == {
        "CHANGE": "new", "SCRIPT_NAME": "/voila/render/a.ipynb", "DROP": None}


def test_the_handover_code_moves_to_the_folder_and_environment_and_leaves_no_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("GAMELIB_TEST_DROP", "x")
    monkeypatch.delenv("GAMELIB_TEST_NEW", raising=False)
    changes = spare_kernel.env_changes(
        {"GAMELIB_TEST_DROP": "x"}, {"GAMELIB_TEST_NEW": "it's \"quoted\"\n"})
    namespace: dict[str, Any] = {}
    try:
        exec(spare_kernel.handover_code(str(tmp_path), changes), namespace)
        assert os.getcwd() == str(tmp_path)
        assert os.environ["GAMELIB_TEST_NEW"] == "it's \"quoted\"\n"
        assert "GAMELIB_TEST_DROP" not in os.environ
    finally:
        os.environ.pop("GAMELIB_TEST_NEW", None)
    assert [k for k in namespace if k != "__builtins__"] == []


def test_newest_source_is_the_newest_file_of_the_imported_packages(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch
                                                                   ) -> None:
    package = tmp_path / "spare_pkg"
    (package / "sub" / "__pycache__").mkdir(parents=True)
    for path in (package / "__init__.py", package / "sub" / "__init__.py",
                 package / "sub" / "data.json"):
        path.write_text("")
        os.utime(path, (1000, 1000))
    (package / "sub" / "__pycache__" / "x.pyc").write_text("")  # bytecode does not count
    os.utime(package / "sub" / "data.json", (5000, 5000))
    monkeypatch.syspath_prepend(str(tmp_path))
    assert spare_kernel.newest_source(["spare_pkg.sub.thing", "no_such_package_here"]) == 5000
    assert spare_kernel.newest_source([]) == 0.0


def test_a_real_kernel_runs_the_code_silently() -> None:
    """No execution count, no name left: the notebook's first cell is still cell 1."""
    from jupyter_client.manager import AsyncKernelManager

    async def scenario() -> tuple[dict[str, Any], str]:
        kernel = AsyncKernelManager(kernel_name="python3")
        await kernel.start_kernel(cwd=str(ROOT))
        client = None
        try:
            client = await spare_kernel.ready_client(kernel, 60)
            await spare_kernel.run_silently(client, spare_kernel.import_code(["json"]), 60)
            with pytest.raises(RuntimeError, match="ModuleNotFoundError"):
                await spare_kernel.run_silently(
                    client, spare_kernel.import_code(["gamelib_no_such_module"]), 60)
            reply = await client.execute(
                "sorted(k for k in dir() if 'gamelib' in k)", reply=True, timeout=60,
                user_expressions={"names": "sorted(k for k in dir() if 'gamelib' in k)"})
            return reply["content"], reply["content"]["user_expressions"]["names"]["data"][
                "text/plain"]
        finally:
            if client is not None:
                client.stop_channels()
            await kernel.shutdown_kernel(now=True)

    content, names = asyncio.run(scenario())
    assert content["status"] == "ok" and content["execution_count"] == 1
    assert names == "[]"


def test_the_spare_client_does_not_take_the_identity_of_the_kernels_other_clients() -> None:
    """The page's executor connects its client (``kernel.client()``, the manager's session)
    while the spare's may still be closing: their shell identities differ, and both are
    answered."""
    from jupyter_client.manager import AsyncKernelManager

    async def scenario() -> tuple[bytes, bytes, str]:
        kernel = AsyncKernelManager(kernel_name="python3")
        await kernel.start_kernel(cwd=str(ROOT))
        ours = page = None
        try:
            ours = await spare_kernel.ready_client(kernel, 60)
            page = kernel.client()
            page.start_channels()
            await page.wait_for_ready(timeout=60)
            await spare_kernel.run_silently(ours, "x = 1", 60)
            reply = await page.execute("x", reply=True, timeout=60)
            return ours.session.bsession, page.session.bsession, reply["content"]["status"]
        finally:
            for client in (ours, page):
                if client is not None:
                    client.stop_channels()
            await kernel.shutdown_kernel(now=True)

    ours, page, status = asyncio.run(scenario())
    assert ours != page and status == "ok"


def test_a_real_kernel_warms_a_game_and_is_left_without_a_widget_or_a_name() -> None:
    """The spare builds a game's controller and closes it again: the page finds no widget of
    it, no parked close and no name; a module without a controller raises, still closed."""
    from jupyter_client.manager import AsyncKernelManager

    question = ("(len(__import__('ipywidgets').widgets.widget._instances), "
                "len(__import__('gamelib.ui.closing').ui.closing.parked()), "
                "sorted(k for k in dir() if 'gamelib' in k))")

    async def scenario() -> tuple[str, str, str]:
        kernel = AsyncKernelManager(kernel_name="python3")
        await kernel.start_kernel(cwd=str(ROOT))
        client = None
        try:
            client = await spare_kernel.ready_client(kernel, 60)
            await spare_kernel.run_silently(client, spare_kernel.warm_code("gamelib.powers.ui"),
                                            60)
            warmed = await client.execute("", reply=True, timeout=60, silent=True,
                                          user_expressions={"q": question})
            with pytest.raises(RuntimeError, match="AttributeError"):
                await spare_kernel.run_silently(
                    client, spare_kernel.warm_code("gamelib.powers.figures"), 60)
            failed = await client.execute("", reply=True, timeout=60, silent=True,
                                          user_expressions={"q": question})
            opened = await client.execute(
                "import gamelib.powers.ui\ngamelib.powers.ui.controller().widget", reply=True,
                timeout=60, silent=True, user_expressions={"q": question})
            return tuple(reply["content"]["user_expressions"]["q"]["data"]["text/plain"]
                         for reply in (warmed, failed, opened))  # type: ignore[return-value]
        finally:
            if client is not None:
                client.stop_channels()
            await kernel.shutdown_kernel(now=True)

    warmed, failed, opened = asyncio.run(scenario())
    assert warmed == failed == "(0, 0, [])"
    assert not opened.startswith("(0,")  # the question counts widgets a controller opens


# --- which page gets the spare kernel -------------------------------------------------------------

class FakeClient:
    def __init__(self, kernel: FakeKernel) -> None:
        self.kernel = kernel

    def start_channels(self) -> None:
        self.kernel.channels += 1

    def stop_channels(self) -> None:
        self.kernel.channels -= 1

    async def wait_for_ready(self, timeout: float) -> None:
        return None

    async def execute(self, code: str, **kwargs: Any) -> dict[str, Any]:
        assert kwargs["silent"] is True and kwargs["store_history"] is False
        self.kernel.ran.append(code)
        if "_gamelib_spare_warm" in code:
            if self.kernel.hold is not None:
                await self.kernel.hold.wait()
            if self.kernel.channels < 1:
                raise RuntimeError("the client's channels are closed")
            if self.kernel.fail_warm:
                return {"content": {"status": "error", "ename": "AttributeError",
                                    "evalue": "no controller"}}
        if self.kernel.fail:
            return {"content": {"status": "error", "ename": "OSError", "evalue": "no folder"}}
        return {"content": {"status": "ok"}}


class FakeKernel:
    def __init__(self) -> None:
        from jupyter_client.session import Session

        self.ran: list[str] = []
        self.channels = 0
        self.fail = False
        self.hold: asyncio.Event | None = None  # what a warm request waits for
        self.fail_warm = False
        self.last_activity = None
        self.session = Session()
        self.sessions: list[str] = []

    def client(self, session: Any = None) -> FakeClient:
        self.sessions.append(session.session)
        return FakeClient(self)


class Spare(PreheatingKernelManager):
    """The server's kernels as fakes: ``k0``, ``k1``, … (the spare is ``k0``), each recording
    the code it ran and how many clients it has open."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("spare", True)
        kwargs.setdefault("spare_imports", ["gamelib.core"])
        super().__init__(log=logging.getLogger("spare-test"), **kwargs)
        self.fakes: dict[str, FakeKernel] = {}
        self.launched: list[dict[str, Any]] = []
        self.hold: asyncio.Event | None = None  # given to the kernels it starts
        self.fail_warm = False
        self.stopped: list[str] = []

    def _kernel_env(self) -> dict[str, str]:
        return {"A": "1", "B": "2"}

    def get_kernel(self, kernel_id: str) -> Any:
        return self.fakes[kernel_id]

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        await super().shutdown_kernel(kernel_id)
        self.stopped.append(kernel_id)
        del self._kernels[kernel_id]


@pytest.fixture
def launches(monkeypatch: pytest.MonkeyPatch) -> None:
    async def launch(self: Spare, **kwargs: Any) -> str:
        kernel_id = f"k{len(self.launched)}"
        self.launched.append(kwargs)
        self.fakes[kernel_id] = FakeKernel()
        self.fakes[kernel_id].hold = self.hold
        self.fakes[kernel_id].fail_warm = self.fail_warm
        self._kernels[kernel_id] = SimpleNamespace()
        return kernel_id

    async def no_shutdown(self: Any, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", launch)
    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", no_shutdown)


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def _spare_ready(manager: Spare) -> None:
    manager.start_spare()
    assert manager._spare is not None
    await asyncio.wait({manager._spare})


def test_no_spare_kernel_unless_asked_for(tmp_path: Path, launches: None) -> None:
    async def scenario() -> Spare:
        manager = Spare(root_dir=str(tmp_path), spare=False)
        manager.start_spare()
        return manager

    manager = asyncio.run(scenario())
    assert manager._spare is None and manager.launched == []


def test_the_first_voila_page_gets_the_spare_kernel_moved_to_its_folder_and_environment(
    tmp_path: Path, launches: None
) -> None:
    (tmp_path / "nb").mkdir()

    async def scenario() -> tuple[Spare, list[str]]:
        manager = Spare(root_dir=str(tmp_path))
        await _spare_ready(manager)
        first = await manager.start_kernel(kernel_name="python3", path="nb", env=PAGE_ENV)
        second = await manager.start_kernel(kernel_name="python3", path="nb", env=PAGE_ENV)
        return manager, [first, second]

    manager, ids = asyncio.run(scenario())
    assert ids == ["k0", "k1"]  # the spare once, then new kernels
    assert manager.launched[0] == {"kernel_name": "python3", "path": "", "env": {"A": "1",
                                                                                  "B": "2"}}
    spare = manager.fakes["k0"]
    assert spare.ran[0] == spare_kernel.import_code(["gamelib.core"])
    expected = spare_kernel.handover_code(
        str(tmp_path / "nb"), {"VOILA_REQUEST_URL": PAGE_ENV[ENV_VARIABLE.VOILA_REQUEST_URL],
                               "B": None})
    assert spare.ran[1:] == [expected]
    assert spare.channels == 0  # its client is closed once it is handed over
    assert spare.sessions != [spare.session.session]  # a session of its own
    assert spare.last_activity is not None  # pre-heating's wait sees the page's kernel busy
    assert manager.stopped == []


def test_a_kernel_not_for_a_voila_page_never_gets_the_spare(tmp_path: Path,
                                                             launches: None) -> None:
    async def scenario() -> Spare:
        manager = Spare(root_dir=str(tmp_path))
        await _spare_ready(manager)
        assert await manager.start_kernel(kernel_name="python3", path="") == "k1"  # JupyterLab
        assert await manager.start_kernel(kernel_name="python3", path="", env={"A": "1"}) == "k2"
        return manager

    manager = asyncio.run(scenario())
    assert manager._spare is not None and manager.fakes["k0"].ran[1:] == []


@pytest.mark.parametrize("why", ["kernel name", "source changed", "shut down", "move failed"])
def test_a_spare_that_cannot_serve_the_page_is_shut_down_and_the_page_gets_a_new_kernel(
    tmp_path: Path, launches: None, why: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> tuple[Spare, str]:
        manager = Spare(root_dir=str(tmp_path))
        await _spare_ready(manager)
        name = "python3"
        if why == "kernel name":
            name = "ir"
        elif why == "source changed":
            manager.spare_imports = ["gamelib.core"]
            manager._spare.result()["imported"] = time.time() - 1e6  # type: ignore[union-attr]
        elif why == "shut down":
            await manager.shutdown_kernel("k0")
        else:
            manager.fakes["k0"].fail = True
        kernel_id = await manager.start_kernel(kernel_name=name, path="", env=PAGE_ENV)
        await _settle()
        return manager, kernel_id

    with caplog.at_level(logging.INFO, logger="spare-test"):
        manager, kernel_id = asyncio.run(scenario())
    assert kernel_id == "k1" and manager._spare is None
    assert manager.stopped == ["k0"]
    assert manager.fakes["k0"].channels == 0
    if why != "shut down":
        assert "spare kernel k0 not used" in caplog.text


def test_a_spare_that_failed_to_start_is_dropped_with_a_warning(
    tmp_path: Path, launches: None, caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = spare_kernel.run_silently

    async def imports_fail(client: Any, code: str, timeout: float) -> None:
        await real(client, code, timeout)
        raise RuntimeError("ModuleNotFoundError: No module named 'gamelib_no_such_module'")

    monkeypatch.setattr(spare_kernel, "run_silently", imports_fail)

    async def scenario() -> tuple[Spare, str]:
        manager = Spare(root_dir=str(tmp_path), spare_imports=["gamelib_no_such_module"])
        manager.start_spare()
        await _settle()
        return manager, await manager.start_kernel(kernel_name="python3", path="",
                                                   env=PAGE_ENV)

    with caplog.at_level(logging.INFO, logger="spare-test"):
        manager, kernel_id = asyncio.run(scenario())
    assert kernel_id == "k1" and manager.stopped == ["k0"] and manager._spare is None
    assert manager.fakes["k0"].channels == 0
    assert "no spare kernel: ModuleNotFoundError" in caplog.text


WARM = ["gamelib.powers.ui", "gamelib.rekkyo.ui", "gamelib.qmg.ui"]


def test_the_spare_warms_each_game_after_its_imports(tmp_path: Path, launches: None,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> Spare:
        manager = Spare(root_dir=str(tmp_path), spare_warm=WARM)
        await _spare_ready(manager)
        await _settle()
        return manager

    with caplog.at_level(logging.INFO, logger="spare-test"):
        manager = asyncio.run(scenario())
    assert manager.fakes["k0"].ran == [spare_kernel.import_code(["gamelib.core"]),
                                       *[spare_kernel.warm_code(m) for m in WARM]]
    assert "spare kernel k0 warm in" in caplog.text


def test_a_page_waits_for_the_game_being_warmed_only(tmp_path: Path, launches: None) -> None:
    """A page asks while the spare builds its first game: it gets the spare once that game is
    built, and the spare builds no other."""

    async def scenario() -> tuple[Spare, str, list[str]]:
        manager = Spare(root_dir=str(tmp_path), spare_warm=WARM)
        manager.hold = asyncio.Event()
        await _spare_ready(manager)
        spare = manager.fakes["k0"]
        await _settle()
        page = asyncio.ensure_future(
            manager.start_kernel(kernel_name="python3", path="", env=PAGE_ENV))
        await _settle()
        before = list(spare.ran)
        assert not page.done()
        manager.hold.set()
        return manager, await page, before

    manager, kernel_id, before = asyncio.run(scenario())
    spare = manager.fakes["k0"]
    assert kernel_id == "k0"
    assert before == [spare_kernel.import_code(["gamelib.core"]),
                      spare_kernel.warm_code(WARM[0])]
    assert len(spare.ran) == 3 and "_gamelib_spare_handover" in spare.ran[2]
    assert spare.channels == 0


def test_a_spare_shut_down_while_warming_warms_no_more_and_warns_of_nothing(
    tmp_path: Path, launches: None, caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> Spare:
        manager = Spare(root_dir=str(tmp_path), spare_warm=WARM)
        manager.hold = asyncio.Event()
        await _spare_ready(manager)
        await _settle()
        await manager.shutdown_kernel("k0")
        manager.hold.set()
        await _settle()
        return manager

    with caplog.at_level(logging.INFO, logger="spare-test"):
        manager = asyncio.run(scenario())
    assert manager.fakes["k0"].ran[1:] == [spare_kernel.warm_code(WARM[0])]
    assert manager.stopped == ["k0"]
    assert "did not warm" not in caplog.text  # its request ended with its channels


def test_a_game_that_fails_to_warm_ends_the_warming_with_a_warning(
    tmp_path: Path, launches: None, caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> tuple[Spare, str]:
        manager = Spare(root_dir=str(tmp_path), spare_warm=WARM)
        manager.fail_warm = True
        await _spare_ready(manager)
        await _settle()
        return manager, await manager.start_kernel(kernel_name="python3", path="",
                                                   env=PAGE_ENV)

    with caplog.at_level(logging.INFO, logger="spare-test"):
        manager, kernel_id = asyncio.run(scenario())
    assert ("spare kernel k0 did not warm gamelib.powers.ui: AttributeError: no controller"
            in caplog.text)
    assert "warm in" not in caplog.text
    assert manager.fakes["k0"].ran[1:] == [spare_kernel.warm_code(WARM[0]),
                                           manager.fakes["k0"].ran[-1]]
    assert kernel_id == "k0"  # a spare that did not warm still serves the page


def test_the_culler_leaves_the_spare_alone(tmp_path: Path, launches: None,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    culled: list[str] = []

    async def cull(self: Any, kernel_id: str) -> None:
        culled.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull)

    async def scenario() -> None:
        manager = Spare(root_dir=str(tmp_path))
        await _spare_ready(manager)
        await manager.start_kernel(kernel_name="python3", path="")
        await manager.cull_kernel_if_idle("k0")
        await manager.cull_kernel_if_idle("k1")

    asyncio.run(scenario())
    assert culled == ["k1"]


def test_the_extension_starts_the_spare_once_the_event_loop_runs(tmp_path: Path) -> None:
    callbacks: list[Any] = []
    loop = SimpleNamespace(add_callback=callbacks.append)
    on = PreheatingKernelManager(root_dir=str(tmp_path), spare=True)
    voila_pool._load_jupyter_server_extension(SimpleNamespace(kernel_manager=on, io_loop=loop))
    off = PreheatingKernelManager(root_dir=str(tmp_path))
    voila_pool._load_jupyter_server_extension(SimpleNamespace(kernel_manager=off, io_loop=loop))
    assert callbacks == [on.start_spare]


def test_the_repository_config_keeps_a_spare_that_imports_every_game() -> None:
    config = json.loads((ROOT / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
    assert config["ServerApp"]["jpserver_extensions"]["gamelib.ui.voila_pool"] is True
    manager = config["PreheatingKernelManager"]
    assert manager["spare"] is True
    games = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb")
                   if p.stem not in ("index", "lab"))
    assert sorted(m.split(".")[1] for m in manager["spare_imports"][1:]) == games
    for module in manager["spare_imports"]:
        __import__(module)
    assert manager["spare_warm"] == manager["spare_imports"][1:]  # each game's controller()
    for module in manager["spare_warm"]:
        assert callable(sys.modules[module].controller)
