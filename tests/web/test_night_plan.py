"""A night from plan to start, as a new host meets it (issue 23): the first night of a
new group offers every game; there is one way to plan a night."""

from __future__ import annotations

import datetime
import re

import night_forms
import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from helpers.clients import client_for
from helpers.forms import as_post, form_fields
from helpers.pages import alerts
from helpers.people import Members, make_members

from gamenight import services
from gamenight.games import game_title, games_to_call
from gamenight.models import Night, NightChange, NightStatus, Rsvp
from gamenight.services import LedgerError, digital, night_plan, player_links
from gamenight.services import next_night as planned
from gamenight.services.digital import playable_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def members() -> Members:
    members = make_members()
    for name in ("Anna", "Ben", "Carla"):
        services.add_player(group_id=members.group.pk, by=members.owner, name=name)
    return members


def _day(days: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=days)


def _send_form(client: Client, url: str, **changes: str | list[str] | None) -> str:
    """Open ``url``, send its main form (class "form") as shown with ``changes``; the
    answer's address."""
    page = client.get(url)
    assert page.status_code == 200, page.status_code
    html = page.content.decode()
    found = re.search(r'<form method="post" action="([^"]+)" class="form"', html)
    assert found is not None, f"no form on {url}"
    action = found.group(1)
    response = client.post(action, as_post(form_fields(html, action), **changes))
    assert response.status_code == 302, response.content.decode()[:3000]
    return str(response["Location"])


def test_a_new_groups_first_night_offers_every_game(members: Members) -> None:
    """Defect 1: "Plan the next night" saved a night with no games allowed, and the
    started night said "No games are allowed tonight."."""
    host = client_for(members.owner)
    group_page = host.get(reverse("group_detail", args=[members.group.pk])).content.decode()
    plan_link = re.search(
        r'<a class="button wide" href="([^"]+)">Plan the next night</a>', group_page
    )
    assert plan_link is not None
    _send_form(host, plan_link.group(1), date=_day(2).isoformat())
    night = Night.objects.get(group=members.group)
    assert night.allowed_games == games_to_call()
    _send_form(host, reverse("night_start", args=[night.pk]))
    page = host.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "No games are allowed tonight." not in page
    for game in games_to_call():
        assert escape(game_title(game)) in page, game


def test_a_night_saved_without_games_offers_every_game(members: Members) -> None:
    """A night stored with an empty list of games (as defect 1 left them) names no
    rule: the night page, the recording form's picker and the digital deal offer
    every game."""
    night = services.create_night(
        group_id=members.group.pk, by=members.owner, date=_day(0), allowed_games=[]
    )
    anna, ben = (members.group.players.get(name=n).pk for n in ("Anna", "Ben"))
    services.start_night(night_id=night.pk, by=members.owner, key="s", players=[anna, ben])
    page = client_for(members.owner).get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "No games are allowed tonight." not in page
    assert f'href="/nights/{night.pk}/record/guts/"' in page
    night.refresh_from_db()
    assert night.status == NightStatus.RUNNING
    assert "seven-card-stud" in playable_games(night)


# ---------------------------------------------------------------------- one way to plan


def _plan(members: Members, days: int = 3, **changes: str | list[str] | None) -> Night:
    response = night_forms.plan(
        client_for(members.owner),
        members.group.pk,
        date=_day(days).isoformat(),
        place="Anna's kitchen",
        **changes,
    )
    assert response.status_code == 302, alerts(response.content.decode())
    return Night.objects.filter(group=members.group).latest("pk")


def _answer(members: Members, night: Night, name: str, answer: str = "coming") -> None:
    player = members.group.players.get(name=name)
    response = client_for(members.owner).post(
        reverse("night_answer", args=[night.pk]), {"answer": answer, "player": player.pk}
    )
    assert response.status_code == 302


def _group_page(client: Client, members: Members) -> str:
    return client.get(reverse("group_detail", args=[members.group.pk])).content.decode()


