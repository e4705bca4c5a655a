"""One read of a night's hand for every screen rendered from it.

A move changes what six phones and a TV show. The event streams' hub
(gamenight/live/screens.py) renders all of them at once: the hand's row is read
once, its JSON turned into the engine's state once, the table's view, the odds
and the stand-ins worked out once, and each screen takes what it needs from
here. A page rendered for one request gets a read of its own (the default).
Nothing here is a view of one seat: each seat's view is made from the shared
state by :func:`engine.games.seat_view`, as before.
"""

from __future__ import annotations

from typing import Any

from engine.games import HandState
from gamenight.models import DigitalHand, Night
from gamenight.services import digital, seat_links
from gamenight.services.stand_ins import StandIn, stand_ins


class HandRead:
    """What the screens of a night share, each read or worked out once, on demand."""

    def __init__(self, *, known: DigitalHand | None = None) -> None:
        """``known``: the night's latest hand as the caller holds it already (a move's
        POST, which has just written it), so it is not read again."""
        self._latest: dict[int, DigitalHand | None] = {}
        if known is not None:
            self._latest[known.night_id] = known
        self._states: dict[tuple[int, int], HandState] = {}
        self._views: dict[tuple[int, int], dict[str, Any] | None] = {}
        self._odds: dict[tuple[int, int], dict[int, float] | None] = {}
        self._stand_ins: dict[tuple[int, int], dict[int, StandIn]] = {}

    def latest(self, night: Night) -> DigitalHand | None:
        """The night's running hand, else its last one (one query a night)."""
        if night.pk not in self._latest:
            hand = seat_links.current_hand(night)
            if hand is not None:
                hand.night = night
            self._latest[night.pk] = hand
        return self._latest[night.pk]

    def state(self, hand: DigitalHand) -> HandState:
        """The engine's state of ``hand`` (read only: every screen shares it)."""
        key = (hand.pk, hand.version)
        if key not in self._states:
            self._states[key] = digital.hand_state(hand)
        return self._states[key]

    def table_view(self, hand: DigitalHand) -> dict[str, Any] | None:
        """What the whole table sees (gamenight.pages.hand_view.shared_view)."""
        from gamenight.pages.hand_view import shared_view

        key = (hand.pk, hand.version)
        if key not in self._views:
            self._views[key] = shared_view(hand, read=self)
        return self._views[key]

    def odds(self, hand: DigitalHand) -> dict[int, float] | None:
        key = (hand.pk, hand.version)
        if key not in self._odds:
            self._odds[key] = (
                digital.table_odds(hand, self.state(hand)) if hand.is_running else None
            )
        return self._odds[key]

    def stand_ins(self, hand: DigitalHand) -> dict[int, StandIn]:
        key = (hand.pk, hand.version)
        if key not in self._stand_ins:
            self._stand_ins[key] = stand_ins(hand)
        return self._stand_ins[key]
