"""The ledger's loopholes below the app, closed in the database (migration 0008).

Every test runs twice: on SQLite (the default database) and on a real
PostgreSQL (marked ``postgres``). Each one tries, with raw SQL or the ORM's
bulk paths that skip the app's checks, what no code path may do, and checks
that the database refuses it and the ledger is untouched.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from ledger_helpers import Table, assert_ledger_consistent, make_table, stacks

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import (
    Account,
    AccountKind,
    Entry,
    Night,
    NightStatus,
    Player,
    Transaction,
)


@pytest.fixture(
    params=[
        pytest.param("sqlite", marks=pytest.mark.django_db),
        pytest.param("postgres", marks=pytest.mark.postgres),
    ]
)
def ledger(request: pytest.FixtureRequest) -> Table:
    """A running night on SQLite, then on PostgreSQL."""
    if request.param == "postgres":
        request.getfixturevalue("on_postgres")
    assert connection.vendor == ("postgresql" if request.param == "postgres" else "sqlite")
    return make_table()


def execute(sql: str, params: Sequence[object] = ()) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)


def rebuy(table: Table, key: str, chips: int = 5) -> Transaction:
    return services.rebuy(
        night_id=table.night.pk, by=table.owner, key=key, player_id=table.ids[0], amount=chips
    )


def append(transaction_id: int, legs: list[tuple[Account, int]]) -> None:
    """Entries for an existing transaction, in one statement and one DB transaction."""
    with transaction.atomic():
        Entry.objects.bulk_create(
            Entry(transaction_id=transaction_id, account=account, amount=amount)
            for account, amount in legs
        )


def write_new(table: Table, legs: list[tuple[Account, int]]) -> None:
    """A new transaction and its entries, in one DB transaction, as the app writes them."""
    with transaction.atomic():
        tx = Transaction.objects.create(
            group=table.group, night=table.night, kind="rebuy", idempotency_key="raw"
        )
        Entry.objects.bulk_create(Entry(transaction=tx, account=a, amount=n) for a, n in legs)


def anna_and_bank(table: Table) -> tuple[Account, Account]:
    anna = Account.objects.get(night=table.night, player=table.players[0])
    return anna, Account.objects.get(group=table.group, kind=AccountKind.BANK)


# ---------------------------------------------------------------- balances


def test_a_direct_balance_change_is_refused(ledger: Table) -> None:
    with pytest.raises(IntegrityError, match="append-only"):
        execute("UPDATE gamenight_account SET balance = balance + 100 WHERE kind = 'stack'")
    assert stacks(ledger.night) == {"Anna": 50, "Ben": 50, "Carla": 50}
    assert_ledger_consistent(ledger.group)


def test_replaying_the_last_entry_on_its_balance_is_refused(ledger: Table) -> None:
    """The one update the entry trigger itself makes, made again by hand."""
    last = Entry.objects.order_by("-pk").first()
    assert last is not None
    with pytest.raises(IntegrityError, match="append-only"):
        execute(
            "UPDATE gamenight_account SET balance = balance + %s WHERE id = %s",
            [last.amount, last.account_id],
        )
    assert_ledger_consistent(ledger.group)


def test_an_account_cannot_be_opened_with_chips(ledger: Table) -> None:
    dora = Player.objects.create(group=ledger.group, name="Dora")
    with pytest.raises(IntegrityError, match="starts at zero"), transaction.atomic():
        Account.objects.create(
            group=ledger.group, kind=AccountKind.STACK, player=dora, night=ledger.night, balance=80
        )
    assert not Account.objects.filter(player=dora).exists()
    assert_ledger_consistent(ledger.group)


# ---------------------------------------------------------------- entries


def test_entries_cannot_join_an_earlier_transaction(ledger: Table) -> None:
    earlier = rebuy(ledger, "r1")
    rebuy(ledger, "r2")
    anna, bank = anna_and_bank(ledger)
    with pytest.raises(IntegrityError, match="new transaction"):
        append(earlier.pk, [(anna, 20), (bank, -20)])
    assert stacks(ledger.night)["Anna"] == 60
    assert Entry.objects.filter(transaction=earlier).count() == 2
    assert_ledger_consistent(ledger.group)


def test_entries_cannot_join_a_transaction_of_a_closed_night(ledger: Table) -> None:
    last = rebuy(ledger, "r1")
    services.end_night(night_id=ledger.night.pk, by=ledger.owner)
    anna, bank = anna_and_bank(ledger)
    with pytest.raises(IntegrityError, match="closed"):
        append(last.pk, [(anna, 20), (bank, -20)])
    assert stacks(ledger.night)["Anna"] == 55
    assert_ledger_consistent(ledger.group)


def test_an_entry_cannot_book_to_another_groups_account(ledger: Table) -> None:
    other_group = ledger.outsider.memberships.get().group
    other_bank, _ = Account.objects.get_or_create(group=other_group, kind=AccountKind.BANK)
    anna, _ = anna_and_bank(ledger)
    legs = [(anna, 5), (other_bank, -5)]
    with pytest.raises(IntegrityError, match="another group"):
        write_new(ledger, legs)
    assert Account.objects.get(pk=other_bank.pk).balance == 0
    assert_ledger_consistent(ledger.group)


def test_a_new_transaction_still_takes_its_entries(ledger: Table) -> None:
    """The app's own path, several legs in one statement, is not caught by the guards."""
    rebuy(ledger, "r1", chips=7)
    assert stacks(ledger.night)["Anna"] == 57
    assert_ledger_consistent(ledger.group)


