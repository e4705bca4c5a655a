"""Planning the next night starts from tonight and the group's last night.

A host running a recurring night plans it again each week: the form opens on
today's date (a required field the browser otherwise refuses silently), in the
season under way, with the place, ante, limit, games and house rules of the
group's last night, so saving it again is one tap.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.utils import timezone
from helpers.people import make_members

from gamenight import services

pytestmark = pytest.mark.django_db


def _value(page: str, name: str) -> str | None:
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    if tag is None:
        return None
    value = re.search(r'value="([^"]*)"', tag.group(0))
    return value.group(1) if value else None


def test_the_first_night_is_planned_for_today_in_the_season_under_way(client: Client) -> None:
    members = make_members()
    today = timezone.localdate()
    services.create_season(
        group_id=members.group.pk, by=members.owner, name="Old", starts_on=today.replace(year=2020)
    )
    current = services.create_season(
        group_id=members.group.pk, by=members.owner, name="Now", starts_on=today
    )
    client.force_login(members.owner)
    page = client.get(f"/groups/{members.group.pk}/nights/new/").content.decode()
    assert _value(page, "date") == today.isoformat()
    # In German too: a date input takes ISO dates only, not "01.12.2026".
    german = client.get(
        f"/groups/{members.group.pk}/nights/new/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert _value(german, "date") == today.isoformat()
    assert re.search(rf'<option value="{current.pk}" selected>', page)


def test_the_next_night_keeps_the_last_nights_rules(client: Client) -> None:
    members = make_members()
    services.create_night(
        group_id=members.group.pk,
        by=members.owner,
        date=datetime.date(2026, 11, 27),
        place="Anna's kitchen",
        ante=2,
        allowed_games=["baseball", "guts"],
        game_options={"baseball": {"buy_walk": True}},
        starting_stack=250,
    )
    client.force_login(members.owner)
    page = client.get(f"/groups/{members.group.pk}/nights/new/").content.decode()
    assert _value(page, "place") == "Anna&#x27;s kitchen"
    assert _value(page, "ante") == "2"
    assert _value(page, "starting_stack") == "250"
    assert re.search(r'<input[^>]*value="baseball"[^>]*checked', page)
    assert not re.search(r'<input[^>]*value="shelby"[^>]*checked', page)
    assert re.search(r'<input[^>]*name="opt__baseball__buy_walk"[^>]*checked', page)
