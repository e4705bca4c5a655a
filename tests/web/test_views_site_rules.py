"""Rules cards: one for every game a night may allow, in German and English."""

from __future__ import annotations

import pytest
from django.test import Client

from gamenight.forms.nights import all_games
from gamenight.views.rules_cards import has_rules_card

HX = {"HTTP_HX_REQUEST": "true"}


def test_every_game_has_a_card() -> None:
    # Both languages of every card: tests/web/test_rules_card_templates.py.
    assert all(has_rules_card(game) for game in all_games())


@pytest.mark.parametrize("game", all_games())
def test_each_card_renders(client: Client, game: str) -> None:
    response = client.get(f"/rules/{game}/")
    assert response.status_code == 200
    assert '<article class="card rules-card"' in response.content.decode()


def test_the_card_speaks_german(client: Client) -> None:
    html = client.get("/rules/guts/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Ist der Pot leer, zahlt jeder das Ante." in html
    assert "Andere Spiele" in html


def test_the_card_lists_the_other_games(client: Client) -> None:
    html = client.get("/rules/guts/?night=7").content.decode()
    assert 'href="/rules/baseball/?night=7">Baseball</a>' in html


def test_the_baseball_card_names_the_wild_cards(client: Client) -> None:
    assert "3s and 9s are wild" in client.get("/rules/baseball/").content.decode()
    html = client.get("/rules/baseball/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "3er und 9er sind wild" in html


def test_an_unknown_game_is_404(client: Client) -> None:
    assert client.get("/rules/poker-of-doom/").status_code == 404


def test_the_card_links_back_to_the_night(client: Client) -> None:
    html = client.get("/rules/guts/?night=7").content.decode()
    assert 'href="/nights/7/"' in html
    html = client.get("/rules/guts/?night=<script>").content.decode()
    assert "/nights/" not in html


def test_the_card_htmx_gets_the_partial(client: Client) -> None:
    response = client.get("/rules/guts/", **HX)
    assert "<html" not in response.content.decode()
    assert "HX-Request" in response["Vary"]
