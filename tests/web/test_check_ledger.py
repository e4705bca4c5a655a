"""manage.py check_ledger: silent success on a sound ledger, the first violation named otherwise.

Each corruption is made with raw SQL past the database's guards (their triggers
dropped or switched off, or a check constraint lifted, just for the
corruption) inside a DB transaction that the test rolls back, on SQLite and on
PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from ledger_helpers import Table, make_table

from gamenight import services
from gamenight.models import Account, AccountKind, Entry, Expense, Transaction, TransactionKind
from gamenight.services import expenses
from gamenight.services.ledger_check import find_violations


@pytest.fixture(
    params=[
        pytest.param("sqlite", marks=pytest.mark.django_db),
        pytest.param("postgres", marks=pytest.mark.postgres),
    ]
)
def engine(request: pytest.FixtureRequest) -> str:
    if request.param == "postgres":
        request.getfixturevalue("on_postgres")
    return str(request.param)


def sql(statement: str, params: list[object] | None = None) -> None:
    with connection.cursor() as cursor:
        cursor.execute(statement, params or [])


@contextmanager
def guards_off() -> Iterator[None]:
    """No ledger trigger and no check constraint, until the block ends."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
            triggers = cursor.fetchall()
            for name, _ in triggers:
                cursor.execute(f"DROP TRIGGER {name}")
            cursor.execute("PRAGMA ignore_check_constraints = ON")
            try:
                yield
            finally:
                cursor.execute("PRAGMA ignore_check_constraints = OFF")
                for _, create in triggers:
                    cursor.execute(create)
    else:
        # Rolled back with the test's transaction.
        sql("SET LOCAL session_replication_role = replica")
        sql("ALTER TABLE gamenight_account DROP CONSTRAINT account_only_bank_below_zero")
        yield
        sql("SET LOCAL session_replication_role = origin")


def anna(table: Table) -> Account:
    return Account.objects.get(night=table.night, player=table.players[0])


def bank(table: Table) -> Account:
    return Account.objects.get(group=table.group, kind=AccountKind.BANK)


def new_transaction(table: Table, key: str = "raw") -> Transaction:
    return Transaction.objects.create(
        group=table.group, night=table.night, kind=TransactionKind.REBUY, idempotency_key=key
    )


def balance_changed(table: Table) -> None:
    with guards_off():
        sql("UPDATE gamenight_account SET balance = balance + 100 WHERE id = %s", [anna(table).pk])


def one_leg(table: Table) -> None:
    # Both databases refuse it at commit (0002, 0022), which never comes here.
    Entry.objects.create(transaction=new_transaction(table), account=anna(table), amount=30)


def unbalanced(table: Table) -> None:
    tx = new_transaction(table)
    Entry.objects.bulk_create(
        [
            Entry(transaction=tx, account=anna(table), amount=30),
            Entry(transaction=tx, account=bank(table), amount=-20),
        ]
    )


def below_zero(table: Table) -> None:
    with guards_off():
        tx = new_transaction(table)
        for account, amount in ((anna(table), -60), (bank(table), 60)):
            sql(
                "INSERT INTO gamenight_entry (transaction_id, account_id, amount, reason)"
                " VALUES (%s, %s, %s, '')",
                [tx.pk, account.pk, amount],
            )
        sql("UPDATE gamenight_account SET balance = balance - 60 WHERE id = %s", [anna(table).pk])
        sql("UPDATE gamenight_account SET balance = balance + 60 WHERE id = %s", [bank(table).pk])


def recorded_after_close(table: Table) -> None:
    services.end_night(night_id=table.night.pk, by=table.owner)
    with guards_off():
        tx = new_transaction(table)
        Entry.objects.bulk_create(
            [
                Entry(transaction=tx, account=anna(table), amount=5),
                Entry(transaction=tx, account=bank(table), amount=-5),
            ]
        )


def closed_without_closing_time(table: Table) -> None:
    services.end_night(night_id=table.night.pk, by=table.owner)
    with guards_off():
        sql("UPDATE gamenight_night SET ended_at = NULL WHERE id = %s", [table.night.pk])


