"""Celery tasks: build the night and season reports (gamenight/reports/build.py), mail
them, and import an uploaded group file (gamenight/services/import_jobs.py).

Tasks take ids and are idempotent; a transient error (the database or the
broker briefly away) is retried with backoff, bad data fails for good with
the reason stored for the report page. ``acks_late`` with
``reject_on_worker_lost``: a worker killed mid-build leaves the message to be
delivered again.
"""

from __future__ import annotations

import logging
import smtplib
from typing import Any

from celery import Task, shared_task
from django.db import OperationalError
from django.utils.translation import gettext
from kombu.exceptions import OperationalError as BrokerError

from gamenight.models import NightReport, SeasonReport
from gamenight.reports import build, mailing, worker_seen
from gamenight.services import import_jobs, ledger_check

log = logging.getLogger(__name__)

TRANSIENT = (OperationalError, ConnectionError, BrokerError)
MAX_RETRIES = build.MAX_ATTEMPTS - 1


class ReportTask(Task):  # type: ignore[misc]  # celery: no stubs, Task is Any
    """Stores the reason on the report when the task gives up."""

    model: Any = None
    field = ""

    def on_failure(
        self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any
    ) -> None:
        if args:
            reason = (
                gettext("the database could not be reached; build it again later")
                if isinstance(exc, TRANSIENT)
                else gettext("the report could not be built (%(error)s)")
                % {"error": type(exc).__name__}
            )
            build.mark_failed(self.model, self.field, int(args[0]), reason)


class NightReportTask(ReportTask):
    model = NightReport
    field = "night_id"


class SeasonReportTask(ReportTask):
    model = SeasonReport
    field = "season_id"


_OPTIONS: dict[str, Any] = {
    "autoretry_for": TRANSIENT,
    "retry_backoff": True,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": MAX_RETRIES,
    "acks_late": True,
    "reject_on_worker_lost": True,
    "ignore_result": True,
}


@shared_task(base=NightReportTask, name="gamenight.build_night_report", **_OPTIONS)
def build_night_report(night_id: int) -> str:
    built = build.build_night(night_id)
    # After every delivery, not only a fresh build: the ledger as it stands now.
    ledger_check.record_on_night_report(night_id)
    return built


@shared_task(base=SeasonReportTask, name="gamenight.build_season_report", **_OPTIONS)
def build_season_report(season_id: int) -> str:
    return build.build_season(season_id)


# The mail: SMTP errors are OSErrors too (a refused connection, a timeout, a server that
# hangs up); the database briefly away is retried as well.
MAIL_ERRORS = (smtplib.SMTPException, OSError, OperationalError)
MAIL_MAX_RETRIES = 5


class MailTask(Task):  # type: ignore[misc]  # celery: no stubs, Task is Any
    """Marks the mail failed, with the mail server's answer, when the task gives up."""

    def on_failure(
        self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any
    ) -> None:
        if len(args) == 3:
            scope, report_id, generation = args
            mailing.mark_failed(scope, int(report_id), int(generation), mailing.reason(exc))


@shared_task(
    base=MailTask,
    name="gamenight.mail_report",
    autoretry_for=MAIL_ERRORS,
    # Waits of 30 s, 1, 2, 4, 8 min: the mail server has a quarter of an hour to come
    # back. No jitter (Celery's would draw each wait between 0 and its cap): a night's
    # few mails are no herd, and the window should not shrink by chance.
    retry_backoff=30,
    retry_backoff_max=600,
    retry_jitter=False,
    max_retries=MAIL_MAX_RETRIES,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
)
def mail_report(scope: str, report_id: int, generation: int) -> str:
    return mailing.send_mail(scope, report_id, generation)


@shared_task(name="gamenight.requeue_stale_reports", ignore_result=True)
def requeue_stale_reports() -> int:
    """The report sweep, run by beat every REPORT_SWEEP_SECONDS (settings.CELERY_BEAT_SCHEDULE):
    the task of a report whose message never arrived, or whose worker died, is sent again;
    so is the task of a group import that never arrived.
    A round that fails (the database away for a moment) is simply the next round's work.
    Each round notes that the worker is alive, for the pages waiting for a report."""
    from django.conf import settings

    worker_seen.note()
    sent = build.requeue_stale_reports(
        queued_for=settings.REPORT_REQUEUE_AFTER, running_for=settings.REPORT_RUNNING_TIMEOUT
    )
    if sent:
        log.info("re-queued %s report(s)", sent)
    imports = import_jobs.requeue_stale_imports(queued_for=settings.REPORT_REQUEUE_AFTER)
    if imports:
        log.info("re-queued %s group import(s)", imports)
    return sent + imports


class ImportTask(Task):  # type: ignore[misc]  # celery: no stubs, Task is Any
    """Marks the import refused, with the error's name, when the task itself fails."""

    def on_failure(
        self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any
    ) -> None:
        if args:
            import_jobs.mark_failed(int(args[0]), exc)


@shared_task(
    base=ImportTask,
    name="gamenight.import_group_file",
    # Delivered again if the worker dies: the task then marks the import interrupted.
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
)
def import_group_file(job_id: int) -> str:
    return import_jobs.run_import(job_id)
