"""Reports built by the Celery worker: one per closed night and one per season.

A row is created (``queued``) in the same transaction that ends the night, so
a report is never lost even when the broker is down: the worker's sweep
queues again whatever stayed ``queued`` too long. The unique night/season
keeps one report however often a task runs; a rebuild bumps ``generation`` and
replaces the contents in one update.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from gamenight.models.nights import Night, Season


class ReportStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("being built")
    READY = "ready", _("ready")
    FAILED = "failed", _("failed")


class MailStatus(models.TextChoices):
    NONE = "none", _("not mailed")
    SENDING = "sending", _("sending")
    SENT = "sent", _("sent")
    FAILED = "failed", _("failed")


class Report(models.Model):
    status = models.CharField(
        max_length=10, choices=ReportStatus.choices, default=ReportStatus.QUEUED
    )
    # Why the build failed for good (bad data), shown on the report page.
    error = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)
    png = models.BinaryField(blank=True, default=b"")
    csv = models.TextField(blank=True)
    # Bumped by "build again": a build for an older generation is thrown away.
    generation = models.PositiveIntegerField(default=1)
    built_generation = models.PositiveIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0)
    queued_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    built_at = models.DateTimeField(null=True, blank=True)
    # The generation whose mail the mail server took (set only after it did).
    mailed_generation = models.PositiveIntegerField(default=0)
    mail_status = models.CharField(
        max_length=10, choices=MailStatus.choices, default=MailStatus.NONE
    )
    # Tries of the current mail (the task's retries count; "send again" starts at 0).
    mail_attempts = models.PositiveIntegerField(default=0)
    # The last error of the mail server, kept while it is retried and when it gave up.
    mail_error = models.TextField(blank=True)
    mailed_at = models.DateTimeField(null=True, blank=True)
    mail_recipients = models.PositiveIntegerField(default=0)
    # The language of whoever asked for the build (the host ending the night, "build
    # again"): the worker writes the chart, the stored CSV and the mail in it. Empty:
    # the site's default (rows from before the field).
    language = models.CharField(max_length=10, blank=True, default="")

    class Meta:
        abstract = True

    @property
    def is_ready(self) -> bool:
        return self.status == ReportStatus.READY

    @property
    def in_progress(self) -> bool:
        return self.status in (ReportStatus.QUEUED, ReportStatus.RUNNING)

    @property
    def mail_sending(self) -> bool:
        return self.mail_status == MailStatus.SENDING


class NightReport(Report):
    night = models.OneToOneField(Night, on_delete=models.CASCADE, related_name="report")
    # The ledger check after the build (gamenight/services/ledger_check.py): the
    # first violation as code and parameters, described in the reader's language
    # on the page, and how many there are; {} when every invariant held.
    ledger_problem = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=ReportStatus.values),
                name="night_report_status_known",
            ),
        ]

    def __str__(self) -> str:
        return f"report of {self.night}"


class SeasonReport(Report):
    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="report")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=ReportStatus.values),
                name="season_report_status_known",
            ),
        ]

    def __str__(self) -> str:
        return f"report of {self.season}"


class WorkerHeartbeat(models.Model):
    """When the report worker was last seen at work: one row, written by every round of
    the report sweep (gamenight/reports/worker_seen.py). A page waiting for a report
    says reports are delayed when it is old: in the database because the web and the
    worker share nothing else in docker compose."""

    seen_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"report worker seen at {self.seen_at}"
