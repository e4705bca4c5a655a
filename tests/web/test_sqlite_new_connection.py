"""A new connection waits for another process's write lock instead of failing.

The report worker failed with "database is locked" under load: each of its
connections (and the web's: one per request) runs ``PRAGMA journal_mode=WAL``,
which on a file not yet in WAL mode must upgrade a read to the write lock, and
SQLite fails such an upgrade at once, whatever the busy timeout. The app
(gamenight/sqlite_wal.py) tries the pragma again until it gets the lock. The
test holds the write lock in one connection, opens the app's in
another thread, and lets go of the lock only once that connection is waiting
for it (or has given up): no clock decides the race.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db.utils import load_backend

# A safety net for a broken test, not a timed assertion: both states come in milliseconds.
STATE_TIMEOUT = 60


class _Seen(logging.Handler):
    """Sets ``event`` when the backend says it waits for the lock."""

    def __init__(self, event: threading.Event) -> None:
        super().__init__(logging.DEBUG)
        self.event = event

    def emit(self, record: logging.LogRecord) -> None:
        self.event.set()


def _file_in_rollback_mode(path: Path) -> None:
    with sqlite3.connect(path) as plain:
        plain.execute("CREATE TABLE t (x INTEGER)")
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    plain.close()


def test_a_new_connection_waits_for_a_writer_before_switching_to_wal(
    tmp_path: Path, django_db_blocker: Any
) -> None:
    path = tmp_path / "fresh.sqlite3"
    _file_in_rollback_mode(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO t VALUES (1)")

    # Set when the new connection waits for the lock, or when it is done (failed).
    waiting_or_done = threading.Event()
    seen = _Seen(waiting_or_done)
    logger = logging.getLogger("gamenight.sqlite_wal")
    level = logger.level
    logger.addHandler(seen)
    logger.setLevel(logging.DEBUG)
    outcome: dict[str, Any] = {}

    def connect_and_write() -> None:
        app_settings = settings.DATABASES["default"]
        # The backend the settings name, with the settings' options (timeout, init commands).
        backend = load_backend(app_settings["ENGINE"])
        wrapper = backend.DatabaseWrapper({**app_settings, "NAME": str(path), "TEST": {}}, "fresh")
        try:
            wrapper.connect()  # as Django opens every connection (its signal included)
            conn = wrapper.connection
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO t VALUES (2)")
            conn.execute("COMMIT")
            conn.close()
        except Exception as error:
            outcome["error"] = error
        finally:
            waiting_or_done.set()

    thread = threading.Thread(target=connect_and_write)
    try:
        with django_db_blocker.unblock():
            thread.start()
            assert waiting_or_done.wait(STATE_TIMEOUT), "the connection neither waited nor ended"
            holder.execute("COMMIT")
            thread.join(STATE_TIMEOUT)
    finally:
        logger.removeHandler(seen)
        logger.setLevel(level)
        holder.close()
    assert "error" not in outcome, f"the new connection failed: {outcome['error']}"
    with sqlite3.connect(path) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert sorted(x for (x,) in plain.execute("SELECT x FROM t")) == [1, 2]
    plain.close()
