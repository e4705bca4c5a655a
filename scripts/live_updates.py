"""How fast a move reaches every phone and the TV (scripts/bench_digital.py's last phase).

Both ways a page can hear of a move are measured on the same tables, one after
the other:

* ``events``: each screen holds its night's event stream open (/s/<token>/events/,
  /nights/<id>/events/?hand=<id>) and is pushed its new live part (a ``live``
  event, swapped in by the page without a request); on ``changed`` it fetches
  its live part with its ETag, as the poller does;
* ``polling``: each screen polls its live part once a second with its ETag, as the
  pages did before (and do when a stream drops).

Every seat is a phone and every table has a TV (the table view, logged in as the
host). One player a table moves every ``think`` seconds on average. A move's
delay to a screen is from the moment its POST was sent to the moment that
screen's fetch came back with the new state (so it includes the move's own
work). The server's open connections are counted while the streams are open.
"""

from __future__ import annotations

import contextlib
import http.client
import random
import socket
import sys
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from bench_digital import GAME, current_hand, pick, request_htmx  # noqa: E402  (next to this)
from bench_web import HOST, Session, percentile, request  # noqa: E402

from engine.games.serialise import hand_from_dict  # noqa: E402

TARGET_MS = 300.0


@dataclass
class Table:
    """A table's latest move: its number and when its POST was sent."""

    night: int
    moves: int = 0
    sent_at: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class Figures:
    delays: list[float] = field(default_factory=list)
    fetches: int = 0
    pushes: int = 0
    opened: int = 0
    cpu_at_start: float = 0.0
    cpu: float = 0.0
    streams: list[http.client.HTTPConnection] = field(default_factory=list)
    moves: int = 0
    connections: int = 0
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class Screen:
    """A phone's seat page or a TV: where its live part and its stream are."""

    table: Table
    session: Session
    state_path: str
    events_path: str


def fetch(conn: http.client.HTTPConnection, screen: Screen, etag: str) -> tuple[int, str]:
    headers = {"Host": HOST, "HX-Request": "true", "Cookie": screen.session.header()}
    if etag:
        headers["If-None-Match"] = etag
    conn.request("GET", screen.state_path, headers=headers)
    response = conn.getresponse()
    response.read()
    # The TV follows the next hand, as htmx follows HX-Redirect.
    moved = response.headers.get("HX-Redirect")
    if moved:
        screen.state_path = moved + "state/"
    return response.status, response.headers.get("ETag") or etag


def watch(port: int, screen: Screen, way: str, stop: threading.Event, figures: Figures) -> None:
    """One screen: on each event (or each second), fetch; time the new states."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    etag = ""
    seen = screen.table.moves
    stream: http.client.HTTPResponse | None = None
    if way == "events":
        events = http.client.HTTPConnection(HOST, port, timeout=60)
        headers = {"Host": HOST, "Cookie": screen.session.header(), "Accept": "text/event-stream"}
        try:
            events.request("GET", screen.events_path, headers=headers)
            stream = events.getresponse()
        except (OSError, http.client.HTTPException) as exc:
            figures.errors.append(f"stream: {type(exc).__name__}")
            return
        if stream.status != 200:
            figures.errors.append(f"stream: HTTP {stream.status}")
            return
        with figures.lock:
            figures.streams.append(events)
    else:
        with figures.lock:
            figures.opened += 1
    first = True
    beat = time.monotonic() + random.random()
    while not stop.is_set():
        if stream is not None:
            try:
                line = stream.readline()
            except (OSError, ValueError, AttributeError, http.client.HTTPException) as exc:
                # (ValueError, AttributeError: the connection closed under the read at the end)
                if not stop.is_set():
                    figures.errors.append(f"stream: {type(exc).__name__}")
                return
            if not line:
                if not stop.is_set():
                    figures.errors.append("stream closed")
                return
            if line.startswith(b"event: live"):
                # The new part itself: read up to the event's end, and it has arrived.
                try:
                    while line not in (b"\n", b""):
                        line = stream.readline()
                except (OSError, ValueError, AttributeError, http.client.HTTPException):
                    return
                now = time.monotonic()
                with figures.lock:
                    figures.pushes += 1
                    figures.opened += first
                first = False
                with screen.table.lock:
                    moves, sent_at = screen.table.moves, screen.table.sent_at
                if moves > seen:
                    seen = moves
                    with figures.lock:
                        figures.delays.append((now - sent_at) * 1000)
                continue
            if not line.startswith(b"event: changed"):
                continue
        else:
            time.sleep(max(0.0, beat - time.monotonic()))
            beat += 1.0
        try:
            try:
                code, etag = fetch(conn, screen, etag)
            except (ConnectionResetError, BrokenPipeError, http.client.RemoteDisconnected):
                # The server closed the idle keep-alive connection: again on a new one,
                # as a browser does.
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=30)
                code, etag = fetch(conn, screen, etag)
        except (OSError, http.client.HTTPException) as exc:
            figures.errors.append(f"fetch: {type(exc).__name__}")
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=30)
            continue
        now = time.monotonic()
        with figures.lock:
            figures.fetches += 1
        if code == 200:
            with screen.table.lock:
                moves, sent_at = screen.table.moves, screen.table.sent_at
            if moves > seen:
                seen = moves
                with figures.lock:
                    figures.delays.append((now - sent_at) * 1000)
        elif code != 304:
            figures.errors.append(f"fetch: HTTP {code}")


def mover(
    port: int,
    db: Path | str,
    table: Table,
    links: dict[int, str],
    phones: dict[str, Session],
    host: Session,
    until: float,
    think: float,
    figures: Figures,
    seed: int,
) -> None:
    """One table's players in turn (a new hand after each), one move per ``think``."""
    rng = random.Random(seed)
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    while time.monotonic() < until:
        time.sleep(think * (0.5 + rng.random()))
        found = current_hand(db, table.night)
        if found is None:
            return
        hand_id, data, version, status, seat_ids = found
        with table.lock:
            table.moves += 1
            table.sent_at = time.monotonic()
        if status != "running":
            form = {"key": uuid.uuid4().hex, "game": GAME}
            code, _ = request(conn, host, "POST", f"/nights/{table.night}/hands/start/", form)
            ok = code == 302
        else:
            state = hand_from_dict(data)
            token = links[int(seat_ids[state.actor])]
            form = {
                **pick(state, rng),
                "hand": str(hand_id),
                "version": str(version),
                "key": uuid.uuid4().hex,
            }
            code, body = request_htmx(conn, phones[token], f"/s/{token}/act/", form)
            ok = code == 200 and b"alert" not in body
        with figures.lock:
            figures.moves += ok
            if not ok:
                figures.errors.append(f"move: HTTP {code}")


