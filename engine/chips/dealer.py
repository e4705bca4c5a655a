"""The dealer rotation of every game: the deal passes left to the next player with chips.

Seats are numbered clockwise, so "the dealer's left" is the next number up, wrapping.

>>> left_of_dealer_order([0, 2, 3, 5], dealer=3)
[5, 0, 2, 3]
>>> next_dealer({0: 4, 2: 0, 3: 1}, dealer=0)
3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.chips.seats import Seat


def left_of_dealer_order(seats: Iterable[Seat], dealer: Seat) -> list[Seat]:
    """Seats clockwise (ascending numbers, wrapping) starting left of the dealer, dealer last."""
    ordered = sorted(seats)
    after = [s for s in ordered if s > dealer]
    return after + [s for s in ordered if s <= dealer]


def next_dealer(stacks: Mapping[Seat, int], dealer: Seat) -> Seat:
    """The next player on the left who still has chips (the deal passes left after each game)."""
    for seat in left_of_dealer_order(stacks, dealer):
        if stacks[seat] > 0:
            return seat
    return dealer
