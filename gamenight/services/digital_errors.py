"""What a digital hand refuses: each error says why in the page's language; nothing changed."""

from __future__ import annotations

from engine.errors import EngineError
from gamenight.engine_words import error_text
from gamenight.services.errors import LedgerError


class DigitalHandError(LedgerError):
    """A digital hand cannot be started or changed as asked; nothing changed."""


class HandMovedOnError(DigitalHandError):
    """The phone acted on a version of the hand that is no longer the current one."""


class IllegalMoveError(DigitalHandError):
    """The engine refused the action (out of turn, a wrong amount ...)."""

    @classmethod
    def worded(cls, error: EngineError) -> IllegalMoveError:
        """The engine's refusal in the page's language (English where it has no code)."""
        return cls(error_text(error))


class HandOverError(DigitalHandError):
    """The request names a hand that is over (finished or abandoned)."""
