"""A player's personal link (issue 17): made and revoked by the host on the player's
page, no login, read-only but for the answer to the next night; ids of another group,
or of a night the player did not sit at, are a 404; a revoked link says so."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from helpers.clients import client_for
from helpers.people import make_members
from ledger_helpers import Table

from gamenight import services
from gamenight.log_masking import mask_tokens
from gamenight.models import Answer, Player, PlayerLink, Rsvp
from gamenight.reports import build
from gamenight.services import night_plan, player_links

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(table: Table) -> Table:
    """The table's night over and its report built; Dora joined the group later."""
    services.end_night(night_id=table.night.pk, by=table.owner)
    assert build.build_night(table.night.pk) == "built"
    services.add_player(group_id=table.group.pk, by=table.owner, name="Dora")
    return table


def _anna(table: Table) -> Player:
    return table.players[0]


def _make(table: Table, player: Player) -> PlayerLink:
    url = reverse("player_link_make", args=[table.group.pk, player.pk])
    assert client_for(table.owner).post(url).status_code == 302
    link = player_links.live_link(player)
    assert link is not None
    return link


def _page(link: PlayerLink, name: str = "player_link_page", *args: int) -> str:
    return reverse(name, args=[link.token, *args])


def _plan(table: Table, days: int = 2) -> int:
    night = night_plan.plan_next(
        group_id=table.group.pk,
        by=table.owner,
        date=timezone.localdate() + datetime.timedelta(days=days),
        starts_at=datetime.time(20, 0),
        place="Ben's, 3rd floor",
        note="",
    )
    return night.pk


# ---------------------------------------------------------------------- the host's side


def test_the_host_makes_one_link_shows_its_qr_code_and_a_share_button(closed: Table) -> None:
    anna = _anna(closed)
    history = reverse("player_history", args=[closed.group.pk, anna.pk])
    page = client_for(closed.owner).get(history).content.decode()
    assert "Make a personal link" in page
    link = _make(closed, anna)
    _make(closed, anna)  # a double tap: the same link
    assert PlayerLink.objects.filter(player=anna).count() == 1
    page = client_for(closed.owner).get(history).content.decode()
    assert _page(link) in page
    assert "<svg" in page
    assert "data-share" in page
    assert reverse("player_link_revoke", args=[closed.group.pk, anna.pk, link.pk]) in page


def test_members_who_only_view_and_outsiders_cannot_make_or_see_links(closed: Table) -> None:
    anna = _anna(closed)
    link = _make(closed, anna)
    history = reverse("player_history", args=[closed.group.pk, anna.pk])
    assert link.token not in client_for(closed.viewer).get(history).content.decode()
    make = reverse("player_link_make", args=[closed.group.pk, anna.pk])
    assert client_for(closed.viewer).post(make).status_code == 403
    assert client_for(closed.outsider).post(make).status_code == 404
    revoke = reverse("player_link_revoke", args=[closed.group.pk, anna.pk, link.pk])
    assert client_for(closed.viewer).post(revoke).status_code == 403
    assert PlayerLink.objects.get(pk=link.pk).revoked is False


# ---------------------------------------------------------------------- the link's pages


def test_the_link_shows_the_players_nights_standings_and_reports_without_a_login(
    closed: Table,
) -> None:
    season = services.create_season(
        group_id=closed.group.pk,
        by=closed.owner,
        name="Winter",
        starts_on=datetime.date(2026, 11, 1),
    )
    link = _make(closed, _anna(closed))
    response = Client().get(_page(link))
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    # "no-referrer" made Chromium send "Origin: null" with the answer, which CSRF refused.
    assert response.get("Referrer-Policy", "same-origin") == "same-origin"
    page = response.content.decode()
    assert "Hello Anna" in page
    report_url = _page(link, "player_link_report", closed.night.pk)
    assert report_url in page
    assert _page(link, "player_link_standings", season.pk) in page
    report = Client().get(report_url)
    assert report.status_code == 200
    assert "Results" in report.content.decode()
    assert f'data-player="{closed.players[1].pk}"' in report.content.decode()
    assert Client().get(_page(link, "player_link_standings", season.pk)).status_code == 200


