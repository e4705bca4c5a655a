"""Two phones preview the same hand; the second confirm is refused with the new preview.

The refusal is shown once, next to the buttons where the host tapped, so it is
on screen without scrolling; confirming the new preview records a second hand.
"""

from __future__ import annotations

from typing import Any

from browser_steps import fits_phone, preview_a_hand, table_hands
from playwright.sync_api import expect


def test_the_second_phone_is_told_the_table_changed_and_shown_the_new_preview(
    open_phone: Any, running_night: Any, live_server: Any
) -> None:
    first, second = open_phone(), open_phone()
    preview_a_hand(first, running_night, live_server.url)
    preview_a_hand(second, running_night, live_server.url)
    first.get_by_role("button", name="Confirm and record").click()
    expect(first.get_by_role("heading", name="Table")).to_be_visible()
    assert table_hands(running_night.night) == 1

    second.get_by_role("button", name="Confirm and record").click()
    alert = second.locator("#record-form [role=alert]")
    expect(alert).to_have_count(1)
    expect(alert).to_contain_text(
        "The table changed since this preview (host recorded Seven-card stud #1)"
    )
    expect(alert).to_be_in_viewport()
    # The deal moved on with the first phone's hand: the line above the form says so.
    expect(second.locator(".record-facts")).to_contain_text("Ben deals")
    # Anna had 113 after the first hand: the new preview settles on that.
    expect(second.locator(".preview .nets")).to_contain_text("126")
    assert table_hands(running_night.night) == 1
    fits_phone(second)

    second.get_by_role("button", name="Confirm and record").click()
    expect(second.get_by_role("heading", name="Table")).to_be_visible()
    assert table_hands(running_night.night) == 2
