"""gamelib.ui.quick_client: a client of a kernel is ready once the kernel has answered it on
both channels, not after IOPub has been quiet; and the server's kernels make such clients
(PreheatingKernelManager.quick_clients)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path
from queue import Empty
from typing import Any

import pytest
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.manager import AsyncKernelManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from gamelib.ui.quick_client import QuickReadyClient
from gamelib.ui.voila_pool import PreheatingKernelManager

ROOT = Path(__file__).resolve().parents[2]


# --- against a real kernel ----------------------------------------------------------------------

def test_a_real_kernel_s_quick_client_hears_the_first_cell_s_output() -> None:
    """Ready means IOPub is connected: the first execution's output reaches the client, for
    every new client of the same kernel (as each Voila page's executor makes one)."""

    async def scenario() -> list[tuple[str, list[str]]]:
        kernel = AsyncKernelManager(kernel_name="python3", client_factory=QuickReadyClient)
        await kernel.start_kernel(cwd=str(ROOT))
        seen = []
        try:
            for n in range(3):
                client = kernel.client()
                client.start_channels()
                try:
                    await client.wait_for_ready(timeout=60)
                    msg_id = client.execute(f"print('cell', {n})")
                    texts = []
                    while True:
                        msg = await client.get_iopub_msg(timeout=60)
                        if msg["parent_header"].get("msg_id") != msg_id:
                            continue
                        if msg["msg_type"] == "stream":
                            texts.append(msg["content"]["text"])
                        if (msg["msg_type"] == "status"
                                and msg["content"]["execution_state"] == "idle"):
                            break
                    seen.append((type(client).__name__, texts))
                finally:
                    client.stop_channels()
        finally:
            await kernel.shutdown_kernel(now=True)
        return seen

    assert asyncio.run(scenario()) == [("QuickReadyClient", [f"cell {n}\n"]) for n in range(3)]


# --- the wait itself, against fake channels -----------------------------------------------------

class Channel:
    """A fake channel: ``get_msg`` hands out ``messages`` (a callable may make them from the
    requests sent so far), then raises ``Empty``; ``endless`` makes one after another."""

    def __init__(self, client: Fake, make: Any) -> None:
        self.client, self.make, self.read = client, make, 0

    async def get_msg(self, timeout: float | None = None) -> dict[str, Any]:
        await asyncio.sleep(0)
        msg = self.make(self.client, self.read)
        if msg is None:
            raise Empty
        self.read += 1
        return dict(msg)


def status(parent: str, state: str = "idle") -> dict[str, Any]:
    return {"msg_type": "status", "parent_header": {"msg_id": parent},
            "content": {"execution_state": state}}


def reply(parent: str) -> dict[str, Any]:
    return {"msg_type": "kernel_info_reply", "parent_header": {"msg_id": parent},
            "content": {"status": "ok", "protocol_version": "5.3"}}


class Fake(QuickReadyClient):
    """A QuickReadyClient whose channels are fakes and whose parent is a kernel manager."""

    def __init__(self, shell: Any, iopub: Any, alive: bool = True) -> None:
        super().__init__(parent=AsyncKernelManager())
        self.sent: list[str] = []
        self.handled: list[dict[str, Any]] = []
        self._fake_shell = Channel(self, shell)
        self._fake_iopub = Channel(self, iopub)
        self.alive = alive

    @property
    def shell_channel(self) -> Any:  # type: ignore[override]
        return self._fake_shell

    @property
    def iopub_channel(self) -> Any:  # type: ignore[override]
        return self._fake_iopub

    def kernel_info(self) -> str:  # type: ignore[override]
        self.sent.append(f"info-{len(self.sent)}")
        return self.sent[-1]

    def _handle_kernel_info_reply(self, msg: dict[str, Any]) -> None:
        self.handled.append(msg)

    async def _async_is_alive(self) -> bool:
        return self.alive


def answer_each_request(client: Fake, read: int) -> dict[str, Any] | None:
    return reply(client.sent[-1]) if read < len(client.sent) else None


def test_ready_once_iopub_carries_the_idle_of_its_own_request_despite_endless_chatter() -> None:
    """Other clients' output keeps IOPub busy (jupyter_client's wait for a quiet IOPub would
    never end); the client is ready at the idle status of its own request, which comes after
    earlier messages (dropped)."""

    def iopub(client: Fake, read: int) -> dict[str, Any]:
        if read == 5:
            return status(client.sent[-1])
        return {"msg_type": "stream", "parent_header": {"msg_id": "someone-else"},
                "content": {"text": "x"}}

    client = Fake(answer_each_request, iopub)
    asyncio.run(asyncio.wait_for(client.wait_for_ready(timeout=5), 5))
    assert client.sent == ["info-0"]
    assert [m["parent_header"]["msg_id"] for m in client.handled] == ["info-0"]
    assert client._fake_iopub.read == 6


def test_a_late_iopub_join_asks_again() -> None:
    """IOPub joined after the kernel answered the first request (it missed its status): the
    client asks again and is ready on the second answer; the busy status of a request, or
    another request's idle, is not enough."""

    def iopub(client: Fake, read: int) -> dict[str, Any] | None:
        if len(client.sent) < 2:
            return None
        return [status(client.sent[0]), status(client.sent[1], "busy"),
                status(client.sent[1])][read] if read < 3 else None

    client = Fake(answer_each_request, iopub)
    asyncio.run(client.wait_for_ready(timeout=5))
    assert client.sent == ["info-0", "info-1"]
    assert [m["parent_header"]["msg_id"] for m in client.handled] == ["info-1"]
    assert client._fake_iopub.read == 3


def test_a_reply_to_an_earlier_request_does_not_count() -> None:
    def shell(client: Fake, read: int) -> dict[str, Any] | None:
        return [reply("an-old-request"), reply(client.sent[-1])][read] if read < 2 else None

    def iopub(client: Fake, read: int) -> dict[str, Any] | None:
        return status(client.sent[-1]) if read == 0 else None

    client = Fake(shell, iopub)
    asyncio.run(client.wait_for_ready(timeout=5))
    assert [m["parent_header"]["msg_id"] for m in client.handled] == ["info-0"]


def test_a_dead_kernel_or_the_timeout_ends_the_wait() -> None:
    silent = Fake(lambda client, read: None, lambda client, read: None, alive=False)
    with pytest.raises(RuntimeError, match="died"):
        asyncio.run(silent.wait_for_ready(timeout=5))
    mute = Fake(lambda client, read: None, lambda client, read: None)
    with pytest.raises(RuntimeError, match=r"didn't respond in 0\.05 seconds"):
        asyncio.run(mute.wait_for_ready(timeout=0.05))


def test_a_client_no_kernel_manager_made_waits_as_jupyter_client_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[float | None] = []

    async def theirs(self: Any, timeout: float | None = None) -> None:
        calls.append(timeout)

    monkeypatch.setattr(AsyncKernelClient, "_async_wait_for_ready", theirs)
    asyncio.run(QuickReadyClient().wait_for_ready(timeout=7))
    assert calls == [7]


# --- the server's kernels -----------------------------------------------------------------------

@pytest.fixture
def launches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    kernels: list[Any] = []

    async def launch(self: Any, **kwargs: Any) -> str:
        kernel_id = f"k{len(kernels)}"
        kernels.append(AsyncKernelManager() if not kwargs.get("own") else
                       AsyncKernelManager(client_factory=SimpleClient))
        self._kernels[kernel_id] = kernels[-1]
        return kernel_id

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", launch)
    yield kernels


class SimpleClient(AsyncKernelClient):
    """A client class a kernel was configured with."""


def test_the_server_s_kernels_make_quick_clients_unless_told_otherwise(
        tmp_path: Path, launches: list[Any]) -> None:
    log = logging.getLogger("quick-test")

    async def scenario() -> list[type]:
        on = PreheatingKernelManager(root_dir=str(tmp_path), log=log)
        off = PreheatingKernelManager(root_dir=str(tmp_path), log=log, quick_clients=False)
        for manager, kwargs in ((on, {}), (on, {"own": True}), (off, {})):
            await manager.start_kernel(**kwargs)
        return [type(kernel.client()) for kernel in launches]

    assert asyncio.run(scenario()) == [QuickReadyClient, SimpleClient, AsyncKernelClient]
