"""`make run` (scripts/run.sh) keeps the report worker going: a worker that dies is
started again while the web server stays up, and the report of a night is built.

The real `make run` (tests/helpers/make_run.py): gunicorn, the worker on the
embedded filesystem broker, SQLite, each in a temp dir. The worker is SIGKILLed
with its pool and its beat (its process group, as the kernel's OOM killer or a
crash would leave it); the test waits for states, never for a clock.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

from helpers.make_run import MakeRun, make_run
from report_services import wait_for

# A night of four games with three players, ended: its report is queued.
END_A_NIGHT = """
import datetime, random
from django.contrib.auth.models import User
from gamenight import services
from gamenight.reports.sample import play_night
owner = User.objects.create_user("host", password="a-long-pass-phrase-9")
group = services.create_group(name="Friday poker", host=owner)
players = [services.add_player(group_id=group.pk, by=owner, name=n).pk for n in ("A", "B", "C")]
night = play_night(group_id=group.pk, by=owner, players=players, games=4,
                   rng=random.Random(1), date=datetime.date(2026, 10, 2))
print(night.pk)
"""


def descendants(pid: int) -> Iterator[int]:
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return
    for child in map(int, children):
        yield child
        yield from descendants(child)


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def worker_pid(server: subprocess.Popen[bytes]) -> int | None:
    """The Celery worker's main process under scripts/run.sh (not its pool or beat)."""
    for pid in descendants(server.pid):
        line = command_line(pid)
        if "celery" in line and " worker " in line and os.getpgid(pid) == pid:
            return pid
    return None


def report_status(run: MakeRun, night_id: int) -> str | None:
    with sqlite3.connect(f"file:{run.db}?mode=ro", uri=True, timeout=20) as db:
        row = db.execute(
            "SELECT status FROM gamenight_nightreport WHERE night_id = ?", (night_id,)
        ).fetchone()
    return None if row is None else str(row[0])


def test_a_killed_worker_is_started_again_and_the_web_stays_up(tmp_path: Path) -> None:
    run = make_run(tmp_path, REPORT_SWEEP_SECONDS="1", REPORT_REQUEUE_AFTER="2", AXES_ENABLED="0")
    with run.serving() as server:
        first = wait_for(lambda: worker_pid(server), timeout=120, what="the worker")
        wait_for(
            lambda: " ready." in run.log.read_text(errors="replace"),
            timeout=120,
            what="the worker to be ready",
        )
        os.killpg(first, signal.SIGKILL)
        wait_for(lambda: first not in descendants(server.pid), timeout=30, what="it to be gone")

        assert run.answers(), run.log.read_text()[-3000:]
        second = wait_for(
            lambda: (pid := worker_pid(server)) not in (None, first) and pid,
            timeout=120,
            what="a new worker",
        )
        assert server.poll() is None
        night_id = int(run.manage("shell", "-c", END_A_NIGHT).split()[-1])
        wait_for(
            lambda: report_status(run, night_id) == "ready",
            timeout=180,
            what="the report, built by the new worker",
        )
        assert run.answers()
        assert worker_pid(server) == second
    log = run.log.read_text(errors="replace")
    assert "the report worker stopped (status 137); starting it again in 1 s" in log
