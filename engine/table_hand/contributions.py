"""Each seat's antes, bets, pot payments and walk purchases: :class:`Chips`.

Both ways of counting (:mod:`.totals` from the host's totals, :mod:`.replay` from
the recorded actions) fill the same record, which :mod:`.chip_checks` checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.table_hand.model import TableHand


@dataclass(kw_only=True)
class Chips:
    """Each seat's antes, bets, pot payments and walk purchases, and who is still in."""

    antes: dict[int, int]
    bets: dict[int, int]
    payments: list[tuple[int, int]] = field(default_factory=list)
    walks: list[tuple[int, int]] = field(default_factory=list)
    folded: set[int] = field(default_factory=set)
    refused_to_pay: set[int] = field(default_factory=set)
    all_in: set[int] = field(default_factory=set)

    def paid(self, seat: int) -> int:
        return sum(a for s, a in self.payments if s == seat)

    def walked(self, seat: int) -> int:
        return sum(a for s, a in self.walks if s == seat)

    def total(self, seat: int) -> int:
        return self.antes[seat] + self.bets[seat] + self.paid(seat) + self.walked(seat)

    @property
    def contributions(self) -> dict[int, int]:
        return {seat: self.total(seat) for seat in self.antes}


def antes(hand: TableHand) -> dict[int, int]:
    antes = {}
    for seat in hand.seats:
        if hand.anted is not None and seat not in hand.anted:
            antes[seat] = 0
            continue
        stack = hand.stack(seat)
        antes[seat] = hand.ante if stack is None else min(hand.ante, stack)
    return antes
