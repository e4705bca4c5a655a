"""A night from plan to start, as a new host meets it (issue 23): the first night of a
new group offers every game; there is one way to plan a night."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from helpers.clients import client_for
from helpers.forms import as_post, form_fields
from helpers.people import Members, make_members

from gamenight import services
from gamenight.games import game_title, games_to_call
from gamenight.models import Night, NightStatus
from gamenight.services.digital import playable_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def members() -> Members:
    members = make_members()
    for name in ("Anna", "Ben", "Carla"):
        services.add_player(group_id=members.group.pk, by=members.owner, name=name)
    return members


def _day(days: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=days)


def _send_form(client: Client, url: str, **changes: str | list[str] | None) -> str:
    """Open ``url``, send its main form (class "form") as shown with ``changes``; the
    answer's address."""
    page = client.get(url)
    assert page.status_code == 200, page.status_code
    html = page.content.decode()
    found = re.search(r'<form method="post" action="([^"]+)" class="form"', html)
    assert found is not None, f"no form on {url}"
    action = found.group(1)
    response = client.post(action, as_post(form_fields(html, action), **changes))
    assert response.status_code == 302, response.content.decode()[:3000]
    return str(response["Location"])


def test_a_new_groups_first_night_offers_every_game(members: Members) -> None:
    """Defect 1: "Plan the next night" saved a night with no games allowed, and the
    started night said "No games are allowed tonight."."""
    host = client_for(members.owner)
    group_page = host.get(reverse("group_detail", args=[members.group.pk])).content.decode()
    plan_link = re.search(
        r'<a class="button wide" href="([^"]+)">Plan the next night</a>', group_page
    )
    assert plan_link is not None
    _send_form(host, plan_link.group(1), date=_day(2).isoformat())
    night = Night.objects.get(group=members.group)
    assert night.allowed_games == games_to_call()
    _send_form(host, reverse("night_start", args=[night.pk]))
    page = host.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "No games are allowed tonight." not in page
    for game in games_to_call():
        assert escape(game_title(game)) in page, game


def test_a_night_saved_without_games_offers_every_game(members: Members) -> None:
    """A night stored with an empty list of games (as defect 1 left them) names no
    rule: the night page, the recording form's picker and the digital deal offer
    every game."""
    night = services.create_night(
        group_id=members.group.pk, by=members.owner, date=_day(0), allowed_games=[]
    )
    anna, ben = (members.group.players.get(name=n).pk for n in ("Anna", "Ben"))
    services.start_night(night_id=night.pk, by=members.owner, key="s", players=[anna, ben])
    page = client_for(members.owner).get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "No games are allowed tonight." not in page
    assert f'href="/nights/{night.pk}/record/guts/"' in page
    night.refresh_from_db()
    assert night.status == NightStatus.RUNNING
    assert "seven-card-stud" in playable_games(night)
