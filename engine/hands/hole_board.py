"""Hole cards and a board: the hands of Texas Hold'em, Omaha and Omaha high/low.

These name the hole cards and the board apart, where :func:`evaluate` takes one
list (hole cards first) and a ranking:

- Hold'em: the best five of the two hole cards and the board, any of them;
- Omaha: exactly two hole cards with exactly three of the board, high;
- Omaha eight or better: the same two-and-three rule for the low, which may
  use other cards than the high; no qualifying low is ``None``.

>>> from engine.cards import parse_cards
>>> board = parse_cards("Ks Qs 8s 6s 2s")
>>> holdem_high(parse_cards("Ah 9s"), board).name()
'flush, king high'
>>> hands = omaha_hi_lo(parse_cards("Ah 9s 4c 4d"), board)
>>> hands.high.name(), hands.low.name() if hands.low else None
('pair of fours', '8-6-4-2-A low')
>>> scores = hi_lo_scores({0: parse_cards("Ah 3c Kd Kh"), 1: parse_cards("Jd Jc Tc 9d")}, board)
>>> scores.highs[0] > scores.highs[1], scores.lows[1], scores.low_names(lang="de")[0]
(True, None, 'Low 8-6-3-2-A')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.cards import check_distinct
from engine.errors import EngineError
from engine.hands.evaluate import HandValue, evaluate
from engine.hands.low_eight import NO_LOW
from engine.hands.omaha import BOARD_SIZES, OmahaLowRanking, OmahaRanking
from engine.hands.rankings import STANDARD

HOLDEM_HOLE = 2


def holdem_high(hole: Sequence[int], board: Sequence[int]) -> HandValue:
    """Texas Hold'em: the best five of the two hole cards and the board (up to five)."""
    if len(hole) != HOLDEM_HOLE or len(board) > max(BOARD_SIZES):
        raise EngineError(
            f"a Hold'em hand is 2 hole cards and a board of up to 5, not {len(hole)} and"
            f" {len(board)}",
            code="holdem_card_count",
            params={"hole": len(hole), "board": len(board)},
        )
    return evaluate([*hole, *board], STANDARD)


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> HandValue:
    """Omaha high: exactly two of the hole cards with exactly three of the board."""
    return evaluate([*hole, *board], OmahaRanking(hole=len(hole)))


def omaha_low(hole: Sequence[int], board: Sequence[int]) -> HandValue | None:
    """Omaha eight or better: the best qualifying low of two hole and three board cards."""
    value = evaluate([*hole, *board], OmahaLowRanking(hole=len(hole)))
    return None if value.strength == NO_LOW else value


@dataclass(frozen=True, slots=True)
class HiLoHand:
    """A high/low hand: its high, and its low if it has one that qualifies."""

    high: HandValue
    low: HandValue | None


def omaha_hi_lo(hole: Sequence[int], board: Sequence[int]) -> HiLoHand:
    """Both halves of an Omaha high/low hand (each picks its own two and three)."""
    return HiLoHand(high=omaha_high(hole, board), low=omaha_low(hole, board))


@dataclass(frozen=True, kw_only=True)
class HiLoScores:
    """Per seat: the high score, the low score (``None``: no qualifying low), the hands."""

    highs: Mapping[int, int]
    lows: Mapping[int, int | None]
    hands: Mapping[int, HiLoHand]

    def high_names(self, *, lang: str = "en") -> dict[int, str]:
        return {seat: hand.high.name(lang) for seat, hand in self.hands.items()}

    def low_names(self, *, lang: str = "en") -> dict[int, str]:
        """The name of each qualifying low (seats without one are left out)."""
        return {seat: hand.low.name(lang) for seat, hand in self.hands.items() if hand.low}


def hi_lo_scores(hands: Mapping[int, Sequence[int]], board: Sequence[int]) -> HiLoScores:
    """Rate every seat's Omaha hole cards against the board, high and low.

    The same card twice (in two hands, or in a hand and the board) is refused.
    """
    check_distinct([card for cards in hands.values() for card in cards] + list(board))
    rated = {seat: omaha_hi_lo(cards, board) for seat, cards in hands.items()}
    return HiLoScores(
        highs={seat: hand.high.strength for seat, hand in rated.items()},
        lows={seat: hand.low.strength if hand.low else None for seat, hand in rated.items()},
        hands=rated,
    )
