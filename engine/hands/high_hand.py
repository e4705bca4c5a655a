"""The best high hand from rank counts and wild cards (rulings 2 to 4).

Everything here works on *shapes*, not on cards: how many natural cards of each
rank are held, how many wild cards, and for flushes which ranks of one suit are
held. A shape decides the strength, so the fast evaluator can memoise on it;
:func:`materialise` turns a shape's answer back into the cards a person sees.

The best hand is either all of one suit (flush, straight flush) or not. The
non-flush best depends only on rank counts: a wild may stand for any card not
already among the five, and that constraint only bites inside one suit, so it
is handled by :func:`best_flush`; five of a kind is the one place a wild may
repeat a held card (8 8 8 9 3 with 9s and 3s wild: five eights).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine.cards import ACE, ALL_CARDS, FIVE, Card
from engine.hands.categories import Category, encode

DESCENDING: Final = tuple(range(12, -1, -1))
# Straights from the top: A-K-Q-J-10 down to the wheel 5-4-3-2-A.
STRAIGHTS: Final = tuple(
    tuple(top - i if top - i >= 0 else ACE for i in range(5)) for top in range(12, FIVE - 1, -1)
)


@dataclass(frozen=True, slots=True)
class Made:
    """A made hand: its category, the rank of each card position, the flush suit if any.

    ``ranks`` lists the positions in order of importance (groups first, then
    kickers from the top; a straight from its top card), one entry per card
    used, so an incomplete hand has fewer than five.
    """

    category: Category
    ranks: tuple[int, ...]
    suit: int | None = None

    @property
    def strength(self) -> int:
        return encode(self.category, deciding_values(self.category, self.ranks))


def deciding_values(category: Category, ranks: Sequence[int]) -> list[int]:
    """The tie-break values (``rank + 1``) of a made hand, see :mod:`engine.hands.categories`."""
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.FIVE_OF_A_KIND):
        return [ranks[0] + 1]
    values: list[int] = []
    previous = -1
    for r in ranks:
        # Groups are listed together, so a repeated rank is the same group.
        if r != previous or category in (Category.FLUSH, Category.HIGH_CARD):
            values.append(r + 1)
        previous = r
    return values


def _naturals_desc(counts: Sequence[int], exclude: tuple[int, ...]) -> list[int]:
    """Natural ranks held, with repeats, from the top, leaving out ``exclude``."""
    return [r for r in DESCENDING if r not in exclude for _ in range(counts[r])]


def _group(counts: Sequence[int], wild: int, size: int, n: int, cards: int) -> Made | None:
    """The best hand of one group of ``size`` of a rank plus kickers (quads, trips, pair)."""
    for r in DESCENDING:
        if counts[r] + wild >= size:
            kickers = _naturals_desc(counts, (r,))[: cards - size]
            category = {4: Category.FOUR_OF_A_KIND, 3: Category.THREE_OF_A_KIND}.get(
                size, Category.PAIR
            )
            return Made(category, (r,) * size + tuple(kickers))
    return None


def _two_groups(
    counts: Sequence[int], wild: int, first: int, second: int, cards: int
) -> Made | None:
    """The best full house (3+2) or two pair (2+2) with kicker, wilds filling the groups."""
    for a in DESCENDING:
        need_a = max(0, first - counts[a])
        if need_a > wild:
            continue
        for b in DESCENDING:
            if b == a or (first == second and b > a):
                continue
            if need_a + max(0, second - counts[b]) <= wild:
                kickers = _naturals_desc(counts, (a, b))[: cards - first - second]
                category = Category.FULL_HOUSE if first == 3 else Category.TWO_PAIR
                return Made(category, (a,) * first + (b,) * second + tuple(kickers))
    return None


def best_plain(counts: Sequence[int], wild: int) -> Made:
    """The best hand ignoring suits (everything but flushes) from 13 rank counts and wilds.

    With fewer than five cards only groups and high cards exist (ruling 4).
    Wilds never sit idle as kickers: a spare wild always improves a group,
    so kickers are natural cards, except a lone wild, which is an ace.
    """
    n = sum(counts) + wild
    cards = min(n, 5)
    if n >= 5:
        for r in DESCENDING:
            if counts[r] + wild >= 5:
                return Made(Category.FIVE_OF_A_KIND, (r,) * 5)
    if n >= 4 and (made := _group(counts, wild, 4, n, cards)):
        return made
    if n >= 5:
        if made := _two_groups(counts, wild, 3, 2, cards):
            return made
        for straight in STRAIGHTS:
            if sum(1 for r in straight if not counts[r]) <= wild:
                return Made(Category.STRAIGHT, straight)
    if n >= 3 and (made := _group(counts, wild, 3, n, cards)):
        return made
    if n >= 4 and (made := _two_groups(counts, wild, 2, 2, cards)):
        return made
    if n >= 2 and (made := _group(counts, wild, 2, n, cards)):
        return made
    if wild:  # a lone wild card shows as an ace
        return Made(Category.HIGH_CARD, (ACE,))
    return Made(Category.HIGH_CARD, tuple(_naturals_desc(counts, ())[:cards]))


def best_flush(held: Sequence[int] | frozenset[int], wild: int, suit: int) -> Made | None:
    """The best straight flush or flush in ``suit`` from the natural ranks ``held`` in it.

    A wild fills a rank missing in that suit, never a card already held, and
    takes the highest such rank (ruling 3).
    """
    held_set = frozenset(held)
    if len(held_set) + wild < 5:
        return None
    for straight in STRAIGHTS:
        if sum(1 for r in straight if r not in held_set) <= wild:
            return Made(Category.STRAIGHT_FLUSH, straight, suit)
    ranks: list[int] = []
    spare = wild
    for r in DESCENDING:
        if r in held_set:
            ranks.append(r)
        elif spare:
            ranks.append(r)
            spare -= 1
        if len(ranks) == 5:
            break
    return Made(Category.FLUSH, tuple(ranks), suit)


# Explaining a hand (the command line, the web pages) repeats the same shapes
# over and over; the fast path has its own tables, this is for the rich path.
_best_plain_of_shape = lru_cache(maxsize=1 << 16)(best_plain)
_best_flush_of_shape = lru_cache(maxsize=1 << 14)(best_flush)


def best_high(cards: Sequence[int], wild_ranks: frozenset[int]) -> Made:
    """The best high hand of any number of cards, ``wild_ranks`` wild."""
    counts = [0] * 13
    by_suit: list[list[int]] = [[], [], [], []]
    wild = 0
    for c in cards:
        rank = c >> 2
        if rank in wild_ranks:
            wild += 1
        else:
            counts[rank] += 1
            by_suit[c & 3].append(rank)
    best = _best_plain_of_shape(tuple(counts), wild)
    if len(cards) >= 5:
        for suit, held in enumerate(by_suit):
            flush = _best_flush_of_shape(frozenset(held), wild, suit)
            if flush and flush.strength > best.strength:
                best = flush
    return best


@dataclass(frozen=True, slots=True)
class BestCard:
    """One card of the hand used: the card held and, for a wild, the card it stands for."""

    card: Card
    stands_for: Card
    wild: bool = False

    def format(self, *, lang: str = "en", symbols: bool | None = None) -> str:
        """``Ks`` or, for a wild, ``Ks (9h)``: the card it stands for, then the wild."""
        text = self.stands_for.format(lang=lang, symbols=symbols)
        if self.wild:
            text += f" ({self.card.format(lang=lang, symbols=symbols)})"
        return text


def materialise(
    made: Made, cards: Sequence[int], wild_ranks: frozenset[int]
) -> tuple[BestCard, ...]:
    """The cards that make ``made``, each wild shown as the card it stands for."""
    naturals = sorted((c for c in cards if c >> 2 not in wild_ranks), reverse=True)
    wilds = sorted((c for c in cards if c >> 2 in wild_ranks), reverse=True)
    used: list[tuple[int, int]] = []  # (card held, card shown); wilds are the held wild ranks
    for rank in made.ranks:
        match = next(
            (c for c in naturals if c >> 2 == rank and (made.suit is None or c & 3 == made.suit)),
            None,
        )
        if match is not None:
            naturals.remove(match)
            used.append((match, match))
            continue
        wild_card = wilds.pop(0)
        if made.suit is not None:
            used.append((wild_card, rank * 4 + made.suit))
            continue
        taken = {shown & 3 for _, shown in used if shown >> 2 == rank}
        # Only five of a kind runs out of suits; it may repeat a held card.
        suit = next((s for s in range(4) if s not in taken), 0)
        used.append((wild_card, rank * 4 + suit))
    if made.category is Category.STRAIGHT:
        used = _unsuit_straight(used, wild_ranks)
    return tuple(
        BestCard(ALL_CARDS[held], ALL_CARDS[shown], held >> 2 in wild_ranks) for held, shown in used
    )


def _unsuit_straight(
    used: list[tuple[int, int]], wild_ranks: frozenset[int]
) -> list[tuple[int, int]]:
    """Give a wild in a plain straight another suit, so the display is not a straight flush."""
    if len({shown & 3 for _, shown in used}) > 1:
        return used
    for i, (held, shown) in enumerate(used):
        if held >> 2 in wild_ranks:  # a natural card is never changed
            used[i] = (held, (shown & ~3) | ((shown + 1) & 3))
            break
    return used