def test_the_group_page_has_one_way_to_plan_a_night(members: Members) -> None:
    """Defect 2: "Plan the next night" and "Plan a night" were two forms."""
    host = client_for(members.owner)
    page = _group_page(host, members)
    assert page.count(reverse("night_create", args=[members.group.pk])) == 1
    assert "Plan a night</a>" not in page
    # The next night's old address is the same form.
    old = host.get(reverse("next_night_plan", args=[members.group.pk])).content.decode()
    assert f'action="{reverse("night_create", args=[members.group.pk])}"' in old
    for field in ("date", "starts_at", "place", "note", "ante", "allowed_games"):
        assert f'name="{field}"' in old


def test_a_second_night_is_refused_and_the_first_keeps_its_answers(members: Members) -> None:
    """Defect 2: two identical nights split the answers; the group page showed the
    one without them ("0 coming")."""
    night = _plan(members)
    _answer(members, night, "Anna")
    host = client_for(members.owner)
    # The planning page is now the planned night's.
    response = host.get(reverse("night_create", args=[members.group.pk]))
    assert response["Location"] == reverse("night_edit", args=[night.pk])
    # A form kept open from before is refused, naming the night to change instead.
    stale = night_forms.plan_form(host, members.group.pk, before=night)
    refused = host.post(reverse("night_create", args=[members.group.pk]), stale)
    assert refused.status_code == 422
    assert "A night is already planned for" in " ".join(alerts(refused.content.decode()))
    assert reverse("night_edit", args=[night.pk]) in refused.content.decode()
    assert Night.objects.filter(group=members.group).count() == 1
    page = _group_page(host, members)
    assert "1 coming" in page
    assert "2 not answered yet" in page


def test_the_answers_stay_with_the_night_whatever_is_changed(members: Members) -> None:
    night = _plan(members)
    _answer(members, night, "Anna")
    _answer(members, night, "Ben", "not_coming")
    response = night_forms.edit(
        client_for(members.owner),
        night.pk,
        date=_day(5).isoformat(),
        place="Ben's",
        starts_at="20:00",
        ante="2",
    )
    assert response["Location"] == reverse("group_detail", args=[members.group.pk]) + "#next-night"
    night.refresh_from_db()
    assert (night.date, night.place, night.ante) == (_day(5), "Ben's", 2)
    assert planned.answers(night).by_player == {
        members.group.players.get(name="Anna").pk: "coming",
        members.group.players.get(name="Ben").pk: "not_coming",
    }
    page = _group_page(client_for(members.viewer), members)
    assert "1 coming" in page
    assert "1 not coming" in page
    assert "Ben&#x27;s" in page


def test_a_night_on_a_day_that_has_passed_is_planned_to_be_recorded(members: Members) -> None:
    """Not the next night (nobody answers a night gone by): the plan leads to its start."""
    response = night_forms.plan(
        client_for(members.owner), members.group.pk, date=_day(-2).isoformat()
    )
    night = Night.objects.get(group=members.group)
    assert response["Location"] == reverse("night_start", args=[night.pk])
    assert planned.next_night(members.group.pk) is None
    # It keeps no one from planning the next night.
    assert _plan(members).pk != night.pk


def test_starting_the_night_keeps_its_answers_and_house_rules(members: Members) -> None:
    night = _plan(members, ante="3", allowed_games=["guts", "baseball"])
    _answer(members, night, "Anna")
    _answer(members, night, "Carla")
    host = client_for(members.owner)
    page = host.get(reverse("night_start", args=[night.pk])).content.decode()
    assert "Who said they are coming is ticked" in page
    fields = form_fields(page, reverse("night_start", args=[night.pk]))
    assert host.post(reverse("night_start", args=[night.pk]), as_post(fields)).status_code == 302
    night.refresh_from_db()
    assert night.status == NightStatus.RUNNING
    assert (night.ante, set(night.allowed_games)) == (3, {"baseball", "guts"})
    assert set(night.seats.values_list("player__name", flat=True)) == {"Anna", "Carla"}
    assert len(planned.answers(night).coming) == 2


