"""Whole numbers from a request (a form field, a query parameter), read one way everywhere.

Python's ``int()`` and ``str.isdigit()`` both accept more than a person types:
``"²".isdigit()`` is True yet ``int("²")`` raises, and ``int("١٢")`` (Arabic-Indic
digits) or ``int(" +1_0 ")`` quietly succeed. A request's number is only ASCII
digits (and a sign where a change may go down), so that bad input is refused
with a message instead of crashing or being read as something nobody typed.
The digit rule itself is the engine's (:func:`engine.text.whole_number`); every
number the web reads outside a Django form field goes through here.
"""

from __future__ import annotations

from typing import Final

from engine.text import whole_number as _digits

# Larger than any stack, version or id a form carries; keeps the numbers in
# the range of a database integer so a lookup never overflows.
MOST: Final = 2_000_000_000


def whole_number(raw: object, *, most: int = MOST) -> int | None:
    """``raw`` as a whole number 0..``most``, or None when it is anything else."""
    value = _digits(raw, digits=12) if isinstance(raw, str) else None
    return value if value is not None and value <= most else None


def signed_number(raw: object, *, most: int = MOST) -> int | None:
    """``raw`` as a whole number -``most``..``most`` (a stepper's change), or None."""
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    digits = text[1:] if text[:1] in ("+", "-") else text
    value = whole_number(digits, most=most) if digits == digits.strip() else None
    return None if value is None else (-value if text[:1] == "-" else value)
