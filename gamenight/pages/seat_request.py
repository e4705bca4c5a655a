"""The page a player's new phone asks for their seat on (digital/seat_request.html),
reached from the night's table link: "this is my seat".

It shows names only, never a card: the seats to pick from, or this phone's
request and its code while the host has not answered, or the seat this phone
holds already.
"""

from __future__ import annotations

from typing import Any

from gamenight.models import SeatMoveStatus, TableLink
from gamenight.services import seat_moves


def seat_request_context(link: TableLink, *, device_hash: str, error: str = "") -> dict[str, Any]:
    """What the asking phone sees; ``device_hash`` is its own (see seat_binding)."""
    night = link.night
    held = seat_moves.held_link(night, device_hash)
    last = seat_moves.last_request(night, device_hash)
    waiting = last if last is not None and last.status == SeatMoveStatus.PENDING else None
    answered = (
        last
        if last is not None
        and held is None
        and last.status in (SeatMoveStatus.REFUSED, SeatMoveStatus.EXPIRED)
        else None
    )
    return {
        "night": night,
        "token": link.token,
        "error": error,
        "held": held,
        "waiting": waiting,
        "answered": answered,
        "seats": [] if held is not None or waiting is not None else seat_moves.seats_to_pick(night),
    }
