"""Hand evaluation speed: ours (single and batch, 3s and 9s wild) against treys and eval7.

All four evaluate the same random 7-card hands in the same process. treys and
eval7 know no wild cards, so they run without; ours runs with Baseball's wilds,
the harder case (about one hand in five can make a flush only with wilds).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cards import NINE, THREE, format_cards
from engine.hands.fast_eval import FastEvaluator


@dataclass(frozen=True)
class Figure:
    name: str
    hands_per_second: float | None
    note: str = ""


def best_rate(run: Callable[[], object], count: int, repeats: int) -> float:
    """Hands per second of the fastest of ``repeats`` runs (the least disturbed one)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def random_hands(count: int, seed: int, size: int = 7) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    deck = range(52)
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


def evaluation_figures(*, hands: int, seed: int, repeats: int = 3) -> list[Figure]:
    """Measure the four evaluators on the same hands."""
    import numpy as np

    sample = random_hands(hands, seed)
    ours = FastEvaluator(frozenset({THREE, NINE}))
    strength = ours.strength
    # One untimed pass fills the memo tables, as treys and eval7 build theirs at import.
    for hand in sample:
        strength(hand)
    figures = [
        Figure(
            "ours single (3s and 9s wild)",
            best_rate(lambda: [strength(h) for h in sample], hands, repeats),
        )
    ]
    array = np.array(sample, dtype=np.int8)
    ours.batch(array)  # untimed: builds the array caches once, like the single pass above
    figures.append(
        Figure(
            "ours batch NumPy (3s and 9s wild)",
            best_rate(lambda: ours.batch(array), hands, repeats),
        )
    )
    figures.append(_treys(sample, repeats))
    figures.append(_eval7(sample, repeats))
    return figures


def _peer_cards(sample: Sequence[tuple[int, ...]]) -> list[list[str]]:
    return [format_cards(hand).split() for hand in sample]


def _treys(sample: Sequence[tuple[int, ...]], repeats: int) -> Figure:
    name = "treys 7-card (no wilds)"
    try:
        import treys
    except ImportError:
        return Figure(name, None, "treys not installed")
    # treys is slow; a tenth of the hands gives a steady figure sooner.
    subset = _peer_cards(sample[: max(1, len(sample) // 10)])
    cards = [[treys.Card.new(c) for c in hand] for hand in subset]
    evaluator = treys.Evaluator()
    evaluate = evaluator.evaluate
    return Figure(
        name, best_rate(lambda: [evaluate(h[:2], h[2:]) for h in cards], len(cards), repeats)
    )


def _eval7(sample: Sequence[tuple[int, ...]], repeats: int) -> Figure:
    name = "eval7 7-card (no wilds)"
    try:
        import eval7
    except ImportError:
        return Figure(name, None, "eval7 not installed")
    cards = [[eval7.Card(c) for c in hand] for hand in _peer_cards(sample)]
    evaluate = eval7.evaluate
    return Figure(name, best_rate(lambda: [evaluate(h) for h in cards], len(cards), repeats))
