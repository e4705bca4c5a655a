"""The figures of a season: the standings (as on the standings page), each night's
winner and games, and who pays whom over the season when chips have a value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q
from django.utils.translation import gettext

from gamenight.dates import short_day
from gamenight.models import DealStatus, Night, NightStatus, Player, Season
from gamenight.reports import COST_WITHOUT_SEAT, BadReportDataError
from gamenight.reports.night import LedgerRow, ledger_rows, settle_up_data
from gamenight.services.expenses import cost_nets, standing_expenses_of
from gamenight.services.scoring import ScoringRule
from gamenight.services.standings import season_standings


@dataclass
class SeasonFigures:
    data: dict[str, Any]
    rows: list[LedgerRow]
    night_labels: dict[int, str]
    chart_labels: list[str]
    running: dict[str, list[int]]


def season_figures(season: Season, *, chip_value_cents: int | None) -> SeasonFigures:
    # Ranked as the season's own rule says (points, or chips when it has none).
    standings = season_standings(season, rule=ScoringRule.from_json(season.scoring))
    if not standings.nights:
        raise BadReportDataError(gettext("no night of this season is over yet"))
    night_ids = [n.night_id for n in standings.nights]
    games = dict(
        Night.objects.filter(pk__in=night_ids, status=NightStatus.CLOSED)
        .annotate(n=Count("deals", filter=Q(deals__status=DealStatus.SETTLED)))
        .values_list("pk", "n")
    )
    nights = []
    for column in standings.nights:
        nets = {
            r.name: r.by_night[column.night_id]
            for r in standings.rows
            if column.night_id in r.by_night
        }
        top = max(nets.values()) if nets else 0
        nights.append(
            {
                "id": column.night_id,
                "date": column.date.isoformat(),
                "place": column.place,
                "games": games.get(column.night_id, 0),
                "players": len(nets),
                "winners": sorted(n for n, v in nets.items() if v == top and nets),
                "top": top,
            }
        )
    rows = ledger_rows(night_ids)
    data: dict[str, Any] = {
        "scope": "season",
        "season": {
            "id": season.pk,
            "name": season.name,
            "group": season.group.name,
            "starts_on": season.starts_on.isoformat(),
        },
        "standings": [
            {
                "player_id": r.player_id,
                "name": r.name,
                "net": r.net,
                "nights_played": r.nights_played,
                "nights_won": r.nights_won,
                "average": r.average,
                "best_net": r.best_net,
                "best_date": r.best_date.isoformat() if r.best_date else None,
                "points": r.points,
            }
            for r in standings.rows
        ],
        "by_points": standings.by_points,
        "nights": nights,
        "games": sum(n["games"] for n in nights),
        "entries": len(rows),
        "settle_up": settle_up_data(
            {r.name: r.net for r in standings.rows},
            chip_value_cents,
            costs=_season_costs(night_ids, {r.player_id: r.name for r in standings.rows}),
        ),
    }
    return SeasonFigures(
        data=data,
        rows=rows,
        night_labels={n.night_id: n.date.isoformat() for n in standings.nights},
        chart_labels=[short_day(n.date) for n in standings.nights],
        running={r.name: r.running for r in standings.rows},
    )


def _season_costs(night_ids: list[int], names: dict[int, str]) -> dict[str, int] | None:
    """The season's shared costs by the standings' names (a merged player's as the kept
    person's), or None when its nights had none; the settle-up takes them with the chips."""
    expenses = standing_expenses_of(night_ids)
    if not expenses:
        return None
    nets = cost_nets(expenses)
    persons = dict(Player.objects.filter(pk__in=nets).values_list("pk", "merged_into_id"))
    costs: dict[str, int] = {}
    for player_id, net in nets.items():
        name = names.get(persons.get(player_id) or player_id)
        if name is None:
            raise BadReportDataError(str(COST_WITHOUT_SEAT))
        costs[name] = costs.get(name, 0) + net
    return costs
