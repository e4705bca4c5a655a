"""Season standings and a player's history, computed from the ledger.

A player's net for a night is what the games moved on their stack: every entry
of a Guts deal, Shelby round, table hand or split of the night's pots, and of
the reversals of those. Buy-ins, rebuys, cash-outs and stacks carried between
nights are chips changing hands with the bank, not winnings, so they are left
out. Only closed nights count: a running night's numbers still change. A night
where no game was played (none recorded, or every one undone) counts for nobody:
everyone at it would share first place on nothing. Only a season's scoring rule
that says so gives its points for taking part on such a night (issue 23).

Each function runs a fixed number of queries, however many nights and players.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Count, Exists, OuterRef, Q, Subquery, Sum
from django.db.models.functions import Coalesce

from gamenight.models import (
    AccountKind,
    Deal,
    DealStatus,
    Entrant,
    Entry,
    Night,
    NightStatus,
    Player,
    Season,
    Tournament,
    Transaction,
    TransactionKind,
)
from gamenight.models.deals import starts_a_game
from gamenight.services.people import PERSON, of_person
from gamenight.services.scoring import ScoringRule, night_points, season_points

# A game: a hand, a Guts deal or a Shelby round (a split of the pots follows games).
DEAL_KINDS = (TransactionKind.TABLE_HAND, TransactionKind.GUTS_DEAL, TransactionKind.SHELBY_ROUND)
# What a tournament moves is its players' result too (gamenight/tournaments/ledger.py).
GAME_KINDS = (
    *DEAL_KINDS,
    TransactionKind.POT_SPLIT,
    TransactionKind.TOURNAMENT_ENTRY,
    TransactionKind.TOURNAMENT_PAYOUT,
)
DEFAULT_POINTS = (10, 7, 5, 3, 2, 1)


def played() -> Exists:
    """Whether a night (the outer query's row) had a game: one booked and not undone,
    or a tournament that paid its prizes."""
    return Exists(
        Transaction.objects.filter(
            night=OuterRef("pk"),
            kind__in=(*DEAL_KINDS, TransactionKind.TOURNAMENT_PAYOUT),
            reversed_by__isnull=True,
        )
    )


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
    worst_net: int | None = None
    worst_date: datetime.date | None = None
    longest_run: int = 0
    """The most nights won one after the other (of the nights the player sat at)."""
    night_points: list[int] = field(default_factory=list)
    by_night: dict[int, int] = field(default_factory=dict)
    """Net per night id, for the nights this player played."""
    running: list[int] = field(default_factory=list)
    """Running total after each night of the season (flat where the player was absent)."""

    _run: int = 0

    @property
    def average(self) -> float:
        return round(self.net / self.nights_played, 1) if self.nights_played else 0.0

    def tie_key(self, tie_break: str) -> int:
        figure = {
            "wins": self.nights_won,
            "best": self.best_net or 0,
            "played": self.nights_played,
        }
        return figure.get(tie_break, self.net)


@dataclass(frozen=True)
class Standings:
    season: Season
    nights: list[NightColumn]
    rows: list[StandingRow]
    points: tuple[int, ...] | None
    rule: ScoringRule = field(default_factory=ScoringRule)
    skipped: list[NightColumn] = field(default_factory=list)
    """Closed nights without a game: in no column, no figure (but the rule's points
    for taking part, when it counts them: :attr:`counts_empty`)."""

    @property
    def by_points(self) -> bool:
        return self.rule.by_points

    @property
    def counts_empty(self) -> bool:
        return self.rule.counts_empty_nights


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


def season_standings(
    season: Season,
    *,
    points: Sequence[int] | None = None,
    rule: ScoringRule | None = None,
) -> Standings:
    """Net chips, nights played and won, average, best and worst night, longest winning
    run and (with a scoring rule) points, for each player who played a closed night
    of ``season``. ``points`` is the older form of a rule: points by place only.

    Three queries: the nights, who played which night, the nets per player and night.
    """
    if rule is None:
        rule = ScoringRule(places=tuple(points)) if points else ScoringRule()
    nights = list(
        Night.objects.filter(season=season, status=NightStatus.CLOSED)
        .annotate(played=played())
        .order_by("date", "id")
        .values_list("id", "date", "place", "played")
    )
    columns = [NightColumn(night_id=i, date=d, place=p) for i, d, p, game in nights if game]
    skipped = [NightColumn(night_id=i, date=d, place=p) for i, d, p, game in nights if not game]
    night_ids = [c.night_id for c in columns]
    empty_ids = {c.night_id for c in skipped} if rule.counts_empty_nights else set()
    # A player merged into another counts as that one (gamenight/services/people.py).
    sat = (
        Player.objects.filter(
            accounts__kind=AccountKind.STACK, accounts__night_id__in=[*night_ids, *empty_ids]
        )
        .annotate(person=Coalesce("merged_into_id", "pk"), finished=_finishing_place())
        .values_list("person", "name", "accounts__night_id", "finished")
    )
    rows: dict[int, StandingRow] = {}
    nets: dict[int, dict[int, int]] = {night: {} for night in night_ids}
    # A tournament night's places are its finishing places, not its money.
    finished: dict[int, dict[int, int]] = {}
    for player_id, name, night_id, place in sat if night_ids or empty_ids else ():
        if place is not None:
            finished.setdefault(night_id, {})[player_id] = place
        row = rows.setdefault(player_id, StandingRow(player_id=player_id, name=name))
        if night_id in empty_ids:
            # The rule's points for taking part, and nothing else: no game, no place.
            row.night_points.append(rule.taking_part)
            continue
        row.nights_played += 1
        nets[night_id][player_id] = 0
    if night_ids:
        totals = (
            Entry.objects.filter(_game_entries(), account__night_id__in=night_ids)
            .values("account__night_id", person=PERSON)
            .annotate(total=Sum("amount"))
            .values_list("account__night_id", "person", "total")
        )
        for night_id, player_id, total in totals:
            nets[night_id][player_id] = int(total or 0)
    for column in columns:
        night_nets = nets[column.night_id]
        places = {**night_places(night_nets), **finished.get(column.night_id, {})}
        for player_id, net in night_nets.items():
            rows[player_id].by_night[column.night_id] = net
            _add_night(rows[player_id], column.date, net, places[player_id], rule, len(night_nets))
        for row in rows.values():
            previous = row.running[-1] if row.running else 0
            row.running.append(previous + night_nets.get(row.player_id, 0))
    for row in rows.values():
        row.points = season_points(rule, row.night_points) if rule.by_points else 0
    ordered = sorted(
        rows.values(),
        key=lambda r: (
            -(r.points if rule.by_points else r.net),
            -r.tie_key(rule.tie_break),
            -r.net,
            r.name,
        ),
    )
    chosen = rule.places if rule.by_points else None
    return Standings(
        season=season, nights=columns, rows=ordered, points=chosen, rule=rule, skipped=skipped
    )


def _add_night(
    row: StandingRow, date: datetime.date, net: int, place: int, rule: ScoringRule, players: int
) -> None:
    """One night the player sat at, in date order."""
    row.net += net
    if place == 1:
        row.nights_won += 1
        row._run += 1
        row.longest_run = max(row.longest_run, row._run)
    else:
        row._run = 0
    row.night_points.append(night_points(rule, place, players))
    if row.best_net is None or net > row.best_net:
        row.best_net, row.best_date = net, date
    if row.worst_net is None or net < row.worst_net:
        row.worst_net, row.worst_date = net, date


def _finishing_place() -> Subquery:
    """The outer row's player's place in the tournament of the outer row's night, if any."""
    return Subquery(
        Entrant.objects.filter(
            tournament__night_id=OuterRef("accounts__night_id"), player_id=OuterRef("pk")
        ).values("place")[:1]
    )


def tournament_places(night_ids: Sequence[int]) -> dict[int, dict[int, int]]:
    """The finishing places of the tournaments of ``night_ids``, by night and person."""
    rows = (
        Entrant.objects.filter(tournament__night_id__in=night_ids, place__isnull=False)
        .annotate(person=Coalesce("player__merged_into_id", "player_id"))
        .values_list("tournament__night_id", "person", "place")
    )
    places: dict[int, dict[int, int]] = {}
    for night_id, person, place in rows:
        if place is not None:
            places.setdefault(night_id, {})[person] = place
    return places


@dataclass(frozen=True)
class HistoryNight:
    night_id: int
    date: datetime.date
    place: str
    status: str
    net: int
    games_dealt: int
    season: str
    closed: bool = True
    played: bool = True
    """Whether a game was played at it (a night without one counts for nobody)."""
    tournament: bool = False


def player_history(player: Player) -> list[HistoryNight]:
    """Every night the player sat at, newest first: the night's net and games dealt.

    Three queries: the nights, the nets, the deals dealt (of the players merged into
    this one too).
    """
    nights = list(
        Night.objects.filter(
            of_person(player, "accounts__player"), accounts__kind=AccountKind.STACK
        )
        .select_related("season")
        .annotate(
            played=played(), is_tourney=Exists(Tournament.objects.filter(night=OuterRef("pk")))
        )
        .order_by("-date", "-id")
        .distinct()
    )
    nets = dict(
        Entry.objects.filter(_game_entries(), of_person(player, "account__player"))
        .values_list("account__night_id")
        .annotate(total=Sum("amount"))
        .values_list("account__night_id", "total")
    )
    dealt = dict(
        Deal.objects.filter(
            starts_a_game(), of_person(player, "dealer__player"), status=DealStatus.SETTLED
        )
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
            closed=night.status == NightStatus.CLOSED,
            played=bool(getattr(night, "played", True)),
            tournament=bool(getattr(night, "is_tourney", False)),
        )
        for night in nights
    ]


