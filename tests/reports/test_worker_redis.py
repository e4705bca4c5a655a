"""A real Redis and a real Celery worker (started as docker-compose.yml starts it).

Ending a night queues the task after the commit; the worker builds exactly one
report, also when it is killed mid-build and restarted, and also when Redis was
down as the night ended (the row stays queued; the sweep of the beat embedded in
the worker sends it again once Redis is back, with a var/ as empty as a new
container's).
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from pathlib import Path

from report_people import make_people, played_night
from report_services import RedisServer, Worker, wait_for

from gamenight.models import MailStatus, NightReport, ReportStatus


def _report(night_id: int) -> NightReport | None:
    return NightReport.objects.filter(night_id=night_id).first()


# A safety net for a broken test, not a timed assertion.
STATE_TIMEOUT = 300


def _sweeps_done(worker: Worker) -> int:
    """The report sweeps the worker finished, by its log."""
    log = worker.log.read_text(errors="replace")
    return len(re.findall(r"requeue_stale_reports\[[^\]]+\] succeeded", log))


def _ready(night_id: int) -> NightReport | None:
    report = _report(night_id)
    return report if report is not None and report.status == ReportStatus.READY else None


def test_ending_a_night_produces_exactly_one_report(
    db_file: Path, broker: RedisServer, workers: Callable[..., Worker]
) -> None:
    worker = workers()
    people = make_people(players=4)
    night = played_night(people, games=6)
    try:
        report = wait_for(lambda: _ready(night.pk), timeout=60, what="the report")
    except AssertionError:
        raise AssertionError(worker.output()) from None
    assert report.attempts == 1
    assert report.png.startswith(b"\x89PNG")
    # The mail went out from its own task on the worker (nobody has an address here).
    mailed = wait_for(
        lambda: NightReport.objects.filter(night=night, mail_status=MailStatus.SENT).first(),
        timeout=30,
        what="the mail task",
    )
    assert (mailed.mailed_generation, mailed.mail_recipients) == (1, 0)
    assert NightReport.objects.filter(night=night).count() == 1
    # A sweep round later (waited for in the worker's log, not on a clock): still one
    # report, built once.
    sweeps = _sweeps_done(worker)
    wait_for(lambda: _sweeps_done(worker) > sweeps, timeout=60, what="a sweep round")
    report.refresh_from_db()
    assert (report.attempts, report.built_generation) == (1, 1)


def test_a_worker_killed_mid_build_and_restarted_still_makes_one_report(
    db_file: Path, broker: RedisServer, workers: Callable[..., Worker]
) -> None:
    # The first worker sleeps mid-build (the test hook) and does not sweep meanwhile.
    first = workers(GAMENIGHT_REPORT_DELAY="60", REPORT_RUNNING_TIMEOUT="600")
    people = make_people(players=4)
    night = played_night(people, games=6)
    wait_for(
        lambda: (r := _report(night.pk)) is not None and r.status == ReportStatus.RUNNING,
        timeout=60,
        what="the build to start",
    )
    first.kill()
    report = _report(night.pk)
    assert report is not None
    assert report.status == ReportStatus.RUNNING  # it died mid-build, nothing stored
    second = workers()
    try:
        report = wait_for(lambda: _ready(night.pk), timeout=60, what="the rebuilt report")
    except AssertionError:
        raise AssertionError(second.output()) from None
    assert NightReport.objects.filter(night=night).count() == 1
    assert report.built_generation == 1
    assert report.attempts >= 2


def test_redis_down_when_the_night_ends_loses_nothing(
    db_file: Path, broker: RedisServer, workers: Callable[..., Worker]
) -> None:
    worker = workers()
    people = make_people(players=4)
    night = played_night(people, games=4, end=False)
    broker.stop()
    from django.db import connection

    from gamenight import services

    # Ending the night must not hang on the broker (its socket timeouts bound the
    # send): it ends, which is waited for; the cap only stops a broken test.
    ended: list[BaseException | None] = []

    def end() -> None:
        try:
            services.end_night(night_id=night.pk, by=people.owner)
            ended.append(None)
        except BaseException as error:
            ended.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=end, daemon=True)
    thread.start()
    thread.join(STATE_TIMEOUT)
    assert ended, "ending the night hangs on the broker"
    assert ended[0] is None, ended[0]
    night.refresh_from_db()
    assert night.is_closed
    report = _report(night.pk)
    assert report is not None
    assert report.status == ReportStatus.QUEUED
    broker.start()
    back = time.monotonic()
    try:
        # The sweep (every REPORT_SWEEP_SECONDS=1 here) sends it again: a generous
        # deadline for a busy machine, the time itself only printed.
        report = wait_for(lambda: _ready(night.pk), timeout=90, what="the report after Redis")
    except AssertionError:
        raise AssertionError(worker.output()) from None
    print(f"report built {time.monotonic() - back:.1f} s after Redis came back")
    assert NightReport.objects.filter(night=night).count() == 1
    # Beat ran in a var/ it had to make nothing in (as in a new container).
    # The whole log: beat's start line scrolls out of output()'s tail on a busy run.
    # Beat neither crashed nor complained (the consumer logs Redis going away with
    # tracebacks of its own, which are what this test does to it).
    whole = worker.log.read_text(errors="replace")
    assert "beat: Starting" in whole
    beat_trouble = [
        line
        for line in whole.splitlines()
        if "beat" in line.lower() and ("ERROR" in line or "exception" in line.lower())
    ]
    assert not beat_trouble, beat_trouble


def test_redis_going_away_while_a_build_is_held_leaves_the_worker_alive(
    db_file: Path, broker: RedisServer, workers: Callable[..., Worker], tmp_path: Path
) -> None:
    """The worker holds a build's message when Redis stops: it must reconnect once Redis
    is back, not exit (kombu's restore of held messages to a gone broker crashed it)."""
    hold = tmp_path / "hold"
    hold.touch()  # the build waits mid-way while this file exists (the test hook)
    worker = workers(GAMENIGHT_REPORT_HOLD=str(hold))
    night = played_night(make_people(players=4), games=4)
    wait_for(
        lambda: (r := _report(night.pk)) is not None and r.status == ReportStatus.RUNNING,
        timeout=60,
        what="the build to start",
    )
    broker.stop()
    wait_for(
        lambda: "Connection to broker lost" in worker.log.read_text(errors="replace"),
        timeout=60,
        what="the worker to see Redis gone",
    )
    broker.start()
    hold.unlink()
    try:
        wait_for(lambda: _ready(night.pk), timeout=90, what="the report after Redis came back")
    except AssertionError:
        raise AssertionError(worker.output()) from None
    log = worker.log.read_text(errors="replace")
    assert "Unrecoverable error" not in log, worker.output()
    assert worker.process is not None
    assert worker.process.poll() is None, worker.output()
