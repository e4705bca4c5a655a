"""Limit structures (ruling 7): how much a bet or a raise may be, as plain data.

A limit only answers questions about sizes; whose turn it is and whether a
raise is still allowed at all belong to :mod:`engine.betting.round`.

>>> SpreadLimit().describe()
'bets and raises of 1 to 5'
>>> limit_from_dict(limit_to_dict(FixedLimit(amount=2)))
FixedLimit(amount=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.errors import EngineError


def _check_positive(value: int, *, what: str) -> None:
    if value < 1:
        raise EngineError(
            f"{what} must be at least 1 chip, not {value}",
            code="limit_fixed_below_one" if what == "the fixed bet" else "limit_smallest_below_one",
            params={"amount": value},
        )


@dataclass(frozen=True, kw_only=True)
class SpreadLimit:
    """Bets and raises of any size from ``min_bet`` to ``max_bet`` (the house default, 1 to 5).

    Every raise inside the spread is a full raise, so the smallest raise is
    ``min_bet`` however big the previous one was.
    """

    min_bet: int = 1
    max_bet: int = 5

    def __post_init__(self) -> None:
        _check_positive(self.min_bet, what="the smallest bet")
        if self.max_bet < self.min_bet:
            raise EngineError(
                f"the largest bet ({self.max_bet}) is below the smallest ({self.min_bet})",
                code="limit_largest_below_smallest",
                params={"high": self.max_bet, "low": self.min_bet},
            )

    def describe(self) -> str:
        return f"bets and raises of {self.min_bet} to {self.max_bet}"


@dataclass(frozen=True, kw_only=True)
class FixedLimit:
    """Every bet and raise is exactly ``amount`` (Spit in the Ocean: 1 before the draw, 2 after)."""

    amount: int

    def __post_init__(self) -> None:
        _check_positive(self.amount, what="the fixed bet")

    def describe(self) -> str:
        return f"bets and raises of exactly {self.amount}"


@dataclass(frozen=True, kw_only=True)
class PotLimit:
    """A bet or raise may be as large as the pot, counting the call first.

    A raise must be at least ``min_bet`` and at least the largest bet or raise
    of the round so far.
    """

    min_bet: int = 1

    def __post_init__(self) -> None:
        _check_positive(self.min_bet, what="the smallest bet")

    def describe(self) -> str:
        return "pot limit"


@dataclass(frozen=True, kw_only=True)
class NoLimit:
    """Any bet from ``min_bet`` up to the whole stack; a raise at least the largest so far.

    Not one of the house options of ruling 7; it exists for digital tables that
    want it and so that the betting can be checked against PokerKit's no-limit games.
    """

    min_bet: int = 1

    def __post_init__(self) -> None:
        _check_positive(self.min_bet, what="the smallest bet")

    def describe(self) -> str:
        return "no limit"


Limit = SpreadLimit | FixedLimit | PotLimit | NoLimit

DEFAULT_LIMIT: Final = SpreadLimit()
DEFAULT_RAISE_CAP: Final = 3
SPIT_BEFORE_DRAW: Final = FixedLimit(amount=1)
SPIT_AFTER_DRAW: Final = FixedLimit(amount=2)


def bet_sizes(limit: Limit, *, pot: int) -> tuple[int, int | None]:
    """The smallest and largest opening bet (``None``: no largest) with ``pot`` in the middle."""
    match limit:
        case SpreadLimit(min_bet=low, max_bet=high):
            return low, high
        case FixedLimit(amount=amount):
            return amount, amount
        case PotLimit(min_bet=low):
            return low, max(low, pot)
        case NoLimit(min_bet=low):
            return low, None


def raise_sizes(limit: Limit, *, pot_after_call: int, largest_raise: int) -> tuple[int, int | None]:
    """The smallest and largest raise, counted above the current bet.

    ``pot_after_call`` is the pot once the raiser has called; ``largest_raise``
    is the largest bet or raise of the round so far.
    """
    match limit:
        case SpreadLimit(min_bet=low, max_bet=high):
            return low, high
        case FixedLimit(amount=amount):
            return amount, amount
        case PotLimit(min_bet=low):
            smallest = max(low, largest_raise)
            return smallest, max(smallest, pot_after_call)
        case NoLimit(min_bet=low):
            return max(low, largest_raise), None


def reopen_size(limit: Limit, *, largest_raise: int) -> int:
    """How much a player must face since they last acted before they may raise again.

    A full raise reopens the betting; an all-in for less does not (the standard
    rule). In a spread or fixed limit a full raise is the structure's smallest
    raise; in pot and no limit it is the largest bet or raise so far. Before
    anyone bets, ``largest_raise`` is 0 and everyone may bet.
    """
    match limit:
        case SpreadLimit(min_bet=low):
            return min(low, largest_raise)
        case FixedLimit(amount=amount):
            return min(amount, largest_raise)
        case PotLimit() | NoLimit():
            return largest_raise


def limit_to_dict(limit: Limit) -> dict[str, Any]:
    """A JSON-able form: ``{"kind": "spread", "min_bet": 1, "max_bet": 5}``."""
    match limit:
        case SpreadLimit(min_bet=low, max_bet=high):
            return {"kind": "spread", "min_bet": low, "max_bet": high}
        case FixedLimit(amount=amount):
            return {"kind": "fixed", "amount": amount}
        case PotLimit(min_bet=low):
            return {"kind": "pot", "min_bet": low}
        case NoLimit(min_bet=low):
            return {"kind": "no_limit", "min_bet": low}


_KINDS: Final[dict[str, type[Limit]]] = {
    "spread": SpreadLimit,
    "fixed": FixedLimit,
    "pot": PotLimit,
    "no_limit": NoLimit,
}


def limit_from_dict(data: Mapping[str, Any]) -> Limit:
    """The inverse of :func:`limit_to_dict`; unknown kinds and fields raise EngineError."""
    kind = data.get("kind")
    cls = _KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EngineError(
            f"unknown limit {kind!r}: use one of {', '.join(_KINDS)}", code="saved_state_broken"
        )
    fields = {k: v for k, v in data.items() if k != "kind"}
    for key, value in fields.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise EngineError(
                f"the limit's {key} must be a whole number, not {value!r}",
                code="saved_state_broken",
            )
    try:
        return cls(**fields)
    except TypeError:
        raise EngineError(
            f"a {kind} limit has no field among {sorted(fields)}", code="saved_state_broken"
        ) from None
