"""The next night (issue 17): the host plans it, the group page shows it with who is
coming, members answer with one idempotent tap, the start page ticks who is coming,
and its calendar file downloads."""

from __future__ import annotations

import datetime
from typing import Any

import night_forms
import pytest
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone
from helpers.clients import client_for
from helpers.forms import as_post, form_fields
from helpers.pages import alerts
from helpers.people import Members, make_members

from gamenight import services
from gamenight.models import Answer, Night, NightStatus, Player, Rsvp
from gamenight.services import next_night as planned

pytestmark = pytest.mark.django_db


@pytest.fixture
def members() -> Members:
    members = make_members()
    for name in ("Anna", "Ben", "Carla", "Dora"):
        services.add_player(group_id=members.group.pk, by=members.owner, name=name)
    return members


def _day(days: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=days)


def _player(members: Members, name: str) -> Player:
    return Player.objects.get(group=members.group, name=name)


def _plan(members: Members, *, days: int = 3, **fields: str) -> Night:
    """The host plans the next night with the night form, or changes the one planned."""
    data = {
        "date": _day(days).isoformat(),
        "starts_at": "19:30",
        "place": "Anna's kitchen",
        "note": "Bring snacks",
        **fields,
    }
    host = client_for(members.owner)
    already = planned.next_night(members.group.pk)
    if already is None:
        response = night_forms.plan(host, members.group.pk, **data)
    else:
        response = night_forms.edit(host, already.pk, **data)
    assert response.status_code == 302, alerts(response.content.decode())
    night = planned.next_night(members.group.pk)
    assert night is not None
    return night


def _link_user(members: Members, name: str, user: User) -> Player:
    player = _player(members, name)
    player.user = user
    player.save()
    return player


def _group_page(user: User, members: Members) -> str:
    response = client_for(user).get(reverse("group_detail", args=[members.group.pk]))
    assert response.status_code == 200
    return response.content.decode()


# ---------------------------------------------------------------------- planning


def test_the_host_plans_the_next_night_and_the_group_page_shows_it(members: Members) -> None:
    night = _plan(members)
    assert night.status == NightStatus.PLANNED
    assert night.starts_at == datetime.time(19, 30)
    assert (night.place, night.note) == ("Anna's kitchen", "Bring snacks")
    page = _group_page(members.viewer, members)
    assert 'id="next-night"' in page
    assert "Anna&#x27;s kitchen" in page
    assert "Bring snacks" in page
    assert "at 19:30" in page
    assert "4 not answered yet" in page
    assert reverse("night_ics", args=[night.pk]) in page


def test_the_group_page_shows_the_date_and_time_in_german(members: Members) -> None:
    night = _plan(members)
    client = client_for(members.viewer, HTTP_ACCEPT_LANGUAGE="de")
    page = client.get(reverse("group_detail", args=[members.group.pk])).content.decode()
    assert "Nächster Abend" in page
    assert night.date.strftime("%d.%m.%Y").lstrip("0") in page or f"{night.date.day}." in page
    assert "19:30" in page
    assert "noch keine Antwort" in page


def test_a_double_tap_plans_one_night_and_a_second_plan_changes_it(members: Members) -> None:
    host = client_for(members.owner)
    url = reverse("night_create", args=[members.group.pk])
    data = as_post(form_fields(host.get(url).content.decode(), url), date=_day(3).isoformat())
    first = host.post(url, data)
    again = host.post(url, data)  # the same key: the first answer
    assert again["Location"] == first["Location"]
    assert Night.objects.filter(group=members.group).count() == 1
    night = Night.objects.get(group=members.group)
    changed = _plan(members, days=4, place="Ben's")
    assert changed.pk == night.pk
    assert (changed.date, changed.place) == (_day(4), "Ben's")


def test_only_hosts_plan_and_outsiders_see_nothing(members: Members) -> None:
    url = reverse("next_night_plan", args=[members.group.pk])
    assert client_for(members.viewer).get(url).status_code == 403
    assert client_for(members.outsider).get(url).status_code == 404
    assert client_for(members.cohost).get(url).status_code == 200


