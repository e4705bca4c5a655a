"""Groups: create, the group page, the invite link, joining by link, members' roles.

Written against the host (owner), a co-host, a player who may only view, an
outsider (host of another group) and someone not logged in.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from ledger_helpers import Table

from gamenight.models import Group, Membership, Role

HX = {"HTTP_HX_REQUEST": "true"}


# ---------------------------------------------------------------- create


@pytest.mark.django_db
def test_create_group_redirects_anonymous_to_login(client: Client) -> None:
    response = client.get("/groups/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/groups/new/")


@pytest.mark.django_db
def test_it_creates_a_group_with_the_creator_as_host(client: Client) -> None:
    user = User.objects.create(username="anna")
    client.force_login(user)
    form = client.get("/groups/new/")
    assert form.status_code == 200
    key = form.context["form"].initial["key"]
    response = client.post("/groups/new/", {"name": "Tuesday poker", "key": key})
    group = Group.objects.get(name="Tuesday poker")
    assert response["Location"] == f"/groups/{group.pk}/"
    assert Membership.objects.get(group=group, user=user).role == Role.HOST


@pytest.mark.django_db
def test_a_double_tap_creates_one_group(client: Client) -> None:
    client.force_login(User.objects.create(username="anna"))
    first = client.post("/groups/new/", {"name": "Tuesday poker", "key": "k1"})
    second = client.post("/groups/new/", {"name": "Tuesday poker", "key": "k1"})
    assert first["Location"] == second["Location"]
    assert Group.objects.filter(name="Tuesday poker").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("data", [{"name": "", "key": "k"}, {"name": "   ", "key": "k"}, {}])
def test_create_group_with_bad_input_shows_a_message_and_creates_nothing(
    client: Client, data: dict[str, str]
) -> None:
    client.force_login(User.objects.create(username="anna"))
    response = client.post("/groups/new/", data)
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
    assert not Group.objects.exists()


@pytest.mark.django_db
def test_create_group_htmx_gets_the_partial(client: Client) -> None:
    client.force_login(User.objects.create(username="anna"))
    response = client.post("/groups/new/", {"name": ""}, **HX)
    html = response.content.decode()
    assert response.status_code == 422
    assert "<html" not in html
    assert 'id="content"' in html


# ---------------------------------------------------------------- the group page


@pytest.mark.parametrize("who", ["owner", "cohost", "viewer"])
def test_every_member_sees_the_group_page(client: Client, table: Table, who: str) -> None:
    client.force_login(getattr(table, who))
    response = client.get(f"/groups/{table.group.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Friday poker" in html
    for name in ("Anna", "Ben", "Carla", "owner", "cohost", "viewer"):
        assert name in html
    assert f"/nights/{table.night.pk}/" in html


def test_the_group_page_is_404_for_an_outsider(client: Client, table: Table) -> None:
    client.force_login(table.outsider)
    assert client.get(f"/groups/{table.group.pk}/").status_code == 404
    assert client.get("/groups/999999/").status_code == 404


def test_the_group_page_redirects_anonymous_to_login(client: Client, table: Table) -> None:
    response = client.get(f"/groups/{table.group.pk}/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_the_group_page_htmx_gets_the_partial(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    full = client.get(f"/groups/{table.group.pk}/")
    partial = client.get(f"/groups/{table.group.pk}/", **HX)
    assert "<html" in full.content.decode()
    assert "<html" not in partial.content.decode()
    assert 'id="content"' in partial.content.decode()
    assert "HX-Request" in partial["Vary"]


@pytest.mark.parametrize(("who", "sees"), [("owner", True), ("cohost", True), ("viewer", False)])
def test_only_hosts_see_the_invite_link_and_the_edit_buttons(
    client: Client, table: Table, who: str, sees: bool
) -> None:
    client.force_login(getattr(table, who))
    html = client.get(f"/groups/{table.group.pk}/").content.decode()
    assert (table.group.invite_token in html) is sees
    assert (f"/groups/{table.group.pk}/nights/new/" in html) is sees
    assert (f"/groups/{table.group.pk}/players/new/" in html) is sees


# ---------------------------------------------------------------- invite link


def test_the_host_rotates_the_invite_link(client: Client, table: Table) -> None:
    old = table.group.invite_token
    client.force_login(table.owner)
    response = client.post(f"/groups/{table.group.pk}/invite/rotate/", {"key": "rotate-1"})
    assert response.status_code == 302
    table.group.refresh_from_db()
    assert table.group.invite_token != old
    assert client.get(f"/join/{old}/").status_code == 404


@pytest.mark.parametrize(("who", "status"), [("cohost", 403), ("viewer", 403), ("outsider", 404)])
def test_only_the_host_rotates_the_invite_link(
    client: Client, table: Table, who: str, status: int
) -> None:
    old = table.group.invite_token
    client.force_login(getattr(table, who))
    assert client.post(f"/groups/{table.group.pk}/invite/rotate/").status_code == status
    table.group.refresh_from_db()
    assert table.group.invite_token == old


def test_rotating_needs_a_post(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    assert client.get(f"/groups/{table.group.pk}/invite/rotate/").status_code == 405


def test_rotating_redirects_anonymous_to_login(client: Client, table: Table) -> None:
    assert client.post(f"/groups/{table.group.pk}/invite/rotate/").status_code == 302


# ---------------------------------------------------------------- joining


def test_joining_by_link_makes_a_player_member(client: Client, table: Table) -> None:
    newcomer = User.objects.create(username="newcomer")
    client.force_login(newcomer)
    page = client.get(f"/join/{table.group.invite_token}/")
    assert page.status_code == 200
    assert "Friday poker" in page.content.decode()
    response = client.post(f"/join/{table.group.invite_token}/")
    assert response["Location"] == f"/groups/{table.group.pk}/"
    assert Membership.objects.get(group=table.group, user=newcomer).role == Role.PLAYER


def test_joining_twice_keeps_the_role(client: Client, table: Table) -> None:
    client.force_login(table.cohost)
    page = client.get(f"/join/{table.group.invite_token}/")
    assert "already a member" in page.content.decode()
    client.post(f"/join/{table.group.invite_token}/")
    assert Membership.objects.get(group=table.group, user=table.cohost).role == Role.COHOST


def test_joining_with_a_wrong_token_is_404(client: Client, table: Table) -> None:
    client.force_login(table.outsider)
    assert client.get("/join/not-a-token/").status_code == 404
    assert client.post("/join/not-a-token/").status_code == 404
    assert not Membership.objects.filter(group=table.group, user=table.outsider).exists()


def test_the_link_opened_logged_out_names_the_group_and_comes_back_after_login(
    client: Client, table: Table
) -> None:
    """Issue 23: it opened a bare login page that did not say which group invited you."""
    url = f"/join/{table.group.invite_token}/"
    members = Membership.objects.filter(group=table.group).count()
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "You have been invited to Friday poker, a poker night." in html
    assert f'href="/accounts/signup/?next={url}">Sign up and join<' in html
    assert f'href="/accounts/login/?next={url}">Log in and join<' in html
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Du bist zu Friday poker eingeladen" in german
    # Joining itself needs a login: there and back, and nobody joined meanwhile.
    response = client.post(url)
    assert response.status_code == 302
    assert f"next=/join/{table.group.invite_token}/" in response["Location"]
    assert Membership.objects.filter(group=table.group).count() == members
    newcomer = User.objects.create_user(username="newcomer", password="felt-table-4-chips")
    login = client.post(
        f"/accounts/login/?next={url}",
        {"username": "newcomer", "password": "felt-table-4-chips", "next": url},
    )
    assert login["Location"] == url
    assert client.post(url)["Location"] == f"/groups/{table.group.pk}/"
    assert Membership.objects.get(group=table.group, user=newcomer).role == Role.PLAYER


def test_a_wrong_link_opened_logged_out_is_a_404_that_says_so(client: Client, db: None) -> None:
    page = client.get("/join/not-a-token/")
    assert page.status_code == 404
    assert "Invite link" in page.content.decode()


# ---------------------------------------------------------------- roles


def _membership(table: Table, user: User) -> Membership:
    return Membership.objects.get(group=table.group, user=user)


def test_the_host_makes_a_player_co_host(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    member = _membership(table, table.viewer)
    url = f"/groups/{table.group.pk}/members/{member.pk}/role/"
    response = client.post(url, {"role": "cohost", "key": "r1"})
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.role == Role.COHOST


def test_the_host_role_change_htmx_gets_the_partial(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    member = _membership(table, table.cohost)
    url = f"/groups/{table.group.pk}/members/{member.pk}/role/"
    response = client.post(url, {"role": "player", "key": "r1"}, follow=True, **HX)
    assert "<html" not in response.content.decode()
    member.refresh_from_db()
    assert member.role == Role.PLAYER


@pytest.mark.parametrize("role", ["host", "boss", ""])
def test_a_bad_role_shows_a_message_and_changes_nothing(
    client: Client, table: Table, role: str
) -> None:
    client.force_login(table.owner)
    member = _membership(table, table.viewer)
    url = f"/groups/{table.group.pk}/members/{member.pk}/role/"
    response = client.post(url, {"role": role, "key": "r1"})
    assert response.status_code == 422
    assert 'role="alert"' in response.content.decode()
    member.refresh_from_db()
    assert member.role == Role.PLAYER


def test_the_host_cannot_demote_themselves(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    member = _membership(table, table.owner)
    url = f"/groups/{table.group.pk}/members/{member.pk}/role/"
    response = client.post(url, {"role": "player", "key": "r1"})
    assert response.status_code == 422
    member.refresh_from_db()
    assert member.role == Role.HOST


@pytest.mark.parametrize(("who", "status"), [("cohost", 403), ("viewer", 403), ("outsider", 404)])
def test_only_the_host_sets_roles(client: Client, table: Table, who: str, status: int) -> None:
    client.force_login(getattr(table, who))
    member = _membership(table, table.viewer)
    url = f"/groups/{table.group.pk}/members/{member.pk}/role/"
    assert client.post(url, {"role": "cohost", "key": "r1"}).status_code == status
    member.refresh_from_db()
    assert member.role == Role.PLAYER


def test_a_member_of_another_group_is_404(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    other = Membership.objects.get(user=table.outsider)
    url = f"/groups/{table.group.pk}/members/{other.pk}/role/"
    assert client.post(url, {"role": "cohost", "key": "r1"}).status_code == 404
    other.refresh_from_db()
    assert other.role == Role.HOST


def test_setting_a_role_redirects_anonymous_to_login(client: Client, table: Table) -> None:
    member = _membership(table, table.viewer)
    url = f"/groups/{table.group.pk}/members/{member.pk}/role/"
    assert client.post(url, {"role": "cohost"}).status_code == 302


@pytest.mark.parametrize(
    ("who", "english", "german"),
    [
        ("owner", "You are the host of this group.", "Du bist Gastgeber dieser Runde."),
        ("cohost", "You are a co-host of this group.", "Du bist Co-Gastgeber dieser Runde."),
        ("viewer", "You are a player in this group.", "Du spielst in dieser Runde mit."),
    ],
)
def test_the_group_page_says_your_role_in_a_whole_sentence(
    client: Client, table: Table, who: str, english: str, german: str
) -> None:
    """Issue 23: it read "You are player here." (the role's label in a sentence)."""
    client.force_login(getattr(table, who))
    url = f"/groups/{table.group.pk}/"
    html = client.get(url).content.decode()
    assert f'<p class="muted your-role">{english}</p>' in html
    assert german in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
