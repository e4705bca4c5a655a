"""Exceptions raised by the engine; each message is meant for a person at the table."""

from __future__ import annotations

from collections.abc import Mapping

# An error's details for a caller that words it itself (a player's name, a count,
# a game's name, several players' names, a card), as in the reasons of a table hand.
# A card travels as an ``engine.cards.Card`` (an ``int``), never as text, so that the
# page prints it in its reader's notation.
ErrorParam = int | str | tuple[str, ...] | tuple[int, ...]


class EngineError(ValueError):
    """Base class of every error the engine raises for bad input or an illegal action.

    The message is English; ``code`` and ``params`` say the same in machine-readable
    form, so that a page can word it in its own language (an empty code: only the
    English text exists).
    """

    def __init__(
        self, message: str = "", *, code: str = "", params: Mapping[str, ErrorParam] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: Mapping[str, ErrorParam] = dict(params or {})


class CardError(EngineError):
    """A card or a hand could not be read."""

    def __init__(
        self,
        message: str,
        *,
        token: str,
        code: str = "",
        params: Mapping[str, ErrorParam] | None = None,
    ) -> None:
        super().__init__(message, code=code, params=params)
        self.token = token
        self.where: str | None = None
        """Which of several hands read together it was found in (``parse_hands``)."""


class MalformedCardError(CardError):
    """A token is not a card (unknown rank or suit)."""


class DuplicateCardError(CardError):
    """The same card appears twice where a deck has it once."""


class SettlementError(EngineError):
    """Chips cannot be settled as asked: the pot, the stacks or the outcome do not fit."""


class UnknownPlayerError(SettlementError):
    """A player named in a settlement is not at the table."""


class NegativeAmountError(SettlementError):
    """A stack, pot, payment or option is a negative number."""


class StackTooShortError(SettlementError):
    """A player's stack does not cover what the rules make them risk (the pot, an ante)."""


class ShowdownMismatchError(SettlementError):
    """A showdown (a ranking or cards) does not name exactly the players who were in."""


class IllegalActionError(EngineError):
    """A betting action the rules do not allow at this moment."""


class OutOfTurnError(IllegalActionError):
    """A player acted when it was someone else's turn, or after the round ended."""


class BetSizeError(IllegalActionError):
    """A bet or raise is outside what the limit structure allows, or beyond the stack."""


class RaiseCapError(IllegalActionError):
    """A raise after the round's raise cap was reached."""
