"""The app in German: picked by the browser's language, or by the language switch."""

from __future__ import annotations

from typing import Any

from browser_steps import fill_row, fits_phone, log_in, preview
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
    shown = preview(page)
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


def test_the_host_edits_the_jack_list_in_german(
    german_page: Any, running_night: Any, live_server: Any
) -> None:
    """Jack the Shifter's agreed list on the group page (issue 13): German titles, one
    tap target per game, nothing wider than the phone; saving keeps the boxes ticked."""
    page = german_page
    log_in(page, running_night.host, live_server.url)
    group = running_night.night.group
    page.goto(f"/groups/{group.pk}/#jack-games")
    section = page.locator("#jack-games")
    expect(section.get_by_role("heading", name="Jack the Shifter")).to_be_visible()
    expect(section.get_by_text("Spiele, zu denen ein Bube wechseln darf")).to_be_visible()
    box = section.get_by_label("Second Hand High")
    expect(box).to_be_checked()
    fits_phone(page)
    box.uncheck()
    section.get_by_role("button", name="Liste speichern").click()
    expect(page.locator("#jack-games").get_by_label("Second Hand High")).not_to_be_checked()
    expect(page.locator("#jack-games").get_by_label("Sequence")).to_be_checked()
    # Kept: a fresh load shows the list as saved (the live server's database is not
    # read from the test while it may still be answering).
    page.goto(f"/groups/{group.pk}/#jack-games")
    expect(page.locator("#jack-games").get_by_label("Second Hand High")).not_to_be_checked()
    fits_phone(page)


def test_the_header_is_one_line_logged_out_in_both_languages(german_page: Any, page: Any) -> None:
    """Issue 23: logged out, the German header wrapped onto two lines on a phone
    (Pokerabend, Anmelden, Registrieren and the switch to English)."""
    for phone, shot in ((german_page, "header-de"), (page, "header-en")):
        phone.goto("/")
        bar = phone.locator("header.topbar")
        brand = bar.locator(".brand").bounding_box()
        nav = bar.locator("nav").bounding_box()
        phone.screenshot(path=f"/work/shots/recordfix/{shot}.png")
        assert nav["y"] < brand["y"] + brand["height"], f"{shot}: the nav is below the name"
        assert bar.bounding_box()["height"] <= 64, shot
        fits_phone(phone)
