"""Mailing a built report: its own Celery task (gamenight/tasks.py), so a mail server
that is down neither undoes the report nor loses the mail.

* a build that stores a report marks its mail ``sending`` and, after the
  commit, queues :func:`send_mail` for that generation;
* the task counts an attempt, sends, and only then marks the mail ``sent``
  (``mailed_generation``); an SMTP or network error is stored on the row and
  raised again, so the task's autoretry tries later with exponential back-off;
* when the retries run out, the task's ``on_failure`` marks the mail
  ``failed`` with the reason, and the report page offers "send again"
  (:func:`resend_mail`) to the host and co-hosts.

A mail is sent at least once: a worker killed between the server's answer and
the commit sends it again on redelivery. A task for an older generation, or for
a mail already sent, sends nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone

from gamenight.models import MailStatus, NightReport, SeasonReport

log = logging.getLogger(__name__)

MODELS: dict[str, Any] = {"night": NightReport, "season": SeasonReport}


def reason(error: BaseException) -> str:
    """The mail server's answer as stored for the page (its own words, not translated)."""
    text = str(error).strip()
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def queue_mail(scope: str, report_id: int, generation: int) -> bool:
    """Send the mail task; when the broker is away, the mail fails at once so the page
    offers "send again" (a mail must not wait, unseen, for a sweep)."""
    from gamenight import tasks

    try:
        tasks.mail_report.apply_async(
            args=[scope, report_id, generation], retry=True, retry_policy={"max_retries": 1}
        )
    except Exception as error:  # the broker is down or unreachable
        log.warning("could not queue the mail of %s report %s", scope, report_id)
        mark_failed(scope, report_id, generation, reason(error))
        return False
    return True


def send_mail(scope: str, report_id: int, generation: int) -> str:
    from gamenight.reports import mail

    model = MODELS[scope]
    with transaction.atomic():
        report = model.objects.select_for_update().filter(pk=report_id).first()
        if report is None:
            return "missing"
        if report.mailed_generation >= generation:
            return "already sent"
        if report.built_generation != generation:
            return "superseded"  # a newer build mails its own report
        if report.mail_status != MailStatus.SENDING:
            return "not asked"
        report.mail_attempts += 1
        report.save(update_fields=["mail_attempts"])
    try:
        sent = mail.send_report(report)
    except Exception as error:
        model.objects.filter(pk=report_id, mailed_generation__lt=generation).update(
            mail_error=reason(error)
        )
        raise  # the task retries SMTP and network errors; others fail at once
    with transaction.atomic():
        report = model.objects.select_for_update().get(pk=report_id)
        report.mailed_generation = max(report.mailed_generation, generation)
        report.mail_status = MailStatus.SENT
        report.mail_error = ""
        report.mailed_at = timezone.now()
        report.mail_recipients = sent
        report.save(
            update_fields=[
                "mailed_generation",
                "mail_status",
                "mail_error",
                "mailed_at",
                "mail_recipients",
            ]
        )
    return "sent"


def mark_failed(scope: str, report_id: int, generation: int, why: str) -> None:
    """The mail task gave up: the page shows why and offers "send again"."""
    MODELS[scope].objects.filter(
        pk=report_id,
        built_generation=generation,
        mailed_generation__lt=generation,
        mail_status=MailStatus.SENDING,
    ).update(mail_status=MailStatus.FAILED, mail_error=why)


def resend_mail(report: NightReport | SeasonReport) -> bool:
    """ "Send again" of a failed mail; False when there is no built report to mail.

    Anything but a failed mail is left as it is, so a double tap or a stale tab
    sends one mail.
    """
    scope = "night" if isinstance(report, NightReport) else "season"
    model = MODELS[scope]
    with transaction.atomic():
        locked = model.objects.select_for_update().get(pk=report.pk)
        if not locked.built_generation:
            return False
        if locked.mail_status != MailStatus.FAILED:
            return True
        locked.mail_status = MailStatus.SENDING
        locked.mail_attempts = 0
        locked.mail_error = ""
        locked.save(update_fields=["mail_status", "mail_attempts", "mail_error"])
        generation = locked.built_generation
        transaction.on_commit(lambda: queue_mail(scope, locked.pk, generation))
    return True
