"""Errors of the workflow functions; each message is meant for a person at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import Http404

if TYPE_CHECKING:
    # Only for the annotation: this module stays a leaf that anything may import.
    from gamenight.models import Group


class LedgerError(ValueError):
    """A write was refused; nothing was recorded."""


class BadAmountError(LedgerError):
    """An amount is not a whole number of chips in a sensible range."""


class IdempotencyConflictError(LedgerError):
    """The idempotency key was already used for a different request."""


class NightClosedError(LedgerError):
    """The night is over (or not started): nothing more can be recorded."""


class NotAtTableError(LedgerError):
    """A player is not seated at this night (or belongs to another group)."""


class StackTooShortError(LedgerError):
    """The write would take a stack below zero: the player should rebuy first."""


class PotsNotEmptyError(LedgerError):
    """The night's Guts pot, reserve or Shelby pot still hold chips."""


class AlreadyReversedError(LedgerError):
    """The transaction was undone already (a transaction can be reversed once)."""


class InviteError(Http404):
    """An invite link that lets nobody in (unknown, expired or used); the message says which.

    A 404 where no view catches it, so a dead link reveals nothing either way.
    """

    def __init__(
        self, message: str, *, group: Group | None = None, used_by_id: int | None = None
    ) -> None:
        super().__init__(message)
        self.group = group
        self.used_by_id = used_by_id


class UndoOrderError(LedgerError):
    """A later game was played on what this one left: undo that one first."""


class TableChangedError(LedgerError):
    """The table changed since the form's preview: nothing was recorded.

    ``since`` is the id of the night's latest transaction the preview knew of,
    so that the page can say what was recorded in between.
    """

    def __init__(self, message: str, *, since: int | None) -> None:
        super().__init__(message)
        self.since = since
