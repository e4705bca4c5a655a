"""The app's PostgreSQL role (docker/postgres-roles.sql) on a real server: it runs the
app, and it cannot switch the ledger's triggers off nor empty the ledger."""

from __future__ import annotations

import glob
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.core.management import call_command
from django.db import connections
from ledger_helpers import assert_ledger_consistent, make_table, stacks

from gamenight import services
from gamenight.models import Entry

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
APP_ROLE = "gamenight_app"


def _psql() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"))
    path = found[-1] if found else shutil.which("psql")
    if path is None:
        pytest.skip("psql not found")
    return path


@pytest.fixture
def app_role(on_postgres: None, postgres_schema: Any) -> Any:
    """The role made as docker/postgres-init.sh makes it, the test's superuser as owner."""
    server = postgres_schema
    subprocess.run(
        [
            _psql(),
            "--no-psqlrc",
            "-q",
            f"--host={server.host}",
            f"--port={server.port}",
            f"--username={server.user}",
            f"--dbname={server.dbname}",
            "-v",
            f"owner={server.user}",
            "-v",
            f"app_role={APP_ROLE}",
            "-v",
            "app_password=not-a-secret",
            "-f",
            str(ROOT / "docker" / "postgres-roles.sql"),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return server


@contextmanager
def django_as(user: str) -> Iterator[None]:
    """The ``default`` alias connects as ``user`` inside the block."""
    settings = connections.settings["default"]
    saved = settings["USER"]
    connections["default"].close()
    settings["USER"] = user
    connections["default"] = connections.create_connection("default")
    try:
        yield
    finally:
        connections["default"].close()
        settings["USER"] = saved
        connections["default"] = connections.create_connection("default")


@pytest.mark.parametrize(
    ("sql", "refusal"),
    [
        ("ALTER TABLE gamenight_entry DISABLE TRIGGER ALL", "must be owner"),
        ("ALTER TABLE gamenight_entry DISABLE TRIGGER gamenight_entry_apply", "must be owner"),
        ("ALTER TABLE gamenight_account DISABLE TRIGGER USER", "must be owner"),
        ("DROP TRIGGER gamenight_entry_own_transaction ON gamenight_entry", "must be owner"),
        ("TRUNCATE gamenight_entry", "permission denied"),
        ("TRUNCATE gamenight_transaction CASCADE", "permission denied"),
        ("SET session_replication_role = replica", "permission denied"),
        ("CREATE TABLE gamenight_mine (id int)", "permission denied"),
    ],
)
def test_the_app_role_cannot_switch_the_guards_off_nor_empty_the_ledger(
    app_role: Any, sql: str, refusal: str
) -> None:
    table = make_table()
    with (
        psycopg.connect(
            host=app_role.host, port=app_role.port, user=APP_ROLE, dbname=app_role.dbname
        ) as conn,
        pytest.raises(psycopg.errors.InsufficientPrivilege, match=refusal),
    ):
        conn.execute(sql)
    assert Entry.objects.count() == 6
    assert_ledger_consistent(table.group)


def test_the_app_runs_as_the_app_role(app_role: Any) -> None:
    with django_as(APP_ROLE):
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT usename, usesuper FROM pg_user WHERE usename = current_user")
            assert cursor.fetchone() == (APP_ROLE, False)
        table = make_table()
        services.rebuy(
            night_id=table.night.pk, by=table.owner, key="r", player_id=table.ids[0], amount=5
        )
        services.end_night(night_id=table.night.pk, by=table.owner)
        call_command("check_ledger", stdout=StringIO())
        assert stacks(table.night) == {"Anna": 55, "Ben": 50, "Carla": 50}
