"""A night's calendar file as a download, and a player's subscription feed of the
group's nights (gamenight/ics.py writes the text)."""

from __future__ import annotations

import datetime

from django.db.models import Count
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext

from gamenight.ics import CalendarNight, calendar
from gamenight.models import Group, Night, NightChange

# How far back the feed reaches: a night just played stays in the calendar (a
# night dropped from a feed is deleted from the subscribed calendar).
FEED_DAYS_BACK = 92


def calendar_night(night: Night, *, url: str, changes: int) -> CalendarNight:
    """The night as an event, in the reader's language (the summary's words)."""
    summary = gettext("Poker night: %(group)s") % {"group": night.group.name}
    if night.is_cancelled:
        # Said in the title too: not every calendar shows an event's status.
        summary = gettext("Cancelled: %(summary)s") % {"summary": summary}
    return CalendarNight(
        # The same for the night whoever downloads it, wherever from: a second
        # download updates the calendar's event instead of adding one.
        uid=f"night-{night.pk}-group-{night.group_id}@gamenight",
        summary=summary,
        day=night.date,
        starts_at=night.starts_at,
        location=night.place,
        description=night.note,
        url=url,
        # Each logged change of the plan (a new day, a cancellation) is a new version.
        sequence=changes,
        cancelled=night.is_cancelled,
    )


def _response(body: bytes, filename: str, *, disposition: str = "attachment") -> HttpResponse:
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response


def calendar_response(night: Night, *, url: str) -> HttpResponse:
    """The night's ``.ics`` download, start time in the group's time zone."""
    event = calendar_night(night, url=url, changes=NightChange.objects.filter(night=night).count())
    body = calendar([event], time_zone=night.group.time_zone)
    return _response(body, f"poker-night-{night.date}.ics")


def feed_response(group: Group, *, url: str) -> HttpResponse:
    """Every night of the group from three months back on, planned, cancelled, played
    (one query): the calendar that subscribes follows re-plans and cancellations."""
    since = timezone.localdate() - datetime.timedelta(days=FEED_DAYS_BACK)
    nights = (
        Night.objects.filter(group=group, date__gte=since)
        .select_related("group")
        .annotate(change_count=Count("changes"))
        .order_by("date", "pk")
    )
    events = [calendar_night(n, url=url, changes=n.change_count) for n in nights]
    name = gettext("Poker night: %(group)s") % {"group": group.name}
    body = calendar(events, time_zone=group.time_zone, name=name)
    # Inline: a calendar app reads it; a browser that opens it offers it to one.
    return _response(body, "poker-nights.ics", disposition="inline")
