"""The evaluator against an independent brute force (``brute_force.py``) on random hands.

Hands of 1 to 10 cards, 0 to 5 wild cards, random wild rank sets. Every check is
reproducible: the seed is fixed (``BRUTE_FORCE_SEED`` overrides it) and printed
with any failing hand.
"""

from __future__ import annotations

import os
import random
from collections import defaultdict
from collections.abc import Iterator

import numpy as np
import pytest
from brute_force import brute_category, brute_strength
from helpers.profiles import examples

from engine.cards import format_cards, rank_name
from engine.hands.categories import Category
from engine.hands.evaluate import FastEvaluator, evaluate, strength
from engine.hands.rankings import BASEBALL_WILD, HighRanking

SEED = int(os.environ.get("BRUTE_FORCE_SEED", "20240611"))

# Wild rank sets: none, the games' sets, and random ones of one to four ranks.
_NAMED_WILD_SETS = [
    frozenset(),
    BASEBALL_WILD,
    frozenset({1, 4}),  # Football: 3s and 6s
    frozenset({3, 8}),  # Woolworth: 5s and 10s
    frozenset({0}),  # deuces wild
    frozenset({12}),  # aces wild
]

Hand = tuple[tuple[int, ...], frozenset[int]]


def _wild_pool(rng: random.Random) -> list[frozenset[int]]:
    pool = list(_NAMED_WILD_SETS)
    for size in (1, 1, 2, 2, 2, 3, 3, 4) * 3:
        pool.append(frozenset(rng.sample(range(13), size)))
    return pool


def random_hands(rng: random.Random, count: int) -> Iterator[Hand]:
    """Hands of 1 to 10 cards holding 0 to 5 wild cards, each with its wild rank set."""
    pool = _wild_pool(rng)
    for _ in range(count):
        wild = rng.choice(pool)
        n = rng.randint(1, 10)
        wild_cards = [c for c in range(52) if c >> 2 in wild]
        natural_cards = [c for c in range(52) if c >> 2 not in wild]
        k = rng.randint(0, min(5, n, len(wild_cards)))
        cards = rng.sample(wild_cards, k) + rng.sample(natural_cards, n - k)
        rng.shuffle(cards)
        yield tuple(cards), wild


def _describe(cards: tuple[int, ...], wild: frozenset[int], seed: int) -> str:
    wild_text = ",".join(rank_name(r) for r in sorted(wild)) or "none"
    return f"seed={seed} hand={format_cards(cards)} codes={list(cards)} wild={wild_text}"


def check_hands(seed: int, count: int) -> dict[str, int]:
    """Compare every evaluator path with the brute force; return coverage counts."""
    rng = random.Random(seed)
    seven_card: dict[frozenset[int], list[tuple[tuple[int, ...], int]]] = defaultdict(list)
    coverage: dict[str, int] = defaultdict(int)
    rankings: dict[frozenset[int], HighRanking] = {}
    fast_evaluators: dict[frozenset[int], FastEvaluator] = {}
    for cards, wild in random_hands(rng, count):
        ranking = rankings.setdefault(wild, HighRanking(wild=wild))
        fast_evaluator = fast_evaluators.setdefault(wild, FastEvaluator(wild))
        expected = brute_strength(cards, wild)
        where = _describe(cards, wild, seed)
        fast = strength(cards, ranking)
        assert fast == expected, f"strength() {fast} != brute force {expected}: {where}"
        table = fast_evaluator.strength(cards)
        assert table == expected, (
            f"FastEvaluator.strength {table} != brute force {expected}: {where}"
        )
        value = evaluate(cards, ranking)
        assert value.strength == expected, (
            f"evaluate().strength {value.strength} != brute force {expected}: {where}"
        )
        assert value.category == Category(brute_category(expected)), (
            f"evaluate().category {value.category!r} != "
            f"{Category(brute_category(expected))!r}: {where}"
        )
        if len(cards) == 7:
            seven_card[wild].append((cards, expected))
        n_wild = sum(1 for c in cards if c >> 2 in wild)
        coverage[f"cards={len(cards)}"] += 1
        coverage[f"wild_cards={n_wild}"] += 1
        coverage[Category(brute_category(expected)).key] += 1
    for wild, rows in seven_card.items():
        hands = np.array([cards for cards, _ in rows], dtype=np.int8)
        got = fast_evaluators[wild].batch(hands)
        assert got.shape == (len(rows),)
        for (cards, expected), batch_value in zip(rows, got.tolist(), strict=True):
            assert batch_value == expected, (
                f"FastEvaluator.batch {batch_value} != brute force {expected}: "
                f"{_describe(cards, wild, seed)}"
            )
        coverage["batched"] += len(rows)
    return coverage


def test_the_brute_force_generator_covers_the_space() -> None:
    rng = random.Random(SEED)
    hands = list(random_hands(rng, 5_000))
    sizes = {len(cards) for cards, _ in hands}
    wild_counts = {sum(1 for c in cards if c >> 2 in wild) for cards, wild in hands}
    assert sizes == set(range(1, 11))
    assert wild_counts == set(range(6))
    for cards, _ in hands:
        assert len(set(cards)) == len(cards)


def test_evaluator_matches_brute_force_on_20000_random_hands() -> None:
    # 20,000 in CI, 2,000 in `make test` (each category still drawn 59 times or more).
    count = examples(20_000)
    coverage = check_hands(SEED, count)
    # Every category turns up, so a wrong one cannot hide behind a rare draw.
    for category in Category:
        assert coverage[category.key] > 0, f"seed={SEED}: no {category.key} drawn"
    assert coverage["batched"] > count // 20


def test_batch_matches_brute_force_on_seven_card_baseball_and_natural_hands() -> None:
    rng = random.Random(SEED + 1)
    for wild in (frozenset(), BASEBALL_WILD):
        hands = [tuple(rng.sample(range(52), 7)) for _ in range(3_000)]
        expected = [brute_strength(h, wild) for h in hands]
        for dtype in (np.int8, np.int16):
            got = FastEvaluator(wild).batch(np.array(hands, dtype=dtype))
            assert got.dtype == np.int64
            mismatches = [
                _describe(h, wild, SEED + 1)
                for h, e, g in zip(hands, expected, got.tolist(), strict=True)
                if e != g
            ]
            assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0]}"
        fast = FastEvaluator(wild)
        assert [fast.strength(h) for h in hands[:500]] == expected[:500]


@pytest.mark.slow
def test_evaluator_matches_brute_force_on_a_million_random_hands() -> None:
    for chunk in range(50):
        check_hands(SEED + 1000 + chunk, 20_000)
