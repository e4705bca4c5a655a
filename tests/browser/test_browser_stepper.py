"""The minus and plus of a number field with cents: the chip's value on the night's report."""

from __future__ import annotations

from typing import Any

from browser_steps import fits_phone, log_in
from playwright.sync_api import expect


def test_the_chip_values_plus_moves_by_a_cent(
    page: Any, running_night: Any, live_server: Any
) -> None:
    """Issue 23: "+" on 0.10 made it 1 (the stepper read whole numbers only)."""
    from gamenight import services
    from gamenight.reports import build

    night = running_night.night
    services.end_night(night_id=night.pk, by=running_night.host)
    build.build_night(night.pk)
    log_in(page, running_night.host, live_server.url)
    page.goto(f"/nights/{night.pk}/report/")
    value = page.get_by_label("Value of one chip")
    value.fill("0.10")
    field = page.locator(".stepper", has=value)
    field.get_by_role("button", name="+ 0.01").click()
    expect(value).to_have_value("0.11")
    field.get_by_role("button", name="\u2212 0.01").click()
    field.get_by_role("button", name="\u2212 0.01").click()
    expect(value).to_have_value("0.09")
    page.screenshot(path="/work/shots/recordfix/chip-value.png", full_page=True)
    page.get_by_role("button", name="Save the chip value").click()
    expect(page.get_by_label("Value of one chip")).to_have_value("0.09")
    fits_phone(page)
