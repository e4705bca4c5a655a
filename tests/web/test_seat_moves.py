"""No seat is taken over (issue 22): a seat belongs to its player's phone, and only the
player moves it, by asking from the new phone; the host approves.

Three people and some phones: the host and a co-host (logged in, holding every QR
code), a member who may only view, Anna's phone, Anna's new phone, and Ben's
phone trying Anna's seat. Every refusal is a clear message in the page's
language, changes nothing and shows no card.
"""

from __future__ import annotations

import datetime
import random
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from helpers.clients import client_for
from ledger_helpers import Table
from seat_phones import link_of, random_move, seat_url, start

from engine.games import GAMES
from gamenight import services
from gamenight.models import (
    DigitalHand,
    HandAction,
    Player,
    SeatLink,
    SeatMove,
    SeatMoveStatus,
    TableLink,
)
from gamenight.services import digital, seat_binding, table_links
from gamenight.services.seat_moves import REQUEST_MINUTES

HX = {"HTTP_HX_REQUEST": "true"}
DE = {"HTTP_ACCEPT_LANGUAGE": "de"}


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def text(response: Any) -> str:
    return unescape(response.content.decode())


def tv(night: Table) -> TableLink:
    return table_links.live_table_link(night.night)


def ask_url(night: Table, name: str = "seat_request_ask") -> str:
    return reverse(name, args=[tv(night).token])


def ask(phone: Client, night: Table, seat_id: object, **extra: Any) -> Any:
    return phone.post(ask_url(night), {"seat": str(seat_id)}, **extra)


def seat_of(night: Table, name: str) -> int:
    return next(s.pk for s in night.night.seats.select_related("player") if s.player.name == name)


def claimed_phone(link: SeatLink) -> Client:
    phone = Client()
    assert phone.get(seat_url(link)).status_code == 200
    return phone


def night_page(client: Client, night: Table, **extra: Any) -> str:
    return text(client.get(reverse("night_detail", args=[night.night.pk]), **extra))


def approve_url(night: Table, move: SeatMove, what: str = "approve") -> str:
    return reverse(f"seat_move_{what}", args=[night.night.pk, move.pk])


def hole_cards(hand: DigitalHand, seat: int) -> list[str]:
    """The seat's face-down cards as the seat page writes them (10♠, A♥ ...)."""
    from gamenight.templatetags.digital_tags import card_face

    state = digital.hand_state(hand)
    return [card_face(card) for card, up in state.cards[seat] if not up]


# ---------------------------------------------------------------------- the first claim


def test_the_host_and_co_host_cannot_claim_a_link_on_their_logged_in_phones(night: Table) -> None:
    hand = start(night)
    link = link_of(hand, 0)
    cards = hole_cards(hand, 0)
    for user, extra, message in (
        (night.owner, {}, "You are logged in as owner: this phone cannot take Anna's seat."),
        (night.cohost, DE, "Du bist als cohost angemeldet: Dieses Handy kann den Platz von Anna"),
        (night.viewer, {}, "ask the host to set that Anna logs in as viewer"),
    ):
        response = client_for(user).get(seat_url(link), **extra)
        assert response.status_code == 403
        page = text(response)
        assert message in page
        assert not any(card in page for card in cards)
        assert "Your cards" not in page
    link.refresh_from_db()
    assert not link.is_claimed
    # The player's own phone still gets it.
    assert claimed_phone(link).get(seat_url(link, "seat_state"), **HX).status_code == 200


def test_a_member_may_claim_the_seat_of_the_player_they_log_in_as(night: Table) -> None:
    hand = start(night)
    link = link_of(hand, 0)
    Player.objects.filter(pk=night.players[0].pk).update(user=night.cohost)
    cohost = client_for(night.cohost)
    assert cohost.get(seat_url(link)).status_code == 200
    link.refresh_from_db()
    assert link.is_claimed
    # ... and no other seat with the same login, nor on the same phone.
    assert cohost.get(seat_url(link_of(hand, 1))).status_code == 403