# ---------------------------------------------------------------- house rules, night under way


def _running(members: Members) -> Night:
    night = _plan(members, days=0, ante="1", starting_stack="50")
    names = ("Anna", "Ben", "Carla")
    players = [members.group.players.get(name=n).pk for n in names]
    services.start_night(night_id=night.pk, by=members.owner, key="start", players=players)
    night.refresh_from_db()
    return night


def test_the_host_changes_the_house_rules_during_the_night_and_the_log_says_so(
    members: Members,
) -> None:
    night = _running(members)
    host = client_for(members.owner)
    night_page = host.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert reverse("night_edit", args=[night.pk]) in night_page
    form = host.get(reverse("night_edit", args=[night.pk])).content.decode()
    assert "Change the house rules" in form
    assert 'name="date"' not in form  # the day and place are history by now
    games = [g for g in games_to_call() if g != "guts"]
    response = night_forms.edit(host, night.pk, ante="2", allowed_games=games)
    assert response["Location"] == reverse("night_detail", args=[night.pk])
    night.refresh_from_db()
    assert night.ante == 2
    assert "guts" not in night.allowed_games
    page = host.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert 'id="night-log"' in page
    log = page.split('id="night-log"')[1]
    assert "owner" in log
    assert "Ante: 1 → 2" in log
    assert "Games dropped: Guts" in log
    assert f'href="/nights/{night.pk}/record/guts/"' not in page
    german = client_for(members.owner, HTTP_ACCEPT_LANGUAGE="de")
    log_de = german.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Ante: 1 → 2" in log_de.split('id="night-log"')[1]
    assert "Spiele gestrichen: Guts" in log_de


def test_the_same_rules_sent_again_change_and_log_nothing(members: Members) -> None:
    night = _running(members)
    host = client_for(members.owner)
    assert night_forms.edit(host, night.pk).status_code == 302
    assert not NightChange.objects.filter(night=night).exists()


def test_a_rules_form_left_open_does_not_undo_a_change_made_since(members: Members) -> None:
    night = _running(members)
    host, cohost = client_for(members.owner), client_for(members.cohost)
    left_open = night_forms.edit_form(host, night.pk)
    assert night_forms.edit(cohost, night.pk, ante="3").status_code == 302
    left_open["starting_stack"] = "80"
    response = host.post(reverse("night_edit", args=[night.pk]), left_open)
    assert response.status_code == 422
    assert "Someone changed this night since you opened the form" in response.content.decode()
    night.refresh_from_db()
    assert (night.ante, night.starting_stack) == (3, 50)
    assert NightChange.objects.filter(night=night).count() == 1


@pytest.mark.parametrize(
    "changes",
    [
        {"ante": "-1"},
        {"ante": "²"},
        {"ante": "١٢"},
        {"starting_stack": "99999999999"},
        {"allowed_games": ["poker-of-doom"]},
        {"allowed_games": None},
        {"bet_low": "5", "bet_high": "2"},
        {"seen": "abc"},
    ],
)
def test_bad_house_rules_show_a_message_and_change_nothing(
    members: Members, changes: dict[str, str | list[str] | None]
) -> None:
    night = _running(members)
    response = night_forms.edit(client_for(members.owner), night.pk, **changes)
    assert response.status_code == 422
    assert alerts(response.content.decode())
    night.refresh_from_db()
    assert (night.ante, night.starting_stack) == (1, 50)
    assert not NightChange.objects.filter(night=night).exists()


def test_a_digital_hand_in_play_keeps_the_rules_it_was_dealt_with(members: Members) -> None:
    night = _running(members)
    hand = digital.start_hand(
        night_id=night.pk, by=members.owner, key="deal", game="seven-card-stud"
    )
    dealt = dict(hand.state)
    assert night_forms.edit(client_for(members.owner), night.pk, ante="5").status_code == 302
    hand.refresh_from_db()
    assert hand.state == dealt
    assert Night.objects.get(pk=night.pk).ante == 5


