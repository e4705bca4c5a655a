"""Blinds for the community-card games (Hold'em and Omaha): who posts what, and the bet size.

Home games ante and open each round left of the dealer (ruling 17); a hand
dealt with :class:`Blinds` (a tournament's level, or a night's "blinds 1/2")
instead has each player ante ``ante`` (0: none), then the small blind posted
by the player left of the dealer and the big blind by the player left of
them; heads-up the dealer posts the small blind. A stack too short for its
ante or blind posts what it has and is all-in (ruling 8). The button simply
moves on with the deal: there are no dead blinds and no missed blinds to make
up, whoever is dealt in posts by where they sit in this hand.

Each player antes, not the big blind for the table: the app collects the
antes by itself, so a big-blind ante's one advantage at a real table (one
player to collect from) is no advantage here, and every player's ante is
the ante the engine and the ledger already know.

>>> blind_seats(dealer=0, seat_count=4)
(1, 2)
>>> blind_seats(dealer=1, seat_count=2)  # heads-up: the dealer posts the small blind
(1, 0)
>>> Blinds(small=25, big=50, ante=5).describe()
'blinds 25/50, ante 5'
>>> with_big_blind(NoLimit(), big=50)
NoLimit(min_bet=50)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.betting.limits import FixedLimit, Limit, NoLimit, PotLimit, SpreadLimit
from engine.errors import EngineError

SMALL: Final = "small"
BIG: Final = "big"


@dataclass(frozen=True, kw_only=True)
class Blinds:
    """A hand's forced bets: ``small`` and ``big`` blind and each player's ``ante``."""

    small: int
    big: int
    ante: int = 0

    def __post_init__(self) -> None:
        for value in (self.small, self.big, self.ante):
            if not isinstance(value, int) or isinstance(value, bool):
                raise EngineError(
                    f"blinds and antes are whole numbers of chips, not {value!r}",
                    code="blinds_not_chips",
                )
        if self.small < 1:
            raise EngineError(
                f"the small blind must be at least 1 chip, not {self.small}",
                code="blinds_small_below_one",
                params={"amount": self.small},
            )
        if self.big < self.small:
            raise EngineError(
                f"the big blind ({self.big}) is below the small blind ({self.small})",
                code="blinds_big_below_small",
                params={"big": self.big, "small": self.small},
            )
        if self.ante < 0:
            raise EngineError(
                f"the ante is {self.ante}: it cannot be negative",
                code="ante_negative",
                params={"amount": self.ante},
            )

    def describe(self) -> str:
        ante = f", ante {self.ante}" if self.ante else ""
        return f"blinds {self.small}/{self.big}{ante}"

    def to_dict(self) -> dict[str, int]:
        return {"small": self.small, "big": self.big, "ante": self.ante}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Blinds:
        try:
            return cls(small=data["small"], big=data["big"], ante=data.get("ante", 0))
        except (KeyError, TypeError) as exc:
            raise EngineError(f"not a hand's blinds: {exc}", code="saved_state_broken") from exc


def blind_seats(*, dealer: int, seat_count: int) -> tuple[int, int]:
    """The seats of the small and the big blind: left of the dealer and left of them;
    heads-up the dealer posts the small blind (and so acts first before the flop)."""
    if not 0 <= dealer < seat_count or seat_count < 2:
        raise EngineError(
            f"the dealer must be a seat from 0 to {seat_count - 1}, not {dealer}",
            code="dealer_no_seat",
            params={"seat": dealer, "last": seat_count - 1},
        )
    if seat_count == 2:
        return dealer, 1 - dealer
    return (dealer + 1) % seat_count, (dealer + 2) % seat_count


def post_blinds(
    *, stacks: Sequence[int], blinds: Blinds, dealer: int
) -> list[tuple[str, int, int]]:
    """Who posts which blind and how many chips (the blind, or the whole stack when it
    is smaller), small blind first: ``(which, seat, chips)``; a stack already empty
    (all-in with its ante) posts nothing."""
    small, big = blind_seats(dealer=dealer, seat_count=len(stacks))
    posts = []
    for which, seat, amount in ((SMALL, small, blinds.small), (BIG, big, blinds.big)):
        chips = min(amount, stacks[seat])
        if chips > 0:
            posts.append((which, seat, chips))
    return posts


def with_big_blind(limit: Limit, *, big: int) -> Limit:
    """``limit`` with the big blind as its smallest bet: no limit and pot limit bet and
    raise at least the big blind, a fixed limit bets exactly the big blind (twice it
    on the turn and the river, see :class:`~engine.games.steps.bet.Bet`), a spread
    limit from the big blind up to its largest bet (or the big blind, if larger)."""
    match limit:
        case NoLimit():
            return NoLimit(min_bet=big)
        case PotLimit():
            return PotLimit(min_bet=big)
        case FixedLimit():
            return FixedLimit(amount=big)
        case SpreadLimit(max_bet=high):
            return SpreadLimit(min_bet=big, max_bet=max(big, high))
