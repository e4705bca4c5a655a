"""The chip ledger: accounts, transactions and their entries (double entry, append-only).

Balances are kept by the database: a trigger adds every new entry to its
account's ``balance`` (see migration 0002), and a check constraint keeps every
account but the bank at zero or above. Python never writes ``balance``.
Migration 0008 closes what raw SQL could still do below the app (a balance
set by hand, entries added to an old transaction, a closed night reopened, an
account moved or made anew, TRUNCATE), and 0022 the rest: a transaction that
does not balance is refused at commit on SQLite too, one without a night moves
no night's chips, a closed night's pots take nothing; ``manage.py check_ledger``
(gamenight/services/ledger_check.py) finds whatever got past the database.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from gamenight.models.deals import Deal
from gamenight.models.groups import Group
from gamenight.models.nights import Night
from gamenight.models.players import Player

# The most chips one entry may move; anything above is a typo, not a poker night.
MAX_CHIPS = 10_000_000


class AppendOnlyError(Exception):
    """A ledger row was to be changed or deleted; corrections are reversals."""


class AccountKind(models.TextChoices):
    STACK = "stack", _("stack")
    DEAL_POT = "deal_pot", _("pot of a deal")
    GUTS_POT = "guts_pot", _("Guts pot")
    GUTS_RESERVE = "guts_reserve", _("Guts reserve")
    SHELBY_POT = "shelby_pot", _("Shelby pot")
    BANK = "bank", _("bank")


NIGHT_POTS = (AccountKind.GUTS_POT, AccountKind.GUTS_RESERVE, AccountKind.SHELBY_POT)


class Account(models.Model):
    group = models.ForeignKey(Group, on_delete=models.PROTECT, related_name="accounts")
    kind = models.CharField(max_length=20, choices=AccountKind.choices)
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="accounts"
    )
    night = models.ForeignKey(
        Night, null=True, blank=True, on_delete=models.PROTECT, related_name="accounts"
    )
    deal = models.ForeignKey(
        Deal, null=True, blank=True, on_delete=models.PROTECT, related_name="accounts"
    )
    # Maintained by the database trigger on Entry inserts; never written from Python.
    balance = models.BigIntegerField(default=0, editable=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(kind=AccountKind.BANK) | Q(balance__gte=0),
                name="account_only_bank_below_zero",
            ),
            models.CheckConstraint(condition=Q(kind__in=AccountKind.values), name="account_kind"),
            models.CheckConstraint(
                condition=(
                    Q(kind=AccountKind.STACK, player__isnull=False, night__isnull=False)
                    | Q(kind=AccountKind.DEAL_POT, deal__isnull=False, player__isnull=True)
                    | Q(kind__in=NIGHT_POTS, night__isnull=False, player__isnull=True)
                    | Q(kind=AccountKind.BANK, night__isnull=True, player__isnull=True)
                ),
                name="account_scope_fits_kind",
            ),
            models.UniqueConstraint(
                fields=["night", "player"],
                condition=Q(kind=AccountKind.STACK),
                name="account_one_stack_per_player_night",
            ),
            models.UniqueConstraint(
                fields=["night", "kind"],
                condition=Q(kind__in=NIGHT_POTS),
                name="account_one_pot_per_night",
            ),
            models.UniqueConstraint(
                fields=["deal"],
                condition=Q(kind=AccountKind.DEAL_POT),
                name="account_one_pot_per_deal",
            ),
            models.UniqueConstraint(
                fields=["group"], condition=Q(kind=AccountKind.BANK), name="account_one_bank"
            ),
        ]

    def __str__(self) -> str:
        if self.kind == AccountKind.STACK and self.player is not None:
            return f"{self.player}'s stack"
        return str(self.get_kind_display())


class TransactionKind(models.TextChoices):
    BUY_IN = "buy_in", _("buy-in")
    CARRY = "carry", _("stack carried over")
    REBUY = "rebuy", _("rebuy")
    CASH_OUT = "cash_out", _("cash-out")
    TABLE_HAND = "table_hand", _("hand dealt at the table")
    GUTS_DEAL = "guts_deal", _("Guts deal")
    SHELBY_ROUND = "shelby_round", _("Shelby round")
    POT_SPLIT = "pot_split", _("split of the night's pots")
    # A tournament night's money (gamenight/tournaments/ledger.py): what a player pays
    # into the prize pool and bounties, and the prizes and bounties paid out.
    TOURNAMENT_ENTRY = "tourney_entry", _("paid into the tournament")
    TOURNAMENT_PAYOUT = "tourney_payout", _("paid out by the tournament")
    REVERSAL = "reversal", _("reversal")


class AppendOnly(models.Model):
    """Rows written once: the database refuses updates and deletes too (migration 0002)."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not self._state.adding:
            raise AppendOnlyError(f"{type(self).__name__} rows are append-only: record a reversal")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError(f"{type(self).__name__} rows are append-only: record a reversal")


class Transaction(AppendOnly):
    group = models.ForeignKey(Group, on_delete=models.PROTECT, related_name="transactions")
    night = models.ForeignKey(
        Night, null=True, blank=True, on_delete=models.PROTECT, related_name="transactions"
    )
    deal = models.ForeignKey(
        Deal, null=True, blank=True, on_delete=models.PROTECT, related_name="transactions"
    )
    kind = models.CharField(max_length=20, choices=TransactionKind.choices)
    idempotency_key = models.CharField(max_length=100)
    # sha256 of the request's payload: the same key with another payload is refused.
    fingerprint = models.CharField(max_length=64)
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    summary = models.TextField(blank=True)
    # The summary as codes and parameters, for a reader in another language (issue 15;
    # NULL for older rows, whose English gamenight.engine_words.ledger reads back).
    summary_words = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["group", "idempotency_key"], name="transaction_key_unique_in_group"
            ),
            models.CheckConstraint(
                condition=(Q(kind=TransactionKind.REVERSAL) & Q(reverses__isnull=False))
                | (~Q(kind=TransactionKind.REVERSAL) & Q(reverses__isnull=True)),
                name="transaction_reversal_names_original",
            ),
            models.CheckConstraint(
                condition=~Q(idempotency_key=""), name="transaction_key_not_empty"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"


class Entry(AppendOnly):
    transaction = models.ForeignKey(Transaction, on_delete=models.PROTECT, related_name="entries")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="entries")
    amount = models.BigIntegerField()
    reason = models.CharField(max_length=300, blank=True)
    # The reason as a code and parameters (see Transaction.summary_words).
    words = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "entries"
        constraints = [
            models.CheckConstraint(
                condition=~Q(amount=0)
                & Q(amount__gte=-MAX_CHIPS * 10)
                & Q(amount__lte=MAX_CHIPS * 10),
                name="entry_amount_nonzero_and_sane",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.account}"
