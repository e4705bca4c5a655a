"""Fixtures of the web tests: a running night (see ledger_helpers), a real PostgreSQL.

Tests marked ``postgres`` run on a PostgreSQL server started for the session
(initdb into a temp dir, pg_ctl on a free loopback port, as the ``postgres``
user when the tests run as root, since PostgreSQL refuses root). While such a
test runs, the ``default`` database alias points at that server, so the app's
code runs unchanged, and new threads open their own connections to it. Under
``CI=true`` a missing PostgreSQL fails the test; elsewhere it is skipped.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.utils import translation
from helpers.ci import missing
from helpers.databases import default_database
from helpers.ports import free_port
from ledger_helpers import Table, make_table

# ---------------------------------------------------------------- people and a night


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """A request leaves its language active in the thread; reset it so that a
    German page in one test does not turn the next test's messages German."""
    yield
    translation.deactivate()


@pytest.fixture
def table(db: None) -> Table:
    return make_table()


# ---------------------------------------------------------------- PostgreSQL


@dataclass(frozen=True)
class PostgresServer:
    host: str
    port: int
    user: str
    dbname: str

    def settings(self, base: dict[str, Any]) -> dict[str, Any]:
        return {
            **base,
            "ENGINE": "django.db.backends.postgresql",
            "NAME": self.dbname,
            "USER": self.user,
            "PASSWORD": "",
            "HOST": self.host,
            "PORT": str(self.port),
            "CONN_MAX_AGE": 0,
            "CONN_HEALTH_CHECKS": False,
            "OPTIONS": {},
            "TEST": {},
        }


def _missing(reason: str) -> None:
    missing(
        needed=f"PostgreSQL is needed in CI: {reason}",
        skipped=f"PostgreSQL tests skipped: {reason} (make test installs it)",
    )


def _pg_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        _missing("initdb/pg_ctl not found (apt-get install postgresql)")
    assert initdb is not None
    assert pg_ctl is not None
    as_user: list[str] = []
    base = Path(tempfile.mkdtemp(prefix="gamenight-pg-"))
    if os.geteuid() == 0:
        # PostgreSQL refuses to run as root: hand the directory to the postgres user.
        if shutil.which("runuser") is None:
            _missing("running as root without runuser")
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(base, user="postgres")
    data, sockets = base / "data", base / "sock"
    run = subprocess.run
    run([*as_user, "mkdir", "-p", str(sockets)], check=True)
    run(
        [*as_user, initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"],
        check=True,
        capture_output=True,
    )
    port = free_port()
    options = (
        f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60"
    )
    started = run(
        [*as_user, pg_ctl, "-D", str(data), "-o", options, "-l", str(base / "log"), "-w", "start"],
        capture_output=True,
        text=True,
    )
    if started.returncode:
        log = (base / "log").read_text() if (base / "log").exists() else ""
        pytest.fail(f"PostgreSQL did not start: {started.stderr}{log}")
    try:
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True
        ) as conn:
            conn.execute("CREATE DATABASE gamenight_test")
        yield PostgresServer(host="127.0.0.1", port=port, user="postgres", dbname="gamenight_test")
    finally:
        run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


def _on_postgres(server: PostgresServer) -> AbstractContextManager[None]:
    """Point the ``default`` alias at PostgreSQL and back again."""
    return default_database(server.settings)


@pytest.fixture(scope="session")
def postgres_schema(
    postgres_server: PostgresServer, django_db_setup: None, django_db_blocker: Any
) -> PostgresServer:
    with django_db_blocker.unblock(), _on_postgres(postgres_server):
        call_command("migrate", verbosity=0, interactive=False)
    return postgres_server


@pytest.fixture
def on_postgres(postgres_schema: PostgresServer, django_db_blocker: Any) -> Iterator[None]:
    """Run the test with ``default`` on PostgreSQL; the tables are emptied afterwards."""
    with django_db_blocker.unblock(), _on_postgres(postgres_schema):
        try:
            yield
        finally:
            keep = {"django_migrations", "django_content_type", "auth_permission"}
            tables = [
                t
                for t in connection.introspection.django_table_names(only_existing=True)
                if t not in keep
            ]
            with transaction.atomic(), connection.cursor() as cursor:
                # The ledger refuses TRUNCATE (migration 0008); the tests' superuser
                # switches user triggers off for this one transaction to empty it.
                cursor.execute("SET LOCAL session_replication_role = replica")
                cursor.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
