"""Showdowns arrive keyed by player id; the engine counts seats."""

from __future__ import annotations

from collections.abc import Callable

from engine.hands.showdown import HostRanking, Showdown, ShownCards


def showdown_to_seats(showdown: Showdown | None, seat: Callable[[int], int]) -> Showdown | None:
    if showdown is None:
        return None
    if isinstance(showdown, HostRanking):
        return HostRanking(groups=tuple(tuple(seat(p) for p in g) for g in showdown.groups))
    return ShownCards(
        hands={seat(p): cards for p, cards in showdown.hands.items()}, shared=showdown.shared
    )


def showdown_payload(showdown: Showdown | None) -> object:
    """A JSON-able form for the request fingerprint."""
    if showdown is None:
        return None
    if isinstance(showdown, HostRanking):
        # A tie is a set: the players left untapped share the last place in the order
        # of the table from the dealer's left, which a hand sent again after it was
        # booked (static/js/outbox.js) meets with the dealer moved on.
        return {"ranking": [sorted(g) for g in showdown.groups]}
    return {
        "cards": sorted((p, list(c)) for p, c in showdown.hands.items()),
        "shared": list(showdown.shared),
    }
