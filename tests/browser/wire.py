"""Bytes on the wire: a loopback TCP proxy that counts what a page receives from a server.

Chromium's DevTools counters give an HTTP response's size as sent (compressed body and
headers) but a websocket message's payload after ``permessage-deflate`` has inflated it, so
they overstate what a page receives over a compressed websocket. The page is opened through
this proxy instead; it forwards every connection to the server unchanged and counts the bytes
that travel from the server to the browser: HTTP and websocket, headers and frames, exactly as
sent.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

CHUNK = 1 << 16


class WireCounter:
    """Counts the bytes a server sends to the clients connected through :func:`wire_proxy`."""

    def __init__(self, listener: socket.socket, target: tuple[str, int]) -> None:
        self._listener = listener
        self._target = target
        self._lock = threading.Lock()
        self._received = 0
        self._sockets: list[socket.socket] = []
        self.port = int(listener.getsockname()[1])

    @property
    def received(self) -> int:
        """Bytes sent by the server to the browser so far."""
        with self._lock:
            return self._received

    def url(self, server_url: str) -> str:
        """``server_url`` (on the server's port) as reached through this proxy."""
        parts = urlsplit(server_url)
        return urlunsplit(parts._replace(netloc=f"127.0.0.1:{self.port}"))

    def _count(self, n: int) -> None:
        with self._lock:
            self._received += n

    def serve(self) -> None:
        """Accept connections until the listener closes; each is forwarded both ways."""
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self._target)
            except OSError:
                client.close()
                continue
            self._sockets += [client, upstream]
            for src, dst, counted in ((client, upstream, False), (upstream, client, True)):
                threading.Thread(target=self._pump, args=(src, dst, counted), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, counted: bool) -> None:
        try:
            while data := src.recv(CHUNK):
                dst.sendall(data)
                if counted:
                    self._count(len(data))
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                dst.shutdown(socket.SHUT_WR)

    def close(self) -> None:
        """Stop accepting and close every forwarded connection."""
        self._listener.close()
        for sock in self._sockets:
            with contextlib.suppress(OSError):
                sock.close()


@contextlib.contextmanager
def wire_proxy(server_url: str) -> Iterator[WireCounter]:
    """A :class:`WireCounter` on a free loopback port in front of the server at ``server_url``."""
    parts = urlsplit(server_url)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    counter = WireCounter(listener, (parts.hostname or "127.0.0.1", int(parts.port or 80)))
    thread = threading.Thread(target=counter.serve, daemon=True)
    thread.start()
    try:
        yield counter
    finally:
        counter.close()
        thread.join(timeout=5)
