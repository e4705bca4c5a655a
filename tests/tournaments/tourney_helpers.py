"""A tournament night made by the services, for the tournament tests."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.contrib.auth.models import User
from helpers.people import Members, make_members

from gamenight import services
from gamenight.models import Account, AccountKind, Group, Night, Player, Season
from gamenight.tournaments import play
from gamenight.tournaments.payouts import DEFAULT_TABLE, PayoutTable
from gamenight.tournaments.setup import Setup
from gamenight.tournaments.structures import READY, Structure

NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn", "Greta")


@dataclass
class Tourney:
    members: Members
    group: Group
    season: Season
    night: Night
    players: dict[str, Player]

    @property
    def owner(self) -> User:
        return self.members.owner

    def id(self, name: str) -> int:
        return self.players[name].pk


def plan_tourney(
    *,
    setup: Setup | None = None,
    structure: Structure | None = None,
    table: PayoutTable = DEFAULT_TABLE,
    names: tuple[str, ...] = NAMES,
    scoring: dict[str, object] | None = None,
) -> Tourney:
    members = make_members()
    group, owner = members.group, members.owner
    season = services.create_season(
        group_id=group.pk,
        by=owner,
        name="Winter",
        starts_on=datetime.date(2026, 1, 1),
        scoring=scoring,
    )
    players = {n: services.add_player(group_id=group.pk, by=owner, name=n) for n in names}
    night = services.create_night(
        group_id=group.pk, by=owner, date=datetime.date(2026, 11, 27), season_id=season.pk
    )
    play.set_up(
        night_id=night.pk,
        by=owner,
        setup=setup or Setup(buy_in=20, starting_chips=5_000),
        structure=structure or READY[0].structure,
        table=table,
    )
    return Tourney(members, group, season, night, players)


def start(tourney: Tourney, names: tuple[str, ...] | None = None, *, seed: int = 7) -> None:
    play.start_tournament(
        night_id=tourney.night.pk,
        by=tourney.owner,
        key="start",
        players=[tourney.id(n) for n in (names or tuple(tourney.players))],
        rng=random.Random(seed),
    )
    tourney.night.refresh_from_db()


def stacks(night: Night) -> dict[str, int]:
    return {
        a.player.name: a.balance
        for a in Account.objects.filter(night=night, kind=AccountKind.STACK).select_related(
            "player"
        )
        if a.player is not None
    }
