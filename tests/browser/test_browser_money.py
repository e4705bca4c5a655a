"""Money among friends on a phone (issue 28): the host adds the pizza in German with a
comma, the night ends, and the report's transfer opens a GiroCode and a PayPal button;
nothing sticks out of a 390 px screen, and every element stays inside it."""

from __future__ import annotations

import re
from typing import Any

from browser_steps import fits_phone, log_in
from conftest import RunningNight
from playwright.sync_api import expect

from gamenight import services
from gamenight.models import Expense, Group, PaymentDetails
from gamenight.reports import build

WIDER_THAN_SCREEN = """(limit) => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > limit + 0.5)
  .slice(0, 8)
  .map((e) => `${e.tagName}.${e.className} right=${e.getBoundingClientRect().right}`)"""


def _inside(page: Any) -> None:
    fits_phone(page)
    assert page.evaluate(WIDER_THAN_SCREEN, 390) == []


def test_a_host_adds_the_pizza_and_the_report_offers_a_girocode(
    german_page: Any, running_night: RunningNight, live_server: Any
) -> None:
    night, host, players = running_night.night, running_night.host, running_night.players
    Group.objects.filter(pk=night.group_id).update(chip_value_cents=10)
    PaymentDetails.objects.create(
        player=players["Ben"], iban="DE89370400440532013000", paypal_me="benpays"
    )
    page = german_page
    log_in(page, host, live_server.url)
    page.goto(f"/nights/{night.pk}/")
    page.get_by_role("link", name="Geteilte Kosten").click()
    _inside(page)
    page.get_by_label("Wofür").fill("Pizza")
    page.get_by_label("Betrag in EUR").fill("25,00")
    page.get_by_label("Bezahlt von").select_option(label="Ben")
    page.get_by_role("button", name="Kosten eintragen").click()
    expect(page.locator("ul.expenses")).to_contain_text("Pizza: 25,00\u00a0€, bezahlt von Ben")
    _inside(page)
    assert Expense.objects.get(night=night).amount == 2500

    services.end_night(night_id=night.pk, by=host)
    assert build.build_night(night.pk) == "built"
    page.goto(f"/nights/{night.pk}/report/")
    expect(page.locator("#costs")).to_contain_text("Pizza")
    pay = page.locator("#settle-up details.pay").first
    expect(pay.locator("summary")).to_contain_text("So bezahlst du Ben")
    pay.locator("summary").click()
    expect(pay.locator(".girocode svg")).to_be_visible()
    expect(pay.get_by_role("link", name="mit PayPal zahlen")).to_have_attribute(
        "href", re.compile(r"^https://paypal\.me/benpays/\d+\.\d\dEUR$")
    )
    box = pay.locator(".girocode svg").bounding_box()
    assert box is not None
    assert box["width"] >= 200  # big enough for a banking app to read off the screen
    _inside(page)
