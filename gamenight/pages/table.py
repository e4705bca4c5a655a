"""The shared table's context (the TV): every player's open cards, nobody's face-down ones.

Built only from :func:`engine.games.views.table_view` (for a hand from a group file,
the last table of its public record, gamenight/services/public_hand.py). The same page serves a
member of the group (``/nights/<id>/hands/<id>/table/``, logged in) and the
night's table link (``/tv/<token>/``, no login; :mod:`gamenight.services.table_links`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamenight.games import game_title
from gamenight.models import DigitalHand, Night
from gamenight.pages.etags import etag
from gamenight.pages.hand_read import HandRead
from gamenight.pages.hand_view import log, log_line, players
from gamenight.pages.timer import timer_context
from gamenight.services.stand_ins import StandIn

_NOTHING_SHOWN: Mapping[str, Any] = {
    "pot": 0,
    "carry": None,
    "current_bet": 0,
    "table": [],
    "players": [],
    "actor": None,
    "log": [],
}

# The log's kinds that are a player's own move (the TV's banner), not the dealer's work.
_DEALER_KINDS = frozenset({"ante", "deal", "table_card", "void_deal", "wild_change", "settle"})


def table_tag(hand: DigitalHand) -> str:
    return etag("t", hand.pk, "v", hand.version)


def tv_tag(link_id: int, hand_id: int | None, version: int | None) -> str:
    """The table link's page: the link (renewed links differ), the hand it shows, its version."""
    return etag("tv", link_id, "h", hand_id, "v", version)


def table_context(
    hand: DigitalHand, *, state_url: str, events_url: str, read: HandRead | None = None
) -> dict[str, Any]:
    """The TV of ``hand``; ``state_url`` is its poll, ``events_url`` its event stream;
    ``read``: the hand as read once for every screen of the night (gamenight/live/)."""
    read = read or HandRead()
    # A hand from a group file that came without its record (stopped, or never
    # replayable): its title and how it ended, no seat to show.
    view = read.table_view(hand) or _NOTHING_SHOWN
    odds = read.odds(hand)
    rows = players(view, me=None, odds=odds)
    stood_in = read.stand_ins(hand)
    return {
        "hand": hand,
        "night": hand.night,
        "game_title": game_title(hand.deal.game),
        "view": view,
        "players": rows,
        "seat_count": len(rows),
        "odds": odds is not None,
        "log": log(view, stand_ins=stood_in),
        "last_move": last_move(view, stand_ins=stood_in),
        "waiting_for": view["players"][view["actor"]]["name"] if view["actor"] is not None else "",
        "state_url": state_url,
        "events_url": events_url,
        "etag": table_tag(hand),
        "timer": timer_context(hand.night, hand, view["actor"]),
    }


def empty_table_context(night: Night, *, state_url: str, events_url: str) -> dict[str, Any]:
    """The TV of a night with no hand dealt yet: it waits for the first one."""
    return {
        "hand": None,
        "night": night,
        "players": [],
        "seat_count": 0,
        "state_url": state_url,
        "events_url": events_url,
    }


def last_move(
    view: Mapping[str, Any], *, stand_ins: Mapping[int, StandIn] | None = None
) -> dict[str, Any] | None:
    """The newest move a player made (the TV's banner), as the log line reads it."""
    for index in range(len(view["log"]) - 1, -1, -1):
        event = view["log"][index]
        if event["kind"] not in _DEALER_KINDS and 0 <= event["seat"] < len(view["players"]):
            return log_line(view, index, stand_ins=stand_ins)
    return None
