"""The worker's heartbeat: every sweep round notes it (gamenight/reports/worker_seen.py),
and a page waiting for a report says reports are delayed when it is old or missing.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from helpers.clients import client_for
from report_people import People, make_people, played_night

from gamenight import tasks
from gamenight.models import Night, WorkerHeartbeat
from gamenight.reports import build, worker_seen

DELAYED = "Reports are delayed"
DELAYED_DE = "Berichte verzögern sich"


@pytest.fixture
def people(db: None) -> People:
    return make_people(players=3)


@pytest.fixture
def night(people: People, django_capture_on_commit_callbacks: Any) -> Night:
    with django_capture_on_commit_callbacks(execute=False):
        return played_night(people, games=3)


def page(people: People, night: Night, language: str = "en") -> str:
    url = reverse("night_report", args=[night.pk])
    response = client_for(people.viewer).get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return str(response.content.decode())


def seen(seconds_ago: float) -> None:
    at = timezone.now() - datetime.timedelta(seconds=seconds_ago)
    WorkerHeartbeat.objects.update_or_create(pk=1, defaults={"seen_at": at})


def test_each_sweep_round_notes_the_worker(db: None) -> None:
    assert worker_seen.silent()
    tasks.requeue_stale_reports.apply()
    (beat,) = WorkerHeartbeat.objects.all()
    assert timezone.now() - beat.seen_at < datetime.timedelta(minutes=1)
    assert not worker_seen.silent()
    tasks.requeue_stale_reports.apply()
    assert WorkerHeartbeat.objects.count() == 1


def test_a_waiting_report_says_reports_are_delayed_when_no_worker_was_ever_seen(
    people: People, night: Night
) -> None:
    assert DELAYED in page(people, night)
    assert DELAYED_DE in page(people, night, "de")


@override_settings(REPORT_WORKER_SILENT_AFTER=90)
def test_a_waiting_report_says_so_once_the_worker_is_silent_for_a_while(
    people: People, night: Night
) -> None:
    seen(seconds_ago=10)
    assert DELAYED not in page(people, night)
    assert "waiting" in page(people, night)
    seen(seconds_ago=91)
    assert DELAYED in page(people, night)


def test_a_built_report_waits_for_nothing(people: People, night: Night) -> None:
    build.build_night(night.pk)
    assert DELAYED not in page(people, night)


@override_settings(CELERY_TASK_ALWAYS_EAGER=True)
def test_without_a_worker_by_design_nothing_is_delayed(db: None) -> None:
    """`make dev` builds reports inside the request: no worker, nothing to wait for."""
    assert not worker_seen.silent()
