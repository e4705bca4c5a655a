"""The one place that writes to the ledger.

Every write runs in ``transaction.atomic()`` holding a row lock on its night,
so writes to one night happen one after the other: a second co-host waits and
then settles against the stacks the first one left. The accounts touched are
locked too, in id order, so that writes of different nights sharing the bank
never deadlock. The idempotency key is looked up after the night lock is held,
so a retried request finds the first one's transaction and returns it.

SQLite has no row locks (select_for_update does nothing there): each atomic
block takes the database's write lock at BEGIN instead (gamenight/settings.py,
``transaction_mode`` IMMEDIATE) and waits for it up to the busy timeout, so
writes happen one after the other all the same. A lock error that still
escapes becomes a 503 "send it again" page (gamenight/busy.py).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from gamenight.models import (
    MAX_CHIPS,
    Account,
    AccountKind,
    Deal,
    Entry,
    Night,
    NightStatus,
    Transaction,
    TransactionKind,
)
from gamenight.services.access import User, night_for_recording
from gamenight.services.errors import (
    REFUSALS,
    BadAmountError,
    IdempotencyConflictError,
    LedgerError,
    NightClosedError,
    StackTooShortError,
)


@dataclass(frozen=True)
class Leg:
    account: Account
    amount: int
    reason: str = ""
    # ``reason`` as a code and parameters (gamenight.engine_words.ledger words it).
    words: dict[str, Any] | None = None


@dataclass
class Draft:
    """What a workflow wants written: the legs, and what they belong to."""

    kind: TransactionKind
    legs: list[Leg] = field(default_factory=list)
    deal: Deal | None = None
    summary: str = ""
    summary_words: dict[str, Any] | None = None
    reverses: Transaction | None = None
    # Balances ``build`` read under lock in this transaction, by account id: the
    # check before writing need not read them again.
    locked: Mapping[int, int] = field(default_factory=dict)


def fingerprint(kind: str, payload: Mapping[str, Any]) -> str:
    text = json.dumps({"kind": kind, "payload": payload}, sort_keys=True, default=_plain)
    return hashlib.sha256(text.encode()).hexdigest()


def _plain(value: object) -> object:
    # A set in sorted order: the same set is the same write, however it was built.
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    return str(value)


def check_chips(amount: object, *, what: str, most: int = MAX_CHIPS) -> int:
    """A whole, positive number of chips, at most ``most`` (:data:`MAX_CHIPS`)."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise BadAmountError(
            gettext("%(what)s must be a whole number of chips, not %(amount)s")
            % {"what": what, "amount": repr(amount)}
        )
    if amount <= 0:
        raise BadAmountError(
            gettext("%(what)s is %(amount)s: it must be at least 1 chip")
            % {"what": what, "amount": amount}
        )
    if amount > most:
        raise BadAmountError(
            gettext("%(what)s is %(amount)s: more than %(max)s chips cannot be right")
            % {"what": what, "amount": amount, "max": most}
        )
    return amount


def check_key(key: object) -> str:
    # Printable only: PostgreSQL refuses a NUL byte in text (a 500, not a message).
    if not isinstance(key, str) or not key.strip() or len(key) > 100 or not key.isprintable():
        raise LedgerError(gettext("every write needs an idempotency key of 1 to 100 characters"))
    return key


def post(
    *,
    night_id: int,
    by: User,
    key: str,
    kind: TransactionKind,
    payload: Mapping[str, Any],
    build: Callable[[Night], Draft],
    allowed: Iterable[str] = (NightStatus.RUNNING,),
) -> Transaction:
    """Write what ``build`` drafts, once per ``key``; the same key again returns the first."""
    check_key(key)
    digest = fingerprint(kind, payload)
    group_id: int | None = None
    try:
        with transaction.atomic():
            night = night_for_recording(by, night_id, lock=True)
            group_id = night.group_id
            done = _already_done(group_id, key, digest)
            if done is not None:
                return done
            if night.status not in allowed:
                raise not_open(night)
            draft = build(night)
            return _write(night, by=by, key=key, digest=digest, draft=draft)
    except IntegrityError:
        # Someone with the same key committed between our look-up and insert.
        done = None if group_id is None else _already_done(group_id, key, digest)
        if done is None:
            raise
        return done


def not_open(night: Night) -> NightClosedError:
    """Why nothing can be written to ``night`` in its state (running: it has started)."""
    code = {
        NightStatus.PLANNED: "night_planned",
        NightStatus.CLOSED: "night_closed",
        NightStatus.CANCELLED: "night_cancelled",
    }.get(NightStatus(night.status), "night_started")
    return NightClosedError(str(REFUSALS[code]))


def _already_done(group_id: int, key: str, digest: str) -> Transaction | None:
    done = Transaction.objects.filter(group_id=group_id, idempotency_key=key).first()
    if done is not None and done.fingerprint != digest:
        raise IdempotencyConflictError(str(REFUSALS["key_reused"]))
    return done


def lock_balances(accounts: Iterable[Account]) -> dict[int, int]:
    """Lock the accounts in id order (no deadlocks) and return their current balances."""
    ids = sorted({a.pk for a in accounts})
    rows = Account.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    return dict(rows.values_list("pk", "balance"))


def _write(night: Night, *, by: User, key: str, digest: str, draft: Draft) -> Transaction:
    legs = [leg for leg in draft.legs if leg.amount]
    if sum(leg.amount for leg in legs) != 0:
        raise LedgerError(
            gettext("internal error: the legs do not sum to zero; nothing was recorded")
        )
    _check_balances(legs, draft.locked)
    record = Transaction.objects.create(
        group_id=night.group_id,
        night=night,
        deal=draft.deal,
        kind=draft.kind,
        idempotency_key=key,
        fingerprint=digest,
        reverses=draft.reverses,
        created_by=by if by.is_authenticated else None,
        summary=draft.summary,
        summary_words=draft.summary_words,
    )
    Entry.objects.bulk_create(
        Entry(
            transaction=record,
            account=leg.account,
            amount=leg.amount,
            reason=leg.reason[:300],
            words=leg.words,
        )
        for leg in legs
    )
    return record


def _check_balances(legs: Sequence[Leg], locked: Mapping[int, int]) -> None:
    """Replay the legs on the locked balances: no stack or pot may dip below zero."""
    balances = dict(locked)
    balances |= lock_balances(leg.account for leg in legs if leg.account.pk not in locked)
    for leg in legs:
        balances[leg.account.pk] += leg.amount
        if balances[leg.account.pk] < 0 and leg.account.kind != AccountKind.BANK:
            raise StackTooShortError(
                gettext("%(account)s would drop to %(chips)s: rebuy first")
                % {"account": _account_name(leg.account), "chips": balances[leg.account.pk]}
            )


def _account_name(account: Account) -> str:
    """As ``str(account)``, but in the active language."""
    if account.kind == AccountKind.STACK and account.player is not None:
        return gettext("%(name)s's stack") % {"name": account.player}
    return str(account.get_kind_display())
