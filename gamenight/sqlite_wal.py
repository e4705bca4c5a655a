"""SQLite in WAL mode, switched on as each connection opens, waiting for the lock as a writer does.

WAL lets the phones read while a write is under way (gamenight/settings.py,
``sqlite_options``). On a file not yet in WAL mode (a database made or copied
without the app's settings, restored from a backup) ``PRAGMA journal_mode=WAL``
must write the file's header: it reads, then upgrades to the write lock, and
SQLite does not call its busy handler for such an upgrade. Run as one of the
connection's init commands, it failed at once with "database is locked"
whenever another process held the write lock, the busy timeout notwithstanding:
the Celery worker's report builds did, under load, against the web's writes.
Here the pragma is tried again, with a short growing pause, until the timeout
the settings give every writer; on a file already in WAL mode it is one read.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created
from django.dispatch import receiver

logger = logging.getLogger(__name__)

# The first pause and the longest: a writer's transaction lasts milliseconds.
FIRST_PAUSE, LONGEST_PAUSE = 0.005, 0.1


def use_wal(connection: sqlite3.Connection, *, timeout: float) -> None:
    """Switch ``connection``'s database to WAL, waiting up to ``timeout`` s for the lock."""
    deadline = time.monotonic() + timeout
    pause = FIRST_PAUSE
    while True:
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() >= deadline:
                raise
            logger.debug("switching to WAL waits for the write lock: %s", error)
        time.sleep(pause)
        pause = min(pause * 2, LONGEST_PAUSE)


@receiver(connection_created)
def _wal_on_connect(sender: Any, connection: BaseDatabaseWrapper, **_: Any) -> None:
    if connection.vendor == "sqlite":
        timeout = float(connection.settings_dict.get("OPTIONS", {}).get("timeout", 5))
        use_wal(connection.connection, timeout=timeout)
