"""Shared costs of a night (issue 28): the pizza, the room. Money, not chips.

An expense is kept beside the chip ledger, not in it: the ledger's accounts hold
chips and every transaction there balances in chips, while an expense is an
amount of the group's currency that one player paid for several. So it has its
own append-only rows (refused by the database on UPDATE and DELETE, migration
0024): the expense and one share per player who shares it, the shares adding
up to the amount. Taking an expense back is a new row that ``reverses`` it; the
night's settle-up (gamenight/reports/night.py) counts the expenses nobody took
back, converted chips and costs together.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from gamenight.models.ledger import AppendOnly
from gamenight.models.nights import Night
from gamenight.models.players import Player

# The most one expense may be, in the currency's smallest unit: above it is a typo.
MAX_EXPENSE = 10_000_000


class Expense(AppendOnly):
    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="expenses")
    what = models.CharField(_("what"), max_length=100)
    # In the smallest unit of the group's currency.
    amount = models.PositiveIntegerField(_("amount"))
    paid_by = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    # A taking back: this row cancels ``reverses`` (and names nobody's shares).
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )
    # The login's name as it was, as the night's log keeps it (an export carries it).
    recorded_by = models.CharField(max_length=150)
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gt=0) & Q(amount__lte=MAX_EXPENSE), name="expense_amount_sane"
            ),
        ]

    def __str__(self) -> str:
        what = "taken back" if self.reverses_id else self.what
        return f"expense {self.pk} of night {self.night_id}: {what}"


class ExpenseShare(AppendOnly):
    """What one player's part of an expense is (zero when the odd cents fall elsewhere)."""

    expense = models.ForeignKey(Expense, on_delete=models.PROTECT, related_name="shares")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    amount = models.PositiveIntegerField()

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["expense", "player"], name="expense_share_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} shares {self.amount} of expense {self.expense_id}"
