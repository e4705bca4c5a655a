"""A worker lost mid-build: the broker delivers the task again (late acknowledgement),
on Redis and on the filesystem broker of `make run`, without the sweep's help.

The sweep is switched off here (it would rebuild a report stuck ``running``
after REPORT_RUNNING_TIMEOUT); a test hook makes the first build sleep so it
can be killed mid-build. Two ways to lose the build: the pool's processes are
SIGKILLed while the worker lives (the OOM killer), or the whole worker is
SIGKILLed and started again (a crashed container).
"""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from report_people import make_people, played_night
from report_services import Broker, Worker, wait_for

from gamenight.models import NightReport, ReportStatus

NO_SWEEP = {"REPORT_RUNNING_TIMEOUT": "3600", "REPORT_REQUEUE_AFTER": "3600"}


@dataclass
class Setup:
    name: str
    env: dict[str, str]


@pytest.fixture(params=["redis", "filesystem"])
def any_broker(
    request: pytest.FixtureRequest, worker_env_base: dict[str, str], tmp_path: Path
) -> Iterator[Setup]:
    env = {**worker_env_base, **NO_SWEEP}
    if request.param == "redis":
        server = request.getfixturevalue("redis_server")
        env["REDIS_URL"] = server.url  # and the settings' visibility timeout
        with Broker(server.url):
            yield Setup("redis", env)
        return
    folder = tmp_path / "celery"
    env.pop("REDIS_URL", None)
    env["CELERY_DATA_DIR"] = str(folder)
    from django.conf import settings

    options = {**settings.CELERY_BROKER_TRANSPORT_OPTIONS} if not settings.REDIS_URL else {}
    queue = folder / "queue"
    queue.mkdir(parents=True)
    options.update(
        data_folder_in=str(queue),
        data_folder_out=str(queue),
        control_folder=str(folder / "control"),
    )
    with Broker(_embedded_broker_url(), options):
        yield Setup("filesystem", env)
    shutil.rmtree(folder, ignore_errors=True)


def _embedded_broker_url() -> str:
    """What settings.py gives a worker without REDIS_URL."""
    from django.conf import settings

    return "gamenightfs://" if settings.REDIS_URL else str(settings.CELERY_BROKER_URL)


@pytest.fixture
def start_worker(any_broker: Setup, tmp_path: Path) -> Iterator[Callable[..., Worker]]:
    started: list[Worker] = []

    def start(**extra_env: str) -> Worker:
        worker = Worker(any_broker.env, tmp_path / "worker.log")
        started.append(worker)
        return worker.start(**extra_env)

    try:
        yield start
    finally:
        # Killed, not stopped, as in conftest.py's workers: nothing is checked of the end.
        for worker in started:
            worker.kill()


def _report(night_id: int) -> NightReport | None:
    return NightReport.objects.filter(night_id=night_id).first()


def _running(night_id: int) -> bool:
    report = _report(night_id)
    return report is not None and report.status == ReportStatus.RUNNING


def _ready(night_id: int) -> NightReport | None:
    report = _report(night_id)
    return report if report is not None and report.status == ReportStatus.READY else None


def _slow_build_started(start_worker: Callable[..., Worker], hold: Path) -> tuple[Worker, Any]:
    """A night ended and its build held mid-way (the test hook waits while ``hold`` exists)."""
    hold.touch()
    worker = start_worker(GAMENIGHT_REPORT_HOLD=str(hold))
    night = played_night(make_people(players=4), games=4)
    try:
        wait_for(lambda: _running(night.pk), timeout=60, what="the build to start")
    except AssertionError:
        raise AssertionError(worker.output()) from None
    return worker, night


def test_a_build_whose_pool_process_is_killed_is_delivered_again(
    db_file: Path, any_broker: Setup, start_worker: Callable[..., Worker], tmp_path: Path
) -> None:
    hold = tmp_path / "hold"
    worker, night = _slow_build_started(start_worker, hold)
    builder = int(wait_for(hold.read_text, timeout=30, what="the builder's pid"))
    assert builder in worker.pool_children()
    os.kill(builder, signal.SIGKILL)  # as the OOM killer would; the worker lives
    hold.unlink()  # the next delivery builds at once
    try:
        report = wait_for(lambda: _ready(night.pk), timeout=60, what="the report again")
    except AssertionError:
        raise AssertionError(worker.output()) from None
    assert report.attempts == 2
    assert report.built_generation == 1


def test_a_build_whose_worker_is_killed_is_delivered_again_after_a_restart(
    db_file: Path, any_broker: Setup, start_worker: Callable[..., Worker], tmp_path: Path
) -> None:
    hold = tmp_path / "hold"
    first, night = _slow_build_started(start_worker, hold)
    first.kill()
    hold.unlink()
    assert _running(night.pk)  # it died mid-build: nothing stored
    second = start_worker()
    try:
        # Redis: once the dead worker's stamp is older than the visibility timeout.
        report = wait_for(lambda: _ready(night.pk), timeout=90, what="the report after restart")
    except AssertionError:
        raise AssertionError(second.output()) from None
    assert report.attempts == 2
    assert NightReport.objects.filter(night=night).count() == 1
