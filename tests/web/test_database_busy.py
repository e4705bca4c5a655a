"""SQLite waits for a writer instead of failing, and a lock error that still escapes is a
clear 503 page in the page's language, never a bare 500."""

from __future__ import annotations

import html
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import OperationalError
from django.db.backends.sqlite3.base import DatabaseWrapper
from django.test import Client, RequestFactory
from helpers.clients import client_for
from ledger_helpers import Table

from gamenight import services
from gamenight.busy import is_busy, server_error
from gamenight.settings import sqlite_options

LOCKED = "database is locked"


def test_sqlite_writers_take_the_lock_at_begin_and_wait_for_it() -> None:
    options = settings.DATABASES["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 10
    assert "synchronous=NORMAL" in options["init_command"]


def test_options_given_in_the_database_url_win_over_the_defaults() -> None:
    options = sqlite_options({"timeout": "3", "transaction_mode": "EXCLUSIVE"})
    assert options["timeout"] == 3.0
    assert options["transaction_mode"] == "EXCLUSIVE"
    assert "synchronous=NORMAL" in options["init_command"]


def test_a_sqlite_file_opened_with_the_settings_is_in_wal_mode(
    tmp_path: Path, django_db_blocker: Any
) -> None:
    path = tmp_path / "probe.sqlite3"
    wrapper = DatabaseWrapper(
        {**settings.DATABASES["default"], "NAME": str(path), "TEST": {}}, alias="probe"
    )
    # The backend's own connect (its init commands, then gamenight/sqlite_wal.py on
    # Django's connection_created), on a file of its own.
    with django_db_blocker.unblock():
        wrapper.connect()
    try:
        assert wrapper.connection.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    finally:
        wrapper.close()
    with sqlite3.connect(path) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def hand_form(table: Table) -> dict[str, Any]:
    anna, ben, carla = table.ids
    return {
        "key": "k-busy",
        "confirm": "1",
        **{f"chips_{p}": 2 for p in (anna, ben, carla)},
        f"place_{anna}": 1,
        f"place_{ben}": 2,
        f"place_{carla}": 3,
    }


@pytest.fixture
def locked(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(**_kwargs: Any) -> None:
        raise OperationalError(LOCKED)

    monkeypatch.setattr(services, "record_table_hand", refuse)


def test_a_locked_database_during_a_write_is_a_clear_503(table: Table, locked: None) -> None:
    url = f"/nights/{table.night.pk}/record/seven-card-stud/"
    response = client_for(table.owner, raise_request_exception=False).post(url, hand_form(table))
    assert response.status_code == 503
    assert response["Retry-After"]
    html = response.content.decode()
    assert "nothing was recorded" in html
    assert "Server Error" not in html


def test_the_busy_page_speaks_german(table: Table, locked: None) -> None:
    url = f"/nights/{table.night.pk}/record/seven-card-stud/"
    response = client_for(table.owner, raise_request_exception=False).post(
        url, hand_form(table), HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.status_code == 503
    assert "nichts wurde gespeichert" in response.content.decode()


def test_an_htmx_write_gets_the_message_as_a_fragment(table: Table, locked: None) -> None:
    url = f"/nights/{table.night.pk}/record/seven-card-stud/"
    response = client_for(table.owner, raise_request_exception=False).post(
        url, hand_form(table), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 503
    html = response.content.decode()
    assert "<html" not in html
    assert 'role="alert"' in html
    assert "nothing was recorded" in html


def test_a_lock_error_outside_the_view_is_a_503_too(db: None) -> None:
    """The 500 handler runs for errors raised in middleware (a session save, say)."""
    request = RequestFactory().get("/")
    try:
        raise OperationalError(LOCKED)
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 503
    assert "nothing was recorded" in response.content.decode()


def test_any_other_error_is_still_a_500(db: None) -> None:
    request = RequestFactory().get("/")
    try:
        raise OperationalError("no such table: gamenight_night")
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 500


def test_htmx_swaps_the_503_message_in(client: Client) -> None:
    """htmx leaves error responses unswapped unless told: the first rule matching 503 swaps."""
    page = client.get("/").content.decode()
    config = json.loads(
        html.unescape(re.search(r'name="htmx-config" content=\'([^\']+)\'', page)[1])
    )
    rule = next(r for r in config["responseHandling"] if re.fullmatch(r["code"], "503"))
    assert rule["swap"] is True


class _PostgresCause(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


@pytest.mark.parametrize(
    ("text", "sqlstate", "busy"),
    [
        ("database is locked", None, True),
        ("database table is locked", None, True),
        ("deadlock detected", "40P01", True),
        ("could not serialize access", "40001", True),
        ("canceling statement due to lock timeout", "55P03", True),
        ("no such table: gamenight_night", None, False),
        ("connection refused", "08001", False),
    ],
)
def test_which_database_errors_mean_busy(text: str, sqlstate: str | None, busy: bool) -> None:
    error = OperationalError(text)
    if sqlstate is not None:
        error.__cause__ = _PostgresCause(sqlstate)
    assert is_busy(error) is busy
