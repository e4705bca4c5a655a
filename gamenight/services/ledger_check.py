"""Check every ledger invariant against what is stored; ``manage.py check_ledger`` and
the report worker (gamenight/tasks.py) call :func:`find_violations`.

The database refuses what it can (migrations 0002, 0008 and 0022); this finds what
got past it anyway: a guard dropped or switched off, raw SQL with the triggers or
SQLite's foreign keys off, rows written before a guard existed.

A violation carries a code and plain parameters, not a sentence, so that it can
be stored on a report and described later in the reader's language.

A transaction without entries is not a violation: the app writes one when an
event moves no chips (a player leaves with an empty stack), and it creates or
loses nothing. "At least two legs" is checked as "never exactly one".
"""

from __future__ import annotations

import importlib
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import Count, F, Q, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext

from gamenight.models import (
    Account,
    AccountKind,
    Entry,
    Expense,
    Night,
    NightReport,
    NightStatus,
    Transaction,
    TransactionKind,
)

log = logging.getLogger(__name__)

GUARD_MIGRATIONS = (
    "0002_ledger_triggers",
    "0008_ledger_guards",
    "0022_ledger_guards_worker_heartbeat",
    # Issue 28: shared costs are append-only too (they are money, not chips, and
    # stay out of the ledger's balances; their rows are checked below).
    "0027_money",
)
_TRIGGER_NAME = re.compile(r"CREATE (?:CONSTRAINT )?TRIGGER (\w+)")


@dataclass(frozen=True)
class Violation:
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        """The violation in the active language."""
        return describe(self.code, self.params)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params}


def find_violations(*, group_id: int | None = None) -> list[Violation]:
    """Every violation, the schema's first, then transactions', accounts' and nights'.

    ``group_id`` limits the data checks to one group (the guards are always checked).
    """
    return [
        *_missing_guards(),
        *_bad_transactions(group_id),
        *_entries_of_other_groups(group_id),
        *_recorded_after_close(group_id),
        *_bad_balances(group_id),
        *_closed_without_closing_time(group_id),
        *_bad_expenses(group_id),
        *_tournaments_unpaid(group_id),
    ]


def summary(violations: list[Violation]) -> dict[str, Any]:
    """What a report stores: the first violation and how many there are ({} when none)."""
    if not violations:
        return {}
    return {**violations[0].as_dict(), "count": len(violations)}


def record_on_night_report(night_id: int) -> dict[str, Any]:
    """Check the night's group and store the outcome on the night's report.

    The whole group, not only the night: its bank is shared by every night, and
    the night's figures are only as good as the ledger they are read from.
    """
    group_id = Night.objects.filter(pk=night_id).values_list("group_id", flat=True).first()
    if group_id is None:
        return {}
    problem = summary(find_violations(group_id=group_id))
    NightReport.objects.filter(night_id=night_id).update(ledger_problem=problem)
    if problem:
        log.error("ledger check after the report of night %s: %s", night_id, problem)
    return problem


# ------------------------------------------------------------------ the checks


def expected_guards(vendor: str) -> list[str]:
    """The trigger names the guard migrations create on this engine."""
    names: list[str] = []
    for name in GUARD_MIGRATIONS:
        module = importlib.import_module(f"gamenight.migrations.{name}")
        statements = module.SQLITE if vendor == "sqlite" else module.POSTGRES
        names += [m for sql in statements for m in _TRIGGER_NAME.findall(sql)]
    return names


def _missing_guards() -> list[Violation]:
    vendor = connection.vendor
    with connection.cursor() as cursor:
        if vendor == "sqlite":
            cursor.execute("SELECT name, 'O' FROM sqlite_master WHERE type = 'trigger'")
        else:
            # tgenabled 'D': switched off with ALTER TABLE ... DISABLE TRIGGER.
            cursor.execute("SELECT tgname, tgenabled FROM pg_trigger WHERE NOT tgisinternal")
        present = {str(name): str(enabled) for name, enabled in cursor.fetchall()}
    return [
        Violation("guard_off" if present.get(name) == "D" else "guard_missing", {"name": name})
        for name in expected_guards(vendor)
        if present.get(name, "D") == "D"
    ]


