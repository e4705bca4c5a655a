"""Season standings and a player's history, computed from the ledger.

A player's net for a night is what the games moved on their stack: every entry
of a Guts deal, Shelby round, table hand or split of the night's pots, and of
the reversals of those. Buy-ins, rebuys, cash-outs and stacks carried between
nights are chips changing hands with the bank, not winnings, so they are left
out. Only closed nights count: a running night's numbers still change.

Each function runs a fixed number of queries, however many nights and players.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Count, Q, Sum

from gamenight.models import (
    AccountKind,
    Deal,
    DealStatus,
    Entry,
    Night,
    NightStatus,
    Player,
    Season,
    TransactionKind,
)

GAME_KINDS = (
    TransactionKind.TABLE_HAND,
    TransactionKind.GUTS_DEAL,
    TransactionKind.SHELBY_ROUND,
    TransactionKind.POT_SPLIT,
)
DEFAULT_POINTS = (10, 7, 5, 3, 2, 1)


def _game_entries() -> Q:
    """Stack entries that are winnings or losses, including undos of them."""
    return Q(account__kind=AccountKind.STACK) & (
        Q(transaction__kind__in=GAME_KINDS)
        | Q(
            transaction__kind=TransactionKind.REVERSAL,
            transaction__reverses__kind__in=GAME_KINDS,
        )
    )


@dataclass(frozen=True)
class NightColumn:
    night_id: int
    date: datetime.date
    place: str


@dataclass
class StandingRow:
    player_id: int
    name: str
    net: int = 0
    nights_played: int = 0
    nights_won: int = 0
    points: int = 0
    best_net: int | None = None
    best_date: datetime.date | None = None
    by_night: dict[int, int] = field(default_factory=dict)
    """Net per night id, for the nights this player played."""
    running: list[int] = field(default_factory=list)
    """Running total after each night of the season (flat where the player was absent)."""

    @property
    def average(self) -> float:
        return round(self.net / self.nights_played, 1) if self.nights_played else 0.0


@dataclass(frozen=True)
class Standings:
    season: Season
    nights: list[NightColumn]
    rows: list[StandingRow]
    points: tuple[int, ...] | None


def night_places(nets: dict[int, int]) -> dict[int, int]:
    """Places by net, best first; tied nets share a place (1, 2, 2, 4).

    >>> night_places({1: 5, 2: -3, 3: 5, 4: 0})
    {1: 1, 3: 1, 4: 3, 2: 4}
    """
    ordered = sorted(nets.items(), key=lambda item: -item[1])
    places: dict[int, int] = {}
    for index, (player, net) in enumerate(ordered):
        tied = next((p for p, n in ordered[:index] if n == net), None)
        places[player] = places[tied] if tied is not None else index + 1
    return places


def season_standings(season: Season, *, points: Sequence[int] | None = None) -> Standings:
    """Net chips, nights played and won, average, best night and (optionally) points
    by night rank, for each player who played a closed night of ``season``.

    Three queries: the nights, who played which night, the nets per player and night.
    """
    nights = list(
        Night.objects.filter(season=season, status=NightStatus.CLOSED)
        .order_by("date", "id")
        .values_list("id", "date", "place")
    )
    columns = [NightColumn(night_id=i, date=d, place=p) for i, d, p in nights]
    night_ids = [c.night_id for c in columns]
    played = Player.objects.filter(
        accounts__kind=AccountKind.STACK, accounts__night_id__in=night_ids
    ).values_list("pk", "name", "accounts__night_id")
    rows: dict[int, StandingRow] = {}
    nets: dict[int, dict[int, int]] = {night: {} for night in night_ids}
    for player_id, name, night_id in played if night_ids else ():
        row = rows.setdefault(player_id, StandingRow(player_id=player_id, name=name))
        row.nights_played += 1
        nets[night_id][player_id] = 0
    if night_ids:
        totals = (
            Entry.objects.filter(_game_entries(), account__night_id__in=night_ids)
            .values_list("account__night_id", "account__player_id")
            .annotate(total=Sum("amount"))
        )
        for night_id, player_id, total in totals:
            nets[night_id][player_id] = int(total or 0)
    chosen_points = tuple(points) if points else None
    for column in columns:
        night_nets = nets[column.night_id]
        places = night_places(night_nets)
        for player_id, net in night_nets.items():
            row = rows[player_id]
            row.by_night[column.night_id] = net
            row.net += net
            if places[player_id] == 1:
                row.nights_won += 1
            if chosen_points and places[player_id] <= len(chosen_points):
                row.points += chosen_points[places[player_id] - 1]
            if row.best_net is None or net > row.best_net:
                row.best_net, row.best_date = net, column.date
        for row in rows.values():
            previous = row.running[-1] if row.running else 0
            row.running.append(previous + night_nets.get(row.player_id, 0))
    ordered = sorted(
        rows.values(),
        key=lambda r: (-(r.points if chosen_points else r.net), -r.net, r.name),
    )
    return Standings(season=season, nights=columns, rows=ordered, points=chosen_points)


@dataclass(frozen=True)
class HistoryNight:
    night_id: int
    date: datetime.date
    place: str
    status: str
    net: int
    games_dealt: int
    season: str


def player_history(player: Player) -> list[HistoryNight]:
    """Every night the player sat at, newest first: the night's net and games dealt.

    Three queries: the nights, the nets, the deals dealt.
    """
    nights = list(
        Night.objects.filter(accounts__kind=AccountKind.STACK, accounts__player=player)
        .select_related("season")
        .order_by("-date", "-id")
    )
    nets = dict(
        Entry.objects.filter(_game_entries(), account__player=player)
        .values_list("account__night_id")
        .annotate(total=Sum("amount"))
        .values_list("account__night_id", "total")
    )
    dealt = dict(
        Deal.objects.filter(dealer__player=player, status=DealStatus.SETTLED)
        .values_list("night_id")
        .annotate(n=Count("id"))
        .values_list("night_id", "n")
    )
    return [
        HistoryNight(
            night_id=night.pk,
            date=night.date,
            place=night.place,
            status=night.get_status_display(),
            net=int(nets.get(night.pk) or 0),
            games_dealt=int(dealt.get(night.pk) or 0),
            season=night.season.name if night.season else "",
        )
        for night in nights
    ]
