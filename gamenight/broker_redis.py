"""Late acknowledgement on Redis that survives a killed worker, without an hour's wait.

On Redis a message a worker has taken but not yet acknowledged waits in the
``unacked`` hash, stamped with the time it was taken; any worker gives it back
to the queue once the stamp is older than the ``visibility_timeout``. Kombu's
default timeout is an hour (a build killed with its worker waited for the
report sweep instead), and a short one alone would hand a slow build, or a
retry waiting for its countdown, to a second worker while the first still has
it. So the timeout is short (settings.CELERY_VISIBILITY_TIMEOUT) and every live
worker stamps the messages it holds again every few seconds
(:class:`KeepHeldMessagesVisible`): only a dead worker's messages grow old and
are delivered again, by the worker started after it or by another one.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import redis
from celery import bootsteps
from kombu.transport import redis as kombu_redis

log = logging.getLogger(__name__)


class KeepHeldMessagesVisible(bootsteps.StartStopStep):  # type: ignore[misc]  # celery: no stubs
    """A consumer step: a thread that re-stamps this worker's unacknowledged messages."""

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, c: Any) -> None:
        channel = c.task_consumer.channel if c.task_consumer is not None else None
        if channel is None:
            return
        qos = getattr(channel, "qos", None)
        if qos is None or not hasattr(qos, "unacked_index_key"):
            return  # not Redis: nothing to stamp
        every = max(1.0, float(channel.visibility_timeout) / 4)
        # A client of its own: the consumer's connection is busy waiting for messages.
        client = redis.Redis.from_url(c.app.conf.broker_url, socket_timeout=10)
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._run,
            args=(qos, client, channel.unacked_index_key, every),
            daemon=True,
            name="keep-visible",
        )
        self._thread.start()

    def stop(self, c: Any) -> None:
        self._stop.set()

    def shutdown(self, c: Any) -> None:
        self._stop.set()

    def _run(self, qos: Any, client: Any, index_key: str, every: float) -> None:
        while not self._stop.wait(every):
            try:
                stamp(qos, client, index_key)
            except Exception:  # Redis away for a moment: stamp again next round
                log.warning("could not keep the held messages visible", exc_info=True)


def stamp(qos: Any, client: Any, index_key: str) -> int:
    """Stamp now on each message this worker holds; returns how many."""
    try:
        tags = list(qos._delivered)
    except RuntimeError:  # the consumer changed the dict meanwhile: next round
        return 0
    if not tags:
        return 0
    now = time.time()
    # XX: only messages still unacknowledged; an acknowledged one stays gone.
    return int(client.zadd(index_key, dict.fromkeys(tags, now), xx=True, ch=True) or 0)


# ------------------------------------------------------------------ Redis going away


def _restore_unacked_unless_gone(self: Any, client: Any = None) -> Any:
    """kombu's QoS.restore_unacked, but a broker that went away is no crash.

    When Redis goes away while this worker holds a message (a build, or the
    sweep the beat sends every few seconds), the consumer closes its channel,
    which gives the held messages back to the broker; with the broker gone,
    kombu reaches for the closed connection's settings (``None``) and raises
    AttributeError, which Celery takes for an unrecoverable error: the worker
    exited (seen with Redis stopped for a few seconds under load). The
    messages stay in Redis's ``unacked`` hash, given back once they are older
    than the visibility timeout; a report's row stays queued or running for
    the sweep besides. So the worker logs it and reconnects instead.
    """
    try:
        return _kombu_restore_unacked(self, client)  # type: ignore[no-untyped-call]
    except AttributeError:
        if getattr(self.channel.connection, "client", None) is not None:
            raise  # not the closed connection: a bug to see
        log.warning("the broker went away while messages were held: Redis gives them back")
        return None


_kombu_restore_unacked = kombu_redis.QoS.restore_unacked
kombu_redis.QoS.restore_unacked = _restore_unacked_unless_gone  # type: ignore[method-assign]
