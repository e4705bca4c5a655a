"""People, a group and played nights for the report tests (owner, co-host, viewer, outsider)."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.contrib.auth.models import User
from helpers.people import make_members

from gamenight import services
from gamenight.models import Group, Night, Player, Season
from gamenight.reports.sample import play_night


@dataclass
class People:
    group: Group
    players: list[Player]
    owner: User
    cohost: User
    viewer: User
    outsider: User

    @property
    def ids(self) -> list[int]:
        return [p.pk for p in self.players]


def make_people(*, players: int = 5, prefix: str = "") -> People:
    members = make_members(prefix=prefix)
    names = ["Anna", "Ben", "Carla", "Dieter", "Eva", "Fritz", "Gül", "Hans", "Ines", "Jo"]
    made = [
        services.add_player(group_id=members.group.pk, by=members.owner, name=name)
        for name in names[:players]
    ]
    return People(
        members.group, made, members.owner, members.cohost, members.viewer, members.outsider
    )


def give_emails(people: People) -> None:
    """Anna and Ben have an email address (for the report mail); the others none."""
    for player, email in zip(
        people.players[:2], ("anna@example.org", "ben@example.org"), strict=True
    ):
        player.email = email
        player.save()


def played_night(
    people: People,
    *,
    games: int = 12,
    seed: int = 1,
    day: int = 0,
    season: Season | None = None,
    end: bool = True,
) -> Night:
    return play_night(
        group_id=people.group.pk,
        by=people.owner,
        players=people.ids,
        games=games,
        rng=random.Random(seed),
        date=datetime.date(2026, 10, 2) + datetime.timedelta(days=7 * day),
        season=season,
        end=end,
    )
