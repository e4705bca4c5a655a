"""Betting: limit structures, who opens, antes and blinds, and the betting-round state machine.

The modules are small on purpose: :mod:`.limits` says how big a bet may be,
:mod:`.opening` who starts, :mod:`.blinds` who posts which blind, :mod:`.round`
runs a round, :mod:`.actions` holds the records it appends. Pots and payouts
live in :mod:`engine.chips.pots`.
"""

from engine.betting.actions import ActionKind, BettingAction
from engine.betting.blinds import Blinds, blind_seats
from engine.betting.limits import (
    DEFAULT_LIMIT,
    DEFAULT_RAISE_CAP,
    SPIT_AFTER_DRAW,
    SPIT_BEFORE_DRAW,
    FixedLimit,
    Limit,
    NoLimit,
    PotLimit,
    SpreadLimit,
    limit_from_dict,
    limit_to_dict,
)
from engine.betting.opening import (
    clockwise_from_dealer_left,
    draw_opener,
    post_antes,
    stud_opener,
)
from engine.betting.round import BettingRound

__all__ = [
    "DEFAULT_LIMIT",
    "DEFAULT_RAISE_CAP",
    "SPIT_AFTER_DRAW",
    "SPIT_BEFORE_DRAW",
    "ActionKind",
    "BettingAction",
    "BettingRound",
    "Blinds",
    "FixedLimit",
    "Limit",
    "NoLimit",
    "PotLimit",
    "SpreadLimit",
    "blind_seats",
    "clockwise_from_dealer_left",
    "draw_opener",
    "limit_from_dict",
    "limit_to_dict",
    "post_antes",
    "stud_opener",
]
