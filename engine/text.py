"""Small helpers for the sentences a settlement shows at the table."""

from __future__ import annotations

from collections.abc import Sequence

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def join_names(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carla``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def ordinal(place: int) -> str:
    """``first`` for 1, ``second`` for 2 ... then ``9th``."""
    return _ORDINALS[place - 1] if 1 <= place <= len(_ORDINALS) else f"{place}th"
