"""Hand categories and the integer strength that orders hands.

A strength is ``tier * 14**5 + v1 * 14**4 + v2 * 14**3 + v3 * 14**2 + v4 * 14 + v5``:
``tier`` orders the categories of the ranking in use (for the standard ranking
it is the :class:`Category` value), ``v1..v5`` are the ranks that decide ties in
order of importance, each ``rank + 1`` (two = 1 ... ace = 13), and 0 for a card
that is missing from an incomplete hand. That is why any kicker beats a missing
card: 8-5 is ``(7, 4)`` against 8 alone ``(7, 0)``.

Which ranks fill ``v1..v5`` per category:

- five of a kind, straight, straight flush: the top rank only (a wheel's top is the five);
- four of a kind: the four's rank, then the kicker;
- full house: the three's rank, then the pair's;
- three of a kind: its rank, then the kickers from the top;
- two pair: the higher pair, the lower pair, the kicker;
- pair: its rank, then the kickers from the top;
- flush, high card: all ranks from the top.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Final

TIER_WEIGHT: Final = 14**5


class Category(IntEnum):
    """Poker hand categories; the value is the standard ranking's tier (higher is better)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def key(self) -> str:
        """The machine name used in JSON: ``four_of_a_kind``."""
        return self.name.lower()


def encode(tier: int, values: Sequence[int]) -> int:
    """The strength of a hand from its tier and its deciding ranks (``rank + 1``, 0 = missing)."""
    strength = tier
    for i in range(5):
        strength = strength * 14 + (values[i] if i < len(values) else 0)
    return strength


def decode(strength: int) -> tuple[int, tuple[int, ...]]:
    """The tier and the five deciding values of a strength (inverse of :func:`encode`)."""
    values = []
    for _ in range(5):
        strength, v = divmod(strength, 14)
        values.append(v)
    return strength, tuple(reversed(values))
