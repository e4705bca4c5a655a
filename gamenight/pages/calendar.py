"""A night's calendar file as a download (gamenight/ics.py writes the text)."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext

from gamenight.ics import CalendarNight, calendar
from gamenight.models import Night, NightChange


def calendar_response(night: Night, *, url: str) -> HttpResponse:
    """The night's ``.ics`` download, in the reader's language (the summary's words)."""
    summary = gettext("Poker night: %(group)s") % {"group": night.group.name}
    if night.is_cancelled:
        # Said in the title too: not every calendar shows an event's status.
        summary = gettext("Cancelled: %(summary)s") % {"summary": summary}
    event = CalendarNight(
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
        sequence=NightChange.objects.filter(night=night).count(),
        cancelled=night.is_cancelled,
    )
    response = HttpResponse(calendar(event), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="poker-night-{night.date}.ics"'
    response["Cache-Control"] = "private, no-store"
    return response
