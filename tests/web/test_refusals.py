"""A sentence a person reads is written once: a refusal more than one place gives
lives in its area's table (gamenight/services/errors.py for the workflows,
gamenight/pages/refusals.py for the pages), and an engine error becomes words
in one place (gamenight/engine_words/errors.py, through refusal_text and
IllegalMoveError.worded)."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

import gamenight
from engine.cards import parse_card
from engine.errors import CardError
from gamenight.pages import refusals
from gamenight.services import errors
from gamenight.services.digital_errors import IllegalMoveError

PACKAGE = Path(gamenight.__file__).parent
# A gettext call and its (possibly implicitly joined) string literal.
_CALL = re.compile(r"\b(?:gettext|gettext_lazy|_|pgettext|ngettext)\(\s*((?:\"[^\"\n]*\"\s*)+)")
# The engine's words keep their own tables by code (gamenight/engine_words/).
_OWN_TABLES = ("engine_words", "migrations")


def _sentences() -> dict[str, list[str]]:
    """Every sentence (four words or more) given to gettext, with where it is written."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(part in path.parts for part in _OWN_TABLES):
            continue
        text = path.read_text()
        for call in _CALL.finditer(text):
            sentence = "".join(re.findall(r"\"([^\"]*)\"", call.group(1)))
            if len(sentence.split()) >= 4:
                line = text.count("\n", 0, call.start()) + 1
                found[sentence].append(f"{path.relative_to(PACKAGE)}:{line}")
    return found


def test_no_sentence_is_written_twice() -> None:
    twice = {text: where for text, where in _sentences().items() if len(where) > 1}
    assert twice == {}, "write it once, in its area's REFUSALS table"


def test_the_scanner_sees_a_sentence_split_over_lines() -> None:
    assert "this request key was already used for something else: reload the page and retry" in (
        _sentences()
    )


@pytest.mark.parametrize("table", [errors.REFUSALS, refusals.REFUSALS], ids=["services", "pages"])
def test_every_refusal_of_a_table_is_given_somewhere(table: dict[str, object]) -> None:
    sources = "\n".join(p.read_text() for p in PACKAGE.rglob("*.py"))
    # Its key written once where the table is, at least once where it is given.
    unused = [code for code in table if sources.count(f'"{code}"') < 2]
    assert unused == []


def test_a_refused_write_is_worded_in_the_page_s_language() -> None:
    with pytest.raises(CardError) as caught:
        parse_card("Zz")
    with translation.override("de"):
        engine = refusals.refusal_text(caught.value)
        move = str(IllegalMoveError.worded(caught.value))
        ledger = refusals.refusal_text(errors.LedgerError(str(errors.REFUSALS["night_closed"])))
        form = refusals.refusal_text(ValidationError(["a", "b"]))
    assert engine == move
    assert engine != str(caught.value)  # German, not the engine's English
    assert ledger == "Der Abend ist beendet: Es kann nichts mehr eingetragen werden"
    assert form == "a b"
