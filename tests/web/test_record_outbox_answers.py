"""The record form's answers that a phone's outbox relies on (issue 26).

A hand confirmed offline waits on the phone (static/js/outbox.js) and is sent
later, perhaps twice if an answer is lost: a booked hand says so with its id
and the table's version after it, the same key sent again is booked once, a
hand sent on top of a booked one with that version is booked, and a hand the
table moved on from (another phone recorded, the night ended) is refused with why.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from helpers.clients import client_for
from helpers.pages import alerts, record_url
from ledger_helpers import Table, make_table, stacks

from gamenight import services
from gamenight.models import Transaction, TransactionKind
from gamenight.services.table_version import version_after

pytestmark = pytest.mark.django_db


def _hand(table: Table, key: str, winner: int = 0) -> dict[str, Any]:
    ids = table.ids
    data: dict[str, Any] = {"key": key, "confirm": "1", "order": str(ids[winner])}
    for pid in ids:
        data[f"chips_{pid}"] = 2
    data["table"] = services.table_version(table.night)
    return data


def _post(client: Client, table: Table, data: dict[str, Any]) -> Any:
    return client.post(record_url(table, "baseball"), data, headers={"hx-request": "true"})


def _hands(table: Table) -> int:
    return Transaction.objects.filter(night=table.night, kind=TransactionKind.TABLE_HAND).count()


def test_a_booked_hand_says_so_and_a_second_send_books_nothing(table: Table) -> None:
    host = client_for(table.owner)
    data = _hand(table, "phone-1")
    first = _post(host, table, data)
    assert first.status_code == 200, alerts(first.content.decode())
    booked = Transaction.objects.get(idempotency_key="phone-1")
    assert first["Gamenight-Recorded"] == str(booked.pk)
    table.night.refresh_from_db()  # the dealer moved on
    assert first["Gamenight-Table"] == services.table_version(table.night)
    assert first["HX-Redirect"] == f"/nights/{table.night.pk}/"
    # The answer was lost on the way: the outbox sends the same hand again.
    again = _post(host, table, data)
    assert again["Gamenight-Recorded"] == str(booked.pk)
    assert _hands(table) == 1
    assert stacks(table.night) == {"Anna": 54, "Ben": 48, "Carla": 48}


def test_a_hand_sent_on_top_of_a_booked_one_with_its_version_is_booked(table: Table) -> None:
    host = client_for(table.owner)
    first = _hand(table, "phone-1")
    second = {**_hand(table, "phone-2", winner=1), "table": first["table"]}  # filled offline
    after = _post(host, table, first)["Gamenight-Table"]
    second["table"] = after
    assert _post(host, table, second)["Gamenight-Recorded"]
    assert _hands(table) == 2
    assert stacks(table.night) == {"Anna": 52, "Ben": 52, "Carla": 46}


def test_a_hand_kept_while_another_phone_recorded_is_refused_saying_what(table: Table) -> None:
    host = client_for(table.owner)
    kept_hand = _hand(table, "phone-1")
    _post(client_for(table.cohost), table, _hand(table, "other-phone", winner=2))
    refused = _post(host, table, kept_hand)
    assert "Gamenight-Recorded" not in refused
    said = alerts(refused.content.decode())
    assert any("The table changed since this preview" in a for a in said), said
    assert not Transaction.objects.filter(idempotency_key="phone-1").exists()


def test_the_version_after_a_hand_no_longer_matches_once_another_is_recorded(
    table: Table,
) -> None:
    host = client_for(table.owner)
    _post(host, table, _hand(table, "phone-1"))
    booked = Transaction.objects.get(idempotency_key="phone-1")
    table.night.refresh_from_db()
    assert version_after(table.night, booked) == services.table_version(table.night)
    _post(client_for(table.cohost), table, _hand(table, "other-phone"))
    assert version_after(table.night, booked) == f"{booked.pk}.changed"


def test_after_the_night_ended_a_booked_hand_is_still_booked_and_a_new_one_refused() -> None:
    table = make_table()
    host = client_for(table.owner)
    booked_hand = _hand(table, "phone-1")
    _post(host, table, booked_hand)
    services.end_night(night_id=table.night.pk, by=table.owner)
    again = _post(host, table, booked_hand)
    assert again["Gamenight-Recorded"] == str(Transaction.objects.get(idempotency_key="phone-1").pk)
    refused = _post(host, table, _hand(table, "phone-2"))
    assert "Gamenight-Recorded" not in refused
    assert "The night is closed" in refused.content.decode()
    assert _hands(table) == 1
