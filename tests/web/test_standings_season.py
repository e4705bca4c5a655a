"""Season standings from the ledger, the chart, and a player's history: numbers pinned."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client
from ledger_helpers import make_user

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.charts import line_chart
from gamenight.models import Group, Player, Role, Season
from gamenight.services.standings import night_places, season_standings


@dataclass
class Season2:
    group: Group
    season: Season
    players: dict[str, Player]
    owner: User
    viewer: User
    outsider: User


def hand(night_id: int, by: User, key: str, put_in: dict[int, int], **kw: object) -> None:
    services.record_table_hand(
        night_id=night_id,
        by=by,
        key=key,
        hand=services.TableHandInput(game="seven-card-stud", put_in=put_in, **kw),  # type: ignore[arg-type]
    )


@pytest.fixture
def two_nights(db: None) -> Season2:
    """Night 1: Ben beats Anna, Carla folds (Anna -6, Ben +8, Carla -2).
    Night 2, without Carla: Anna beats Ben (+5/-5); a rebuy and an undone hand do not count."""
    owner, viewer, outsider = make_user("owner"), make_user("viewer"), make_user("outsider")
    group = services.create_group(name="Friday", host=owner)
    services.join_group(token=group.invite_token, user=viewer)
    services.set_role(group_id=group.pk, by=owner, user=viewer, role=Role.PLAYER)
    services.create_group(name="Other", host=outsider)
    players = {
        n: services.add_player(group_id=group.pk, by=owner, name=n)
        for n in ("Anna", "Ben", "Carla")
    }
    anna, ben, carla = (players[n].pk for n in ("Anna", "Ben", "Carla"))
    season = services.create_season(
        group_id=group.pk, by=owner, name="2026", starts_on=datetime.date(2026, 1, 1)
    )
    first = services.create_night(
        group_id=group.pk, by=owner, date=datetime.date(2026, 3, 6), season_id=season.pk
    )
    services.start_night(night_id=first.pk, by=owner, key="s1", players=[anna, ben, carla])
    hand(
        first.pk,
        owner,
        "h1",
        {anna: 6, ben: 6, carla: 2},
        folded=frozenset({carla}),
        showdown=HostRanking(groups=((ben,), (anna,))),
    )
    services.end_night(night_id=first.pk, by=owner)
    second = services.create_night(
        group_id=group.pk, by=owner, date=datetime.date(2026, 3, 13), season_id=season.pk
    )
    services.start_night(night_id=second.pk, by=owner, key="s2", players=[anna, ben])
    services.rebuy(night_id=second.pk, by=owner, key="r", player_id=ben, amount=20)
    hand(second.pk, owner, "h2", {anna: 5, ben: 5}, showdown=HostRanking(groups=((anna,), (ben,))))
    hand(second.pk, owner, "h3", {anna: 9, ben: 9}, showdown=HostRanking(groups=((ben,), (anna,))))
    from gamenight.models import Transaction

    services.undo(
        night_id=second.pk,
        by=owner,
        key="u",
        transaction_id=Transaction.objects.get(idempotency_key="h3").pk,
    )
    services.end_night(night_id=second.pk, by=owner)
    # A running night does not count yet.
    third = services.create_night(
        group_id=group.pk, by=owner, date=datetime.date(2026, 3, 20), season_id=season.pk
    )
    services.start_night(night_id=third.pk, by=owner, key="s3", players=[anna, ben])
    hand(third.pk, owner, "h4", {anna: 20, ben: 20}, showdown=HostRanking(groups=((anna,), (ben,))))
    return Season2(group, season, players, owner, viewer, outsider)


def rows(s: Season2, points: tuple[int, ...] | None = None) -> list[tuple[object, ...]]:
    result = season_standings(s.season, points=points)
    return [
        (r.name, r.net, r.nights_played, r.nights_won, r.average, r.best_net, r.points, r.running)
        for r in result.rows
    ]


def test_standings_numbers_are_pinned(two_nights: Season2) -> None:
    assert rows(two_nights) == [
        ("Ben", 3, 2, 1, 1.5, 8, 0, [8, 3]),
        ("Anna", -1, 2, 1, -0.5, 5, 0, [-6, -1]),
        ("Carla", -2, 1, 0, -2.0, -2, 0, [-2, -2]),
    ]


def test_points_by_night_rank(two_nights: Season2) -> None:
    # Night 1: Ben 10, Carla 7, Anna 5. Night 2: Anna 10, Ben 7.
    assert [(r[0], r[6]) for r in rows(two_nights, points=(10, 7, 5, 3))] == [
        ("Ben", 17),
        ("Anna", 15),
        ("Carla", 7),
    ]


def test_tied_nets_share_a_place() -> None:
    assert night_places({1: 5, 2: -3, 3: 5, 4: 0}) == {1: 1, 3: 1, 4: 3, 2: 4}


def test_standings_take_a_bounded_number_of_queries(
    two_nights: Season2, django_assert_max_num_queries: object
) -> None:
    with django_assert_max_num_queries(3):  # type: ignore[operator]
        season_standings(two_nights.season, points=(10, 7))


def url(s: Season2) -> str:
    return f"/groups/{s.group.pk}/seasons/{s.season.pk}/standings/"


def test_the_standings_page_shows_the_table_and_the_chart(
    two_nights: Season2, django_assert_max_num_queries: object
) -> None:
    client = Client()
    client.force_login(two_nights.viewer)
    with django_assert_max_num_queries(12):  # type: ignore[operator]
        response = client.get(url(two_nights))
    html = response.content.decode()
    assert response.status_code == 200
    assert re.findall(r'class="num net"[^>]*>([^<]+)<', html) == ["+3", "-1", "-2"]
    assert re.findall(r'class="num average"[^>]*>([^<]+)<', html) == ["1.5", "-0.5", "-2"]
    assert "<svg" in html
    assert html.count("<polyline") == 3
    assert "<script" not in html.split("<main", 1)[1]


def test_the_standings_page_with_points(two_nights: Season2) -> None:
    client = Client()
    client.force_login(two_nights.owner)
    html = client.get(url(two_nights), {"points": "on"}).content.decode()
    assert re.findall(r'class="num points"[^>]*>([^<]+)<', html) == ["17", "15", "7"]


def test_an_htmx_request_gets_the_standings_partial(two_nights: Season2) -> None:
    client = Client()
    client.force_login(two_nights.owner)
    html = client.get(url(two_nights), HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<section id="standings-table"')


def test_outsiders_and_anonymous_do_not_see_standings(two_nights: Season2) -> None:
    client = Client()
    assert client.get(url(two_nights)).status_code == 302
    client.force_login(two_nights.outsider)
    assert client.get(url(two_nights)).status_code == 404
    other = Season.objects.create(
        group=Group.objects.get(name="Other"), name="x", starts_on=datetime.date(2026, 1, 1)
    )
    client.force_login(two_nights.owner)
    assert (
        client.get(f"/groups/{two_nights.group.pk}/seasons/{other.pk}/standings/").status_code
        == 404
    )


def test_the_player_page_lists_nights_nets_and_games_dealt(
    two_nights: Season2, django_assert_max_num_queries: object
) -> None:
    client = Client()
    client.force_login(two_nights.viewer)
    anna = two_nights.players["Anna"]
    with django_assert_max_num_queries(10):  # type: ignore[operator]
        response = client.get(f"/groups/{two_nights.group.pk}/players/{anna.pk}/history/")
    html = response.content.decode()
    assert response.status_code == 200
    # Newest first: the running night (+20), night 2 (+5), night 1 (-6).
    assert re.findall(r'class="num net"[^>]*>([^<]+)<', html) == ["+20", "+5", "-6"]
    # Anna dealt the first hand of each night (the undone hand in night 2 was Ben's).
    assert re.findall(r'class="num dealt">([^<]+)<', html) == ["1", "1", "1"]


def test_the_chart_escapes_names() -> None:
    svg = line_chart(labels=["a"], series=[("<b>Eve</b>", [3])])
    assert "<b>" not in svg
    assert "&lt;b&gt;Eve" in svg


def test_worst_night_and_longest_winning_run(two_nights: Season2) -> None:
    result = season_standings(two_nights.season)
    figures = {r.name: (r.worst_net, r.longest_run) for r in result.rows}
    # Ben won night 1 (+8) and lost night 2 (-5); Anna the other way round.
    assert figures == {"Ben": (-5, 1), "Anna": (-6, 1), "Carla": (-2, 0)}


def test_standings_by_the_seasons_stored_rule_and_by_chips(two_nights: Season2) -> None:
    from gamenight.services.scoring import ScoringRule

    season = two_nights.season
    # Night 1: Ben 1st, Carla 2nd, Anna 3rd; night 2: Anna 1st, Ben 2nd.
    season.scoring = ScoringRule(places=(3, 2, 1), taking_part=10).to_json()
    season.save()
    client = Client()
    client.force_login(two_nights.owner)
    html = client.get(url(two_nights)).content.decode()
    assert re.findall(r'class="num points"[^>]*>([^<]+)<', html) == ["25", "24", "12"]
    chips = client.get(url(two_nights), {"by": "chips"}).content.decode()
    assert 'class="num points"' not in chips
    assert re.findall(r'class="num net"[^>]*>([^<]+)<', chips) == ["+3", "-1", "-2"]


def test_the_player_page_shows_nights_won_best_worst_and_results_per_game(
    two_nights: Season2,
) -> None:
    client = Client()
    client.force_login(two_nights.viewer)
    anna = two_nights.players["Anna"]
    html = client.get(f"/groups/{two_nights.group.pk}/players/{anna.pk}/history/").content.decode()
    # Closed nights only: -6 and +5 (the running night's +20 is not over yet).
    assert re.findall(r'<dd class="(played|won|average|run)">([^<]+)<', html) == [
        ("played", "2"),
        ("won", "1"),
        ("average", "-0.5"),
        ("run", "1"),
    ]
    assert re.search(r'<dd class="best">\+5 ', html)
    assert re.search(r'<dd class="worst">-6 ', html)
    # Seven-card stud: hand 1 lost (-6), hand 2 won (+5); the undone hand 3 is no game.
    row = html.split('data-game="seven-card-stud"', 1)[1].split("</tr>", 1)[0]
    assert "Seven-card stud" in row
    assert re.findall(r'class="num (played|won|game-net)"[^>]*>([^<]+)<', row) == [
        ("played", "2"),
        ("won", "1"),
        ("game-net", "-1"),
    ]
