"""The report mail: marked sent only once the mail server took it, retried with back-off
while the server is down, and shown on the report page (sending, sent, failed: why),
with "send again" for the host and co-hosts.

The tasks run eagerly here (conftest.py): Celery's retries then run one after
the other at once, without their countdown.
"""

from __future__ import annotations

import smtplib
import socket
from collections.abc import Callable
from typing import Any

import pytest
from django.core import mail
from django.urls import reverse
from helpers.clients import client_for
from report_people import People, give_emails, make_people, played_night

from gamenight import tasks
from gamenight.models import MailStatus, Night, NightReport, ReportStatus
from gamenight.reports import build


@pytest.fixture
def people(db: None) -> People:
    people = make_people(players=4)
    give_emails(people)
    return people


@pytest.fixture
def night(people: People, django_capture_on_commit_callbacks: Any) -> Night:
    with django_capture_on_commit_callbacks(execute=False):
        return played_night(people, games=4)


def _closed_port() -> int:
    """A loopback port nothing listens on: the mail server is down."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp_down(settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = _closed_port()
    settings.EMAIL_TIMEOUT = 2


def _build(night: Night, capture: Callable[..., Any]) -> NightReport:
    with capture(execute=True):
        assert build.build_night(night.pk) == "built"
    return NightReport.objects.get(night=night)


def test_a_mail_server_down_leaves_the_mail_failed_after_its_retries(
    night: Night,
    smtp_down: None,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    monkeypatch.setattr(tasks.mail_report, "max_retries", 2)
    report = _build(night, django_capture_on_commit_callbacks)
    assert report.status == ReportStatus.READY  # the report stands without its mail
    assert report.mail_status == MailStatus.FAILED
    assert report.mailed_generation == 0  # not marked sent
    assert report.mail_attempts == 3  # the first try and two retries
    assert "refused" in report.mail_error.lower()
    assert report.mailed_at is None


def test_the_mail_is_marked_sent_after_the_server_took_it_and_sent_once(
    night: Night, django_capture_on_commit_callbacks: Any
) -> None:
    mail.outbox.clear()
    report = _build(night, django_capture_on_commit_callbacks)
    assert (report.mail_status, report.mailed_generation, report.mail_recipients) == (
        MailStatus.SENT,
        1,
        2,
    )
    assert report.mailed_at is not None
    assert len(mail.outbox) == 2
    again = tasks.mail_report.apply(args=["night", report.pk, 1]).get()
    assert again == "already sent"
    assert len(mail.outbox) == 2


def test_a_mail_that_fails_once_is_sent_by_the_retry(
    night: Night, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    from gamenight.reports import mail as report_mail

    real = report_mail.send_report
    calls: list[int] = []

    def flaky(report: Any) -> int:
        calls.append(1)
        if len(calls) == 1:
            raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
        return real(report)

    monkeypatch.setattr(report_mail, "send_report", flaky)
    mail.outbox.clear()
    report = _build(night, django_capture_on_commit_callbacks)
    assert (report.mail_status, report.mail_attempts) == (MailStatus.SENT, 2)
    assert report.mail_error == ""
    assert len(mail.outbox) == 2


def test_the_mail_task_retries_smtp_and_os_errors_with_backoff_up_to_a_max() -> None:
    task = tasks.mail_report
    assert smtplib.SMTPException in task.autoretry_for
    assert OSError in task.autoretry_for
    assert task.retry_backoff
    assert 0 < task.max_retries <= 10
    assert task.retry_backoff_max >= 60
    assert task.acks_late is True


def test_a_failed_mail_shows_its_reason_and_the_host_sends_it_again_once(
    people: People,
    night: Night,
    smtp_down: None,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    monkeypatch.setattr(tasks.mail_report, "max_retries", 0)
    report = _build(night, django_capture_on_commit_callbacks)
    page = client_for(people.cohost).get(reverse("night_report", args=[night.pk])).content.decode()
    assert "The mail could not be sent" in page
    assert "refused" in page.lower()
    url = reverse("night_report_mail", args=[night.pk])
    assert url in page
    viewer_page = client_for(people.viewer).get(reverse("night_report", args=[night.pk]))
    assert url not in viewer_page.content.decode()

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox.clear()
    client = client_for(people.cohost)
    with django_capture_on_commit_callbacks(execute=True):
        first = client.post(url, {"key": "m1"})
    with django_capture_on_commit_callbacks(execute=True):
        again = client.post(url, {"key": "m1"})  # a double tap
    assert first.status_code == again.status_code == 302
    report.refresh_from_db()
    assert (report.mail_status, report.mailed_generation) == (MailStatus.SENT, 1)
    assert len(mail.outbox) == 2  # sent once
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"key": "m2"})  # already sent: nothing happens
    assert len(mail.outbox) == 2
    page = client.get(reverse("night_report", args=[night.pk])).content.decode()
    assert "Mailed to 2 players" in page


def test_only_hosts_send_again_and_get_is_refused(people: People, night: Night) -> None:
    NightReport.objects.filter(night=night).update(
        status=ReportStatus.READY, built_generation=1, mail_status=MailStatus.FAILED
    )
    url = reverse("night_report_mail", args=[night.pk])
    assert client_for(people.viewer).post(url, {"key": "k"}).status_code == 403
    assert client_for(people.outsider).post(url, {"key": "k"}).status_code == 404
    assert client_for(people.owner).get(url).status_code == 405
    assert NightReport.objects.get(night=night).mail_status == MailStatus.FAILED


def test_send_again_without_a_key_or_before_the_report_is_built_changes_nothing(
    people: People, night: Night
) -> None:
    url = reverse("night_report_mail", args=[night.pk])
    client = client_for(people.owner)
    early = client.post(url, {"key": "k"})
    assert early.status_code == 422
    assert "no report to mail yet" in early.content.decode()
    NightReport.objects.filter(night=night).update(
        status=ReportStatus.READY, built_generation=1, mail_status=MailStatus.FAILED
    )
    stale = client.post(url, {})
    assert stale.status_code == 422
    assert NightReport.objects.get(night=night).mail_status == MailStatus.FAILED


def test_the_mail_state_is_on_the_page_in_german(people: People, night: Night) -> None:
    NightReport.objects.filter(night=night).update(
        status=ReportStatus.READY,
        built_generation=1,
        mail_status=MailStatus.SENDING,
        mail_attempts=2,
        mail_error="SMTPServerDisconnected: Connection unexpectedly closed",
    )
    client = client_for(people.cohost)
    url = reverse("night_report", args=[night.pk])
    english = client.get(url).content.decode()
    assert "Mailing the report" in english
    assert f"attempt 2 of {tasks.MAIL_MAX_RETRIES + 1}" in english
    german = client.get(url, headers={"Accept-Language": "de"}).content.decode()
    assert "Versuch 2 von" in german
    NightReport.objects.filter(night=night).update(mail_status=MailStatus.FAILED)
    german = client.get(url, headers={"Accept-Language": "de"}).content.decode()
    assert "Mail noch einmal senden" in german


def test_the_season_report_mail_can_be_sent_again_by_a_cohost(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    import datetime

    from gamenight import services
    from gamenight.models import SeasonReport

    season = services.create_season(
        group_id=people.group.pk,
        by=people.owner,
        name="Spring",
        starts_on=datetime.date(2026, 3, 1),
    )
    with django_capture_on_commit_callbacks(execute=False):
        played_night(people, games=2, season=season)
    assert build.build_season(season.pk) == "built"  # its mail is not sent here
    SeasonReport.objects.filter(season=season).update(
        mail_status=MailStatus.FAILED, mail_error="TimeoutError: timed out"
    )
    client = client_for(people.cohost)
    page = client.get(reverse("season_report", args=[people.group.pk, season.pk])).content.decode()
    assert "TimeoutError: timed out" in page
    url = reverse("season_report_mail", args=[people.group.pk, season.pk])
    assert url in page
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url, {"key": "s1"}).status_code == 302
    report = SeasonReport.objects.get(season=season)
    assert (report.mail_status, report.mailed_generation) == (MailStatus.SENT, 1)
    assert len(mail.outbox) == 2
    assert client_for(people.viewer).post(url, {"key": "s2"}).status_code == 403
