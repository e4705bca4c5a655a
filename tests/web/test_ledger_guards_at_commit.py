"""The ledger's guards that act at COMMIT, and the night a transaction's chips belong to
(migration 0022), on SQLite and on PostgreSQL.

The other ledger tests run inside a test transaction that is never committed, so
a check deferred to COMMIT never runs there (pytest-django's closing foreign-key
check sees SQLite's leftovers, not PostgreSQL's). Here every write really
commits: SQLite on a migrated file of the test's own, PostgreSQL on the session's
server (tests/web/conftest.py), emptied after each test.
"""

from __future__ import annotations

import datetime
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from helpers.databases import default_database
from ledger_helpers import Table, assert_ledger_consistent, make_table, stacks

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import (
    Account,
    AccountKind,
    Entry,
    Night,
    NightStatus,
    Transaction,
    TransactionKind,
)
from gamenight.services.ledger_check import find_violations


def _on_sqlite_file(path: Path) -> Any:
    """``default`` on a SQLite file with the app's own options (IMMEDIATE, WAL)."""
    return default_database(lambda saved: {**saved, "NAME": str(path), "TEST": {}})


@pytest.fixture(scope="module")
def migrated_sqlite(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    path = tmp_path_factory.mktemp("ledger-commit") / "template.sqlite3"
    with django_db_blocker.unblock(), _on_sqlite_file(path):
        call_command("migrate", verbosity=0, interactive=False)
    return path


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def ledger(
    request: pytest.FixtureRequest, django_db_blocker: Any, tmp_path: Path
) -> Iterator[Table]:
    """A running night (Anna, Ben and Carla with 50 each) on a database that commits."""
    if request.param == "postgres":
        request.getfixturevalue("on_postgres")
        assert connection.vendor == "postgresql"
        yield make_table()
        return
    path = tmp_path / "db.sqlite3"
    shutil.copy(request.getfixturevalue("migrated_sqlite"), path)
    with django_db_blocker.unblock(), _on_sqlite_file(path):
        assert connection.vendor == "sqlite"
        yield make_table()


def anna(table: Table, night: Night | None = None) -> Account:
    return Account.objects.get(night=night or table.night, player=table.players[0])


def bank(table: Table) -> Account:
    return Account.objects.get(group=table.group, kind=AccountKind.BANK)


def new_transaction(table: Table, night: Night | None, key: str = "raw") -> Transaction:
    return Transaction.objects.create(
        group=table.group, night=night, kind=TransactionKind.REBUY, idempotency_key=key
    )


def write(table: Table, legs: list[tuple[Account, int]], *, night: Night | None) -> None:
    """A new transaction and its legs in one INSERT, in one DB transaction (as the app)."""
    with transaction.atomic():
        tx = new_transaction(table, night)
        Entry.objects.bulk_create(Entry(transaction=tx, account=a, amount=n) for a, n in legs)


def assert_untouched(table: Table, night_stacks: dict[str, int] | None = None) -> None:
    assert not Transaction.objects.filter(idempotency_key="raw").exists()
    assert stacks(table.night) == (night_stacks or {"Anna": 50, "Ben": 50, "Carla": 50})
    assert_ledger_consistent(table.group)
    assert find_violations() == []


# ---------------------------------------------------------------- balanced at commit


def test_a_one_legged_transaction_is_refused_at_commit(ledger: Table) -> None:
    with pytest.raises(IntegrityError):
        write(ledger, [(anna(ledger), 30)], night=ledger.night)
    assert_untouched(ledger)


def test_legs_that_do_not_sum_to_zero_are_refused_at_commit(ledger: Table) -> None:
    with pytest.raises(IntegrityError):
        write(ledger, [(anna(ledger), 30), (bank(ledger), -20)], night=ledger.night)
    assert_untouched(ledger)


def test_an_unbalanced_transaction_is_refused_though_a_later_one_balances(
    ledger: Table,
) -> None:
    """Each transaction balances on its own: a second, balanced one in the same commit
    does not make up for the first."""

    def one_unbalanced_then_one_balanced() -> None:
        with transaction.atomic():
            first = new_transaction(ledger, ledger.night)
            Entry.objects.create(transaction=first, account=anna(ledger), amount=5)
            second = new_transaction(ledger, ledger.night, key="raw-2")
            Entry.objects.bulk_create(
                [
                    Entry(transaction=second, account=anna(ledger), amount=1),
                    Entry(transaction=second, account=bank(ledger), amount=-1),
                ]
            )

    with pytest.raises(IntegrityError):
        one_unbalanced_then_one_balanced()
    assert not Transaction.objects.filter(idempotency_key="raw-2").exists()
    assert_untouched(ledger)


def test_legs_written_one_by_one_commit_once_they_balance(ledger: Table) -> None:
    """The deferred check looks at the commit, not at each leg."""
    with transaction.atomic():
        tx = new_transaction(ledger, ledger.night)
        Entry.objects.create(transaction=tx, account=anna(ledger), amount=5)
        Entry.objects.create(transaction=tx, account=bank(ledger), amount=-5)
    assert stacks(ledger.night)["Anna"] == 55
    assert_ledger_consistent(ledger.group)
    assert find_violations() == []


def hand(table: Table, key: str) -> Transaction:
    """A seven-card stud hand at the table, Anna winning 6 chips."""
    anna_id, ben, carla = table.ids
    return services.record_table_hand(
        night_id=table.night.pk,
        by=table.owner,
        key=key,
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={anna_id: 2, ben: 2, carla: 2},
            showdown=HostRanking(groups=((anna_id,), (ben, carla))),
        ),
    )


