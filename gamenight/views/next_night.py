"""The next night for members: the host plans it, anyone in the group downloads it
for their calendar (gamenight/services/next_night.py; the answers given on the
group page are gamenight/views/groups.py's)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from gamenight.forms.next_night import NextNightForm
from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import Night
from gamenight.pages.access import group_for_user, night_for_user
from gamenight.pages.calendar import calendar_response
from gamenight.pages.render import BAD_INPUT, render_page
from gamenight.services import LedgerError
from gamenight.services import next_night as planned
from gamenight.services.request_keys import Result, once


@login_required
@require_http_methods(["GET", "POST"])
def next_night_plan(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """Plan the next night (date, start time, place, a note), or change the one planned."""
    membership = group_for_user(request, group_id, record=True)
    night = planned.next_night(group_id)
    initial = (
        {"date": night.date, "starts_at": night.starts_at, "place": night.place, "note": night.note}
        if night is not None
        else {"place": _last_place(group_id)}
    )
    form = NextNightForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        starts_at = data["starts_at"]
        payload = {
            # Not the night planned when the form was sent: a double tap finds the
            # night its first tap made, and must still be the same request.
            "group": group_id,
            "date": data["date"].isoformat(),
            "starts_at": starts_at.isoformat() if starts_at else None,
            "place": data["place"],
            "note": data["note"],
        }

        def write() -> Result:
            done = planned.plan(
                group_id=group_id,
                by=request.user,
                date=data["date"],
                starts_at=starts_at,
                place=data["place"],
                note=data["note"],
                night_id=night.pk if night is not None else None,
            )
            return done, reverse("group_detail", args=[group_id]) + "#next-night"

        try:
            url = once(
                user=request.user,
                key=data["key"],
                action="next_night_plan",
                payload=payload,
                write=write,
            )
        except LedgerError as error:
            form.add_error(None, str(error))
        else:
            return redirect(url)
    context = {"form": form, "group": membership.group, "night": night}
    status = BAD_INPUT if form.is_bound else 200
    return render_page(request, "groups/next_night_plan.html", context, status=status)


def _last_place(group_id: int) -> str:
    place = (
        Night.objects.filter(group_id=group_id)
        .order_by("-date", "-id")
        .values_list("place", flat=True)
        .first()
    )
    return place or ""


@login_required
@require_GET
def night_ics(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id)
    url = request.build_absolute_uri(reverse("group_detail", args=[night.group_id]))
    return calendar_response(night, url=url)
