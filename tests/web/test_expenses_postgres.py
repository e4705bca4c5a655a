"""Shared costs (issue 28) on a real PostgreSQL: ten tabs taking one cost back at the same
moment write one taking back, and the database itself refuses to change or delete a
cost or a share."""

from __future__ import annotations

import datetime
import random

import pytest
from django.db import IntegrityError, transaction
from helpers.people import make_members
from ledger_helpers import run_together

from gamenight import services
from gamenight.models import Expense, ExpenseShare, Night
from gamenight.reports import build
from gamenight.reports.sample import play_night
from gamenight.services import expenses

pytestmark = pytest.mark.postgres


def _night_with_a_pizza(monkeypatch: pytest.MonkeyPatch) -> tuple[Night, Expense, object]:
    monkeypatch.setattr(build, "send_task", lambda scope, object_id: True)  # no broker here
    members = make_members()
    players = [
        services.add_player(group_id=members.group.pk, by=members.owner, name=n).pk
        for n in ("Anna", "Ben", "Carla")
    ]
    night = play_night(
        group_id=members.group.pk,
        by=members.owner,
        players=players,
        games=2,
        rng=random.Random(3),
        date=datetime.date(2026, 10, 2),
    )
    pizza = expenses.add_expense(
        night_id=night.pk,
        by=members.owner,
        what="Pizza",
        amount=2500,
        paid_by=players[0],
        shared_by=players,
    )
    return night, pizza, members.owner


def test_ten_tabs_taking_one_cost_back_at_once_write_one_taking_back(
    on_postgres: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    night, pizza, host = _night_with_a_pizza(monkeypatch)

    def tap() -> Expense:
        return expenses.take_back(night_id=night.pk, by=host, expense_id=pizza.pk)

    results = run_together([tap] * 10)
    done = [r for r in results if isinstance(r, Expense)]
    refused = [r for r in results if isinstance(r, expenses.ExpenseRefusedError)]
    assert (len(done), len(refused)) == (1, 9), results
    assert Expense.objects.filter(reverses=pizza).count() == 1


def test_the_database_refuses_to_change_or_delete_a_cost_or_a_share(
    on_postgres: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _night, pizza, _host = _night_with_a_pizza(monkeypatch)
    for write in (
        lambda: Expense.objects.filter(pk=pizza.pk).update(amount=1),
        lambda: Expense.objects.filter(pk=pizza.pk).delete(),
        lambda: ExpenseShare.objects.filter(expense=pizza).update(amount=0),
        lambda: ExpenseShare.objects.filter(expense=pizza).delete(),
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            write()
    assert Expense.objects.get().amount == 2500
    assert sum(ExpenseShare.objects.values_list("amount", flat=True)) == 2500
