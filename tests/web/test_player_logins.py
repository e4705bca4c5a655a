"""Which login is which player (issue 17): the host ties a member's login to a player
on the player's page, an invite ties a matching name by itself, one login is at most
one player of a group, and a merge keeps the kept player's tie."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from helpers.clients import client_for
from helpers.people import Members, make_members, make_user

from gamenight import services
from gamenight.models import Answer, Player, Rsvp
from gamenight.services import night_plan
from gamenight.services.people import merge_players
from gamenight.services.player_logins import LoginRefusedError, set_login


@pytest.fixture
def members(db: None) -> Members:
    return make_members()


def _player(members: Members, name: str) -> Player:
    return services.add_player(group_id=members.group.pk, by=members.owner, name=name)


def _url(members: Members, player: Player) -> str:
    return reverse("player_login", args=[members.group.pk, player.pk])


def _page(client: Client, members: Members, player: Player, **headers: str) -> str:
    url = reverse("player_history", args=[members.group.pk, player.pk])
    response = client.get(url, headers=headers)
    assert response.status_code == 200
    return str(response.content.decode())


def _tie(members: Members, player: Player) -> int | None:
    return Player.objects.get(pk=player.pk).user_id


def test_the_host_ties_a_members_login_to_a_player_and_unties_it(
    members: Members, client: Client
) -> None:
    anna = _player(members, "Anna")
    client.force_login(members.owner)
    page = _page(client, members, anna)
    assert f'action="{_url(members, anna)}"' in page
    assert f'<option value="{members.viewer.pk}">viewer</option>' in page
    sent = {"key": "k1", "login": str(members.viewer.pk)}
    assert client.post(_url(members, anna), sent).status_code == 302
    assert client.post(_url(members, anna), sent).status_code == 302  # a double tap
    assert _tie(members, anna) == members.viewer.pk
    assert "Logs in as" in _page(client, members, anna)
    assert client.post(_url(members, anna), {"key": "k2", "login": ""}).status_code == 302
    assert _tie(members, anna) is None


def test_a_co_host_may_tie_a_member_may_not(members: Members, client: Client) -> None:
    anna = _player(members, "Anna")
    client.force_login(members.viewer)
    assert f'action="{_url(members, anna)}"' not in _page(client, members, anna)
    sent = {"key": "k1", "login": str(members.viewer.pk)}
    assert client.post(_url(members, anna), sent).status_code == 403
    assert _tie(members, anna) is None
    client.force_login(members.cohost)
    assert client.post(_url(members, anna), sent).status_code == 302
    assert _tie(members, anna) == members.viewer.pk


def test_a_login_tied_to_another_player_is_not_offered_and_is_refused_in_german(
    members: Members, client: Client
) -> None:
    anna, ben = _player(members, "Anna"), _player(members, "Ben")
    client.force_login(members.owner)
    sent = {"key": "k1", "login": str(members.viewer.pk)}
    assert client.post(_url(members, anna), sent).status_code == 302
    assert f'<option value="{members.viewer.pk}"' not in _page(client, members, ben)
    stale = {"key": "k2", "login": str(members.viewer.pk)}  # a tab opened before
    response = client.post(_url(members, ben), stale, headers={"accept-language": "de"})
    assert response.status_code == 422
    assert "viewer meldet sich schon als Anna an" in response.content.decode()
    assert (_tie(members, anna), _tie(members, ben)) == (members.viewer.pk, None)


@pytest.mark.parametrize("who", ["outsider", "nobody"])
def test_only_a_member_of_the_group_is_tied(members: Members, client: Client, who: str) -> None:
    anna = _player(members, "Anna")
    client.force_login(members.owner)
    login = str(members.outsider.pk) if who == "outsider" else "999999"
    response = client.post(_url(members, anna), {"key": "k1", "login": login})
    assert response.status_code == 422
    assert _tie(members, anna) is None


def test_the_database_ties_a_login_to_one_player_of_a_group_at_most(members: Members) -> None:
    anna, ben = _player(members, "Anna"), _player(members, "Ben")
    Player.objects.filter(pk=anna.pk).update(user=members.viewer)
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.filter(pk=ben.pk).update(user=members.viewer)
    # In another group the same login is someone's player too.
    other = services.create_group(name="Sunday", host=members.viewer)
    me = services.add_player(group_id=other.pk, by=members.viewer, name="Me")
    Player.objects.filter(pk=me.pk).update(user=members.viewer)
    assert Player.objects.filter(user=members.viewer).count() == 2


def _joins(members: Members, user: User) -> None:
    services.join_group(token=members.group.invite_token, user=user)


def test_joining_ties_the_one_untied_player_of_the_same_name(members: Members) -> None:
    anna, _ben = _player(members, "Anna"), _player(members, "Ben")
    _joins(members, make_user("ANNA"))
    assert _tie(members, anna) == User.objects.get(username="ANNA").pk
    ben = Player.objects.get(name="Ben")
    _joins(members, User.objects.create(username="b.k", first_name="ben"))
    assert _tie(members, ben) == User.objects.get(username="b.k").pk


def test_joining_ties_nobody_when_the_name_is_unclear_or_taken(members: Members) -> None:
    anna = _player(members, "Anna")
    _player(members, "anna k")
    _joins(members, User.objects.create(username="anna k", first_name="Anna"))
    assert Player.objects.filter(group=members.group, user__isnull=False).count() == 0
    Player.objects.filter(pk=anna.pk).update(user=members.viewer)
    _joins(members, make_user("anna"))  # Anna is someone else's: the host decides
    assert _tie(members, anna) == members.viewer.pk
    assert not Player.objects.filter(user__username="anna").exists()


def _merge(members: Members, kept: Player, merged: Player) -> None:
    merge_players(group_id=members.group.pk, kept_id=kept.pk, merged_id=merged.pk, by=members.owner)


def test_a_merge_keeps_the_kept_players_tie_and_drops_the_merged_ones(members: Members) -> None:
    anna, dup = _player(members, "Anna"), _player(members, "Anna B")
    Player.objects.filter(pk=anna.pk).update(user=members.viewer)
    Player.objects.filter(pk=dup.pk).update(user=members.cohost)
    _merge(members, anna, dup)
    assert (_tie(members, anna), _tie(members, dup)) == (members.viewer.pk, None)


def test_a_merge_gives_the_kept_player_the_merged_ones_tie_when_it_has_none(
    members: Members,
) -> None:
    anna, dup = _player(members, "Anna"), _player(members, "Anna B")
    Player.objects.filter(pk=dup.pk).update(user=members.cohost)
    _merge(members, anna, dup)
    assert (_tie(members, anna), _tie(members, dup)) == (members.cohost.pk, None)


def _plan_next(members: Members) -> int:
    night = night_plan.plan_next(
        group_id=members.group.pk,
        by=members.owner,
        date=timezone.localdate() + datetime.timedelta(days=3),
        starts_at=datetime.time(20, 0),
        place="",
        note="",
    )
    return int(night.pk)


def test_once_tied_the_member_answers_for_themselves_on_the_group_page(
    members: Members, client: Client
) -> None:
    anna = _player(members, "Anna")
    night_id = _plan_next(members)
    group_page = reverse("group_detail", args=[members.group.pk])
    client.force_login(members.viewer)
    assert "Tell your host whether you are coming" in client.get(group_page).content.decode()
    owner = client_for(members.owner)
    sent = {"key": "k1", "login": str(members.viewer.pk)}
    assert owner.post(_url(members, anna), sent).status_code == 302
    assert 'name="answer" value="coming"' in client.get(group_page).content.decode()
    answer = reverse("night_answer", args=[night_id])
    assert client.post(answer, {"answer": "coming"}).status_code == 302
    assert list(Rsvp.objects.values_list("player_id", "answer")) == [(anna.pk, Answer.COMING)]


def test_a_member_tied_by_the_invite_answers_without_the_host(members: Members) -> None:
    _player(members, "Ben")
    _plan_next(members)
    ben = User.objects.create(username="bk", first_name="Ben")
    _joins(members, ben)
    page = client_for(ben).get(reverse("group_detail", args=[members.group.pk]))
    assert 'name="answer" value="coming"' in page.content.decode()


@pytest.mark.postgres
def test_one_login_a_player_per_group_on_postgresql(on_postgres: None) -> None:
    """Migration 0021's constraint on PostgreSQL: a second tie in the group is refused
    by the database, and the page's service says so instead of a 500."""
    members = make_members()
    anna, ben = _player(members, "Anna"), _player(members, "Ben")
    Player.objects.filter(pk=anna.pk).update(user=members.viewer)
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.filter(pk=ben.pk).update(user=members.viewer)
    with pytest.raises(LoginRefusedError, match="viewer logs in as Anna already"):
        set_login(
            group_id=members.group.pk, player_id=ben.pk, by=members.owner, user_id=members.viewer.pk
        )
    _joins(members, make_user("ben"))
    assert _tie(members, ben) == User.objects.get(username="ben").pk


def test_a_login_left_on_a_merged_player_is_free_to_tie(members: Members, client: Client) -> None:
    """A merge made before merges dropped the merged player's login left it there: that
    row has no page of its own, so the login is offered and moves on saving."""
    anna, dup, ben = _player(members, "Anna"), _player(members, "Anna B"), _player(members, "Ben")
    _merge(members, anna, dup)
    Player.objects.filter(pk=dup.pk).update(user=members.viewer)
    client.force_login(members.owner)
    assert f'<option value="{members.viewer.pk}">viewer</option>' in _page(client, members, ben)
    sent = {"key": "k1", "login": str(members.viewer.pk)}
    assert client.post(_url(members, ben), sent).status_code == 302
    assert (_tie(members, ben), _tie(members, dup)) == (members.viewer.pk, None)
