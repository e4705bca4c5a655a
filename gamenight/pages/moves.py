"""A digital move read from a posted form: bad input is an IllegalMoveError (a clear
message, nothing changed), never a 500."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from engine.cards import parse_card
from engine.errors import EngineError
from engine.games import ActionName
from gamenight.pages.refusals import REFUSALS
from gamenight.request_numbers import whole_number
from gamenight.services import digital
from gamenight.services.digital import Move


def read_move(data: Mapping[str, Any]) -> tuple[Move, int, str]:
    """The move, the version it was made on and its key, from a posted form."""
    try:
        action = ActionName(str(data.get("action", "")))
    except ValueError:
        raise digital.IllegalMoveError(str(REFUSALS["not_a_move"])) from None
    version = whole(data.get("version"), str(REFUSALS["page_stale"]))
    key = str(data.get("key", ""))
    amount = None
    if action in (ActionName.BET, ActionName.RAISE_BY):
        amount = whole(data.get("amount"), gettext("Give the number of chips as a whole number."))
    cards: tuple[int, ...] = ()
    if action is ActionName.DRAW:
        getlist = getattr(data, "getlist", None)
        chosen = getlist("cards") if getlist else list(data.get("cards") or [])
        try:
            cards = tuple(int(parse_card(c)) for c in chosen)
        except EngineError as error:
            raise digital.IllegalMoveError.worded(error) from None
    game = None
    if action is ActionName.SWITCH_GAME:
        game = str(data.get("game") or "")
        if not game:
            raise digital.IllegalMoveError(gettext("Pick the game to switch to."))
    return Move(action=action, amount=amount, cards=cards, game=game), version, key


def whole(raw: object, message: str) -> int:
    value = whole_number(raw, most=999_999_999)
    if value is None:
        raise digital.IllegalMoveError(message)
    return value
