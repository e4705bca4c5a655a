"""Corrections: a transaction is undone by a reversal, never edited or deleted."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext

from gamenight.models import Deal, DealStatus, Night, Transaction, TransactionKind
from gamenight.services.access import User
from gamenight.services.errors import (
    AlreadyReversedError,
    LedgerError,
    StackTooShortError,
    UndoOrderError,
)
from gamenight.services.posting import Draft, Leg, post
from gamenight.services.undo_order import undo_blockers


def undo(*, night_id: int, by: User, key: str, transaction_id: int) -> Transaction:
    """Record the reversal of a transaction of this night (each can be reversed once).

    Undoing the night's latest deal gives the deal back to its dealer. A game that
    later games were played on is refused, saying which to undo first.
    """

    def build(night: Night) -> Draft:
        # Checked under the night's lock, so no game can be recorded in between.
        original = undoable(night, transaction_id)
        legs = [Leg(e.account, -e.amount, f"undo: {e.reason}") for e in original.entries.all()]
        # Chips come back before they go out, so no account dips below zero midway.
        legs.sort(key=lambda leg: leg.amount < 0)
        if original.deal_id is not None:
            _undo_deal(night, original.deal_id)
        return Draft(
            kind=TransactionKind.REVERSAL,
            legs=legs,
            deal=original.deal,
            reverses=original,
            summary=f"undo of {original}",
        )

    payload = {"transaction": transaction_id}
    return post(
        night_id=night_id,
        by=by,
        key=key,
        kind=TransactionKind.REVERSAL,
        payload=payload,
        build=build,
    )


def undoable(night: Night, transaction_id: int) -> Transaction:
    """The night's transaction, with its entries, if it can be undone now; else why not
    (the undo itself and its confirm panel ask the same questions)."""
    original = (
        Transaction.objects.filter(pk=transaction_id, night=night)
        .select_related("deal")
        .prefetch_related("entries__account__player")
        .first()
    )
    if original is None:
        raise Http404("no such transaction in this night")
    if original.kind == TransactionKind.REVERSAL:
        raise LedgerError(gettext("an undo cannot be undone: record the game again instead"))
    if Transaction.objects.filter(reverses=original).exists():
        raise AlreadyReversedError(gettext("this was undone already"))
    blocked = undo_blockers(night, [original]).get(original.pk)
    if blocked is not None:
        error = StackTooShortError if blocked.short_stack else UndoOrderError
        raise error(blocked.message)
    return original


def _undo_deal(night: Night, deal_id: int) -> None:
    deal = Deal.objects.get(pk=deal_id)
    latest = Deal.objects.filter(night=night, status=DealStatus.SETTLED).order_by("-number").first()
    if latest is not None and latest.pk == deal.pk and deal.dealer.seated:
        night.dealer = deal.dealer
        night.save(update_fields=["dealer"])
    deal.status = DealStatus.UNDONE
    deal.save(update_fields=["status"])
