"""Omaha hand speed: ours beside PokerKit's Omaha evaluators, on the same random hands.

Each hand is four hole cards and a five-card board: 60 two-and-three hands for
the high, and as many for the low. Ours rates the high with one table look-up
per combination (:meth:`~engine.hands.fast_eval.FastEvaluator.best_combination`)
and the low from two small bit masks; PokerKit builds and compares every
combination. Both run in this process, and their answers are compared on the
hands PokerKit rated, so a fast wrong answer cannot pass for a figure.

Run it with ``python -m engine.bench.bench_omaha [--hands N]``.

>>> [f.name for f in omaha_figures(hands=20, repeats=1, peer=False)]
['ours Omaha high', 'ours Omaha low (eight or better)', 'ours Omaha high and low']
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from engine.bench.evaluation import Figure, best_rate
from engine.cards import format_cards
from engine.hands.evaluate import fast_evaluator
from engine.hands.low_eight import NO_LOW
from engine.hands.omaha import omaha_high_strength, omaha_low_strength

if TYPE_CHECKING:  # a benchmark peer, never needed to run the engine
    import pokerkit

Deal = tuple[tuple[int, ...], tuple[int, ...]]


def random_deals(count: int, seed: int) -> list[Deal]:
    """``count`` hands of four hole cards and a five-card board, from a seeded source."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = rng.sample(range(52), 9)
        deals.append((tuple(cards[:4]), tuple(cards[4:])))
    return deals


def omaha_figures(
    *, hands: int = 20_000, seed: int = 0, repeats: int = 3, peer: bool = True
) -> list[Figure]:
    """Ours (high, low, both) and, with ``peer``, PokerKit's on a tenth of the same hands."""
    deals = random_deals(hands, seed)
    evaluator = fast_evaluator()

    def highs() -> list[int]:
        return [omaha_high_strength(hole, board, evaluator) for hole, board in deals]

    def lows() -> list[int]:
        return [omaha_low_strength(hole, board) for hole, board in deals]

    def both() -> list[tuple[int, int]]:
        return [
            (omaha_high_strength(hole, board, evaluator), omaha_low_strength(hole, board))
            for hole, board in deals
        ]

    both()  # untimed: fills the memo tables, as PokerKit builds its lookups at import
    figures = [
        Figure("ours Omaha high", best_rate(highs, hands, repeats)),
        Figure("ours Omaha low (eight or better)", best_rate(lows, hands, repeats)),
        Figure("ours Omaha high and low", best_rate(both, hands, repeats)),
    ]
    if peer:
        figures.extend(_pokerkit(deals[: max(1, hands // 10)], repeats))
    return figures


def _pokerkit(deals: Sequence[Deal], repeats: int) -> list[Figure]:
    names = ("PokerKit Omaha high", "PokerKit Omaha low (eight or better)")
    try:
        import pokerkit
    except ImportError:
        return [Figure(name, None, "pokerkit not installed") for name in names]
    texts = [
        (format_cards(hole).replace(" ", ""), format_cards(board).replace(" ", ""))
        for hole, board in deals
    ]
    high_hand, low_hand = pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand

    def highs() -> list[pokerkit.Hand]:
        return [high_hand.from_game(hole, board) for hole, board in texts]

    def lows() -> list[pokerkit.Hand | None]:
        found: list[pokerkit.Hand | None] = []
        for hole, board in texts:
            try:
                found.append(low_hand.from_game(hole, board))
            except ValueError:  # PokerKit's answer for "no qualifying low"
                found.append(None)
        return found

    _check_agreement(deals, highs(), lows())
    return [
        Figure(names[0], best_rate(highs, len(deals), repeats)),
        Figure(names[1], best_rate(lows, len(deals), repeats)),
    ]


def _check_agreement(
    deals: Sequence[Deal],
    highs: Sequence[pokerkit.Hand],
    lows: Sequence[pokerkit.Hand | None],
) -> None:
    """Ours and PokerKit order neighbouring hands alike, and find the same lows."""
    evaluator = fast_evaluator()
    ours_high = [omaha_high_strength(hole, board, evaluator) for hole, board in deals]
    ours_low = [omaha_low_strength(hole, board) for hole, board in deals]
    for i, (ours, theirs) in enumerate(zip(ours_low, lows, strict=True)):
        if (ours == NO_LOW) != (theirs is None):
            raise AssertionError(f"hand {i}: ours and PokerKit disagree on whether it has a low")
    for a, b in combinations(range(min(len(deals), 200)), 2):
        order = (ours_high[a] > ours_high[b], ours_high[a] == ours_high[b])
        if order != (highs[a] > highs[b], highs[a] == highs[b]):
            raise AssertionError(f"hands {a} and {b}: ours and PokerKit order the highs apart")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    for figure in omaha_figures(hands=args.hands, seed=args.seed, repeats=args.repeats):
        rate = f"{figure.hands_per_second:>12,.0f} hands/s" if figure.hands_per_second else ""
        print(f"{figure.name:<40} {rate}{figure.note}")


if __name__ == "__main__":
    main()
