"""Who pays whom after a night, with the fewest transfers.

Each player has a net: what they won (positive) or lost (negative), in money;
the nets sum to zero. Any set of players whose nets sum to zero can settle
among themselves with one transfer fewer than their number, and no set can do
better, so the fewest transfers for everyone is

    n - (the largest number of disjoint zero-sum groups the players split into).

That number comes from a dynamic programme over subsets (``2**n * n`` steps;
exact up to :data:`MAX_EXACT` players with a non-zero net, far above a poker
table). Paying greedily largest-to-largest is not the same: for the nets
+17, +16, -16, -13, -4 it needs four transfers where three do.

>>> nets = {"A": 17, "B": 16, "C": -16, "D": -13, "E": -4}
>>> [(t.payer, t.payee, t.amount) for t in settle_up(nets)]
[('C', 'B', 16), ('D', 'A', 13), ('E', 'A', 4)]
>>> settle_up({"A": 5, "B": -5, "C": 0})
[Transfer(payer='B', payee='A', amount=5)]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

MAX_EXACT = 16
"""Most players with a non-zero net for the exact search (2**16 * 16 steps: well under 1 s)."""


class UnbalancedNetsError(ValueError):
    """The nets do not sum to zero: someone's win or loss is missing."""


@dataclass(frozen=True)
class Transfer(Generic[K]):
    """``payer`` gives ``payee`` ``amount`` (always positive)."""

    payer: K
    payee: K
    amount: int


def min_transfers(nets: Sequence[int]) -> int:
    """The fewest transfers that settle ``nets`` (which must sum to zero).

    >>> min_transfers([17, 16, -16, -13, -4])
    3
    >>> min_transfers([0, 0])
    0
    """
    values = [v for v in nets if v]
    if sum(values):
        raise UnbalancedNetsError(f"the nets sum to {sum(values)}, not zero")
    return len(values) - len(_zero_sum_groups(values))


def settle_up(nets: Mapping[K, int]) -> list[Transfer[K]]:
    """Transfers that settle ``nets`` with the fewest possible, payers in the order given.

    Raises :class:`UnbalancedNetsError` when the nets do not sum to zero.
    """
    if sum(nets.values()):
        raise UnbalancedNetsError(f"the nets sum to {sum(nets.values())}, not zero")
    keys = [k for k, v in nets.items() if v]
    values = [nets[k] for k in keys]
    transfers: list[Transfer[K]] = []
    for group in _zero_sum_groups(values):
        transfers += _settle_group([keys[i] for i in group], [values[i] for i in group])
    order = {k: i for i, k in enumerate(nets)}
    transfers.sort(key=lambda t: (order[t.payer], order[t.payee]))
    return transfers


def _zero_sum_groups(values: Sequence[int]) -> list[list[int]]:
    """The most disjoint zero-sum groups (as index lists) covering every value.

    Equal and opposite pairs are taken first: some best split always has them
    as groups of their own, and it keeps the exact search small.
    """
    groups: list[list[int]] = []
    waiting: dict[int, list[int]] = {}
    for i, v in enumerate(values):
        partners = waiting.get(-v)
        if partners:
            groups.append([partners.pop(0), i])
        else:
            waiting.setdefault(v, []).append(i)
    rest = sorted(i for indexes in waiting.values() for i in indexes)
    if not rest:
        return groups
    if len(rest) > MAX_EXACT:
        # Beyond any table: one group, settled in at most n - 1 transfers.
        return [*groups, rest]
    return groups + [[rest[i] for i in g] for g in _best_partition([values[i] for i in rest])]


def _best_partition(values: Sequence[int]) -> list[list[int]]:
    """Split indexes of ``values`` (summing to zero) into the most zero-sum groups.

    ``best[mask]`` is the most zero-sum groups that a chain of prefixes of
    ``mask`` closes: adding one element at a time, every time the running sum
    returns to zero a group ends. Walking back from the full mask gives the
    order, and the zero points in it give the groups.
    """
    n = len(values)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
        top = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] > top:
                top = best[mask ^ bit]
        best[mask] = top + (total[mask] == 0)
    order: list[int] = []
    mask = full
    while mask:
        target = best[mask] - (total[mask] == 0)
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] == target:
                order.append(bit.bit_length() - 1)
                mask ^= bit
                break
    order.reverse()
    groups: list[list[int]] = []
    current: list[int] = []
    running = 0
    for i in order:
        current.append(i)
        running += values[i]
        if running == 0:
            groups.append(current)
            current = []
    return groups


def _settle_group(keys: Sequence[K], values: Sequence[int]) -> list[Transfer[K]]:
    """Settle one zero-sum group in at most ``len - 1`` transfers: each transfer clears
    a debtor or a creditor, and the last clears both."""
    debtors = [(k, -v) for k, v in zip(keys, values, strict=True) if v < 0]
    creditors = [(k, v) for k, v in zip(keys, values, strict=True) if v > 0]
    owed = [v for _k, v in debtors]
    due = [v for _k, v in creditors]
    transfers: list[Transfer[K]] = []
    d = c = 0
    while d < len(debtors) and c < len(creditors):
        amount = min(owed[d], due[c])
        transfers.append(Transfer(payer=debtors[d][0], payee=creditors[c][0], amount=amount))
        owed[d] -= amount
        due[c] -= amount
        if owed[d] == 0:
            d += 1
        if due[c] == 0:
            c += 1
    return transfers
