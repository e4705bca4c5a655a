"""The host's side of seats moving to new phones: each request waiting for an
answer, with its code and the approve and refuse buttons (digital/_seat_moves.html,
polled by itself on the night page, :func:`seat_moves_tag`, so a request shows
up without a reload), and the night's log of the moves answered (at the foot of
digital/_host_panel.html)."""

from __future__ import annotations

from typing import Any

from gamenight.models import Membership, Night, NightStatus, SeatLink
from gamenight.pages.etags import etag
from gamenight.services import seat_moves


def seat_move_context(night: Night, membership: Membership) -> dict[str, Any]:
    """What the night page shows of seat moves, for whoever may record a running night."""
    if not membership.may_record or night.status != NightStatus.RUNNING:
        return {"seat_moves": None}
    pending, answered = seat_moves.night_moves(night)
    held = (
        set(
            SeatLink.objects.filter(
                night=night, revoked=False, seat__in=[m.seat_id for m in pending]
            )
            .exclude(device_hash="")
            .values_list("seat_id", flat=True)
        )
        if pending
        else set()
    )
    return {
        "seat_moves": {
            "pending": [
                {"move": m, "name": m.seat.player.name, "on_a_phone": m.seat_id in held}
                for m in pending
            ],
            "answered": answered,
            "etag": seat_moves_tag([m.pk for m in pending]),
        }
    }


def seat_moves_tag(pending_ids: list[int]) -> str:
    """The prompt's ETag: the requests it shows (an answer or a new one changes it)."""
    return etag("moves", *pending_ids)
