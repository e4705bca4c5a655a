"""Players and seasons of a group: hosts and co-hosts add them, nobody else."""

from __future__ import annotations

import pytest
from django.test import Client
from ledger_helpers import Table

from gamenight.models import Player, Season

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(params=["players", "seasons"])
def area(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _good(area: str) -> dict[str, str]:
    if area == "players":
        return {"name": "Dora", "email": "dora@example.org", "key": "k1"}
    return {"name": "Winter", "starts_on": "2026-12-01", "key": "k1"}


def _count(table: Table, area: str) -> int:
    model = Player if area == "players" else Season
    return model.objects.filter(group=table.group).count()


@pytest.mark.parametrize("who", ["owner", "cohost"])
def test_hosts_add(client: Client, table: Table, area: str, who: str) -> None:
    client.force_login(getattr(table, who))
    url = f"/groups/{table.group.pk}/{area}/new/"
    assert client.get(url).status_code == 200
    before = _count(table, area)
    response = client.post(url, _good(area))
    assert response.status_code == 302
    assert response["Location"] == f"/groups/{table.group.pk}/"
    assert _count(table, area) == before + 1
    page = client.get(f"/groups/{table.group.pk}/").content.decode()
    assert _good(area)["name"] in page


def test_a_double_tap_adds_once(client: Client, table: Table, area: str) -> None:
    client.force_login(table.owner)
    url = f"/groups/{table.group.pk}/{area}/new/"
    before = _count(table, area)
    client.post(url, _good(area))
    again = client.post(url, _good(area))
    assert again.status_code == 302
    assert _count(table, area) == before + 1


@pytest.mark.parametrize(("who", "status"), [("viewer", 403), ("outsider", 404)])
def test_others_cannot_add(client: Client, table: Table, area: str, who: str, status: int) -> None:
    client.force_login(getattr(table, who))
    url = f"/groups/{table.group.pk}/{area}/new/"
    before = _count(table, area)
    assert client.get(url).status_code == status
    assert client.post(url, _good(area)).status_code == status
    assert _count(table, area) == before


def test_anonymous_is_sent_to_login(client: Client, table: Table, area: str) -> None:
    url = f"/groups/{table.group.pk}/{area}/new/"
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_the_form_htmx_gets_the_partial(client: Client, table: Table, area: str) -> None:
    client.force_login(table.owner)
    url = f"/groups/{table.group.pk}/{area}/new/"
    html = client.get(url, **HX).content.decode()
    assert "<html" not in html
    assert 'id="content"' in html


@pytest.mark.parametrize(
    "data",
    [
        {"name": "", "email": "", "key": "k"},
        {"name": "Dora", "email": "not-an-email", "key": "k"},
        {"name": "Anna", "email": "", "key": "k"},  # the name is taken
        {"name": "x" * 61, "email": "", "key": "k"},
    ],
)
def test_a_bad_player_shows_a_message_and_adds_nothing(
    client: Client, table: Table, data: dict[str, str]
) -> None:
    client.force_login(table.owner)
    response = client.post(f"/groups/{table.group.pk}/players/new/", data)
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
    assert Player.objects.filter(group=table.group).count() == 3


@pytest.mark.parametrize(
    "data",
    [
        {"name": "", "starts_on": "2026-12-01", "key": "k"},
        {"name": "Winter", "starts_on": "yesterday", "key": "k"},
        {"name": "Winter", "starts_on": "2026-13-45", "key": "k"},
    ],
)
def test_a_bad_season_shows_a_message_and_adds_nothing(
    client: Client, table: Table, data: dict[str, str]
) -> None:
    client.force_login(table.owner)
    response = client.post(f"/groups/{table.group.pk}/seasons/new/", data)
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
    assert not Season.objects.filter(group=table.group).exists()


def test_a_season_name_twice_shows_a_message(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    url = f"/groups/{table.group.pk}/seasons/new/"
    client.post(url, {"name": "Winter", "starts_on": "2026-12-01", "key": "a"})
    response = client.post(url, {"name": "Winter", "starts_on": "2027-01-01", "key": "b"})
    assert response.status_code == 422
    assert "already a season" in response.content.decode()
    assert Season.objects.filter(group=table.group).count() == 1
