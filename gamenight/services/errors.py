"""Errors of the workflow functions; each message is meant for a person at the table.

A refusal that more than one workflow (or a form beside its workflow) gives is
written once, in :data:`REFUSALS`, and raised from there: the same sentence
reads the same and is translated once (pretix's habit: one table an area).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from django.http import Http404
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

if TYPE_CHECKING:
    # Only for the annotation: this module stays a leaf that anything may import.
    from gamenight.models import Group

REFUSALS: Final[dict[str, StrPromise]] = {
    # The night's state (gamenight/services/posting.py: not_open).
    "night_planned": _("the night has not started yet: start it first"),
    "night_closed": _("the night is closed: nothing more can be recorded"),
    "night_cancelled": _("the night was cancelled: nothing can be recorded"),
    "night_started": _("the night has already started"),
    "night_not_over": _("The night is not over yet."),
    "night_over": _("The night is over: nothing changed."),
    # A write's key and a running hand.
    "key_reused": _(
        "this request key was already used for something else: reload the page and retry"
    ),
    "hand_running": _("a hand is already running: finish or abandon it first"),
    # Players and seasons.
    "player_elsewhere": _("this player is not in this group: reload the page"),
    "player_merged": _("this player was merged into %(name)s"),
    "merged_already": _("%(name)s was merged into another player already"),
    "player_needs_name": _("the player needs a name"),
    "player_name_taken": _("there is already a player called %(name)s"),
    "season_name_taken": _("There is already a season with this name."),
    "season_ends_early": _("The season cannot end before it starts."),
    # Invites.
    "invite_expired": _("This invite link has expired. Ask the host for a new one."),
    "invite_used": _("This invite link has already been used. Ask the host for a new one."),
    # Files brought in: a group file, a PokerNow ledger.
    "file_misfit": _("The group file does not fit this installation, nothing was kept: %(error)s"),
    "file_missing_row": _("a reference to row %(id)s, which is not in the file"),
    "pokernow_too_big": _("This file is too big for a PokerNow ledger."),
    "pokernow_no_rows": _("The file has no rows: export the ledger from PokerNow."),
    # Shared costs (gamenight/services/expenses.py, gamenight/forms/expenses.py).
    "costs_not_yet": _("Shared costs are added once the night has started."),
    "cost_no_sharer": _("Tick who shares the cost."),
    "cost_taken_back": _("“%(what)s” was already taken back."),
}


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
