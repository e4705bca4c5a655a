"""The app started as `make run` starts it, for the tests that need the real server.

scripts/run.sh runs gunicorn with uvicorn workers and the Celery worker
(the commands of gamenight/commands.py), which the test suite's WSGI live
server is not. Each server gets a free loopback port and its own var/, static
files and SQLite file in a temp dir; :func:`make_run` migrates that database,
:meth:`MakeRun.serving` starts the server, waits until it answers and stops it.
"""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from helpers.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
# How long the server may take to answer: the machine's start-up time, not tested.
POLLS, POLL_SECONDS = 240, 0.5


@dataclass(frozen=True)
class MakeRun:
    """A server's temp dir, port and environment, its database migrated."""

    tmp: Path
    port: int
    env: dict[str, str]

    @property
    def db(self) -> Path:
        return self.tmp / "db.sqlite3"

    @property
    def log(self) -> Path:
        """What the server prints (gunicorn's access log included)."""
        return self.tmp / "run.log"

    def manage(self, *args: str) -> str:
        """The output of ``manage.py args`` run with the server's settings."""
        python = str(ROOT / ".venv" / "bin" / "python")
        done = subprocess.run(
            [python, "manage.py", *args],
            env=self.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stdout}{done.stderr}")
        return done.stdout

    def answers(self) -> bool:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            connection.request("GET", "/healthz", headers={"Host": f"127.0.0.1:{self.port}"})
            status = connection.getresponse().status
            connection.close()
        except OSError:
            return False
        return status == 200

    @contextmanager
    def serving(self) -> Iterator[subprocess.Popen[bytes]]:
        """scripts/run.sh running until the block ends, answering when it starts."""
        with self.log.open("wb") as out:
            process = subprocess.Popen(
                ["scripts/run.sh"],
                env=self.env,
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, stopped as one below
            )
        try:
            for _ in range(POLLS):
                if process.poll() is not None:
                    raise RuntimeError(f"scripts/run.sh exited early:\n{self.log.read_text()}")
                if self.answers():
                    break
                time.sleep(POLL_SECONDS)
            else:
                raise RuntimeError(f"the server did not come up:\n{self.log.read_text()}")
            yield process
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def make_run(tmp: Path, **env: str) -> MakeRun:
    """A server in ``tmp`` on a free port, its database migrated; ``env`` adds settings."""
    port = free_port()
    run = MakeRun(
        tmp=tmp,
        port=port,
        env={
            "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
            "PYTHONPATH": str(ROOT),
            "VAR_DIR": str(tmp / "var"),
            "STATIC_ROOT": str(tmp / "static"),
            "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}",
            "HOST": "127.0.0.1",
            "PORT": str(port),
            **env,
        },
    )
    run.manage("migrate", "--noinput", "-v", "0")
    return run
