"""The shared table's context (the TV): every player's open cards, nobody's face-down ones.

Built only from :func:`engine.games.views.table_view`.
"""

from __future__ import annotations

from typing import Any

from engine.games import table_view
from gamenight.games import game_title
from gamenight.models import DigitalHand
from gamenight.pages.etags import etag
from gamenight.pages.hand_view import log, players
from gamenight.pages.timer import timer_context
from gamenight.services import digital


def table_tag(hand: DigitalHand) -> str:
    return etag("t", hand.pk, "v", hand.version)


def table_context(hand: DigitalHand) -> dict[str, Any]:
    state = digital.hand_state(hand)
    view = table_view(state)
    odds = digital.table_odds(hand, state) if hand.is_running else None
    return {
        "hand": hand,
        "night": hand.night,
        "game_title": game_title(hand.deal.game),
        "view": view,
        "players": players(view, me=None, odds=odds),
        "odds": odds is not None,
        "log": log(view),
        "waiting_for": view["players"][view["actor"]]["name"] if view["actor"] is not None else "",
        "etag": table_tag(hand),
        "timer": timer_context(hand.night, hand, view["actor"]),
    }
