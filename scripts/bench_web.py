#!/usr/bin/env python3
"""Latency of the night page, the game-recording POST and the standings under load.

    .venv/bin/python scripts/bench_web.py                 # the full demo group (5 x 50 x 30)
    .venv/bin/python scripts/bench_web.py --small --requests 3 --clients 4
    .venv/bin/python scripts/bench_web.py --db /tmp/bench.sqlite3   # seed once, reuse after

Everything stays on this machine: a SQLite database in a temp dir (or ``--db``),
seeded by ``manage.py seed_demo --running-night``; gunicorn on 127.0.0.1 on a free
port, started as docker-compose.yml starts it (gamenight/commands.py WEB)
with DEBUG off; a login for the demo host; then ``--clients`` threads, each with its
own connection, request the night page, POST a recorded game (a fresh idempotency
key each) and get the season standings, in turn, ``--requests`` times each (at
most ``--duration`` seconds), pausing ``--think`` seconds (1) between requests, after
an unmeasured warm-up of every worker. It prints p50, p95 and max latency and requests per
second for each, whether p95 is under the target, and stops gunicorn.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
HOST = "127.0.0.1"
TARGET_MS = 100.0
ENDPOINTS = ("night page", "record POST", "standings")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def app_env(database_url: str) -> dict[str, str]:
    """Production-like settings: DEBUG off, hashed static files.

    On SQLite the settings themselves make writers take the lock at BEGIN and
    wait for it (IMMEDIATE, a busy timeout, WAL), as under ``make run``.
    """
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        # Hashed static files from the manifest collectstatic writes (prepare()), as in production.
        "STATIC_MANIFEST": "1",
        "SECRET_KEY": "bench-" + uuid.uuid4().hex,
        "ALLOWED_HOSTS": f"{HOST},localhost",
        "LOG_LEVEL": "WARNING",
        "PYTHONUNBUFFERED": "1",
    }


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [str(BIN / "python"), "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def prepare(db: Path, env: dict[str, str], sizes: list[str]) -> dict[str, Any]:
    """Migrate and seed (or reuse a seeded ``db``); on SQLite, WAL so readers never wait
    for a writer."""
    saved = db.with_suffix(".seed.json")
    reuse = db.exists() and saved.exists()
    manage(env, "migrate", "--noinput", "-v", "0")
    if reuse:
        print(f"reusing {db}", flush=True)
        seed: dict[str, Any] = json.loads(saved.read_text())
    else:
        started = time.perf_counter()
        print(f"seeding: seed_demo {' '.join(sizes)} ...", flush=True)
        out = manage(env, "seed_demo", *sizes, "--running-night", "--json")
        seed = json.loads(out.strip().splitlines()[-1])
        print(
            f"seeded {seed['nights']} nights, {seed['games']} games "
            f"in {time.perf_counter() - started:.0f} s",
            flush=True,
        )
        saved.write_text(json.dumps(seed))
    if env["DATABASE_URL"].startswith("sqlite"):
        with sqlite3.connect(db) as conn:
            conn.execute("PRAGMA journal_mode=WAL")
    # DEBUG off serves hashed static files: collect them, as the Docker image does.
    manage(env, "collectstatic", "--noinput", "-v", "0")
    return seed


def web_command(port: int) -> list[str]:
    """gamenight/commands.py WEB (as docker-compose.yml and `make run` start it) on
    ``HOST:port``; the number of workers is the environment's WEB_CONCURRENCY."""
    from gamenight import commands

    command = [str(BIN / commands.WEB[0]), *commands.WEB[1:]]
    command[command.index("0.0.0.0:8000")] = f"{HOST}:{port}"
    return [*command, "--backlog", "256", "--log-level", "warning"]


@contextmanager
def gunicorn(env: dict[str, str], port: int, workers: int) -> Iterator[subprocess.Popen[bytes]]:
    command = web_command(port)
    env = {**env, "WEB_CONCURRENCY": str(workers)}
    print("starting:", " ".join(command[1:]), flush=True)
    process = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise SystemExit("gunicorn exited at start-up")
            try:
                conn = http.client.HTTPConnection(HOST, port, timeout=2)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("gunicorn did not answer /healthz within 30 s")
            time.sleep(0.2)
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@dataclass
class Session:
    cookies: dict[str, str] = field(default_factory=dict)

    def header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def take(self, response: http.client.HTTPResponse) -> None:
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value


