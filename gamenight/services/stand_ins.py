"""Who made a digital hand's moves: each seat's own phone, or a host or co-host
standing in for a player away from it (the turn timer's prompt, the host's
panel, a player folded out as they leave). Every action's row says which
(:class:`~gamenight.models.HandAction` ``by_link`` or ``by_user``) and where its
lines begin in the hand's log (``events_at``), so every log a page shows can
name the stand-in beside the player's move (gamenight/pages/hand_view.py).
"""

from __future__ import annotations

import dataclasses

from gamenight.models import DigitalHand, HandAction


@dataclasses.dataclass(frozen=True)
class StandIn:
    """A move of engine seat ``seat`` made by the member logged in as ``login``."""

    seat: int
    login: str


def stand_ins(hand: DigitalHand) -> dict[int, StandIn]:
    """The hand's moves a host made for a player, by the place of their line in the
    hand's log (one query; moves logged before the place was kept are left out)."""
    rows = HandAction.objects.filter(
        hand=hand, seat__isnull=False, by_user__isnull=False, events_at__isnull=False
    ).values_list("events_at", "seat", "by_user__username")
    return {
        at: StandIn(seat=seat, login=login)
        for at, seat, login in rows
        if at is not None and seat is not None  # filtered above; typed as nullable
    }