def test_the_apps_own_writes_commit(ledger: Table) -> None:
    """A rebuy, a game and its undo, a Guts deal nobody went in on, a leave, the split
    of the night's pots and the end of the night: each commits."""
    owner, night = ledger.owner, ledger.night.pk
    anna_id, ben, carla = ledger.ids
    services.rebuy(night_id=night, by=owner, key="r", player_id=anna_id, amount=5)
    services.undo(night_id=night, by=owner, key="u", transaction_id=hand(ledger, "h").pk)
    hand(ledger, "h2")
    services.record_guts_deal(night_id=night, by=owner, key="g", in_players=[])
    services.leave(night_id=night, by=owner, key="l", player_id=carla)
    services.split_night_pots(night_id=night, by=owner, key="s", players=[anna_id, ben])
    services.end_night(night_id=night, by=owner)
    assert Night.objects.get(pk=night).status == NightStatus.CLOSED
    assert Transaction.objects.filter(night_id=night).count() == 8
    assert_ledger_consistent(ledger.group)
    assert find_violations() == []


# ---------------------------------------------------------------- a night's chips


def test_a_transaction_without_a_night_cannot_move_a_closed_nights_stacks(
    ledger: Table,
) -> None:
    services.end_night(night_id=ledger.night.pk, by=ledger.owner)
    with pytest.raises(IntegrityError, match="transaction of that night"):
        write(ledger, [(anna(ledger), 20), (bank(ledger), -20)], night=None)
    assert_untouched(ledger)


def test_a_transaction_without_a_night_cannot_move_a_running_nights_stacks(
    ledger: Table,
) -> None:
    with pytest.raises(IntegrityError, match="transaction of that night"):
        write(ledger, [(anna(ledger), -20), (bank(ledger), 20)], night=None)
    assert_untouched(ledger)


def test_a_transaction_without_a_night_may_book_to_the_bank_alone(ledger: Table) -> None:
    """No night's chips move: the bank is the group's."""
    write(ledger, [(bank(ledger), 3), (bank(ledger), -3)], night=None)
    assert Transaction.objects.filter(idempotency_key="raw", night=None).exists()
    assert_ledger_consistent(ledger.group)


def next_night(table: Table, *, carry_over: bool = False, start: bool = True) -> Night:
    """The night after the table's, in one season with it (the table's night closed)."""
    season = services.create_season(
        group_id=table.group.pk, by=table.owner, name="2026", starts_on=datetime.date(2026, 1, 1)
    )
    Night.objects.filter(pk=table.night.pk).update(season=season)
    services.end_night(night_id=table.night.pk, by=table.owner)
    night = services.create_night(
        group_id=table.group.pk,
        by=table.owner,
        date=datetime.date(2026, 12, 4),
        season_id=season.pk,
        carry_over=carry_over,
    )
    if start:
        services.start_night(night_id=night.pk, by=table.owner, key="next", players=table.ids)
    return night


def test_an_open_nights_transaction_cannot_fill_a_closed_nights_pots(ledger: Table) -> None:
    anna_id, ben, _ = ledger.ids
    hand(ledger, "h")
    services.record_guts_deal(night_id=ledger.night.pk, by=ledger.owner, key="g", in_players=[])
    services.split_night_pots(
        night_id=ledger.night.pk, by=ledger.owner, key="s", players=[anna_id, ben]
    )
    second = next_night(ledger)
    closed = stacks(ledger.night)
    pots = [
        Account.objects.get(night=ledger.night, kind=AccountKind.GUTS_POT),
        Account.objects.get(deal__night=ledger.night, kind=AccountKind.DEAL_POT),
    ]
    for pot in pots:
        with pytest.raises(IntegrityError, match="closed"):
            write(ledger, [(pot, 5), (anna(ledger, second), -5)], night=second)
    assert_untouched(ledger, closed)


def test_a_stack_carried_to_the_next_night_and_the_carry_undone_still_commit(
    ledger: Table,
) -> None:
    """What still moves a closed night's stack: the next night's buy-in carries it
    over, and undoing that buy-in gives it back."""
    second = next_night(ledger, carry_over=True)
    assert stacks(second) == {"Anna": 50, "Ben": 50, "Carla": 50}
    assert stacks(ledger.night) == {"Anna": 0, "Ben": 0, "Carla": 0}
    start = Transaction.objects.get(night=second, idempotency_key="next")
    services.undo(night_id=second.pk, by=ledger.owner, key="undo", transaction_id=start.pk)
    assert stacks(ledger.night) == {"Anna": 50, "Ben": 50, "Carla": 50}
    assert_ledger_consistent(ledger.group)
    assert find_violations() == []
