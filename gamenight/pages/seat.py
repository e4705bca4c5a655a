"""The seat page's context: one player's view of the hand on their own phone.

Built only from :func:`engine.games.views.seat_view`: the other players'
face-down cards are not in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games import ActionName, seat_view
from gamenight.games import game_title
from gamenight.models import DigitalHand, SeatLink
from gamenight.pages.etags import etag
from gamenight.pages.hand_view import ACTION_LABELS, log, new_key, players
from gamenight.services import digital, seat_links

# What :func:`seat_links.seat_poll` reads in one query: the link's id, its device
# hash, whether its player is seated, the hand's id and version.
SeatPoll = tuple[int, str, bool, int | None, int | None]


def seat_context(link: SeatLink, *, error: str = "") -> dict[str, Any]:
    hand = seat_links.hand_for_link(link)
    context: dict[str, Any] = {
        "link": link,
        "player_name": link.seat.player.name,
        "hand": hand,
        "error": error,
        "etag": _seat_etag(link, hand),
        "departed": not link.seat.seated,
    }
    if hand is None:
        return context
    seat = digital.engine_seat(hand, link.seat_id)
    context["game_title"] = game_title(hand.deal.game)
    context["seat"] = seat
    if seat is None:
        return context
    view = seat_view(digital.hand_state(hand), seat)
    context.update(
        view=view,
        players=players(view, me=seat, odds=None),
        me=view["players"][seat],
        actions=_seat_actions(view, seat) if hand.is_running and link.seat.seated else [],
        log=log(view),
        waiting_for=view["players"][view["actor"]]["name"] if view["actor"] is not None else "",
    )
    return context


def _seat_etag(link: SeatLink, hand: DigitalHand | None) -> str:
    return seat_tag(
        link.pk,
        link.seat.seated,
        None if hand is None else hand.pk,
        None if hand is None else hand.version,
    )


def seat_tag(link_id: int, seated: bool, hand_id: int | None, version: int | None) -> str:
    """The seat page's ETag, from what :func:`seat_links.seat_poll` reads in one query."""
    # A player who leaves changes the page (no more moves) without moving the hand.
    away = () if seated else ("gone",)
    if hand_id is None:
        return etag("s", link_id, *away, "none")
    return etag("s", link_id, *away, "h", hand_id, "v", version)


def _seat_actions(view: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """One button (or small form) per legal action, each with its own request key."""
    own = [c["card"] for c in view["players"][seat]["cards"]]
    actions = []
    for legal in view["legal_actions"]:
        kind = legal["kind"]
        actions.append(
            {
                "kind": kind,
                "label": ACTION_LABELS.get(kind, kind),
                "chips": legal["chips"],
                "min": legal["min_amount"],
                "max": legal["max_amount"],
                "game": legal["game"],
                "game_title": game_title(legal["game"]) if legal["game"] else "",
                "amount": kind in (ActionName.BET, ActionName.RAISE_BY),
                "draw": kind == ActionName.DRAW,
                "cards": own if kind == ActionName.DRAW else [],
                "danger": kind in (ActionName.FOLD, ActionName.DECLARE_OUT, ActionName.DROP),
                "key": new_key(),
            }
        )
    return actions
