"""The turn timer, a house rule of the night: how long a player may think before the
host is asked to act for them.

Stored in the night's ``game_options`` under ``"turn_timer"`` (seconds; 0 or missing:
off), beside the betting sizes, so it needs no column of its own. The server alone
decides when a turn runs out: a turn begins when the hand last moved (its
``updated_at``, saved with every move), the pages only count down to the deadline.
"""

from __future__ import annotations

import datetime
from typing import Final

from django.utils import timezone

from gamenight.models import DigitalHand, Night

# The choices a host has, in seconds (0: no timer).
TURN_TIMERS: Final = (0, 30, 60, 120)


def timer_seconds(night: Night) -> int:
    """The night's turn timer in seconds, 0 when off (or a stored value not on offer)."""
    options = night.game_options if isinstance(night.game_options, dict) else {}
    seconds = options.get("turn_timer")
    return seconds if isinstance(seconds, int) and seconds in TURN_TIMERS else 0


def turn_deadline(night: Night, hand: DigitalHand, actor: int | None) -> datetime.datetime | None:
    """When the actor's turn runs out; None without a timer, an actor or a running hand."""
    seconds = timer_seconds(night)
    if not seconds or actor is None or not hand.is_running:
        return None
    return hand.updated_at + datetime.timedelta(seconds=seconds)


def timed_out(
    night: Night, hand: DigitalHand, actor: int | None, *, now: datetime.datetime | None = None
) -> bool:
    deadline = turn_deadline(night, hand, actor)
    return deadline is not None and (now or timezone.now()) >= deadline
