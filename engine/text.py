"""Small helpers for the sentences a settlement shows at the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def join_names(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carla``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def whole_number(text: str, *, digits: int = 18) -> int | None:
    """``text`` (spaces around it aside) as a whole number of at most ``digits`` ASCII
    digits, else None.

    The one test of "is this a number a person typed": ``"²".isdigit()`` is True yet
    ``int("²")`` raises, ``int("١٢")`` quietly reads Arabic-Indic digits, and
    ``int()`` of thousands of digits raises too.
    """
    stripped = text.strip()
    if 0 < len(stripped) <= digits and stripped.isascii() and stripped.isdecimal():
        return int(stripped)
    return None


def ordinal(place: int) -> str:
    """``first`` for 1, ``second`` for 2 ... then ``9th``."""
    return _ORDINALS[place - 1] if 1 <= place <= len(_ORDINALS) else f"{place}th"


@dataclass(frozen=True)
class Said:
    """One sentence of an explanation (a Guts deal's, a Shelby round's): the English
    ``text`` and, for a page in another language, its ``code`` and ``params`` (names,
    numbers, ``hands`` as ``[name, HandValue.params()]`` pairs, ``shares`` as
    ``[name, chips]`` pairs: JSON, so that a ledger row can keep them)."""

    text: str
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "code": self.code, "params": dict(self.params)}


class Explanation:
    """The sentences of an explanation as they are said, English and coded side by side."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.said: list[Said] = []

    def say(self, text: str, code: str, **params: Any) -> None:
        self.texts.append(text)
        self.said.append(Said(text=text, code=code, params=params))
