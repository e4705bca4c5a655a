"""Who pays whom: the fewest transfers, checked against an exhaustive search."""

from __future__ import annotations

import doctest
import functools
import random

import pytest

import engine.chips.settle_up
from engine.chips.settle_up import UnbalancedNetsError, min_transfers, settle_up


@functools.cache
def _brute_force(state: tuple[int, ...]) -> int:
    """Fewest transfers by trying every way to clear the first open balance.

    Any settlement can be reordered so that some transfer clears the first
    player's balance against another's; trying every partner for it, over and
    over, is exhaustive (the sorted tuple keeps the memo small).
    """
    if not state:
        return 0
    first, rest = state[0], list(state[1:])
    best = len(state)
    for j, other in enumerate(rest):
        if (first > 0) == (other > 0):
            continue
        after = [*rest[:j], other + first, *rest[j + 1 :]]
        best = min(best, 1 + _brute_force(tuple(sorted(v for v in after if v))))
    return best


def _random_nets(rng: random.Random, players: int) -> list[int]:
    nets = [rng.choice([rng.randint(-30, 30), rng.randint(-5, 5) * 5]) for _ in range(players - 1)]
    return [*nets, -sum(nets)]


def _check(nets: dict[str, int]) -> list[engine.chips.settle_up.Transfer[str]]:
    transfers = settle_up(nets)
    left = dict(nets)
    for t in transfers:
        assert t.amount > 0
        assert t.payer != t.payee
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    assert all(v == 0 for v in left.values()), left
    return transfers


def test_the_issue_example_needs_three_transfers_where_greedy_needs_four() -> None:
    nets = {"A": 17, "B": 16, "C": -16, "D": -13, "E": -4}
    transfers = _check(nets)
    assert len(transfers) == 3 == min_transfers(list(nets.values()))
    assert _brute_force(tuple(sorted(nets.values()))) == 3


@pytest.mark.parametrize("players", range(2, 11))
def test_it_matches_the_exhaustive_search_on_random_nets(players: int) -> None:
    rng = random.Random(players)
    for _ in range(40 if players <= 8 else 6):
        values = _random_nets(rng, players)
        nets = {f"p{i}": v for i, v in enumerate(values)}
        transfers = _check(nets)
        expected = _brute_force(tuple(sorted(v for v in values if v)))
        assert len(transfers) == expected == min_transfers(values), values


def test_groups_of_zero_sum_players_settle_separately() -> None:
    nets = {"a": 10, "b": -3, "c": -7, "d": 4, "e": -1, "f": -3, "g": 0}
    assert len(_check(nets)) == 7 - 1 - 2  # zero nets need nothing; two groups save two


def test_nobody_owes_anything_gives_no_transfers() -> None:
    assert settle_up({"a": 0, "b": 0}) == []
    assert settle_up({}) == []


def test_it_refuses_nets_that_do_not_sum_to_zero() -> None:
    with pytest.raises(UnbalancedNetsError):
        settle_up({"a": 5, "b": -4})
    with pytest.raises(UnbalancedNetsError):
        min_transfers([1])


def test_a_big_table_stays_exact_and_fast() -> None:
    rng = random.Random(99)
    values = _random_nets(rng, 16)
    nets = {f"p{i}": v for i, v in enumerate(values)}
    assert len(_check(nets)) == min_transfers(values)


def test_the_docstring_examples_hold() -> None:
    result = doctest.testmod(engine.chips.settle_up)
    assert result.attempted > 0
    assert result.failed == 0
