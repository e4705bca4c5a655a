"""The report sweep is a Celery beat entry that runs wherever the worker runs.

A report whose task never reached the broker (Redis away as the night ended)
stays ``queued``; every REPORT_SWEEP_SECONDS the beat embedded in the worker
sends the sweep task, which sends the report's task again. The worker tests
(test_worker_redis.py) show it end to end; these check the pieces.
"""

from __future__ import annotations

import datetime
import inspect
from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone
from report_people import make_people, played_night

from gamenight import commands, tasks
from gamenight.celery import app
from gamenight.models import NightReport, ReportStatus
from gamenight.reports import build


def _sweeps() -> list[dict[str, Any]]:
    return [
        entry
        for entry in app.conf.beat_schedule.values()
        if entry["task"] == tasks.requeue_stale_reports.name
    ]


def test_the_beat_schedule_runs_the_sweep_at_the_configured_interval() -> None:
    (sweep,) = _sweeps()
    assert datetime.timedelta(seconds=settings.REPORT_SWEEP_SECONDS) == datetime.timedelta(
        seconds=sweep["schedule"]
    )
    # A sweep the worker had no time for is dropped, not piled up behind the builds.
    assert sweep["options"]["expires"] <= settings.REPORT_SWEEP_SECONDS
    assert tasks.requeue_stale_reports.name in app.tasks


def test_the_worker_runs_beat_with_a_schedule_that_needs_no_file() -> None:
    """Beat's persistent scheduler opened a file under var/celery/, a folder nothing
    made on Redis: beat died at start (make run with REDIS_URL, docker compose) and
    the sweep never ran. The in-memory scheduler writes nothing."""
    from celery.beat import PersistentScheduler, Scheduler
    from celery.utils.imports import symbol_by_name

    assert "-B" in commands.WORKER
    scheduler = symbol_by_name(app.conf.beat_scheduler)
    assert issubclass(scheduler, Scheduler)
    assert not issubclass(scheduler, PersistentScheduler)


def test_no_sweep_thread_is_started_by_the_worker() -> None:
    """The sweep is beat's alone: a thread of its own would sweep twice as often."""
    import gamenight.celery as module

    source = inspect.getsource(module)
    assert "worker_ready" not in source
    assert "threading" not in source


def test_the_sweep_task_sends_a_stale_report_again(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[str, int]] = []
    monkeypatch.setattr(build, "send_task", lambda scope, pk: sent.append((scope, pk)) or True)
    night = played_night(make_people(players=3), games=2)
    report = NightReport.objects.get(night=night)
    assert report.status == ReportStatus.QUEUED
    sent.clear()  # the send as the night ended (the broker was away: nothing arrived)
    long_ago = timezone.now() - datetime.timedelta(seconds=settings.REPORT_REQUEUE_AFTER + 5)
    NightReport.objects.filter(pk=report.pk).update(queued_at=long_ago)

    result = tasks.requeue_stale_reports.apply()

    assert result.get() == 1
    assert sent == [("night", night.pk)]
    report.refresh_from_db()
    assert report.queued_at > long_ago  # not again before another full wait
    assert tasks.requeue_stale_reports.apply().get() == 0
