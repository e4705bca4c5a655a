"""Queue, build and store reports; the Celery tasks (gamenight/tasks.py) call these.

Exactly one report per night (and per season), however often a task runs:

* the row is unique per night/season and is created, ``queued``, in the
  transaction that ends the night; the task is sent only after that commits;
* a build locks the row to start (``running``, one more attempt) and again to
  store its result; it stores nothing when the row already holds a build of
  the same generation (a second delivery of the same task) or a newer
  generation was asked for meanwhile ("build again" while it ran);
* a report that stays ``queued`` (the broker was down when the night ended) or
  ``running`` (the worker died) is sent again by :func:`requeue_stale_reports`,
  which the worker runs every few seconds.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone, translation
from django.utils.translation import get_language, gettext

from gamenight.models import (
    MailStatus,
    Night,
    NightReport,
    ReportStatus,
    Season,
    SeasonReport,
)
from gamenight.reports import BadReportDataError, mailing

log = logging.getLogger(__name__)

ReportModel = type[NightReport] | type[SeasonReport]

# Builds of one generation before it fails for good: the task's retries and the
# broker's redeliveries after a lost worker both count, so a report that kills
# its worker every time cannot loop forever.
MAX_ATTEMPTS = 6


@dataclass(frozen=True)
class Built:
    data: dict[str, Any]
    png: bytes
    csv: str


# ------------------------------------------------------------------ queueing


def queue_night_report(night_id: int) -> NightReport:
    """Call inside the transaction that ends the night: the row now, the task after commit.

    Also refreshes the season's report when the night belongs to a season.
    """
    report, created = NightReport.objects.get_or_create(
        night_id=night_id, defaults={"language": _asked_in()}
    )
    if not created:
        report = _bump(NightReport, report.pk)
    transaction.on_commit(lambda: send_task("night", night_id))
    season_id = Night.objects.filter(pk=night_id).values_list("season_id", flat=True).first()
    if season_id is not None:
        queue_season_report(season_id)
    return report


def queue_season_report(season_id: int) -> SeasonReport:
    report, created = SeasonReport.objects.get_or_create(
        season_id=season_id, defaults={"language": _asked_in()}
    )
    if not created:
        report = _bump(SeasonReport, report.pk)
    transaction.on_commit(lambda: send_task("season", season_id))
    return report


def rebuild_night_report(night_id: int) -> NightReport:
    """The host's "build again": a new generation replaces the old once it is built."""
    with transaction.atomic():
        return queue_night_report(night_id)


def rebuild_season_report(season_id: int) -> SeasonReport:
    with transaction.atomic():
        return queue_season_report(season_id)


def _bump(model: Any, pk: int) -> Any:
    """Ask for a new generation; the old contents stay visible until it is built."""
    report = model.objects.select_for_update().get(pk=pk)
    report.generation = F("generation") + 1
    report.status = ReportStatus.QUEUED
    report.error = ""
    report.queued_at = timezone.now()
    report.attempts = 0  # the page counts the attempts of the generation being built
    report.language = _asked_in()
    report.save(
        update_fields=["generation", "status", "error", "queued_at", "attempts", "language"]
    )
    report.refresh_from_db()
    return report


def _asked_in() -> str:
    """The language of the request that asks for the build (the host's page)."""
    return get_language() or ""


def built_in(report: NightReport | SeasonReport) -> str:
    """The language a report's chart, stored CSV and mail are written in."""
    return report.language or settings.LANGUAGE_CODE


def send_task(scope: str, object_id: int) -> bool:
    """Send the build task; False (and the row stays queued for the sweep) when the
    broker cannot be reached, so ending a night never fails because of it."""
    from gamenight import tasks

    task = tasks.build_night_report if scope == "night" else tasks.build_season_report
    try:
        task.apply_async(args=[object_id], retry=True, retry_policy={"max_retries": 1})
    except Exception:  # the broker is down or unreachable: the sweep sends it later
        log.warning("could not queue the %s report %s; the sweep will", scope, object_id)
        return False
    return True


def requeue_stale_reports(*, queued_for: float, running_for: float) -> int:
    """Send again the tasks of reports queued longer than ``queued_for`` seconds or
    running longer than ``running_for`` (their worker died); returns how many."""
    now = timezone.now()
    sent = 0
    for model, scope, field in (
        (NightReport, "night", "night_id"),
        (SeasonReport, "season", "season_id"),
    ):
        stale = model.objects.filter(
            Q(status=ReportStatus.QUEUED, queued_at__lt=now - timedelta(seconds=queued_for))
            | Q(status=ReportStatus.RUNNING, started_at__lt=now - timedelta(seconds=running_for))
        )
        for pk, object_id in stale.values_list("pk", field):
            if send_task(scope, object_id):
                # Not again before another full wait.
                model.objects.filter(pk=pk).update(queued_at=now, started_at=now)
                sent += 1
    return sent


