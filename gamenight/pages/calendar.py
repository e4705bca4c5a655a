"""A night's calendar file as a download (gamenight/ics.py writes the text)."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext

from gamenight.ics import CalendarNight, calendar
from gamenight.models import Night


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
