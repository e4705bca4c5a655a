"""Chip bookkeeping shared by Guts and Shelby: seats, accounts, movements, splits.

Every change of a stack, the pot or the reserve is a :class:`Movement` from one
account to another, so a settlement cannot create or lose a chip: the web app
books each movement as one ledger leg pair, and the tests add them up.

>>> ledger = Ledger(stacks={0: 5, 1: 5}, accounts={GUTS_POT: 0})
>>> ledger.move(source=0, target=GUTS_POT, amount=1, reason="ante")
>>> ledger.balance(GUTS_POT), ledger.balance(0)
(1, 4)
>>> split_chips(amount=7, winners=[2, 0], order=[1, 2, 0])
{2: 4, 0: 3}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine.errors import NegativeAmountError, SettlementError, UnknownPlayerError

Seat = int
Account = Seat | str

GUTS_POT: Final = "guts_pot"
GUTS_RESERVE: Final = "guts_reserve"
SHELBY_POT: Final = "shelby_pot"


@dataclass(frozen=True, kw_only=True)
class Movement:
    """``amount`` chips from ``source`` to ``target``; a seat number is that player's stack."""

    source: Account
    target: Account
    amount: int
    reason: str


class Ledger:
    """Balances of the accounts a settlement touches, changed only by movements."""

    def __init__(self, *, stacks: Mapping[Seat, int], accounts: Mapping[str, int]) -> None:
        self._balances: dict[Account, int] = {}
        for seat, stack in stacks.items():
            self._balances[seat] = stack
        for account, chips in accounts.items():
            self._balances[account] = chips
        self._movements: list[Movement] = []

    def balance(self, account: Account) -> int:
        return self._balances[account]

    def move(self, *, source: Account, target: Account, amount: int, reason: str) -> None:
        """Record a movement; a zero amount records nothing."""
        if amount < 0:
            raise NegativeAmountError(f"cannot move {amount} chips ({reason})")
        if amount == 0:
            return
        if self._balances[source] < amount:
            # Callers check stacks with a message for the table first; this is the
            # last guard that keeps every account at zero or above.
            raise SettlementError(
                f"{source} holds {self._balances[source]} chips, not {amount} ({reason})"
            )
        self._balances[source] -= amount
        self._balances[target] += amount
        self._movements.append(Movement(source=source, target=target, amount=amount, reason=reason))

    @property
    def movements(self) -> tuple[Movement, ...]:
        return tuple(self._movements)

    def stacks(self, seats: Iterable[Seat]) -> dict[Seat, int]:
        return {seat: self._balances[seat] for seat in seats}


def seat_name(names: Mapping[Seat, str], seat: Seat) -> str:
    """The player's name for messages, ``seat 3`` if the caller gave none."""
    return names.get(seat, f"seat {seat}")


def join_names(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carla``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


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


def split_chips(
    *, amount: int, winners: Collection[Seat], order: Sequence[Seat]
) -> dict[Seat, int]:
    """Split ``amount`` evenly; odd chips one each in ``order`` (ruling 9)."""
    ranked = [seat for seat in order if seat in winners]
    share, odd = divmod(amount, len(ranked))
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(ranked)}


def check_seats(
    *,
    stacks: Mapping[Seat, int],
    dealer: Seat,
    names: Mapping[Seat, str],
) -> None:
    """Stacks are never negative and the dealer sits at the table."""
    if not stacks:
        raise SettlementError("nobody is at the table")
    for seat, stack in stacks.items():
        if stack < 0:
            raise NegativeAmountError(
                f"{seat_name(names, seat)}'s stack is {stack}: a stack cannot be negative"
            )
    if dealer not in stacks:
        raise UnknownPlayerError(f"the dealer, {seat_name(names, dealer)}, is not at the table")


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
            raise UnknownPlayerError(f"{seat_name(names, seat)} {doing} but is not at the table")
        if seat in seen:
            raise SettlementError(f"{seat_name(names, seat)} is listed twice among {among}")
        seen.append(seat)
    return seen


def check_not_negative(value: int, *, what: str) -> None:
    if value < 0:
        raise NegativeAmountError(f"{what} is {value}: it cannot be negative")
