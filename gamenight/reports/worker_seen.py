"""Whether the report worker is at work: the heartbeat it writes and the pages read.

Every round of the report sweep (a beat entry run inside the worker, every
REPORT_SWEEP_SECONDS) notes the time in :class:`~gamenight.models.WorkerHeartbeat`:
it shows that beat, the broker and a pool process all work, which a process
merely being alive does not. A page waiting for a report says reports are
delayed once no round was seen for REPORT_WORKER_SILENT_AFTER seconds: the
worker is dead (under `make run`, scripts/run.sh starts it again), the broker is
away, or it was never started. Nothing is lost meanwhile: the report stays
queued until a worker builds it.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.utils import timezone

from gamenight.models import WorkerHeartbeat

_ROW = 1


def note() -> None:
    """The worker is at work now (one UPDATE a round; the row is made the first time)."""
    now = timezone.now()
    if not WorkerHeartbeat.objects.filter(pk=_ROW).update(seen_at=now):
        WorkerHeartbeat.objects.update_or_create(pk=_ROW, defaults={"seen_at": now})


def silent() -> bool:
    """No worker seen for REPORT_WORKER_SILENT_AFTER seconds (or ever).

    Never with CELERY_TASK_ALWAYS_EAGER (`make dev`): reports are built inside the
    request there, with no worker at all.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return False
    seen = WorkerHeartbeat.objects.filter(pk=_ROW).values_list("seen_at", flat=True).first()
    quiet = datetime.timedelta(seconds=settings.REPORT_WORKER_SILENT_AFTER)
    return seen is None or timezone.now() - seen > quiet
