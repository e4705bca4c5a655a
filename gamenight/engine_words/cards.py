"""Cards in the reader's notation: the one formatter of the web app.

German: ``D♠ B♥ K♦ A♣ 10♠``; English: ``Q♠ J♥ K♦ A♣ 10♠``. Errors, previews, the
digital pages and reports all print cards through :func:`card_text`, and the engine
hands cards over as card codes (``engine.cards.Card``), never as formatted text.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import ALL_CARDS, Card, parse_card
from engine.errors import EngineError
from gamenight.engine_words.words import lang


def card_text(card: int) -> str:
    """One card (a code 0..51) as the reader writes it."""
    if not 0 <= card < 52:
        return str(card)
    if lang() == "de":
        return ALL_CARDS[card].format(lang="de")
    return ALL_CARDS[card].format(symbols=True).replace("T", "10", 1)


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_text(card) for card in cards)


def token_card_text(token: str) -> str:
    """A card the engine's views give as a token (``Qh``); an unreadable token as it is."""
    try:
        card: Card = parse_card(token)
    except EngineError:
        return token
    return card_text(card)