def test_a_phone_holding_a_seat_cannot_claim_a_second_one(night: Table) -> None:
    hand = start(night)
    anna, ben = link_of(hand, 0), link_of(hand, 1)
    phone = claimed_phone(anna)
    for extra, message in (
        ({}, "This phone holds Anna's seat tonight already: one phone, one seat."),
        (DE, "Dieses Handy hat heute Abend schon den Platz von Anna: ein Handy, ein Platz."),
    ):
        response = phone.get(seat_url(ben), **extra)
        assert response.status_code == 403
        assert message in text(response)
    ben.refresh_from_db()
    assert not ben.is_claimed
    assert phone.get(seat_url(anna)).status_code == 200


# ---------------------------------------------------------------------- the move


def test_the_table_link_offers_this_is_my_seat_and_shows_names_only(night: Table) -> None:
    hand = start(night)
    page = text(Client().get(reverse("tv_page", args=[tv(night).token])))
    assert ask_url(night, "seat_request") in page
    assert "This is my seat" in page
    picker = Client().get(ask_url(night, "seat_request"))
    assert picker.status_code == 200
    body = text(picker)
    assert all(name in body for name in ("Anna", "Ben", "Carla"))
    assert "pcard" not in body
    assert not any(card in body for card in hole_cards(hand, 0))
    german = text(Client().get(ask_url(night, "seat_request"), **DE))
    assert "Wähle deinen Namen." in german


def test_a_seat_moves_to_the_phone_that_asked_once_the_host_approves(night: Table) -> None:
    hand = start(night)
    old_link = link_of(hand, 0)
    old_phone = claimed_phone(old_link)
    tag = old_phone.get(seat_url(old_link, "seat_state"), **HX).headers["ETag"]
    cards = hole_cards(hand, 0)
    assert all(card in text(old_phone.get(seat_url(old_link))) for card in cards)

    new_phone = Client()
    asked = ask(new_phone, night, seat_of(night, "Anna"))
    assert asked.status_code == 302
    assert seat_binding.COOKIE in new_phone.cookies
    move = SeatMove.objects.get()
    assert move.status == SeatMoveStatus.PENDING
    assert len(move.code) == 4
    waiting = text(new_phone.get(ask_url(night, "seat_request")))
    assert f"Your code {move.code}" in " ".join(waiting.replace("<strong>", "").split())
    assert "Waiting for the host to move Anna's seat to this phone." in waiting
    assert not any(card in waiting for card in cards)
    # Asking binds nothing: the new phone sees no seat yet.
    assert new_phone.get(seat_url(old_link)).status_code == 403

    # The old phone is told, in case the new phone is not its player's.
    told = old_phone.get(seat_url(old_link, "seat_state"), HTTP_IF_NONE_MATCH=tag, **HX)
    assert told.status_code == 200
    assert "Another phone has asked the host for this seat." in text(told)

    # The host's prompt: the code, approve and refuse; no card, no link.
    host = client_for(night.owner)
    prompt = night_page(host, night)
    assert "A new phone asks for Anna's seat" in prompt
    assert move.code in prompt
    assert "The phone holding the seat now loses it at once." in prompt
    assert approve_url(night, move) in prompt
    assert approve_url(night, move, "refuse") in prompt
    german = night_page(host, night, **DE)
    assert "Ein neues Handy fragt nach dem Platz von Anna" in german

    approved = host.post(approve_url(night, move), **HX)
    assert approved.status_code == 200
    page = text(approved)
    assert not any(card in page for card in cards)
    move.refresh_from_db()
    assert move.status == SeatMoveStatus.APPROVED
    assert move.decided_by == night.owner
    new_link = link_of(hand, 0)
    assert move.from_link == old_link
    assert move.to_link == new_link
    assert new_link.token not in page  # the host never sees the new link
    assert "Anna's seat moved to a new phone, approved by owner" in page
    # The host's browser is not the one bound, even with the new link in hand.
    assert host.get(seat_url(new_link)).status_code == 403

    # The new phone's waiting page goes to the seat by itself; the seat is there.
    redirect = new_phone.get(ask_url(night, "seat_request"), **HX)
    assert redirect.headers["HX-Redirect"] == seat_url(new_link)
    seat = new_phone.get(seat_url(new_link))
    assert seat.status_code == 200
    assert all(card in text(seat) for card in cards)

    # The old phone lost it at once, and is told so; nothing it sends counts.
    gone = old_phone.get(seat_url(old_link))
    assert gone.status_code == 410
    assert "Your seat moved to another phone" in text(gone)
    assert "owner approved moving Anna's seat to a new phone" in text(gone)
    poll = old_phone.get(seat_url(old_link, "seat_state"), **HX)
    assert poll.status_code == 200
    assert "If that was not you, tell the host at once." in text(poll)
    state = digital.hand_state(hand)
    act = old_phone.post(
        seat_url(old_link, "seat_act"),
        {"hand": str(hand.pk), "version": "0", "key": "late", "action": "fold"},
    )
    assert act.status_code == 410
    assert not any(card in text(act) for card in cards)
    assert not HandAction.objects.exists()
    assert state.actor is not None
    german_gone = text(old_phone.get(seat_url(old_link), **DE))
    assert "Dein Platz ist auf ein anderes Handy umgezogen" in german_gone
    # Anyone else with the old link learns nothing.
    assert Client().get(seat_url(old_link)).status_code == 404


