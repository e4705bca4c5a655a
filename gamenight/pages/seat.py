"""The seat page's context: one player's view of the hand on their own phone.

Built only from :func:`engine.games.views.seat_view`: the other players'
face-down cards are not in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext_lazy

from engine.betting.limits import FixedLimit, Limit, NoLimit, PotLimit, SpreadLimit
from engine.games import ActionName, seat_view
from gamenight.games import game_title
from gamenight.models import DigitalHand, SeatLink
from gamenight.pages.etags import etag
from gamenight.pages.hand_read import HandRead
from gamenight.pages.hand_view import ACTION_LABELS, log, new_key, players
from gamenight.pages.timer import timer_context
from gamenight.services import digital, seat_moves

# What :func:`seat_links.seat_poll` reads in one query: the link's id, its device
# hash, whether its player is seated, whether a new phone asks for the seat, the
# hand's id and version.
SeatPoll = tuple[int, str, bool, bool, int | None, int | None]


def seat_context(
    link: SeatLink, *, error: str = "", asked: bool | None = None, read: HandRead | None = None
) -> dict[str, Any]:
    """``asked``: whether a new phone asks for the seat, when the poll has read it already;
    ``read``: the hand as read once for every screen of the night (gamenight/live/)."""
    read = read or HandRead()
    hand = link.hand if link.hand_id is not None else read.latest(link.night)
    if asked is None:
        asked = seat_moves.seat_is_asked_for(link.seat_id)
    context: dict[str, Any] = {
        "link": link,
        "player_name": link.seat.player.name,
        "hand": hand,
        "error": error,
        "etag": _seat_etag(link, hand, asked=asked),
        "departed": not link.seat.seated,
        # A new phone asks for this seat: the player sees it here, in case it is not theirs.
        "asked_for": asked,
    }
    if hand is None:
        return context
    seat = digital.engine_seat(hand, link.seat_id)
    context["game_title"] = game_title(hand.deal.game)
    context["seat"] = seat
    if seat is None:
        return context
    if hand.state is None:
        # A hand from a group file, over before it came: its table as the file has it
        # (the player's own face-down cards did not travel), and no moves.
        shared = read.table_view(hand)
        if shared is None:
            return context
        view = {**shared, "seat": seat, "legal_actions": []}
        actions = []
    else:
        state = read.state(hand)
        view = seat_view(state, seat)
        actions = _seat_actions(view, seat, step=bet_step(state.limit))
    rows = players(view, me=seat, odds=None)
    context.update(
        view=view,
        players=rows,
        me=rows[seat],
        mine=my_cards(rows[seat]),
        actions=actions if hand.is_running and link.seat.seated else [],
        flip_next=hand.is_running and any(a["kind"] == ActionName.FLIP for a in actions),
        log=log(view, stand_ins=read.stand_ins(hand)),
        waiting_for=view["players"][view["actor"]]["name"] if view["actor"] is not None else "",
        timer=timer_context(link.night, hand, view["actor"]),
    )
    return context


def _seat_etag(link: SeatLink, hand: DigitalHand | None, *, asked: bool) -> str:
    return seat_tag(
        (
            link.pk,
            link.device_hash,
            link.seat.seated,
            asked,
            None if hand is None else hand.pk,
            None if hand is None else hand.version,
        )
    )


def seat_tag(poll: SeatPoll) -> str:
    """The seat page's ETag, from what :func:`seat_links.seat_poll` reads in one query."""
    link_id, _device_hash, seated, asked, hand_id, version = poll
    # A player who leaves, or a new phone asking for the seat, changes the page
    # without moving the hand.
    away = () if seated else ("gone",)
    asking = ("asked",) if asked else ()
    if hand_id is None:
        return etag("s", link_id, *away, *asking, "none")
    return etag("s", link_id, *away, *asking, "h", hand_id, "v", version)


def my_cards(me: Mapping[str, Any]) -> dict[str, Any]:
    """The player's own cards in three rows that read apart at a glance: the face-down
    ones only they see, the face-down ones nobody sees yet (No Peek's pile) and the
    face-up ones everyone sees. Only what the seat view holds: a card left out of it
    (No Peek before the flip) is counted, never named."""
    return {
        "private": [c for c in me["cards"] if not c["up"]],
        "pile": me["hidden"],
        "public": [c for c in me["cards"] if c["up"]],
    }


COMPLETE_LABEL: Final = gettext_lazy("Complete to a full bet")


def bet_step(limit: Limit) -> int:
    """How far one tap of the amount's minus or plus moves: the limit's bet size, so a spread
    of 2 to 10 steps 2, 4, 6 (any amount in between may still be typed)."""
    match limit:
        case SpreadLimit(min_bet=low) | PotLimit(min_bet=low) | NoLimit(min_bet=low):
            return low
        case FixedLimit(amount=amount):
            return amount


def _seat_actions(view: Mapping[str, Any], seat: int, *, step: int) -> list[dict[str, Any]]:
    """One button (or small form) per legal action, each with its own request key."""
    own = [c["card"] for c in view["players"][seat]["cards"]]
    # Beside a bring-in, a bet is its completion: worded so, not as a bet of its own.
    bring_in = any(legal["kind"] == ActionName.BRING_IN for legal in view["legal_actions"])
    actions = []
    for legal in view["legal_actions"]:
        kind = legal["kind"]
        completes = bring_in and kind == ActionName.BET
        actions.append(
            {
                "kind": kind,
                "label": COMPLETE_LABEL if completes else ACTION_LABELS.get(kind, kind),
                "chips": legal["chips"],
                "min": legal["min_amount"],
                "max": legal["max_amount"],
                "game": legal["game"],
                "game_title": game_title(legal["game"]) if legal["game"] else "",
                "amount": kind in (ActionName.BET, ActionName.RAISE_BY),
                "step": step,
                # A payment the game asks for (Baseball's pot for a face-up 3, a walk's
                # price for a 4): its cost is said before the tap, on the button.
                "payment": kind in (ActionName.PAY_POT, ActionName.BUY_WALK),
                "draw": kind == ActionName.DRAW,
                "cards": own if kind == ActionName.DRAW else [],
                "danger": kind in (ActionName.FOLD, ActionName.DECLARE_OUT, ActionName.DROP),
                "key": new_key(),
            }
        )
    return actions
