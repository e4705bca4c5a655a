"""Moves on every screen at once (issues 16 and 25): the event streams of a night.

Against the app as `make run` starts it (tests/helpers/live_run.py: uvicorn
under gunicorn, its workers joined by the Unix socket channel layer): a seat's
phone and the TV hold their night's stream open, and a move by another seat
reaches both as their new live part (a ``live`` event) without any request;
the stream is the seat's only, as the seat page is. Under WSGI (the test client
here) the streams answer 204 and the pages poll, which the last tests check.
"""

from __future__ import annotations

import asyncio
import datetime
import re
import socket
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from helpers.live_run import WAIT_S, LiveRun, Phone, Stream, live_run
from helpers.people import make_members

from gamenight import services
from gamenight.live.groups import CHANGED, night_group
from gamenight.models import Group, Night


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveRun]:
    with live_run(tmp_path_factory.mktemp("live")) as started:
        yield started


def test_a_move_reaches_the_other_seats_and_the_tv_as_their_new_part(run: LiveRun) -> None:
    phones = {seat: run.open_seat(seat) for seat in run.seats}
    watcher = next(seat for seat in run.seats if seat != run.actor())
    seat_path = f"/s/{run.seats[watcher]}/"
    seat_stream = Stream(run, phones[watcher], f"{seat_path}events/")
    hand = run.hand_state()[0]
    tv_stream = Stream(run, run.log_in(), f"/nights/{run.night}/events/?hand={hand}")
    try:
        for stream in (seat_stream, tv_stream):
            assert stream.response.status == 200
            assert stream.response.getheader("Content-Type", "").startswith("text/event-stream")
            # A page that says nothing of what it shows is sent its part at once.
            assert stream.next_event() == "live"
            assert 'id="live"' in stream.data
        for _ in range(2):  # and again: the stream stays open from move to move
            before = seat_stream.id, tv_stream.id
            run.move(phones)
            assert seat_stream.next_event() == "live"
            assert tv_stream.next_event() == "live"
            assert (seat_stream.id, tv_stream.id) != before
            # The part its fetch would give, without the fetch.
            status, _, response = run.request(
                phones[watcher], "GET", f"{seat_path}state/", **{"HX-Request": "true"}
            )
            assert status == 200
            assert response.getheader("ETag") == seat_stream.id
    finally:
        seat_stream.close()
        tv_stream.close()


def test_a_page_that_shows_the_current_state_is_sent_nothing_on_connecting(run: LiveRun) -> None:
    """A reconnecting page says what it shows (Last-Event-ID, or ``seen`` on its first
    connection): only a page that missed a change is sent the current part."""
    seat, token = next(iter(run.seats.items()))
    phone = run.open_seat(seat)
    _, _, response = run.request(phone, "GET", f"/s/{token}/state/", **{"HX-Request": "true"})
    tag = response.getheader("ETag")
    stream = Stream(run, phone, f"/s/{token}/events/", **{"Last-Event-ID": tag})
    try:
        # Only the keep-alive (15 s) would come now: a move shows the stream is live.
        run.move({s: run.open_seat(s) for s in run.seats})
        assert stream.next_event() == "live"
        assert stream.id != tag
        assert stream.text.count("event: live") == 1
    finally:
        stream.close()
    stale = Stream(run, phone, f"/s/{token}/events/?seen={quote(tag)}")
    try:
        assert stale.next_event() == "live"  # at once: it missed the move
        assert stale.id == stream.id
    finally:
        stale.close()


def test_another_phone_gets_no_stream_of_a_seat(run: LiveRun) -> None:
    seat, token = next(iter(run.seats.items()))
    run.open_seat(seat)  # bound to its phone
    status, _, _ = run.request(Phone(), "GET", f"/s/{token}/events/")
    assert status == 403


def test_no_stream_without_a_seat_or_a_membership(run: LiveRun) -> None:
    assert run.request(Phone(), "GET", "/s/no-such-token-0123456789abcdef/events/")[0] == 404
    # Not logged in: the night is nobody's business.
    assert run.request(Phone(), "GET", f"/nights/{run.night}/events/")[0] == 404


