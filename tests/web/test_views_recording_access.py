"""Who may open the recording pages: owner, co-host, player (view only), outsider, anonymous."""

from __future__ import annotations

import pytest
from django.test import Client
from ledger_helpers import Table

from gamenight.models import Transaction


def client_for(user: object | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)  # type: ignore[arg-type]
    return client


def form_url(table: Table, game: str = "seven-card-stud") -> str:
    return f"/nights/{table.night.pk}/record/{game}/"


@pytest.mark.parametrize("who", ["owner", "cohost"])
def test_hosts_see_the_form_with_a_row_per_player(table: Table, who: str) -> None:
    response = client_for(getattr(table, who)).get(form_url(table))
    assert response.status_code == 200
    html = response.content.decode()
    for pid in table.ids:
        assert f'name="chips_{pid}"' in html
    assert 'name="key"' in html
    assert "<html" in html


def test_a_player_who_may_only_view_gets_403_on_the_form(table: Table) -> None:
    assert client_for(table.viewer).get(form_url(table)).status_code == 403


def test_an_outsider_gets_404_on_every_page(table: Table) -> None:
    client = client_for(table.outsider)
    night = table.night.pk
    assert client.get(form_url(table)).status_code == 404
    assert client.get(f"/nights/{night}/deals/").status_code == 404
    assert client.post(f"/nights/{night}/deals/1/undo/", {"key": "k"}).status_code == 404
    group = table.group.pk
    assert client.get(f"/groups/{group}/players/{table.ids[0]}/history/").status_code == 404


def test_anonymous_is_sent_to_log_in(table: Table) -> None:
    client = client_for(None)
    for url in (form_url(table), f"/nights/{table.night.pk}/deals/"):
        response = client.get(url)
        assert response.status_code == 302
        assert "login" in response["Location"]


def test_an_unknown_game_or_night_is_404(table: Table) -> None:
    client = client_for(table.owner)
    assert client.get(form_url(table, "canasta")).status_code == 404
    assert client.get("/nights/99999/record/guts/").status_code == 404


def test_the_viewer_sees_the_recorded_games_without_undo(table: Table) -> None:
    response = client_for(table.viewer).get(f"/nights/{table.night.pk}/deals/")
    assert response.status_code == 200
    assert "Undo" not in response.content.decode()


def test_the_viewer_cannot_post_a_game(table: Table) -> None:
    response = client_for(table.viewer).post(form_url(table), {"key": "k", "confirm": "1"})
    assert response.status_code == 403
    assert not Transaction.objects.filter(idempotency_key="k").exists()


@pytest.mark.parametrize(
    "game",
    [
        "seven-card-stud",
        "baseball",
        "no-peek",
        "spit-in-the-ocean",
        "guts",
        "shelby",
        "psycho-shelby",
        "guts3",
    ],
)
def test_every_family_renders_its_form(table: Table, game: str) -> None:
    response = client_for(table.owner).get(form_url(table, game))
    assert response.status_code == 200


def test_an_htmx_request_gets_only_the_form(table: Table) -> None:
    response = client_for(table.owner).get(form_url(table), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<form id="record-form"')
    assert "<html" not in html
    assert "HX-Request" in response["Vary"]