def test_a_started_night_or_a_passed_day_is_no_longer_next(members: Members) -> None:
    night = _plan(members)
    night.date = _day(-1)
    night.save()
    assert planned.next_night(members.group.pk) is None
    assert 'class="next-when"' not in _group_page(members.viewer, members)
    night.date = _day(0)
    night.save()
    assert planned.next_night(members.group.pk) == night
    services.start_night(
        night_id=night.pk, by=members.owner, key="s", players=[_player(members, "Anna").pk]
    )
    assert planned.next_night(members.group.pk) is None


# ---------------------------------------------------------------------- answers


def test_a_member_answers_for_their_own_player_and_a_double_post_changes_nothing(
    members: Members,
) -> None:
    night = _plan(members)
    ben = _link_user(members, "Ben", members.viewer)
    client = client_for(members.viewer)
    url = reverse("night_answer", args=[night.pk])
    assert client.post(url, {"answer": "coming"}).status_code == 302
    first = Rsvp.objects.get(night=night, player=ben)
    assert client.post(url, {"answer": "coming"}).status_code == 302
    again = Rsvp.objects.get(night=night, player=ben)
    assert Rsvp.objects.filter(night=night).count() == 1
    assert (again.answer, again.answered_at) == (Answer.COMING, first.answered_at)
    page = _group_page(members.viewer, members)
    assert "You said: coming." in page
    assert "1 coming" in page
    assert "3 not answered yet" in page
    client.post(url, {"answer": "not_coming"})
    assert Rsvp.objects.get(night=night, player=ben).answer == Answer.NOT_COMING
    assert "1 not coming" in _group_page(members.viewer, members)


def test_a_member_without_a_player_is_told_to_answer_through_the_host(members: Members) -> None:
    _plan(members)
    page = _group_page(members.viewer, members)
    assert "Tell your host whether you are coming" in page
    assert 'name="answer"' not in page
    _link_user(members, "Ben", members.viewer)
    page = _group_page(members.viewer, members)
    assert "Tell your host" not in page
    assert 'name="answer" value="coming"' in page


def test_the_host_answers_for_any_player_but_a_member_only_for_their_own(
    members: Members,
) -> None:
    night = _plan(members)
    carla = _player(members, "Carla")
    url = reverse("night_answer", args=[night.pk])
    client_for(members.owner).post(url, {"answer": "coming", "player": carla.pk})
    assert Rsvp.objects.get(night=night, player=carla).answer == Answer.COMING
    _link_user(members, "Ben", members.viewer)
    viewer = client_for(members.viewer)
    assert viewer.post(url, {"answer": "not_coming", "player": carla.pk}).status_code == 403
    assert Rsvp.objects.get(night=night, player=carla).answer == Answer.COMING


def test_answering_for_players_keeps_their_list_open(members: Members) -> None:
    """One answer after another: "Answer for a player" no longer folds shut after each
    (issue 23); the host's own answer goes back to the card as before."""
    night = _plan(members)
    host = client_for(members.owner)
    carla = _player(members, "Carla")
    url = reverse("night_answer", args=[night.pk])
    response = host.post(url, {"answer": "coming", "player": carla.pk})
    group = reverse("group_detail", args=[members.group.pk])
    assert response["Location"] == f"{group}?answer-for=1#answer-for"
    page = host.get(response["Location"]).content.decode()
    assert '<details class="answer-for" id="answer-for" open>' in page
    assert '<details class="answer-for" id="answer-for">' in _group_page(members.owner, members)
    _link_user(members, "Ben", members.owner)
    assert host.post(url, {"answer": "coming"})["Location"] == f"{group}#next-night"


def test_bad_answers_and_other_groups_change_nothing(members: Members) -> None:
    night = _plan(members)
    _link_user(members, "Ben", members.viewer)
    url = reverse("night_answer", args=[night.pk])
    response = client_for(members.viewer).post(url, {"answer": "maybe"})
    assert response.status_code == 422
    assert "Choose" in response.content.decode()
    assert client_for(members.outsider).post(url, {"answer": "coming"}).status_code == 404
    other = make_members(prefix="x-")
    stranger = services.add_player(group_id=other.group.pk, by=other.owner, name="Zed")
    host = client_for(members.owner)
    assert host.post(url, {"answer": "coming", "player": stranger.pk}).status_code == 404
    assert not Rsvp.objects.exists()


