"""A calendar file (RFC 5545) of one planned night: one VEVENT, nothing else.

No calendar library is installed and one event needs little, so this writes the
text itself, following the RFC where calendar apps are strict: CRLF line ends,
lines folded at 75 octets (never inside a UTF-8 character), text values escaped
(backslash, semicolon, comma, newline), the start as the local time the host
typed, and a UID that stays the
same for the night, so that downloading it again updates the event instead of
adding a second one. ``SEQUENCE`` counts the night's changes (RFC 5545 3.8.7.4:
a calendar keeps the copy with the higher one), and a cancelled night is sent as
``STATUS:CANCELLED`` under the same UID, so that the event is called off rather
than left standing.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

# A night without an end time lasts this long in the calendar (a usual home game).
DEFAULT_HOURS = 4
MAX_OCTETS = 75
CRLF = "\r\n"


@dataclass(frozen=True)
class CalendarNight:
    """What the event says; the view fills it in the reader's language."""

    uid: str
    summary: str
    day: datetime.date
    starts_at: datetime.time | None
    location: str = ""
    description: str = ""
    url: str = ""
    sequence: int = 0
    cancelled: bool = False


def escape_text(value: str) -> str:
    """A TEXT value (RFC 5545 3.3.11): backslash first, so that no escape is escaped twice."""
    value = value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return value.replace("\r\n", "\\n").replace("\r", "\\n").replace("\n", "\\n")


def fold(line: str) -> str:
    """A content line folded at 75 octets (RFC 5545 3.1): each further piece starts
    with one space, which counts toward its 75; a UTF-8 character is never split."""
    pieces: list[str] = []
    current = ""
    size = 0
    for char in line:
        width = len(char.encode("utf-8"))
        limit = MAX_OCTETS if not pieces else MAX_OCTETS - 1
        if size + width > limit:
            pieces.append(current)
            current, size = "", 0
        current += char
        size += width
    pieces.append(current)
    return (CRLF + " ").join(pieces)


def _utc(moment: datetime.datetime) -> str:
    return moment.astimezone(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")


def _when(night: CalendarNight) -> list[str]:
    if night.starts_at is None:
        # The day only: an all-day event (DTEND is exclusive, the next day).
        end = night.day + datetime.timedelta(days=1)
        return [f"DTSTART;VALUE=DATE:{night.day:%Y%m%d}", f"DTEND;VALUE=DATE:{end:%Y%m%d}"]
    # Floating local time (RFC 5545 3.3.5, form 1): "19:30 at Anna's" is 19:30 for
    # everyone at the table, whatever time zone the server was (or was not) set to.
    start = datetime.datetime.combine(night.day, night.starts_at)
    end = start + datetime.timedelta(hours=DEFAULT_HOURS)
    return [f"DTSTART:{start:%Y%m%dT%H%M%S}", f"DTEND:{end:%Y%m%dT%H%M%S}"]


def calendar(night: CalendarNight, *, now: datetime.datetime | None = None) -> str:
    """The whole ``.ics`` text of the night, CRLF-terminated lines."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//gamenight//poker night//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "BEGIN:VEVENT",
        f"UID:{night.uid}",
        f"DTSTAMP:{_utc(now or timezone.now())}",
        f"SEQUENCE:{night.sequence}",
        *_when(night),
        f"SUMMARY:{escape_text(night.summary)}",
    ]
    if night.cancelled:
        lines.append("STATUS:CANCELLED")
    if night.location:
        lines.append(f"LOCATION:{escape_text(night.location)}")
    if night.description:
        lines.append(f"DESCRIPTION:{escape_text(night.description)}")
    if night.url:
        lines.append(f"URL:{night.url}")
    lines += ["END:VEVENT", "END:VCALENDAR"]
    return "".join(fold(line) + CRLF for line in lines)
