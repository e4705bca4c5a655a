"""Issue 17's export and import pages: the host's page with the group file, the
ledger CSV and the PokerNow import; the upload of a group file for any user, and
(issue 22) the page that follows its import, which the worker runs.

The PokerNow import shows a preview first (who is who, each net) and writes
nothing until the host confirms it; the confirm is once per form key, so a
double tap lands on the night the first tap booked.
"""

from __future__ import annotations

import json
from decimal import Decimal

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from gamenight.forms.transfer import GroupImportForm, PokerNowConfirmForm, PokerNowUploadForm
from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import GroupImport, Membership, Player, RequestKey, Role, Season
from gamenight.pages.access import group_for_user
from gamenight.pages.render import BAD_INPUT, render_page
from gamenight.pages.report_context import POLL_SECONDS
from gamenight.reports.csv_export import entries_csv
from gamenight.reports.night import group_ledger_rows
from gamenight.services import LedgerError, import_jobs
from gamenight.services import pokernow as pokernow_service
from gamenight.services.group_export import export_filename, export_group
from gamenight.services.posting import check_key
from gamenight.services.request_keys import RequestKeyConflictError, Result, once

POKERNOW_ACTION = "pokernow_import"
# The uploads the import page lists under its form.
RECENT_IMPORTS = 5


def _host_of(request: AuthenticatedHttpRequest, group_id: int) -> Membership:
    membership = group_for_user(request, group_id)
    if membership.role != Role.HOST:
        raise PermissionDenied("only the host may export or import")
    return membership


def _transfer_page(
    request: AuthenticatedHttpRequest,
    membership: Membership,
    *,
    upload: PokerNowUploadForm | None = None,
    error: str = "",
) -> HttpResponse:
    context = {
        "group": membership.group,
        "upload": upload or PokerNowUploadForm(),
        "pokernow_error": error,
    }
    status = BAD_INPUT if error or (upload is not None and upload.errors) else 200
    return render_page(request, "groups/transfer.html", context, status=status)


