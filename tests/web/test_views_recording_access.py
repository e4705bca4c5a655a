"""Who may open the recording pages: owner, co-host, player (view only), outsider, anonymous."""

from __future__ import annotations

import pytest
from helpers.clients import client_for
from helpers.pages import record_url, undo_url
from ledger_helpers import Table

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Transaction


@pytest.mark.parametrize("who", ["owner", "cohost"])
def test_hosts_see_the_form_with_a_row_per_player(table: Table, who: str) -> None:
    response = client_for(getattr(table, who)).get(record_url(table))
    assert response.status_code == 200
    html = response.content.decode()
    for pid in table.ids:
        assert f'name="chips_{pid}"' in html
    assert 'name="key"' in html
    assert "<html" in html


def test_a_player_who_may_only_view_gets_403_on_the_form(table: Table) -> None:
    assert client_for(table.viewer).get(record_url(table)).status_code == 403


def test_an_outsider_gets_404_on_every_page(table: Table) -> None:
    client = client_for(table.outsider)
    night = table.night.pk
    assert client.get(record_url(table)).status_code == 404
    assert client.get(f"/nights/{night}/deals/").status_code == 404
    assert client.post(f"/nights/{night}/deals/1/undo/", {"key": "k"}).status_code == 404
    group = table.group.pk
    assert client.get(f"/groups/{group}/players/{table.ids[0]}/history/").status_code == 404


def test_anonymous_is_sent_to_log_in(table: Table) -> None:
    client = client_for(None)
    for url in (record_url(table), f"/nights/{table.night.pk}/deals/"):
        response = client.get(url)
        assert response.status_code == 302
        assert "login" in response["Location"]


def test_an_unknown_game_or_night_is_404(table: Table) -> None:
    client = client_for(table.owner)
    assert client.get(record_url(table, "canasta")).status_code == 404
    assert client.get("/nights/99999/record/guts/").status_code == 404


def test_the_viewer_sees_the_recorded_games_without_undo(table: Table) -> None:
    """Games that a host could undo, and one a host is told why not: the viewer
    sees each game and its chips, and neither an undo button nor the reason."""
    anna, ben, carla = table.ids
    hand = services.record_table_hand(
        night_id=table.night.pk,
        by=table.owner,
        key="hand-1",
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={anna: 6, ben: 6, carla: 2},
            folded=frozenset({carla}),
            showdown=HostRanking(groups=((ben,), (anna,))),
        ),
    )
    deals = [
        services.record_guts_deal(
            night_id=table.night.pk,
            by=table.owner,
            key=key,
            in_players=[winner, loser],
            showdown=HostRanking(groups=((winner,), (loser,))),
        )
        for key, winner, loser in (("guts-1", anna, ben), ("guts-2", ben, anna))
    ]
    for page in (f"/nights/{table.night.pk}/deals/", f"/nights/{table.night.pk}/"):
        host_html = client_for(table.owner).get(page).content.decode()
        response = client_for(table.viewer).get(page)
        assert response.status_code == 200
        html = response.content.decode()
        for shown in ("#1 Seven-card stud", "Ben +8", "Anna -6", "#2 Guts", "#3 Guts"):
            assert shown in html, shown
        # What the host is offered, so that the viewer's page is known to lack it.
        for offered in (undo_url(table, hand), undo_url(table, deals[1])):
            assert offered in host_html
            assert offered not in html
        assert "Undo Guts #3 first." in host_html
        assert "Undo Guts #3 first." not in html
        assert "/undo/" not in html
        assert ">Undo<" not in html


def test_the_viewer_cannot_post_a_game(table: Table) -> None:
    response = client_for(table.viewer).post(record_url(table), {"key": "k", "confirm": "1"})
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
    response = client_for(table.owner).get(record_url(table, game))
    assert response.status_code == 200


def test_an_htmx_request_gets_only_the_form(table: Table) -> None:
    response = client_for(table.owner).get(record_url(table), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<form id="record-form"')
    assert "<html" not in html
    assert "HX-Request" in response["Vary"]