def request(
    conn: http.client.HTTPConnection,
    session: Session,
    method: str,
    path: str,
    form: dict[str, str] | None = None,
) -> tuple[int, bytes]:
    status, content, _ = request_with_headers(conn, session, method, path, form)
    return status, content


def request_with_headers(
    conn: http.client.HTTPConnection,
    session: Session,
    method: str,
    path: str,
    form: dict[str, str] | None = None,
) -> tuple[int, bytes, http.client.HTTPMessage]:
    headers = {"Cookie": session.header(), "Host": HOST}
    body = None
    if form is not None:
        body = urlencode(form)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        headers["X-CSRFToken"] = session.cookies.get("csrftoken", "")
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    content = response.read()
    session.take(response)
    return response.status, content, response.headers


def log_in(port: int, username: str, password: str) -> Session:
    session = Session()
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    status, page = request(conn, session, "GET", "/accounts/login/")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    if status != 200 or token is None:
        raise SystemExit(f"the login page answered {status}")
    form = {
        "csrfmiddlewaretoken": token.group(1).decode(),
        "username": username,
        "password": password,
    }
    status, _ = request(conn, session, "POST", "/accounts/login/", form)
    if status != 302 or "sessionid" not in session.cookies:
        raise SystemExit(f"logging in as {username} failed ({status})")
    return session


