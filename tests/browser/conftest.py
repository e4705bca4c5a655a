"""Fixtures of the browser tests: Debian's Chromium driven by Playwright against the live server.

Playwright cannot download its own browsers here, so the tests launch
``/usr/bin/chromium`` (``make chromium`` installs it). Under ``CI=true`` a
missing Chromium fails the tests; elsewhere they are skipped with the reason.

Every page is a phone (390x844, touch) speaking English; ``german_page`` is the
same phone with a German browser. The pages may only reach the live server:
any other request is aborted and fails the test, as does any console message
about the Content Security Policy or any uncaught script error.
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from helpers.ci import missing

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 10_000
ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
HERE = Path(__file__).parent


def _in_this_folder(item: pytest.Item) -> bool:
    return HERE in item.path.parents


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[object]:
    """While Playwright runs, this thread has a running event loop, and Django refuses
    ORM calls from such a thread unless told that it is safe. Only for the browser
    tests: the variable would leak into other tests' subprocesses (check --deploy)."""
    if not _in_this_folder(item):
        return (yield)
    before = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    try:
        return (yield)
    finally:
        if before is None:
            os.environ.pop(ASYNC_UNSAFE, None)
        else:
            os.environ[ASYNC_UNSAFE] = before


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _in_this_folder(item):
            item.add_marker(pytest.mark.browser)


def _missing(reason: str) -> None:
    missing(
        needed=f"Chromium is needed in CI: {reason}",
        skipped=f"browser tests skipped: {reason} (make chromium installs it)",
    )


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """A headless Chromium for each test module (under a second to start).

    Not for the whole session: Playwright's event loop would stay running in this
    thread and make Django refuse the ORM in every later test outside this folder.
    """
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} not found")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:  # pragma: no cover - playwright is locked in .venv
        _missing(f"playwright is not installed ({error})")
        raise
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
        except Exception as error:
            _missing(f"{CHROMIUM} did not start: {error}")
            raise
        yield browser
        browser.close()


# ---------------------------------------------------------------- the database

# The ledger's append-only triggers refuse DELETE, but after a transactional
# test Django empties the tables with DELETE (SQLite; PostgreSQL truncates,
# which fires no row trigger). So the two DELETE triggers are dropped just
# before that flush and created again just after it, for the tests that follow.
_LEDGER_TRIGGERS = importlib.import_module("gamenight.migrations.0002_ledger_triggers")
# The shared costs' rows (issue 28) are append-only the same way.
_COST_TRIGGERS = importlib.import_module("gamenight.migrations.0027_money")
_NO_DELETE = {
    f"{table}_no_delete": next(sql for sql in module.SQLITE if f"{table}_no_delete " in sql)
    for module, tables in (
        (_LEDGER_TRIGGERS, _LEDGER_TRIGGERS.APPEND_ONLY),
        (_COST_TRIGGERS, _COST_TRIGGERS.TABLES),
    )
    for table in tables
}


def _sqlite() -> Any:
    from django.db import connection

    return connection if connection.vendor == "sqlite" else None


def _restore_ledger_triggers() -> None:
    if (connection := _sqlite()) is None:
        return
    with connection.cursor() as cursor:
        for name, sql in _NO_DELETE.items():
            cursor.execute("SELECT 1 FROM sqlite_master WHERE type='trigger' AND name=%s", [name])
            if cursor.fetchone() is None:
                cursor.execute(sql)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After the flush that ends a live-server test, the DELETE triggers are back."""
    try:
        return (yield)
    finally:
        # With no next test the test database is already gone.
        if nextitem is not None and "live_db" in getattr(item, "fixturenames", ()):
            from pytest_django.plugin import blocking_manager_key

            with item.config.stash[blocking_manager_key].unblock():
                _restore_ledger_triggers()


@pytest.fixture
def live_db(transactional_db: None) -> Iterator[None]:
    """The database the live server shares with the test (committed, emptied afterwards)."""
    yield
    # The phones are closed; a move's render may still be reading the database.
    from gamenight.live.hub import wait_idle

    assert wait_idle(30), "a live render still runs 30 s after the test"
    if (connection := _sqlite()) is None:
        return
    # The shared in-memory database locks a table while another connection still
    # reads it (a request the closed phones left in flight on the live server):
    # wait for it to finish, then empty the tables here, so Django's flush after
    # this finds them free.
    _while_locked(lambda: _drop_triggers_and_empty(connection))


def _drop_triggers_and_empty(connection: Any) -> None:
    from django.core.management.color import no_style

    tables = connection.introspection.django_table_names(only_existing=True)
    with connection.cursor() as cursor:
        for name in _NO_DELETE:
            cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
    connection.ops.execute_sql_flush(connection.ops.sql_flush(no_style(), tables))


def _while_locked(attempt: Callable[[], None], *, for_s: float = 30.0) -> None:
    from django.db import OperationalError

    deadline = time.monotonic() + for_s
    while True:
        try:
            attempt()
            return
        except OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


# ---------------------------------------------------------------- the phone


@dataclass
class Watch:
    """What the page said that a test must not ignore."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)

    def csp_messages(self) -> list[str]:
        return [m for m in self.console_errors if "Content Security Policy" in m]

    def check(self) -> None:
        assert not self.outside_requests, f"the page reached the network: {self.outside_requests}"
        assert not self.csp_messages(), f"CSP violations: {self.csp_messages()}"
        assert not self.page_errors, f"script errors: {self.page_errors}"


