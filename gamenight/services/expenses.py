"""Shared costs of a night (issue 28): add one, take one back, and what they come to.

An expense (the pizza, the room) is paid by one player of the night and shared
equally by some of its players. The odd cents go one each to the sharers in
seat order, as the odd chips of a split pot do (ruling 9): 10.00 among three is
3.34, 3.33, 3.33, the first seated paying the cent. The shares are stored with
the expense, so the split a report shows never changes afterwards.

Both writes are one transaction each and idempotent through the form's key
(gamenight/services/request_keys.py); a taking back is a new row (the rows are
append-only, gamenight/models/expenses.py). On a closed night either write asks
for the report again, so that its settle-up counts the change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from gamenight.models import (
    MAX_EXPENSE,
    Expense,
    ExpenseShare,
    Night,
    NightStatus,
    Seat,
)
from gamenight.services.access import User, night_for_recording
from gamenight.services.errors import REFUSALS, LedgerError


class ExpenseRefusedError(LedgerError):
    """The expense (or its taking back) was refused; nothing was written."""


# The nights that can have shared costs: being played or over (a planned night has
# nobody at its table yet, a cancelled one nobody ever).
OPEN_FOR_COSTS = (NightStatus.RUNNING, NightStatus.CLOSED)
NOT_YET = REFUSALS["costs_not_yet"]


def split_equally(amount: int, sharers: Sequence[int]) -> dict[int, int]:
    """``amount`` shared by ``sharers`` (in seat order): equal parts, the odd units
    one each to the first sharers.

    >>> split_equally(1000, [7, 3, 5])
    {7: 334, 3: 333, 5: 333}
    >>> split_equally(2, [1, 2, 3])
    {1: 1, 2: 1, 3: 0}
    """
    if not sharers:
        raise ValueError("nobody shares the expense")
    part, odd = divmod(amount, len(sharers))
    return {player: part + (1 if i < odd else 0) for i, player in enumerate(sharers)}


def _seat_order(night: Night) -> dict[int, int]:
    """Player id → seat position of everyone who sat at the night (left players too)."""
    return dict(Seat.objects.filter(night=night).values_list("player_id", "position"))


def add_expense(
    *,
    night_id: int,
    by: User,
    what: str,
    amount: int,
    paid_by: int,
    shared_by: Iterable[int],
) -> Expense:
    """Record that ``paid_by`` paid ``amount`` (smallest units) for ``what``, shared
    equally by ``shared_by``; every one of them a player who sat at the night."""
    night = night_for_recording(by, night_id)
    what = what.strip()
    if not what:
        raise ExpenseRefusedError(gettext("Say what the money was for."))
    if not 0 < amount <= MAX_EXPENSE:
        raise ExpenseRefusedError(gettext("The amount must be more than zero."))
    with transaction.atomic():
        # One write at a time per night, as the ledger's (the report reads them together).
        night = Night.objects.select_for_update().select_related("group").get(pk=night.pk)
        if night.status not in OPEN_FOR_COSTS:
            raise ExpenseRefusedError(str(NOT_YET))
        seats = _seat_order(night)
        sharers = sorted(set(shared_by), key=lambda p: seats.get(p, -1))
        if paid_by not in seats or any(p not in seats for p in sharers):
            raise ExpenseRefusedError(gettext("Only players who sat at this night can share it."))
        if not sharers:
            raise ExpenseRefusedError(str(REFUSALS["cost_no_sharer"]))
        expense = Expense.objects.create(
            night=night, what=what, amount=amount, paid_by_id=paid_by, recorded_by=_name(by)
        )
        ExpenseShare.objects.bulk_create(
            ExpenseShare(expense=expense, player_id=player, amount=part)
            for player, part in split_equally(amount, sharers).items()
        )
        _report_again(night)
    return expense


def take_back(*, night_id: int, by: User, expense_id: int) -> Expense:
    """Take the night's expense back (a new row that reverses it)."""
    night = night_for_recording(by, night_id)
    with transaction.atomic():
        night = Night.objects.select_for_update().get(pk=night.pk)
        expense = Expense.objects.filter(night=night, pk=expense_id, reverses__isnull=True).first()
        if expense is None:
            raise ExpenseRefusedError(gettext("This night has no such shared cost."))
        if Expense.objects.filter(reverses=expense).exists():
            raise ExpenseRefusedError(str(REFUSALS["cost_taken_back"]) % {"what": expense.what})
        try:
            with transaction.atomic():
                reversal = Expense.objects.create(
                    night=night,
                    what=expense.what,
                    amount=expense.amount,
                    paid_by_id=expense.paid_by_id,
                    reverses=expense,
                    recorded_by=_name(by),
                )
        except IntegrityError:
            # A twin tap took it back first (a database without row locks).
            raise ExpenseRefusedError(
                str(REFUSALS["cost_taken_back"]) % {"what": expense.what}
            ) from None
        _report_again(night)
    return reversal


def _name(user: User) -> str:
    return user.get_username() if user.is_authenticated else ""


def _report_again(night: Night) -> None:
    """A closed night's settle-up changes with its costs: build its report again."""
    if night.status == NightStatus.CLOSED:
        from gamenight.reports import build

        build.queue_night_report(night.pk)


@dataclass(frozen=True)
class StandingExpense:
    """An expense nobody took back, with its shares (player id → smallest units)."""

    id: int
    what: str
    amount: int
    paid_by: int
    shares: dict[int, int]


def standing_expenses(night_id: int) -> list[StandingExpense]:
    """The night's expenses that count, oldest first (two queries)."""
    return standing_expenses_of([night_id])


def standing_expenses_of(night_ids: Iterable[int]) -> list[StandingExpense]:
    """The expenses that count of these nights (a season's), oldest first (two queries)."""
    rows = list(
        Expense.objects.filter(
            night_id__in=list(night_ids), reverses__isnull=True, reversed_by__isnull=True
        )
    )
    shares: dict[int, dict[int, int]] = {e.pk: {} for e in rows}
    for expense_id, player_id, amount in ExpenseShare.objects.filter(
        expense_id__in=shares
    ).values_list("expense_id", "player_id", "amount"):
        shares[expense_id][player_id] = amount
    return [
        StandingExpense(
            id=e.pk, what=e.what, amount=e.amount, paid_by=e.paid_by_id, shares=shares[e.pk]
        )
        for e in rows
    ]


def cost_nets(expenses: Iterable[StandingExpense]) -> dict[int, int]:
    """Player id → what the costs leave them: paid minus their shares (sums to zero)."""
    nets: dict[int, int] = {}
    for e in expenses:
        nets[e.paid_by] = nets.get(e.paid_by, 0) + e.amount
        for player, part in e.shares.items():
            nets[player] = nets.get(player, 0) - part
    return nets
