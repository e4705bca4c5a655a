"""Blind structures: levels (small blind, big blind, ante, minutes) with breaks and
colour-ups, the ready structures, and how long a structure is expected to run.

A structure is a list of items; an item is a playing level or a break. Levels are
numbered 1, 2, 3 ... over the playing levels only (a break has no number), as a
tournament clock shows them. A break may colour up one chip (the smallest chips
leave the table and are changed for bigger ones).

Stored as JSON on the tournament (``[{"minutes": 15, "small_blind": 25, ...}]``);
:func:`structure_from_json` reads back only what makes sense and refuses the rest
with a message for the host.

**The expected length** (shown before the start): a home tournament is taken to
end in the first level whose big blind is at least a twentieth of all the chips
in play, when the last two players hold ten big blinds each on average; the
length is every minute up to the end of that level, breaks included. It is a
rule of thumb, said as such on the page, not a promise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# Said when a structure has no level to play (a form's rows, a stored structure).
NO_LEVEL = _("A structure needs at least one level with blinds.")

MAX_ITEMS = 60
MAX_MINUTES = 240
MAX_BLIND = 10_000_000
ENDS_AT_CHIPS_PER_BIG_BLIND = 20
"""The tournament is expected to end once a big blind is this share of all chips."""


class StructureError(ValueError):
    """A structure that cannot be played; the message says what to change."""


@dataclass(frozen=True)
class Level:
    """One item of a structure: a playing level, or a break (``is_break``)."""

    minutes: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    is_break: bool = False
    colour_up: int = 0
    """A break's chip that leaves the table (0: none)."""

    def to_json(self) -> dict[str, Any]:
        if self.is_break:
            return {"break": True, "minutes": self.minutes, "colour_up": self.colour_up}
        return {
            "minutes": self.minutes,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
        }


@dataclass(frozen=True)
class Structure:
    items: tuple[Level, ...]

    def to_json(self) -> list[dict[str, Any]]:
        return [item.to_json() for item in self.items]

    @property
    def minutes(self) -> int:
        return sum(item.minutes for item in self.items)

    def number_of(self, index: int) -> int | None:
        """The level number of item ``index`` (1 for the first level); None for a break."""
        if self.items[index].is_break:
            return None
        return sum(1 for item in self.items[: index + 1] if not item.is_break)

    def index_of(self, number: int) -> int | None:
        """The item index of level ``number`` (None past the last level)."""
        seen = 0
        for index, item in enumerate(self.items):
            if not item.is_break:
                seen += 1
                if seen == number:
                    return index
        return None

    @property
    def level_count(self) -> int:
        return sum(1 for item in self.items if not item.is_break)

    def level_number_at(self, index: int) -> int:
        """The number of the level in play at item ``index``: a break counts as the level
        before it (0 before the first level), so that "rebuys until level 4" still
        holds during the break after level 4."""
        return sum(1 for item in self.items[: index + 1] if not item.is_break)


@dataclass(frozen=True)
class ExpectedLength:
    minutes: int
    level: int
    """The level number it is expected to end in."""


def expected_length(structure: Structure, chips_in_play: int) -> ExpectedLength | None:
    """How long ``structure`` is expected to run with ``chips_in_play`` chips (see the
    module's docstring); None when no level's big blind gets that high."""
    if chips_in_play <= 0:
        return None
    minutes = 0
    for index, item in enumerate(structure.items):
        minutes += item.minutes
        if not item.is_break and item.big_blind * ENDS_AT_CHIPS_PER_BIG_BLIND >= chips_in_play:
            number = structure.number_of(index)
            assert number is not None
            return ExpectedLength(minutes=minutes, level=number)
    return None


# ---------------------------------------------------------------- reading and checking