def test_only_the_host_and_co_hosts_change_a_night(members: Members) -> None:
    night = _running(members)
    url = reverse("night_edit", args=[night.pk])
    assert client_for(members.viewer).get(url).status_code == 403
    assert client_for(members.outsider).get(url).status_code == 404
    assert client_for(members.outsider).post(url, {"ante": "9"}).status_code == 404
    assert client_for(None).get(url).status_code == 302
    assert client_for(members.cohost).get(url).status_code == 200
    night.refresh_from_db()
    assert night.ante == 1


def test_a_night_that_is_over_keeps_its_rules(members: Members) -> None:
    night = _running(members)
    host = client_for(members.owner)
    stale = night_forms.edit_form(host, night.pk)
    services.end_night(night_id=night.pk, by=members.owner)
    assert host.get(reverse("night_edit", args=[night.pk]))["Location"] == reverse(
        "night_detail", args=[night.pk]
    )
    response = host.post(reverse("night_edit", args=[night.pk]), {**stale, "ante": "4"})
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.ante == 1
    with pytest.raises(LedgerError, match="This night is over"):
        night_plan.change_night(night_id=night.pk, by=members.owner, fields={"ante": 4})


# ---------------------------------------------------------------- calling a night off


def _link(members: Members, name: str, user: User) -> None:
    player = members.group.players.get(name=name)
    player.user = user
    player.save()


def test_a_cancelled_night_is_told_to_who_answered_and_gone_for_the_others(
    members: Members,
) -> None:
    night = _plan(members)
    _link(members, "Anna", members.viewer)
    _answer(members, night, "Anna")
    host = client_for(members.owner)
    page = host.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert 'id="call-off"' in page
    assert host.post(reverse("night_cancel", args=[night.pk])).status_code == 302
    assert host.post(reverse("night_cancel", args=[night.pk])).status_code == 302  # double tap
    night.refresh_from_db()
    assert night.status == NightStatus.CANCELLED
    assert NightChange.objects.filter(night=night).count() == 1
    assert len(planned.answers(night).coming) == 1  # kept
    assert planned.next_night(members.group.pk) is None
    told = _group_page(client_for(members.viewer), members)
    assert "is cancelled." in told
    assert reverse("night_ics", args=[night.pk]) in told
    assert "Are you coming?" not in told
    # A member who had not answered sees no night at all.
    _link(members, "Anna", members.cohost)
    _link(members, "Ben", members.viewer)
    assert "is cancelled." not in _group_page(client_for(members.viewer), members)
    # Nobody answers a cancelled night any more.
    ben = members.group.players.get(name="Ben")
    refused = client_for(members.owner).post(
        reverse("night_answer", args=[night.pk]), {"answer": "not_coming", "player": ben.pk}
    )
    assert refused.status_code == 422
    assert "This night was cancelled" in refused.content.decode()
    # And the next night can be planned.
    assert _plan(members, days=4).pk != night.pk


def test_a_cancelled_nights_calendar_event_keeps_its_uid_and_says_cancelled(
    members: Members,
) -> None:
    night = _plan(members)
    url = reverse("night_ics", args=[night.pk])
    host = client_for(members.owner)
    before = host.get(url).content.decode()
    assert "STATUS:CANCELLED" not in before
    assert "SEQUENCE:0\r\n" in before
    night_forms.edit(host, night.pk, date=_day(4).isoformat())
    moved = host.get(url).content.decode()
    assert "SEQUENCE:1\r\n" in moved
    assert f"DTSTART;VALUE=DATE:{_day(4):%Y%m%d}\r\n" in moved
    host.post(reverse("night_cancel", args=[night.pk]))
    cancelled = host.get(url).content.decode()
    uid = f"UID:night-{night.pk}-group-{members.group.pk}@gamenight\r\n"
    assert uid in before
    assert uid in cancelled
    assert "STATUS:CANCELLED\r\n" in cancelled
    assert "SEQUENCE:2\r\n" in cancelled
    assert "SUMMARY:Cancelled: Poker night: Friday poker\r\n" in cancelled


