"""The Baseball sheet's hand recorded with taps on a phone (issue 14).

Everyone antes and calls in one tap, Anna's pot payment is a tick with the pot she
paid, Dan and Eva fold with a tap each, Anna is tapped first in the finishing
order. The bar at the bottom shows the pot and the winner as the host goes, with
Confirm always on screen; after Confirm the night page says what was recorded,
offers an Undo and shows who deals next, at the night page's address.
"""

from __future__ import annotations

import re
from typing import Any

from browser_steps import fits_phone, log_in, seat_row, stacks, table_hands
from playwright.sync_api import expect

BAR_ROW_MAX_PX = 60  # a row is one line: a tap target and a little


def test_the_baseball_sheet_by_taps_with_the_bar_in_reach(
    page: Any, running_night: Any, live_server: Any
) -> None:
    night = running_night.night
    log_in(page, running_night.host, live_server.url)
    page.goto(f"/nights/{night.pk}/")
    page.locator('ul.games a[href$="/record/baseball/"]').click()
    expect(page.locator("#record-form")).to_be_visible()
    expect(page.locator(".record-facts")).to_contain_text("Anna deals")
    bar = page.locator("#record-bar")
    confirm = bar.get_by_role("button", name="Confirm and record")
    expect(confirm).to_be_in_viewport()
    for row in page.locator("#record-form .seat-line").all():
        assert row.bounding_box()["height"] <= BAR_ROW_MAX_PX

    everyone = page.locator("#everyone")
    everyone.locator("button.plus").click()  # the ante and two bets: 3
    everyone.locator("button.fill").click()
    for name in ("Anna", "Ben", "Carla", "Dan", "Eva"):
        expect(seat_row(page, name).locator("input[name^=chips_]")).to_have_value("3")
    paid = page.locator("#paid-pot")
    paid.locator("label.paid", has_text="Anna").click()
    paid.get_by_label("Anna paid").fill("15")  # the pot after round one
    seat_row(page, "Dan").locator("button.state").click()
    seat_row(page, "Eva").locator("button.state").click()
    expect(seat_row(page, "Eva").locator("button.state .state-word")).to_have_text("folded")
    seat_row(page, "Anna").locator("button.order").click()
    expect(seat_row(page, "Anna").locator(".place")).to_have_text(re.compile(r"^1"))

    # The sheet: 30 in the pot, all of it Anna's; Confirm never left the screen.
    expect(bar.locator(".bar-pot")).to_contain_text("30")
    expect(bar.locator(".bar-win")).to_contain_text("Anna 30")
    expect(confirm).to_be_in_viewport()
    fits_phone(page)
    confirm.click()

    expect(page.locator("#recorded")).to_contain_text("Baseball recorded")
    assert re.search(rf"/nights/{night.pk}/$", page.url)
    expect(page.locator("#recorded")).to_contain_text("Anna +12")
    expect(page.locator("#recorded")).to_contain_text("Next to deal: Ben")
    expect(page.locator("#recorded").get_by_role("button", name="Undo")).to_be_visible()
    assert table_hands(night) == 1
    assert stacks(page) == {"Anna": 112, "Ben": 97, "Carla": 97, "Dan": 97, "Eva": 97}
    fits_phone(page)


def test_a_refused_confirm_says_why_in_the_bar_and_at_the_field(
    page: Any, running_night: Any, live_server: Any
) -> None:
    night = running_night.night
    log_in(page, running_night.host, live_server.url)
    page.goto(f"/nights/{night.pk}/record/seven-card-stud/")
    page.locator("#everyone button.fill").click()
    page.locator("#with-cards").check()
    seat_row(page, "Eva").locator("input[name^=cards_]").fill("As Zz")
    page.locator("#record-bar").get_by_role("button", name="Confirm and record").click()
    bar_message = page.locator("#record-bar .field-message", has_text="Eva")
    expect(bar_message).to_be_visible()
    at_field = seat_row(page, "Eva").locator(".errorlist")
    expect(at_field).to_be_visible()
    expect(at_field).to_be_in_viewport()
    # Not hidden under the bar either: scrolled to the middle of the screen.
    page.wait_for_load_state("networkidle")
    field_box = at_field.bounding_box()
    assert field_box["y"] + field_box["height"] <= page.locator("#record-bar").bounding_box()["y"]
    assert table_hands(night) == 0


def test_confirm_stays_on_screen_with_the_whole_preview_open(
    page: Any, running_night: Any, live_server: Any
) -> None:
    night = running_night.night
    log_in(page, running_night.host, live_server.url)
    page.goto(f"/nights/{night.pk}/record/seven-card-stud/")
    page.locator("#everyone button.fill").click()
    seat_row(page, "Carla").locator("button.order").click()
    expect(page.locator("#record-bar:not([aria-busy])")).to_have_count(1)
    page.locator("#record-bar summary").click()
    expect(page.locator("#record-bar table.nets")).to_be_visible()
    confirm = page.locator("#record-bar").get_by_role("button", name="Confirm and record")
    expect(confirm).to_be_in_viewport(ratio=1)
    box = confirm.bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"]


def test_everyone_antes_and_calls_leaves_the_folded_at_the_ante_and_says_so(
    page: Any, running_night: Any, live_server: Any
) -> None:
    """Issue 23: Dan folded before the tap; it booked him at the full call."""
    night = running_night.night
    log_in(page, running_night.host, live_server.url)
    page.goto(f"/nights/{night.pk}/record/seven-card-stud/")
    seat_row(page, "Dan").locator("button.state").click()
    everyone = page.locator("#everyone")
    everyone.locator("button.plus").click()  # the ante and two bets: 3
    everyone.locator("button.fill").click()
    expect(seat_row(page, "Dan").locator("input[name^=chips_]")).to_have_value("1")
    expect(seat_row(page, "Eva").locator("input[name^=chips_]")).to_have_value("3")
    seat_row(page, "Anna").locator("button.order").click()
    bar = page.locator("#record-bar")
    expect(bar.locator(".bar-pot")).to_contain_text("13")
    expect(bar.locator(".bar-note")).to_have_text(
        "Everyone antes and calls: Ben, Carla, Eva and Anna in for 3 each; "
        "folded with the ante alone (1): Dan."
    )
    expect(bar.get_by_role("button", name="Confirm and record")).to_be_in_viewport()
    # A change after the tap (Dan put in a bet before he folded): the note goes.
    seat_row(page, "Dan").locator("button.plus").click()
    expect(bar.locator(".bar-pot")).to_contain_text("14")
    expect(bar.locator(".bar-note")).to_have_count(0)
    fits_phone(page)
