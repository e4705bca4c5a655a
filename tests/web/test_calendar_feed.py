"""Calendars that stay right (issue 28): a night's .ics and a player's subscription feed
carry the group's time zone (TZID with its VTIMEZONE), a SEQUENCE that grows on each
change, and a cancelled night called off under the same UID; parsed with icalendar."""

from __future__ import annotations

import datetime
from typing import Any
from zoneinfo import ZoneInfo

import night_forms
import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from helpers.clients import client_for
from icalendar import Calendar
from ledger_helpers import Table

from gamenight import services
from gamenight.models import Group, Night, PlayerLink
from gamenight.services import night_plan, player_links

pytestmark = pytest.mark.django_db

ZONE = "Europe/Berlin"


@pytest.fixture
def berlin(table: Table) -> Table:
    """The table's night over; the group meets in Berlin."""
    services.end_night(night_id=table.night.pk, by=table.owner)
    Group.objects.filter(pk=table.group.pk).update(time_zone=ZONE)
    table.group.refresh_from_db()
    return table


def _day(days: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=days)


def _plan(table: Table, days: int = 2, starts_at: datetime.time | None = None) -> Night:
    return night_plan.plan_next(
        group_id=table.group.pk,
        by=table.owner,
        date=_day(days),
        starts_at=starts_at or datetime.time(20, 0),
        place="Ben's",
        note="",
    )


def _link(table: Table) -> PlayerLink:
    url = reverse("player_link_make", args=[table.group.pk, table.players[0].pk])
    assert client_for(table.owner).post(url).status_code == 302
    link = player_links.live_link(table.players[0])
    assert link is not None
    return link


def _events(body: bytes) -> dict[str, Any]:
    """The calendar's events by UID."""
    return {str(e["UID"]): e for e in Calendar.from_ical(body).walk("VEVENT")}


def _uid(night: Night) -> str:
    return f"night-{night.pk}-group-{night.group_id}@gamenight"


def test_a_new_group_takes_the_sites_time_zone() -> None:
    with override_settings(TIME_ZONE="America/Chicago"):
        group = Group.objects.create(name="Night owls")
    assert group.time_zone == "America/Chicago"
    assert group.currency == "EUR"


def test_the_nights_file_gives_the_start_in_the_groups_time_zone(berlin: Table) -> None:
    night = _plan(berlin, starts_at=datetime.time(19, 30))
    body = client_for(berlin.viewer).get(reverse("night_ics", args=[night.pk])).content
    assert f"DTSTART;TZID={ZONE}:{_day(2):%Y%m%d}T193000\r\n" in body.decode()
    cal = Calendar.from_ical(body)
    assert [str(tz["TZID"]) for tz in cal.walk("VTIMEZONE")] == [ZONE]
    event = _events(body)[_uid(night)]
    start = event.decoded("DTSTART")
    assert start == datetime.datetime.combine(_day(2), datetime.time(19, 30), tzinfo=ZoneInfo(ZONE))
    # Not the floating time one calendar read as UTC: 19:30 in Berlin is 18:30 or 17:30 UTC.
    assert start.astimezone(datetime.UTC).hour in (17, 18)


def test_sequence_grows_on_each_change_and_a_cancelled_night_is_called_off(
    berlin: Table,
) -> None:
    night = _plan(berlin)
    url = reverse("night_ics", args=[night.pk])
    host = client_for(berlin.owner)

    def event() -> Any:
        return _events(host.get(url).content)[_uid(night)]

    assert event()["SEQUENCE"] == 0
    assert "STATUS" not in event()
    night_forms.edit(host, night.pk, date=_day(4).isoformat())
    moved = event()
    assert moved["SEQUENCE"] == 1
    assert moved.decoded("DTSTART").date() == _day(4)
    night_forms.edit(host, night.pk, starts_at="21:15")
    assert event()["SEQUENCE"] == 2
    assert event().decoded("DTSTART").time() == datetime.time(21, 15)
    host.post(reverse("night_cancel", args=[night.pk]))
    cancelled = event()
    assert cancelled["SEQUENCE"] == 3
    assert cancelled["STATUS"] == "CANCELLED"
    assert str(cancelled["SUMMARY"]).startswith("Cancelled: ")


def test_the_feed_follows_re_plans_and_cancellations(berlin: Table) -> None:
    link = _link(berlin)
    feed_url = reverse("player_link_feed", args=[link.token])
    page = Client().get(reverse("player_link_page", args=[link.token])).content.decode()
    assert f'href="webcal://testserver{feed_url}"' in page
    first = _plan(berlin, days=2)

    def feed() -> dict[str, Any]:
        response = Client().get(feed_url)
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/calendar")
        assert response["Cache-Control"] == "private, no-store"
        cal = Calendar.from_ical(response.content)
        assert [str(tz["TZID"]) for tz in cal.walk("VTIMEZONE")] == [ZONE]
        return _events(response.content)

    events = feed()
    # The night just played is in the feed too (a night dropped from a feed is
    # deleted from the calendar), and the planned one.
    assert set(events) == {_uid(berlin.night), _uid(first)}
    assert events[_uid(first)]["SEQUENCE"] == 0
    host = client_for(berlin.owner)
    night_forms.edit(host, first.pk, date=_day(3).isoformat())
    moved = feed()[_uid(first)]
    assert moved["SEQUENCE"] == 1
    assert moved.decoded("DTSTART").date() == _day(3)
    host.post(reverse("night_cancel", args=[first.pk]))
    called_off = feed()[_uid(first)]
    assert called_off["STATUS"] == "CANCELLED"
    assert called_off["SEQUENCE"] == 2
    second = _plan(berlin, days=9)
    events = feed()
    assert events[_uid(first)]["STATUS"] == "CANCELLED"
    assert events[_uid(second)]["SEQUENCE"] == 0


def test_the_feed_of_a_withdrawn_link_says_so(berlin: Table) -> None:
    link = _link(berlin)
    player_links.revoke_link(
        group_id=berlin.group.pk, by=berlin.owner, player_id=link.player_id, link_id=link.pk
    )
    assert Client().get(reverse("player_link_feed", args=[link.token])).status_code == 410


def test_the_host_sets_the_time_zone_and_the_currency(berlin: Table) -> None:
    url = reverse("group_money", args=[berlin.group.pk])
    host = client_for(berlin.owner)
    sent = {"key": "m1", "currency": "CHF", "time_zone": "Europe/Zurich"}
    assert host.post(url, sent).status_code == 302
    berlin.group.refresh_from_db()
    assert (berlin.group.currency, berlin.group.time_zone) == ("CHF", "Europe/Zurich")
    bad = host.post(url, {"key": "m2", "currency": "CHF", "time_zone": "Mars/Olympus"})
    assert bad.status_code == 422
    assert "Select a valid choice." in bad.content.decode()
    for who, status in ((berlin.cohost, 403), (berlin.outsider, 404)):
        again = {"key": "m3", "currency": "USD", "time_zone": ZONE}
        assert client_for(who).post(url, again).status_code == status
    berlin.group.refresh_from_db()
    assert (berlin.group.currency, berlin.group.time_zone) == ("CHF", "Europe/Zurich")
