"""Omaha hands: exactly two of the hole cards with exactly three of the board.

The two-and-three rule is what sets Omaha apart from Hold'em: a board of five
spades with one spade in the hand is no flush, and four aces in the hand are
only a pair. It holds for the high hand and for the eight-or-better low of
Omaha high/low alike (each picks its own two and three).

A hand is given as its hole cards first, then the board: that is how
:func:`engine.hands.showdown.scores_from_cards` passes a hand and its shared
cards, so ``ranking=OmahaRanking()`` with ``shared=board`` rates Omaha hands.
The board has three to five cards (the flop, turn and river).

>>> from engine.cards import parse_cards
>>> hole, board = parse_cards("As Kd 7c 2h"), parse_cards("Qs Js Ts 5s 3s")
>>> made, used = best_omaha_high(hole, board)
>>> made.category.name, sorted(str(c) for c in used)
('STRAIGHT', ['As', 'Js', 'Kd', 'Qs', 'Ts'])
>>> best_omaha_low(hole, board) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from engine.errors import EngineError
from engine.hands.fast_eval import FastEvaluator
from engine.hands.high_hand import Made, best_high
from engine.hands.low_eight import (
    NO_LOW,
    cards_of_mask,
    low_mask,
    made_of_mask,
    mask_strength,
)

HOLE_USED: Final = 2
BOARD_USED: Final = 3
BOARD_SIZES: Final = range(3, 6)
_NO_WILD: Final = frozenset[int]()


@dataclass(frozen=True, kw_only=True)
class OmahaRanking:
    """Omaha high: the best five of exactly two of ``hole`` hole cards and three of the board."""

    hole: int = 4

    def __post_init__(self) -> None:
        if self.hole < HOLE_USED:
            raise EngineError(
                f"Omaha needs at least {HOLE_USED} hole cards, not {self.hole}",
                code="omaha_hole_count",
                params={"wanted": HOLE_USED, "count": self.hole},
            )


@dataclass(frozen=True, kw_only=True)
class OmahaLowRanking:
    """Omaha eight or better low: two of ``hole`` hole cards and three of the board make
    five different ranks, all 8 or lower (aces low; straights and flushes ignored)."""

    hole: int = 4

    def __post_init__(self) -> None:
        if self.hole < HOLE_USED:
            raise EngineError(
                f"Omaha needs at least {HOLE_USED} hole cards, not {self.hole}",
                code="omaha_hole_count",
                params={"wanted": HOLE_USED, "count": self.hole},
            )


# Both Omaha rankings (one name, so that the Ranking union takes them in one go).
OmahaRankings = OmahaRanking | OmahaLowRanking


def split_hole_board(cards: Sequence[int], hole: int) -> tuple[list[int], list[int]]:
    """The hole cards (the first ``hole``) and the board (the rest, three to five cards)."""
    board = len(cards) - hole
    if board not in BOARD_SIZES:
        raise EngineError(
            f"an Omaha hand is {hole} hole cards and a board of 3 to 5 cards,"
            f" not {len(cards)} cards in all",
            code="omaha_card_count",
            params={"hole": hole, "cards": len(cards)},
        )
    return list(cards[:hole]), list(cards[hole:])


def omaha_high_strength(hole: Sequence[int], board: Sequence[int], evaluator: FastEvaluator) -> int:
    """The strength of the best Omaha high hand (the hot path; cards are trusted)."""
    return evaluator.best_combination(hole, board, from_hole=HOLE_USED, from_board=BOARD_USED)


def best_omaha_high(hole: Sequence[int], board: Sequence[int]) -> tuple[Made, tuple[int, ...]]:
    """The best Omaha high hand and the five cards that make it (two hole, three board)."""
    best: tuple[Made, tuple[int, ...]] | None = None
    for pair in combinations(hole, HOLE_USED):
        for trio in combinations(board, BOARD_USED):
            made = best_high((*pair, *trio), _NO_WILD)
            if best is None or made.strength > best[0].strength:
                best = (made, (*pair, *trio))
    if best is None:
        raise EngineError(
            "an Omaha hand needs two hole cards and three board cards", code="omaha_hand_short"
        )
    return best


# The best low of two hole and three board cards depends only on the low values
# each part holds: memoised on (hole mask << 8 | board mask), the two-and-three
# split of the best low (0, 0 when there is none). At most 65,536 entries.
_SPLIT_LOWS: dict[int, tuple[int, int]] = {}


def _bits(mask: int) -> list[int]:
    return [1 << i for i in range(8) if mask >> i & 1]


def _best_split(key: int) -> tuple[int, int]:
    """The smallest (best) five-value low mask made of two hole values and three board ones."""
    best = (0, 0)
    board_trios = [a | b | c for a, b, c in combinations(_bits(key & 0xFF), BOARD_USED)]
    for a, b in combinations(_bits(key >> 8), HOLE_USED):
        pair = a | b
        for trio in board_trios:
            if not pair & trio and (not best[0] or (pair | trio) < (best[0] | best[1])):
                best = (pair, trio)
    _SPLIT_LOWS[key] = best
    return best


def _split_low(hole: Sequence[int], board: Sequence[int]) -> tuple[int, int]:
    key = low_mask(hole) << 8 | low_mask(board)
    split = _SPLIT_LOWS.get(key)
    return _best_split(key) if split is None else split


def omaha_low_strength(hole: Sequence[int], board: Sequence[int]) -> int:
    """The strength of the best Omaha eight-or-better low; :data:`NO_LOW` (0) when none."""
    pair, trio = _split_low(hole, board)
    return mask_strength(pair | trio) if pair else NO_LOW


def best_omaha_low(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[Made, tuple[int, ...], int] | None:
    """The best Omaha low: made hand, its five cards (two hole, three board), strength.

    None when no two hole cards and three board cards make a qualifying low.
    """
    pair, trio = _split_low(hole, board)
    if not pair:
        return None
    cards = (*cards_of_mask(pair, hole), *cards_of_mask(trio, board))
    # Highest value first, like every low shown.
    ordered = tuple(sorted(cards, key=lambda c: -low_mask([c])))
    return made_of_mask(pair | trio), ordered, mask_strength(pair | trio)