def test_the_link_pages_have_no_form_but_the_answer_and_how_to_be_paid(closed: Table) -> None:
    link = _make(closed, _anna(closed))
    night_id = _plan(closed)
    answer = _page(link, "player_link_answer", night_id)
    # The player's own payment details (issue 28): the link's one other write.
    payment = reverse("player_link_payment", args=[link.token])
    for url in (_page(link), _page(link, "player_link_report", closed.night.pk)):
        page = Client().get(url).content.decode()
        actions = re.findall(r'<form[^>]*action="([^"]*)"', page)
        # The language switcher of every page aside, which changes nothing of the group.
        assert set(actions) <= {answer, payment, reverse("set_language")}, actions
        # No way into the members' pages (they need a login the player has not).
        hrefs = re.findall(r'href="([^"]*)"', page)
        assert not [h for h in hrefs if h.startswith(("/groups/", "/nights/"))], hrefs


def test_another_groups_ids_through_a_link_are_a_404(closed: Table) -> None:
    link = _make(closed, _anna(closed))
    other = make_members(prefix="x-")
    xena = services.add_player(group_id=other.group.pk, by=other.owner, name="Xena")
    other_season = services.create_season(
        group_id=other.group.pk, by=other.owner, name="Theirs", starts_on=datetime.date(2026, 1, 1)
    )
    theirs = services.create_night(
        group_id=other.group.pk, by=other.owner, date=datetime.date(2026, 11, 20)
    )
    services.start_night(night_id=theirs.pk, by=other.owner, key="s", players=[xena.pk])
    services.end_night(night_id=theirs.pk, by=other.owner)
    build.build_night(theirs.pk)
    client = Client()
    for url in (
        _page(link, "player_link_report", theirs.pk),
        _page(link, "player_link_ics", theirs.pk),
        _page(link, "player_link_standings", other_season.pk),
    ):
        response = client.get(url)
        assert response.status_code == 404, url
        assert "Xena" not in response.content.decode()
    answer = client.post(_page(link, "player_link_answer", theirs.pk), {"answer": "coming"})
    assert answer.status_code == 404
    assert not Rsvp.objects.exists()


def test_a_night_the_player_did_not_sit_at_is_a_404(closed: Table) -> None:
    dora = Player.objects.get(group=closed.group, name="Dora")
    link = _make(closed, dora)
    assert Client().get(_page(link, "player_link_report", closed.night.pk)).status_code == 404
    assert "You have not played a night yet." in Client().get(_page(link)).content.decode()


def test_a_revoked_link_says_it_was_withdrawn_in_the_players_language(closed: Table) -> None:
    anna = _anna(closed)
    link = _make(closed, anna)
    revoke = reverse("player_link_revoke", args=[closed.group.pk, anna.pk, link.pk])
    assert client_for(closed.owner).post(revoke).status_code == 302
    assert client_for(closed.owner).post(revoke).status_code == 302  # a double tap
    for url in (_page(link), _page(link, "player_link_report", closed.night.pk)):
        response = Client().get(url)
        assert response.status_code == 410
        page = response.content.decode()
        assert "This link was withdrawn" in page
        assert "Anna" not in page
        assert "Friday poker" not in page
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(_page(link)).content.decode()
    assert "Dieser Link wurde zurückgezogen" in german
    assert "Frag deinen Gastgeber" in german
    assert (
        Client().post(_page(link, "player_link_answer", 1), {"answer": "coming"}).status_code == 410
    )
    # A new link works; the old one stays withdrawn.
    new = _make(closed, anna)
    assert new.token != link.token
    assert Client().get(_page(new)).status_code == 200
    assert Client().get(_page(link)).status_code == 410


def test_an_unknown_token_is_a_plain_404(closed: Table) -> None:
    assert Client().get(reverse("player_link_page", args=["no-such-token"])).status_code == 404


# ---------------------------------------------------------------------- answering by link


def test_the_player_answers_by_link_with_one_idempotent_tap(closed: Table) -> None:
    anna = _anna(closed)
    link = _make(closed, anna)
    night_id = _plan(closed)
    page = Client().get(_page(link)).content.decode()
    answer = _page(link, "player_link_answer", night_id)
    assert f'action="{answer}"' in page
    assert "Are you coming?" in page
    client = Client()
    assert client.post(answer, {"answer": "coming"}).status_code == 302
    first = Rsvp.objects.get(player=anna)
    assert client.post(answer, {"answer": "coming"}).status_code == 302
    assert Rsvp.objects.count() == 1
    assert Rsvp.objects.get(player=anna).answered_at == first.answered_at
    page = client.get(_page(link)).content.decode()
    assert "You said: coming." in page
    assert client.post(answer, {"answer": "not_coming"}).status_code == 302
    assert Rsvp.objects.get(player=anna).answer == Answer.NOT_COMING
    bad = client.post(answer, {"answer": "yes please"})
    assert bad.status_code == 422
    assert Rsvp.objects.get(player=anna).answer == Answer.NOT_COMING


