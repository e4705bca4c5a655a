"""The app as `make run` starts it (scripts/run.sh), with a digital hand running.

For the tests of moves on every screen (gamenight/live/): those need the real
server (uvicorn under gunicorn, two workers, the Unix socket channel layer), which
the test suite's WSGI live server is not. The server starts in a temp dir
(tests/helpers/make_run.py); a group with a host who can log in, three players
and a running hand of seven-card stud are made with the services.
"""

from __future__ import annotations

import http.client
import json
import re
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from helpers.make_run import make_run

PASSWORD = "live-" + "x" * 16
# Generous: a liveness bound on a loaded CI machine, not a speed target
# (scripts/bench_digital.py measures the speed).
WAIT_S = 60.0

SETUP = """
import datetime, json
from django.contrib.auth.models import User
from gamenight import services
from gamenight.services import digital
from gamenight.models import SeatLink
host = User.objects.create_user("live-host", password={password!r})
group = services.create_group(name="Live table", host=host)
players = [
    services.add_player(group_id=group.pk, by=host, name=n) for n in ("Anna", "Ben", "Carla")
]
night = services.create_night(
    group_id=group.pk, by=host, date=datetime.date(2026, 12, 4),
    allowed_games=["seven-card-stud"], starting_stack=200,
)
services.start_night(night_id=night.pk, by=host, key="live-start", players=[p.pk for p in players])
hand = digital.start_hand(night_id=night.pk, by=host, key="live-hand", game="seven-card-stud")
links = SeatLink.objects.filter(night=night, hand=None, revoked=False).select_related("seat")
print(json.dumps({{
    "night": night.pk,
    "hand": hand.pk,
    "seats": {{str(l.seat_id): l.token for l in links}},
}}))
"""


@dataclass
class Phone:
    """A browser's cookies (a seat's binding, the session, the csrftoken)."""

    cookies: dict[str, str] = field(default_factory=dict)

    def headers(self, port: int, **more: str) -> dict[str, str]:
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return {"Host": f"127.0.0.1:{port}", "Cookie": cookie, **more}

    def take(self, response: http.client.HTTPResponse) -> None:
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value


@dataclass
class LiveRun:
    port: int
    db: Path
    log: Path
    night: int
    hand: int
    seats: dict[int, str]
    phones: dict[int, Phone] = field(default_factory=dict)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def request(
        self,
        phone: Phone,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        **headers: str,
    ) -> tuple[int, bytes, http.client.HTTPResponse]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        sent = phone.headers(self.port, **headers)
        body = None
        if form is not None:
            body = urlencode(form)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["X-CSRFToken"] = phone.cookies.get("csrftoken", "")
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        content = response.read()
        phone.take(response)
        connection.close()
        return response.status, content, response

    def log_in(self) -> Phone:
        phone = Phone()
        _, page, _ = self.request(phone, "GET", "/accounts/login/")
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token is not None
        form = {"csrfmiddlewaretoken": token.group(1).decode(), "username": "live-host"}
        form["password"] = PASSWORD
        status, _, _ = self.request(phone, "POST", "/accounts/login/", form)
        assert status == 302, status
        return phone

    def open_seat(self, seat_id: int) -> Phone:
        """The seat's phone: its first open binds the link to it (seat_binding), so
        each seat has one phone for the whole run."""
        if seat_id not in self.phones:
            phone = Phone()
            status, _, _ = self.request(phone, "GET", f"/s/{self.seats[seat_id]}/")
            assert status == 200, status
            self.phones[seat_id] = phone
        return self.phones[seat_id]

    def hand_state(self) -> tuple[int, dict[str, Any], int, list[int]]:
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=10) as conn:
            row = conn.execute(
                "SELECT id, state, version, seat_ids FROM gamenight_digitalhand "
                "WHERE night_id = ? ORDER BY id DESC LIMIT 1",
                [self.night],
            ).fetchone()
        return int(row[0]), json.loads(row[1]), int(row[2]), json.loads(row[3])

    def actor(self) -> int:
        """The seat id whose turn it is."""
        from engine.games.serialise import hand_from_dict

        _hand, data, _version, seat_ids = self.hand_state()
        return int(seat_ids[hand_from_dict(data).actor])

    def move(self, phones: dict[int, Phone]) -> int:
        """The actor's phone checks or calls (whichever is legal); the seat that moved."""
        from engine.games import ActionName
        from engine.games.serialise import hand_from_dict

        hand_id, data, version, seat_ids = self.hand_state()
        state = hand_from_dict(data)
        seat = int(seat_ids[state.actor])
        legal = state.legal_actions()
        calm = [a for a in legal if a.kind in (ActionName.CHECK, ActionName.CALL)]
        chosen = (calm or [a for a in legal if a.kind != ActionName.FOLD])[0]
        form = {"action": chosen.kind.value, "hand": str(hand_id), "version": str(version)}
        form["key"] = uuid.uuid4().hex
        if chosen.min_amount is not None:
            form["amount"] = str(chosen.min_amount)
        phone = phones[seat]
        status, body, _ = self.request(
            phone, "POST", f"/s/{self.seats[seat]}/act/", form, **{"HX-Request": "true"}
        )
        assert status == 200, (status, body[:300])
        assert b'role="alert"' not in body, body[:300]
        return seat


class Stream:
    """An open event stream, read event by event."""

    def __init__(self, run: LiveRun, phone: Phone, path: str, **more: str) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", run.port, timeout=WAIT_S)
        headers = phone.headers(run.port, Accept="text/event-stream", **more)
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        self.text, self.id, self.data = "", "", ""

    def next_event(self) -> str:
        """The next event's name (comments, the keep-alives, are skipped), or
        TimeoutError when none came within WAIT_S (checked at each line: a
        keep-alive comes every 15 s). Its id and data are kept in ``id`` and ``data``."""
        name, self.id, data = "", "", []
        deadline = time.monotonic() + WAIT_S
        while True:
            if time.monotonic() > deadline:
                raise TimeoutError("no event came")
            line = self.response.readline().decode()
            self.text += line
            if not line:
                raise EOFError("the stream ended")
            if line.startswith("event:"):
                name = line.split(":", 1)[1].strip()
            elif line.startswith("id:"):
                self.id = line.split(":", 1)[1].strip()
            elif line.startswith("data:"):
                data.append(line[5:].removeprefix(" ").removesuffix("\n"))
            elif line == "\n" and name:
                self.data = "\n".join(data)
                return name

    def close(self) -> None:
        self.connection.close()


@contextmanager
def live_run(tmp: Path, **env: str) -> Iterator[LiveRun]:
    """``env`` adds settings (``REDIS_URL``: compose's channel layer)."""
    run = make_run(tmp, AXES_ENABLED="0", **env)
    seed = json.loads(
        run.manage("shell", "-c", SETUP.format(password=PASSWORD)).strip().splitlines()[-1]
    )
    with run.serving():
        yield LiveRun(
            port=run.port,
            db=run.db,
            log=run.log,
            night=seed["night"],
            hand=seed["hand"],
            seats={int(k): v for k, v in seed["seats"].items()},
        )