def test_answers_close_when_the_night_starts(members: Members) -> None:
    night = _plan(members)
    ben = _link_user(members, "Ben", members.viewer)
    services.start_night(night_id=night.pk, by=members.owner, key="s", players=[ben.pk])
    url = reverse("night_answer", args=[night.pk])
    response = client_for(members.viewer).post(url, {"answer": "not_coming"})
    assert response.status_code == 422
    assert "answers can no longer change" in response.content.decode()
    assert not Rsvp.objects.exists()


# ---------------------------------------------------------------------- the start page


def test_the_start_page_ticks_who_said_coming(members: Members) -> None:
    night = _plan(members)
    host = client_for(members.owner)
    for name in ("Anna", "Carla"):
        player = _player(members, name)
        host.post(
            reverse("night_answer", args=[night.pk]), {"answer": "coming", "player": player.pk}
        )
    dora = _player(members, "Dora")
    host.post(reverse("night_answer", args=[night.pk]), {"answer": "not_coming", "player": dora.pk})
    page = host.get(reverse("night_start", args=[night.pk])).content.decode()
    ticked = _ticked(page, members)
    assert ticked == {"Anna", "Carla"}
    assert "Who said they are coming is ticked" in page


def test_without_answers_the_start_page_ticks_the_last_table(members: Members) -> None:
    anna, ben = _player(members, "Anna"), _player(members, "Ben")
    last = services.create_night(group_id=members.group.pk, by=members.owner, date=_day(-7))
    services.start_night(night_id=last.pk, by=members.owner, key="s", players=[anna.pk, ben.pk])
    services.end_night(night_id=last.pk, by=members.owner)
    night = _plan(members)
    page = client_for(members.owner).get(reverse("night_start", args=[night.pk])).content.decode()
    assert _ticked(page, members) == {"Anna", "Ben"}
    assert "Who sat at the last night is ticked" in page


def _ticked(page: str, members: Members) -> set[str]:
    """The names whose presence box is checked on the start page."""
    names = set()
    for player in Player.objects.filter(group=members.group):
        tail = page.split(f"<span>{player.name}</span>")[0].rsplit("<input", 1)[-1]
        if "checked" in tail:
            names.add(player.name)
    return names


# ---------------------------------------------------------------------- calendar


def test_the_calendar_file_downloads_for_members_only(members: Members) -> None:
    night = _plan(members, place="Hof 3, 2. OG")
    url = reverse("night_ics", args=[night.pk])
    response = client_for(members.viewer).get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode()
    assert text.count("BEGIN:VEVENT") == 1
    assert f"UID:night-{night.pk}-group-{members.group.pk}@gamenight\r\n" in text
    assert "SUMMARY:Poker night: Friday poker\r\n" in text
    assert "LOCATION:Hof 3\\, 2. OG\r\n" in text
    # The UID stays the night's: a second download, after a change, updates the event.
    _plan(members, place="Ben's")
    assert f"UID:night-{night.pk}-group-{members.group.pk}@gamenight" in (
        client_for(members.owner).get(url).content.decode()
    )
    assert client_for(members.outsider).get(url).status_code == 404
    assert client_for(None).get(url).status_code == 302


def test_an_answer_racing_another_tab_on_sqlite_updates_instead_of_failing(
    members: Members, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite takes no row lock: the other tab's row may appear between the look-up
    and the insert. The insert's unique constraint says so, and the answer updates it."""
    night = _plan(members)
    ben = _player(members, "Ben")
    planned.answer(night_id=night.pk, player=ben, answer=Answer.COMING)
    real_first = QuerySet.first
    missed: list[bool] = []

    def first_misses_the_row_once(self: QuerySet[Any]) -> Any:
        if self.model is Rsvp and not missed:
            missed.append(True)
            return None
        return real_first(self)

    monkeypatch.setattr(QuerySet, "first", first_misses_the_row_once)
    assert planned.answer(night_id=night.pk, player=ben, answer=Answer.NOT_COMING) is True
    assert missed == [True]
    assert Rsvp.objects.get(night=night, player=ben).answer == Answer.NOT_COMING