def _whole(value: object, *, least: int, most: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if least <= value <= most else None


def make_level(
    *,
    minutes: object,
    small_blind: object = 0,
    big_blind: object = 0,
    ante: object = 0,
    is_break: bool = False,
    colour_up: object = 0,
    number: int,
) -> Level:
    """One item, checked; ``number`` is its place in the list (for the message)."""
    where = {"n": number}
    mins = _whole(minutes, least=1, most=MAX_MINUTES)
    if mins is None:
        raise StructureError(
            gettext("Row %(n)s: the minutes must be a whole number from 1 to %(most)s.")
            % {**where, "most": MAX_MINUTES}
        )
    if is_break:
        colour = _whole(colour_up, least=0, most=MAX_BLIND)
        if colour is None:
            raise StructureError(
                gettext("Row %(n)s: the chip coloured up must be a whole number.") % where
            )
        return Level(minutes=mins, is_break=True, colour_up=colour)
    small = _whole(small_blind, least=0, most=MAX_BLIND)
    big = _whole(big_blind, least=1, most=MAX_BLIND)
    each = _whole(ante, least=0, most=MAX_BLIND)
    if small is None or big is None or each is None:
        raise StructureError(
            gettext(
                "Row %(n)s: the blinds and the ante must be whole numbers, the big blind at "
                "least 1."
            )
            % where
        )
    if small > big:
        raise StructureError(
            gettext("Row %(n)s: the small blind is bigger than the big blind.") % where
        )
    return Level(minutes=mins, small_blind=small, big_blind=big, ante=each)


def make_structure(items: Sequence[Level]) -> Structure:
    if not any(not item.is_break for item in items):
        raise StructureError(str(NO_LEVEL))
    if len(items) > MAX_ITEMS:
        raise StructureError(
            gettext("A structure has at most %(most)s rows.") % {"most": MAX_ITEMS}
        )
    return Structure(items=tuple(items))


def structure_from_json(data: object) -> Structure:
    """A stored structure, checked (:class:`StructureError` when it cannot be played)."""
    if not isinstance(data, list):
        raise StructureError(str(NO_LEVEL))
    items = []
    for number, row in enumerate(data, start=1):
        if not isinstance(row, dict):
            raise StructureError(gettext("Row %(n)s is not a level.") % {"n": number})
        items.append(
            make_level(
                minutes=row.get("minutes"),
                small_blind=row.get("small_blind", 0),
                big_blind=row.get("big_blind", 0),
                ante=row.get("ante", 0),
                is_break=row.get("break") is True,
                colour_up=row.get("colour_up", 0),
                number=number,
            )
        )
    return make_structure(items)


# ---------------------------------------------------------------- the ready structures


def _levels(minutes: int, blinds: Sequence[tuple[int, int, int] | int]) -> Structure:
    """Levels of ``minutes`` each from (small, big, ante) triples; an int alone is a
    10-minute break colouring up that chip."""
    items = []
    for entry in blinds:
        if isinstance(entry, int):
            items.append(Level(minutes=10, is_break=True, colour_up=entry))
        else:
            small, big, ante = entry
            items.append(Level(minutes=minutes, small_blind=small, big_blind=big, ante=ante))
    return Structure(items=tuple(items))


@dataclass(frozen=True)
class ReadyStructure:
    slug: str
    label: Any
    starting_chips: int
    structure: Structure


READY = (
    # 5,000 chips, 12-minute levels doubling early, one break: about 1 h 46 min with 6
    # players, 1 h 58 with 8, 2 h 10 with 10 (tests/tournaments/test_structures.py).
    ReadyStructure(
        "fast",
        _("Fast, about 2 hours (6-10 players, 5,000 chips, 12-minute levels)"),
        5_000,
        _levels(
            12,
            [
                (25, 50, 0),
                (50, 100, 0),
                (100, 200, 0),
                (150, 300, 0),
                25,
                (200, 400, 0),
                (300, 600, 0),
                (500, 1_000, 0),
                (800, 1_600, 0),
                (1_200, 2_400, 0),
                (2_000, 4_000, 0),
                (3_000, 6_000, 0),
            ],
        ),
    ),
    # 10,000 chips, 15-minute levels, antes from level 5, two breaks: about 2 h 50 min
    # with 6 players, 3 h 5 with 8, 3 h 20 with 10.
    ReadyStructure(
        "standard",
        _("Standard, about 3 hours (6-10 players, 10,000 chips, 15-minute levels)"),
        10_000,
        _levels(
            15,
            [
                (25, 50, 0),
                (50, 100, 0),
                (100, 200, 0),
                (150, 300, 0),
                25,
                (200, 400, 50),
                (300, 600, 100),
                (400, 800, 100),
                (600, 1_200, 200),
                50,
                (1_000, 2_000, 300),
                (1_500, 3_000, 400),
                (2_000, 4_000, 500),
                (3_000, 6_000, 1_000),
                (4_000, 8_000, 1_000),
            ],
        ),
    ),
)


def ready(slug: str) -> ReadyStructure | None:
    return next((r for r in READY if r.slug == slug), None)