def test_a_double_tap_on_approve_moves_the_seat_once(night: Table) -> None:
    hand = start(night)
    claimed_phone(link_of(hand, 1))
    new_phone = Client()
    ask(new_phone, night, seat_of(night, "Ben"))
    move = SeatMove.objects.get()
    host = client_for(night.owner)
    assert host.post(approve_url(night, move)).status_code == 302
    assert host.post(approve_url(night, move)).status_code == 302
    assert client_for(night.cohost).post(approve_url(night, move)).status_code == 302
    assert SeatLink.objects.filter(seat_id=move.seat_id).count() == 2
    assert SeatLink.objects.filter(seat_id=move.seat_id, revoked=False).count() == 1
    # Turning it down after the approval says what happened instead.
    refused = host.post(approve_url(night, move, "refuse"), **HX)
    assert refused.status_code == 409
    assert "Ben's seat moved to that phone already." in text(refused)


def test_a_free_seat_is_not_grabbed_from_the_table_link_without_the_host(night: Table) -> None:
    hand = start(night)
    free = link_of(hand, 2)  # Carla's QR code, on the host's page, unopened
    phone = Client()
    assert ask(phone, night, seat_of(night, "Carla")).status_code == 302
    # Asking bound nothing: no link is the phone's until the host approves.
    free.refresh_from_db()
    assert not free.is_claimed
    assert not SeatLink.objects.filter(device_hash=SeatMove.objects.get().device_hash).exists()
    assert "This phone holds" not in text(phone.get(ask_url(night, "seat_request")))
    # The approval binds the asking phone and kills the QR code the host saw.
    client_for(night.owner).post(approve_url(night, SeatMove.objects.get()))
    free.refresh_from_db()
    assert free.revoked
    assert Client().get(seat_url(free)).status_code == 404
    assert phone.get(seat_url(link_of(hand, 2))).status_code == 200


# ---------------------------------------------------------------------- refusals


def test_a_logged_in_member_cannot_ask_for_someone_elses_seat(night: Table) -> None:
    start(night)
    for user, extra, message in (
        (night.owner, {}, "You are logged in as owner: this phone cannot take Anna's seat."),
        (night.cohost, DE, "Du bist als cohost angemeldet"),
    ):
        response = ask(client_for(user), night, seat_of(night, "Anna"), **extra, **HX)
        assert response.status_code == 409
        assert message in text(response)
    assert not SeatMove.objects.exists()


def test_a_phone_holding_a_seat_cannot_ask_for_another(night: Table) -> None:
    hand = start(night)
    ben = claimed_phone(link_of(hand, 1))
    response = ask(ben, night, seat_of(night, "Anna"), **HX)
    assert response.status_code == 409
    assert "This phone holds Ben's seat tonight already: one phone, one seat." in text(response)
    again = ask(ben, night, seat_of(night, "Ben"), **DE)
    assert again.status_code == 409
    assert "Dieses Handy hat diesen Platz schon." in text(again)
    assert not SeatMove.objects.exists()