def another_groups_account(table: Table) -> None:
    other_group = table.outsider.memberships.get().group
    with guards_off():
        other_bank, _ = Account.objects.get_or_create(group=other_group, kind=AccountKind.BANK)
        tx = new_transaction(table)
        for account, amount in ((anna(table), 5), (other_bank, -5)):
            sql(
                "INSERT INTO gamenight_entry (transaction_id, account_id, amount, reason)"
                " VALUES (%s, %s, %s, '')",
                [tx.pk, account.pk, amount],
            )
            sql(
                "UPDATE gamenight_account SET balance = balance + %s WHERE id = %s",
                [amount, account.pk],
            )


def pizza(table: Table) -> Expense:
    """A shared cost of the night (issue 28): 9.00 for Anna, Ben and Carla."""
    return expenses.add_expense(
        night_id=table.night.pk,
        by=table.owner,
        what="Pizza",
        amount=900,
        paid_by=table.players[0].pk,
        shared_by=table.ids,
    )


def shares_changed(table: Table) -> None:
    cost = pizza(table)
    with guards_off():
        sql("UPDATE gamenight_expenseshare SET amount = 1 WHERE expense_id = %s", [cost.pk])


def taking_back_of_another_amount(table: Table) -> None:
    cost = pizza(table)
    back = expenses.take_back(night_id=table.night.pk, by=table.owner, expense_id=cost.pk)
    with guards_off():
        sql("UPDATE gamenight_expense SET amount = 5 WHERE id = %s", [back.pk])


def cost_trigger_dropped(table: Table) -> None:
    on = "" if connection.vendor == "sqlite" else " ON gamenight_expense"
    name = (
        "gamenight_expense_no_delete"
        if connection.vendor == "sqlite"
        else ("gamenight_expense_append_only")
    )
    sql(f"DROP TRIGGER {name}{on}")


def trigger_dropped(table: Table) -> None:
    on = "" if connection.vendor == "sqlite" else " ON gamenight_entry"
    sql(f"DROP TRIGGER gamenight_entry_apply{on}")


CORRUPTIONS: dict[str, tuple[Callable[[Table], None], str]] = {
    "balance": (balance_changed, "Anna's stack .* holds 150 chips, but its entries add up to 50"),
    "unbalanced": (unbalanced, r"transaction #\d+ .* does not balance: its entries sum to 10"),
    "one_leg": (one_leg, r"transaction #\d+ .* has only one entry"),
    "below_zero": (below_zero, "Anna's stack .* is below zero: -10 chips"),
    "after_close": (recorded_after_close, r"transaction #\d+ .* after the night was closed"),
    "no_closing_time": (closed_without_closing_time, "is closed but has no closing time"),
    "other_group": (another_groups_account, r"entry #\d+ .* books to an account of another group"),
    "trigger": (trigger_dropped, "guard gamenight_entry_apply is missing"),
    "expense_shares": (shares_changed, r"shared cost #\d+ \(Pizza\) add up to 3, not 900"),
    "expense_reversal": (taking_back_of_another_amount, r"taking back #\d+ does not match"),
    "expense_trigger": (cost_trigger_dropped, r"guard gamenight_expense_\w+ is missing"),
}


def test_a_clean_seeded_ledger_passes(engine: str) -> None:
    call_command(
        "seed_demo", "--seasons", "2", "--nights", "2", "--games", "4", "--players", "4",
        stdout=StringIO(),
    )  # fmt: skip
    out = StringIO()
    call_command("check_ledger", stdout=out)
    assert "the ledger is sound" in out.getvalue()
    assert find_violations() == []


def test_the_json_output_of_a_clean_ledger_is_an_empty_list(engine: str) -> None:
    make_table()
    out = StringIO()
    call_command("check_ledger", "--json", stdout=out)
    assert json.loads(out.getvalue()) == {"violations": []}


@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_a_corrupted_ledger_fails_naming_the_first_violation(engine: str, corruption: str) -> None:
    corrupt, expected = CORRUPTIONS[corruption]
    table = make_table()
    with transaction.atomic():
        corrupt(table)
        with pytest.raises(CommandError, match=expected) as failed:
            call_command("check_ledger", stdout=StringIO())
        assert failed.value.returncode == 1
        out = StringIO()
        with pytest.raises(CommandError):
            call_command("check_ledger", "--json", stdout=out)
        first = json.loads(out.getvalue())["violations"][0]
        assert first["code"] == find_violations()[0].code
        transaction.set_rollback(True)
    assert find_violations() == []
