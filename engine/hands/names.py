"""Names of made hands in English and German, as players say them at the table."""

from __future__ import annotations

from engine.cards import ACE, rank_name
from engine.hands.categories import Category
from engine.hands.high_hand import Made

_LOW_CHARS = {"en": "23456789TJQKA", "de": "23456789TBDKA"}


def hand_name(made: Made, *, lang: str = "en", low: bool = False) -> str:
    """``four of a kind, kings`` / ``Vierling, Könige``; a low hand as ``7-5-3 low``."""
    de = lang == "de"
    if low and not made.ranks:  # eight or better: no qualifying low
        return "kein Low" if de else "no low"
    if low and made.category is Category.HIGH_CARD:
        ranks = "-".join(_low_rank(r, lang) for r in made.ranks)
        return f"Low {ranks}" if de else f"{ranks} low"
    text = _high_name(made, de=de)
    if low:
        return f"{text} (Low)" if de else f"{text} (low)"
    return text


def _low_rank(rank: int, lang: str) -> str:
    return "10" if rank == 8 else _LOW_CHARS[lang][rank]


def _high_name(made: Made, *, de: bool) -> str:
    lang = "de" if de else "en"
    ranks = made.ranks

    def one(i: int) -> str:
        return rank_name(ranks[i], lang=lang)

    def many(rank: int) -> str:
        return rank_name(rank, lang=lang, plural=True)

    category = made.category
    groups = [r for i, r in enumerate(ranks) if i == 0 or r != ranks[i - 1]]
    if category is Category.STRAIGHT_FLUSH and ranks[0] == ACE:
        return "Royal Flush" if de else "royal flush"
    if category is Category.STRAIGHT_FLUSH:
        return f"Straight Flush bis {one(0)}" if de else f"straight flush, {one(0)} high"
    if category is Category.STRAIGHT:
        return f"Straße bis {one(0)}" if de else f"straight, {one(0)} high"
    if category is Category.FLUSH:
        return f"Flush mit {one(0)}" if de else f"flush, {one(0)} high"
    if category is Category.FIVE_OF_A_KIND:
        return f"Fünfling, {many(ranks[0])}" if de else f"five of a kind, {many(ranks[0])}"
    if category is Category.FOUR_OF_A_KIND:
        return f"Vierling, {many(ranks[0])}" if de else f"four of a kind, {many(ranks[0])}"
    if category is Category.FULL_HOUSE:
        a, b = many(groups[0]), many(groups[1])
        return f"Full House, {a} und {b}" if de else f"full house, {a} over {b}"
    if category is Category.THREE_OF_A_KIND:
        return f"Drilling, {many(ranks[0])}" if de else f"three of a kind, {many(ranks[0])}"
    if category is Category.TWO_PAIR:
        a, b = many(groups[0]), many(groups[1])
        return f"Zwei Paare, {a} und {b}" if de else f"two pair, {a} and {b}"
    if category is Category.PAIR:
        return f"Paar, {many(ranks[0])}" if de else f"pair of {many(ranks[0])}"
    return f"Höchste Karte: {one(0)}" if de else f"high card, {one(0)}"
