"""A night with no game counts for nobody (issue 23, defect 3): everyone at it used to
tie on zero and take a win and first place's points. Only a season's rule that says
so gives its points for taking part on such a night, and the standings say so."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from ledger_helpers import make_user

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Group, Night, Player, Season, Transaction
from gamenight.services.scoring import ScoringRule
from gamenight.services.standings import player_history, player_summary, season_standings

pytestmark = pytest.mark.django_db


@dataclass
class League:
    group: Group
    season: Season
    players: dict[str, Player]
    owner: User
    nights: list[Night]


def _night(league: League, day: int, names: tuple[str, ...]) -> Night:
    night = services.create_night(
        group_id=league.group.pk,
        by=league.owner,
        date=datetime.date(2026, 3, day),
        season_id=league.season.pk,
    )
    ids = [league.players[n].pk for n in names]
    services.start_night(night_id=night.pk, by=league.owner, key=f"s{day}", players=ids)
    league.nights.append(night)
    return night


def _hand(league: League, night: Night, key: str, winner: str, loser: str) -> None:
    win, lose = league.players[winner].pk, league.players[loser].pk
    services.record_table_hand(
        night_id=night.pk,
        by=league.owner,
        key=key,
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={win: 4, lose: 4},
            showdown=HostRanking(groups=((win,), (lose,))),
        ),
    )


@pytest.fixture
def league(db: None) -> League:
    """March 6: Ben beats Anna (+4/-4). March 13: Anna, Ben and Carla sit and nothing
    is played. March 20: Anna and Carla sit; the one game is undone."""
    owner = make_user("owner")
    group = services.create_group(name="Friday", host=owner)
    players = {
        n: services.add_player(group_id=group.pk, by=owner, name=n)
        for n in ("Anna", "Ben", "Carla")
    }
    season = services.create_season(
        group_id=group.pk,
        by=owner,
        name="Spring",
        starts_on=datetime.date(2026, 1, 1),
        scoring=ScoringRule(places=(10, 7, 5, 3, 2, 1)).to_json(),
    )
    league = League(group, season, players, owner, [])
    first = _night(league, 6, ("Anna", "Ben"))
    _hand(league, first, "h1", "Ben", "Anna")
    _night(league, 13, ("Anna", "Ben", "Carla"))
    third = _night(league, 20, ("Anna", "Carla"))
    _hand(league, third, "h3", "Carla", "Anna")
    services.undo(
        night_id=third.pk,
        by=owner,
        key="u3",
        transaction_id=Transaction.objects.get(idempotency_key="h3").pk,
    )
    for night in league.nights:
        services.end_night(night_id=night.pk, by=owner)
    return league


def _rows(league: League, rule: ScoringRule) -> dict[str, tuple[int, int, int, int]]:
    standings = season_standings(league.season, rule=rule)
    return {r.name: (r.points, r.net, r.nights_played, r.nights_won) for r in standings.rows}


def test_a_night_without_a_game_counts_for_nobody(league: League) -> None:
    standings = season_standings(league.season, rule=ScoringRule(places=(10, 7, 5, 3, 2, 1)))
    assert [c.date.day for c in standings.nights] == [6]
    assert [c.date.day for c in standings.skipped] == [13, 20]
    # Before: the empty nights gave Anna, Ben and Carla a win and 10 points each.
    assert _rows(league, standings.rule) == {"Ben": (10, 4, 1, 1), "Anna": (7, -4, 1, 0)}
    by_chips = season_standings(league.season)
    assert [(r.name, r.nights_played, r.nights_won) for r in by_chips.rows] == [
        ("Ben", 1, 1),
        ("Anna", 1, 0),
    ]


def test_points_for_taking_part_count_on_empty_nights_only_if_the_rule_says_so(
    league: League,
) -> None:
    turnout = ScoringRule(places=(5, 3, 1), taking_part=2)
    assert _rows(league, turnout) == {"Ben": (7, 4, 1, 1), "Anna": (5, -4, 1, 0)}
    counted = ScoringRule(places=(5, 3, 1), taking_part=2, empty_nights=True)
    # Empty nights: 2 points each to who sat there, and nothing else.
    assert _rows(league, counted) == {
        "Ben": (7 + 2, 4, 1, 1),
        "Anna": (5 + 2 + 2, -4, 1, 0),
        "Carla": (2 + 2, 0, 0, 0),
    }
    assert counted == ScoringRule.from_json(counted.to_json())


def test_the_standings_footnote_names_the_nights_that_did_not_count(league: League) -> None:
    client = Client()
    client.force_login(league.owner)
    url = reverse("season_standings", args=[league.group.pk, league.season.pk])
    page = client.get(url).content.decode()
    assert "1 night played" in page
    note = re.search(r'class="hint empty-nights">(.*?)</p>', page, re.S)
    assert note is not None
    assert "2 nights without a game count for nobody:" in note.group(1)
    assert re.findall(r'class="num points"[^>]*>([^<]+)<', page) == ["10", "7"]
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(league.owner)
    assert "2 Abende ohne Spiel zählen für niemanden:" in german.get(url).content.decode()
    league.season.scoring = ScoringRule(
        places=(5, 3, 1), taking_part=2, empty_nights=True
    ).to_json()
    league.season.save()
    counted = client.get(url).content.decode()
    assert "2 nights without a game give only the 2 points for taking part:" in counted
    assert re.findall(r'class="num points"[^>]*>([^<]+)<', counted) == ["9", "9", "4"]


def test_a_players_page_counts_no_empty_night_as_played_or_won(league: League) -> None:
    anna = league.players["Anna"]
    summary = player_summary(anna, player_history(anna))
    assert (summary.nights_played, summary.nights_won, summary.longest_run) == (1, 0, 0)
    carla = league.players["Carla"]
    summary = player_summary(carla, player_history(carla))
    assert (summary.nights_played, summary.nights_won) == (0, 0)


def test_the_season_form_says_explicitly_that_empty_nights_count(league: League) -> None:
    client = Client()
    client.force_login(league.owner)
    url = reverse("season_edit", args=[league.group.pk, league.season.pk])
    form = {
        "key": "season-edit-1",
        "name": "Spring",
        "starts_on": "2026-01-01",
        "preset": "turnout",
        "empty_nights": "on",
    }
    assert client.post(url, form).status_code == 302
    league.season.refresh_from_db()
    rule = ScoringRule.from_json(league.season.scoring)
    assert (rule.places, rule.taking_part, rule.empty_nights) == ((5, 3, 1), 2, True)
    shown = client.get(url).content.decode()
    assert re.search(r'<input[^>]*name="empty_nights"[^>]*checked', shown)
