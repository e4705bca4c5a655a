"""Members: the host removes them and changes roles; invite links expire, may be
one-time, and die at once when renewed or when a member is removed; e-mail
addresses are for the host and co-hosts only.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from ledger_helpers import Table

from gamenight import services
from gamenight.models import Group, Invite, Membership, Role

KEY = {"key": "form-key-1"}


def _member(table: Table, user: User) -> Membership:
    return Membership.objects.get(group=table.group, user=user)


def _token(table: Table) -> str:
    return Group.objects.get(pk=table.group.pk).invite_token


# ---------------------------------------------------------------- removal


def test_the_host_removes_a_member_who_then_sees_nothing(client: Client, table: Table) -> None:
    viewer = _member(table, table.viewer)
    client.force_login(table.owner)
    response = client.post(f"/groups/{table.group.pk}/members/{viewer.pk}/remove/", KEY)
    assert response.status_code == 302
    assert not Membership.objects.filter(pk=viewer.pk).exists()
    client.force_login(table.viewer)
    assert client.get(f"/groups/{table.group.pk}/").status_code == 404
    assert client.get(f"/nights/{table.night.pk}/").status_code == 404


def test_a_double_tapped_removal_answers_twice_the_same(client: Client, table: Table) -> None:
    viewer = _member(table, table.viewer)
    client.force_login(table.owner)
    url = f"/groups/{table.group.pk}/members/{viewer.pk}/remove/"
    first, second = client.post(url, KEY), client.post(url, KEY)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]


def test_a_double_tapped_one_time_link_makes_one(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    for _ in range(2):
        assert client.post(f"/groups/{table.group.pk}/invite/single/", KEY).status_code == 302
    assert Invite.objects.filter(group=table.group).count() == 1


def test_a_removed_member_cannot_rejoin_with_the_link_they_had(
    client: Client, table: Table
) -> None:
    old = _token(table)
    viewer = _member(table, table.viewer)
    client.force_login(table.owner)
    client.post(f"/groups/{table.group.pk}/members/{viewer.pk}/remove/", KEY)
    client.force_login(table.viewer)
    page = client.get(f"/join/{old}/")
    assert page.status_code == 404
    assert "not valid" in page.content.decode()
    assert client.post(f"/join/{old}/").status_code == 404
    assert not Membership.objects.filter(group=table.group, user=table.viewer).exists()


def test_removal_in_the_admin_also_renews_the_link(table: Table) -> None:
    old = _token(table)
    _member(table, table.viewer).delete()
    assert _token(table) != old
    with pytest.raises(services.InviteError):
        services.join_group(token=old, user=table.viewer)


@pytest.mark.parametrize(("who", "status"), [("cohost", 403), ("viewer", 403), ("outsider", 404)])
def test_only_the_host_removes_members(client: Client, table: Table, who: str, status: int) -> None:
    viewer = _member(table, table.viewer)
    client.force_login(getattr(table, who))
    assert client.post(
        f"/groups/{table.group.pk}/members/{viewer.pk}/remove/", KEY
    ).status_code == (status)
    assert Membership.objects.filter(pk=viewer.pk).exists()


def test_the_host_cannot_be_removed(client: Client, table: Table) -> None:
    host = _member(table, table.owner)
    client.force_login(table.owner)
    assert (
        client.post(f"/groups/{table.group.pk}/members/{host.pk}/remove/", KEY).status_code == 403
    )
    assert Membership.objects.filter(pk=host.pk).exists()


def test_a_member_of_another_group_cannot_be_removed_from_here(
    client: Client, table: Table
) -> None:
    foreign = Membership.objects.get(user=table.outsider)
    client.force_login(table.owner)
    assert (
        client.post(f"/groups/{table.group.pk}/members/{foreign.pk}/remove/", KEY).status_code
        == 404
    )
    assert Membership.objects.filter(pk=foreign.pk).exists()


def test_a_role_change_takes_effect_at_once(client: Client, table: Table) -> None:
    cohost = _member(table, table.cohost)
    client.force_login(table.owner)
    url = f"/groups/{table.group.pk}/members/{cohost.pk}/role/"
    client.post(url, {"role": "player", "key": "role-1"})
    assert _member(table, table.cohost).role == Role.PLAYER
    client.force_login(table.cohost)
    assert client.get(f"/groups/{table.group.pk}/nights/new/").status_code == 403


# ---------------------------------------------------------------- expiry and one-time links


def test_the_group_link_expires(client: Client, table: Table) -> None:
    Group.objects.filter(pk=table.group.pk).update(
        invite_expires_at=datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)
    )
    newcomer = User.objects.create(username="newcomer")
    client.force_login(newcomer)
    page = client.get(f"/join/{_token(table)}/")
    assert page.status_code == 404
    assert "expired" in page.content.decode()
    assert client.post(f"/join/{_token(table)}/").status_code == 404
    assert not Membership.objects.filter(user=newcomer).exists()


def test_a_new_link_expires_in_seven_days_by_default(table: Table) -> None:
    services.rotate_invite(group_id=table.group.pk, by=table.owner)
    group = Group.objects.get(pk=table.group.pk)
    left = group.invite_expires_at - datetime.datetime.now(tz=datetime.UTC)
    assert datetime.timedelta(days=6, hours=23) < left <= datetime.timedelta(days=7)


def test_a_one_time_link_lets_one_person_in_once(client: Client, table: Table) -> None:
    client.force_login(table.cohost)
    assert client.post(f"/groups/{table.group.pk}/invite/single/", KEY).status_code == 302
    invite = Invite.objects.get(group=table.group)
    assert invite.token in client.get(f"/groups/{table.group.pk}/").content.decode()
    first, second = (User.objects.create(username=n) for n in ("first", "second"))
    client.force_login(first)
    assert client.post(f"/join/{invite.token}/").status_code == 302
    assert client.post(f"/join/{invite.token}/").status_code == 302  # a double tap
    client.force_login(second)
    page = client.get(f"/join/{invite.token}/")
    assert page.status_code == 404
    assert "already been used" in page.content.decode()
    assert client.post(f"/join/{invite.token}/").status_code == 404
    assert Membership.objects.filter(group=table.group, user=first).count() == 1
    assert not Membership.objects.filter(group=table.group, user=second).exists()


def test_renewing_the_link_kills_unused_one_time_links(client: Client, table: Table) -> None:
    invite = services.create_single_invite(group_id=table.group.pk, by=table.owner)
    client.force_login(table.owner)
    client.post(f"/groups/{table.group.pk}/invite/rotate/", KEY)
    newcomer = User.objects.create(username="newcomer")
    client.force_login(newcomer)
    assert client.post(f"/join/{invite.token}/").status_code == 404
    assert not Membership.objects.filter(user=newcomer).exists()


def test_a_viewer_cannot_make_one_time_links(client: Client, table: Table) -> None:
    client.force_login(table.viewer)
    assert client.post(f"/groups/{table.group.pk}/invite/single/", KEY).status_code == 403
    assert not Invite.objects.exists()


def test_the_invite_error_is_german_on_a_german_page(client: Client, table: Table) -> None:
    client.force_login(table.outsider)
    page = client.get("/join/not-a-token/", HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 404
    assert "nicht (mehr) gültig" in page.content.decode()


# ---------------------------------------------------------------- e-mail addresses


@pytest.mark.parametrize(("who", "sees"), [("owner", True), ("cohost", True), ("viewer", False)])
def test_only_hosts_and_cohosts_see_e_mail_addresses(
    client: Client, table: Table, who: str, sees: bool
) -> None:
    table.players[0].email = "anna@example.org"
    table.players[0].save()
    client.force_login(getattr(table, who))
    html = client.get(f"/groups/{table.group.pk}/").content.decode()
    assert ("anna@example.org" in html) is sees
