"""A double tap on "Confirm and record" records the game once.

With JavaScript, htmx disables the button while the first tap is on its way;
without it, both taps post the same idempotency key and the second records
nothing new. Either way the database holds one hand and the page lists one.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_steps import fits_phone, preview_a_hand, table_hands
from playwright.sync_api import expect


def _double_tap(page: Any, how: str) -> None:
    button = page.get_by_role("button", name="Confirm and record")
    if how == "dblclick":
        button.dblclick()
    else:
        button.click(no_wait_after=True)
        # The second tap lands while the first is on its way (htmx has disabled the button).
        button.click(no_wait_after=True, force=True)


@pytest.mark.parametrize("how", ["dblclick", "two clicks"])
def test_a_double_tap_on_confirm_records_one_hand(
    page: Any, running_night: Any, live_server: Any, how: str
) -> None:
    preview_a_hand(page, running_night, live_server.url)
    assert table_hands(running_night.night) == 0
    _double_tap(page, how)
    expect(page.get_by_role("heading", name="Table")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert table_hands(running_night.night) == 1
    deals = page.locator("#deal-list li.deal")
    expect(deals).to_have_count(1)
    expect(deals.first).to_contain_text("Anna +13")
    fits_phone(page)


def test_a_double_tap_without_javascript_records_one_hand(
    open_phone: Any, running_night: Any, live_server: Any
) -> None:
    page = open_phone(javascript=False)
    preview_a_hand(page, running_night, live_server.url)
    button = page.get_by_role("button", name="Confirm and record")
    button.dblclick()
    expect(page.get_by_role("heading", name="Table")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert table_hands(running_night.night) == 1
    expect(page.locator("#deal-list li.deal")).to_have_count(1)
