"""A second tab or a stale form: a confirm on a table that changed since its preview.

The preview carries the table's version; a confirm made on another version is
refused under the night's lock, says what changed, by name, once, and shows the
new preview. An exact double tap still records once.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from helpers.clients import client_for
from helpers.pages import alerts, record_url
from ledger_helpers import Table, assert_ledger_consistent, stacks

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Night, Transaction, TransactionKind
from gamenight.services.preview import preview_guts_deal
from gamenight.services.table_version import (
    table_version,
    version_as_read,
    with_latest_transaction,
)


def version(html: str) -> str:
    found = re.findall(r'name="table" value="([^"]*)"', html)
    assert len(found) == 1, found
    return found[0]


def hand(table: Table, key: str, chips: dict[str, int], places: dict[str, int]) -> dict[str, Any]:
    by_name = {p.name: p.pk for p in table.players}
    data: dict[str, Any] = {"key": key}
    for name, amount in chips.items():
        data[f"chips_{by_name[name]}"] = amount
    for name, place in places.items():
        data[f"place_{by_name[name]}"] = place
    return data


SMALL = {"Anna": 3, "Ben": 3, "Carla": 3}
ANNA_FIRST = {"Anna": 1, "Ben": 2, "Carla": 3}
CARLA_BUST = {"Anna": 50, "Ben": 1, "Carla": 50}


def hands() -> int:
    return Transaction.objects.filter(kind=TransactionKind.TABLE_HAND).count()


def previewed(client: Client, table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """The form data as the preview's page posts it back: with the table's version."""
    html = client.post(record_url(table), {**data, "preview": "1"}).content.decode()
    assert alerts(html) == []
    return {**data, "table": version(html)}


def test_a_second_tab_confirming_the_same_hand_is_refused_with_the_new_preview(
    table: Table,
) -> None:
    tab_a, tab_b = client_for(table.owner), client_for(table.cohost)
    first = previewed(tab_a, table, hand(table, "tab-a", SMALL, ANNA_FIRST))
    second = previewed(tab_b, table, hand(table, "tab-b", SMALL, ANNA_FIRST))
    assert tab_a.post(record_url(table), {**first, "confirm": "1"}).status_code == 302
    response = tab_b.post(record_url(table), {**second, "confirm": "1"})
    assert response.status_code == 200
    html = response.content.decode()
    assert alerts(html) == [
        "The table changed since this preview (owner recorded Seven-card stud #1):"
        " here is the new preview. Check it and confirm again."
    ]
    assert hands() == 1
    # The new preview settles against the stacks as they are now: Anna 56 + 6.
    assert re.findall(r'class="num">(\d+)<', html) == ["62", "44", "44"]
    assert version(html) != second["table"]
    # Confirmed again on the new preview, it is a second hand, recorded once.
    again = {**second, "table": version(html), "confirm": "1"}
    assert tab_b.post(record_url(table), again).status_code == 302
    assert tab_b.post(record_url(table), again).status_code == 302
    assert hands() == 2
    assert stacks(table.night) == {"Anna": 62, "Ben": 44, "Carla": 44}
    assert_ledger_consistent(table.group)


def test_a_stale_form_with_a_player_now_out_of_chips_names_them_once(table: Table) -> None:
    carla = table.ids[2]
    tab_a, tab_b = client_for(table.owner), client_for(table.owner)
    stale = previewed(tab_b, table, hand(table, "tab-b", SMALL, ANNA_FIRST))
    bust = hand(table, "tab-a", CARLA_BUST, {"Anna": 1, "Carla": 2})
    bust[f"state_{table.ids[1]}"] = "folded"
    assert tab_a.post(record_url(table), {**bust, "confirm": "1"}).status_code == 302
    assert stacks(table.night)["Carla"] == 0
    response = tab_b.post(record_url(table), {**stale, "confirm": "1"})
    assert response.status_code == 200
    html = response.content.decode()
    said = alerts(html)
    assert said == [
        "The table changed since this preview (owner recorded Seven-card stud #1):"
        " Carla is no longer in the hand (no chips left, or gone from the table)."
        " Here is the new preview. Check it and confirm again."
    ]
    assert str(carla) not in " ".join(said)
    assert "is not at this night" not in html
    assert f"chips_{carla}" not in html
    assert hands() == 1


def test_a_double_tap_after_the_first_tap_took_a_players_last_chips_records_once(
    table: Table,
) -> None:
    client = client_for(table.owner)
    bust = hand(table, "k", CARLA_BUST, {"Anna": 1, "Carla": 2})
    bust[f"state_{table.ids[1]}"] = "folded"
    data = {**previewed(client, table, bust), "confirm": "1"}
    assert client.post(record_url(table), data).status_code == 302
    assert client.post(record_url(table), data).status_code == 302
    assert hands() == 1
    assert stacks(table.night)["Carla"] == 0


def test_a_guts_tab_confirming_on_an_old_pot_is_refused(table: Table) -> None:
    anna, ben, _carla = table.ids
    tab_a, tab_b = client_for(table.owner), client_for(table.owner)
    data = {"key": "g", f"in_{anna}": "on", f"in_{ben}": "on", f"place_{anna}": 1}
    data[f"place_{ben}"] = 2
    html = tab_b.post(record_url(table, "guts"), {**data, "preview": "1"}).content.decode()
    stale = {**data, "table": version(html)}
    assert (
        tab_a.post(record_url(table, "guts"), {**data, "key": "g0", "confirm": "1"}).status_code
        == 302
    )
    html = tab_b.post(record_url(table, "guts"), {**stale, "confirm": "1"}).content.decode()
    assert alerts(html) == [
        "The table changed since this preview (owner recorded Guts #1):"
        " here is the new preview. Check it and confirm again."
    ]
    assert Transaction.objects.filter(kind=TransactionKind.GUTS_DEAL).count() == 1


def test_the_refusal_is_german_on_a_german_page(table: Table) -> None:
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    tab_a, tab_b = client_for(table.owner), client_for(table.owner)
    stale = previewed(tab_b, table, hand(table, "tab-b", SMALL, ANNA_FIRST))
    tab_a.post(record_url(table), {**hand(table, "tab-a", SMALL, ANNA_FIRST), "confirm": "1"})
    html = tab_b.post(record_url(table), {**stale, "confirm": "1"}, **german).content.decode()
    assert alerts(html) == [
        "Am Tisch hat sich seit dieser Vorschau etwas geändert (owner hat"
        " Seven-Card Stud #1 eingetragen): hier ist die neue Vorschau."
        " Prüf sie und bestätige noch einmal."
    ]


def test_the_service_refuses_a_stale_version_inside_the_lock(table: Table) -> None:
    anna, ben, carla = table.ids
    entered = services.TableHandInput(
        game="seven-card-stud",
        put_in={anna: 3, ben: 3, carla: 3},
        showdown=HostRanking(groups=((anna,), (ben,), (carla,))),
    )
    seen = services.table_version(table.night)
    services.record_table_hand(night_id=table.night.pk, by=table.owner, key="a", hand=entered)
    with pytest.raises(services.TableChangedError):
        services.record_table_hand(
            night_id=table.night.pk, by=table.owner, key="b", hand=entered, table_version=seen
        )
    assert hands() == 1
    # The same key as the recorded hand is its double tap: it returns that hand.
    again = services.record_table_hand(
        night_id=table.night.pk, by=table.owner, key="a", hand=entered, table_version=seen
    )
    assert again.idempotency_key == "a"
    assert hands() == 1


def test_a_garbled_version_is_a_changed_table_not_a_crash(table: Table) -> None:
    client = client_for(table.owner)
    data = {**hand(table, "k", SMALL, ANNA_FIRST), "table": "x-y-z", "confirm": "1"}
    response = client.post(record_url(table), data)
    assert response.status_code == 200
    assert alerts(response.content.decode()) == [
        "The table changed since this preview: here is the new preview. Check it and confirm again."
    ]
    assert hands() == 0


def test_a_stale_form_that_no_longer_settles_says_both_in_one_message(table: Table) -> None:
    """Anna and Ben folded to Carla; without her the hand has nobody left to win it."""
    anna, ben, _carla = table.ids
    tab_a, tab_b = client_for(table.owner), client_for(table.owner)
    folded = {**hand(table, "tab-b", SMALL, {"Carla": 1}), f"state_{anna}": "folded"}
    stale = previewed(tab_b, table, {**folded, f"state_{ben}": "folded"})
    bust = hand(table, "tab-a", CARLA_BUST, {"Anna": 1, "Carla": 2})
    bust[f"state_{table.ids[1]}"] = "folded"
    assert tab_a.post(record_url(table), {**bust, "confirm": "1"}).status_code == 302
    said = alerts(tab_b.post(record_url(table), {**stale, "confirm": "1"}).content.decode())
    assert len(said) == 1, said
    assert said[0].startswith("The table changed since this preview (owner recorded")
    assert "Carla is no longer in the hand" in said[0]
    assert not said[0].endswith("Check it and confirm again."), said
    assert hands() == 1


def test_a_player_who_left_is_named_by_the_services_never_by_id(table: Table) -> None:
    """The preview and the booking both refuse a Guts player who has left, by name."""
    anna, ben, carla = table.ids
    services.leave(night_id=table.night.pk, by=table.owner, key="bye", player_id=carla)
    for attempt in (preview_guts_deal, services.record_guts_deal):
        extra = {} if attempt is preview_guts_deal else {"key": "g"}
        with pytest.raises(services.NotAtTableError) as refused:
            attempt(night_id=table.night.pk, by=table.owner, in_players=[anna, carla], **extra)
        assert str(refused.value) == "Carla is not seated at this night's table"
    stranger = services.add_player(
        group_id=table.outsider.memberships.get().group_id, by=table.outsider, name="Zed"
    )
    with pytest.raises(services.NotAtTableError) as refused:
        services.record_guts_deal(
            night_id=table.night.pk, by=table.owner, key="z", in_players=[ben, stranger.pk]
        )
    assert str(refused.value) == "a player named here is not seated at this night's table"


@pytest.mark.parametrize("answer", ["bar", "confirm"])
def test_a_second_tabs_refreshed_preview_names_the_new_dealer(table: Table, answer: str) -> None:
    """Issue 23: the second tab's form and bar were drawn again, but the line above the
    form still said the old dealer deals: it comes with every htmx answer, out of band."""
    tab_a, tab_b = client_for(table.owner), client_for(table.cohost)
    data = previewed(tab_b, table, hand(table, "b-1", SMALL, ANNA_FIRST))
    html = tab_b.get(record_url(table)).content.decode()
    assert "Anna deals" in html
    assert "hx-swap-oob" not in html  # the whole page: the line is in its place
    tab_a.post(record_url(table), {**hand(table, "a-1", SMALL, ANNA_FIRST), "confirm": "1"})
    htmx = {"HTTP_HX_REQUEST": "true"}
    posted = {**data, answer: "1"} if answer == "confirm" else {**data, "bar": "1"}
    html = tab_b.post(record_url(table), posted, **htmx).content.decode()
    facts = re.search(
        r'<p class="record-facts" id="record-facts" hx-swap-oob="true">(.*?)</p>', html, re.S
    )
    assert facts is not None
    assert re.search(r'class="record-dealer">Ben deals<', facts.group(1))
    assert hands() == 1


def test_the_version_read_with_the_night_is_the_tables_version(table: Table) -> None:
    """The form's page reads the version with the night (one query less); it must be
    the version the write checks, before any hand and after one."""

    def both() -> tuple[str, str]:
        night = Night.objects.get(pk=table.night.pk)
        read = with_latest_transaction(Night.objects.filter(pk=table.night.pk)).get()
        return table_version(night), version_as_read(read)

    before = both()
    assert before[0] == before[1]
    client = client_for(table.owner)
    data = previewed(client, table, hand(table, "one", SMALL, ANNA_FIRST))
    client.post(record_url(table), {**data, "confirm": "1"})
    after = both()
    assert after[0] == after[1]
    assert after[0] != before[0]
