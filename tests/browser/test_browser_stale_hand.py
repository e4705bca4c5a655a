"""A phone that slept through the end of a hand taps a button of that hand.

The next hand is already dealt and at the same version, so only the hand's id in
the form tells the tap apart: the server answers 409 with the current hand, and
the page swaps it in and says why (htmx swaps a 409 like a 422).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from gamenight.models import DigitalHand, HandAction, SeatLink
from gamenight.services import digital


def _link(hand: DigitalHand, seat: int) -> str:
    return SeatLink.objects.get(seat_id=hand.seat_ids[seat], hand=None, revoked=False).token


def test_a_tap_on_a_page_of_the_last_hand_changes_nothing_and_says_so(
    running_night: Any, page: Any
) -> None:
    night, host = running_night.night, running_night.host
    first = digital.start_hand(night_id=night.pk, by=host, key="one", game="no-peek")
    actor = digital.hand_state(first).actor
    page.goto(f"/s/{_link(first, actor)}/")
    flip = page.locator("form.daction", has=page.locator("input[name=action][value='flip']"))
    expect(flip).to_have_count(1)
    # The phone sleeps: its poller stops, so the page stays on the first hand.
    page.evaluate("document.querySelector('.poller').remove()")
    digital.abandon_hand(night_id=night.pk, hand_id=first.pk, by=host, key="ab")
    second = digital.start_hand(night_id=night.pk, by=host, key="two", game="no-peek")
    assert second.version == first.version == 0
    flip.locator("button[type=submit]").click()
    expect(page.get_by_role("alert")).to_contain_text("That hand is over")
    assert not HandAction.objects.filter(hand=second).exists()
    # The page now shows the hand in play, its buttons naming it.
    hands = page.locator("form.daction input[name=hand]")
    for value in [hands.nth(i).get_attribute("value") for i in range(hands.count())]:
        assert value == str(second.pk)
