"""Errors of a digital hand, beyond the betting errors of :mod:`engine.errors`."""

from engine.errors import EngineError, IllegalActionError


class UnknownGameError(EngineError):
    """No game of that name is defined."""


class GameOptionError(EngineError):
    """A house option the game does not have, or a value it cannot take."""


class TableSizeError(EngineError):
    """Too few or too many players, or stacks and names that do not fit the seats."""


class NoDecisionError(IllegalActionError):
    """A pot payment or walk answered when nobody was asked, or by the wrong player."""


class HandOverError(IllegalActionError):
    """An action after the hand has ended."""


class ForfeitError(IllegalActionError):
    """A player cannot leave this hand now (the game settles everyone at once at its end)."""
