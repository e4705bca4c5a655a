"""Concurrency and the database's own ledger rules, on a real PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import IntegrityError, connection, transaction
from ledger_helpers import (
    Table,
    assert_ledger_consistent,
    make_table,
    make_user,
    pot,
    run_together,
    stacks,
)

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Account, AccountKind, Deal, Entry, Role, Transaction, TransactionKind

pytestmark = pytest.mark.postgres


def write_raw(table: Table, legs: list[tuple[Account, int]]) -> None:
    """Write entries straight through the ORM, bypassing the workflow's own checks."""
    with transaction.atomic():
        tx = Transaction.objects.create(
            group=table.group, night=table.night, kind=TransactionKind.REBUY, idempotency_key="x"
        )
        for account, amount in legs:
            Entry.objects.create(transaction=tx, account=account, amount=amount)


def test_it_runs_on_postgres(on_postgres: None) -> None:
    assert connection.vendor == "postgresql"


def test_twenty_threads_posting_one_game_with_one_key_record_it_once(on_postgres: None) -> None:
    table = make_table()
    anna, ben, _ = table.ids

    def post() -> Transaction:
        return services.record_guts_deal(
            night_id=table.night.pk,
            by=table.owner,
            key="double-tap",
            in_players=[anna, ben],
            showdown=HostRanking(groups=((anna,), (ben,))),
        )

    results = run_together([post] * 20)
    errors = [r for r in results if isinstance(r, Exception)]
    assert not errors, errors
    assert len({r.pk for r in results}) == 1
    assert Transaction.objects.filter(kind=TransactionKind.GUTS_DEAL).count() == 1
    assert Deal.objects.count() == 1
    assert stacks(table.night) == {"Anna": 52, "Ben": 46, "Carla": 49}
    assert_ledger_consistent(table.group)


def test_two_cohosts_recording_at_once_both_land_and_no_chip_is_lost(on_postgres: None) -> None:
    table = make_table()
    second = make_user("cohost2")
    services.join_group(token=table.group.invite_token, user=second)
    services.set_role(group_id=table.group.pk, by=table.owner, user=second, role=Role.COHOST)
    anna, ben, carla = table.ids
    rounds = 8

    def hand(i: int) -> Callable[[], Transaction]:
        return lambda: services.record_table_hand(
            night_id=table.night.pk,
            by=table.cohost,
            key=f"hand-{i}",
            hand=services.TableHandInput(
                game="seven-card-stud",
                put_in={anna: 2, ben: 2, carla: 1},
                folded=frozenset({carla}),
                showdown=HostRanking(groups=((anna, ben),)),
            ),
        )

    def guts(i: int) -> Callable[[], Transaction]:
        return lambda: services.record_guts_deal(
            night_id=table.night.pk, by=second, key=f"guts-{i}", in_players=[]
        )

    for i in range(rounds):
        results = run_together([hand(i), guts(i)])
        assert not [r for r in results if isinstance(r, Exception)], results
    assert Transaction.objects.count() == 1 + 2 * rounds
    on_table = sum(stacks(table.night).values()) + pot(table.night, AccountKind.GUTS_POT)
    assert on_table == 150
    assert Deal.objects.count() == 2 * rounds
    assert_ledger_consistent(table.group)


def test_a_transaction_that_does_not_sum_to_zero_fails_at_commit(on_postgres: None) -> None:
    table = make_table()
    stack = Account.objects.filter(kind=AccountKind.STACK).first()
    assert stack is not None
    with pytest.raises(IntegrityError, match="does not balance"):
        write_raw(table, [(stack, 5)])
    assert not Transaction.objects.filter(idempotency_key="x").exists()
    assert_ledger_consistent(table.group)


def test_postgres_refuses_a_direct_balance_change(on_postgres: None) -> None:
    make_table()
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        Account.objects.filter(kind=AccountKind.STACK).update(balance=1000)


@pytest.mark.parametrize(
    "sql", ["UPDATE gamenight_entry SET amount = 7", "DELETE FROM gamenight_transaction"]
)
def test_postgres_refuses_updates_and_deletes(on_postgres: None, sql: str) -> None:
    table: Table = make_table()
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        connection.cursor().execute(sql)
    assert_ledger_consistent(table.group)


def test_postgres_keeps_a_stack_at_zero_or_above(on_postgres: None) -> None:
    table = make_table()
    stack = Account.objects.filter(kind=AccountKind.STACK).first()
    bank = Account.objects.get(kind=AccountKind.BANK)
    assert stack is not None
    with pytest.raises(IntegrityError, match="account_only_bank_below_zero"):
        write_raw(table, [(bank, 51), (stack, -51)])
