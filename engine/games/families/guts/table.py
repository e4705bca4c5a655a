"""The state of a Guts night between deals, and the record of one settled deal."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from engine.chips.movements import Movement
from engine.chips.seats import Seat
from engine.text import Said


@dataclass(frozen=True, kw_only=True)
class GutsTable:
    """The night's Guts pot and reserve, every player's stack, and who deals.

    Seats run clockwise in ascending order; ``names`` (optional) are for messages.
    A stack of 0 means out for the night (ruling 9): no ante, cannot be in.
    """

    pot: int
    reserve: int = 0
    stacks: Mapping[Seat, int]
    dealer: Seat
    names: Mapping[Seat, str] = field(default_factory=dict)


class GutsOutcome(Enum):
    """How a deal ended; the JSON value is the enum value."""

    NOBODY_IN = "nobody_in"
    ALONE = "alone"
    """One player in takes the pot without showing."""
    DEALER_BY_DEFAULT = "dealer_by_default"
    """Declaring in turn, everyone before the dealer was out."""
    WON = "won"
    SPLIT = "split"
    TIE_NO_SPLIT = "tie_no_split"
    GHOST_WON = "ghost_won"
    """The ghost hand won or tied the best hand in."""


@dataclass(frozen=True, kw_only=True)
class GutsSettlement:
    """Who anted, took and paid what in one deal, and the table for the next deal.

    ``movements`` are every chip that moved, in order; each is between a seat's
    stack and ``guts_pot``/``guts_reserve`` or between those two, so the total
    of stacks, pot and reserve is the same before and after.
    """

    outcome: GutsOutcome
    showdown: tuple[tuple[Seat, ...], ...]
    """The ranked groups, best first (the ghost hand as ``GHOST``); empty without a showdown."""
    antes: Mapping[Seat, int]
    takes: Mapping[Seat, int]
    pays: Mapping[Seat, int]
    """Pot payments by players who were in and lost (antes are in ``antes``)."""
    net: Mapping[Seat, int]
    reasons: tuple[str, ...]
    movements: tuple[Movement, ...]
    next_table: GutsTable
    """Pot, reserve and stacks after the deal; the deal passed to the left."""
    said: tuple[Said, ...] = ()
    """``reasons`` as codes and parameters, for a page in another language."""

    @property
    def pot(self) -> int:
        return self.next_table.pot

    @property
    def reserve(self) -> int:
        return self.next_table.reserve

    @property
    def stacks(self) -> Mapping[Seat, int]:
        return self.next_table.stacks
