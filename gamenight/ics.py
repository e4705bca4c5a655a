"""Calendar files (RFC 5545) of a group's nights, written with the ``icalendar`` package.

One night's download is a calendar of one VEVENT; a player's subscription feed
(webcal://, gamenight/views/player_links.py) holds every night of the group
that a calendar should know. Either way each event has a UID that stays the
night's, so that a second download or the next refresh of the feed updates the
event instead of adding one; ``SEQUENCE`` counts the night's logged changes (RFC
5545 3.8.7.4: a calendar keeps the copy with the higher one), and a cancelled
night is sent as ``STATUS:CANCELLED`` under the same UID, so that it is called
off rather than left standing.

A start time is the time the host typed, in the group's time zone: ``DTSTART``
carries its ``TZID`` and the calendar a ``VTIMEZONE`` for it (issue 28: a
floating time was read as UTC by at least one calendar). A night without a
start time is an all-day event. The package takes care of the rest of the RFC:
CRLF line ends, lines folded at 75 octets, text values escaped.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.utils import timezone
from icalendar import Calendar, Event, vDuration

# A night without an end time lasts this long in the calendar (a usual home game).
DEFAULT_HOURS = 4
# How often a subscribed calendar should look again (Apple's and Outlook's own names).
REFRESH = datetime.timedelta(hours=1)
PRODID = "-//gamenight//poker night//EN"


@dataclass(frozen=True)
class CalendarNight:
    """What the event says; the page fills it in the reader's language."""

    uid: str
    summary: str
    day: datetime.date
    starts_at: datetime.time | None
    location: str = ""
    description: str = ""
    url: str = ""
    sequence: int = 0
    cancelled: bool = False


def _event(night: CalendarNight, zone: ZoneInfo, now: datetime.datetime) -> Event:
    event = Event()
    event.add("uid", night.uid)
    event.add("dtstamp", now.astimezone(datetime.UTC))
    event.add("sequence", night.sequence)
    if night.starts_at is None:
        # The day only: an all-day event (DTEND is exclusive, the next day).
        event.add("dtstart", night.day)
        event.add("dtend", night.day + datetime.timedelta(days=1))
    else:
        start = datetime.datetime.combine(night.day, night.starts_at, tzinfo=zone)
        event.add("dtstart", start)
        event.add("dtend", start + datetime.timedelta(hours=DEFAULT_HOURS))
    event.add("summary", night.summary)
    if night.cancelled:
        event.add("status", "CANCELLED")
    if night.location:
        event.add("location", night.location)
    if night.description:
        event.add("description", night.description)
    if night.url:
        event.add("url", night.url)
    return event


def calendar(
    nights: Iterable[CalendarNight],
    *,
    time_zone: str,
    name: str = "",
    now: datetime.datetime | None = None,
) -> bytes:
    """The ``.ics`` of ``nights`` with start times in ``time_zone``; with ``name``, a
    feed a calendar subscribes to (its name and how often to refresh it)."""
    zone = ZoneInfo(time_zone)
    moment = now or timezone.now()
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    if name:
        cal.add("x-wr-calname", name)
        cal.add("x-wr-timezone", time_zone)
        cal.add("refresh-interval", vDuration(REFRESH), parameters={"VALUE": "DURATION"})
        cal.add("x-published-ttl", vDuration(REFRESH))
    for night in nights:
        cal.add_component(_event(night, zone, moment))
    # A VTIMEZONE for every TZID the events use (none for UTC, written with a Z).
    cal.add_missing_timezones()
    return bytes(cal.to_ical())
