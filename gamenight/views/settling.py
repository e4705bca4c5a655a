"""Settle-up that finishes (issue 17): "paid" marks on a night's transfers, and the
group's page of who still owes whom across its nights.

A mark is written once per form key (a double tap answers where the first
went); a stale tab asking for what is already so gets the page again with a
message; anyone but the payer, the host and the co-hosts gets the 403 page.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from gamenight.forms.reports import MarkPaidForm
from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import Membership, Night
from gamenight.pages.access import group_for_user, night_for_user
from gamenight.pages.keyed_writes import write_once
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.render import BAD_INPUT, CONFLICT, render_page
from gamenight.pages.report_context import night_context
from gamenight.pages.settling import owes_context
from gamenight.services import settling
from gamenight.services.request_keys import Result


@login_required
@require_POST
def transfer_paid(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = night_for_user(request, night_id)
    form = MarkPaidForm(request.POST)
    on_owes = request.POST.get("back") == "owes"
    if not form.is_valid():
        return _refused(request, night, membership, str(REFUSALS["form_stale"]), on_owes, BAD_INPUT)
    data = form.cleaned_data
    key = settling.TransferKey(night.pk, data["payer"], data["payee"], data["cents"])
    back = (
        reverse("group_owes", args=[night.group_id])
        if on_owes
        else reverse("night_report", args=[night.pk])
    ) + "#settle-up"

    def write() -> Result:
        mark = settling.set_paid(
            night=night, membership=membership, by=request.user, key=key, paid=data["paid"]
        )
        return mark, back

    return write_once(
        request,
        key=data["key"],
        action="transfer_paid",
        payload={
            "night": night.pk,
            "payer": key.payer_id,
            "payee": key.payee_id,
            "cents": key.cents,
            "paid": data["paid"],
        },
        write=write,
        refused=lambda message: _refused(request, night, membership, message, on_owes, CONFLICT),
    )


def _refused(
    request: AuthenticatedHttpRequest,
    night: Night,
    membership: Membership,
    message: str,
    on_owes: bool,
    status: int,
) -> HttpResponse:
    """The page the form was on, again, with why nothing changed."""
    if on_owes:
        context = owes_context(request.user, membership, paid_error=message)
        return render_page(request, "reports/owes.html", context, status=status)
    context = night_context(night, membership, request.user, paid_error=message)
    return render_page(request, "reports/night_report.html", context, status=status)


@login_required
@require_GET
@vary_on_headers("HX-Request")
def group_owes(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    membership = group_for_user(request, group_id)
    return render_page(request, "reports/owes.html", owes_context(request.user, membership))
