#!/usr/bin/env python3
"""The real app under gunicorn on a database of its own, and phones to drive it.

The app runs as in production (gamenight/commands.py WEB: gunicorn, three uvicorn
workers, DEBUG off) on a fresh database: a SQLite file in a temp dir, or an
empty PostgreSQL database given by URL; migrated, then seeded with a group, a
host, co-hosts and running nights (``live_app.py seed``, run in a subprocess
with the app's settings). SQLite gets no options from here: the app's own
settings must make concurrent writers wait, not fail.

Used by scripts/stress_ledger.py and the tests that drive the app over HTTP
(tests/web/test_sqlite_concurrency.py, tests/web/test_ledger_stress.py).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import datetime
import html
import http.client
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_web  # noqa: E402
from bench_web import (  # noqa: E402
    HOST,
    Session,
    free_port,
    log_in,
    manage,
    request_with_headers,
)

BIN = Path(sys.executable).parent
PASSWORD = "stress-" + "x" * 12

# ---------------------------------------------------------------- the app and its database


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def app_env(database_url: str) -> dict[str, str]:
    """The benchmark's production settings (bench_web.app_env), with the login
    throttle off: twenty phones log in from one address."""
    return {
        **bench_web.app_env(database_url),
        "PYTHONPATH": str(ROOT),
        "SECRET_KEY": "stress-" + uuid.uuid4().hex,
        "AXES_ENABLED": "0",
    }


@dataclass(frozen=True)
class Seed:
    group_id: int
    users: list[str]
    nights: list[int]
    players: list[int]

    @classmethod
    def from_json(cls, text: str) -> Seed:
        return cls(**json.loads(text))


def prepare(env: dict[str, str], *, nights: int, players: int, cohosts: int, stack: int) -> Seed:
    """Migrate, collect the static files (DEBUG is off) and seed the group."""
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    done = subprocess.run(
        [
            str(BIN / "python"),
            str(Path(__file__).resolve()),
            "seed",
            *("--nights", str(nights), "--players", str(players)),
            *("--cohosts", str(cohosts), "--stack", str(stack)),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"seeding failed:\n{done.stdout}\n{done.stderr}")
    return Seed.from_json(done.stdout.strip().splitlines()[-1])


def seed_main(nights: int, players: int, cohosts: int, stack: int) -> None:
    """Runs in the app's own process (its settings, its database): print the seed as JSON."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gamenight.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth.models import User

    from gamenight import services
    from gamenight.models import Role

    host = User.objects.create_user("stress-host", password=PASSWORD)
    group = services.create_group(name="Stress poker", host=host)
    users = [host]
    for i in range(cohosts):
        user = User.objects.create_user(f"stress-cohost{i}", password=PASSWORD)
        services.join_group(token=group.invite_token, user=user)
        services.set_role(group_id=group.pk, by=host, user=user, role=Role.COHOST)
        users.append(user)
    ids = [services.add_player(group_id=group.pk, by=host, name=f"P{i}").pk for i in range(players)]
    night_ids = []
    for n in range(nights):
        night = services.create_night(
            group_id=group.pk,
            by=host,
            date=datetime.date(2026, 12, 1 + n),
            starting_stack=stack,
            game_options={"guts": {"limit": 40}, "shelby": {"limit": 40}},
        )
        services.start_night(night_id=night.pk, by=host, key=f"start-{n}", players=ids)
        night_ids.append(night.pk)
    print(
        json.dumps(
            {
                "group_id": group.pk,
                "users": [u.username for u in users],
                "nights": night_ids,
                "players": ids,
            }
        )
    )


@contextlib.contextmanager
def gunicorn(env: dict[str, str], log: Path, workers: int = 3) -> Iterator[int]:
    """gamenight/commands.py WEB on a free loopback port; yields the port."""
    port = free_port()
    command = bench_web.web_command(port)
    env = {**env, "WEB_CONCURRENCY": str(workers)}
    with log.open("w") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn exited at start-up:\n{log.read_text()}")
            with contextlib.suppress(OSError, http.client.HTTPException):
                conn = http.client.HTTPConnection(HOST, port, timeout=2)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not answer /healthz within 60 s")
            time.sleep(0.2)
        yield port
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@contextlib.contextmanager
def running_app(
    database_url: str | None = None,
    *,
    nights: int = 1,
    players: int = 4,
    cohosts: int = 2,
    stack: int = 1000,
) -> Iterator[App]:
    """The app under gunicorn on a fresh database (a SQLite file in a temp dir by default).

    ``database_url`` must name an empty database (PostgreSQL): it is migrated and seeded.
    """
    with tempfile.TemporaryDirectory(prefix="gamenight-live-") as tmp:
        url = database_url or sqlite_url(Path(tmp) / "stress.sqlite3")
        env = app_env(url)
        seed = prepare(env, nights=nights, players=players, cohosts=cohosts, stack=stack)
        log = Path(tmp) / "gunicorn.log"
        with gunicorn(env, log) as port:
            yield App(port=port, url=url, seed=seed, log=log)


# ---------------------------------------------------------------- phones


