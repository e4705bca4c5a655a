"""The engine's sentences in the page's language: kept for the modules that import
it by this name; the words live in :mod:`gamenight.engine_words`."""

from __future__ import annotations

from gamenight.engine_words import (
    error_text,
    hand_name,
    join_names,
    pot_name,
    reason_text,
)

__all__ = ["error_text", "hand_name", "join_names", "pot_name", "reason_text"]