def seat_fields(port: int, session: Session, night_id: int) -> list[int]:
    """The player ids of the running night's recording form (``chips_<id>``)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    status, page = request(conn, session, "GET", f"/nights/{night_id}/record/seven-card-stud/")
    if status != 200:
        raise SystemExit(f"the recording form answered {status}")
    return [int(i) for i in dict.fromkeys(re.findall(rb'name="chips_(\d+)"', page))]


def game_form(players: list[int], n: int) -> dict[str, str]:
    """A seven-card stud hand: everyone antes, two or three stay in, one of them wins."""
    form = {"key": uuid.uuid4().hex, "confirm": "1"}
    live = {players[(n + i) % len(players)] for i in range(2 + n % 2)}
    for place, pid in enumerate(players, start=1):
        form[f"chips_{pid}"] = str(1 + (4 + n % 7 if pid in live else 0))
        if pid in live:
            form[f"place_{pid}"] = str(place)
        else:
            form[f"state_{pid}"] = "folded"
    return form


@dataclass
class Results:
    times: dict[str, list[float]] = field(default_factory=lambda: {e: [] for e in ENDPOINTS})
    errors: dict[str, list[str]] = field(default_factory=lambda: {e: [] for e in ENDPOINTS})
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, endpoint: str, seconds: float, error: str | None) -> None:
        with self.lock:
            if error:
                self.errors[endpoint].append(error)
            else:
                self.times[endpoint].append(seconds * 1000)


def client(
    number: int,
    port: int,
    session: Session,
    paths: dict[str, str],
    players: list[int],
    rounds: int,
    deadline: float,
    think: float,
    results: Results,
) -> None:
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    mine = Session(cookies=dict(session.cookies))
    for n in range(rounds):
        for endpoint in ENDPOINTS:
            if time.monotonic() > deadline:
                return
            expected = 302 if endpoint == "record POST" else 200
            form = game_form(players, number * 1000 + n) if endpoint == "record POST" else None
            started = time.perf_counter()
            try:
                status, body = request(conn, mine, "POST" if form else "GET", paths[endpoint], form)
                error = None if status == expected else f"HTTP {status}: {body[:200]!r}"
            except (OSError, http.client.HTTPException) as exc:
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=60)
                error = f"{type(exc).__name__}: {exc}"
            results.add(endpoint, time.perf_counter() - started, error)
            if think:
                time.sleep(think)


def warm_up(
    port: int, session: Session, paths: dict[str, str], players: list[int], workers: int
) -> None:
    """Every endpoint a few times on every worker, unmeasured: a fresh gunicorn worker
    imports the views' modules and compiles its templates on its first requests, a
    cost paid once per process, not per request."""
    ignored = Results()
    deadline = time.monotonic() + 60
    threads = [
        threading.Thread(
            target=client,
            args=(10_000 + i, port, session, paths, players, 2, deadline, 0.0, ignored),
        )
        for i in range(workers * 3)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"warm-up: {sum(len(v) for v in ignored.times.values())} requests, not measured")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def report(results: Results, wall: float, clients: int, think: float) -> dict[str, Any]:
    print(
        f"\n{clients} concurrent clients, think time {think:.2f} s, {wall:.1f} s wall time\n"
        f"{'endpoint':<14}{'requests':>9}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}"
        f"{'max ms':>9}{'req/s':>8}  p95 < {TARGET_MS:.0f} ms"
    )
    summary: dict[str, Any] = {"wall_s": round(wall, 2), "clients": clients, "endpoints": {}}
    total = 0
    for endpoint in ENDPOINTS:
        times, errors = results.times[endpoint], results.errors[endpoint]
        total += len(times)
        p50, p95 = percentile(times, 50), percentile(times, 95)
        most = max(times) if times else float("nan")
        rps = len(times) / wall if wall else 0.0
        met = bool(times) and p95 < TARGET_MS and not errors
        print(
            f"{endpoint:<14}{len(times):>9}{len(errors):>8}{p50:>9.1f}{p95:>9.1f}"
            f"{most:>9.1f}{rps:>8.1f}  {'yes' if met else 'NO'}"
        )
        for error in errors[:3]:
            print(f"    {error}")
        summary["endpoints"][endpoint] = {
            "requests": len(times),
            "errors": len(errors),
            "p50_ms": round(p50, 1),
            "p95_ms": round(p95, 1),
            "max_ms": round(most, 1),
            "rps": round(rps, 1),
            "mean_ms": round(statistics.fmean(times), 1) if times else None,
            "target_met": met,
        }
    print(f"{'all':<14}{total:>9}{'':>8}{'':>9}{'':>9}{'':>9}{total / wall:>8.1f}")
    summary["all_targets_met"] = all(e["target_met"] for e in summary["endpoints"].values())
    verdict = "met" if summary["all_targets_met"] else "NOT met"
    print(f"targets (p95 < {TARGET_MS:.0f} ms each): {verdict}")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seasons", type=int, default=5)
    parser.add_argument("--nights", type=int, default=50)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small", action="store_true", help="seed_demo --small")
    parser.add_argument("--db", type=Path, help="SQLite file to seed once and reuse")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=25, help="of each endpoint per client")
    parser.add_argument("--duration", type=float, default=120.0, help="at most, in seconds")
    # Each client is a phone at the table: it waits a second between taps. With
    # --think 0 every client fires again at once, which measures throughput (the
    # latency is then the queue of 20 requests on 2 cores, not the app).
    parser.add_argument("--think", type=float, default=1.0, help="pause after each request")
    # As in production (gamenight/commands.py WEB: three sync workers).
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="gamenight-bench-") as tmp:
        db = args.db.resolve() if args.db else Path(tmp) / "bench.sqlite3"
        env = app_env(f"sqlite:///{db}")
        sizes = (
            ["--small"]
            if args.small
            else [
                *("--seasons", str(args.seasons), "--nights", str(args.nights)),
                *("--games", str(args.games), "--players", str(args.players)),
            ]
        )
        seed = prepare(db, env, [*sizes, "--seed", str(args.seed)])
        port = free_port()
        with gunicorn(env, port, args.workers):
            session = log_in(port, seed["username"], seed["password"])
            night, group = seed["running_night_id"], seed["group_id"]
            paths = {
                "night page": f"/nights/{night}/",
                "record POST": f"/nights/{night}/record/seven-card-stud/",
                "standings": f"/groups/{group}/seasons/{seed['season_ids'][-1]}/standings/",
            }
            players = seat_fields(port, session, night)
            warm_up(port, session, paths, players, args.workers)
            results = Results()
            started = time.monotonic()
            deadline = started + args.duration
            threads = [
                threading.Thread(
                    target=client,
                    args=(
                        i,
                        port,
                        session,
                        paths,
                        players,
                        args.requests,
                        deadline,
                        args.think,
                        results,
                    ),
                )
                for i in range(args.clients)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.monotonic() - started
        summary = report(results, wall, args.clients, args.think)
        summary["seed"] = {k: seed[k] for k in ("nights", "games")}
        summary["server"] = {"workers": args.workers}
        if args.json:
            args.json.write_text(json.dumps(summary, indent=2))
    return 0 if all(not e["errors"] for e in summary["endpoints"].values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
