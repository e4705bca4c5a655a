"""A form's key makes its write happen once: a double tap or a retry gets the first answer.

The same key sent again with other values is refused with a message and
changes nothing. (The same taps at the same moment on PostgreSQL are in
test_request_keys_postgres.py.)
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from double_taps import CREATES, Tap, client_of, night_data
from ledger_helpers import Table

from gamenight.models import Group, Membership, Player, Role

CONFLICT = "This form was already sent with other values"
CONFLICT_DE = "Dieses Formular wurde schon mit anderen Werten abgeschickt"


@pytest.mark.parametrize("make", CREATES.values(), ids=CREATES.keys())
def test_a_double_tap_creates_once_and_answers_the_same(
    table: Table, make: Callable[[Table, int], Tap]
) -> None:
    client = client_of(table.owner)
    tap = make(table, 1)
    before = tap.count()
    first = client.post(tap.url, tap.data)
    again = client.post(tap.url, tap.data)
    assert first.status_code == 302, first.content.decode()[:2000]
    assert again.status_code == 302
    assert again["Location"] == first["Location"]
    assert tap.count() == before + 1


@pytest.mark.parametrize("make", CREATES.values(), ids=CREATES.keys())
def test_a_retry_from_another_tab_of_the_same_user_gets_the_first_answer(
    table: Table, make: Callable[[Table, int], Tap]
) -> None:
    tap = make(table, 1)
    before = tap.count()
    first = client_of(table.owner).post(tap.url, tap.data)
    again = client_of(table.owner).post(tap.url, tap.data)
    assert (first.status_code, again.status_code) == (302, 302)
    assert again["Location"] == first["Location"]
    assert tap.count() == before + 1


def _changed(table: Table) -> dict[str, tuple[Tap, dict[str, object]]]:
    """Each keyed write, and a change of its values for a second post with the same key."""
    group = table.group.pk
    chip = Tap(
        f"/groups/{group}/chip-value/",
        {"key": "chip-1", "chip_value": "0.25", "next": "/"},
        lambda: 0,
    )
    return {
        "group": (CREATES["group"](table, 1), {"name": "Another name"}),
        "night": (CREATES["night"](table, 1), {"place": "Somewhere else"}),
        "player": (CREATES["player"](table, 1), {"name": "Someone else"}),
        "season": (CREATES["season"](table, 1), {"name": "Another season"}),
        "chip value": (chip, {"chip_value": "0.50"}),
    }


@pytest.mark.parametrize("which", ["group", "night", "player", "season", "chip value"])
def test_the_same_key_with_other_values_is_refused_with_a_message(table: Table, which: str) -> None:
    tap, change = _changed(table)[which]
    client = client_of(table.owner)
    assert client.post(tap.url, tap.data).status_code == 302
    table.group.refresh_from_db()
    before = (tap.count(), table.group.chip_value_cents)
    refused = client.post(tap.url, {**tap.data, **change})
    assert refused.status_code == 422
    assert CONFLICT in refused.content.decode()
    table.group.refresh_from_db()
    assert (tap.count(), table.group.chip_value_cents) == before


def test_the_conflict_message_is_german_on_a_german_page(table: Table) -> None:
    tap = CREATES["player"](table, 1)
    client = client_of(table.owner)
    client.post(tap.url, tap.data)
    refused = client.post(tap.url, {**tap.data, "name": "Anders"}, HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 422
    assert CONFLICT_DE in refused.content.decode()


def test_a_key_of_one_form_sent_to_another_is_refused(table: Table) -> None:
    client = client_of(table.owner)
    group = CREATES["group"](table, 1)
    assert client.post(group.url, group.data).status_code == 302
    player = CREATES["player"](table, 1)
    players = player.count()
    refused = client.post(player.url, {**player.data, "key": group.data["key"]})
    assert refused.status_code == 422
    assert CONFLICT in refused.content.decode()
    assert player.count() == players


def test_a_refused_write_keeps_its_key_free_for_the_corrected_form(table: Table) -> None:
    client = client_of(table.owner)
    url = f"/groups/{table.group.pk}/players/new/"
    taken = client.post(url, {"name": "Anna", "email": "", "key": "p-1"})
    assert taken.status_code == 422
    assert "already a player called Anna" in taken.content.decode()
    fixed = client.post(url, {"name": "Anneliese", "email": "", "key": "p-1"})
    assert fixed.status_code == 302
    assert Player.objects.filter(group=table.group, name="Anneliese").exists()


def test_a_night_planned_twice_with_one_key_is_one_night_page(table: Table) -> None:
    client = client_of(table.owner)
    url = f"/groups/{table.group.pk}/nights/new/"
    first = client.post(url, night_data(7))
    again = client.post(url, night_data(7))
    assert again["Location"] == first["Location"]
    # The next night's card, or for a day that has passed the night's start.
    assert re.fullmatch(r"/groups/\d+/#next-night|/nights/\d+/start/", first["Location"])


# ---------------------------------------------------------------- the invite link


def test_a_double_tapped_new_invite_link_rotates_once(table: Table) -> None:
    client = client_of(table.owner)
    url = f"/groups/{table.group.pk}/invite/rotate/"
    first = client.post(url, {"key": "rotate-1"})
    assert first.status_code == 302
    token = Group.objects.get(pk=table.group.pk).invite_token
    assert token != table.group.invite_token
    again = client.post(url, {"key": "rotate-1"})
    assert again.status_code == 302
    assert again["Location"] == first["Location"]
    assert Group.objects.get(pk=table.group.pk).invite_token == token
    # A new tap (a new key) rotates again.
    client.post(url, {"key": "rotate-2"})
    assert Group.objects.get(pk=table.group.pk).invite_token != token


def test_the_new_link_button_carries_a_key(table: Table) -> None:
    html = client_of(table.owner).get(f"/groups/{table.group.pk}/").content.decode()
    form = html[html.index("/invite/rotate/") :]
    form = form[: form.index("</form>")]
    assert re.search(r'name="key" value="[0-9a-f]{32}"', form), form


def test_a_new_link_without_a_key_is_refused_with_a_message(table: Table) -> None:
    client = client_of(table.owner)
    refused = client.post(f"/groups/{table.group.pk}/invite/rotate/")
    assert refused.status_code == 422
    assert "The form was out of date: please try again." in refused.content.decode()
    assert Group.objects.get(pk=table.group.pk).invite_token == table.group.invite_token


# ---------------------------------------------------------------- roles


def _role(table: Table, user: object) -> str:
    return Membership.objects.get(group=table.group, user=user).role


def test_a_stale_role_change_sent_again_changes_nothing(table: Table) -> None:
    client = client_of(table.owner)
    member = Membership.objects.get(group=table.group, user=table.viewer)
    url = f"/groups/{table.group.pk}/members/{member.pk}/role/"
    first = client.post(url, {"role": "cohost", "key": "role-1"})
    assert first.status_code == 302
    client.post(url, {"role": "player", "key": "role-2"})
    assert _role(table, table.viewer) == Role.PLAYER
    # The first tap's retry arrives late: it answers as before and changes nothing.
    late = client.post(url, {"role": "cohost", "key": "role-1"})
    assert late.status_code == 302
    assert late["Location"] == first["Location"]
    assert _role(table, table.viewer) == Role.PLAYER


def test_each_member_s_role_form_has_its_own_key(table: Table) -> None:
    client = client_of(table.owner)
    html = client.get(f"/groups/{table.group.pk}/").content.decode()
    keys = re.findall(r'/role/".*?name="key" value="([^"]+)"', html, flags=re.S)
    assert len(keys) == 2
    assert len(set(keys)) == 2
    # Both forms of one page apply, one after the other.
    cohost = Membership.objects.get(group=table.group, user=table.cohost)
    viewer = Membership.objects.get(group=table.group, user=table.viewer)
    base = f"/groups/{table.group.pk}/members"
    by_order = dict(zip([cohost.pk, viewer.pk], keys, strict=True))
    client.post(f"{base}/{cohost.pk}/role/", {"role": "player", "key": by_order[cohost.pk]})
    client.post(f"{base}/{viewer.pk}/role/", {"role": "cohost", "key": by_order[viewer.pk]})
    assert _role(table, table.cohost) == Role.PLAYER
    assert _role(table, table.viewer) == Role.COHOST


# ---------------------------------------------------------------- the chip value


def test_a_late_retry_of_the_chip_value_does_not_undo_a_newer_one(table: Table) -> None:
    url = f"/groups/{table.group.pk}/chip-value/"
    first = client_of(table.owner).post(url, {"key": "c-1", "chip_value": "0.25", "next": "/"})
    assert first.status_code == 302
    client_of(table.owner).post(url, {"key": "c-2", "chip_value": "0.50", "next": "/"})
    late = client_of(table.owner).post(url, {"key": "c-1", "chip_value": "0.25", "next": "/"})
    assert late.status_code == 302
    assert late["Location"] == first["Location"]
    assert Group.objects.get(pk=table.group.pk).chip_value_cents == 50
