"""The table's version: what a preview was computed on, checked again by its confirm.

A preview shows what the engine would settle on the stacks, pots, seats and
dealer of that moment. If anything changed before the confirm (a second tab
recorded the same hand, a player left), booking the form as it stands would
settle something the host never saw. The version names the night's latest
transaction: every chip movement is one, and so is every change of seats (an
arrival is a buy-in, a departure a cash-out, both written by ``posting.post``).
It also hashes the dealer and the house rules, which change without one. It
leads with the transaction id so that the refusal can say what was recorded in
between. One query: the form's pages count theirs.
"""

from __future__ import annotations

import hashlib
import json

from django.db.models import OuterRef, QuerySet, Subquery
from django.utils.translation import gettext

from gamenight.models import Night, Transaction
from gamenight.request_numbers import whole_number
from gamenight.services.errors import TableChangedError

LATEST = "latest_transaction_id"
"""The annotation :func:`with_latest_transaction` puts on a night it reads."""


def with_latest_transaction(nights: QuerySet[Night]) -> QuerySet[Night]:
    """The nights with their latest transaction's id, read in the same query: a page
    that shows a form reads its version with the night, before the table, and saves
    the version's own query (:func:`version_as_read`)."""
    latest = Transaction.objects.filter(night=OuterRef("pk")).order_by("-pk").values("pk")
    return nights.annotate(**{LATEST: Subquery(latest[:1])})


def table_version(night: Night) -> str:
    latest = (
        Transaction.objects.filter(night=night).order_by("-pk").values_list("pk", flat=True).first()
    ) or 0
    return _version(latest, night.dealer_id, night.ante, night.game_options, night.status)


def version_as_read(night: Night) -> str:
    """The version of the table when ``night`` was read: from its annotation
    (:func:`with_latest_transaction`) when it has one, else read now. Never after a
    write on the same night object: its annotation would name the table before it."""
    if not hasattr(night, LATEST):
        return table_version(night)
    latest = getattr(night, LATEST) or 0
    return _version(latest, night.dealer_id, night.ante, night.game_options, night.status)


def _version(latest: int, dealer_id: int | None, ante: int, options: object, status: str) -> str:
    state = [latest, dealer_id, ante, options, status]
    digest = hashlib.sha256(json.dumps(state, sort_keys=True, default=str).encode()).hexdigest()
    return f"{latest}.{digest[:12]}"


def version_after(night: Night, transaction: Transaction) -> str:
    """The table's version just after ``transaction``, for the next form a phone sends.

    A phone that recorded a hand offline and recorded the next one on top of it
    sends the second with this version (static/js/outbox.js). If anything was
    written after ``transaction``, the version names ``transaction`` but matches
    no table: the second hand is then refused, saying what was recorded since.
    """
    # One query: the night as the write left it (the dealer has moved on) and its
    # latest transaction.
    row = (
        Night.objects.filter(pk=night.pk)
        .annotate(
            latest=Subquery(
                Transaction.objects.filter(night=OuterRef("pk")).order_by("-pk").values("pk")[:1]
            )
        )
        .values("latest", "dealer_id", "ante", "game_options", "status")
        .get()
    )
    if row["latest"] != transaction.pk:
        return f"{transaction.pk}.changed"
    return _version(
        row["latest"], row["dealer_id"], row["ante"], row["game_options"], row["status"]
    )


def version_since(version: str) -> int | None:
    """The latest transaction the version knew of (None for a version that is not one)."""
    head, dot, _digest = version.partition(".")
    return whole_number(head) if dot else None


def check_table_version(night: Night, expected: str | None) -> None:
    """Refuse a write prepared on another version of the table (``None``: not checked).

    Called inside the locked write, after the idempotency look-up: a double tap
    of a confirm that was recorded still returns that record.
    """
    if expected is None or expected == table_version(night):
        return
    raise TableChangedError(
        gettext("the table changed since this preview: check the new preview and confirm again"),
        since=version_since(expected),
    )
