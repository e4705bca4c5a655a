"""The app in German: picked by the browser's language, or by the language switch."""

from __future__ import annotations

from typing import Any

from browser_steps import fill_row, fits_phone, log_in
from playwright.sync_api import expect


def test_a_german_browser_gets_german_pages(german_page: Any) -> None:
    page = german_page
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("heading", name="Pokerabend")).to_be_visible()
    expect(page.get_by_role("link", name="Registrieren").first).to_be_visible()
    fits_phone(page)


def test_the_german_night_and_its_recording_form(
    german_page: Any, running_night: Any, live_server: Any
) -> None:
    page = german_page
    log_in(page, running_night.host, live_server.url)
    page.goto(f"/nights/{running_night.night.pk}/")
    expect(page.get_by_role("heading", name="Tisch")).to_be_visible()
    expect(page.get_by_role("button", name="Abend beenden")).to_be_visible()
    fits_phone(page)

    page.goto(f"/nights/{running_night.night.pk}/record/baseball/")
    fill_row(page, "Anna", chips=10, place=2)
    fill_row(page, "Ben", chips=10, place=1)
    for name in ("Carla", "Dan", "Eva"):
        fill_row(page, name, folded=True)
    page.locator("#record-form .actions").get_by_role("button", name="Vorschau").click()
    shown = page.locator("#record-form section.preview")
    expect(shown.locator("ul.pots > li").first).to_contain_text("Hauptpot: 23")
    expect(page.get_by_role("button", name="Bestätigen und eintragen")).to_be_visible()
    fits_phone(page)


def test_the_language_switch(page: Any) -> None:
    page.goto("/")
    expect(page.get_by_role("heading", name="Poker night")).to_be_visible()
    page.get_by_role("button", name="Deutsch").click()
    expect(page.get_by_role("heading", name="Pokerabend")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", name="Poker night")).to_be_visible()
    fits_phone(page)
