"""The next night's card and the player link's pages run a bounded number of queries:
the same on a group of one season as on a group of three, and at most MOST."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from helpers.clients import client_for

from gamenight.demo import SeedOptions, seed_demo
from gamenight.models import NightStatus, Season
from gamenight.services import night_plan, player_links

pytestmark = pytest.mark.django_db

# The host's player page: one more than before, the members its login may be tied to.
# The link's report here waits for its build: it also asks when the report worker
# was last seen, to say "reports are delayed" (issue 22), hence 5.
MOST = {"group": 11, "player": 10, "link": 10, "link standings": 6, "link report": 5}


def _counts(seasons: int) -> dict[str, int]:
    seeded = seed_demo(
        SeedOptions(
            seasons=seasons,
            nights=3,
            games=4,
            players=6,
            username=f"host-{seasons}",
            group_name=f"Group of {seasons}",
        )
    )
    group = seeded.group
    host = group.memberships.get(role="host").user
    night_plan.plan_next(
        group_id=group.pk,
        by=host,
        date=timezone.localdate() + datetime.timedelta(days=2),
        starts_at=datetime.time(20, 0),
        place="Kitchen",
        note="",
    )
    player = group.players.order_by("pk")[0]
    link = player_links.make_link(group_id=group.pk, by=host, player_id=player.pk)
    season = Season.objects.filter(group=group).first()
    assert season is not None
    seat = player.seats.filter(night__status=NightStatus.CLOSED).first()
    assert seat is not None
    pages = {
        "group": (client_for(host), reverse("group_detail", args=[group.pk])),
        "player": (client_for(host), reverse("player_history", args=[group.pk, player.pk])),
        "link": (Client(), reverse("player_link_page", args=[link.token])),
        "link standings": (
            Client(),
            reverse("player_link_standings", args=[link.token, season.pk]),
        ),
        "link report": (Client(), reverse("player_link_report", args=[link.token, seat.night_id])),
    }
    counts = {}
    for name, (client, url) in pages.items():
        client.get(url)  # the session and the language settle on the first view
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, name
        counts[name] = len(queries)
    return counts


def test_the_pages_run_the_same_bounded_number_of_queries_whatever_the_history() -> None:
    small, large = _counts(1), _counts(3)
    assert small == large
    assert all(large[name] <= most for name, most in MOST.items()), sorted(large.items())
