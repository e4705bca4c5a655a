"""A Channels layer between the web processes of one machine, with no server: Unix sockets.

`make run` serves with several uvicorn workers (scripts/run.sh) and no Redis.
Each process that listens (the web workers' event-stream hubs,
gamenight/live/hub.py) binds a datagram socket in one folder (``var/live/``);
a ``group_send`` from any process (a web worker after a move, the Celery
worker, ``manage.py``) sends the message, a few bytes of JSON, to every socket
there, and each process hands it to its own members of the group. Nothing is
kept: a process that is not listening when a message is sent does not get it,
as with Redis pub/sub (channels_redis.pubsub, which compose uses).

A socket left behind by a process that died refuses the next message and is
removed by its sender. The folder is the user's alone (0700): only this
machine's processes of the app can announce. A message to a process whose
queue is full waits a moment, then is dropped with a warning: an announcement
only says "this night changed", and the next one (or the page's slow poll)
brings the page up to date.

Each listening process reads its socket in a thread of its own, so the socket
is emptied while its event loop is busy rendering; a message waits in its
channel's inbox for whichever event loop receives it.
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import contextlib
import json
import logging
import os
import secrets
import socket
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from channels.layers import BaseChannelLayer

logger = logging.getLogger(__name__)

SEND_TIMEOUT_S = 0.2
"""How long a sender waits for a full queue of another process before dropping."""
MAX_MESSAGE = 64 * 1024


class UnixSocketChannelLayer(BaseChannelLayer):
    """Groups across the processes of one machine; see the module's docstring."""

    extensions: ClassVar[list[str]] = ["groups"]

    def __init__(self, path: str, capacity: int = 1000, **kwargs: Any) -> None:
        super().__init__(capacity=capacity, **kwargs)
        self.folder = Path(path)
        self.name = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._inboxes: dict[str, _Inbox] = {}
        self._groups: dict[str, set[str]] = {}
        self._socket: socket.socket | None = None
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._sender.settimeout(SEND_TIMEOUT_S)

    # ------------------------------------------------------------------ sending

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """A message to one channel of this process (the hubs use groups only)."""
        with self._lock:
            inbox = self._inboxes.get(channel)
        if inbox is not None:
            inbox.put(message)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.send_to_all(group, message)

    def send_to_all(self, group: str, message: dict[str, Any]) -> None:
        """Send ``message`` to ``group`` in every listening process (no event loop needed)."""
        assert self.require_valid_group_name(group), "Group name not valid"
        data = json.dumps({"group": group, "message": message}).encode()
        if len(data) > MAX_MESSAGE:
            raise ValueError("message too large for the Unix socket layer")
        with self._send_lock:
            for path in self._peers():
                try:
                    self._sender.sendto(data, str(path))
                except (ConnectionRefusedError, FileNotFoundError):
                    # A process that died left its socket behind; nobody reads it.
                    with contextlib.suppress(OSError):
                        path.unlink()
                except (TimeoutError, BlockingIOError):
                    logger.warning("live: %s is not reading; an announcement was dropped", path)

    def _peers(self) -> Iterable[Path]:
        try:
            return [p for p in self.folder.iterdir() if p.suffix == ".sock"]
        except FileNotFoundError:
            return []

    # ------------------------------------------------------------------ receiving

    async def new_channel(self, prefix: str = "specific") -> str:
        self._listen()
        channel = f"{prefix}.unix!{self.name}-{secrets.token_hex(6)}"
        with self._lock:
            self._inboxes[channel] = _Inbox(self.capacity)
        return channel

    async def receive(self, channel: str) -> dict[str, Any]:
        self._listen()
        with self._lock:
            inbox = self._inboxes.setdefault(channel, _Inbox(self.capacity))
        return await inbox.get()

    async def group_add(self, group: str, channel: str) -> None:
        assert self.require_valid_group_name(group), "Group name not valid"
        with self._lock:
            self._groups.setdefault(group, set()).add(channel)

    async def group_discard(self, group: str, channel: str) -> None:
        with self._lock:
            members = self._groups.get(group)
            if members is not None:
                members.discard(channel)
                if not members:
                    del self._groups[group]

    async def flush(self) -> None:
        with self._lock:
            self._inboxes.clear()
            self._groups.clear()

    async def close(self) -> None:
        self._close()

    def _listen(self) -> None:
        """Bind this process's socket and start reading it (once)."""
        with self._lock:
            if self._socket is not None:
                return
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            os.chmod(self.folder, 0o700)
            listening = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
            listening.bind(str(self.folder / f"{self.name}.sock"))
            self._socket = listening
        atexit.register(self._close)
        reader = threading.Thread(target=self._read, args=(listening,), daemon=True)
        reader.start()

    def _read(self, listening: socket.socket) -> None:
        while True:
            try:
                data = listening.recv(MAX_MESSAGE)
            except OSError:
                return  # closed
            try:
                parcel = json.loads(data)
                group, message = str(parcel["group"]), dict(parcel["message"])
            except (ValueError, KeyError, TypeError):
                logger.warning("live: a malformed message on the Unix socket was dropped")
                continue
            with self._lock:
                inboxes = [self._inboxes.get(c) for c in self._groups.get(group, ())]
            for inbox in inboxes:
                if inbox is not None:
                    inbox.put(message)

    def _close(self) -> None:
        if self._socket is not None:
            with contextlib.suppress(OSError):
                (self.folder / f"{self.name}.sock").unlink()
            self._socket.close()
            self._socket = None


class _Inbox:
    """A channel's messages, filled by the reading thread, taken by an event loop."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._messages: collections.deque[dict[str, Any]] = collections.deque()
        self._lock = threading.Lock()
        self._waiter: tuple[asyncio.AbstractEventLoop, asyncio.Future[None]] | None = None

    def put(self, message: dict[str, Any]) -> None:
        with self._lock:
            if len(self._messages) >= self.capacity:
                logger.warning("live: a channel's inbox is full; a message was dropped")
                return
            self._messages.append(message)
            waiter, self._waiter = self._waiter, None
        if waiter is not None:
            loop, future = waiter
            with contextlib.suppress(RuntimeError):  # that loop has closed meanwhile
                loop.call_soon_threadsafe(_wake, future)

    async def get(self) -> dict[str, Any]:
        while True:
            with self._lock:
                if self._messages:
                    return self._messages.popleft()
                loop = asyncio.get_running_loop()
                future: asyncio.Future[None] = loop.create_future()
                self._waiter = (loop, future)
            await future


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
