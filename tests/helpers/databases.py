"""Pointing Django's ``default`` database alias elsewhere for a while, and back again.

The app's code runs unchanged on the other database (a PostgreSQL server, a
SQLite file a worker shares), and each new thread opens its own connection to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connections


@contextmanager
def default_database(settings_for: Callable[[dict[str, Any]], dict[str, Any]]) -> Iterator[None]:
    """While inside, ``default`` has the settings made from its own by ``settings_for``."""
    settings = connections.settings["default"]
    saved_settings = dict(settings)
    saved_connection = connections["default"]
    settings.clear()
    settings.update(settings_for(saved_settings))
    connections["default"] = connections.create_connection("default")
    try:
        yield
    finally:
        connections["default"].close()
        settings.clear()
        settings.update(saved_settings)
        connections["default"] = saved_connection
