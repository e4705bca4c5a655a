"""The report pages against the owner, a co-host, a member who may only view, an outsider."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from helpers.clients import client_for
from report_people import People, make_people, played_night

from gamenight import services
from gamenight.models import Night, NightReport, ReportStatus, SeasonReport
from gamenight.reports import build


@pytest.fixture
def people(db: None) -> People:
    return make_people(players=4)


@pytest.fixture
def night(people: People, django_capture_on_commit_callbacks: Any) -> Night:
    with django_capture_on_commit_callbacks(execute=False):
        return played_night(people, games=6)


def test_a_queued_report_shows_progress_that_polls_and_a_refresh_link(
    people: People, night: Night
) -> None:
    url = reverse("night_report", args=[night.pk])
    page = client_for(people.viewer).get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'hx-trigger="every 2s"' in html
    assert f'href="{url}"' in html  # works without JavaScript
    assert "waiting" in html


def test_htmx_polling_gets_the_partial_and_stops_when_ready(people: People, night: Night) -> None:
    url = reverse("night_report", args=[night.pk])
    client = client_for(people.owner)
    partial = client.get(url, headers={"HX-Request": "true"})
    assert "<html" not in partial.content.decode()
    assert "every 2s" in partial.content.decode()
    build.build_night(night.pk)
    ready = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "every 2s" not in ready
    assert "Anna" in ready
    assert reverse("night_report_png", args=[night.pk]) in ready


def test_members_see_the_ready_report_its_chart_and_csv(people: People, night: Night) -> None:
    build.build_night(night.pk)
    report = NightReport.objects.get(night=night)
    client = client_for(people.viewer)
    html = client.get(reverse("night_report", args=[night.pk])).content.decode()
    for row in report.data["results"]:
        assert row["name"] in html
        assert f"{row['result']:+d}" in html
    png = client.get(reverse("night_report_png", args=[night.pk]))
    assert (png.status_code, png["Content-Type"]) == (200, "image/png")
    csv = client.get(reverse("night_report_csv", args=[night.pk]))
    assert csv.status_code == 200
    assert csv.content.decode() == report.csv


@pytest.mark.parametrize("name", ["night_report", "night_report_png", "night_report_csv"])
def test_it_hides_the_report_from_an_outsider(people: People, night: Night, name: str) -> None:
    build.build_night(night.pk)
    assert client_for(people.outsider).get(reverse(name, args=[night.pk])).status_code == 404


def test_a_failed_report_shows_the_reason(people: People, night: Night) -> None:
    NightReport.objects.filter(night=night).update(
        status=ReportStatus.FAILED, error="the night is not over yet", built_generation=1
    )
    html = client_for(people.owner).get(reverse("night_report", args=[night.pk])).content.decode()
    assert "the night is not over yet" in html
    assert "every 2s" not in html


def test_the_host_builds_again_once_per_key(
    people: People, night: Night, django_capture_on_commit_callbacks: Any
) -> None:
    build.build_night(night.pk)
    url = reverse("night_report_rebuild", args=[night.pk])
    client = client_for(people.cohost)
    with django_capture_on_commit_callbacks(execute=False):
        first = client.post(url, {"key": "k1"})
        again = client.post(url, {"key": "k1"})  # a double tap
    assert first.status_code == again.status_code == 302
    report = NightReport.objects.get(night=night)
    assert (report.generation, report.status) == (2, ReportStatus.QUEUED)


def test_a_viewer_may_not_build_again_and_an_outsider_cannot_tell(
    people: People, night: Night
) -> None:
    url = reverse("night_report_rebuild", args=[night.pk])
    assert client_for(people.viewer).post(url, {"key": "k"}).status_code == 403
    assert client_for(people.outsider).post(url, {"key": "k"}).status_code == 404
    assert NightReport.objects.get(night=night).generation == 1


def test_it_rejects_get_on_build_again(people: People, night: Night) -> None:
    url = reverse("night_report_rebuild", args=[night.pk])
    assert client_for(people.owner).get(url).status_code == 405


def test_the_host_sets_the_chip_value_and_bad_input_is_shown(people: People, night: Night) -> None:
    url = reverse("chip_value", args=[people.group.pk])
    client = client_for(people.owner)
    bad = client.post(url, {"key": "c0", "chip_value": "-1"})
    assert bad.status_code == 422
    people.group.refresh_from_db()
    assert people.group.chip_value_cents is None
    ok = client.post(url, {"key": "c1", "chip_value": "0.25", "next": "/"})
    assert ok.status_code == 302
    people.group.refresh_from_db()
    assert people.group.chip_value_cents == 25
    assert client_for(people.cohost).post(url, {"key": "c2", "chip_value": "1"}).status_code == 403
    assert (
        client_for(people.outsider).post(url, {"key": "c3", "chip_value": "1"}).status_code == 404
    )


def test_the_season_report_page(people: People, django_capture_on_commit_callbacks: Any) -> None:
    import datetime

    season = services.create_season(
        group_id=people.group.pk,
        by=people.owner,
        name="Winter",
        starts_on=datetime.date(2026, 1, 1),
    )
    with django_capture_on_commit_callbacks(execute=False):
        played_night(people, games=4, season=season)
    url = reverse("season_report", args=[people.group.pk, season.pk])
    assert "every 2s" in client_for(people.viewer).get(url).content.decode()
    build.build_season(season.pk)
    html = client_for(people.viewer).get(url).content.decode()
    assert "Anna" in html
    assert SeasonReport.objects.get(season=season).status == ReportStatus.READY
    png = client_for(people.viewer).get(
        reverse("season_report_png", args=[people.group.pk, season.pk])
    )
    assert png.status_code == 200
    assert client_for(people.outsider).get(url).status_code == 404


def test_a_build_being_retried_says_which_attempt_it_is(people: People, night: Night) -> None:
    NightReport.objects.filter(night=night).update(status=ReportStatus.RUNNING, attempts=2)
    client = client_for(people.viewer)
    url = reverse("night_report", args=[night.pk])
    assert f"Attempt 2 of {build.MAX_ATTEMPTS}" in client.get(url).content.decode()
    german = client.get(url, headers={"Accept-Language": "de"}).content.decode()
    assert f"Versuch 2 von {build.MAX_ATTEMPTS}" in german
    NightReport.objects.filter(night=night).update(attempts=1)
    assert "Attempt" not in client.get(url).content.decode()


def test_the_night_report_names_games_as_people_say_them_and_fits_a_phone(
    people: People, night: Night
) -> None:
    """ "Who dealt what" said "seven-card-stud"; the results table was six columns wide."""
    from gamenight.games import game_title

    build.build_night(night.pk)
    report = NightReport.objects.get(night=night)
    html = client_for(people.viewer).get(reverse("night_report", args=[night.pk])).content.decode()
    dealers = html.split('class="list dealers"', 1)[1].split("</ul>", 1)[0]
    for dealer in report.data["dealers"]:
        for game in dealer["games"]:
            assert f"{game_title(game['game'])} {game['count']}" in dealers
            if game_title(game["game"]) != game["game"]:
                assert f"{game['game']} " not in dealers
    # Each figure of a result carries its label, for the stacked rows on a phone.
    assert 'class="nets cards"' in html
    assert 'data-label="Final stack"' in html
    # The chart's picture is as tall as the PNG the worker draws (legend under the plot).
    assert 'width="480" height="640"' in html


def test_the_season_report_ranks_by_the_seasons_scoring_rule(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    import datetime

    from gamenight.services.scoring import ScoringRule

    rule = ScoringRule(places=(5, 3, 1), taking_part=2)
    season = services.create_season(
        group_id=people.group.pk,
        by=people.owner,
        name="Points",
        starts_on=datetime.date(2026, 1, 1),
        scoring=rule.to_json(),
    )
    with django_capture_on_commit_callbacks(execute=False):
        played_night(people, games=4, season=season)
    build.build_season(season.pk)
    data = SeasonReport.objects.get(season=season).data
    assert data["by_points"] is True
    points = [row["points"] for row in data["standings"]]
    assert points == sorted(points, reverse=True)
    assert points[0] == 5 + 2
    html = (
        client_for(people.viewer)
        .get(reverse("season_report", args=[people.group.pk, season.pk]))
        .content.decode()
    )
    assert re.findall(r'class="num points"[^>]*>(\d+)<', html) == [str(p) for p in points]
    # The nights' dates the reader's way, not as stored (2026-03-06).
    day = datetime.date.fromisoformat(data["nights"][0]["date"])
    assert f">{day:%m/%d/%Y}</a>" in html
    assert f">{day.isoformat()}</a>" not in html
