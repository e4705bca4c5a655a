"""Whole numbers from a request (a form field, a query parameter), read one way everywhere.

Python's ``int()`` and ``str.isdigit()`` both accept more than a person types:
``"²".isdigit()`` is True yet ``int("²")`` raises, and ``int("١٢")`` (Arabic-Indic
digits) or ``int(" +1_0 ")`` quietly succeed. A request's number is only ASCII
digits (and a sign where a change may go down), so that bad input is refused
with a message instead of crashing or being read as something nobody typed.
"""

from __future__ import annotations

import re
from typing import Final

_WHOLE: Final = re.compile(r"[0-9]{1,12}")
_SIGNED: Final = re.compile(r"[-+]?[0-9]{1,12}")

# Larger than any stack, version or id a form carries; keeps the numbers in
# the range of a database integer so a lookup never overflows.
MOST: Final = 2_000_000_000


def whole_number(raw: object, *, most: int = MOST) -> int | None:
    """``raw`` as a whole number 0..``most``, or None when it is anything else."""
    if not isinstance(raw, str) or not _WHOLE.fullmatch(raw.strip()):
        return None
    value = int(raw.strip())
    return value if value <= most else None


def signed_number(raw: object, *, most: int = MOST) -> int | None:
    """``raw`` as a whole number -``most``..``most`` (a stepper's change), or None."""
    if not isinstance(raw, str) or not _SIGNED.fullmatch(raw.strip()):
        return None
    value = int(raw.strip())
    return value if abs(value) <= most else None