# ------------------------------------------------------------------ building


def build_night(night_id: int) -> str:
    return _build(NightReport, "night_id", night_id, _night_contents)


def build_season(season_id: int) -> str:
    return _build(SeasonReport, "season_id", season_id, _season_contents)


def mark_failed(model: ReportModel, field: str, object_id: int, reason: str) -> None:
    with transaction.atomic():
        report = model.objects.select_for_update().filter(**{field: object_id}).first()
        if report is None or report.built_generation >= report.generation:
            return
        report.status = ReportStatus.FAILED
        report.error = reason
        report.built_generation = report.generation
        report.save(update_fields=["status", "error", "built_generation"])


def _build(model: Any, field: str, object_id: int, contents: Callable[[int], Built]) -> str:
    with transaction.atomic():
        report = model.objects.select_for_update().filter(**{field: object_id}).first()
        if report is None:
            log.warning("no report row for %s=%s: nothing to build", field, object_id)
            return "missing"
        if report.built_generation >= report.generation:
            return "already built"
        if report.attempts >= MAX_ATTEMPTS:
            report.status = ReportStatus.FAILED
            report.error = gettext("the report could not be built in %(n)s attempts") % {
                "n": report.attempts
            }
            report.built_generation = report.generation
            report.save(update_fields=["status", "error", "built_generation"])
            return "failed"
        generation = report.generation
        report.status = ReportStatus.RUNNING
        report.started_at = timezone.now()
        report.attempts = F("attempts") + 1
        report.save(update_fields=["status", "started_at", "attempts"])

    _test_delay()
    try:
        with translation.override(built_in(report)):
            built = contents(object_id)
    except BadReportDataError as error:
        mark_failed(model, field, object_id, str(error))
        return "failed"

    with transaction.atomic():
        report = model.objects.select_for_update().get(pk=report.pk)
        if report.built_generation >= generation or report.generation != generation:
            return "superseded"
        report.status = ReportStatus.READY
        report.error = ""
        report.data = built.data
        report.png = built.png
        report.csv = built.csv
        report.built_generation = generation
        report.built_at = timezone.now()
        # The mail goes out from its own task, retried while the mail server is down.
        report.mail_status = MailStatus.SENDING
        report.mail_attempts = 0
        report.mail_error = ""
        report.save()
        scope = "night" if model is NightReport else "season"
        transaction.on_commit(lambda: mailing.queue_mail(scope, report.pk, generation))
    return "built"


def _test_delay() -> None:
    """Test hooks for the kill tests: GAMENIGHT_REPORT_DELAY seconds of sleep mid-build,
    or a wait while the file GAMENIGHT_REPORT_HOLD exists (at most ten minutes)."""
    delay = float(os.environ.get("GAMENIGHT_REPORT_DELAY") or 0)
    if delay > 0:
        time.sleep(delay)
    hold = os.environ.get("GAMENIGHT_REPORT_HOLD")
    if hold and os.path.exists(hold):
        with open(hold, "w") as f:  # which process to kill
            f.write(str(os.getpid()))
        until = time.monotonic() + 600
        while os.path.exists(hold) and time.monotonic() < until:
            time.sleep(0.1)


def _night_contents(night_id: int) -> Built:
    from gamenight.reports.charts_png import line_chart_png
    from gamenight.reports.csv_export import entries_csv
    from gamenight.reports.night import night_figures

    night = Night.objects.select_related("group", "season").filter(pk=night_id).first()
    if night is None:
        raise BadReportDataError(gettext("the night no longer exists"))
    figures = night_figures(night, chip_value_cents=night.group.chip_value_cents)
    png = line_chart_png(
        labels=figures.timeline_labels,
        series=figures.timeline,
        title=gettext("Stacks over the night"),
        y_label=gettext("chips"),
    )
    return Built(data=figures.data, png=png, csv=entries_csv(figures.rows))


def night_chart(night_id: int) -> bytes:
    """The night's chart drawn now, in the active language (a reader of another
    language than the report's)."""
    return _night_contents(night_id).png


def season_chart(season_id: int) -> bytes:
    return _season_contents(season_id).png


def _season_contents(season_id: int) -> Built:
    from gamenight.reports.charts_png import line_chart_png
    from gamenight.reports.csv_export import entries_csv
    from gamenight.reports.season import season_figures

    season = Season.objects.select_related("group").filter(pk=season_id).first()
    if season is None:
        raise BadReportDataError(gettext("the season no longer exists"))
    figures = season_figures(season, chip_value_cents=season.group.chip_value_cents)
    png = line_chart_png(
        labels=figures.chart_labels,
        series=figures.running,
        title=gettext("Running total across the season"),
        y_label=gettext("chips"),
    )
    return Built(
        data=figures.data, png=png, csv=entries_csv(figures.rows, nights=figures.night_labels)
    )
