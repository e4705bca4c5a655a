"""The TV by the night's table link (issue 16): no login, read-only, renewed by the
host, following the night from hand to hand; and what a closed night's seat and
table links show."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from helpers.clients import client_for
from ledger_helpers import Table
from seat_phones import link_of, phone, seat_url, start

from engine.games import GAMES
from gamenight import services
from gamenight.log_masking import mask_tokens
from gamenight.models import TableLink
from gamenight.services import digital, table_links

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def _tv(night: Table) -> TableLink:
    return table_links.live_table_link(night.night)


def _url(link: TableLink, name: str = "tv_page") -> str:
    return reverse(name, args=[link.token])


def _close(night: Table) -> None:
    hand = table_links.latest_hand(night.night)
    if hand is not None and hand.is_running:
        digital.abandon_hand(night_id=night.night.pk, hand_id=hand.pk, by=night.owner, key="ab")
    services.end_night(night_id=night.night.pk, by=night.owner)


# ---------------------------------------------------------------------- the host's panel


def test_the_host_sees_the_table_link_and_its_qr_code(night: Table) -> None:
    html = client_for(night.owner).get(reverse("night_detail", args=[night.night.pk])).content
    page = html.decode()
    link = TableLink.objects.get(night=night.night, revoked=False)
    assert _url(link) in page
    assert "Link for the TV" in page
    assert page.count("<svg") >= 1
    assert reverse("table_link_renew", args=[night.night.pk, link.pk]) in page


def test_a_member_who_only_views_gets_no_table_link(night: Table) -> None:
    page = client_for(night.viewer).get(reverse("night_detail", args=[night.night.pk])).content
    assert b"/tv/" not in page
    assert not TableLink.objects.exists()


def test_renewing_blanks_the_old_tv_and_the_new_link_works(night: Table) -> None:
    old = _tv(night)
    url = reverse("table_link_renew", args=[night.night.pk, old.pk])
    assert client_for(night.owner).post(url).status_code == 302
    # The old TV goes blank: its poll swaps in a page that says so, without the table.
    poll = Client().get(_url(old, "tv_state"), **HX)
    assert poll.status_code == 200
    assert "This table link was replaced" in poll.content.decode()
    assert 'class="poller"' not in poll.content.decode()
    assert Client().get(_url(old)).status_code == 410
    assert Client().get(_url(old, "tv_events")).status_code == 404
    new = _tv(night)
    assert new.token != old.token
    assert Client().get(_url(new)).status_code == 200
    # A double tap on the old page's button makes no third link.
    assert client_for(night.owner).post(url).status_code == 302
    assert TableLink.objects.filter(night=night.night).count() == 2
    assert _tv(night).pk == new.pk


def test_only_hosts_renew_the_table_link(night: Table) -> None:
    link = _tv(night)
    url = reverse("table_link_renew", args=[night.night.pk, link.pk])
    assert client_for(night.viewer).post(url).status_code == 403
    assert client_for(night.outsider).post(url).status_code == 404
    link.refresh_from_db()
    assert not link.revoked


# ---------------------------------------------------------------------- the TV


def test_the_tv_opens_without_a_login_and_shows_every_seat(night: Table) -> None:
    hand = start(night)
    response = Client().get(_url(_tv(night)))
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("Anna", "Ben", "Carla"):
        assert name in html
    assert "tv-n3" in html
    for index in range(3):
        assert f"tv-p{index}" in html
    actor = digital.hand_state(hand).actor
    assert actor is not None
    assert f"{night.players[actor].name}&#x27;s turn" in html or "s turn" in html
    assert _url(_tv(night), "tv_state") in html


def test_the_tv_shows_the_last_move_as_a_banner(night: Table) -> None:
    hand = start(night, game="five-card-draw")
    state = digital.hand_state(hand)
    actor = state.actor
    assert actor is not None
    link = link_of(hand, actor)
    phone(link).post(
        seat_url(link, "seat_act"),
        {"action": "check", "version": "0", "key": "k1", "hand": str(hand.pk)},
    )
    html = Client().get(_url(_tv(night))).content.decode()
    assert 'class="tv-banner"' in html
    banner = html.split('class="tv-banner"', 1)[1].split("</p>", 1)[0]
    assert state.names[actor] in banner
    assert "checks" in banner


def test_the_tv_waits_for_the_first_hand_then_follows_each_hand(night: Table) -> None:
    tv = _tv(night)
    client = Client()
    first = client.get(_url(tv, "tv_state"), **HX)
    assert first.status_code == 200
    assert "Waiting for the next hand" in first.content.decode()
    tag = first.headers["ETag"]
    assert client.get(_url(tv, "tv_state"), HTTP_IF_NONE_MATCH=tag, **HX).status_code == 304
    hand = start(night, game="no-peek")
    dealt = client.get(_url(tv, "tv_state"), HTTP_IF_NONE_MATCH=tag, **HX)
    assert dealt.status_code == 200
    assert "Waiting for the next hand" not in dealt.content.decode()
    assert "to win" in dealt.content.decode()
    digital.abandon_hand(night_id=night.night.pk, hand_id=hand.pk, by=night.owner, key="ab")
    between = client.get(_url(tv, "tv_state"), **HX).content.decode()
    assert "Waiting for the next hand" in between
    start(night, game="seven-card-stud", key="again")
    second = client.get(_url(tv, "tv_state"), **HX).content.decode()
    assert "Waiting for the next hand" not in second
    assert "Seven" in second


def test_the_tv_stream_needs_a_live_table_link(night: Table) -> None:
    tv = _tv(night)
    # Under WSGI a stream is a 204 (the page polls); an unknown token is a 404.
    assert Client().get(_url(tv, "tv_events")).status_code == 204
    assert Client().get("/tv/not-a-token/events/").status_code == 404
    assert Client().get("/tv/not-a-token/").status_code == 404
    assert Client().get("/tv/not-a-token/state/").status_code == 404


def test_the_members_table_is_the_tv_layout_too(night: Table) -> None:
    hand = start(night)
    url = reverse("digital_table", args=[night.night.pk, hand.pk])
    html = client_for(night.viewer).get(url).content.decode()
    assert "tv-n3" in html
    assert reverse("digital_table_state", args=[night.night.pk, hand.pk]) in html


# ---------------------------------------------------------------------- odds for every stud game


@pytest.mark.parametrize("game", ["seven-card-stud", "baseball", "no-peek"])
def test_stud_games_show_odds_from_the_cards_showing(night: Table, game: str) -> None:
    start(night, game=game)
    html = Client().get(_url(_tv(night))).content.decode()
    assert html.count("% to win") == 3
    assert "Chances from the cards showing" in html


@pytest.mark.parametrize("game", ["texas-holdem", "five-card-draw"])
def test_games_without_face_up_cards_show_no_odds(night: Table, game: str) -> None:
    start(night, game=game)
    html = Client().get(_url(_tv(night))).content.decode()
    assert "% to win" not in html


# ---------------------------------------------------------------------- after the night


def test_a_closed_nights_seat_link_says_so_in_the_players_language(night: Table) -> None:
    hand = start(night)
    link = link_of(hand, 0)
    holder = phone(link)
    _close(night)
    page = holder.get(seat_url(link), HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Der Abend ist vorbei" in html
    assert reverse("night_report", args=[night.night.pk]) in html
    # The poll of the open page swaps the same message in (a 200, no more polling).
    poll = holder.get(seat_url(link, "seat_state"), HTTP_ACCEPT_LANGUAGE="de", **HX)
    assert poll.status_code == 200
    assert "Der Abend ist vorbei" in poll.content.decode()
    assert 'class="poller"' not in poll.content.decode()
    # A move from a stale page changes nothing and says the same.
    act = holder.post(seat_url(link, "seat_act"), {"action": "fold", "version": "0", "key": "z"})
    assert act.status_code == 200
    assert b"The night is over" in act.content


def test_a_closed_nights_table_link_says_so(night: Table) -> None:
    start(night)
    tv = _tv(night)
    _close(night)
    page = Client().get(_url(tv))
    assert page.status_code == 200
    assert "The night is over" in page.content.decode()
    poll = Client().get(_url(tv, "tv_state"), **HX)
    assert poll.status_code == 200
    assert "The night is over" in poll.content.decode()


def test_a_revoked_link_of_a_closed_night_stays_a_404(night: Table) -> None:
    hand = start(night)
    link = link_of(hand, 0)
    client_for(night.owner).post(reverse("digital_revoke_link", args=[night.night.pk, link.pk]))
    _close(night)
    assert Client().get(seat_url(link)).status_code == 404


# ---------------------------------------------------------------------- logs


def test_table_link_tokens_are_masked_in_logs() -> None:
    token = "QZenYPvY4UNHSqAYBpkYahRpI-JZ9s8D"
    line = f'GET /tv/{token}/state/ "https://x/tv/{token}/" ?next=%2Ftv%2F{token}%2F'
    masked = mask_tokens(line)
    assert token not in masked
    assert masked.startswith("GET /tv/<token>/state/")
