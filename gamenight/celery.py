"""The Celery application: the worker is started with :data:`gamenight.commands.WORKER`.

The broker comes from the settings: REDIS_URL when set, otherwise an embedded
filesystem broker (see gamenight/settings.py). On both, a task's message is
acknowledged when the task is done, and a worker lost mid-task (its pool process
or the whole worker killed) has its message delivered again: see
gamenight/broker_redis.py and gamenight/broker_fs.py for what kombu alone lacks.
A report is never lost when the broker is away: its row stays ``queued`` and
the sweep, a beat entry (settings.CELERY_BEAT_SCHEDULE, every
REPORT_SWEEP_SECONDS, by the beat embedded in the worker, which keeps its
schedule in memory: no file), sends its task again.
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import worker_process_init
from kombu.transport import TRANSPORT_ALIASES

from gamenight.broker_redis import KeepHeldMessagesVisible

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gamenight.settings")

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


@worker_process_init.connect
def _warm_up(**_kwargs: Any) -> None:
    """Import matplotlib in each pool process now, not in the first report's time."""
    import gamenight.reports.charts_png  # noqa: F401
