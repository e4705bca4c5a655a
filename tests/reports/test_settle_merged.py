"""Settling up after a merge (issue 17): a player merged into another owes and gets
as the kept person, on the owes page and in the report mail's reminder: one person,
one total, and the kept player's login marks what the merged one owed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.urls import reverse
from helpers.clients import client_for
from report_people import People, make_people
from settle_helpers import built_night, euros, link, mark, money_group, transfers

from gamenight.models import Night, NightReport, Player
from gamenight.reports.mail import send_report
from gamenight.services.people import merge_players


@pytest.fixture
def people(db: None) -> People:
    people = make_people(players=3)  # Anna, Ben, Carla
    money_group(people)
    return people


def _pair(people: People, a: Player, b: Player) -> People:
    return People(people.group, [a, b], people.owner, people.cohost, people.viewer, people.outsider)


@pytest.fixture
def nights(people: People, django_capture_on_commit_callbacks: Any) -> list[Night]:
    """Night 1: Carla (entered twice: the same person as Anna) and Ben; night 2: Anna
    and Ben. In both Ben wins, so both of Anna's entries owe him."""
    anna, ben, carla = people.players
    with django_capture_on_commit_callbacks(execute=False):
        made = [
            built_night(_pair(people, ben, carla), seed=2, day=0),
            built_night(_pair(people, ben, anna), seed=2, day=1),
        ]
    assert [t["payer_id"] for n in made for t in transfers(n)] == [carla.pk, anna.pk]
    merge_players(group_id=people.group.pk, kept_id=anna.pk, merged_id=carla.pk, by=people.owner)
    return made


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def _owed(nights: list[Night]) -> int:
    return sum(t["cents"] for n in nights for t in transfers(n))


def test_the_owes_page_adds_up_a_merged_player_under_the_kept_person(
    people: People, nights: list[Night]
) -> None:
    anna, _ben, carla = people.players
    html = client_for(people.viewer).get(reverse("group_owes", args=[people.group.pk]))
    page = html.content.decode()
    assert f'id="person-{carla.pk}"' not in page
    assert page.count('class="card person"') == 2  # Anna and Ben, once each
    start = page.index(f'id="person-{anna.pk}"')
    anna_part = _text(page[start : page.index("</section>", start)])
    assert f"Anna owes {euros(_owed(nights))} in total." in anna_part
    assert anna_part.count("Anna owes Ben") == 2  # both nights' transfers, in one place


def test_the_kept_players_login_marks_what_the_merged_one_owed(
    people: People, nights: list[Night]
) -> None:
    anna = people.players[0]
    link(anna, people.viewer)
    client = client_for(people.viewer)
    old = transfers(nights[0])[0]  # Carla's, before the merge
    page = client.get(reverse("group_owes", args=[people.group.pk])).content.decode()
    assert "You (Anna)" in page
    assert mark(client, nights[0], old, key="m1", back="owes").status_code == 302


def test_the_mail_reminder_has_one_line_and_one_total_for_the_person(
    people: People, nights: list[Night], django_capture_on_commit_callbacks: Any
) -> None:
    anna, ben, _carla = people.players
    anna.email = "anna@example.org"
    anna.save(update_fields=["email"])
    with django_capture_on_commit_callbacks(execute=False):
        third = built_night(_pair(people, ben, anna), seed=2, day=2)
    mail.outbox.clear()
    assert send_report(NightReport.objects.get(night=third)) == 1
    body = mail.outbox[0].body
    reminder = body[body.index("Still open from earlier nights") :]
    line = f"  Anna -> Ben: {euros(_owed(nights))} (since the night of Oct. 2, 2026)\n"
    assert line in reminder
    assert reminder.count("Anna -> Ben") == 1
