"""Ace-to-five low, eight or better: the low half of the high/low split games.

A low qualifies with five cards of different ranks, all 8 or lower, aces low;
straights and flushes do not count against it, and no qualifying low is no low
hand at all (not a bad one). Lows compare from the highest card down, so
7-5-4-2-A beats 8-4-3-2-A and 7-6-3-2-A beats 7-6-4-2-A; the wheel 5-4-3-2-A is
the best.

Suits never matter, so everything here works on a *low mask*: bit ``v - 1`` set
for each low value ``v`` held (ace 1, two 2 ... eight 8). For two five-card
lows, the better one has the smaller mask: the highest card that differs decides,
and that is the highest bit that differs. The best low of any cards is their
five lowest bits; the strength is on the scale of
:class:`~engine.hands.rankings.LowRanking` (``size=5``), so the two rankings
give a qualifying low the same strength.

>>> from engine.cards import parse_cards
>>> made, _, value = best_low_eight(parse_cards("Kd 7s 2c 4h As 5d 4c"))
>>> [r + 2 if r < 12 else 1 for r in made.ranks], value > 0
([7, 5, 4, 2, 1], True)
>>> best_low_eight(parse_cards("Kd 9s 2c 4h As 5d 4c")) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.cards import ACE
from engine.hands.categories import Category, encode
from engine.hands.high_hand import Made

# No qualifying low: below every qualifying low's strength, which are all positive.
NO_LOW: Final = 0
# The top of LowRanking's scale (small_hands._LOW_WORST): a low's strength is
# this minus how bad it is, so qualifying lows score the same in both rankings.
_LOW_TOP: Final = encode(10, ())

# A card's low mask bit, or 0 for a card above eight (it can never be in a low).
CARD_LOW_BIT: Final = tuple(
    1 if code >> 2 == ACE else (1 << ((code >> 2) + 1) if code >> 2 <= 6 else 0)
    for code in range(52)
)


@dataclass(frozen=True, kw_only=True)
class LowEightRanking:
    """Eight-or-better low over the best five of any number of cards (stud high/low)."""


def low_mask(cards: Sequence[int]) -> int:
    """The low values held, one bit each (pairs count once: a low uses each rank once)."""
    mask = 0
    for c in cards:
        mask |= CARD_LOW_BIT[c]
    return mask


def lowest_five(mask: int) -> int:
    """The five lowest bits of ``mask`` (the best low), or 0 with fewer than five."""
    chosen = 0
    for _ in range(5):
        if not mask:
            return 0
        bit = mask & -mask
        chosen |= bit
        mask ^= bit
    return chosen


def mask_values(mask: int) -> list[int]:
    """The low values of a mask, highest first (ace 1)."""
    return [v for v in range(8, 0, -1) if mask >> (v - 1) & 1]


def mask_strength(mask: int) -> int:
    """The strength of a five-card low mask; :data:`NO_LOW` for 0 (no low)."""
    if not mask:
        return NO_LOW
    return _LOW_TOP - encode(Category.HIGH_CARD, mask_values(mask))


def value_rank(value: int) -> int:
    """The rank (two = 0 ... ace = 12) of a low value (ace = 1)."""
    return ACE if value == 1 else value - 2


def made_of_mask(mask: int) -> Made:
    """The made hand of a low mask: its ranks from the highest low value down."""
    return Made(Category.HIGH_CARD, tuple(value_rank(v) for v in mask_values(mask)))


def cards_of_mask(mask: int, cards: Sequence[int]) -> tuple[int, ...]:
    """One card of ``cards`` for each value of ``mask``, highest value first."""
    chosen = []
    for v in mask_values(mask):
        rank = value_rank(v)
        chosen.append(next(c for c in cards if c >> 2 == rank))
    return tuple(chosen)


def low_eight_strength(cards: Sequence[int]) -> int:
    """The strength of the best eight-or-better low of ``cards``; :data:`NO_LOW` if none."""
    return mask_strength(lowest_five(low_mask(cards)))


def best_low_eight(cards: Sequence[int]) -> tuple[Made, tuple[int, ...], int] | None:
    """The best eight-or-better low: made hand, the five cards, strength; None if no low."""
    mask = lowest_five(low_mask(cards))
    if not mask:
        return None
    return made_of_mask(mask), cards_of_mask(mask, cards), mask_strength(mask)
