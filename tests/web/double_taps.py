"""The writes of the site pages that a double tap could do twice, for the double-tap tests.

Each maker returns one :class:`Tap`: the URL and form data of a write, and how to
count what it makes, so a test can send it twice and check it happened once.
The ``n`` of a maker makes the key and the names of one round unique.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.test import Client
from helpers.clients import client_for
from helpers.option_fields import choice_defaults
from ledger_helpers import Table

from gamenight import services
from gamenight.models import Group, Night, NightStatus, Player, Season, Transaction
from gamenight.services import night_plan


@dataclass(frozen=True)
class Tap:
    url: str
    data: dict[str, Any]
    count: Callable[[], int]


def client_of(user: Any) -> Client:
    """A logged-in client whose server errors come back as 500 responses, not exceptions."""
    return client_for(user, raise_request_exception=False)


def group_create(table: Table, n: int) -> Tap:
    return Tap("/groups/new/", {"name": f"Poker {n}", "key": f"group-{n}"}, Group.objects.count)


def night_data(n: int, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        **choice_defaults(),
        "key": f"night-{n}",
        "date": "2026-12-04",
        "place": f"Kitchen {n}",
        "ante": "2",
        "limit_structure": "spread",
        "bet_low": "1",
        "bet_high": "5",
        "raise_cap": "3",
        "allowed_games": ["guts", "shelby"],
        "opt__guts__declare": "at_once",
        "starting_stack": "200",
    }
    data.update(changes)
    return data


def night_create(table: Table, n: int) -> Tap:
    group = table.group
    # A group holds one open night: end the table's (and the last round's) first,
    # so what refuses a second tap is its key, not the open night.
    for night in Night.objects.filter(group=group, status=NightStatus.PLANNED):
        night_plan.cancel_night(night_id=night.pk, by=table.owner)
    for night in Night.objects.filter(group=group, status=NightStatus.RUNNING):
        services.end_night(night_id=night.pk, by=table.owner)
    return Tap(
        f"/groups/{group.pk}/nights/new/",
        night_data(n),
        lambda: Night.objects.filter(group=group).count(),
    )


def player_add(table: Table, n: int) -> Tap:
    group = table.group
    return Tap(
        f"/groups/{group.pk}/players/new/",
        {"name": f"Dora {n}", "email": "", "key": f"player-{n}"},
        lambda: Player.objects.filter(group=group).count(),
    )


def season_add(table: Table, n: int) -> Tap:
    group = table.group
    return Tap(
        f"/groups/{group.pk}/seasons/new/",
        {"name": f"Season {n}", "starts_on": "2026-12-01", "key": f"season-{n}"},
        lambda: Season.objects.filter(group=group).count(),
    )


def night_start(table: Table, n: int) -> Tap:
    planned = services.create_night(
        group_id=table.group.pk, by=table.owner, date=datetime.date(2026, 12, 4)
    )
    anna, ben, _carla = table.players
    data = {
        "key": f"start-{n}",
        f"present_{anna.pk}": "on",
        f"position_{anna.pk}": "1",
        f"present_{ben.pk}": "on",
        f"position_{ben.pk}": "2",
    }
    return Tap(
        f"/nights/{planned.pk}/start/",
        data,
        lambda: Transaction.objects.filter(night=planned).count(),
    )


CREATES: dict[str, Callable[[Table, int], Tap]] = {
    "group": group_create,
    "night": night_create,
    "player": player_add,
    "season": season_add,
    "night start": night_start,
}