@login_required
@require_GET
def group_transfer(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    return _transfer_page(request, _host_of(request, group_id))


@login_required
@require_GET
def group_export(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    group = _host_of(request, group_id).group
    body = json.dumps(export_group(group), cls=DjangoJSONEncoder)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export_filename(group)}"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_GET
def group_ledger_csv(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """Every entry of the group, oldest first, in the reader's language."""
    group = _host_of(request, group_id).group
    labels = {
        pk: day.isoformat() + (f" {place}" if place else "")
        for pk, day, place in group.nights.values_list("pk", "date", "place")
    }
    # The night column even for a group without nights (the header stays the same).
    text = entries_csv(group_ledger_rows(group.pk), nights=labels or {0: ""})
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    day = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="ledger-{group.pk}-{day}.csv"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_http_methods(["GET", "POST"])
def group_import(request: AuthenticatedHttpRequest) -> HttpResponse:
    """A group file from another installation (or a backup) as a new group you host.

    The upload is stored and its import queued for the worker; the answer is the
    import's own page, which follows it (a double tap: the same import)."""
    posted = request.method == "POST"
    form = GroupImportForm(request.POST if posted else None, request.FILES if posted else None)
    if request.method == "POST" and form.is_valid():
        raw = form.cleaned_data["file"]

        def write() -> Result:
            job = import_jobs.queue_import(user=request.user, raw=raw)
            return job, reverse("group_import_status", args=[job.pk])

        try:
            url = once(
                user=request.user,
                key=form.cleaned_data["key"],
                action="group_import",
                payload={"sha256": import_jobs.digest(raw)},
                write=write,
            )
        except LedgerError as error:
            form.add_error("file", str(error))
        else:
            return redirect(url)
    status = BAD_INPUT if form.is_bound else 200
    context = {"form": form, "imports": _recent_imports(request)}
    return render_page(request, "groups/group_import.html", context, status=status)


def _recent_imports(request: AuthenticatedHttpRequest) -> list[GroupImport]:
    """The user's last uploads, newest first, without the files."""
    mine = GroupImport.objects.filter(user=request.user)
    return list(mine.select_related("group")[:RECENT_IMPORTS])


@login_required
@require_GET
@vary_on_headers("HX-Request")
def group_import_status(request: AuthenticatedHttpRequest, import_id: int) -> HttpResponse:
    """How far the worker has got with an upload: only its uploader sees it (a 404 for
    anyone else). While it runs, HTMX asks again every few seconds; without
    JavaScript the page refreshes itself."""
    job = (
        GroupImport.objects.filter(pk=import_id, user=request.user).select_related("group").first()
    )
    if job is None:
        raise Http404("no such import")
    context = {
        "job": job,
        "poll_seconds": POLL_SECONDS,
        "refresh_url": reverse("group_import_status", args=[job.pk]),
    }
    return render_page(request, "groups/group_import_status.html", context)


def _confirm_form(
    request: AuthenticatedHttpRequest,
    membership: Membership,
    preview: pokernow_service.Preview,
    *,
    bound: bool,
) -> PokerNowConfirmForm:
    group = membership.group
    return PokerNowConfirmForm(
        request.POST if bound else None,
        players=preview.players,
        group_players=list(Player.objects.filter(group=group)),
        seasons=list(Season.objects.filter(group=group)),
        day=preview.date,
    )


def _preview_page(
    request: AuthenticatedHttpRequest,
    membership: Membership,
    preview: pokernow_service.Preview,
    form: PokerNowConfirmForm,
    *,
    status: int = 200,
    choices: list[pokernow_service.Target] | None = None,
    scale: Decimal | None = None,
) -> HttpResponse:
    """The file's ids, the choices, and the night as it would be booked with them."""
    booked: list[pokernow_service.Booked] = []
    error = ""
    if choices is not None:
        try:
            booked = pokernow_service.book(membership.group, preview, choices, scale)
        except LedgerError as refused:
            error = str(refused)
            status = BAD_INPUT
    context = {
        "group": membership.group,
        "preview": preview,
        "form": form,
        "booked": booked,
        "booking_error": error,
        "starting_stack": _last_starting_stack(membership),
    }
    return render_page(request, "groups/pokernow_preview.html", context, status=status)


def _last_starting_stack(membership: Membership) -> int | None:
    """What the group's last night started with, beside the booked buy-ins: a scale
    that is off shows at once."""
    last = (
        membership.group.nights.exclude(place=pokernow_service.PLACE)
        .order_by("-date", "-pk")
        .values_list("starting_stack", flat=True)
        .first()
    )
    return int(last) if last is not None else None


@login_required
@require_POST
def pokernow_preview(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """The uploaded ledger as it would be booked; nothing is written yet."""
    membership = _host_of(request, group_id)
    upload = PokerNowUploadForm(request.POST, request.FILES)
    if not upload.is_valid():
        return _transfer_page(request, membership, upload=upload)
    text, scale = upload.cleaned_data["file"], upload.cleaned_data["scale"]
    try:
        preview = pokernow_service.read(text, group=membership.group)
    except LedgerError as error:
        return _transfer_page(request, membership, upload=upload, error=str(error))
    form = _confirm_form(request, membership, preview, bound=False)
    form.initial["text"] = text
    form.initial["scale"] = scale
    choices: list[pokernow_service.Target] = [p.match for p in preview.players]
    return _preview_page(request, membership, preview, form, choices=choices, scale=scale)


def _answered(request: AuthenticatedHttpRequest, key: str) -> RequestKey | None:
    """The first confirm sent with this key, if any. A key that is no key (a NUL byte,
    which PostgreSQL refuses in a query: a 500) is looked up nowhere; the form refuses it."""
    try:
        check_key(key)
    except LedgerError:
        return None
    return RequestKey.objects.filter(user=request.user, key=key, action=POKERNOW_ACTION).first()


@login_required
@require_POST
def pokernow_confirm(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    membership = _host_of(request, group_id)
    done = _answered(request, request.POST.get("key", ""))
    if done is not None and done.answer_url:
        return redirect(done.answer_url)  # a double tap: where the first tap went
    text = request.POST.get("text", "")
    try:
        preview = pokernow_service.read(text, group=membership.group)
    except LedgerError as error:
        return _transfer_page(request, membership, error=str(error))
    form = _confirm_form(request, membership, preview, bound=True)
    if not form.is_valid():
        return _preview_page(request, membership, preview, form, status=BAD_INPUT)
    choices, scale = form.choices(), form.cleaned_data["scale"]
    if "again" in request.POST:
        # The preview again with the choices and scale changed: nothing is written.
        return _preview_page(request, membership, preview, form, choices=choices, scale=scale)
    season, new_season = form.season_choice()

    def write() -> Result:
        night = pokernow_service.import_night(
            group_id=group_id,
            by=request.user,
            text=text,
            choices=choices,
            season_id=season,
            new_season=new_season,
            scale=scale,
        )
        return night, reverse("night_detail", args=[night.pk])

    try:
        url = once(
            user=request.user,
            key=form.cleaned_data["key"],
            action=POKERNOW_ACTION,
            payload={
                "digest": preview.digest,
                "choices": choices,
                "season": season,
                "new_season": new_season,
                "scale": str(scale),
            },
            write=write,
        )
    except RequestKeyConflictError as error:
        form.add_error(None, str(error))
    except LedgerError as error:
        form.add_error(None, str(error))
    else:
        return redirect(url)
    return _preview_page(
        request, membership, preview, form, status=BAD_INPUT, choices=choices, scale=scale
    )
