"""Each web process's hub of open event streams: one subscription a night, one render a move.

Every open stream of a process registers here (:meth:`Hub.join`) with the
screen it shows (gamenight/live/screens.py). The hub listens on the Channels
layer for the nights that have streams here, one channel for the whole
process. When a night changes, the hub brings all of that night's screens in
this process up to date in one go, in a worker thread: one read of the hand,
each screen's part rendered once (:func:`~gamenight.live.screens.bring_up_to_date`),
and puts each screen's event in its stream's queue. Announcements that arrive
while a night is being rendered are folded into one more round, so a burst of
changes costs at most two.

The hub's threads hold no request, so an open stream holds neither a thread nor
a connection. The two threads keep their database connection from round to round
(two a process, closed only when broken): a round then costs no connect (SQLite's
pragmas, a forked PostgreSQL backend; ``CONN_MAX_AGE`` is 0 for the requests).
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import threading
import weakref
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connections

from gamenight.live.groups import CHANGED, night_group
from gamenight.live.screens import Push, Screen, bring_up_to_date

logger = logging.getLogger(__name__)
P = ParamSpec("P")
R = TypeVar("R")

# Two: the renders hold the GIL most of the time, a second thread only covers a
# database wait. Shared by every hub of the process.
_EXECUTOR = ThreadPoolExecutor(max_workers=2, thread_name_prefix="live-render")
# Rounds running in the hub's threads, for wait_idle.
_RUNNING = 0
_IDLE = threading.Condition()


def wait_idle(timeout: float) -> bool:
    """Wait until no round runs in the hub's threads (a test's database is emptied
    only then: a round still reading holds SQLite's table locks); False on timeout."""
    with _IDLE:
        return _IDLE.wait_for(lambda: _RUNNING == 0, timeout)


@dataclasses.dataclass(eq=False)
class Listener:
    """One open stream: its night, its screen, the tag its page shows, its events."""

    night_id: int
    screen: Screen
    seen: str = ""
    queue: asyncio.Queue[Push] = dataclasses.field(default_factory=asyncio.Queue)
    # Rounds of its night that reached it (see Hub.join).
    rounds: int = 0


def _keeping(func: Callable[P, R]) -> Callable[P, R]:
    """``func`` in a hub thread, whose connections stay open for the next round unless
    they broke or were left outside autocommit (as Django closes a request's)."""

    @functools.wraps(func)
    def inner(*args: P.args, **kwargs: P.kwargs) -> R:
        global _RUNNING
        with _IDLE:
            _RUNNING += 1
        try:
            return func(*args, **kwargs)
        finally:
            for conn in connections.all(initialized_only=True):
                if conn.connection is None:
                    continue
                if not conn.get_autocommit() or (conn.errors_occurred and not conn.is_usable()):
                    conn.close()
                conn.errors_occurred = False
            with _IDLE:
                _RUNNING -= 1
                _IDLE.notify_all()

    return inner


async def in_thread(func: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``func`` run in one of the hub's threads (never the request's own thread, which
    would stay with the stream as long as it is open)."""
    call = sync_to_async(_keeping(func), thread_sensitive=False, executor=_EXECUTOR)
    return await call(*args, **kwargs)


async def render(screens: Mapping[Screen, str]) -> dict[Screen, Push]:
    return await in_thread(bring_up_to_date, screens)


class Hub:
    """The open streams of one event loop (one per web process)."""

    def __init__(self) -> None:
        self.layer: Any = get_channel_layer()
        self.nights: dict[int, set[Listener]] = {}
        self.channel: str | None = None
        self._reader: asyncio.Task[None] | None = None
        self._opening = asyncio.Lock()
        self._busy: set[int] = set()
        self._again: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def join(self, listener: Listener) -> None:
        """Register ``listener`` and send it the current state unless its page has it."""
        async with self._opening:
            # Once a process: a second channel made by a join racing the first would
            # take over the reader, and the nights added on the first would go unheard.
            if self.channel is None:
                self.channel = await self.layer.new_channel()
                self._reader = asyncio.create_task(self._read(self.channel))
        listeners = self.nights.setdefault(listener.night_id, set())
        if not listeners:
            await self.layer.group_add(night_group(listener.night_id), self.channel)
        listeners.add(listener)
        rounds = listener.rounds
        pushes = await render({listener.screen: listener.seen})
        # A round that reached the stream meanwhile read the hand after a change this
        # render may have missed (a move tapped as the phone reconnects): sending this
        # part after the round's would put an older state back on the page.
        if listener.rounds == rounds:
            self._deliver(listener, pushes.get(listener.screen))

    async def leave(self, listener: Listener) -> None:
        listeners = self.nights.get(listener.night_id)
        if listeners is None:
            return
        listeners.discard(listener)
        if not listeners:
            del self.nights[listener.night_id]
            if self.channel is not None:
                await self.layer.group_discard(night_group(listener.night_id), self.channel)

    async def _read(self, channel: str) -> None:
        while True:
            try:
                message = await self.layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # the layer hiccuped (Redis restarting): try again shortly
                logger.warning("live: receiving from the channel layer failed", exc_info=True)
                await asyncio.sleep(1.0)
                continue
            night = message.get("night")
            if message.get("type") == CHANGED and isinstance(night, int):
                self.changed(night)

    def changed(self, night_id: int) -> None:
        """Bring the night's screens up to date (once more after a round under way)."""
        if night_id not in self.nights:
            return
        if night_id in self._busy:
            self._again.add(night_id)
            return
        self._busy.add(night_id)
        task = asyncio.create_task(self._refresh(night_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh(self, night_id: int) -> None:
        try:
            while True:
                self._again.discard(night_id)
                listeners = list(self.nights.get(night_id, ()))
                if not listeners:
                    return
                screens: dict[Screen, str] = {}
                for listener in listeners:
                    # Two tabs of one screen: rendered once, for the older tag.
                    screens.setdefault(listener.screen, listener.seen)
                try:
                    pushes = await render(screens)
                except Exception:
                    logger.exception("live: bringing night %s up to date failed", night_id)
                    pushes = {}
                for listener in listeners:
                    listener.rounds += 1
                    self._deliver(listener, pushes.get(listener.screen))
                if night_id not in self._again:
                    return
        finally:
            self._busy.discard(night_id)

    @staticmethod
    def _deliver(listener: Listener, push: Push | None) -> None:
        if push is None or (push.kind == "live" and push.tag == listener.seen):
            return
        listener.seen = push.tag if push.kind == "live" else push.kind
        listener.queue.put_nowait(push)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """The running event loop's hub."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub()
    return found
