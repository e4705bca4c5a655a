"""Calendar files (gamenight/ics.py), parsed back with ``icalendar`` as a calendar app
would: one VEVENT a night with a stable UID, the start in the group's time zone
(TZID and a VTIMEZONE, issue 28), SEQUENCE, STATUS:CANCELLED, and lines that
follow RFC 5545 (CRLF, folded at 75 octets, escaped text)."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from gamenight.ics import DEFAULT_HOURS, CalendarNight, calendar

NOW = datetime.datetime(2026, 12, 1, 12, 0, tzinfo=datetime.UTC)


def _night(**changes: object) -> CalendarNight:
    fields: dict[str, object] = {
        "uid": "night-7-group-3@gamenight",
        "summary": "Poker night: Friday poker",
        "day": datetime.date(2026, 12, 4),
        "starts_at": datetime.time(19, 30),
        "location": "Anna's kitchen",
        "description": "",
        **changes,
    }
    return CalendarNight(**fields)  # type: ignore[arg-type]


def parse(body: bytes) -> Calendar:
    return Calendar.from_ical(body)


def only_event(body: bytes) -> object:
    events = parse(body).walk("VEVENT")
    assert len(events) == 1
    return events[0]


def test_one_event_with_the_fields_a_calendar_needs() -> None:
    body = calendar([_night()], time_zone="Europe/Berlin", now=NOW)
    cal = parse(body)
    assert cal["VERSION"] == "2.0"
    assert cal["PRODID"]
    event = only_event(body)
    assert event["UID"] == "night-7-group-3@gamenight"  # type: ignore[index]
    assert event.decoded("DTSTAMP") == NOW  # type: ignore[attr-defined]
    assert str(event["SUMMARY"]) == "Poker night: Friday poker"  # type: ignore[index]
    assert str(event["LOCATION"]) == "Anna's kitchen"  # type: ignore[index]
    assert "STATUS" not in event  # type: ignore[operator]


@pytest.mark.parametrize("zone", ["Europe/Berlin", "America/New_York", "Asia/Kolkata"])
def test_the_start_carries_the_groups_time_zone_with_its_vtimezone(zone: str) -> None:
    """19:30 at the table is 19:30 there: TZID names the zone, a VTIMEZONE defines it."""
    body = calendar([_night(starts_at=datetime.time(22, 30))], time_zone=zone, now=NOW)
    text = body.decode()
    assert f"DTSTART;TZID={zone}:20261204T223000\r\n" in text
    cal = parse(body)
    assert [str(tz["TZID"]) for tz in cal.walk("VTIMEZONE")] == [zone]
    event = only_event(body)
    start = event.decoded("DTSTART")  # type: ignore[attr-defined]
    assert start == datetime.datetime(2026, 12, 4, 22, 30, tzinfo=ZoneInfo(zone))
    # The same instant as any calendar computes it from the VTIMEZONE's offsets.
    offset = ZoneInfo(zone).utcoffset(datetime.datetime(2026, 12, 4, 22, 30))
    assert offset is not None
    assert (
        start.astimezone(datetime.UTC)
        == datetime.datetime(2026, 12, 4, 22, 30, tzinfo=datetime.UTC) - offset
    )
    end = event.decoded("DTEND")  # type: ignore[attr-defined]
    assert end - start == datetime.timedelta(hours=DEFAULT_HOURS)
    assert end.date() == datetime.date(2026, 12, 5)  # past midnight: the next day


def test_a_vtimezone_gives_the_offsets_of_summer_and_winter() -> None:
    body = calendar([_night()], time_zone="Europe/Berlin", now=NOW)
    tz = parse(body).walk("VTIMEZONE")[0]
    offsets = {str(c.name): c.decoded("TZOFFSETTO") for c in tz.subcomponents}
    assert offsets["STANDARD"] == datetime.timedelta(hours=1)
    assert offsets["DAYLIGHT"] == datetime.timedelta(hours=2)


def test_a_night_without_a_start_time_is_an_all_day_event() -> None:
    body = calendar([_night(starts_at=None)], time_zone="Europe/Berlin", now=NOW)
    event = only_event(body)
    assert event.decoded("DTSTART") == datetime.date(2026, 12, 4)  # type: ignore[attr-defined]
    assert event.decoded("DTEND") == datetime.date(2026, 12, 5)  # type: ignore[attr-defined]
    assert "DTSTART;VALUE=DATE:20261204\r\n" in body.decode()


def test_sequence_and_a_cancelled_night() -> None:
    body = calendar([_night(sequence=3, cancelled=True)], time_zone="Europe/Berlin", now=NOW)
    event = only_event(body)
    assert event["SEQUENCE"] == 3  # type: ignore[index]
    assert event["STATUS"] == "CANCELLED"  # type: ignore[index]


def test_commas_semicolons_backslashes_and_newlines_are_escaped_and_read_back() -> None:
    tricky = "Bring chips, snacks; and a \\ back\nslash\nplease"
    body = calendar(
        [_night(location="Hof 3, 2. OG; links", description=tricky)],
        time_zone="Europe/Berlin",
        now=NOW,
    )
    assert "LOCATION:Hof 3\\, 2. OG\\; links\r\n" in body.decode()
    event = only_event(body)
    assert str(event["LOCATION"]) == "Hof 3, 2. OG; links"  # type: ignore[index]
    assert str(event["DESCRIPTION"]) == tricky  # type: ignore[index]


@pytest.mark.parametrize("char", ["x", "ü", "€", "🂡"])
def test_long_lines_fold_at_75_octets_without_splitting_a_character(char: str) -> None:
    note = "Start " + char * 200
    body = calendar(
        [_night(description=note, location=char * 90)], time_zone="Europe/Berlin", now=NOW
    )
    assert body.endswith(b"\r\n")
    for physical in body.split(b"\r\n")[:-1]:
        assert b"\n" not in physical
        assert len(physical) <= 75, physical
        physical.decode("utf-8")  # a split character would not decode
    event = only_event(body)
    assert str(event["DESCRIPTION"]) == note  # type: ignore[index]
    assert str(event["LOCATION"]) == char * 90  # type: ignore[index]


def test_a_feed_has_a_name_a_refresh_interval_and_one_event_a_night() -> None:
    nights = [
        _night(uid="night-1-group-3@gamenight"),
        _night(uid="night-2-group-3@gamenight", day=datetime.date(2026, 12, 11), cancelled=True),
    ]
    body = calendar(nights, time_zone="Europe/Berlin", name="Poker night: Friday poker", now=NOW)
    cal = parse(body)
    assert str(cal["X-WR-CALNAME"]) == "Poker night: Friday poker"
    assert cal.decoded("REFRESH-INTERVAL") == datetime.timedelta(hours=1)
    assert "REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n" in body.decode()
    events = cal.walk("VEVENT")
    assert [str(e["UID"]) for e in events] == [n.uid for n in nights]
    assert [e.get("STATUS") for e in events] == [None, "CANCELLED"]
    assert len(cal.walk("VTIMEZONE")) == 1  # one zone, however many events use it
