"""Co-hosts writing at the same moment on SQLite, under gunicorn as in production.

The real app runs in three gunicorn worker processes on a migrated SQLite file in
a temp dir, with the app's own database settings (scripts/stress_ledger.py adds no
SQLite options): a second writer must wait for the first, never fail with
"database is locked".
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import stress_ledger as stress


@pytest.fixture(scope="module")
def app() -> Iterator[stress.App]:
    with stress.running_app(nights=1, players=4, cohosts=2, stack=1000) as running:
        yield running


def count(app: stress.App, sql: str, *params: object) -> int:
    return int(stress.query(app.url, sql, params)[0][0])


def test_the_app_under_test_is_on_sqlite(app: stress.App) -> None:
    assert app.url.startswith("sqlite:///")


def test_two_cohosts_recording_at_the_same_moment_both_land_every_round(
    app: stress.App,
) -> None:
    rounds = 8
    statuses = stress.two_cohosts_at_once(app, rounds)
    assert statuses == [(302, 302)] * rounds, app.log.read_text()[-3000:]
    assert count(app, "SELECT COUNT(*) FROM gamenight_transaction WHERE kind = 'table_hand'") >= 8
    for n in range(rounds):
        for key in (f"hand-{n}", f"guts-{n}"):
            sql = "SELECT COUNT(*) FROM gamenight_transaction WHERE idempotency_key = %s"
            assert count(app, sql, key) == 1, key


def test_two_undos_at_once_undo_once_and_the_second_is_told_already_undone(
    app: stress.App,
) -> None:
    for attempt in range(4):
        key = f"to-undo-{attempt}"
        stress.record_one(app, app.seed.users[1], key)
        (original,) = stress.query(
            app.url, "SELECT id FROM gamenight_transaction WHERE idempotency_key = %s", (key,)
        )[0]
        answers = stress.double_undo(app, original)
        statuses = sorted(status for status, _body in answers)
        assert statuses == [200, 302], (answers, app.log.read_text()[-3000:])
        refused = next(body for status, body in answers if status == 200)
        assert b"this was undone already" in refused
        sql = "SELECT COUNT(*) FROM gamenight_transaction WHERE reverses_id = %s"
        assert count(app, sql, original) == 1


def test_twenty_posts_with_one_key_at_once_record_one_game_and_none_fails(
    app: stress.App,
) -> None:
    answers = stress.same_key_burst(app, posts=20)
    statuses = [status for status, _body in answers]
    assert all(status < 500 for status in statuses), (statuses, app.log.read_text()[-3000:])
    # The same game each time: every phone is sent on to the night page.
    assert statuses == [302] * 20
    sql = "SELECT COUNT(*) FROM gamenight_transaction WHERE idempotency_key = %s"
    assert count(app, sql, "the-same-key") == 1
