"""Every text the engine produces that a person reads, in the page's language.

The engine words its errors, reasons, log lines and explanations in English and
gives each a ``code`` and ``params``; the modules here turn them into the
reader's language, and print cards in the reader's notation (:mod:`.cards`).
"""

from __future__ import annotations

from gamenight.engine_words.cards import card_text, cards_text, token_card_text
from gamenight.engine_words.errors import error_text
from gamenight.engine_words.reasons import hand_name, pot_name, reason_text
from gamenight.engine_words.words import join_names

__all__ = [
    "card_text",
    "cards_text",
    "error_text",
    "hand_name",
    "join_names",
    "pot_name",
    "reason_text",
    "token_card_text",
]
