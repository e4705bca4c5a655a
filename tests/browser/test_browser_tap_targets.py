"""Tap targets and the confirm step on a phone.

Every link and button of the night page, the group page and the start-night page
is at least 44x44 CSS px (a fingertip), a busted player and a confirm panel
included; ending the night asks once and ends on the second tap, with and
without JavaScript.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from browser_steps import fits_phone, log_in
from playwright.sync_api import expect

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Night, NightStatus

TAP = 44
TARGETS = "a[href], button, summary, label.present, .busted-rebuy button"

# Each visible target's box, rounded down (sub-pixel layout), with a name to report.
_MEASURE = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.offsetParent !== null || getComputedStyle(e).position === "fixed")
  .map((e) => {
    const r = e.getBoundingClientRect();
    const name = (e.innerText || e.getAttribute("aria-label") || e.tagName).trim();
    return {name: name.slice(0, 40), tag: e.tagName, w: Math.floor(r.width + 0.5),
            h: Math.floor(r.height + 0.5)};
  })"""


def _too_small(page: Any) -> list[str]:
    boxes = page.evaluate(_MEASURE, TARGETS)
    assert boxes, "nothing to measure"
    return [
        f"{b['tag']} {b['name']!r}: {b['w']}x{b['h']}" for b in boxes if min(b["w"], b["h"]) < TAP
    ]


def _too_small_inputs(page: Any) -> list[str]:
    """The number fields of the seats and buy-ins and their - and + buttons."""
    boxes = page.evaluate(_MEASURE, ".seat-row input, .seat-row .step")
    assert boxes, "no seat fields to measure"
    return [f"{b['tag']}: {b['w']}x{b['h']}" for b in boxes if min(b["w"], b["h"]) < TAP]


@pytest.fixture
def busy_night(running_night: Any) -> Any:
    """Eva all in and busted, a Guts pot in the middle, a hand to undo."""
    night, host, players = running_night.night, running_night.host, running_night.players
    anna, eva = players["Anna"].pk, players["Eva"].pk
    others = {p.pk: 1 for name, p in players.items() if name not in ("Anna", "Eva")}
    services.record_table_hand(
        night_id=night.pk,
        by=host,
        key="all-in",
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={anna: 100, eva: 100, **others},
            folded=frozenset(others),
            showdown=HostRanking(groups=((anna,), (eva,))),
        ),
    )
    services.record_guts_deal(night_id=night.pk, by=host, key="guts", in_players=[])
    return running_night


def test_every_link_and_button_is_a_fingertip_wide(
    page: Any, busy_night: Any, live_server: Any
) -> None:
    night, host = busy_night.night, busy_night.host
    planned = services.create_night(
        group_id=night.group_id, by=host, date=datetime.date(2025, 3, 21)
    )
    log_in(page, host, live_server.url)
    small: dict[str, list[str]] = {}
    for path in (
        f"/nights/{night.pk}/",
        f"/groups/{night.group_id}/",
        f"/nights/{planned.pk}/start/",
        f"/groups/{night.group_id}/players/new/",
        f"/groups/{night.group_id}/transfer/",
        "/groups/import/",
    ):
        page.goto(path)
        fits_phone(page)
        small[path] = _too_small(page)
    # The seats and buy-ins, opened, with their steppers.
    page.goto(f"/nights/{planned.pk}/start/")
    page.locator("details.seat-details summary").click()
    expect(page.locator("fieldset.seat-row").first).to_be_visible()
    small["seats and buy-ins"] = _too_small(page) + _too_small_inputs(page)
    # The confirm panel's buttons too.
    page.goto(f"/nights/{night.pk}/")
    page.locator("#deal-list").get_by_role("button", name="Undo", exact=True).first.click()
    expect(page.locator("#deal-list .confirm-panel")).to_be_visible()
    small["undo panel"] = _too_small(page)
    assert page.locator(".badge.busted").count() == 1
    assert small == {key: [] for key in small}


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-js"])
def test_ending_the_night_asks_once_then_ends(
    open_phone: Any, running_night: Any, live_server: Any, javascript: bool
) -> None:
    page = open_phone(javascript=javascript)
    night, host = running_night.night, running_night.host
    log_in(page, host, live_server.url)
    page.goto(f"/nights/{night.pk}/")
    page.get_by_role("button", name="End the night", exact=True).click()
    panel = page.locator("#end .confirm-panel")
    expect(panel).to_be_visible()
    expect(panel.locator(".moves")).to_contain_text("Anna 100")
    assert Night.objects.get(pk=night.pk).status == NightStatus.RUNNING
    fits_phone(page)
    panel.get_by_role("button", name="Yes, end the night").click()
    expect(page.get_by_text("The night is over.")).to_be_visible()
    assert Night.objects.get(pk=night.pk).status == NightStatus.CLOSED


def _invite_page(page: Any, running_night: Any, live_server: Any) -> Any:
    night, host = running_night.night, running_night.host
    log_in(page, host, live_server.url)
    page.goto(f"/groups/{night.group_id}/")
    return page.locator("#invite a.share-button").first


def test_the_share_button_opens_the_share_sheet(
    page: Any, running_night: Any, live_server: Any
) -> None:
    # The phone's share sheet, stood in for by a function that keeps what it was given.
    page.add_init_script(
        "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"
    )
    share = _invite_page(page, running_night, live_server)
    href = share.get_attribute("href")
    share.click()
    assert page.evaluate("window.shared.url") == href
    assert page.url.endswith(f"/groups/{running_night.night.group_id}/")


def test_without_a_share_sheet_the_link_is_copied(
    page: Any, running_night: Any, live_server: Any
) -> None:
    page.add_init_script("Object.defineProperty(navigator, 'share', {value: undefined});")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    share = _invite_page(page, running_night, live_server)
    href = share.get_attribute("href")
    share.click()
    expect(share).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == href
