"""Moves on every screen at once (issue 16): the event streams of a night.

Against the app as `make run` starts it (tests/helpers/live_run.py: uvicorn
under gunicorn, one worker, the in-memory channel layer): a seat's phone and
the TV hold their night's stream open, and a move by another seat reaches both
as a ``changed`` event without any poll; the stream is the seat's only, as the
seat page is. Under WSGI (the test client here) the streams answer 204 and the
pages poll, which the last tests check.
"""

from __future__ import annotations

import asyncio
import datetime
import http.client
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.models import User
from django.test import Client
from helpers.live_run import LiveRun, Phone, live_run
from helpers.people import make_members

from gamenight import services
from gamenight.live.groups import CHANGED, night_group
from gamenight.models import Group, Night

# Generous: a liveness bound on a loaded CI machine, not a speed target
# (scripts/bench_digital.py measures the speed).
WAIT_S = 60.0


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveRun]:
    with live_run(tmp_path_factory.mktemp("live")) as started:
        yield started


class Stream:
    """An open event stream, read event by event."""

    def __init__(self, run: LiveRun, phone: Phone, path: str) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", run.port, timeout=WAIT_S)
        headers = phone.headers(run.port, Accept="text/event-stream")
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()

    def next_event(self) -> str:
        """The next event's name (comments, the keep-alives, are skipped), or
        TimeoutError when none came within WAIT_S (checked at each line: a
        keep-alive comes every 15 s)."""
        name = ""
        deadline = time.monotonic() + WAIT_S
        while True:
            if time.monotonic() > deadline:
                raise TimeoutError("no event came")
            line = self.response.readline().decode()
            if not line:
                raise EOFError("the stream ended")
            if line.startswith("event:"):
                name = line.split(":", 1)[1].strip()
            elif line == "\n" and name:
                return name

    def close(self) -> None:
        self.connection.close()


def test_a_move_reaches_the_other_seats_and_the_tv_as_an_event(run: LiveRun) -> None:
    phones = {seat: run.open_seat(seat) for seat in run.seats}
    watcher = next(seat for seat in run.seats if seat != run.actor())
    seat_stream = Stream(run, phones[watcher], f"/s/{run.seats[watcher]}/events/")
    tv_stream = Stream(run, run.log_in(), f"/nights/{run.night}/events/")
    try:
        for stream in (seat_stream, tv_stream):
            assert stream.response.status == 200
            assert stream.response.getheader("Content-Type", "").startswith("text/event-stream")
            # On connecting: one event, so a page fetches what it missed meanwhile.
            assert stream.next_event() == "changed"
        run.move(phones)
        assert seat_stream.next_event() == "changed"
        assert tv_stream.next_event() == "changed"
        # And the next one too: the stream stays open from move to move.
        run.move(phones)
        assert seat_stream.next_event() == "changed"
        assert tv_stream.next_event() == "changed"
    finally:
        seat_stream.close()
        tv_stream.close()


def test_the_event_carries_no_card_only_that_something_changed(run: LiveRun) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", run.port, timeout=WAIT_S)
    host = run.log_in()
    connection.request("GET", f"/nights/{run.night}/events/", headers=host.headers(run.port))
    response = connection.getresponse()
    first = b""
    while not first.endswith(b"\n\n"):
        first += response.read1(1024)
    connection.close()
    assert first == b"retry: 2000\nevent: changed\ndata: \n\n"


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
    assert f'sse-connect="/s/{token}/events/"'.encode() in page
    assert b'hx-trigger="sse:changed, every 1s"' in page
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
    assert _receive(layer, channel) == {"type": CHANGED}
    with django_capture_on_commit_callbacks(execute=True):
        night.place = "Anna's kitchen"
        night.save()
    assert _receive(layer, channel) == {"type": CHANGED}


def test_the_server_frees_a_closed_stream(run: LiveRun) -> None:
    """A phone that goes away (the page closed) leaves nothing behind that blocks."""
    host = run.log_in()
    for _ in range(30):
        stream = Stream(run, host, f"/nights/{run.night}/events/")
        assert stream.next_event() == "changed"
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
    assert f'sse-connect="/tv/{token}/events/"'.encode() in page
    assert b'hx-trigger="sse:changed, every 1s"' in page
    stream = Stream(run, Phone(), f"/tv/{token}/events/")
    try:
        assert stream.response.status == 200
        assert stream.next_event() == "changed"
        run.move({seat: run.open_seat(seat) for seat in run.seats})
        assert stream.next_event() == "changed"
    finally:
        stream.close()
