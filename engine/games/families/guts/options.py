"""The house rules of a Guts night (ruling 14 and the variants of the Guts sheet).

>>> GutsOptions(limit=100).ranking
Guts2Ranking()
>>> GutsOptions(three_cards=True, flush_over_straight=True).ranking
Guts3Ranking(straight_flush_over_trips=False, flush_over_straight=True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.errors import NegativeAmountError, SettlementError
from engine.hands.rankings import Guts2Ranking, Guts3Ranking


class Declare(Enum):
    """How players say in or out."""

    AT_ONCE = "at_once"
    """Everyone opens a fist at once, a chip in it meaning in (the sheet's default)."""
    DROP = "drop"
    """Everyone holds their cards up; on "go" those who want out drop them. Settles as at once."""
    IN_TURN = "in_turn"
    """One by one from the dealer's left, dealer last; if all before the dealer are out,
    the dealer takes the pot without a showdown."""


@dataclass(frozen=True, kw_only=True)
class GutsOptions:
    """Ante, limit and the variants; the defaults are the sheet's plain game without a limit."""

    limit: int | None = None
    """The most a pot may hold; chips above it wait in the reserve. ``None``: no limit."""
    ante: int = 1
    declare: Declare = Declare.AT_ONCE
    one_loser_pays: bool = False
    """Only the weakest hand in pays the pot; in exchange everyone antes every deal."""
    no_split: bool = False
    """Tied best hands take nothing and pay nothing; the pot stays."""
    ghost_hand: bool = False
    """A hand nobody owns must be beaten; if it wins or ties, everyone in pays."""
    three_cards: bool = False
    straight_flush_over_trips: bool = False
    flush_over_straight: bool = False
    ante_when_nobody_in: bool = True
    """Ruling 14: nobody in, everyone antes again (the sheet: "many play that ...")."""

    def __post_init__(self) -> None:
        if self.ante < 1:
            raise NegativeAmountError(
                f"the ante is {self.ante}: it must be at least 1 chip, or an empty pot stays empty",
                code="guts_ante_below_one",
                params={"amount": self.ante},
            )
        if self.limit is not None and self.limit < 1:
            raise NegativeAmountError(
                f"the limit is {self.limit}: it must be at least 1 chip",
                code="limit_below_one",
                params={"amount": self.limit},
            )
        if not self.three_cards and (self.straight_flush_over_trips or self.flush_over_straight):
            raise SettlementError(
                "straight and flush orders only apply to three-card Guts (three_cards)",
                code="guts_orders_three_only",
            )

    @property
    def ranking(self) -> Guts2Ranking | Guts3Ranking:
        if self.three_cards:
            return Guts3Ranking(
                straight_flush_over_trips=self.straight_flush_over_trips,
                flush_over_straight=self.flush_over_straight,
            )
        return Guts2Ranking()

    @property
    def cards_per_hand(self) -> int:
        return 3 if self.three_cards else 2