def test_a_second_request_waits_for_the_first(night: Table) -> None:
    start(night)
    first, second = Client(), Client()
    assert ask(first, night, seat_of(night, "Anna")).status_code == 302
    assert ask(first, night, seat_of(night, "Anna")).status_code == 302  # a double tap
    other = ask(second, night, seat_of(night, "Anna"), **HX)
    assert other.status_code == 409
    assert "Another phone has asked for Anna's seat" in text(other)
    switch = ask(first, night, seat_of(night, "Ben"), **DE)
    assert switch.status_code == 409
    assert "Dieses Handy wartet schon auf den Gastgeber" in text(switch)
    assert SeatMove.objects.count() == 1
    # Withdrawn, the seat may be asked for by the other phone.
    first.post(ask_url(night, "seat_request_withdraw"))
    assert SeatMove.objects.get().status == SeatMoveStatus.CANCELLED
    assert ask(second, night, seat_of(night, "Anna")).status_code == 302
    approved = client_for(night.owner).post(
        approve_url(night, SeatMove.objects.get(status=SeatMoveStatus.CANCELLED)), **HX
    )
    assert approved.status_code == 409
    assert "The phone took its request for Anna's seat back: nothing changed." in text(approved)


@pytest.mark.parametrize(
    "seat", ["abc", "", "-1", "\u0661", "\u00b2", "99999999999999999999", "1.5", "\x00"]
)
def test_a_malformed_seat_is_refused(night: Table, seat: str) -> None:
    start(night)
    response = Client().post(ask_url(night), {"seat": seat}, **HX)
    assert response.status_code == 422
    assert "Pick your name." in text(response)
    assert not SeatMove.objects.exists()


def test_another_nights_seat_or_request_is_refused(night: Table) -> None:
    start(night)
    other_group = services.create_group(name="Elsewhere", host=night.outsider)
    players = [
        services.add_player(group_id=other_group.pk, by=night.outsider, name=n) for n in "XY"
    ]
    other = services.create_night(
        group_id=other_group.pk, by=night.outsider, date=datetime.date(2026, 11, 28)
    )
    services.start_night(
        night_id=other.pk, by=night.outsider, key="o", players=[p.pk for p in players]
    )
    theirs = other.seats.first()
    assert theirs is not None
    response = ask(Client(), night, theirs.pk, **HX)
    assert response.status_code == 409
    assert "That is not a seat at tonight's table: reload the page." in text(response)
    phone = Client()
    their_tv = table_links.live_table_link(other)
    phone.post(reverse("seat_request_ask", args=[their_tv.token]), {"seat": str(theirs.pk)})
    move = SeatMove.objects.get()
    # Their request through our night: not ours. Our night through their host: a 404.
    mine = client_for(night.owner).post(approve_url(night, move), **HX)
    assert mine.status_code == 409
    assert "That request is not one of this night's: reload the page." in text(mine)
    outsider = client_for(night.owner).post(reverse("seat_move_approve", args=[other.pk, move.pk]))
    assert outsider.status_code == 404
    move.refresh_from_db()
    assert move.status == SeatMoveStatus.PENDING


def test_only_the_host_and_co_hosts_answer(night: Table) -> None:
    start(night)
    ask(Client(), night, seat_of(night, "Anna"))
    move = SeatMove.objects.get()
    assert client_for(night.viewer).post(approve_url(night, move)).status_code == 403
    assert client_for(night.outsider).post(approve_url(night, move)).status_code == 404
    anonymous = Client().post(approve_url(night, move))
    assert anonymous.status_code == 302
    assert "/accounts/login/" in anonymous.headers["Location"]
    assert "A new phone asks" not in night_page(client_for(night.viewer), night)
    move.refresh_from_db()
    assert move.status == SeatMoveStatus.PENDING


