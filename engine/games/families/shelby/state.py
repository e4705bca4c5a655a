"""Shelby and Psycho Shelby: the house rules, the game between rounds, one settled round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from engine.chips.movements import Movement
from engine.chips.seats import Seat
from engine.errors import NegativeAmountError, SettlementError
from engine.text import Said

SHELBYS_TO_WIN = 3


class ShelbyVariant(Enum):
    SHELBY = "shelby"
    """Four rounds (2, 1, 2, 2 cards); a loser pays the pot, capped at the limit."""
    PSYCHO = "psycho"
    """Three rounds (3, 2, 2 cards: high two, low three, Baseball five); no cap."""

    @property
    def rounds(self) -> int:
        return 4 if self is ShelbyVariant.SHELBY else 3

    @property
    def title(self) -> str:
        return "Shelby" if self is ShelbyVariant.SHELBY else "Psycho Shelby"

    @property
    def game(self) -> str:
        """The game's name in the catalogue, for a page that titles it in its language."""
        return "shelby" if self is ShelbyVariant.SHELBY else "psycho-shelby"


@dataclass(frozen=True, kw_only=True)
class ShelbyOptions:
    variant: ShelbyVariant = ShelbyVariant.SHELBY
    ante: int = 1
    limit: int | None = None
    """Shelby: the most a loser pays the winner (the agreed cap). ``None``: no cap."""
    extra_card_price: int = 1
    """Psycho Shelby, round 3: what an extra card for a 4 costs, paid to the pot."""
    flushes_count: bool = False
    """Psycho Shelby, round 2 (ruling 6 option): a flush counts against its low hand."""

    def __post_init__(self) -> None:
        if self.ante < 1:
            raise NegativeAmountError(
                f"the ante is {self.ante}: it must be at least 1 chip",
                code="ante_below_one",
                params={"amount": self.ante},
            )
        if self.limit is not None and self.limit < 1:
            raise NegativeAmountError(
                f"the limit is {self.limit}: it must be at least 1 chip",
                code="limit_below_one",
                params={"amount": self.limit},
            )
        if self.extra_card_price < 0:
            raise NegativeAmountError(
                f"the price of an extra card is {self.extra_card_price}: it cannot be negative",
                code="extra_card_price_negative",
                params={"amount": self.extra_card_price},
            )
        if self.variant is ShelbyVariant.PSYCHO and self.limit is not None:
            raise SettlementError(
                "Psycho Shelby has no limit: losers pay the whole pot as it was "
                "at the start of the round",
                code="psycho_no_limit",
            )
        if self.variant is ShelbyVariant.SHELBY and self.flushes_count:
            raise SettlementError(
                "Shelby has no low round: only Psycho Shelby's round 2 can count flushes",
                code="shelby_no_low_round",
            )


@dataclass(frozen=True, kw_only=True)
class ShelbyState:
    """A Shelby game before a round is settled.

    The pot stays in the middle until someone collects three Shelbys; a pot of
    0 in round 1 is a new game, and everyone antes before the deal. Seats run
    clockwise in ascending order; a stack of 0 is out (no ante, cannot hold).
    """

    pot: int
    round: int = 1
    stacks: Mapping[Seat, int]
    shelbys: Mapping[Seat, int] = field(default_factory=dict)
    dealer: Seat
    names: Mapping[Seat, str] = field(default_factory=dict)


class ShelbyOutcome(Enum):
    NOBODY_HELD = "nobody_held"
    SHELBY = "shelby"
    """One holder: a Shelby marker."""
    THIRD_SHELBY = "third_shelby"
    """One holder with their third Shelby: the pot is theirs, the game is over."""
    WON = "won"
    """Several held: every loser paid the best hand directly."""
    SPLIT = "split"
    """Several held and the best hands tied: they share the losers' payments."""


@dataclass(frozen=True, kw_only=True)
class ShelbyRoundSettlement:
    """What one round of Shelby moved, and the game as it stands after it."""

    outcome: ShelbyOutcome
    round: int
    """The round settled (1 to 4, Psycho Shelby 1 to 3)."""
    showdown: tuple[tuple[Seat, ...], ...]
    antes: Mapping[Seat, int]
    extra_cards: Mapping[Seat, int]
    """Chips each player paid to the pot for extra cards (Psycho Shelby, round 3)."""
    pays: Mapping[Seat, int]
    """What each losing holder paid, directly to the winner(s)."""
    receives: Mapping[Seat, int]
    takes: Mapping[Seat, int]
    """The pot, taken with a third Shelby."""
    shelby_to: Seat | None
    game_over: bool
    redeal: bool
    """The last round was played: everyone anted again and the cards are redealt."""
    net: Mapping[Seat, int]
    reasons: tuple[str, ...]
    movements: tuple[Movement, ...]
    next_state: ShelbyState
    """The game after this round; after a third Shelby, a new game (pot 0, round 1)."""
    said: tuple[Said, ...] = ()
    """``reasons`` as codes and parameters, for a page in another language."""

    @property
    def pot(self) -> int:
        return self.next_state.pot

    @property
    def stacks(self) -> Mapping[Seat, int]:
        return self.next_state.stacks