def _in_group(group_id: int | None, path: str = "group_id") -> Q:
    return Q() if group_id is None else Q(**{path: group_id})


def _bad_transactions(group_id: int | None) -> list[Violation]:
    rows = (
        Entry.objects.filter(_in_group(group_id, "transaction__group_id"))
        .values("transaction_id")
        .annotate(total=Sum("amount"), legs=Count("id"))
        .filter(~Q(total=0) | Q(legs=1))
        .order_by("transaction_id")
    )
    return [
        Violation(
            "one_leg" if row["legs"] == 1 else "unbalanced",
            {**_transaction(row["transaction_id"]), "total": row["total"]},
        )
        for row in rows
    ]


def _entries_of_other_groups(group_id: int | None) -> list[Violation]:
    rows = (
        Entry.objects.filter(_in_group(group_id, "transaction__group_id"))
        .exclude(account__group_id=F("transaction__group_id"))
        .order_by("pk")
        .values_list("pk", "transaction_id")
    )
    return [Violation("other_group", {**_transaction(tx), "entry": pk}) for pk, tx in rows]


def _recorded_after_close(group_id: int | None) -> list[Violation]:
    rows = (
        Transaction.objects.filter(_in_group(group_id), night__status=NightStatus.CLOSED)
        .filter(created_at__gt=F("night__ended_at"))
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    return [Violation("after_close", _transaction(pk)) for pk in rows]


def _bad_balances(group_id: int | None) -> list[Violation]:
    accounts = (
        Account.objects.filter(_in_group(group_id))
        .annotate(entries_sum=Coalesce(Sum("entries__amount"), 0))
        .select_related("player")
        .order_by("pk")
    )
    found = []
    for account in accounts:
        params = _account(account)
        if account.balance != account.entries_sum:
            found.append(Violation("balance", {**params, "entries": account.entries_sum}))
        if account.balance < 0 and account.kind != AccountKind.BANK:
            found.append(Violation("below_zero", params))
    return found


def _closed_without_closing_time(group_id: int | None) -> list[Violation]:
    nights = Night.objects.filter(_in_group(group_id), status=NightStatus.CLOSED)
    rows = nights.filter(ended_at__isnull=True).order_by("pk").values_list("pk", "date")
    return [Violation("no_closing_time", {"night_id": pk, "night": str(d)}) for pk, d in rows]


def _bad_expenses(group_id: int | None) -> list[Violation]:
    """Shared costs whose shares do not add up to them, and takings back that are not
    their cost's twin (another night, amount or payer): money created or lost."""
    in_group = _in_group(group_id, "night__group_id")
    uneven = (
        Expense.objects.filter(in_group, reverses__isnull=True)
        .annotate(shared=Coalesce(Sum("shares__amount"), 0))
        .exclude(shared=F("amount"))
        .order_by("pk")
    )
    twins = Expense.objects.filter(in_group, reverses__isnull=False).exclude(
        night_id=F("reverses__night_id"),
        amount=F("reverses__amount"),
        paid_by_id=F("reverses__paid_by_id"),
    )
    return [
        *(
            Violation(
                "expense_shares",
                {"expense": e.pk, "what": e.what, "amount": e.amount, "shares": e.shared},
            )
            for e in uneven
        ),
        *(Violation("expense_reversal", {"expense": e.pk}) for e in twins.order_by("pk")),
    ]


TOURNAMENT_KINDS = (TransactionKind.TOURNAMENT_ENTRY, TransactionKind.TOURNAMENT_PAYOUT)


def _tournaments_unpaid(group_id: int | None) -> list[Violation]:
    """A closed night whose tournament left money in the bank: what was paid into it
    (the prize pool and bounties) was not all paid out (gamenight/tournaments/ledger.py)."""
    rows = (
        Entry.objects.filter(
            _in_group(group_id, "transaction__group_id"),
            account__kind=AccountKind.BANK,
            transaction__night__status=NightStatus.CLOSED,
        )
        .filter(
            Q(transaction__kind__in=TOURNAMENT_KINDS)
            | Q(
                transaction__kind=TransactionKind.REVERSAL,
                transaction__reverses__kind__in=TOURNAMENT_KINDS,
            )
        )
        .values("transaction__night_id", "transaction__night__date")
        .annotate(total=Sum("amount"))
        .exclude(total=0)
        .order_by("transaction__night_id")
    )
    return [
        Violation(
            "tournament_unpaid",
            {
                "night_id": row["transaction__night_id"],
                "night": str(row["transaction__night__date"]),
                "total": row["total"],
            },
        )
        for row in rows
    ]


def _transaction(pk: int) -> dict[str, Any]:
    row = Transaction.objects.filter(pk=pk).values("night_id", "night__date").first()
    if row is None:
        return {"transaction": pk, "night_id": None, "night": ""}
    return {
        "transaction": pk,
        "night_id": row["night_id"],
        "night": str(row["night__date"] or ""),
    }


def _account(account: Account) -> dict[str, Any]:
    return {
        "account_id": account.pk,
        "kind": account.kind,
        "player": account.player.name if account.player is not None else "",
        "balance": account.balance,
    }


# ------------------------------------------------------------------ words


def _account_label(params: dict[str, Any]) -> str:
    if params.get("player"):
        name = gettext("%(name)s's stack") % {"name": params["player"]}
    else:
        kind = params.get("kind", "")
        name = str(AccountKind(kind).label) if kind in AccountKind.values else str(kind)
    return gettext("%(account)s (account #%(id)s)") % {"account": name, "id": params["account_id"]}


def _transaction_label(params: dict[str, Any]) -> str:
    if params.get("night"):
        return gettext("transaction #%(id)s (night of %(night)s)") % {
            "id": params["transaction"],
            "night": params["night"],
        }
    return gettext("transaction #%(id)s") % {"id": params["transaction"]}


def describe(code: str, params: dict[str, Any]) -> str:
    """A stored violation in the active language; never an error, even for odd data."""
    try:
        return _describe(code, dict(params))
    except (KeyError, TypeError, ValueError):
        return gettext("unknown ledger problem %(code)s") % {"code": code}


def _describe(code: str, p: dict[str, Any]) -> str:
    if code in ("guard_missing", "guard_off"):
        text = (
            gettext("the database guard %(name)s is missing: run manage.py migrate")
            if code == "guard_missing"
            else gettext("the database guard %(name)s is switched off: enable the trigger again")
        )
        return text % p
    if code in ("balance", "below_zero"):
        p["account"] = _account_label(p)
        if code == "balance":
            text = gettext(
                "%(account)s holds %(balance)s chips, but its entries add up to %(entries)s"
            )
            return text % p
        return gettext("%(account)s is below zero: %(balance)s chips") % p
    if code == "expense_shares":
        return (
            gettext(
                "the shares of the shared cost #%(expense)s (%(what)s) add up to %(shares)s, "
                "not %(amount)s"
            )
            % p
        )
    if code == "expense_reversal":
        return gettext("the taking back #%(expense)s does not match the cost it takes back") % p
    if code == "no_closing_time":
        return gettext("the night of %(night)s is closed but has no closing time") % p
    if code == "tournament_unpaid":
        return (
            gettext(
                "the tournament of the night of %(night)s did not pay out what was paid "
                "into it: %(total)s chips are left in the bank"
            )
            % p
        )
    if code in ("unbalanced", "one_leg", "other_group", "after_close"):
        p["what"] = _transaction_label(p)
        texts = {
            "unbalanced": gettext("%(what)s does not balance: its entries sum to %(total)s"),
            "one_leg": gettext("%(what)s has only one entry: chips were created or lost"),
            "other_group": gettext(
                "entry #%(entry)s of %(what)s books to an account of another group"
            ),
            "after_close": gettext("%(what)s was recorded after the night was closed"),
        }
        return texts[code] % p
    raise KeyError(code)  # a code this version does not know: describe() says so