def test_a_turned_down_request_says_so_on_the_asking_phone(night: Table) -> None:
    start(night)
    phone = Client()
    ask(phone, night, seat_of(night, "Anna"))
    move = SeatMove.objects.get()
    assert client_for(night.cohost).post(approve_url(night, move, "refuse")).status_code == 302
    assert client_for(night.cohost).post(approve_url(night, move, "refuse")).status_code == 302
    page = text(phone.get(ask_url(night, "seat_request")))
    assert "The host turned down this phone's request for Anna's seat." in page
    assert not SeatLink.objects.filter(device_hash=move.device_hash).exists()
    log = night_page(client_for(night.owner), night)
    assert "A phone asking for Anna's seat, turned down by cohost" in log
    approved = client_for(night.owner).post(approve_url(night, move), **DE, **HX)
    assert approved.status_code == 409
    assert "Diese Anfrage für den Platz von Anna wurde schon abgelehnt." in text(approved)


def test_a_request_left_waiting_too_long_cannot_be_approved(night: Table) -> None:
    hand = start(night)
    phone = Client()
    ask(phone, night, seat_of(night, "Anna"))
    move = SeatMove.objects.get()
    long_ago = move.created_at - datetime.timedelta(minutes=REQUEST_MINUTES + 1)
    SeatMove.objects.filter(pk=move.pk).update(created_at=long_ago)
    assert "A new phone asks" not in night_page(client_for(night.owner), night)
    response = client_for(night.owner).post(approve_url(night, move), **HX)
    assert response.status_code == 409
    assert "That request for Anna's seat is too old" in text(response)
    move.refresh_from_db()
    assert move.status == SeatMoveStatus.EXPIRED
    assert not link_of(hand, 0).revoked
    page = text(phone.get(ask_url(night, "seat_request")))
    assert "did not answer the request for Anna's seat in time" in page
    # Asking again works: the old request no longer holds the seat.
    assert ask(Client(), night, seat_of(night, "Anna")).status_code == 302


def test_the_approval_checks_the_phone_again(night: Table) -> None:
    """Between asking and the approval the phone opened a free QR code: one seat only."""
    hand = start(night)
    phone = Client()
    ask(phone, night, seat_of(night, "Anna"))
    assert phone.get(seat_url(link_of(hand, 2))).status_code == 200  # Carla's, unopened
    move = SeatMove.objects.get()
    response = client_for(night.owner).post(approve_url(night, move), **HX)
    assert response.status_code == 409
    assert "That phone holds Carla's seat already: one phone, one seat." in text(response)
    assert SeatMove.objects.get().status == SeatMoveStatus.PENDING
    assert not link_of(hand, 0).revoked


def test_a_request_after_the_night_ended(night: Table) -> None:
    hand = start(night)
    phone = Client()
    ask(phone, night, seat_of(night, "Anna"))
    move = SeatMove.objects.get()
    digital.abandon_hand(night_id=night.night.pk, hand_id=hand.pk, by=night.owner, key="ab")
    services.end_night(night_id=night.night.pk, by=night.owner)
    late = client_for(night.owner).post(approve_url(night, move), **HX)
    assert late.status_code == 409
    assert "The night is over: nothing changed." in text(late)
    assert SeatMove.objects.get().status == SeatMoveStatus.PENDING
    over = phone.get(ask_url(night, "seat_request"))
    assert "The night is over" in text(over)
    again = ask(Client(), night, seat_of(night, "Ben"))
    assert "The night is over" in text(again)
    assert SeatMove.objects.count() == 1
    poll = client_for(night.owner).get(reverse("seat_moves_poll", args=[night.night.pk]), **HX)
    assert poll.status_code == 200
    assert "seat-moves" not in text(poll)


def test_a_renewed_table_link_asks_for_nothing(night: Table) -> None:
    start(night)
    old = tv(night)
    table_links.renew_table_link(night_id=night.night.pk, by=night.owner, link_id=old.pk)
    url = reverse("seat_request_ask", args=[old.token])
    assert Client().post(url, {"seat": str(seat_of(night, "Anna"))}).status_code == 404
    assert not SeatMove.objects.exists()


