"""Who opens a betting round (ruling 10) and the antes that come before it.

Seats are numbered clockwise; "the dealer's left" is the next seat up, wrapping.

>>> clockwise_from_dealer_left(dealer=2, seat_count=4)
[3, 0, 1, 2]
>>> draw_opener(dealer=2, seat_count=4, active={0, 1})
0
>>> stud_opener(dealer=0, seat_count=4, showing={1: 50, 3: 80, 2: 80})
2
>>> from engine.cards import parse_card
>>> bring_in_seat({0: parse_card("2s"), 1: parse_card("Ah"), 2: parse_card("2c")})
2
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from engine.cards import CLUBS, Card
from engine.errors import EngineError


def clockwise_from_dealer_left(*, dealer: int, seat_count: int) -> list[int]:
    """Every seat once, starting left of the dealer and ending with the dealer."""
    if not 0 <= dealer < seat_count:
        raise EngineError(
            f"the dealer must be a seat from 0 to {seat_count - 1}, not {dealer}",
            code="dealer_no_seat",
            params={"seat": dealer, "last": seat_count - 1},
        )
    return [(dealer + i) % seat_count for i in range(1, seat_count + 1)]


def draw_opener(*, dealer: int, seat_count: int, active: Collection[int]) -> int:
    """Draw games: the first active player left of the dealer."""
    for seat in clockwise_from_dealer_left(dealer=dealer, seat_count=seat_count):
        if seat in active:
            return seat
    raise EngineError("nobody is left to open the betting", code="nobody_opens")


def stud_opener(*, dealer: int, seat_count: int, showing: Mapping[int, int]) -> int:
    """Stud games: the best showing hand, ties to the player nearest the dealer's left.

    ``showing`` maps each active seat to the strength of its face-up cards (wild
    cards count, incomplete-hand rules apply; see :mod:`engine.hands.showdown`).
    """
    if not showing:
        raise EngineError("nobody is left to open the betting", code="nobody_opens")
    best = max(showing.values())
    for seat in clockwise_from_dealer_left(dealer=dealer, seat_count=seat_count):
        if showing.get(seat) == best:
            return seat
    raise EngineError(
        f"the showing hands name seats that are not at the table: {sorted(showing)}",
        code="showing_seats_unknown",
    )


def bring_in_seat(up_card: Mapping[int, Card]) -> int:
    """Seven-card stud with a bring-in: the lowest up card brings it in (aces high);
    suits break ties, clubs lowest, then diamonds, hearts, spades (PokerKit's order)."""
    if not up_card:
        raise EngineError("nobody is left to open the betting", code="nobody_opens")
    # Suit codes run spades 0 to clubs 3: clubs lowest is the largest code first.
    return min(up_card, key=lambda seat: (up_card[seat].rank, CLUBS - up_card[seat].suit))


def post_antes(
    *, stacks: Sequence[int], ante: int, anted: Collection[int] | None = None
) -> list[int]:
    """What each seat antes: ``ante``, or the whole stack when it is smaller (ruling 8:
    that player is all-in). ``anted`` limits the antes to some seats (default: all)."""
    if ante < 0:
        raise EngineError(
            f"the ante is {ante}: it cannot be negative",
            code="ante_negative",
            params={"amount": ante},
        )
    return [
        min(ante, stack) if anted is None or seat in anted else 0
        for seat, stack in enumerate(stacks)
    ]
