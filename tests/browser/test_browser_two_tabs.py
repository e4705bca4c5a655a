"""Two phones preview the same hand; the second confirm is refused with the new preview.

The refusal is shown once, next to the buttons where the host tapped, so it is
on screen without scrolling; confirming the new preview records a second hand.
"""

from __future__ import annotations

from typing import Any

from browser_steps import fill_row, fits_phone, log_in, preview
from playwright.sync_api import expect

from gamenight.models import Transaction, TransactionKind


def _hands(night: Any) -> int:
    return Transaction.objects.filter(night=night, kind=TransactionKind.TABLE_HAND).count()


def _previewed(page: Any, running_night: Any, live_server: Any) -> None:
    log_in(page, running_night.host, live_server.url)
    page.goto(f"/nights/{running_night.night.pk}/record/seven-card-stud/")
    for name in ("Carla", "Dan", "Eva"):
        fill_row(page, name, folded=True)
    fill_row(page, "Anna", chips=10, place=1)
    fill_row(page, "Ben", chips=10, place=2)
    preview(page)


def test_the_second_phone_is_told_the_table_changed_and_shown_the_new_preview(
    open_phone: Any, running_night: Any, live_server: Any
) -> None:
    first, second = open_phone(), open_phone()
    _previewed(first, running_night, live_server)
    _previewed(second, running_night, live_server)
    first.get_by_role("button", name="Confirm and record").click()
    expect(first.get_by_role("heading", name="Table")).to_be_visible()
    assert _hands(running_night.night) == 1

    second.get_by_role("button", name="Confirm and record").click()
    alert = second.locator("#record-form [role=alert]")
    expect(alert).to_have_count(1)
    expect(alert).to_contain_text(
        "The table changed since this preview (host recorded Seven-card stud #1)"
    )
    expect(alert).to_be_in_viewport()
    # Anna had 113 after the first hand: the new preview settles on that.
    expect(second.locator(".preview .nets")).to_contain_text("126")
    assert _hands(running_night.night) == 1
    fits_phone(second)

    second.get_by_role("button", name="Confirm and record").click()
    expect(second.get_by_role("heading", name="Table")).to_be_visible()
    assert _hands(running_night.night) == 2
