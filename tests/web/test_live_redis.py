"""Moves on every screen under compose's channel layer: Redis between several web processes.

docker-compose.yml sets REDIS_URL, and the web processes' hubs (gamenight/live/hub.py)
then listen on Redis pub/sub (gamenight/settings.py CHANNEL_LAYERS). Here the app runs
as `make run` starts it with a redis-server of the test's own and two web workers; the
phones' streams are opened until both workers hold some, and a move posted to either
reaches every stream as its new part.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from helpers.ci import missing
from helpers.live_run import LiveRun, Stream, live_run
from reports.report_services import RedisServer

# Enough streams for both workers to take some (the kernel hands a connection to
# whichever worker accepts first); a bound, not a count the test needs.
MAX_STREAMS = 40
AT_ONCE = 12


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveRun]:
    binary = shutil.which("redis-server")
    if binary is None:
        missing(
            needed="Redis is needed in CI: redis-server not found",
            skipped="redis-server not found (make redis installs Debian's redis-server)",
        )
    assert binary is not None
    tmp = tmp_path_factory.mktemp("live-redis")
    redis = RedisServer(binary, tmp)
    redis.start()
    try:
        with live_run(tmp, REDIS_URL=redis.url, WEB_CONCURRENCY="2") as started:
            yield started
    finally:
        redis.stop()


def _inodes_of(port: int, peer: int) -> set[str]:
    """The socket inodes of the server's side of the connection from ``peer`` to ``port``."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            next(lines)
            for line in lines:
                fields = line.split()
                local, remote = fields[1], fields[2]
                if int(local.rsplit(":", 1)[1], 16) == port and (
                    int(remote.rsplit(":", 1)[1], 16) == peer
                ):
                    found.add(fields[9])
    return found


def serving_process(port: int, stream: Stream) -> int:
    """The id of the process that holds the server's end of ``stream``."""
    sock = stream.connection.sock
    assert sock is not None
    inodes = _inodes_of(port, int(sock.getsockname()[1]))
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fds = Path(f"/proc/{pid}/fd")
            if any(os.readlink(fd).removeprefix("socket:[")[:-1] in inodes for fd in fds.iterdir()):
                return int(pid)
        except OSError:  # a process that ended meanwhile, or not ours
            continue
    raise AssertionError("no process holds the stream")


def test_a_move_reaches_the_streams_of_both_web_processes_over_redis(run: LiveRun) -> None:
    phones = {seat: run.open_seat(seat) for seat in run.seats}
    watchers = [seat for seat in run.seats if seat != run.actor()]
    streams: list[Stream] = []
    served_by: set[int] = set()
    try:
        # The first streams of a fresh server all at once, as phones arrive at a club
        # night: each process's hub makes its channel while others join.
        def opened(n: int) -> Stream:
            seat = watchers[n % len(watchers)]
            return Stream(run, phones[seat], f"/s/{run.seats[seat]}/events/")

        with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
            streams += pool.map(opened, range(AT_ONCE))
        for stream in streams:
            assert stream.response.status == 200
            assert stream.next_event() == "live"
            served_by.add(serving_process(run.port, stream))
        while len(served_by) < 2:
            assert len(streams) < MAX_STREAMS, "every stream went to one worker"
            seat = watchers[len(streams) % len(watchers)]
            stream = Stream(run, phones[seat], f"/s/{run.seats[seat]}/events/")
            assert stream.response.status == 200
            assert stream.next_event() == "live"  # its current part, at once
            streams.append(stream)
            served_by.add(serving_process(run.port, stream))
        for _ in range(2):
            tags = [stream.id for stream in streams]
            run.move(phones)
            for stream, tag in zip(streams, tags, strict=True):
                assert stream.next_event() == "live"
                assert stream.id != tag
    finally:
        for stream in streams:
            stream.close()
    # Redis carried them: the Unix socket layer's folder was never made.
    assert not (run.db.parent / "var" / "live").exists()
    assert "Traceback" not in run.log.read_text()
