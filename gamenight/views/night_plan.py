"""Planning a night, the one way (gamenight/services/night_plan.py): the plan form,
changing a night's plan and house rules, calling a planned night off.

Every write goes through :func:`~gamenight.services.request_keys.once` with the
form's key, so a double tap plans one night; a refusal is shown in the page and
changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from gamenight.forms.groups import KeyedForm
from gamenight.forms.nights import NightForm, night_initial, plan_defaults
from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import Night, NightStatus
from gamenight.pages.access import group_for_user, night_for_user
from gamenight.pages.keyed_writes import write_once
from gamenight.pages.night import night_page
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.render import BAD_INPUT, render_page
from gamenight.services import LedgerError
from gamenight.services import night_plan as planning
from gamenight.services.request_keys import Result, once


def after_planning(night: Night) -> str:
    """Where a saved plan leads: the group page's card of the next night (answers,
    the calendar, the start), or for a night on a day that has passed, its start."""
    if planning.is_open(night):
        return reverse("group_detail", args=[night.group_id]) + "#next-night"
    if night.status == NightStatus.PLANNED:
        return reverse("night_start", args=[night.pk])
    return reverse("night_detail", args=[night.pk])


@login_required
@require_http_methods(["GET", "POST"])
def night_create(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """Plan a night: the date, time, place, a note and the house rules, taken from the
    last night. With a night planned already, the page is that night's plan."""
    membership = group_for_user(request, group_id, record=True)
    group = membership.group
    if request.method == "GET":
        planned = planning.open_night(group_id)
        if planned is not None:
            return redirect("night_edit", night_id=planned.pk)
    seasons = list(group.seasons.all())
    last = group.nights.order_by("-date", "-pk").first()
    form = NightForm(
        request.POST if request.method == "POST" else None,
        seasons=seasons,
        initial=plan_defaults(last, seasons),
    )
    already: Night | None = None
    if request.method == "POST" and form.is_valid():
        fields = form.night_fields()

        def write() -> Result:
            night = planning.plan_night(group_id=group_id, by=request.user, fields=fields)
            return night, after_planning(night)

        try:
            url = once(
                user=request.user,
                key=form.cleaned_data["key"],
                action="night_create",
                payload={"group": group_id, **fields},
                write=write,
            )
        except planning.AlreadyPlannedError as error:
            form.add_error(None, str(error))
            already = error.night
        except LedgerError as error:
            form.add_error(None, str(error))
        else:
            return redirect(url)
    context = {
        "form": form,
        "group": group,
        "night": None,
        "already": already,
        "first_night": last is None,
    }
    status = BAD_INPUT if form.is_bound else 200
    return render_page(request, "nights/night_plan.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def night_edit(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """Change a planned night's plan and house rules, or a running night's house rules."""
    night, _membership = night_for_user(request, night_id, record=True)
    if night.status not in (NightStatus.PLANNED, NightStatus.RUNNING):
        return redirect("night_detail", night_id=night.pk)
    form = _edit_form(night, request.POST if request.method == "POST" else None)
    message = ""
    if request.method == "POST" and form.is_valid():
        fields = form.night_fields()
        seen = form.cleaned_data.get("seen")

        def write() -> Result:
            changed = planning.change_night(
                night_id=night.pk, by=request.user, fields=fields, seen=seen
            )
            return changed, after_planning(changed)

        try:
            url = once(
                user=request.user,
                key=form.cleaned_data["key"],
                action="night_edit",
                payload={"night": night.pk, "seen": seen, **fields},
                write=write,
            )
        except planning.NightChangedError as error:
            # The night as it is now, to change again: the stale form would undo theirs.
            night.refresh_from_db()
            form, message = _edit_form(night, None), str(error)
        except planning.AlreadyPlannedError as error:
            form.add_error("date", str(error))
        except LedgerError as error:
            form.add_error(None, str(error))
        else:
            return redirect(url)
    context = {
        "form": form,
        "group": night.group,
        "night": night,
        "message": message,
        "call_off_form": KeyedForm(),
    }
    status = BAD_INPUT if form.is_bound or message else 200
    return render_page(request, "nights/night_plan.html", context, status=status)


def _edit_form(night: Night, data: Any) -> NightForm:
    return NightForm(
        data,
        seasons=list(night.group.seasons.all()),
        rules_only=night.status == NightStatus.RUNNING,
        initial={**night_initial(night), "seen": planning.last_change(night)},
    )


@login_required
@require_POST
def night_cancel(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """Call a planned night off; whoever had answered sees that it is cancelled."""
    night, _membership = night_for_user(request, night_id, record=True)
    try:
        planning.cancel_night(night_id=night.pk, by=request.user)
    except LedgerError as error:
        return night_page(request, night.pk, status=BAD_INPUT, plan_error=str(error))
    return redirect(reverse("group_detail", args=[night.group_id]) + "#next-night")


@login_required
@require_POST
def night_delete(request: AuthenticatedHttpRequest, group_id: int, night_id: int) -> HttpResponse:
    """Delete a planned or cancelled night; a double tap finds it gone and is answered
    as the first tap was."""
    group_for_user(request, group_id, record=True)
    form = KeyedForm(request.POST)
    if not form.is_valid():
        return night_page(
            request,
            night_id,
            status=BAD_INPUT,
            plan_error=str(REFUSALS["form_stale"]),
        )

    def write() -> Result:
        planning.delete_night(group_id=group_id, night_id=night_id, by=request.user)
        return None, reverse("group_detail", args=[group_id]) + "#next-night"

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="night_delete",
        payload={"group": group_id, "night": night_id},
        write=write,
        refused=lambda message: night_page(request, night_id, status=BAD_INPUT, plan_error=message),
    )
