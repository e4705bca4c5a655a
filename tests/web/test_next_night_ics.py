"""The next night's calendar file (gamenight/ics.py), parsed back as a calendar app
would: CRLF lines, folding at 75 octets, escaped text, one VEVENT with a stable UID."""

from __future__ import annotations

import datetime

import pytest
from django.test import override_settings

from gamenight.ics import DEFAULT_HOURS, CalendarNight, calendar, escape_text, fold

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


def unfold(text: str) -> list[str]:
    """RFC 5545 3.1 backwards: a CRLF followed by one space or tab joins the lines."""
    assert text.endswith("\r\n")
    raw = text.encode("utf-8")
    lines: list[bytes] = []
    for physical in raw.split(b"\r\n")[:-1]:
        assert b"\n" not in physical
        assert b"\r" not in physical
        if physical[:1] in (b" ", b"\t"):
            lines[-1] += physical[1:]
        else:
            lines.append(physical)
    return [line.decode("utf-8") for line in lines]


def unescape(value: str) -> str:
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\":
            nxt = value[i + 1]
            out.append("\n" if nxt in "nN" else nxt)
            i += 2
        else:
            assert value[i] not in ",;", f"unescaped {value[i]!r} in {value!r}"
            out.append(value[i])
            i += 1
    return "".join(out)


def properties(text: str) -> dict[str, str]:
    props: dict[str, str] = {}
    for line in unfold(text):
        name, _, value = line.partition(":")
        props[name] = value
    return props


def test_one_event_with_crlf_lines_and_the_fields_a_calendar_needs() -> None:
    text = calendar(_night(), now=NOW)
    lines = unfold(text)
    assert lines[0] == "BEGIN:VCALENDAR"
    assert lines[-1] == "END:VCALENDAR"
    assert "\n" not in text.replace("\r\n", "")
    assert lines.count("BEGIN:VEVENT") == 1
    assert lines.count("END:VEVENT") == 1
    props = properties(text)
    assert props["VERSION"] == "2.0"
    assert props["PRODID"]
    assert props["UID"] == "night-7-group-3@gamenight"
    assert props["DTSTAMP"] == "20261201T120000Z"
    assert unescape(props["SUMMARY"]) == "Poker night: Friday poker"
    assert unescape(props["LOCATION"]) == "Anna's kitchen"


@pytest.mark.parametrize("zone", ["UTC", "Europe/Berlin", "America/New_York"])
def test_the_start_is_the_local_time_typed_and_the_end_a_default_length_later(zone: str) -> None:
    """Floating local time: 19:30 at the table is 19:30, whatever the server's zone."""
    with override_settings(TIME_ZONE=zone):
        props = properties(calendar(_night(starts_at=datetime.time(22, 30)), now=NOW))
    assert props["DTSTART"] == "20261204T223000"
    end = datetime.datetime(2026, 12, 4, 22, 30) + datetime.timedelta(hours=DEFAULT_HOURS)
    assert props["DTEND"] == end.strftime("%Y%m%dT%H%M%S")
    assert props["DTEND"] == "20261205T023000"  # past midnight: the next day


def test_a_night_without_a_start_time_is_an_all_day_event() -> None:
    props = properties(calendar(_night(starts_at=None), now=NOW))
    assert props["DTSTART;VALUE=DATE"] == "20261204"
    assert props["DTEND;VALUE=DATE"] == "20261205"


def test_commas_semicolons_backslashes_and_newlines_are_escaped_and_read_back() -> None:
    tricky = "Bring chips, snacks; and a \\ back\nslash\r\nplease"
    props = properties(calendar(_night(location="Hof 3, 2. OG; links", description=tricky)))
    assert props["LOCATION"] == "Hof 3\\, 2. OG\\; links"
    assert unescape(props["LOCATION"]) == "Hof 3, 2. OG; links"
    assert unescape(props["DESCRIPTION"]) == "Bring chips, snacks; and a \\ back\nslash\nplease"
    assert escape_text("a\\,b") == "a\\\\\\,b"


@pytest.mark.parametrize("char", ["x", "ü", "€", "🂡"])
def test_long_lines_fold_at_75_octets_without_splitting_a_character(char: str) -> None:
    note = "Start " + char * 200
    text = calendar(_night(description=note, location=char * 90), now=NOW)
    for physical in text.encode("utf-8").split(b"\r\n")[:-1]:
        assert len(physical) <= 75, physical
        physical.decode("utf-8")  # a split character would not decode
    props = properties(text)
    assert unescape(props["DESCRIPTION"]) == note
    assert unescape(props["LOCATION"]) == char * 90


def test_fold_leaves_a_short_line_alone_and_starts_each_continuation_with_a_space() -> None:
    assert fold("SUMMARY:short") == "SUMMARY:short"
    folded = fold("X:" + "a" * 200)
    pieces = folded.split("\r\n")
    assert len(pieces[0]) == 75
    assert all(p.startswith(" ") and len(p) <= 75 for p in pieces[1:])
    assert "".join([pieces[0], *(p[1:] for p in pieces[1:])]) == "X:" + "a" * 200
