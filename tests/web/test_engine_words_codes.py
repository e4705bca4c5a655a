"""Every code the engine's errors can carry is worded in English and German (issue 15).

The codes come from the engine's source (tests/helpers/error_codes.py walks it with
``ast``), so a new error in the engine fails here until the web words it.
"""

from __future__ import annotations

import re

from django.utils import translation
from helpers.error_codes import engine_error_codes

from engine.games.hand_actions import VERBS as ENGINE_VERBS
from engine.table_hand.model import Move
from gamenight.engine_words.errors import ERROR_MESSAGES, VERBS
from gamenight.engine_words.message import texts

_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def _in(lang: str, text: object) -> str:
    with translation.override(lang):
        return str(text)


def test_every_code_the_engine_raises_has_a_wording() -> None:
    codes = engine_error_codes()
    assert len(codes) > 150
    assert sorted(codes - set(ERROR_MESSAGES)) == []


def test_every_wording_has_a_german_text_with_the_same_placeholders() -> None:
    untranslated = []
    for code, message in ERROR_MESSAGES.items():
        for text in texts(message):
            english, german = _in("en", text), _in("de", text)
            if german == english or set(_PLACEHOLDER.findall(german)) != set(
                _PLACEHOLDER.findall(english)
            ):
                untranslated.append(f"{code}: {english}")
    assert untranslated == []


def test_every_verb_a_refusal_names_is_translated() -> None:
    from engine.table_hand.replay import _verb

    engine_verbs = set(ENGINE_VERBS.values()) | {_verb(move) for move in Move} | {"leave the hand"}
    assert sorted(engine_verbs - set(VERBS)) == []
    assert not [v for v in VERBS.values() if _in("de", v) == _in("en", v)]
