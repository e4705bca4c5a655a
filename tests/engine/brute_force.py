"""An independent, slow reference evaluator for the standard (high) ranking with wild ranks.

It shares nothing with ``engine.hands.evaluate``: only the card codes (``rank * 4 + suit``)
and :func:`engine.hands.categories.encode`, whose docstring specifies the strength integer.
The rules are RULINGS 2 to 4, applied by enumeration:

- five or more cards: every choice of the five cards used; every card a wild may
  stand for (a card not among the naturals used, any rank, and a held rank again
  only for five of a kind); the natural five evaluated by textbook rules; the best wins;
- fewer than five cards: all of them, wilds standing for any rank; only high card,
  pair, two pair, three and four of a kind exist; a missing card counts 0.

The enumeration is kept brute force, with these shortcuts only:

- every wild card held is used (a wild can always stand for the natural card it
  would replace, so using one more wild never loses);
- wild cards are interchangeable: their substitutes are multisets
  (``combinations_with_replacement``), not sequences;
- the hand without a flush depends on ranks alone, so the wilds get ranks there
  (any rank multiset is reachable with distinct cards: a rank can take at most
  four cards, the fifth is five of a kind, which the rules allow); flushes and
  straight flushes are enumerated separately with same-suit cards the naturals
  used do not already hold;
- results are memoised on the sorted ranks, whether the naturals share a suit,
  and the number of wilds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

from engine.hands.categories import encode

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE = range(
    10
)
ACE = 12
RANKS = range(13)


def _straight_top(ranks: Sequence[int]) -> int | None:
    """The top rank of a five-rank straight (the five for A-2-3-4-5), else None."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[-1] - distinct[0] == 4:
        return distinct[-1]
    if distinct == [0, 1, 2, 3, ACE]:
        return 3
    return None


def _grouped(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """(count, rank) pairs, most important first: larger groups, then higher ranks."""
    return sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)


def value_of_five(ranks: Sequence[int], suited: bool) -> int:
    """Textbook value of five natural cards (ranks 0..12; ``suited``: all one suit).

    A rank may appear five times: that is five of a kind, which only wilds make.
    """
    assert len(ranks) == 5
    groups = _grouped(ranks)
    counts = [n for n, _ in groups]
    order = [r + 1 for _, r in groups]
    top = _straight_top(ranks)
    if counts[0] == 5:
        return encode(FIVE, order)
    if suited and top is not None:
        return encode(STRAIGHT_FLUSH, [top + 1])
    if counts[0] == 4:
        return encode(QUADS, order)
    if counts == [3, 2]:
        return encode(FULL_HOUSE, order)
    if suited:
        return encode(FLUSH, sorted((r + 1 for r in ranks), reverse=True))
    if top is not None:
        return encode(STRAIGHT, [top + 1])
    if counts[0] == 3:
        return encode(TRIPS, order)
    if counts[:2] == [2, 2]:
        return encode(TWO_PAIR, order)
    if counts[0] == 2:
        return encode(PAIR, order)
    return encode(HIGH_CARD, order)


def value_of_incomplete(ranks: Sequence[int]) -> int:
    """Value of one to four natural cards (RULING 4): groups only, missing cards count 0."""
    assert 1 <= len(ranks) <= 4
    groups = _grouped(ranks)
    counts = [n for n, _ in groups]
    order = [r + 1 for _, r in groups]
    if counts[0] == 4:
        return encode(QUADS, order)
    if counts[0] == 3:
        return encode(TRIPS, order)
    if counts[:2] == [2, 2]:
        return encode(TWO_PAIR, order)
    if counts[0] == 2:
        return encode(PAIR, order)
    return encode(HIGH_CARD, order)


@cache
def _best_by_ranks(natural_ranks: tuple[int, ...], wilds: int) -> int:
    """Best value of naturals + wilds when the wilds take ranks (no flush considered)."""
    best = 0
    incomplete = len(natural_ranks) + wilds < 5
    for sub in combinations_with_replacement(RANKS, wilds):
        ranks = natural_ranks + sub
        value = value_of_incomplete(ranks) if incomplete else value_of_five(ranks, False)
        best = max(best, value)
    return best


@cache
def _best_flush(natural_ranks: tuple[int, ...], wilds: int) -> int:
    """Best flush or straight flush of naturals of one suit plus wilds of that suit.

    The wilds must be distinct cards of that suit that the naturals do not hold.
    """
    free = [r for r in RANKS if r not in natural_ranks]
    return max(value_of_five(natural_ranks + sub, True) for sub in combinations(free, wilds))


@cache
def _best_five(natural_ranks: tuple[int, ...], suited: bool, wilds: int) -> int:
    best = _best_by_ranks(natural_ranks, wilds)
    if suited:
        best = max(best, _best_flush(natural_ranks, wilds))
    return best


def brute_strength(cards: Iterable[int], wild: Iterable[int] = ()) -> int:
    """The strength of a hand under the standard ranking with the given wild ranks."""
    wild_ranks = frozenset(wild)
    cards = list(cards)
    if not cards:
        raise ValueError("a hand needs at least one card")
    if len(set(cards)) != len(cards):
        raise ValueError(f"duplicate card in {cards}")
    naturals = [c for c in cards if c >> 2 not in wild_ranks]
    wilds = len(cards) - len(naturals)
    if len(cards) < 5:
        return _best_by_ranks(tuple(sorted(c >> 2 for c in naturals)), wilds)
    used_wilds = min(wilds, 5)
    best = 0
    for chosen in combinations(naturals, 5 - used_wilds):
        ranks = tuple(sorted(c >> 2 for c in chosen))
        suited = len({c & 3 for c in chosen}) <= 1
        best = max(best, _best_five(ranks, suited, used_wilds))
    return best


def brute_category(strength: int) -> int:
    """The tier of a strength (equal to the :class:`engine.hands.categories.Category` value)."""
    return strength // 14**5
