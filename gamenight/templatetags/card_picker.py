"""The tap card picker's buttons (templates/recording/_cards_field.html) in the reader's
notation: German ranks D (Dame) and B (Bube) and suit symbols, English Q, J and letters."""

from __future__ import annotations

from dataclasses import dataclass

from django import template
from django.utils.translation import get_language, gettext

from engine.cards import ACE, RANK_CHARS, SUIT_CHARS, SUIT_SYMBOLS, TEN, Card

register = template.Library()


@dataclass(frozen=True)
class PickerRank:
    token: str
    """What a tap appends to the field; :func:`engine.cards.parse_rank` reads it."""
    code: int
    """The rank, 0 (two) to 12 (ace), as the script compares cards."""


@dataclass(frozen=True)
class PickerSuit:
    token: str
    symbol: str
    name: str
    code: int
    red: bool


def _german() -> bool:
    return (get_language() or "en").startswith("de")


@register.simple_tag
def picker_ranks() -> list[PickerRank]:
    """Ace first, as a hand is read out, down to the two."""
    ranks = []
    for rank in range(ACE, -1, -1):
        if rank == TEN:
            token = "10"
        elif _german():
            token = Card(rank, 0).format(lang="de")[:-1]
        else:
            token = RANK_CHARS[rank]
        ranks.append(PickerRank(token=token, code=rank))
    return ranks


@register.simple_tag
def picker_suits() -> list[PickerSuit]:
    names = (gettext("spades"), gettext("hearts"), gettext("diamonds"), gettext("clubs"))
    tokens = SUIT_SYMBOLS if _german() else SUIT_CHARS
    return [
        PickerSuit(token=tokens[s], symbol=SUIT_SYMBOLS[s], name=names[s], code=s, red=s in (1, 2))
        for s in range(4)
    ]