# ---------------------------------------------------------------- nights


@pytest.mark.parametrize(
    "change",
    [
        {"status": NightStatus.RUNNING},
        {"status": NightStatus.PLANNED},
        {"ended_at": None},
        {"ended_at": datetime.datetime(2030, 1, 1, tzinfo=datetime.UTC)},
    ],
)
def test_a_closed_night_stays_closed(ledger: Table, change: dict[str, object]) -> None:
    services.end_night(night_id=ledger.night.pk, by=ledger.owner)
    closed = Night.objects.get(pk=ledger.night.pk)
    with pytest.raises(IntegrityError, match="stays closed"), transaction.atomic():
        Night.objects.filter(pk=closed.pk).update(**change)
    again = Night.objects.get(pk=closed.pk)
    assert (again.status, again.ended_at) == (NightStatus.CLOSED, closed.ended_at)


def test_a_closed_night_may_still_be_renamed(ledger: Table) -> None:
    services.end_night(night_id=ledger.night.pk, by=ledger.owner)
    Night.objects.filter(pk=ledger.night.pk).update(place="Ben's kitchen")
    assert Night.objects.get(pk=ledger.night.pk).place == "Ben's kitchen"


# ---------------------------------------------------------------- accounts


@pytest.mark.parametrize("column", ["group_id", "kind", "player_id", "night_id", "deal_id"])
def test_an_account_never_moves(ledger: Table, column: str) -> None:
    anna, ben, carla = ledger.ids
    services.record_table_hand(
        night_id=ledger.night.pk,
        by=ledger.owner,
        key="h1",
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={anna: 2, ben: 2, carla: 2},
            showdown=HostRanking(groups=((anna,), (ben, carla))),
        ),
    )
    other_night = services.create_night(
        group_id=ledger.group.pk, by=ledger.owner, date=datetime.date(2026, 12, 4)
    )
    other_group = ledger.outsider.memberships.get().group
    dora = Player.objects.create(group=ledger.group, name="Dora")
    deal_pot = Account.objects.get(kind=AccountKind.DEAL_POT)
    target, value = {
        "group_id": ("stack", other_group.pk),
        "kind": ("stack", AccountKind.GUTS_POT.value),
        "player_id": ("stack", dora.pk),
        "night_id": ("stack", other_night.pk),
        "deal_id": ("deal_pot", None),
    }[column]
    account = deal_pot if target == "deal_pot" else Account.objects.get(player_id=anna)
    before = Account.objects.filter(pk=account.pk).values().get()
    with pytest.raises(IntegrityError, match="never move"):
        execute(f"UPDATE gamenight_account SET {column} = %s WHERE id = %s", [value, account.pk])
    assert Account.objects.filter(pk=account.pk).values().get() == before
    assert_ledger_consistent(ledger.group)


