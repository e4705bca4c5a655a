"""A TCP proxy in front of a test server whose connection can be cut and restored.

A phone losing its Wi-Fi, as the browser sees it: :meth:`CutProxy.cut` closes
every open connection (the event stream included) and refuses new ones until
:meth:`CutProxy.restore`. Loopback only, a free port, threads that end with it.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class CutProxy:
    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.down = threading.Event()
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cut(self) -> None:
        """Every connection dropped, and none taken until :meth:`restore`."""
        self.down.set()
        with self._lock:
            dropped, self._open = self._open, set()
        for sock in dropped:
            _close(sock)

    def restore(self) -> None:
        self.down.clear()

    def close(self) -> None:
        self.cut()
        _close(self.listener)

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.down.is_set():
                _close(client)
                continue
            try:
                server = socket.create_connection(("127.0.0.1", self.upstream_port))
            except OSError:
                _close(client)
                continue
            with self._lock:
                self._open |= {client, server}
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                _close(sock)
                with self._lock:
                    self._open.discard(sock)


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()


@contextmanager
def cut_proxy(upstream_port: int) -> Iterator[CutProxy]:
    proxy = CutProxy(upstream_port)
    try:
        yield proxy
    finally:
        proxy.close()
