"""The showdown's lines of a replay in the page's language.

The engine writes a shown hand's name in English into its log ("two pair,
fives and fours"; a win as "main pot, two pair, ..."); the replay rates the
shown hands again (:func:`engine.games.payout.rate_hands`) and names them
with :func:`gamenight.engine_words.hand_name`. A line it cannot match (a
high/low or declared showdown) keeps the engine's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from engine.errors import EngineError
from engine.games.payout import rate_hands
from engine.games.state import HandState
from gamenight.engine_words import hand_name, pot_name

_POT: Final = re.compile(r"^(main pot|side pot (\d+)), (.+)$")


def shown_names(end: HandState) -> dict[str, str]:
    """Each shown hand's English name -> its name in the page's language."""
    if len(end.shown) < 2 or end.rules.low is not None:
        return {}
    try:
        rated = rate_hands(end, end.shown)
    except EngineError:
        return {}
    return {
        rated.names[seat]: hand_name(rated.values.get(seat), rated.names[seat])
        for seat in end.shown
        if seat in rated.names
    }


def local_text(event: Mapping[str, Any], names: Mapping[str, str], text: Any) -> Any:
    """The line's words for a show or a win, translated where they can be."""
    raw = str(event["text"])
    if event["kind"] == "show" and raw in names:
        return names[raw]
    if event["kind"] == "win":
        match = _POT.match(raw)
        if match and match.group(3) in names:
            index = int(match.group(2) or 0)
            return f"{pot_name(index)}, {names[match.group(3)]}"
    return text