def test_the_hosts_prompt_appears_by_itself(night: Table) -> None:
    """The night page polls its seat-move part: 304 until a phone asks."""
    start(night)
    host = client_for(night.owner)
    url = reverse("seat_moves_poll", args=[night.night.pk])
    first = host.get(url, **HX)
    assert first.status_code == 200
    tag = first.headers["ETag"]
    assert host.get(url, HTTP_IF_NONE_MATCH=tag, **HX).status_code == 304
    ask(Client(), night, seat_of(night, "Anna"))
    changed = host.get(url, HTTP_IF_NONE_MATCH=tag, **HX)
    assert changed.status_code == 200
    assert "A new phone asks for Anna's seat" in text(changed)
    assert client_for(night.viewer).get(url, **HX).status_code == 403
    assert client_for(night.outsider).get(url, **HX).status_code == 404


# ---------------------------------------------------------------------- who made each move


def test_the_logs_name_the_host_who_moved_for_a_player(night: Table) -> None:
    hand = start(night, game="no-peek")
    state = digital.hand_state(hand)
    actor = state.actor
    assert actor is not None
    link = link_of(hand, actor)
    phone = claimed_phone(link)
    host = client_for(night.owner)
    response = host.post(
        reverse("digital_act_for", args=[night.night.pk, hand.pk]),
        {"key": "for-them", "seat": str(actor), "action": "flip", "version": "0"},
    )
    assert response.status_code == 302
    done = HandAction.objects.get(hand=hand)
    assert done.by_user == night.owner
    assert done.events_at == len(state.history)
    name = state.names[actor]
    seat_page = text(phone.get(seat_url(link)))
    assert "(by owner, standing in)" in seat_page
    tv_page = text(Client().get(reverse("tv_page", args=[tv(night).token])))
    assert tv_page.count("(by owner, standing in)") == 2  # the banner and the log
    german = text(phone.get(seat_url(link), **DE))
    assert "(von owner, in Vertretung)" in german
    # The next move, from the player's own phone, names nobody.
    hand.refresh_from_db()
    nxt = digital.hand_state(hand)
    assert nxt.actor is not None
    next_link = link_of(hand, nxt.actor)
    next_phone = phone if nxt.actor == actor else claimed_phone(next_link)
    data = random_move(nxt, random.Random(1))
    data.update(hand=str(hand.pk), version="1", key="mine")
    moved = next_phone.post(seat_url(next_link, "seat_act"), data)
    assert moved.status_code == 302
    tv_after = text(Client().get(reverse("tv_page", args=[tv(night).token])))
    assert tv_after.count("standing in") == 1  # the log's older line only
    assert name in tv_after


def test_the_replay_and_the_nights_list_name_the_host_who_moved(night: Table) -> None:
    hand = start(night, game="guts")
    state = digital.hand_state(hand)
    host = client_for(night.owner)
    # Guts: everyone declares at once; the host declares Anna out, the others go in.
    host.post(
        reverse("digital_act_for", args=[night.night.pk, hand.pk]),
        {"key": "out", "seat": "0", "action": "declare_out", "version": "0"},
    )
    version = 1
    for seat in range(1, state.seat_count):
        link = link_of(hand, seat)
        response = claimed_phone(link).post(
            seat_url(link, "seat_act"),
            {
                "hand": str(hand.pk),
                "version": str(version),
                "key": f"in{seat}",
                "action": "declare_in",
            },
        )
        assert response.status_code == 302, text(response)[:500]
        version += 1
    hand.refresh_from_db()
    assert not hand.is_running
    replay = reverse("digital_replay", args=[night.night.pk, hand.pk])
    first = text(host.get(f"{replay}?step=1"))
    assert "(by owner, standing in)" in first
    second = text(host.get(f"{replay}?step=2"))
    assert "standing in" not in second
    data = host.get(reverse("digital_replay_json", args=[night.night.pk, hand.pk])).json()
    assert [m["stand_in"] for m in data["moves"]] == ["owner"] + [None] * (state.seat_count - 1)
    listed = night_page(host, night)
    assert "1 move made by a host for a player away from the phone" in listed
