"""The Celery application: the worker is started with :data:`gamenight.commands.WORKER`.

The broker comes from the settings: REDIS_URL when set, otherwise an embedded
filesystem broker (see gamenight/settings.py). On both, a task's message is
acknowledged when the task is done, and a worker lost mid-task (its pool process
or the whole worker killed) has its message delivered again: see
gamenight/broker_redis.py and gamenight/broker_fs.py for what kombu alone lacks.
A report is never lost when the broker is away: its row stays ``queued`` and
the worker's sweep (started when the worker is ready, every
REPORT_SWEEP_SECONDS) sends its task again.
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Any

from celery import Celery
from celery.signals import worker_process_init, worker_ready, worker_shutdown
from kombu.transport import TRANSPORT_ALIASES

from gamenight.broker_redis import KeepHeldMessagesVisible

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gamenight.settings")

log = logging.getLogger(__name__)

# The embedded broker: kombu's filesystem transport, but a killed worker's messages
# are delivered again (gamenight/broker_fs.py).
TRANSPORT_ALIASES["gamenightfs"] = "gamenight.broker_fs:Transport"

app = Celery("gamenight")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.update(
    # A task's message is acknowledged when the task is done, not when it starts:
    # a worker that dies mid-build leaves it to be delivered again.
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    task_ignore_result=True,
    broker_connection_retry_on_startup=True,
)
# On Redis, a live worker keeps the messages it holds from being handed to another.
app.steps["consumer"].add(KeepHeldMessagesVisible)
app.autodiscover_tasks()

_stop = threading.Event()


def _sweep_forever(every: float) -> None:
    from django.conf import settings
    from django.db import close_old_connections

    from gamenight.reports.build import requeue_stale_reports

    while not _stop.is_set():
        try:
            sent = requeue_stale_reports(
                queued_for=settings.REPORT_REQUEUE_AFTER,
                running_for=settings.REPORT_RUNNING_TIMEOUT,
            )
            if sent:
                log.info("re-queued %s report(s)", sent)
        except Exception:  # the database away for a moment: try again next round
            log.exception("report sweep failed")
        finally:
            close_old_connections()
        _stop.wait(every)


@worker_ready.connect
def _start_sweep(**_kwargs: Any) -> None:
    from django.conf import settings

    threading.Thread(
        target=_sweep_forever, args=(settings.REPORT_SWEEP_SECONDS,), daemon=True, name="sweep"
    ).start()


@worker_process_init.connect
def _warm_up(**_kwargs: Any) -> None:
    """Import matplotlib in each pool process now, not in the first report's time."""
    import gamenight.reports.charts_png  # noqa: F401


@worker_shutdown.connect
def _stop_sweep(**_kwargs: Any) -> None:
    _stop.set()
