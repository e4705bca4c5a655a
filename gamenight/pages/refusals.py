"""What the pages say when they refuse a request: a sentence more than one view
gives is written once, in :data:`REFUSALS` (the workflows' own are in
gamenight/services/errors.py); and :func:`refusal_text`, the one way a refused
write's error (a form's, a workflow's, the engine's) becomes the page's words.
"""

from __future__ import annotations

from typing import Final

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from engine.errors import EngineError
from gamenight.engine_words import error_text
from gamenight.services.errors import LedgerError

REFUSALS: Final[dict[str, StrPromise]] = {
    # A form posted without its key or with a field a page never sends (a page kept open).
    "form_stale": _("The form was out of date: please try again."),
    # A move's version or hand that is not a number: the page predates the hand.
    "page_stale": _("The page is out of date: reload it."),
    "not_a_move": _("That is not a move of this game."),
    "coming_or_not": _("Choose “coming” or “not coming”."),
}

# What a refused write may raise: a form's check, a workflow's, the engine's.
REFUSED: Final = (ValidationError, LedgerError, EngineError)


def refusal_text(error: ValidationError | LedgerError | EngineError) -> str:
    """Why the write was refused, in the page's language."""
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    if isinstance(error, EngineError):
        return error_text(error)  # the engine's English, worded by its code
    return str(error)
