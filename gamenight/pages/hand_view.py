"""What a viewer reads of a digital hand: the moves' and events' names, the players'
rows and the log, built only from the engine's seat or table view (a card the
viewer may not see is not in the view, so it cannot reach the HTML).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy

from engine.games import ActionName
from gamenight.engine_words.log import event_words

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


def log(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The last events, newest first, as the viewer may see them."""
    names = [p["name"] for p in view["players"]]
    lines = []
    for event in view["log"][-LOG_LINES:][::-1]:
        seat = event["seat"]
        lines.append(
            {
                "who": names[seat] if 0 <= seat < len(names) else "",
                "what": EVENT_LABELS.get(event["kind"], event["kind"]),
                "chips": event["chips"],
                "card": event["card"],
                "text": _text(event),
            }
        )
    return lines


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
