"""Rankings of short hands: two- and three-card Guts (ruling 5) and ace-to-five low (ruling 6)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from engine.cards import ACE, THREE, TWO
from engine.errors import EngineError
from engine.hands.categories import Category, encode
from engine.hands.high_hand import Made
from engine.hands.rankings import Guts2Ranking, Guts3Ranking, LowRanking

# The tier of each category in a low hand measures how bad it is: the order of
# high poker, so a pair is worse than no pair and a five-card flush (when it counts)
# is worse than three of a kind; a three-card flush is three-card Guts' (ruling 18).
_LOW_WORST: int = encode(10, ())


def best_of(
    cards: Sequence[int], size: int, rank: Callable[[Sequence[int]], tuple[Made, int]]
) -> tuple[Made, int]:
    """The best ``size`` cards of a hand under ``rank`` (Psycho Shelby: best two of three)."""
    if len(cards) < size:
        raise EngineError(
            f"this hand needs at least {size} cards, not {len(cards)}",
            code="hand_too_short",
            params={"wanted": size, "count": len(cards)},
        )
    return max((rank(chosen) for chosen in combinations(cards, size)), key=lambda r: r[1])


def guts2(cards: Sequence[int], ranking: Guts2Ranking) -> tuple[Made, int]:
    """The best two cards: a pair beats no pair, then the higher card, then the lower."""
    del ranking  # no options
    return best_of(cards, 2, _guts2_exact)


def _guts2_exact(cards: Sequence[int]) -> tuple[Made, int]:
    high, low = sorted((c >> 2 for c in cards), reverse=True)
    if high == low:
        made = Made(Category.PAIR, (high, low))
        return made, encode(1, (high + 1,))
    return Made(Category.HIGH_CARD, (high, low)), encode(0, (high + 1, low + 1))


def _guts3_tiers(ranking: Guts3Ranking) -> dict[Category, int]:
    order = [
        Category.HIGH_CARD,
        Category.PAIR,
        Category.FLUSH,
        Category.STRAIGHT,
        Category.STRAIGHT_FLUSH,
        Category.THREE_OF_A_KIND,
    ]
    if ranking.flush_over_straight:
        order[2], order[3] = order[3], order[2]
    if ranking.straight_flush_over_trips:
        order[4], order[5] = order[5], order[4]
    return {category: tier for tier, category in enumerate(order)}


def guts3(cards: Sequence[int], ranking: Guts3Ranking) -> tuple[Made, int]:
    """The best three cards; A-2-3 (three high) and Q-K-A are straights."""
    tiers = _guts3_tiers(ranking)
    return best_of(cards, 3, lambda chosen: _guts3_exact(chosen, tiers))


def _guts3_exact(cards: Sequence[int], tiers: dict[Category, int]) -> tuple[Made, int]:
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    counts = Counter(ranks)
    flush = len({c & 3 for c in cards}) == 1
    straight_top: int | None = None
    if len(counts) == 3:
        if ranks[0] - ranks[2] == 2:
            straight_top = ranks[0]
        elif ranks == [ACE, THREE, TWO]:
            straight_top = THREE
    made: Made
    if len(counts) == 1:
        made = Made(Category.THREE_OF_A_KIND, tuple(ranks))
        values = [ranks[0] + 1]
    elif straight_top is not None:
        category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
        shown = (THREE, TWO, ACE) if straight_top == THREE else tuple(ranks)
        made = Made(category, shown)
        values = [straight_top + 1]
    elif len(counts) == 2:
        pair = counts.most_common(1)[0][0]
        kicker = next(r for r in ranks if r != pair)
        made = Made(Category.PAIR, (pair, pair, kicker))
        values = [pair + 1, kicker + 1]
    else:
        made = Made(Category.FLUSH if flush else Category.HIGH_CARD, tuple(ranks))
        values = [r + 1 for r in ranks]
    if made.category is Category.FLUSH or made.category is Category.STRAIGHT_FLUSH:
        made = Made(made.category, made.ranks, cards[0] & 3)
    return made, encode(tiers[made.category], values)


def _low_value(rank: int) -> int:
    """Aces count one, the lowest card, in a low hand."""
    return 1 if rank == ACE else rank + 2


def _low_shape(cards: Sequence[int], flushes_count: bool) -> tuple[int, Made]:
    """How bad a low hand is (higher is worse) and its made hand."""
    counts = Counter(c >> 2 for c in cards)
    # Groups first (bigger groups first), then the rest from the highest low value.
    order = sorted(counts, key=lambda r: (counts[r], _low_value(r)), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    category = {
        (4,): Category.FOUR_OF_A_KIND,
        (3, 2): Category.FULL_HOUSE,
        (3,): Category.THREE_OF_A_KIND,
        (2, 2): Category.TWO_PAIR,
        (2,): Category.PAIR,
    }.get(tuple(n for n in shape if n > 1), Category.HIGH_CARD)
    tier = category
    if (
        flushes_count
        and len(cards) >= 3
        and len({c & 3 for c in cards}) == 1
        and category < Category.FLUSH
    ):
        category = Category.FLUSH
        # Ruling 18: a three-card flush ranks as in three-card Guts, between a pair and
        # three of a kind (worse than any pair as a low); five cards as in high poker.
        tier = Category.TWO_PAIR if len(cards) == 3 else Category.FLUSH
    ranks = tuple(r for r in order for _ in range(counts[r]))
    badness = encode(tier, [_low_value(r) for r in order])
    return badness, Made(category, ranks)


def low(cards: Sequence[int], ranking: LowRanking) -> tuple[Made, tuple[int, ...], int]:
    """The best ace-to-five low of ``ranking.size`` cards: its made hand, the cards, strength."""
    size = min(ranking.size, len(cards))
    best: tuple[int, Made, tuple[int, ...]] | None = None
    for chosen in combinations(cards, size):
        badness, made = _low_shape(chosen, ranking.flushes_count)
        if best is None or badness < best[0]:
            best = (badness, made, chosen)
    if best is None:
        raise EngineError("a low hand needs at least one card", code="hand_empty")
    badness, made, chosen = best
    return made, chosen, _LOW_WORST - badness
