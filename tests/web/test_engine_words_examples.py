"""The engine's messages issue 15 found in English on German pages, each shown on its
page in German (no English left) and in English as before, cards in the reader's
notation."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

import pytest
from django.test import Client
from helpers.clients import client_for
from helpers.pages import record_url
from ledger_helpers import Table
from seat_phones import link_of, phone, post_move, start

from engine.games import GAMES
from gamenight.models import HandAction, Transaction
from gamenight.services import digital


def _text(content: bytes) -> str:
    """The page's words: tags dropped, entities decoded, runs of space folded."""
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", content.decode())))


def _form(table: Table, chips: dict[str, int], **per_player: dict[str, Any]) -> dict[str, Any]:
    by_name = {p.name: p.pk for p in table.players}
    data: dict[str, Any] = {"key": "key-1", "confirm": "1"}
    data |= {f"chips_{by_name[name]}": amount for name, amount in chips.items()}
    for field, values in per_player.items():
        data |= {f"{field}_{by_name[name]}": value for name, value in values.items()}
    return data


def _refused(table: Table, lang: str, data: dict[str, Any], game: str = "seven-card-stud") -> str:
    """Post the recording form in ``lang``; nothing may be booked."""
    client = client_for(table.owner, HTTP_ACCEPT_LANGUAGE=lang)
    before = Transaction.objects.count()
    response = client.post(record_url(table, game), data)
    assert response.status_code == 200
    assert Transaction.objects.count() == before
    return _text(response.content)


PLACES = {"Anna": 1, "Ben": 2, "Carla": 3}


def test_a_card_that_is_no_card_is_refused_in_german(table: Table) -> None:
    data = _form(table, {"Anna": 3, "Ben": 3, "Carla": 3}, cards={"Anna": "As Zx", "Ben": "Kd"})
    german = _refused(table, "de", data)
    assert "„Zx“ ist keine Karte: unbekannter Rang „Z“" in german
    assert "is not a card" not in german
    assert "unknown rank" not in german
    english = _refused(table, "en", data)
    assert "'Zx' is not a card: unknown rank 'Z' (2-10, J/B, Q/D, K, A)" in english


def test_a_short_call_is_refused_in_german(table: Table) -> None:
    data = _form(table, {"Anna": 5, "Ben": 3, "Carla": 5}, place=PLACES)
    german = _refused(table, "de", data)
    assert (
        "Ben hat 3 eingesetzt, aber zum Mitgehen braucht es 5: markiere Ben als ausgestiegen "
        "oder all-in" in german
    )
    assert "but the call is" not in german
    assert "mark Ben" not in german
    english = _refused(table, "en", data)
    assert "Ben put in 3 but the call is 5: mark Ben folded or all-in" in english


def test_more_chips_than_the_stack_are_refused_in_german(table: Table) -> None:
    data = _form(table, {"Anna": 60, "Ben": 60, "Carla": 60}, place=PLACES)
    german = _refused(table, "de", data)
    assert "Anna hat 60 eingesetzt, hatte aber nur 50" in german
    assert "but had only" not in german
    assert "Anna put in 60 but had only 50" in _refused(table, "en", data)


def test_a_guts_hand_of_three_cards_is_refused_in_german(table: Table) -> None:
    data = _form(
        table,
        {},
        **{"in": {"Anna": "on", "Ben": "on"}},
        cards={"Anna": "As Ad Kc", "Ben": "Kh Qh"},
    )
    german = _refused(table, "de", data, game="guts")
    assert "Anna zeigt 3 Karten: bei Guts sind es 2" in german
    assert "shows 3 cards" not in german
    assert "deals 2" not in german
    english = _refused(table, "en", data, game="guts")
    assert "Anna shows 3 cards: Guts takes 2" in english


def test_a_card_in_two_hands_is_named_in_the_readers_notation(table: Table) -> None:
    """The host typed D♠ for Anna and Qs for Ben: the same card, named as the reader
    writes it (D♠ in German, Q♠ in English), never in the engine's notation."""
    data = _form(
        table,
        {"Anna": 3, "Ben": 3, "Carla": 3},
        cards={"Anna": "D♠ K♥ 2h 3h 4h", "Ben": "Qs 2c 5d 6d 7d", "Carla": "9c Tc Jc 8s 7s"},
    )
    german = _refused(table, "de", data, game="five-card-draw")
    assert "D♠ kommt zweimal vor" in german
    assert "Qs kommt" not in german
    assert "appears twice" not in german
    assert "Q♠ appears twice" in _refused(table, "en", data, game="five-card-draw")


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def _seat_refusal(night: Table, lang: str) -> str:
    """The actor of a five-card draw (49 chips after the ante) bets 99 from the seat page."""
    hand = start(night, game="five-card-draw", key=f"start-{lang}")
    state = digital.hand_state(hand)
    link = link_of(hand, state.actor)
    client = phone(link, Client(HTTP_ACCEPT_LANGUAGE=lang))
    data = {"action": "bet", "version": "0", "key": f"k-{lang}", "amount": "99"}
    # The same phone holds the seat in both hands: the language goes with the request.
    response = post_move(client, link, data, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 422
    assert not HandAction.objects.filter(hand=hand).exists()
    name = state.names[state.actor]
    digital.abandon_hand(
        night_id=night.night.pk, hand_id=hand.pk, by=night.owner, key=f"abandon-{lang}"
    )
    return _text(response.content).replace(name, "NAME")


def test_a_bet_beyond_the_stack_is_refused_on_the_seat_page_in_german(night: Table) -> None:
    german = _seat_refusal(night, "de")
    assert "NAME kann nicht 99 setzen: dafür braucht es 99 Chips und NAME hat 49" in german
    assert "cannot bet" not in german
    assert "that takes" not in german
    english = _seat_refusal(night, "en")
    assert "NAME cannot bet 99: that takes 99 chips and NAME has 49" in english


def _preview(table: Table, lang: str, game: str, data: dict[str, Any]) -> str:
    client = client_for(table.owner, HTTP_ACCEPT_LANGUAGE=lang)
    response = client.post(record_url(table, game), {**data, "preview": "1"})
    assert response.status_code == 200
    return _text(response.content)


def test_the_guts_preview_explains_the_deal_in_german(table: Table) -> None:
    data = _form(table, {}, **{"in": {"Anna": "on", "Ben": "on"}}, place={"Anna": 1, "Ben": 2})
    del data["confirm"]
    german = _preview(table, "de", "guts", data)
    assert "Anna, Ben und Carla zahlen je 1 Ante: der Pot war leer" in german
    assert "Anna hat die beste Hand und nimmt den Pot von 3" in german
    assert "Ben zahlt den Pot, 3" in german
    assert "the pot was empty" not in german
    assert "has the best hand" not in german
    english = _preview(table, "en", "guts", data)
    assert "Anna, Ben and Carla ante 1 each: the pot was empty" in english
    assert "Anna has the best hand and takes the pot of 3" in english


def test_the_shelby_preview_explains_the_round_in_german(table: Table) -> None:
    data = _form(
        table,
        {},
        **{"in": {"Anna": "on", "Ben": "on"}},
        cards={"Anna": "As Ah", "Ben": "Kd 2c"},
    )
    del data["confirm"]
    german = _preview(table, "de", "shelby", data)
    assert "gezeigte Hände: Anna: Paar, Asse; Ben: Höchste Karte: König" in german
    assert "hands shown" not in german
    assert "pair of aces" not in german
    english = _preview(table, "en", "shelby", data)
    assert "hands shown: Anna: pair of aces; Ben: high card, king" in english
