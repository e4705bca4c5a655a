"""The turn timer as the seat, the TV and the host's panel show it: the seconds left
when the page was made, which a small script counts down (static/js/turn_timer.js).
Sending what is left rather than the deadline keeps a phone's wrong clock out of it."""

from __future__ import annotations

import datetime
import math
from typing import Any

from django.utils import timezone

from gamenight.models import DigitalHand, Night
from gamenight.services.turn_timer import turn_deadline


def timer_context(
    night: Night, hand: DigitalHand, actor: int | None, *, now: datetime.datetime | None = None
) -> dict[str, Any] | None:
    """``left``: whole seconds to the deadline (0: run out); None without a timer."""
    deadline = turn_deadline(night, hand, actor)
    if deadline is None:
        return None
    left = max(0, math.ceil((deadline - (now or timezone.now())).total_seconds()))
    return {"left": left, "text": f"{left // 60}:{left % 60:02d}", "up": left == 0}
