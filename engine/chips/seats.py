"""The seats of a physical deal: names for messages and checks of stacks and seats.

A seat is its number at the table; the settlements of Guts and Shelby check
the table they are given here, with a message naming the player.

>>> check_known([2, 0], stacks={0: 5, 2: 5}, names={0: "Anna"}, doing="was in", among="ins")
[2, 0]
>>> check_known([1], stacks={0: 5}, names={}, doing="was in", among="ins")
Traceback (most recent call last):
    ...
engine.errors.UnknownPlayerError: seat 1 was in but is not at the table
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.errors import NegativeAmountError, SettlementError, UnknownPlayerError

Seat = int


def seat_name(names: Mapping[Seat, str], seat: Seat) -> str:
    """The player's name for messages, ``seat 3`` if the caller gave none."""
    return names.get(seat, f"seat {seat}")


def check_seats(
    *,
    stacks: Mapping[Seat, int],
    dealer: Seat,
    names: Mapping[Seat, str],
) -> None:
    """Stacks are never negative and the dealer sits at the table."""
    if not stacks:
        raise SettlementError("nobody is at the table", code="table_empty")
    for seat, stack in stacks.items():
        if stack < 0:
            raise NegativeAmountError(
                f"{seat_name(names, seat)}'s stack is {stack}: a stack cannot be negative",
                code="stack_negative",
                params={"name": seat_name(names, seat), "amount": stack},
            )
    if dealer not in stacks:
        raise UnknownPlayerError(
            f"the dealer, {seat_name(names, dealer)}, is not at the table",
            code="dealer_not_seated",
            params={"name": seat_name(names, dealer)},
        )


def check_known(
    seats: Iterable[Seat],
    *,
    stacks: Mapping[Seat, int],
    names: Mapping[Seat, str],
    doing: str,
    among: str,
) -> list[Seat]:
    """The seats in the order given; an unknown or repeated seat raises a message for the table.

    ``doing`` and ``among`` fit the sentence: "seat 7 *was in* but is not at the
    table", "Anna is listed twice among *the players who were in*".
    """
    seen: list[Seat] = []
    for seat in seats:
        if seat not in stacks:
            raise UnknownPlayerError(
                f"{seat_name(names, seat)} {doing} but is not at the table",
                code="held_not_seated" if doing == "held" else "was_in_not_seated",
                params={"name": seat_name(names, seat)},
            )
        if seat in seen:
            raise SettlementError(
                f"{seat_name(names, seat)} is listed twice among {among}",
                code="held_twice" if doing == "held" else "was_in_twice",
                params={"name": seat_name(names, seat)},
            )
        seen.append(seat)
    return seen


def check_not_negative(value: int, *, what: str) -> None:
    if value < 0:
        raise NegativeAmountError(
            f"{what} is {value}: it cannot be negative",
            code="reserve_negative" if what == "the reserve" else "pot_negative",
            params={"amount": value},
        )
