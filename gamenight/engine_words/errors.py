"""An engine error in the page's language, from its code and parameters.

A code this module does not know (or an error without one) falls back to the
engine's English text, so that a new error in the engine never breaks a page;
the catalogue's test makes sure no code the engine raises is left unknown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from engine.cards import Card, rank_name
from gamenight.engine_words.cards import card_text
from gamenight.engine_words.error_messages_play import PLAY_MESSAGES
from gamenight.engine_words.error_messages_record import (
    CARD_MESSAGES,
    CHIP_MESSAGES,
    POT_GAME_MESSAGES,
    SHOWDOWN_MESSAGES,
)
from gamenight.engine_words.message import Message, pick
from gamenight.engine_words.words import join_names, lang, player_name
from gamenight.games import game_title, option_label

ERROR_MESSAGES: Final[dict[str, Message]] = {
    **PLAY_MESSAGES,
    **CARD_MESSAGES,
    **SHOWDOWN_MESSAGES,
    **CHIP_MESSAGES,
    **POT_GAME_MESSAGES,
}

# What a refusal says the player cannot do ("Ben cannot {verb}: ..."): the engine's
# English phrases (engine.games.hand_actions.VERBS, the table hand's moves).
VERBS: Final[dict[str, Promise]] = {
    "check": gettext_lazy("check"),
    "call": gettext_lazy("call"),
    "bet": gettext_lazy("bet"),
    "raise": gettext_lazy("raise"),
    "fold": gettext_lazy("fold"),
    "go all-in": gettext_lazy("go all-in"),
    "bring it in": gettext_lazy("bring it in"),
    "pay the pot": gettext_lazy("pay the pot"),
    "buy the extra card": gettext_lazy("buy the extra card"),
    "decline the extra card": gettext_lazy("decline the extra card"),
    "buy the walk": gettext_lazy("buy the walk"),
    "flip": gettext_lazy("flip"),
    "draw": gettext_lazy("draw"),
    "be in": gettext_lazy("be in"),
    "be out": gettext_lazy("be out"),
    "hold": gettext_lazy("hold"),
    "drop": gettext_lazy("drop"),
    "switch the game": gettext_lazy("switch the game"),
    "keep the game": gettext_lazy("keep the game"),
    "buy an extra card": gettext_lazy("buy an extra card"),
    "decline an extra card": gettext_lazy("decline an extra card"),
    "call Spit": gettext_lazy("call Spit"),
    "pass": gettext_lazy("pass"),
    "claim the extra card": gettext_lazy("claim the extra card"),
    "declare high": gettext_lazy("declare high"),
    "declare low": gettext_lazy("declare low"),
    "declare both ways": gettext_lazy("declare both ways"),
    "leave the hand": gettext_lazy("leave the hand"),
}

_NAMES: Final = ("name", "actor", "asked", "caller")
_NAME_LISTS: Final = ("names", "hands")


def error_text(error: Exception) -> str:
    """``error`` in the page's language."""
    code = getattr(error, "code", "")
    params: Mapping[str, Any] = getattr(error, "params", {}) or {}
    message = ERROR_MESSAGES.get(code)
    if message is None:
        return str(error)
    try:
        text = str(pick(message, _choices(params))) % _worded(params)
    except (KeyError, TypeError, ValueError):  # parameters that do not fit: the English text
        return str(error)
    round_number = params.get("in_round")
    if isinstance(round_number, int) and round_number:
        return gettext("round %(round)s: %(message)s") % {"round": round_number, "message": text}
    return text


def _choices(params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters a message's text is chosen by, with a few derived ones."""
    return {**params, "has_extra": bool(params.get("extra"))}


def _worded(params: Mapping[str, Any]) -> dict[str, Any]:
    """Each parameter as the sentence shows it: cards in the reader's notation, games
    by their titles, names joined, a refused action's verb translated."""
    values: dict[str, Any] = dict(params)
    for key, value in params.items():
        if isinstance(value, Card):
            values[key] = card_text(value)
        elif key in _NAMES and isinstance(value, str):
            values[key] = player_name(value)
        elif key in _NAME_LISTS and isinstance(value, tuple):
            values[key] = join_names([player_name(str(name)) for name in value])
        elif key == "seats" and isinstance(value, tuple):
            values[key] = ", ".join(str(seat) for seat in value)
        elif key == "verb" and isinstance(value, str) and value in VERBS:
            values[key] = str(VERBS[value])
        elif key == "game" and isinstance(value, str):
            values[key] = game_title(value)
        elif key == "games" and isinstance(value, tuple):
            values[key] = join_names([game_title(str(game)) for game in value]) or gettext("none")
        elif key == "rank" and isinstance(value, int):
            values[key] = rank_name(value, lang=lang())
    for key in ("option", "overridden"):  # an option by its label on the house-rules form
        if isinstance(params.get(key), str):
            values[key] = option_label(str(params.get("game", "")), str(params[key]))
    if "total" in params and "ante" in params and "paid" in params:
        values["dues"] = _dues(params)
    return values


def _dues(params: Mapping[str, Any]) -> str:
    """What a player had to put in before any bet: "ante of 1 and walk of 2"."""
    parts = []
    if params.get("ante"):
        parts.append(gettext("ante of %(amount)s") % {"amount": params["ante"]})
    if params.get("paid"):
        parts.append(gettext("pot payments of %(amount)s") % {"amount": params["paid"]})
    if params.get("walk"):
        parts.append(gettext("walk of %(amount)s") % {"amount": params["walk"]})
    return join_names(parts)
