"""PokerNow's amounts as the group's chips (issue 23).

A night at PokerNow is played at its own scale: 1,000-chip stacks where the
group's table starts with 50, or money with cents (PokerNow's cents mode,
"12.50"). The host gives the scale, what one of the group's chips is at
PokerNow (20, or 0.10), and every amount is divided by it exactly (fractions,
no float). A net that does not come out whole is rounded so that the nets
still sum to zero: each is rounded down, and the chips short go one each to
the largest remainders (the file's order breaks a tie). A buy-in is rounded
up, and is never less than what the player lost: nobody ends below zero.

>>> [str(chips(Decimal(a), Decimal("20"))) for a in ("137", "-37", "-100")]
['137/20', '-37/20', '-5']
>>> whole_nets([Fraction(137, 20), Fraction(-37, 20), Fraction(-5)])
[7, -2, -5]
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Final

# An amount as PokerNow writes it: ASCII digits, a sign, cents or finer after a point.
AMOUNT: Final = re.compile(r"[-+]?[0-9]{1,12}(?:\.[0-9]{1,6})?")


def read_amount(text: str) -> Decimal | None:
    """``"-12.50"`` as a Decimal; None for anything else (an Arabic-Indic digit too)."""
    text = text.strip()
    return Decimal(text) if AMOUNT.fullmatch(text) else None


def has_cents(text: str) -> bool:
    """Whether an amount is written with a point: PokerNow's cents mode."""
    return "." in text


def chips(amount: Decimal, scale: Decimal) -> Fraction:
    """The amount in the group's chips, exactly."""
    return Fraction(amount) / Fraction(scale)


def whole_nets(exact: Sequence[Fraction]) -> list[int]:
    """Whole nets that still sum to zero (``exact`` does): down, then one chip more to
    each of the largest remainders, as many as the rounding down took away."""
    floors = [math.floor(x) for x in exact]
    short = -sum(floors)
    order = sorted(range(len(exact)), key=lambda i: (floors[i] - exact[i], i))
    result = list(floors)
    for i in order[:short]:
        result[i] += 1
    return result


def whole_buy_in(exact: Fraction, net: int) -> int:
    """The buy-in in whole chips: rounded up, at least 1 and at least what was lost."""
    return max(math.ceil(exact), -net, 1)
