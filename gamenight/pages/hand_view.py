"""What a viewer reads of a digital hand: the moves' and events' names, the players'
rows and the log, built only from the engine's seat or table view (a card the
viewer may not see is not in the view, so it cannot reach the HTML).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, gettext_lazy

from engine.games import ActionName, table_view
from gamenight.engine_words.log import event_words
from gamenight.models import DigitalHand
from gamenight.services import digital
from gamenight.services.public_hand import last_view
from gamenight.services.stand_ins import StandIn

if TYPE_CHECKING:
    from gamenight.pages.hand_read import HandRead

LOG_LINES = 8

ACTION_LABELS: Mapping[str, Any] = {
    ActionName.CHECK: gettext_lazy("Check"),
    ActionName.CALL: gettext_lazy("Call"),
    ActionName.BET: gettext_lazy("Bet"),
    ActionName.RAISE_BY: gettext_lazy("Raise by"),
    ActionName.FOLD: gettext_lazy("Fold"),
    ActionName.ALL_IN: gettext_lazy("All in"),
    ActionName.BRING_IN: gettext_lazy("Bring it in"),
    ActionName.PAY_POT: gettext_lazy("Pay the pot"),
    ActionName.BUY_WALK: gettext_lazy("Buy the extra card"),
    ActionName.DECLINE_WALK: gettext_lazy("No extra card"),
    ActionName.FLIP: gettext_lazy("Flip a card"),
    ActionName.DRAW: gettext_lazy("Draw"),
    ActionName.DECLARE_IN: gettext_lazy("In"),
    ActionName.DECLARE_OUT: gettext_lazy("Out"),
    ActionName.HOLD: gettext_lazy("Hold"),
    ActionName.DROP: gettext_lazy("Drop"),
    ActionName.SWITCH_GAME: gettext_lazy("Switch to"),
    ActionName.KEEP_GAME: gettext_lazy("Keep the game"),
    ActionName.BUY_CARD: gettext_lazy("Buy a card"),
    ActionName.DECLINE_CARD: gettext_lazy("No card"),
    ActionName.CALL_SPIT: gettext_lazy("Spit!"),
    ActionName.PASS_SPIT: gettext_lazy("Let it go"),
    ActionName.CLAIM_EXTRA: gettext_lazy("Claim the extra card"),
    ActionName.DECLARE_HIGH: gettext_lazy("Declare high"),
    ActionName.DECLARE_LOW: gettext_lazy("Declare low"),
    ActionName.DECLARE_BOTH: gettext_lazy("Declare both ways"),
}

EVENT_LABELS: Mapping[str, Any] = {
    "ante": gettext_lazy("antes"),
    "small_blind": gettext_lazy("posts the small blind"),
    "big_blind": gettext_lazy("posts the big blind"),
    "deal": gettext_lazy("gets a card"),
    "check": gettext_lazy("checks"),
    "bet": gettext_lazy("bets"),
    "call": gettext_lazy("calls"),
    "raise": gettext_lazy("raises to"),
    "fold": gettext_lazy("folds"),
    "bring_in": gettext_lazy("brings it in for"),
    "pay_pot": gettext_lazy("pays the pot"),
    "buy_walk": gettext_lazy("buys the extra card"),
    "decline_walk": gettext_lazy("declines the extra card"),
    "void_deal": gettext_lazy("the deal is void"),
    "flip": gettext_lazy("flips"),
    "draw": gettext_lazy("draws"),
    "table_card": gettext_lazy("card in the middle"),
    "declare": gettext_lazy("decides"),
    "reveal": gettext_lazy("shows"),
    "switch_game": gettext_lazy("switches the game"),
    "wild_change": gettext_lazy("wild cards change"),
    "buy_card": gettext_lazy("buys a card"),
    "decline_card": gettext_lazy("declines a card"),
    "settle": gettext_lazy("settles"),
    "discard": gettext_lazy("discards"),
    "keep_game": gettext_lazy("keeps the game"),
    "show": gettext_lazy("shows"),
    "win": gettext_lazy("wins"),
    "return": gettext_lazy("gets back"),
    "leave": gettext_lazy("leaves the table and folds"),
}


# The streets a community-card game turns to the middle, named with their cards in the log.
STREET_LABELS: Mapping[str, Any] = {
    "flop": gettext_lazy("flop"),
    "turn": gettext_lazy("turn"),
    "river": gettext_lazy("river"),
}


# Sequence high/low: a declaration is secret ("declared") until all are revealed together.
DECLARATION_LABELS: Mapping[str, Any] = {
    "declared": gettext_lazy("declared"),
    "high": gettext_lazy("high"),
    "low": gettext_lazy("low"),
    "both": gettext_lazy("both ways"),
}


# The badge by the name of the player in each blind.
BLIND_BADGES: Mapping[str, Any] = {
    "small": gettext_lazy("small blind"),
    "big": gettext_lazy("big blind"),
}


def new_key() -> str:
    return uuid.uuid4().hex


def shared_view(hand: DigitalHand, *, read: HandRead | None = None) -> dict[str, Any] | None:
    """What the whole table sees of ``hand`` now (the TV's view). A hand from a group
    file has no cards: its last table as the file's record has it, or ``None`` when
    it came without one (it was still running, or stopped, when it was exported)."""
    if hand.state is not None:
        return table_view(digital.hand_state(hand) if read is None else read.state(hand))
    if hand.public_record is not None:
        return last_view(hand.public_record)
    return None


def players(
    view: Mapping[str, Any], *, me: int | None, odds: Mapping[int, float] | None
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    # Hold'em and Omaha dealt with blinds: who sits in which, for a badge by the name.
    blinds = view.get("blinds") or {}
    blind_of = {
        blinds.get("small_seat"): (BLIND_BADGES["small"], blinds.get("small")),
        blinds.get("big_seat"): (BLIND_BADGES["big"], blinds.get("big")),
    }
    for index, player in enumerate(view["players"]):
        chance = None if odds is None else odds.get(index)
        rows.append(
            {
                "index": index,
                "name": player["name"],
                "stack": player["stack"],
                "put_in": player["put_in"],
                "folded": player["folded"],
                "cards": player["cards"],
                "down_count": player["down_count"],
                "hidden": max(
                    0, player["down_count"] - sum(1 for c in player["cards"] if not c["up"])
                ),
                "me": index == me,
                "acting": view["actor"] == index,
                "dealer": view["dealer"] == index,
                # The badge by the name of a player in a blind: (its name, its chips).
                "blind": blind_of.get(index) if blinds else None,
                "payout": (view["payouts"] or [None] * len(view["players"]))[index],
                "odds": None if chance is None else round(chance * 100),
            }
        )
    return rows


def log(
    view: Mapping[str, Any], *, stand_ins: Mapping[int, StandIn] | None = None
) -> list[dict[str, Any]]:
    """The last events, newest first, as the viewer may see them; a move a host made for
    a player away from the phone (``stand_ins``, by its place in the log) says so."""
    events = view["log"]
    first = max(0, len(events) - LOG_LINES)
    return [
        log_line(view, index, stand_ins=stand_ins)
        for index in range(len(events) - 1, first - 1, -1)
    ]


def log_line(
    view: Mapping[str, Any], index: int, *, stand_ins: Mapping[int, StandIn] | None = None
) -> dict[str, Any]:
    """The log's event at ``index`` in words: who, what, chips, card, and ``by``, which
    names a host who made that player's move for them (empty: the player did)."""
    names = [p["name"] for p in view["players"]]
    event = view["log"][index]
    seat = event["seat"]
    stand_in = (stand_ins or {}).get(index)
    return {
        "who": names[seat] if 0 <= seat < len(names) else "",
        "what": EVENT_LABELS.get(event["kind"], event["kind"]),
        "chips": event["chips"],
        "card": event["card"],
        "text": _text(event),
        "by": stand_in_words(stand_in.login)
        if stand_in is not None and stand_in.seat == seat
        else "",
    }


def stand_in_words(login: str) -> str:
    """How a log line says that a host made the move for a player away from the phone."""
    return gettext("(by %(name)s, standing in)") % {"name": login}


def _text(event: Mapping[str, Any]) -> Any:
    """An event's words in the page's language: from the event's code and params
    (:mod:`gamenight.engine_words.log`), a street's name translated, or, for a hand
    saved before events had codes, as the engine wrote it."""
    worded = event_words(event)
    if worded is not None:
        return worded
    text = event["text"]
    if event["kind"] == "table_card" and text in STREET_LABELS:
        return STREET_LABELS[text]
    if event["kind"] in ("declare", "reveal") and text in DECLARATION_LABELS:
        return DECLARATION_LABELS[text]
    return text