def test_a_started_night_cannot_be_cancelled_or_deleted(members: Members) -> None:
    night = _running(members)
    host = client_for(members.owner)
    response = host.post(reverse("night_cancel", args=[night.pk]))
    assert response.status_code == 422
    assert "it cannot be cancelled" in response.content.decode()
    url = reverse("night_delete", args=[members.group.pk, night.pk])
    response = host.post(url, {"key": "del-1"})
    assert response.status_code == 422
    assert "it cannot be deleted" in response.content.decode()
    night.refresh_from_db()
    assert night.status == NightStatus.RUNNING


def test_a_planned_night_is_deleted_with_its_answers_once(members: Members) -> None:
    night = _plan(members)
    _answer(members, night, "Anna")
    host = client_for(members.owner)
    url = reverse("night_delete", args=[members.group.pk, night.pk])
    first = host.post(url, {"key": "del-1"})
    again = host.post(url, {"key": "del-1"})  # a double tap finds it gone
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"]
    assert not Night.objects.filter(pk=night.pk).exists()
    assert not Rsvp.objects.exists()
    assert "Plan the next night" in _group_page(host, members)


def test_a_cancelled_night_can_be_deleted_too(members: Members) -> None:
    night = _plan(members)
    host = client_for(members.owner)
    host.post(reverse("night_cancel", args=[night.pk]))
    page = host.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "This night was cancelled." in page
    url = reverse("night_delete", args=[members.group.pk, night.pk])
    assert host.post(url, {"key": "del-2"}).status_code == 302
    assert not Night.objects.filter(pk=night.pk).exists()


def test_calling_off_is_for_the_hosts_of_the_group(members: Members) -> None:
    night = _plan(members)
    cancel = reverse("night_cancel", args=[night.pk])
    delete = reverse("night_delete", args=[members.group.pk, night.pk])
    assert client_for(members.viewer).post(cancel).status_code == 403
    assert client_for(members.outsider).post(cancel).status_code == 404
    assert client_for(members.viewer).post(delete, {"key": "k"}).status_code == 403
    assert client_for(members.outsider).post(delete, {"key": "k"}).status_code == 404
    # Another group's night under this group's address: not found, not deleted.
    other = make_members(prefix="x-")
    theirs = services.create_night(group_id=other.group.pk, by=other.owner, date=_day(3))
    sneaky = reverse("night_delete", args=[members.group.pk, theirs.pk])
    assert client_for(members.owner).post(sneaky, {"key": "k2"}).status_code == 404
    assert client_for(members.owner).post(delete, {}).status_code == 422  # no key: out of date
    assert Night.objects.filter(pk__in=[night.pk, theirs.pk]).count() == 2
    night.refresh_from_db()
    assert night.status == NightStatus.PLANNED


def test_a_players_link_tells_them_the_night_they_answered_is_cancelled(
    members: Members,
) -> None:
    night = _plan(members)
    anna, ben = (members.group.players.get(name=n) for n in ("Anna", "Ben"))
    links = {
        p.name: player_links.make_link(group_id=members.group.pk, by=members.owner, player_id=p.pk)
        for p in (anna, ben)
    }
    visitor = Client()
    answer = reverse("player_link_answer", args=[links["Anna"].token, night.pk])
    assert visitor.post(answer, {"answer": "coming"}).status_code == 302
    client_for(members.owner).post(reverse("night_cancel", args=[night.pk]))
    page = visitor.get(reverse("player_link_page", args=[links["Anna"].token])).content.decode()
    assert "is cancelled." in page
    assert reverse("player_link_ics", args=[links["Anna"].token, night.pk]) in page
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    assert (
        "ist abgesagt."
        in german.get(reverse("player_link_page", args=[links["Anna"].token])).content.decode()
    )
    others = visitor.get(reverse("player_link_page", args=[links["Ben"].token])).content.decode()
    assert "cancelled" not in others
    ics = visitor.get(reverse("player_link_ics", args=[links["Anna"].token, night.pk]))
    assert "STATUS:CANCELLED" in ics.content.decode()
