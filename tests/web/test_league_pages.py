"""The seeded five-season group: the league pages run a bounded number of queries,
the same on the first season as on the last, and a season's scoring rule ranks it."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import transaction
from django.test import Client

from gamenight import services
from gamenight.demo import SeedOptions, seed_demo
from gamenight.demo.seed import DemoResult
from gamenight.models import Night, NightStatus, Season
from gamenight.reports import build
from gamenight.services.scoring import ScoringRule, preset
from gamenight.services.standings import season_standings

FIVE_SEASONS = SeedOptions(seasons=5, nights=3, games=6, players=7, username="league-host")


@pytest.fixture(scope="module")
def league(django_db_setup: None, django_db_blocker: Any) -> Iterator[DemoResult]:
    with django_db_blocker.unblock(), transaction.atomic():
        result = seed_demo(FIVE_SEASONS)
        for season in result.seasons:
            build.build_season(season.pk)
        yield result
        transaction.set_rollback(True)


def _pages(result: DemoResult, season: Season) -> dict[str, str]:
    group = result.group
    player = group.players.order_by("pk")[0]
    night = Night.objects.filter(season=season, status=NightStatus.CLOSED).first()
    assert night is not None
    return {
        "group": f"/groups/{group.pk}/",
        "standings": f"/groups/{group.pk}/seasons/{season.pk}/standings/",
        "standings by chips": f"/groups/{group.pk}/seasons/{season.pk}/standings/?by=chips",
        "player": f"/groups/{group.pk}/players/{player.pk}/history/",
        "season report": f"/groups/{group.pk}/seasons/{season.pk}/report/",
        "night report": f"/nights/{night.pk}/report/",
    }


MOST = {
    "group": 8,
    "standings": 9,
    "standings by chips": 9,
    # The host's view: one more for the members a login may be tied to ("logs in as").
    "player": 10,
    "season report": 8,
    "night report": 8,
}


@pytest.mark.parametrize("name", list(MOST))
def test_league_pages_run_a_bounded_number_of_queries(
    league: DemoResult, db: None, name: str, django_assert_max_num_queries: Any
) -> None:
    client = Client()
    client.force_login(league.host)
    counts = []
    for season in (league.seasons[0], league.seasons[-1]):
        path = _pages(league, season)[name]
        client.get(path)  # warm up: the session
        with django_assert_max_num_queries(MOST[name]) as queries:
            response = client.get(path)
        assert response.status_code == 200, path
        counts.append(len(queries))
    assert counts[0] == counts[1], f"{name}: {counts}"


def test_the_group_page_leads_to_every_season_night_report_and_player(
    league: DemoResult, db: None
) -> None:
    client = Client()
    client.force_login(league.host)
    group = league.group
    html = client.get(f"/groups/{group.pk}/").content.decode()
    for season in league.seasons:
        assert f"/groups/{group.pk}/seasons/{season.pk}/standings/" in html
        assert f"/groups/{group.pk}/seasons/{season.pk}/report/" in html
    for night in Night.objects.filter(group=group, status=NightStatus.CLOSED):
        assert f"/nights/{night.pk}/report/" in html
    for player in group.players.all():
        assert f"/groups/{group.pk}/players/{player.pk}/history/" in html


def test_a_seasons_stored_rule_ranks_its_standings(league: DemoResult, db: None) -> None:
    season = league.seasons[-1]
    by_chips = season_standings(season)
    rule = preset("turnout")
    assert rule is not None
    by_points = season_standings(season, rule=rule)
    for row in by_points.rows:
        # 2 for every night played, then 5, 3, 1 by place.
        assert row.points >= 2 * row.nights_played
    assert [r.points for r in by_points.rows] == sorted(
        (r.points for r in by_points.rows), reverse=True
    )
    assert sum(r.net for r in by_chips.rows) == sum(r.net for r in by_points.rows)


def test_best_nights_only_count_the_best() -> None:
    from gamenight.services.scoring import season_points

    rule = ScoringRule(places=(10, 7, 5), best_nights=2)
    assert season_points(rule, [5, 10, 0, 7]) == 17
    assert season_points(ScoringRule(places=(10,)), [5, 10, 0, 7]) == 22


def test_the_season_form_previews_and_saves_a_rule(league: DemoResult, db: None) -> None:
    client = Client()
    client.force_login(league.host)
    group = league.group
    form = {
        "key": "league-season-1",
        "name": "League 2027",
        "starts_on": "2027-01-01",
        "ends_on": "2027-06-30",
        "preset": "custom",
        "places": "12, 8, 4",
        "taking_part": "1",
        "best_nights": "0",
        "tie_break": "wins",
    }
    preview = client.post(f"/groups/{group.pk}/seasons/new/", {**form, "preview": "1"})
    assert preview.status_code == 200
    assert 'id="preview"' in preview.content.decode()
    assert not Season.objects.filter(group=group, name="League 2027").exists()
    saved = client.post(f"/groups/{group.pk}/seasons/new/", form)
    assert saved.status_code == 302
    season = Season.objects.get(group=group, name="League 2027")
    assert season.ends_on == datetime.date(2027, 6, 30)
    assert ScoringRule.from_json(season.scoring) == ScoringRule(
        places=(12, 8, 4), taking_part=1, tie_break="wins"
    )


def test_a_season_cannot_end_before_it_starts(league: DemoResult, db: None) -> None:
    client = Client()
    client.force_login(league.host)
    response = client.post(
        f"/groups/{league.group.pk}/seasons/new/",
        {
            "key": "league-bad",
            "name": "Backwards",
            "starts_on": "2027-05-01",
            "ends_on": "2027-01-01",
        },
    )
    assert response.status_code == 422
    assert "cannot end before it starts" in response.content.decode()
    with pytest.raises(services.LedgerError):
        services.create_season(
            group_id=league.group.pk,
            by=league.host,
            name="Backwards",
            starts_on=datetime.date(2027, 5, 1),
            ends_on=datetime.date(2027, 1, 1),
        )


def test_the_deal_list_numbers_each_game_once(league: DemoResult, db: None) -> None:
    """The list said "21." beside "#22", and "0. No games recorded yet." when empty."""
    client = Client()
    client.force_login(league.host)
    night = Night.objects.filter(group=league.group, status=NightStatus.CLOSED).first()
    assert night is not None
    html = client.get(f"/nights/{night.pk}/deals/").content.decode()
    assert "<ol" not in html.split('id="deal-list"', 1)[1].split("</section>", 1)[0]
    assert "#1 " in html
    empty = services.create_night(
        group_id=league.group.pk, by=league.host, date=datetime.date(2030, 1, 1)
    )
    html = client.get(f"/nights/{empty.pk}/deals/").content.decode()
    deal_list = html.split('id="deal-list"', 1)[1].split("</section>", 1)[0]
    assert "No games recorded yet." in deal_list
    assert "<ol" not in deal_list
    assert "<li" not in deal_list


def test_previewing_a_preset_fills_in_its_numbers(league: DemoResult, db: None) -> None:
    client = Client()
    client.force_login(league.host)
    response = client.post(
        f"/groups/{league.group.pk}/seasons/new/",
        {
            "key": "league-preset",
            "name": "Turnout",
            "starts_on": "2027-01-01",
            "preset": "turnout",
            "preview": "1",
        },
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'name="places" value="5, 3, 1"' in html
    assert re.search(r'name="taking_part" value="2"', html)


@pytest.mark.parametrize("places", ["1, ²", "10, -3", "a", "1001", ",".join(["1"] * 21)])
def test_bad_points_by_place_are_refused_with_a_message(
    league: DemoResult, db: None, places: str
) -> None:
    client = Client()
    client.force_login(league.host)
    for preview in ({"preview": "1"}, {}):
        response = client.post(
            f"/groups/{league.group.pk}/seasons/new/",
            {
                "key": f"league-bad-{len(places)}-{bool(preview)}",
                "name": "Bad points",
                "starts_on": "2027-01-01",
                "preset": "custom",
                "places": places,
                **preview,
            },
        )
        assert response.status_code == 422
        html = response.content.decode()
        assert "Write whole numbers from 0 to 1000" in html or "At most 20 places" in html
    assert not Season.objects.filter(group=league.group, name="Bad points").exists()
