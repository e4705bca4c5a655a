"""Fixtures of the report tests: a real redis-server and a real Celery worker.

Each worker test gets its own redis-server (Debian's, on a free loopback port,
in a temp dir) and its own SQLite file, migrated once per session and copied;
while the test runs, the ``default`` database alias of this process points at
that file and this process's Celery app at that Redis, so ending a night here
queues the task there, and the worker (started as a subprocess with
gamenight.commands.WORKER, as docker-compose.yml and scripts/run.sh do) builds
it into the same file. Under ``CI=true`` a missing redis-server fails the
test; elsewhere it is skipped (`make test` installs it).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import translation
from helpers.ci import missing
from report_services import Broker, RedisServer, Worker, on_file


@pytest.fixture(autouse=True)
def _no_tasks_to_the_default_broker(request: pytest.FixtureRequest, monkeypatch: Any) -> None:
    """Tests without a Redis of their own send no task (not to the repo's var/celery/)."""
    if not {"broker", "any_broker"} & set(request.fixturenames):
        from gamenight import tasks
        from gamenight.reports import build, mailing

        monkeypatch.setattr(build, "send_task", lambda scope, object_id: True)
        # The mail task runs here and now, its retries one after the other.
        monkeypatch.setattr(
            mailing,
            "queue_mail",
            lambda scope, pk, generation: tasks.mail_report.apply(args=[scope, pk, generation]),
        )


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """A German page leaves its language active in the thread: reset it (as tests/web)."""
    yield
    translation.deactivate()


# ---------------------------------------------------------------- Redis


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    binary = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
    )
    if binary is None:
        message = "redis-server not found (make redis installs Debian's redis-server)"
        missing(needed=f"Redis is needed in CI: {message}", skipped=message)
    server = RedisServer(binary, tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


# ---------------------------------------------------------------- a database file


@pytest.fixture(scope="session")
def migrated_file(django_db_setup: None, django_db_blocker: Any, tmp_path_factory: Any) -> Path:
    """A migrated SQLite file, made once; each test works on a copy."""
    path = Path(tmp_path_factory.mktemp("reports-db")) / "template.sqlite3"
    with django_db_blocker.unblock(), on_file(path):
        call_command("migrate", verbosity=0, interactive=False)
    return path


@pytest.fixture
def db_file(migrated_file: Path, django_db_blocker: Any, tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "db.sqlite3"
    shutil.copy(migrated_file, path)
    with django_db_blocker.unblock(), on_file(path):
        yield path


# ---------------------------------------------------------------- Celery


@pytest.fixture
def worker_env_base(db_file: Path, tmp_path: Path) -> dict[str, str]:
    """The worker's environment but for its broker, with a var/ of its own that holds
    nothing yet, as in a new container (the repo's var/ may hold folders the worker
    would otherwise rely on without making them)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("CELERY_", "REPORT_", "GAMENIGHT_")) and k != "REDIS_URL"
    }
    env.update(
        DJANGO_SETTINGS_MODULE="gamenight.settings",
        DATABASE_URL=f"sqlite:///{db_file}",
        VAR_DIR=str(tmp_path / "var"),
        REPORT_SWEEP_SECONDS="1",
        REPORT_REQUEUE_AFTER="2",
        REPORT_RUNNING_TIMEOUT="3",
        AXES_ENABLED="0",
    )
    return env


@pytest.fixture
def worker_env(redis_server: RedisServer, worker_env_base: dict[str, str]) -> dict[str, str]:
    return {**worker_env_base, "REDIS_URL": redis_server.url}


@pytest.fixture
def broker(redis_server: RedisServer) -> Iterator[RedisServer]:
    with Broker(redis_server.url):
        yield redis_server


@pytest.fixture
def workers(worker_env: dict[str, str], tmp_path: Path) -> Iterator[Callable[..., Worker]]:
    """Start workers on the test's Redis and database file; all are stopped at the end."""
    started: list[Worker] = []

    def start(**extra_env: str) -> Worker:
        worker = Worker(worker_env, tmp_path / "worker.log")
        started.append(worker)
        return worker.start(**extra_env)

    try:
        yield start
    finally:
        # Killed, not stopped: nothing is checked of the end, and a warm shutdown
        # waits for the task in hand (15 s a test on the filesystem broker).
        for worker in started:
            worker.kill()