def test_the_calendar_file_downloads_by_link(closed: Table) -> None:
    link = _make(closed, _anna(closed))
    night_id = _plan(closed)
    response = Client().get(_page(link, "player_link_ics", night_id))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    text = response.content.decode()
    assert "LOCATION:Ben's\\, 3rd floor\r\n" in text
    assert f"UID:night-{night_id}-group-{closed.group.pk}@gamenight\r\n" in text


# ---------------------------------------------------------------------- logs


def test_player_link_tokens_are_masked_in_logs() -> None:
    token = "QZenYPvY4UNHSqAYBpkYahRpI-JZ9s8D"
    line = f'POST /p/{token}/nights/3/answer/ "https://x/p/{token}/" ?next=%2Fp%2F{token}%2F'
    masked = mask_tokens(line)
    assert token not in masked
    assert masked.startswith("POST /p/<token>/nights/3/answer/")


# ---------------------------------------------------------------------- merged and hidden


def _dora(table: Table) -> Player:
    return Player.objects.get(group=table.group, name="Dora")


def _merge(table: Table, kept: Player, merged: Player) -> None:
    services.people.merge_players(
        group_id=table.group.pk, kept_id=kept.pk, merged_id=merged.pk, by=table.owner
    )


def test_a_merged_players_link_opens_the_kept_persons_pages(closed: Table) -> None:
    """Dora was Anna entered twice: Dora's link reads as Anna, nights and answer included."""
    anna, dora = _anna(closed), _dora(closed)
    link = _make(closed, dora)
    _merge(closed, anna, dora)
    night_id = _plan(closed)
    page = Client().get(_page(link)).content.decode()
    report_url = _page(link, "player_link_report", closed.night.pk)
    assert report_url in page
    assert Client().get(report_url).status_code == 200
    answer = _page(link, "player_link_answer", night_id)
    assert Client().post(answer, {"answer": "coming"}).status_code == 302
    assert list(Rsvp.objects.values_list("player_id", "answer")) == [(anna.pk, Answer.COMING)]
    assert "You said: coming." in Client().get(_page(link)).content.decode()


def test_the_kept_players_link_opens_the_merged_ones_nights(closed: Table) -> None:
    anna, dora = _anna(closed), _dora(closed)
    link = _make(closed, dora)
    _merge(closed, dora, anna)  # Anna, who sat at the night, merged into Dora
    page = Client().get(_page(link)).content.decode()
    report_url = _page(link, "player_link_report", closed.night.pk)
    assert report_url in page
    assert Client().get(report_url).status_code == 200


def test_a_hidden_players_link_still_opens_their_pages(closed: Table) -> None:
    anna = _anna(closed)
    link = _make(closed, anna)
    services.people.set_hidden(
        group_id=closed.group.pk, player_id=anna.pk, by=closed.owner, hidden=True
    )
    page = Client().get(_page(link))
    assert page.status_code == 200
    assert "Hello Anna" in page.content.decode()
    report_url = _page(link, "player_link_report", closed.night.pk)
    assert Client().get(report_url).status_code == 200


def test_the_host_withdraws_a_merged_players_link_on_the_kept_players_page(
    closed: Table,
) -> None:
    anna, dora = _anna(closed), _dora(closed)
    link = _make(closed, dora)
    _merge(closed, anna, dora)
    history = reverse("player_history", args=[closed.group.pk, anna.pk])
    owner = client_for(closed.owner, HTTP_ACCEPT_LANGUAGE="de")
    page = owner.get(history).content.decode()
    revoke = reverse("player_link_revoke", args=[closed.group.pk, dora.pk, link.pk])
    assert f'action="{revoke}"' in page
    assert "Ältere Links, die diese Seite öffnen" in page
    assert owner.post(revoke).status_code == 302
    assert Client().get(_page(link)).status_code == 410
