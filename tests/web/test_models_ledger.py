"""The database itself enforces the ledger's rules, whatever Python does.

These run on SQLite (the default database); tests/web/test_ledger_postgres.py
runs the same checks on PostgreSQL, where the sum-to-zero rule is also checked
at commit.
"""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from ledger_helpers import Table, assert_ledger_consistent

from gamenight import services
from gamenight.models import (
    Account,
    AccountKind,
    AppendOnlyError,
    Entry,
    NightStatus,
    Transaction,
    TransactionKind,
)


def first_entry() -> Entry:
    return Entry.objects.order_by("pk").first()  # type: ignore[return-value]


def test_entries_refuse_save_and_delete_in_python(table: Table) -> None:
    entry = first_entry()
    entry.amount = 1000
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        Transaction.objects.first().delete()  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE gamenight_entry SET amount = 1000",
        "DELETE FROM gamenight_entry",
        "UPDATE gamenight_transaction SET summary = 'edited'",
        "DELETE FROM gamenight_transaction",
    ],
)
def test_the_database_refuses_updates_and_deletes(table: Table, sql: str) -> None:
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        connection.cursor().execute(sql)
    assert_ledger_consistent(table.group)


def test_queryset_update_is_refused_by_the_database(table: Table) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.update(amount=1)


def test_an_entry_updates_the_balance_in_the_database(table: Table) -> None:
    stack = Account.objects.filter(kind=AccountKind.STACK).first()
    bank = Account.objects.get(kind=AccountKind.BANK)
    assert stack is not None
    tx = Transaction.objects.create(
        group=table.group, night=table.night, kind=TransactionKind.REBUY, idempotency_key="raw"
    )
    Entry.objects.create(transaction=tx, account=stack, amount=5)
    Entry.objects.create(transaction=tx, account=bank, amount=-5)
    stack.refresh_from_db()
    assert stack.balance == 55
    assert_ledger_consistent(table.group)


def test_the_database_keeps_a_stack_at_zero_or_above(table: Table) -> None:
    stack = Account.objects.filter(kind=AccountKind.STACK).first()
    assert stack is not None
    tx = Transaction.objects.create(
        group=table.group, night=table.night, kind=TransactionKind.REBUY, idempotency_key="raw"
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(transaction=tx, account=stack, amount=-51)


def test_the_bank_may_go_below_zero(table: Table) -> None:
    assert Account.objects.get(kind=AccountKind.BANK).balance == -150


def test_an_entry_of_zero_chips_is_refused(table: Table) -> None:
    tx = Transaction.objects.create(
        group=table.group, night=table.night, kind=TransactionKind.REBUY, idempotency_key="raw"
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(
            transaction=tx, account=Account.objects.get(kind=AccountKind.BANK), amount=0
        )


def test_an_idempotency_key_is_unique_in_a_group(table: Table) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Transaction.objects.create(
            group=table.group,
            night=table.night,
            kind=TransactionKind.REBUY,
            idempotency_key="start",
        )


def test_a_transaction_is_reversed_at_most_once(table: Table) -> None:
    original = Transaction.objects.get()
    Transaction.objects.create(
        group=table.group, kind=TransactionKind.REVERSAL, idempotency_key="u1", reverses=original
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Transaction.objects.create(
            group=table.group,
            kind=TransactionKind.REVERSAL,
            idempotency_key="u2",
            reverses=original,
        )


def test_a_closed_night_takes_no_transaction_in_the_database(table: Table) -> None:
    table.night.status = NightStatus.CLOSED
    table.night.save()
    with pytest.raises(IntegrityError, match="closed"), transaction.atomic():
        Transaction.objects.create(
            group=table.group, night=table.night, kind=TransactionKind.REBUY, idempotency_key="x"
        )


def test_the_database_refuses_to_close_a_night_with_chips_in_the_guts_pot(table: Table) -> None:

    services.record_guts_deal(night_id=table.night.pk, by=table.owner, key="g", in_players=[])
    table.night.status = NightStatus.CLOSED
    with pytest.raises(IntegrityError, match="split"), transaction.atomic():
        table.night.save()
