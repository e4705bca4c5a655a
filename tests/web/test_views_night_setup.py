"""The night around the record form: busted players with a one-tap rebuy, several
players added at once, a night started with last night's table ticked, the seat
draw in one tap, the invite link's share button."""

from __future__ import annotations

import datetime
import re

import pytest
from helpers.clients import client_for
from ledger_helpers import Table, assert_ledger_consistent, stacks

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Night, NightStatus, Player, Seat, Transaction, TransactionKind

HX = {"HTTP_HX_REQUEST": "true"}


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.fixture
def carla_busted(table: Table) -> Table:
    """Carla goes all in with her 50 and loses them to Anna."""
    anna, ben, carla = table.ids
    services.record_table_hand(
        night_id=table.night.pk,
        by=table.owner,
        key="all-in",
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={anna: 50, ben: 1, carla: 50},
            folded=frozenset({ben}),
            showdown=HostRanking(groups=((anna,), (carla,))),
        ),
    )
    assert stacks(table.night)["Carla"] == 0
    return table


# ---------------------------------------------------------------- busted


def _seat_row(html: str, name: str) -> str:
    rows = re.findall(r'<li class="seat[^"]*">(.*?)</li>', html, re.S)
    (row,) = [r for r in rows if f">{name}" in r]
    return row


def test_a_busted_player_is_marked_with_a_one_tap_rebuy(carla_busted: Table) -> None:
    table = carla_busted
    html = client_for(table.owner).get(f"/nights/{table.night.pk}/").content.decode()
    row = _seat_row(html, "Carla")
    assert 'class="badge busted"' in row
    assert "busted" in _text(row)
    assert f'action="/nights/{table.night.pk}/rebuy/"' in row
    assert 'name="amount" value="50"' in row
    assert "busted" not in _text(_seat_row(html, "Anna"))
    # The forms still offer her, marked.
    assert re.search(r"<option value=\"\d+\">Carla \(busted\)</option>", html)


def test_the_one_tap_rebuy_buys_the_starting_stack_once(carla_busted: Table) -> None:
    table = carla_busted
    client = client_for(table.owner)
    row = _seat_row(client.get(f"/nights/{table.night.pk}/").content.decode(), "Carla")
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', row))
    fields.pop("csrfmiddlewaretoken", None)
    assert client.post(f"/nights/{table.night.pk}/rebuy/", fields).status_code == 302
    assert client.post(f"/nights/{table.night.pk}/rebuy/", fields).status_code == 302
    assert stacks(table.night)["Carla"] == 50
    assert Transaction.objects.filter(kind=TransactionKind.REBUY).count() == 1
    assert_ledger_consistent(table.group)
    html = client.get(f"/nights/{table.night.pk}/").content.decode()
    assert "busted" not in _text(_seat_row(html, "Carla"))


def test_a_viewer_sees_the_badge_but_no_rebuy(carla_busted: Table) -> None:
    table = carla_busted
    html = client_for(table.viewer).get(f"/nights/{table.night.pk}/").content.decode()
    row = _seat_row(html, "Carla")
    assert 'class="badge busted"' in row
    assert "/rebuy/" not in row


# ---------------------------------------------------------------- several players at once


def test_several_players_are_added_in_one_form_once(table: Table) -> None:
    client = client_for(table.owner)
    url = f"/groups/{table.group.pk}/players/new/"
    data = {"key": "many", "names": "Dora\r\n  Ed \r\n\r\nFinn\r\n", "name": "", "email": ""}
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302
    names = set(Player.objects.filter(group=table.group).values_list("name", flat=True))
    assert names == {"Anna", "Ben", "Carla", "Dora", "Ed", "Finn"}


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Dora\nAnna", "there is already a player called Anna"),
        ("Dora\nDora", "Dora is named twice."),
        ("Dora\n" + "x" * 61, "at most 60 characters"),
    ],
)
def test_a_bad_list_of_names_adds_nobody(table: Table, names: str, message: str) -> None:
    response = client_for(table.owner).post(
        f"/groups/{table.group.pk}/players/new/", {"key": "k", "names": names}
    )
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Player.objects.filter(group=table.group).count() == 3


# ---------------------------------------------------------------- starting the night


def _planned(table: Table, day: int) -> Night:
    return services.create_night(
        group_id=table.group.pk, by=table.owner, date=datetime.date(2026, 12, day)
    )


def _ticked(html: str) -> set[str]:
    boxes = re.findall(r"<label class=\"present[^\"]*\">(.*?)</label>", html, re.S)
    return {_text(box) for box in boxes if "checked" in box}


def test_the_start_ticks_everyone_of_the_last_night(table: Table) -> None:
    anna, ben, _carla = table.ids
    services.end_night(night_id=table.night.pk, by=table.owner)
    second = _planned(table, 4)
    services.start_night(night_id=second.pk, by=table.owner, key="s2", players=[anna, ben])
    services.end_night(night_id=second.pk, by=table.owner)
    third = _planned(table, 11)
    html = client_for(table.owner).get(f"/nights/{third.pk}/start/").content.decode()
    assert _ticked(html) == {"Anna", "Ben"}


def test_a_groups_first_night_ticks_everyone(table: Table) -> None:
    group = services.create_group(name="New table", host=table.owner)
    for name in ("Dora", "Ed"):
        services.add_player(group_id=group.pk, by=table.owner, name=name)
    night = services.create_night(
        group_id=group.pk, by=table.owner, date=datetime.date(2026, 12, 4)
    )
    html = client_for(table.owner).get(f"/nights/{night.pk}/start/").content.decode()
    assert _ticked(html) == {"Dora", "Ed"}


def test_the_seat_draw_is_one_button(table: Table) -> None:
    night = _planned(table, 4)
    client = client_for(table.owner)
    html = client.get(f"/nights/{night.pk}/start/").content.decode()
    assert re.search(r'<button type="submit"[^>]*name="random_draw" value="on"', html)
    data = {"key": "start-draw", "random_draw": "on"}
    data |= {f"present_{pk}": "on" for pk in table.ids}
    assert client.post(f"/nights/{night.pk}/start/", data).status_code == 302
    night.refresh_from_db()
    assert night.status == NightStatus.RUNNING
    assert Seat.objects.filter(night=night).count() == 3


# ---------------------------------------------------------------- the invite link


def test_the_invite_link_has_a_share_button_that_is_a_plain_link(table: Table) -> None:
    html = client_for(table.owner).get(f"/groups/{table.group.pk}/").content.decode()
    share = re.search(r"<a [^>]*data-share[^>]*>", html)
    assert share
    assert f"/join/{table.group.invite_token}/" in share.group(0)
