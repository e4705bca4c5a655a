"""The turn timer, a house rule of the night: how long a player may think before the
host is asked to act for them.

The night's house rules hold it (``night.house_rules.turn_timer``, in seconds; 0:
off; gamenight/house_rules.py). The server alone
decides when a turn runs out: a turn begins when the hand last moved (its
``updated_at``, saved with every move), the pages only count down to the deadline.
"""

from __future__ import annotations

import datetime

from django.utils import timezone

from gamenight.models import DigitalHand, Night


def turn_deadline(night: Night, hand: DigitalHand, actor: int | None) -> datetime.datetime | None:
    """When the actor's turn runs out; None without a timer, an actor or a running hand."""
    seconds = night.house_rules.turn_timer
    if not seconds or actor is None or not hand.is_running:
        return None
    return hand.updated_at + datetime.timedelta(seconds=seconds)


def timed_out(
    night: Night, hand: DigitalHand, actor: int | None, *, now: datetime.datetime | None = None
) -> bool:
    deadline = turn_deadline(night, hand, actor)
    return deadline is not None and (now or timezone.now()) >= deadline