def test_the_seat_page_under_make_run_listens_to_its_stream(run: LiveRun) -> None:
    seat, token = list(run.seats.items())[-1]
    status, page, _ = run.request(run.open_seat(seat), "GET", f"/s/{token}/")
    assert status == 200
    tag = re.search(rb'data-etag="([^"]+)"', page)
    assert tag is not None
    seen = quote(unescape(tag.group(1).decode()))
    assert f'sse-connect="/s/{token}/events/?seen={seen}"'.encode() in page
    assert b'sse-swap="live"' in page
    assert b'hx-trigger="sse:changed, sse:gone, every 1s"' in page
    assert b"hx-sse-2" in page
    assert b"/static/js/live." in page


def _night(owner: User) -> Night:
    group = Group.objects.filter(memberships__user=owner).first()
    assert group is not None
    return services.create_night(
        group_id=group.pk, by=owner, date=datetime.date(2026, 12, 4), starting_stack=100
    )


@pytest.mark.django_db
def test_under_wsgi_the_stream_answers_204_and_the_pages_poll(client: Client) -> None:
    members = make_members()
    night = _night(members.owner)
    client.force_login(members.owner)
    assert client.get(f"/nights/{night.pk}/events/").status_code == 204
    # Another group's night: no stream, and not even a hint that it exists.
    client.force_login(members.outsider)
    assert client.get(f"/nights/{night.pk}/events/").status_code == 404


def _receive(layer: Any, channel: str) -> dict[str, Any]:
    async def receive() -> dict[str, Any]:
        return dict(await asyncio.wait_for(layer.receive(channel), WAIT_S))

    return async_to_sync(receive)()


@pytest.mark.django_db
def test_every_committed_change_of_a_night_is_announced_to_its_group(
    django_capture_on_commit_callbacks: Any,
) -> None:
    """What the pages hear: a change of the night, once it is committed (and only then)."""
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    members = make_members()
    with django_capture_on_commit_callbacks(execute=False) as waiting:
        night = _night(members.owner)
    async_to_sync(layer.group_add)(night_group(night.pk), channel)
    for callback in waiting:
        callback()
    assert _receive(layer, channel) == {"type": CHANGED, "night": night.pk}
    connection.run_on_commit.clear()  # as its commit would (the test's never commits)
    with django_capture_on_commit_callbacks(execute=True):
        night.place = "Anna's kitchen"
        night.save()
    assert _receive(layer, channel) == {"type": CHANGED, "night": night.pk}


def test_the_server_frees_a_closed_stream(run: LiveRun) -> None:
    """A phone that goes away (the page closed) leaves nothing behind that blocks."""
    host = run.log_in()
    for _ in range(30):
        stream = Stream(run, host, f"/nights/{run.night}/events/")
        assert stream.next_event() in ("changed", "live")
        stream.connection.sock.shutdown(socket.SHUT_RDWR)
        stream.close()
    assert run.request(Phone(), "GET", "/healthz")[0] == 200


def test_the_run_log_has_no_stream_token(run: LiveRun) -> None:
    log = Path(run.log).read_text()
    assert "/events/" in log
    assert not any(token in log for token in run.seats.values())


def test_the_tv_by_its_table_link_listens_to_its_stream_without_a_login(run: LiveRun) -> None:
    # The host's night page makes the night's table link (issue 16).
    status, night_page, _ = run.request(run.log_in(), "GET", f"/nights/{run.night}/")
    assert status == 200
    found = re.search(rb'href="/tv/([A-Za-z0-9_-]+)/"', night_page)
    assert found is not None
    token = found.group(1).decode()
    status, page, _ = run.request(Phone(), "GET", f"/tv/{token}/")
    assert status == 200
    assert f'sse-connect="/tv/{token}/events/?seen='.encode() in page
    assert b'hx-trigger="sse:changed, sse:gone, every 1s"' in page
    stream = Stream(run, Phone(), f"/tv/{token}/events/")
    try:
        assert stream.response.status == 200
        assert stream.next_event() == "live"
        run.move({seat: run.open_seat(seat) for seat in run.seats})
        assert stream.next_event() == "live"
        assert 'class="tv' in stream.data
    finally:
        stream.close()