def _open_phone(
    chromium: Any, origin: str, *, locale: str = "en-US", javascript: bool = True
) -> tuple[Any, Any, Watch]:
    context = chromium.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale=locale,
        base_url=origin,
        java_script_enabled=javascript,
    )
    context.set_default_timeout(TIMEOUT_MS)
    watch = Watch(origin=origin)

    def only_live_server(route: Any) -> None:
        url = route.request.url
        if url.startswith((origin, "data:")):
            route.continue_()
        else:
            watch.outside_requests.append(url)
            route.abort()

    context.route("**/*", only_live_server)
    page = context.new_page()
    page.on(
        "console",
        lambda message: (
            watch.console_errors.append(message.text) if message.type == "error" else None
        ),
    )
    page.on("pageerror", lambda error: watch.page_errors.append(str(error)))
    return context, page, watch


class Phones:
    """Opens phones' pages and keeps what each reported (see :class:`Watch`)."""

    def __init__(self, chromium: Any, origin: str) -> None:
        self.chromium, self.origin = chromium, origin
        self.opened: list[tuple[Any, Any, Watch]] = []

    def __call__(self, *, locale: str = "en-US", javascript: bool = True) -> Any:
        context, page, watch = _open_phone(
            self.chromium, self.origin, locale=locale, javascript=javascript
        )
        self.opened.append((context, page, watch))
        return page

    def watch(self, page: Any) -> Watch:
        return next(w for _c, p, w in self.opened if p is page)


@pytest.fixture
def open_phone(chromium: Any, live_db: None, live_server: Any) -> Iterator[Phones]:
    """Open a phone's page: ``open_phone(locale="de-DE", javascript=False)``.

    Each page is checked when the test ends: no outside request, no CSP
    message in the console, no script error.
    """
    phones = Phones(chromium, live_server.url)
    yield phones
    for context, _page, _watch in phones.opened:
        context.close()
    for _context, _page, watch in phones.opened:
        watch.check()


@pytest.fixture
def page(open_phone: Any) -> Any:
    """An English-speaking phone."""
    return open_phone()


@pytest.fixture
def german_page(open_phone: Any) -> Any:
    """A phone whose browser asks for German."""
    return open_phone(locale="de-DE")


@dataclass(frozen=True)
class RunningNight:
    """A night already under way (made by the services, not the browser)."""

    night: Any
    host: Any
    players: dict[str, Any]


@pytest.fixture
def running_night(live_db: None) -> RunningNight:
    """Anna, Ben, Carla, Dan and Eva at a running night, 100 chips each, ante 1."""
    import datetime

    from django.contrib.auth.models import User

    from gamenight import services
    from gamenight.forms.nights import all_games

    host = User.objects.create_user(username="host", password="felt-table-4-chips")
    group = services.create_group(name="Friday Felt", host=host)
    season = services.create_season(
        group_id=group.pk, by=host, name="Spring", starts_on=datetime.date(2025, 3, 1)
    )
    players = {
        name: services.add_player(group_id=group.pk, by=host, name=name)
        for name in ("Anna", "Ben", "Carla", "Dan", "Eva")
    }
    night = services.create_night(
        group_id=group.pk,
        by=host,
        date=datetime.date(2025, 3, 14),
        season_id=season.pk,
        allowed_games=all_games(),
        game_options={"guts": {"limit": 100}},
        starting_stack=100,
    )
    services.start_night(
        night_id=night.pk, by=host, key="start", players=[p.pk for p in players.values()]
    )
    night.refresh_from_db()
    return RunningNight(night=night, host=host, players=players)
