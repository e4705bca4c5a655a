"""Errors of the workflow functions; each message is meant for a person at the table."""

from __future__ import annotations


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
