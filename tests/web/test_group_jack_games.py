"""Jack the Shifter's agreed list of games, a house rule of the group (issue 13, ruling 16).

The sheet: "For this game to work, the group must have an agreed list of
seven-card stud games that they normally play." The host keeps it on the group
page; a digital hand of Jack the Shifter offers a jack only the listed games.
"""

from __future__ import annotations

import random

import pytest
from django.test import Client
from ledger_helpers import Table

from engine.cards import Deck, parse_cards
from engine.games import ActionName
from gamenight.models import Group
from gamenight.services import digital
from gamenight.services.jack_games import jack_targets

HX = {"HTTP_HX_REQUEST": "true"}
TARGETS = [
    "seven-card-stud",
    "baseball",
    "football",
    "woolworth",
    "rainy-day-baseball",
    "good-bad-ugly",
    "sequence",
    "second-hand-high",
]


def _url(table: Table) -> str:
    return f"/groups/{table.group.pk}/jack-games/"


def _list(table: Table) -> list[str]:
    return list(Group.objects.get(pk=table.group.pk).jack_games)


def test_every_target_is_on_a_new_groups_list(table: Table) -> None:
    assert jack_targets() == TARGETS
    assert _list(table) == TARGETS


def test_the_host_sees_a_checkbox_per_game_in_german(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    html = client.get(f"/groups/{table.group.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Spiele, zu denen ein Bube wechseln darf" in html
    assert html.count('name="games"') == len(TARGETS)
    assert 'value="good-bad-ugly"' in html
    assert "Liste speichern" in html


def test_the_host_edits_the_list(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    response = client.post(_url(table), {"key": "k1", "games": ["sequence", "seven-card-stud"]})
    assert response.status_code == 302
    assert response["Location"] == f"/groups/{table.group.pk}/#jack-games"
    # Kept in the catalogue's order.
    assert _list(table) == ["seven-card-stud", "sequence"]
    page = client.get(f"/groups/{table.group.pk}/")
    assert page.context["jack_form"]["games"].value() == ["seven-card-stud", "sequence"]


def test_a_double_tap_writes_once(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    first = client.post(_url(table), {"key": "k1", "games": ["sequence"]})
    # The second tap of the same form (same key) changes nothing, even if the boxes differ.
    second = client.post(_url(table), {"key": "k1", "games": ["baseball"]})
    assert first.status_code == 302
    assert second.status_code in (302, 422)
    assert _list(table) == ["sequence"]


def test_an_empty_list_is_allowed(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    assert client.post(_url(table), {"key": "k1"}).status_code == 302
    assert _list(table) == []


@pytest.mark.parametrize("who", ["cohost", "viewer"])
def test_a_cohost_or_player_cannot_edit_the_list(client: Client, table: Table, who: str) -> None:
    client.force_login(getattr(table, who))
    response = client.post(_url(table), {"key": "k1", "games": ["sequence"]})
    assert response.status_code == 403
    assert _list(table) == TARGETS
    page = client.get(f"/groups/{table.group.pk}/").content.decode()
    assert 'name="games"' not in page
    assert "Second Hand High" in page  # the list, read only


def test_another_groups_host_gets_a_404(client: Client, table: Table) -> None:
    client.force_login(table.outsider)
    response = client.post(_url(table), {"key": "k1", "games": ["sequence"]})
    assert response.status_code == 404
    assert _list(table) == TARGETS


@pytest.mark.parametrize(
    "data",
    [
        {"key": "k1", "games": ["texas-holdem"]},
        {"key": "k1", "games": ["jack-the-shifter"]},
        {"key": "k1", "games": ["<script>"]},
        {"games": ["sequence"]},
    ],
)
def test_bad_input_gets_a_german_message_and_changes_nothing(
    client: Client, table: Table, data: dict[str, object]
) -> None:
    client.force_login(table.owner)
    response = client.post(_url(table), data, HTTP_ACCEPT_LANGUAGE="de", **HX)
    html = response.content.decode()
    assert response.status_code == 422
    assert 'role="alert"' in html
    refused = ("ist kein Spiel, zu dem ein Bube wechseln darf", "Das Formular war veraltet")
    assert any(message in html for message in refused)
    assert "<script>" not in html
    assert _list(table) == TARGETS


# ---------------------------------------------------------------- a digital hand

# The first face-up card of 3rd street is a jack, whoever gets it: its holder is asked.
JACKS = parse_cards("2♣ 5♠ 8♠ 3♦ 6♦ 9♣ J♠ J♥ J♦")


def _jack_hand_games(table: Table, key: str = "s") -> list[str | None]:
    table.night.allowed_games = ["jack-the-shifter"]
    table.night.save()
    hand = digital.start_hand(
        night_id=table.night.pk,
        by=table.owner,
        key=key,
        game="jack-the-shifter",
        deck=Deck(random.Random(0), stacked=JACKS),
    )
    state = digital.hand_state(hand)
    assert state.actor is not None
    return [a.game for a in state.legal_actions() if a.kind is ActionName.SWITCH_GAME]


def test_a_digital_hand_offers_only_the_groups_games(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    client.post(_url(table), {"key": "k1", "games": ["seven-card-stud", "sequence", "baseball"]})
    # seven-card stud is played already: the jack may switch to the other two.
    assert _jack_hand_games(table) == ["baseball", "sequence"]


def test_the_nights_options_still_narrow_the_groups_list(table: Table) -> None:
    table.night.game_options = {"jack-the-shifter": {"allow_second_hand_high": False}}
    table.night.save()
    games = _jack_hand_games(table)
    assert "second-hand-high" not in games
    assert {"good-bad-ugly", "sequence", "baseball"} <= set(games)
