"""The next night for members: the host plans it, members answer, anyone in the group
downloads it for their calendar (gamenight/services/next_night.py)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from gamenight.forms.next_night import AnswerForm, NextNightForm
from gamenight.http import AuthenticatedHttpRequest
from gamenight.ics import CalendarNight, calendar
from gamenight.models import Answer, Membership, Night, Player
from gamenight.pages.access import group_for_user, night_for_user
from gamenight.pages.next_night_panel import own_player
from gamenight.pages.render import BAD_INPUT, render_page
from gamenight.services import LedgerError
from gamenight.services import next_night as planned
from gamenight.services.request_keys import Result, once
from gamenight.views.groups import group_page_with


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
@require_POST
def night_answer(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """A member's "coming" / "not coming"; a host's or co-host's for any player."""
    night, membership = night_for_user(request, night_id)
    form = AnswerForm(request.POST)
    if not form.is_valid():
        return _refused(request, membership, gettext("Choose “coming” or “not coming”."))
    player = _answering(membership, form.cleaned_data["player"])
    try:
        planned.answer(night_id=night.pk, player=player, answer=Answer(form.cleaned_data["answer"]))
    except LedgerError as error:
        return _refused(request, membership, str(error))
    return redirect(reverse("group_detail", args=[night.group_id]) + "#next-night")


def _answering(membership: Membership, player_id: int | None) -> Player:
    """Who the answer is for: the member's own player, or (host, co-host) anyone's."""
    mine = own_player(membership.group_id, membership)
    if player_id is None or (mine is not None and player_id == mine.pk):
        if mine is None:
            raise PermissionDenied("no player of the group is linked to this login")
        return mine
    if not membership.may_record:
        raise PermissionDenied("only the host and co-hosts answer for other players")
    player = Player.objects.filter(group_id=membership.group_id, pk=player_id).first()
    if player is None:
        raise Http404("no such player")
    return player


def _refused(
    request: AuthenticatedHttpRequest, membership: Membership, message: str
) -> HttpResponse:
    return group_page_with(request, membership, answer_error=message)


@login_required
@require_GET
def night_ics(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id)
    url = request.build_absolute_uri(reverse("group_detail", args=[night.group_id]))
    return calendar_response(night, url=url)


def calendar_response(night: Night, *, url: str) -> HttpResponse:
    """The night's ``.ics`` download, in the reader's language (the summary's words)."""
    event = CalendarNight(
        # The same for the night whoever downloads it, wherever from: a second
        # download updates the calendar's event instead of adding one.
        uid=f"night-{night.pk}-group-{night.group_id}@gamenight",
        summary=gettext("Poker night: %(group)s") % {"group": night.group.name},
        day=night.date,
        starts_at=night.starts_at,
        location=night.place,
        description=night.note,
        url=url,
    )
    response = HttpResponse(calendar(event), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="poker-night-{night.date}.ics"'
    response["Cache-Control"] = "private, no-store"
    return response
