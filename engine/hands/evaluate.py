"""Hand evaluation: the public entry points.

:func:`evaluate` explains a hand (category, name, the cards used with each wild
shown as the card it stands for, strength); :func:`strength` is the hot path
that returns only the integer. Both give the same strength for the same hand.

>>> from engine.cards import parse_cards
>>> from engine.hands.rankings import HighRanking, BASEBALL_WILD
>>> evaluate(parse_cards("8s 8h 8d 9c 3s"), HighRanking(wild=BASEBALL_WILD)).name()
'five of a kind, eights'
>>> evaluate(parse_cards("K♠ K♥ 9♦ 3♣ B♠ 5♥ 8♦"), HighRanking(wild=BASEBALL_WILD)).name("de")
'Vierling, Könige'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from engine.cards import ALL_CARDS, Card, check_distinct
from engine.errors import EngineError, MalformedCardError
from engine.hands.categories import Category
from engine.hands.fast_eval import FastEvaluator
from engine.hands.high_hand import BestCard, Made, best_high, materialise
from engine.hands.low_eight import NO_LOW, LowEightRanking, best_low_eight, low_eight_strength
from engine.hands.names import hand_name
from engine.hands.omaha import (
    OmahaLowRanking,
    OmahaRanking,
    best_omaha_high,
    best_omaha_low,
    omaha_high_strength,
    omaha_low_strength,
    split_hole_board,
)
from engine.hands.rankings import STANDARD, Guts2Ranking, Guts3Ranking, HighRanking, Ranking
from engine.hands.small_hands import guts2, guts3, low

_NO_WILD = frozenset[int]()

__all__ = ["BestCard", "FastEvaluator", "HandValue", "evaluate", "fast_evaluator", "strength"]


@dataclass(frozen=True, slots=True)
class HandValue:
    """What a hand is worth under one ranking."""

    cards: tuple[Card, ...]
    category: Category
    strength: int
    best: tuple[BestCard, ...]
    made: Made
    low: bool = False

    def name(self, lang: str = "en") -> str:
        """``four of a kind, kings`` or, with ``lang="de"``, ``Vierling, Könige``."""
        return hand_name(self.made, lang=lang, low=self.low)

    def params(self) -> dict[str, object]:
        """What a page needs to name the hand in its own language (JSON): the category,
        the ranks in order of importance and whether it is a low hand."""
        return {
            "category": int(self.made.category),
            "ranks": list(self.made.ranks),
            "low": self.low,
        }


@cache
def fast_evaluator(wild: frozenset[int] = frozenset()) -> FastEvaluator:
    """The shared fast evaluator for a set of wild ranks (its memo tables fill with use)."""
    return FastEvaluator(wild)


def strength(cards: Sequence[int], ranking: Ranking = STANDARD) -> int:
    """The strength of a hand: higher wins, equal ties. Cards are trusted (hot path)."""
    if isinstance(ranking, HighRanking):
        return fast_evaluator(ranking.wild).strength(cards)
    if isinstance(ranking, OmahaRanking):
        hole, board = split_hole_board(cards, ranking.hole)
        return omaha_high_strength(hole, board, fast_evaluator())
    if isinstance(ranking, OmahaLowRanking):
        return omaha_low_strength(*split_hole_board(cards, ranking.hole))
    if isinstance(ranking, LowEightRanking):
        return low_eight_strength(cards)
    return evaluate(cards, ranking).strength


def _checked(cards: Sequence[int]) -> tuple[Card, ...]:
    if not cards:
        raise EngineError("a hand needs at least one card", code="hand_empty")
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < 52:
            raise MalformedCardError(
                f"{c!r} is not a card",
                token=str(c),
                code="card_not_a_code",
                params={"token": str(c)},
            )
    check_distinct(cards)
    return tuple(ALL_CARDS[c] for c in cards)


def evaluate(cards: Sequence[int], ranking: Ranking = STANDARD) -> HandValue:
    """Evaluate a hand of distinct cards under ``ranking`` (standard high poker by default)."""
    held = _checked(cards)
    if isinstance(ranking, HighRanking):
        made = best_high(held, ranking.wild)
        best = materialise(made, held, ranking.wild)
        return HandValue(held, made.category, made.strength, best, made)
    if isinstance(ranking, Guts2Ranking | Guts3Ranking):
        made, value = (
            guts2(held, ranking) if isinstance(ranking, Guts2Ranking) else guts3(held, ranking)
        )
        return HandValue(held, made.category, value, materialise(made, held, frozenset()), made)
    if isinstance(ranking, OmahaRanking):
        made, used = best_omaha_high(*split_hole_board(held, ranking.hole))
        return HandValue(
            held, made.category, made.strength, materialise(made, used, _NO_WILD), made
        )
    if isinstance(ranking, OmahaLowRanking | LowEightRanking):
        found = (
            best_omaha_low(*split_hole_board(held, ranking.hole))
            if isinstance(ranking, OmahaLowRanking)
            else best_low_eight(held)
        )
        return _low_value(held, found)
    made, chosen, value = low(held, ranking)
    best = materialise(made, chosen, frozenset())
    return HandValue(held, made.category, value, best, made, low=True)


def _low_value(
    held: tuple[Card, ...], found: tuple[Made, tuple[int, ...], int] | None
) -> HandValue:
    """An eight-or-better low, or the hand that has none: strength :data:`NO_LOW`, no cards
    used, named "no low" (so a page can say why the low half went elsewhere)."""
    if found is None:
        return HandValue(
            held, Category.HIGH_CARD, NO_LOW, (), Made(Category.HIGH_CARD, ()), low=True
        )
    made, chosen, value = found
    return HandValue(
        held, made.category, value, materialise(made, chosen, _NO_WILD), made, low=True
    )
