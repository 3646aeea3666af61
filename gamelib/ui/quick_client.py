"""A kernel client that is ready as soon as its kernel has answered it (issue 12).

Voila's page handler makes a new client of the page's kernel and waits until it is ready before
running the notebook's first cell. jupyter_client's ``wait_for_ready`` asks the kernel for its
``kernel_info``, then reads the IOPub channel until it has been quiet for 0.2 s: every page
waited those 0.2 s, with the kernel idle, before its first cell ran (the IOPub socket may join
late, jupyter/jupyter_client#592 and #593, so the wait makes sure it hears the kernel).

:class:`QuickReadyClient` makes the same sure without the quiet period: it is ready once the
shell channel has the kernel's reply to its own ``kernel_info`` request and the IOPub channel
has the kernel's ``idle`` status for that same request (which the kernel publishes after it
replied, so IOPub is connected and has read everything the kernel sent before). If IOPub does
not carry that status within :data:`IOPUB_WAIT` seconds (a late join), it asks again, as
jupyter_client does. :class:`gamelib.ui.voila_pool.PreheatingKernelManager` gives it to the
kernels it starts (:attr:`~gamelib.ui.voila_pool.PreheatingKernelManager.quick_clients`).
"""

from __future__ import annotations

import time
from queue import Empty
from typing import Any

from jupyter_client.asynchronous.client import AsyncKernelClient
from jupyter_client.manager import KernelManager

__all__ = ["IOPUB_WAIT", "QuickReadyClient"]

#: How long IOPub may take to carry the kernel's idle status for a ``kernel_info`` request
#: before the request is sent again (jupyter_client's own wait for IOPub).
IOPUB_WAIT = 0.2


class QuickReadyClient(AsyncKernelClient):
    """An :class:`~jupyter_client.asynchronous.AsyncKernelClient` whose ``wait_for_ready``
    returns once the kernel has answered one of its ``kernel_info`` requests on both the shell
    and the IOPub channel, instead of after 0.2 s of IOPub silence."""

    async def wait_for_ready(self, timeout: float | None = None) -> None:
        """Wait until the kernel answers (``RuntimeError`` when it dies first or ``timeout``
        seconds pass); a client that no kernel manager made waits as jupyter_client's does."""
        if not isinstance(self.parent, KernelManager):
            await super()._async_wait_for_ready(timeout=timeout)
            return
        deadline = time.monotonic() + (float("inf") if timeout is None else timeout)
        while True:
            msg_id = self.kernel_info()
            reply = await self._reply_to(msg_id, min(1.0, _left(deadline)))
            heard = reply is not None and await self._idle_after(
                msg_id, min(IOPUB_WAIT, _left(deadline)))
            if heard and reply is not None:
                self._handle_kernel_info_reply(reply)
                return
            if not await self._async_is_alive():
                raise RuntimeError("Kernel died before replying to kernel_info")
            if time.monotonic() > deadline:
                raise RuntimeError(f"Kernel didn't respond in {timeout:g} seconds")

    async def _reply_to(self, msg_id: str, wait: float) -> dict[str, Any] | None:
        """The shell channel's ``kernel_info_reply`` to ``msg_id`` within ``wait`` seconds
        (other messages, answers to earlier requests, are dropped), else ``None``."""
        until = time.monotonic() + wait
        while True:
            try:
                msg: dict[str, Any] = await self.shell_channel.get_msg(timeout=_left(until))
            except Empty:
                return None
            if msg["msg_type"] == "kernel_info_reply" and _parent_id(msg) == msg_id:
                return msg

    async def _idle_after(self, msg_id: str, wait: float) -> bool:
        """Whether IOPub carries the kernel's ``idle`` status for ``msg_id`` within ``wait``
        seconds; what it carried before that is read and dropped (the flush of
        jupyter_client's wait)."""
        until = time.monotonic() + wait
        while True:
            try:
                msg: dict[str, Any] = await self.iopub_channel.get_msg(timeout=_left(until))
            except Empty:
                return False
            if (msg["msg_type"] == "status" and _parent_id(msg) == msg_id
                    and msg["content"].get("execution_state") == "idle"):
                return True


def _left(until: float) -> float:
    return max(0.0, until - time.monotonic())


def _parent_id(msg: dict[str, Any]) -> str | None:
    parent = msg.get("parent_header") or {}
    value = parent.get("msg_id")
    return value if isinstance(value, str) else None
