"""The cards typed into a recording form, read for the whole table at once.

Ranks alone are allowed, as the rule sheets and the command line write hands
(``K K 9 3``): :func:`engine.cards.parse_hands` gives each a suit no other hand
holds, so two players' bare kings never become the same card, and spreads them
over the suits so that they never make a flush (without suits a flush cannot be
told). Every error is worded in the page's language and names the field it
belongs to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext

from engine.cards import parse_hands
from engine.errors import CardError
from gamenight.engine_words import error_text

# The cards in the middle: they belong to every hand (Spit's card, a board).
SHARED_FIELDS = ("spit", "board")


@dataclass
class TableCards:
    """Each field's cards, or the first error found and the field it belongs to."""

    cards: dict[str, tuple[int, ...]] = field(default_factory=dict)
    error_field: str | None = None
    error: str = ""


def read_table_cards(texts: Mapping[str, str], names: Mapping[str, str]) -> TableCards:
    """Read ``texts`` (by field name: ``spit``, ``board``, ``cards_12``); ``names`` gives
    the player of each row's field, to name them in a message."""
    typed = {key: text for key, text in texts.items() if text.strip()}
    try:
        parsed = parse_hands(typed, shared=[k for k in SHARED_FIELDS if k in typed])
    except CardError as error:
        return TableCards(error_field=error.where, error=card_message(error, names))
    return TableCards(cards={key: tuple(int(c) for c in parsed.get(key, ())) for key in texts})


def card_message(error: CardError, names: Mapping[str, str]) -> str:
    """The error in the page's language, with the player whose cards it is in."""
    text = error_text(error)
    other = error.params.get("other")
    if error.code == "card_twice" and isinstance(other, str):
        if other in names:
            text = gettext("%(twice)s: %(name)s has it too") % {"twice": text, "name": names[other]}
        elif other == "board":
            text = gettext("%(twice)s: it is on the board too") % {"twice": text}
        elif other == "spit":
            text = gettext("%(twice)s: it is the card in the middle too") % {"twice": text}
    name = names.get(error.where or "")
    return f"{name}: {text}" if name else text