# ---------------------------------------------------------------- truncation


@pytest.mark.postgres
@pytest.mark.parametrize("table", ["gamenight_entry", "gamenight_transaction", "gamenight_account"])
def test_postgres_refuses_truncation(on_postgres: None, table: str) -> None:
    made = make_table()
    with pytest.raises(DatabaseError, match="append-only"):
        execute(f"TRUNCATE {table} CASCADE")
    assert Entry.objects.count() == 6
    assert_ledger_consistent(made.group)


# ---------------------------------------------------------------- rows made anew


def remake(table_name: str, pk: int, *, replace: bool, **changes: object) -> None:
    """The row again under its own id with ``changes``: deleted and inserted, or
    SQLite's INSERT OR REPLACE (which deletes without firing a DELETE trigger).
    Django's foreign keys are checked at commit, so the rows pointing at the old
    row would accept the new one."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {table_name} WHERE id = %s", [pk])
        columns = [c[0] for c in cursor.description]
        row = {**dict(zip(columns, cursor.fetchone(), strict=True)), **changes}
        if not replace:
            cursor.execute(f"DELETE FROM {table_name} WHERE id = %s", [pk])
        verb = "INSERT OR REPLACE" if replace else "INSERT"
        marks = ", ".join(["%s"] * len(row))
        cursor.execute(
            f"{verb} INTO {table_name} ({', '.join(row)}) VALUES ({marks})", [*row.values()]
        )


def test_an_account_with_entries_cannot_be_made_anew(ledger: Table) -> None:
    anna, _ = anna_and_bank(ledger)
    with pytest.raises(IntegrityError, match="made anew"):
        remake("gamenight_account", anna.pk, replace=False, balance=0)
    assert stacks(ledger.night)["Anna"] == 50
    assert_ledger_consistent(ledger.group)


def test_a_closed_night_cannot_be_made_anew_to_reopen_it(ledger: Table) -> None:
    services.end_night(night_id=ledger.night.pk, by=ledger.owner)
    with pytest.raises(IntegrityError, match="made anew"):
        remake("gamenight_night", ledger.night.pk, replace=False, status="running")
    assert Night.objects.get(pk=ledger.night.pk).status == NightStatus.CLOSED


@pytest.mark.parametrize(
    ("table_name", "change"),
    [
        ("gamenight_account", {"balance": 0}),
        ("gamenight_night", {"status": "running"}),
        ("gamenight_transaction", {"kind": "cash_out"}),
    ],
)
def test_sqlite_insert_or_replace_cannot_make_ledger_rows_anew(
    table: Table, table_name: str, change: dict[str, object]
) -> None:
    services.end_night(night_id=table.night.pk, by=table.owner)
    pk = {
        "gamenight_account": anna_and_bank(table)[0].pk,
        "gamenight_night": table.night.pk,
        "gamenight_transaction": Transaction.objects.get(idempotency_key="start").pk,
    }[table_name]
    with pytest.raises(IntegrityError, match="made anew"):
        remake(table_name, pk, replace=True, **change)
    assert stacks(table.night) == {"Anna": 50, "Ben": 50, "Carla": 50}
    assert Night.objects.get(pk=table.night.pk).status == NightStatus.CLOSED
    assert Transaction.objects.get(idempotency_key="start").kind == "buy_in"
