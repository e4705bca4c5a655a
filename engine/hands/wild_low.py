"""Ace-to-five lows of hands that may hold wild cards (Sequence played high/low).

The English sheet says only that Sequence "can be played high/low with
declaration": it names no low rule, so the low is ace-to-five over the best
five cards (no qualifier, straights and flushes ignored; the
:class:`~engine.hands.rankings.LowRanking` default). Nor does it say what a wild
card is worth in a low hand; here it plays as the lowest rank the hand's natural
cards lack (the usual home rule: a wild card is the best card for the hand).

Why that is the best low: a low is judged by its highest card, then the next,
so the best five distinct ranks are the lowest ones the hand can have; the wild
cards each add one rank the natural cards lack, and the lowest missing ranks
dominate any other choice card by card.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from engine.cards import ACE, check_distinct
from engine.hands.rankings import LowRanking
from engine.hands.showdown import ShowdownScores

# Ranks from the lowest low card up: the ace, then the two to the king.
_LOW_ORDER = (ACE, *range(ACE))


def with_wilds_as_lowest(cards: Sequence[int], wild: Collection[int]) -> list[int]:
    """``cards`` with each card of a ``wild`` rank replaced by a card of the lowest rank
    the natural cards lack (suits do not count in this low, so any suit will do)."""
    natural = [c for c in cards if c >> 2 not in wild]
    wilds = len(cards) - len(natural)
    if not wilds:
        return list(cards)
    held = {c >> 2 for c in natural}
    missing = [rank for rank in _LOW_ORDER if rank not in held]
    return natural + [rank * 4 for rank in missing[:wilds]]


def low_scores(
    hands: Mapping[int, Sequence[int]],
    *,
    wild: Collection[int] = (),
    ranking: LowRanking | None = None,
) -> ShowdownScores:
    """Every seat's ace-to-five low (higher strength is the better low), wild ranks counted."""
    from engine.hands.evaluate import evaluate

    check_distinct([card for cards in hands.values() for card in cards])
    rated = ranking or LowRanking()
    values = {s: evaluate(with_wilds_as_lowest(cards, wild), rated) for s, cards in hands.items()}
    return ShowdownScores(
        scores={s: v.strength for s, v in values.items()},
        names={s: v.name() for s, v in values.items()},
        values=values,
    )
