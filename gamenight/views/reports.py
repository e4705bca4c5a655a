"""Report pages: the end-of-night report and the season report, their PNG chart and
CSV, "build again" and "send the mail again" for hosts and co-hosts, and the
group's chip value.

While the worker builds, the page shows the progress and (with HTMX) asks
again every two seconds; without JavaScript a refresh link does the same.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from gamenight.forms.reports import ChipValueForm, MailAgainForm, RebuildForm
from gamenight.http import AuthenticatedHttpRequest, HtmxHttpRequest
from gamenight.models import (
    Membership,
    Night,
    NightReport,
    NightStatus,
    Role,
    Season,
    SeasonReport,
)
from gamenight.money import to_minor
from gamenight.pages.access import group_for_user, night_for_user, season_for_user
from gamenight.pages.keyed_writes import write_once
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.render import BAD_INPUT, render_page
from gamenight.pages.report_context import chip_form, night_context, report_context
from gamenight.reports import BadReportDataError, build, mailing
from gamenight.reports.csv_export import entries_csv
from gamenight.reports.names import renames
from gamenight.reports.night import ledger_rows
from gamenight.services import LedgerError
from gamenight.services.errors import REFUSALS as SERVICE_REFUSALS
from gamenight.services.request_keys import Result, once

NOTHING_TO_MAIL = _("There is no report to mail yet.")


# ------------------------------------------------------------------ the night


@login_required
@require_GET
@vary_on_headers("HX-Request")
def night_report(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = night_for_user(request, night_id)
    context = night_context(night, membership, request.user)
    return render_page(request, "reports/night_report.html", context)


@login_required
@require_GET
def night_report_png(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id)
    report = NightReport.objects.filter(night=night).exclude(png=b"").first()
    return _chart(report, lambda: build.night_chart(night.pk))


@login_required
@require_GET
def night_report_csv(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id)
    report = NightReport.objects.filter(night=night).first()
    return _entries_csv(report, f"night-{night.date}-entries.csv", [night.pk])


@login_required
@require_POST
def night_report_rebuild(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = night_for_user(request, night_id, record=True)
    form = RebuildForm(request.POST)
    url = reverse("night_report", args=[night.pk])
    if not form.is_valid() or night.status != NightStatus.CLOSED:
        return _night_refused(request, night, membership, form)

    def write() -> Result:
        return build.rebuild_night_report(night.pk), url

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="night_report_rebuild",
        payload={"night": night.pk},
        write=write,
        refused=lambda message: _night_refused(request, night, membership, form, error=message),
    )


@login_required
@require_POST
def night_report_mail(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """ "Send again" of a failed mail (host and co-hosts); a second tap sends nothing more."""
    night, membership = night_for_user(request, night_id, record=True)
    report = NightReport.objects.filter(night=night).first()
    form = MailAgainForm(request.POST)
    if not form.is_valid():
        return _night_refused(request, night, membership, mail_refused=REFUSALS["form_stale"])

    def write() -> Result:
        if report is None or not mailing.resend_mail(report):
            raise LedgerError(NOTHING_TO_MAIL)
        return report, reverse("night_report", args=[night.pk])

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="night_report_mail",
        payload={"night": night.pk},
        write=write,
        refused=lambda message: _night_refused(request, night, membership, mail_refused=message),
    )


def _night_refused(
    request: AuthenticatedHttpRequest,
    night: Night,
    membership: Membership,
    form: RebuildForm | None = None,
    *,
    error: str = "",
    **errors: Any,
) -> HttpResponse:
    """The report page again with a message: ``error`` for the rebuild form (a refused
    ``form`` says why by itself), ``errors`` for the other forms by name."""
    if form is not None and not error:
        error = str(
            SERVICE_REFUSALS["night_not_over"]
            if night.status != NightStatus.CLOSED
            else REFUSALS["form_stale"]
        )
    context = night_context(night, membership, request.user, rebuild_error=error, **errors)
    return render_page(request, "reports/night_report.html", context, status=BAD_INPUT)


# ------------------------------------------------------------------ the season


def _season_refused(
    request: HtmxHttpRequest, season: Season, membership: Membership, **errors: object
) -> HttpResponse:
    """The season report again, with a message where the refused form is."""
    context = _season_context(season, membership, **errors)
    return render_page(request, "reports/season_report.html", context, status=BAD_INPUT)


def _season_context(season: Season, membership: Membership, **extra: Any) -> dict[str, Any]:
    report = SeasonReport.objects.filter(season=season).first()
    # The nights' dates come as dates from _report_context ("season_nights").
    built = report_context(report, season.group.currency)
    return {
        "season": season,
        "group": season.group,
        "membership": membership,
        "may_rebuild": membership.may_record,
        "rebuild_form": RebuildForm(),
        "chip_form": chip_form(season.group, membership),
        "refresh_url": reverse("season_report", args=[season.group_id, season.pk]),
        **built,
        **extra,
    }


@login_required
@require_GET
@vary_on_headers("HX-Request")
def season_report(request: AuthenticatedHttpRequest, group_id: int, season_id: int) -> HttpResponse:
    season, membership = season_for_user(request, group_id, season_id)
    return render_page(request, "reports/season_report.html", _season_context(season, membership))


@login_required
@require_GET
def season_report_png(
    request: AuthenticatedHttpRequest, group_id: int, season_id: int
) -> HttpResponse:
    season, _membership = season_for_user(request, group_id, season_id)
    report = SeasonReport.objects.filter(season=season).exclude(png=b"").first()
    return _chart(report, lambda: build.season_chart(season.pk))


@login_required
@require_GET
def season_report_csv(
    request: AuthenticatedHttpRequest, group_id: int, season_id: int
) -> HttpResponse:
    season, _membership = season_for_user(request, group_id, season_id)
    report = SeasonReport.objects.filter(season=season).first()
    nights = [n["id"] for n in (report.data.get("nights") or [])] if report else []
    return _entries_csv(report, f"season-{season.pk}-entries.csv", nights, by_night=True)


@login_required
@require_POST
def season_report_rebuild(
    request: AuthenticatedHttpRequest, group_id: int, season_id: int
) -> HttpResponse:
    season, membership = season_for_user(request, group_id, season_id, record=True)
    form = RebuildForm(request.POST)
    if not form.is_valid():
        return _season_refused(request, season, membership, rebuild_error=REFUSALS["form_stale"])

    def write() -> Result:
        report = build.rebuild_season_report(season.pk)
        return report, reverse("season_report", args=[group_id, season.pk])

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="season_report_rebuild",
        payload={"season": season.pk},
        write=write,
        refused=lambda message: _season_refused(request, season, membership, rebuild_error=message),
    )


@login_required
@require_POST
def season_report_mail(
    request: AuthenticatedHttpRequest, group_id: int, season_id: int
) -> HttpResponse:
    season, membership = season_for_user(request, group_id, season_id, record=True)
    form = MailAgainForm(request.POST)
    if not form.is_valid():
        return _season_refused(request, season, membership, mail_refused=REFUSALS["form_stale"])
    report = SeasonReport.objects.filter(season=season).first()

    def write() -> Result:
        if report is None or not mailing.resend_mail(report):
            raise LedgerError(NOTHING_TO_MAIL)
        return report, reverse("season_report", args=[group_id, season.pk])

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="season_report_mail",
        payload={"season": season.pk},
        write=write,
        refused=lambda message: _season_refused(request, season, membership, mail_refused=message),
    )


# ------------------------------------------------------------------ the chip value


@login_required
@require_POST
def chip_value(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """The host sets what a chip is worth; reports built from now on say who pays whom."""
    membership = group_for_user(request, group_id)
    if membership.role != Role.HOST:
        raise PermissionDenied("only the host sets the chip value")
    currency = membership.group.currency
    form = ChipValueForm(request.POST, currency=currency)
    back = request.POST.get("next", "")
    if not back.startswith("/") or back.startswith("//"):
        back = reverse("group_detail", args=[group_id])
    if not form.is_valid():
        context = {"group": membership.group, "chip_form": form, "next": back}
        return render_page(request, "reports/chip_value.html", context, status=BAD_INPUT)
    value = form.cleaned_data["chip_value"]
    cents = to_minor(value, currency) if value is not None else None

    def write() -> Result:
        group = membership.group
        group.chip_value_cents = cents
        group.save(update_fields=["chip_value_cents"])
        return group, back

    try:
        url = once(
            user=request.user,
            key=form.cleaned_data["key"],
            action="chip_value",
            payload={"group": group_id, "cents": cents},
            write=write,
        )
    except LedgerError as error:
        form.add_error(None, str(error))
        context = {"group": membership.group, "chip_form": form, "next": back}
        return render_page(request, "reports/chip_value.html", context, status=BAD_INPUT)
    return redirect(url)


def _chart(report: NightReport | SeasonReport | None, draw: Callable[[], bytes]) -> HttpResponse:
    """A built report's chart; 404 while there is none.

    The stored chart speaks the language the report was built in; a reader of
    another language gets it drawn again in theirs (title, axis, legend), and so
    does anyone once a player of the legend was renamed or merged.
    """
    if report is None or not report.built_generation:
        raise Http404("no chart yet")
    png = bytes(report.png)
    stale = _base(build.built_in(report)) != _base(get_language()) or bool(renames(report.data))
    if stale:
        with contextlib.suppress(BadReportDataError):  # the stored chart beats none
            png = draw()
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "private, max-age=60"
    return response


def _base(language: str | None) -> str:
    return (language or "").split("-")[0].lower()


def _entries_csv(
    report: NightReport | SeasonReport | None,
    filename: str,
    night_ids: list[int],
    *,
    by_night: bool = False,
) -> HttpResponse:
    """A built report's ledger entries as a CSV download; 404 while there are none.

    The file is written again from the ledger, in the reader's language: the one
    stored with the report (for the mail) is in the worker's. The nights of a
    built report are closed, so their entries are the ones it was built from.
    """
    if report is None or not report.built_generation or not report.csv:
        raise Http404("no entries yet")
    labels = None
    if by_night:
        dates = Night.objects.filter(pk__in=night_ids).values_list("pk", "date")
        labels = {pk: date_format(day, "SHORT_DATE_FORMAT") for pk, day in dates}
    text = entries_csv(ledger_rows(night_ids), nights=labels)
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
