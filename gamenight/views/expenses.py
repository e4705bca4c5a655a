"""A night's shared costs (issue 28): the page, adding one, taking one back.

Members see the costs; the host and co-hosts add and take back, once per form
key (a double tap adds once). A refusal shows the page again with its message
and changes nothing.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from gamenight.forms.expenses import ExpenseForm, TakeBackForm
from gamenight.http import AuthenticatedHttpRequest
from gamenight.money import to_minor
from gamenight.pages.access import night_for_user
from gamenight.pages.costs import costs_context, seated_players
from gamenight.pages.keyed_writes import write_once
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.render import BAD_INPUT, render_page
from gamenight.services import expenses
from gamenight.services.request_keys import Result

OUT_OF_DATE = REFUSALS["form_stale"]
TEMPLATE = "nights/costs.html"


@login_required
@require_GET
@vary_on_headers("HX-Request")
def night_costs(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = night_for_user(request, night_id)
    return render_page(request, TEMPLATE, costs_context(night, membership))


@login_required
@require_POST
def night_cost_add(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = night_for_user(request, night_id, record=True)
    if night.status not in expenses.OPEN_FOR_COSTS:
        # No form on the page then: the message goes where the list is.
        context = costs_context(night, membership, costs_error=expenses.NOT_YET)
        return render_page(request, TEMPLATE, context, status=BAD_INPUT)
    currency = night.group.currency
    form = ExpenseForm(request.POST, players=seated_players(night), currency=currency)
    if not form.is_valid():
        context = costs_context(night, membership, form=form)
        return render_page(request, TEMPLATE, context, status=BAD_INPUT)
    data = form.cleaned_data
    amount = to_minor(data["amount"], currency)
    shared_by = sorted(set(data["shared_by"]))
    url = reverse("night_costs", args=[night.pk]) + "#costs"

    def write() -> Result:
        expense = expenses.add_expense(
            night_id=night.pk,
            by=request.user,
            what=data["what"],
            amount=amount,
            paid_by=data["paid_by"],
            shared_by=shared_by,
        )
        return expense, url

    def refused(message: str) -> HttpResponse:
        form.add_error(None, message)
        context = costs_context(night, membership, form=form)
        return render_page(request, TEMPLATE, context, status=BAD_INPUT)

    return write_once(
        request,
        key=data["key"],
        action="expense_add",
        payload={
            "night": night.pk,
            "what": data["what"].strip(),
            "amount": amount,
            "paid_by": data["paid_by"],
            "shared_by": shared_by,
        },
        write=write,
        refused=refused,
    )


@login_required
@require_POST
def night_cost_take_back(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = night_for_user(request, night_id, record=True)
    form = TakeBackForm(request.POST)

    def refused(message: str) -> HttpResponse:
        context = costs_context(night, membership, costs_error=message)
        return render_page(request, TEMPLATE, context, status=BAD_INPUT)

    if not form.is_valid():
        return refused(str(OUT_OF_DATE))
    expense_id = form.cleaned_data["expense"]

    def write() -> Result:
        reversal = expenses.take_back(night_id=night.pk, by=request.user, expense_id=expense_id)
        return reversal, reverse("night_costs", args=[night.pk]) + "#costs"

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="expense_take_back",
        payload={"night": night.pk, "expense": expense_id},
        write=write,
        refused=refused,
    )