@dataclass
class GameResult:
    game: str
    played: int = 0
    won: int = 0
    net: int = 0


@dataclass
class PlayerSummary:
    nights_played: int = 0
    nights_won: int = 0
    net: int = 0
    best: HistoryNight | None = None
    worst: HistoryNight | None = None
    longest_run: int = 0
    games: list[GameResult] = field(default_factory=list)
    """Per game, most won first: the deals played, won (more chips back than put in), net."""

    @property
    def average(self) -> float:
        return round(self.net / self.nights_played, 1) if self.nights_played else 0.0


def player_summary(player: Player, nights: list[HistoryNight]) -> PlayerSummary:
    """Nights won, best and worst night, longest winning run and results per game.

    Two queries, whatever the history: everyone's nets at the player's closed
    nights (for the places), and the player's net per deal with its game.
    """
    # A night without a game is neither played, won nor anyone's best or worst.
    closed = [n for n in nights if n.closed and n.played]
    summary = PlayerSummary(nights_played=len(closed), net=sum(n.net for n in closed))
    nets: dict[int, dict[int, int]] = {n.night_id: {player.pk: 0} for n in closed}
    if closed:
        everyone = (
            Entry.objects.filter(_game_entries(), account__night_id__in=list(nets))
            .values("account__night_id", person=PERSON)
            .annotate(total=Sum("amount"))
            .values_list("account__night_id", "person", "total")
        )
        for night_id, player_id, total in everyone:
            nets[night_id][player_id] = int(total or 0)
    run = 0
    # A query more only for a history with a tournament night in it.
    tournaments = [n.night_id for n in closed if n.tournament]
    finished = tournament_places(tournaments) if tournaments else {}
    for night in reversed(closed):  # oldest first, for the runs
        places = {**night_places(nets[night.night_id]), **finished.get(night.night_id, {})}
        if places[player.pk] == 1:
            summary.nights_won += 1
            run += 1
            summary.longest_run = max(summary.longest_run, run)
        else:
            run = 0
        if summary.best is None or night.net > summary.best.net:
            summary.best = night
        if summary.worst is None or night.net < summary.worst.net:
            summary.worst = night
    summary.games = _results_per_game(player)
    return summary


def _results_per_game(player: Player) -> list[GameResult]:
    # An undone game is no game played: neither it nor its reversal counts.
    per_deal = (
        Entry.objects.filter(
            of_person(player, "account__player"),
            account__kind=AccountKind.STACK,
            account__night__status=NightStatus.CLOSED,
            transaction__kind__in=GAME_KINDS,
            transaction__reversed_by__isnull=True,
            transaction__deal__isnull=False,
        )
        .values_list("transaction__deal_id", "transaction__deal__game")
        .annotate(total=Sum("amount"))
    )
    games: dict[str, GameResult] = {}
    for _deal, game, total in per_deal:
        result = games.setdefault(str(game), GameResult(game=str(game)))
        result.played += 1
        result.net += int(total or 0)
        result.won += 1 if (total or 0) > 0 else 0
    return sorted(games.values(), key=lambda g: (-g.won, -g.net, g.game))
