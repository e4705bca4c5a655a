"""A seat of a digital hand through a Wi-Fi drop (issue 26): static/js/seat_connection.js.

While the player's phone is offline the seat page says so and its moves are
disabled; back online it fetches the hand as it is now, without a reload.
"""

from __future__ import annotations

from typing import Any

from offline_steps import go_offline
from playwright.sync_api import expect

from engine.games import ActionName
from gamenight.models import SeatLink
from gamenight.services import digital


def test_a_seat_says_it_is_offline_and_catches_up_when_back(
    open_phone: Any, running_night: Any
) -> None:
    """A player's phone drops off while it is their turn; the host folds for them."""
    night, host = running_night.night, running_night.host
    hand = digital.start_hand(night_id=night.pk, by=host, key="deal", game="seven-card-stud")
    actor = digital.hand_state(hand).actor
    assert actor is not None
    link = SeatLink.objects.get(seat_id=hand.seat_ids[actor], hand=None, revoked=False)
    seat = open_phone()
    seat.goto(f"/s/{link.token}/")
    moves = seat.locator("#live form.daction button")
    expect(moves.first).to_be_enabled()
    note = seat.locator("[data-connection]")
    expect(note).to_be_hidden()

    go_offline(seat, True)
    expect(note).to_be_visible()
    expect(note).to_contain_text("your moves cannot reach the table")
    for button in moves.all():
        expect(button).to_be_disabled()
    kinds = {a.kind for a in digital.hand_state(hand).legal_actions()}
    digital.act_for_absent(
        night_id=night.pk,
        hand_id=hand.pk,
        by=host,
        seat=actor,
        action=ActionName.FOLD if ActionName.FOLD in kinds else ActionName.CHECK,
        version=hand.version,
        key="host-for-player",
    )
    go_offline(seat, False)
    expect(note).to_be_hidden()
    # The page shows the hand as it is now: the move is no longer this seat's.
    hand.refresh_from_db()
    expect(seat.locator(f"#live input[name=version][value='{hand.version - 1}']")).to_have_count(0)
    expect(seat.locator("#live .dlog")).to_contain_text("host")
