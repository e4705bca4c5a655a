"""Real services for the report tests: redis-server, a SQLite file, the Celery worker.

Used by conftest.py's fixtures and by the tests themselves.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from helpers.databases import default_database
from helpers.ports import free_port

from gamenight.celery import app as celery_app
from gamenight.commands import WORKER
from gamenight.settings import sqlite_options

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


# The timeouts the tests give are what a quiet machine needs at most; they only
# stop a broken test, so a busy one (CPU hogs on both cores, a shared machine)
# gets this many times as long before the wait gives up. No test times a race.
SLACK = 5


def wait_for(check: Callable[[], Any], *, timeout: float, what: str, every: float = 0.2) -> Any:
    """``check()``'s first true result, asked every ``every`` s: a wait for a state."""
    deadline = time.monotonic() + timeout * SLACK
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up after {timeout * SLACK} s waiting for {what}")
        time.sleep(every)


class RedisServer:
    """A redis-server of the test's own, on a fixed port so it can come back after a stop."""

    def __init__(self, binary: str, workdir: Path) -> None:
        self.binary = binary
        self.workdir = workdir
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.workdir),
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self.ping, timeout=10, what="redis-server to answer")

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


def on_file(path: Path) -> AbstractContextManager[None]:
    """Point the ``default`` alias at a SQLite file and back again."""
    return default_database(
        lambda saved: {
            **saved,
            # The app's own SQLite settings, as the worker has them: a writer of this
            # process takes the lock at BEGIN and waits for it like the worker's.
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(path),
            "CONN_MAX_AGE": 0,
            "TEST": {},
            "OPTIONS": sqlite_options({}),
        }
    )


class Broker:
    """Point this process's Celery app at a broker and back again."""

    def __init__(self, url: str, options: dict[str, Any] | None = None) -> None:
        self.url = url
        self.options = options or {"socket_connect_timeout": 2, "socket_timeout": 5}

    def _reset(self) -> None:
        if celery_app._pool is not None:
            celery_app._pool.force_close_all()
            celery_app._pool = None
        celery_app.amqp._producer_pool = None

    def __enter__(self) -> None:
        conf = celery_app.conf
        self.saved = (conf.broker_url, conf.broker_transport_options)
        self._reset()
        conf.broker_url = self.url
        conf.broker_transport_options = self.options

    def __exit__(self, *exc: object) -> None:
        self._reset()
        celery_app.conf.broker_url, celery_app.conf.broker_transport_options = self.saved


class Worker:
    """``gamenight.commands.WORKER`` as a subprocess in its own process group."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env = env
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, **extra_env: str) -> Worker:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [str(BIN / WORKER[0]), *WORKER[1:]],
                cwd=ROOT,
                env={**self.env, **extra_env},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        start = self.log.stat().st_size if self.log.exists() else 0
        wait_for(
            lambda: " ready." in self.log.read_text(errors="replace")[start:] or self._died(),
            timeout=60,
            what="the Celery worker to be ready",
        )
        if self._died():
            raise AssertionError(f"the worker died:\n{self.output()}")
        return self

    def _died(self) -> bool:
        return self.process is not None and self.process.poll() is not None

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-6000:]

    def kill(self) -> None:
        """SIGKILL the worker and its pool children, mid-task or not."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def pool_children(self) -> list[int]:
        """The prefork pool's processes (the children of the worker's main process)."""
        assert self.process is not None
        pid = self.process.pid
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        return [int(child) for child in text.split()]

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None
