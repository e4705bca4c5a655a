"""Django's SQLite backend, but opening a connection waits for the write lock too.

Every connection runs the settings' init commands, ``PRAGMA journal_mode=WAL``
among them (gamenight/settings.py, ``sqlite_options``). On a file not yet in WAL
mode (a database just made by ``migrate`` without the app's settings, copied,
restored from a backup) that pragma must write the file's header: it reads,
then upgrades to the write lock, and SQLite does not call its busy handler for
such an upgrade. So while another process held the write lock, a new
connection failed at once with "database is locked", the busy timeout
notwithstanding: the Celery worker's report builds did, under load, against the
web process's writes. Here the connection is opened again, with a short
growing pause, until the timeout the settings give every writer.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from typing import Any

from django.db.backends.sqlite3 import base

logger = logging.getLogger(__name__)

# The first pause, and the longest: short, since a writer's transaction is
# milliseconds long, and no longer than a busy handler's own steps.
FIRST_PAUSE, LONGEST_PAUSE = 0.005, 0.1


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        deadline = time.monotonic() + float(conn_params.get("timeout", 5.0))
        pause = FIRST_PAUSE
        while True:
            try:
                return super().get_new_connection(conn_params)
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() >= deadline:
                    raise
                logger.debug("new SQLite connection waits for the write lock: %s", error)
            time.sleep(pause)
            pause = min(pause * 2, LONGEST_PAUSE)