@dataclass
class Tally:
    """Every response, by status; the first bodies of the 5xx for the report."""

    statuses: collections.Counter[int] = field(default_factory=collections.Counter)
    counts: collections.Counter[str] = field(default_factory=collections.Counter)
    server_errors: list[str] = field(default_factory=list)
    landed_keys: set[str] = field(default_factory=set)
    scenes: collections.Counter[str] = field(default_factory=collections.Counter)
    refusals: collections.Counter[str] = field(default_factory=collections.Counter)
    # The app's designed "database busy, send it again" answers (503 with Retry-After,
    # gamenight/busy.py): not a server error, the phone sends the same form again.
    busy: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add_busy(self) -> None:
        with self.lock:
            self.busy += 1

    def add(self, status: int, what: str, body: bytes) -> None:
        with self.lock:
            self.statuses[status] += 1
            self.counts[what] += 1
            if status >= 500 and len(self.server_errors) < 5:
                self.server_errors.append(f"{what} HTTP {status}: {body[:300]!r}")

    def refused(self, page: bytes, language: str) -> None:
        """Count a refusal by the page's language and message (the first alert)."""
        alert = re.search(rb'role="alert">(.*?)</(?:p|div|ul)>', page, re.S) or re.search(
            rb'class="errorlist[^"]*"[^>]*>(.*?)</ul>', page, re.S
        )
        text = re.sub(r"<[^>]+>|\s+", " ", alert.group(1).decode()).strip() if alert else "?"
        text = html.unescape(text)
        text = re.sub(r"\d+", "N", text)[:90]
        with self.lock:
            self.refusals[f"{language}: {text}"] += 1

    def broken(self, answers: list[Any]) -> None:
        """A tap that got no answer at all (a reset connection) is a failure too."""
        for answer in answers:
            if isinstance(answer, Exception):
                with self.lock:
                    self.server_errors.append(f"no answer: {type(answer).__name__}: {answer}")

    def by_class(self) -> dict[str, int]:
        classes = collections.Counter({"2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0})
        for status, n in self.statuses.items():
            classes[f"{status // 100}xx"] += n
        return dict(classes)

    @property
    def requests(self) -> int:
        return sum(self.statuses.values())


@dataclass
class App:
    port: int
    url: str
    seed: Seed
    log: Path
    sessions: dict[str, Session] = field(default_factory=dict)
    login_lock: threading.Lock = field(default_factory=threading.Lock)

    def session(self, user: str) -> Session:
        """The user's login, made on first use (a login hashes the password: about 1 s)."""
        with self.login_lock:
            if user not in self.sessions:
                self.sessions[user] = log_in(self.port, user, PASSWORD)
            return self.sessions[user]

    def phone(self, user: str, tally: Tally) -> Phone:
        return Phone(self.port, Session(cookies=dict(self.session(user).cookies)), tally)


# How often a phone sends a form again that the app answered "busy" (503).
BUSY_RESENDS = 5


class Phone:
    """One co-host's phone: its own connection, a copy of the login's cookies."""

    def __init__(self, port: int, session: Session, tally: Tally) -> None:
        self.port, self.session, self.tally = port, session, tally
        self.conn = http.client.HTTPConnection(HOST, port, timeout=120)
        self.rows: dict[str, list[tuple[int, int]]] = {}

    def call(
        self, method: str, path: str, form: dict[str, str] | None, what: str
    ) -> tuple[int, bytes]:
        for _busy in range(BUSY_RESENDS):
            status, body, headers = self._send(method, path, form)
            if status != 503 or headers.get("Retry-After") is None:
                break
            # The app's "busy, nothing was recorded, send it again": as a person would.
            self.tally.add_busy()
            time.sleep(float(headers["Retry-After"]))
        self.tally.add(status, what, body)
        return status, body

    def _send(
        self, method: str, path: str, form: dict[str, str] | None
    ) -> tuple[int, bytes, http.client.HTTPMessage]:
        for attempt in range(2):
            try:
                return request_with_headers(self.conn, self.session, method, path, form)
            except (OSError, http.client.HTTPException):
                # A kept-alive connection the server closed: a new one, once.
                self.conn.close()
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=120)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def get(self, path: str, what: str = "page") -> tuple[int, bytes]:
        return self.call("GET", path, None, what)

    def post(self, path: str, form: dict[str, str], what: str) -> tuple[int, bytes]:
        return self.call("POST", path, form, what)

    @property
    def language(self) -> str:
        return self.session.cookies.get("django_language", "en")

    def close(self) -> None:
        self.conn.close()


def together(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Run the jobs on their own threads, released at the same moment; their results."""
    barrier = threading.Barrier(len(jobs))
    results: list[Any] = [None] * len(jobs)

    def run(i: int) -> None:
        try:
            barrier.wait()
            results[i] = jobs[i]()
        except Exception as exc:
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def phone_copy(phone: Phone) -> Phone:
    """The same phone's cookies on a second connection (a second tap in flight)."""
    return Phone(phone.port, Session(cookies=dict(phone.session.cookies)), phone.tally)


# ---------------------------------------------------------------- reading the database


def query(database_url: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Rows of one query on the app's database (SQLite file or PostgreSQL); ``%s`` placeholders."""
    if database_url.startswith("sqlite:///"):
        path = database_url.removeprefix("sqlite:///").split("?")[0]
        with contextlib.closing(sqlite3.connect(path, timeout=30)) as conn:
            return list(conn.execute(sql.replace("%s", "?"), params).fetchall())
    import psycopg

    with psycopg.connect(database_url) as conn:
        return list(conn.execute(sql, params).fetchall())  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="seed the app's database (run by prepare)")
    parser.add_argument("command", choices=["seed"])
    parser.add_argument("--nights", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cohosts", type=int, default=2)
    parser.add_argument("--stack", type=int, default=1000)
    args = parser.parse_args(argv)
    seed_main(args.nights, args.players, args.cohosts, args.stack)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