def run_way(
    way: str,
    port: int,
    db: Path | str,
    tables: list[dict[str, Any]],
    phones: dict[str, Session],
    host: Session,
    seconds: float,
    think: float,
    probe: Callable[[], float] | None = None,
) -> Figures:
    """``probe``: the server's CPU seconds so far (the moves' CPU is between two probes)."""
    figures = Figures()
    stop = threading.Event()
    peak = [0]
    until = time.monotonic() + seconds
    threads: list[threading.Thread] = []
    movers: list[threading.Thread] = []
    for n, row in enumerate(tables):
        table = Table(night=row["night"])
        links = {int(k): v for k, v in row["links"].items()}
        screens = [
            Screen(table, phones[token], f"/s/{token}/state/", f"/s/{token}/events/")
            for token in links.values()
        ]
        # The TV by the night's table link, as a TV opens it (no login).
        tv = row["tv"]
        screens.append(Screen(table, Session(), f"/tv/{tv}/state/", f"/tv/{tv}/events/"))
        threads += [
            threading.Thread(target=watch, args=(port, s, way, stop, figures), daemon=True)
            for s in screens
        ]
        movers.append(
            threading.Thread(
                target=mover,
                args=(port, db, table, links, phones, host, until, think, figures, n),
                daemon=True,
            )
        )
    for thread in threads:
        thread.start()
    # Every stream open (its first part arrived) before the first move.
    deadline = time.monotonic() + 120
    while figures.opened < len(threads) and time.monotonic() < deadline:
        time.sleep(0.2)
    figures.cpu_at_start = probe() if probe else 0.0
    for thread in movers:
        thread.start()
    while any(thread.is_alive() for thread in movers):
        peak[0] = max(peak[0], open_connections(port))
        time.sleep(0.5)
    time.sleep(1.5)  # the last move's fetches
    figures.cpu = (probe() - figures.cpu_at_start) if probe else 0.0
    stop.set()
    for connection in figures.streams:  # the server frees them at once
        with contextlib.suppress(OSError):
            connection.sock.shutdown(socket.SHUT_RDWR)
        connection.close()
    figures.connections = peak[0]
    return figures


def open_connections(port: int) -> int:
    """The server's established TCP connections on ``port`` (from /proc/net/tcp)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as rows:
            next(rows)
            for row in rows:
                local, state = row.split()[1], row.split()[3]
                count += state == "01" and int(local.rsplit(":", 1)[1], 16) == port
    return count


def summary(way: str, figures: Figures, screens: int) -> dict[str, Any]:
    p50, p95 = percentile(figures.delays, 50), percentile(figures.delays, 95)
    most = max(figures.delays) if figures.delays else float("nan")
    met = bool(figures.delays) and p95 < TARGET_MS
    print(
        f"{way:<10}{screens:>8}{figures.moves:>7}{len(figures.delays):>9}{figures.fetches:>9}"
        f"{figures.connections:>7}{p50:>9.1f}{p95:>9.1f}{most:>9.1f}{len(figures.errors):>7}"
        f"  p95 < {TARGET_MS:.0f} ms: {'yes' if met else 'NO'}"
    )
    return {
        "screens": screens,
        "moves": figures.moves,
        "deliveries": len(figures.delays),
        "fetches": figures.fetches,
        "p50_ms": round(p50, 1),
        "p95_ms": round(p95, 1),
        "max_ms": round(most, 1),
        "open_connections": figures.connections,
        "target_met": met,
        "errors": len(figures.errors),
    }


def measure(
    port: int,
    db: Path | str,
    tables: list[dict[str, Any]],
    phones: dict[str, Session],
    host: Session,
    seconds: float,
    think: float,
    ways: tuple[str, ...] = ("events", "polling"),
    probe: Callable[[], float] | None = None,
) -> dict[str, Any]:
    """Each way (both by default), one after the other; the figures of each."""
    screens = sum(len(t["links"]) for t in tables) + len(tables)
    print(
        f"\nupdates: {len(tables)} tables, {screens} screens (phones and a TV a table), one "
        f"move a table every {think:.1f} s on average, {seconds:.0f} s per way\n"
        f"{'way':<10}{'screens':>8}{'moves':>7}{'arrived':>9}{'fetches':>9}{'conns':>7}"
        f"{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'errors':>7}"
    )
    results: dict[str, Any] = {}
    for way in ways:
        figures = run_way(way, port, db, tables, phones, host, seconds, think, probe)
        results[way] = summary(way, figures, screens)
        results[way]["server_cpu_s"] = round(figures.cpu, 3)
        for error in figures.errors[:3]:
            print(f"    error: {error}")
    return results
