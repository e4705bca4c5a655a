"""Chip movements of a physical Guts or Shelby deal: accounts, a ledger, even splits.

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

from engine.chips.seats import Seat
from engine.errors import NegativeAmountError, SettlementError

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
            raise NegativeAmountError(
                f"cannot move {amount} chips ({reason})",
                code="move_negative",
                params={"amount": amount},
            )
        if amount == 0:
            return
        if self._balances[source] < amount:
            # Callers check stacks with a message for the table first; this is the
            # last guard that keeps every account at zero or above.
            raise SettlementError(
                f"{source} holds {self._balances[source]} chips, not {amount} ({reason})",
                code="move_beyond_balance",
                params={"held": self._balances[source], "amount": amount},
            )
        self._balances[source] -= amount
        self._balances[target] += amount
        self._movements.append(Movement(source=source, target=target, amount=amount, reason=reason))

    @property
    def movements(self) -> tuple[Movement, ...]:
        return tuple(self._movements)

    def stacks(self, seats: Iterable[Seat]) -> dict[Seat, int]:
        return {seat: self._balances[seat] for seat in seats}


def split_chips(
    *, amount: int, winners: Collection[Seat], order: Sequence[Seat]
) -> dict[Seat, int]:
    """Split ``amount`` evenly; odd chips one each in ``order`` (ruling 9)."""
    ranked = [seat for seat in order if seat in winners]
    share, odd = divmod(amount, len(ranked))
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(ranked)}
