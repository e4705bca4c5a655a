"""A seat moves to a new phone in a real browser at 390x844, in English and in German.

Anna's seat is on her old phone. Her new phone opens the night's table link,
taps "This is my seat", picks her name and shows a code. Her old phone is told
that another phone asks for the seat. The host's night page, open all along,
shows the request with the same code by itself; the host approves. The new
phone goes to Anna's seat by itself and shows her cards; the old phone, by
itself, says the seat moved; the host's page logs the move and never shows the
new link. Screenshots of each step go to the test's tmp_path (run with
``--basetemp=/tmp/...`` to look at them).
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from browser_steps import fits_phone, log_in
from playwright.sync_api import expect

NAMES = ("Anna", "Ben", "Carla")

WORDS = {
    "en-US": {
        "seat_of": "Seat of Anna",
        "mine": "This is my seat",
        "waiting": "Waiting for the host to move Anna's seat to this phone.",
        "warned": "Another phone has asked the host for this seat.",
        "asks": "A new phone asks for Anna's seat",
        "approve": "Approve",
        "moved": "Your seat moved to another phone",
        "logged": "Anna's seat moved to a new phone, approved by host",
    },
    "de-DE": {
        "seat_of": "Platz von Anna",
        "mine": "Das ist mein Platz",
        "waiting": "Warte darauf, dass der Gastgeber den Platz von Anna auf dieses Handy verlegt.",
        "warned": "Ein anderes Handy hat den Gastgeber um diesen Platz gebeten.",
        "asks": "Ein neues Handy fragt nach dem Platz von Anna",
        "approve": "Bestätigen",
        "moved": "Dein Platz ist auf ein anderes Handy umgezogen",
        "logged": "Platz von Anna auf ein neues Handy verlegt, bestätigt von host",
    },
}


def shot(page: Any, path: Path, *, full_page: bool = True) -> None:
    page.screenshot(path=path, full_page=full_page, caret="initial")


@pytest.fixture
def dealt(live_db: None) -> tuple[Any, Any, dict[str, str], str]:
    """Anna, Ben and Carla at a running night with a seven-card stud hand dealt:
    the night, the host, each seat's link and the table link (made by the services)."""
    from django.contrib.auth.models import User

    from gamenight import services
    from gamenight.models import SeatLink
    from gamenight.services import digital, table_links

    host = User.objects.create_user(username="host", password="felt-table-4-chips")
    group = services.create_group(name="Friday Felt", host=host)
    players = [services.add_player(group_id=group.pk, by=host, name=n) for n in NAMES]
    night = services.create_night(
        group_id=group.pk,
        by=host,
        date=datetime.date(2025, 3, 14),
        allowed_games=["seven-card-stud"],
        starting_stack=100,
    )
    services.start_night(night_id=night.pk, by=host, key="start", players=[p.pk for p in players])
    digital.start_hand(night_id=night.pk, by=host, key="deal", game="seven-card-stud")
    links = {
        link.seat.player.name: f"/s/{link.token}/"
        for link in SeatLink.objects.filter(night=night, revoked=False).select_related(
            "seat__player"
        )
    }
    tv = f"/tv/{table_links.live_table_link(night).token}/"
    return night, host, links, tv


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_seat_moves_to_the_new_phone_the_host_approves(
    open_phone: Any,
    dealt: tuple[Any, Any, dict[str, str], str],
    live_server: Any,
    tmp_path: Path,
    locale: str,
) -> None:
    night, host_user, links, tv = dealt
    words = WORDS[locale]
    lang = locale[:2]

    # Anna's old phone holds her seat.
    old = open_phone(locale=locale)
    old.goto(links["Anna"])
    expect(old.get_by_text(words["seat_of"])).to_be_visible()
    expect(old.locator(".dme .pcard").first).to_be_visible()
    cards = old.locator(".dme .pcard").all_inner_texts()

    # The host's night page is open all along.
    host = open_phone(locale=locale)
    log_in(host, host_user, live_server.url)
    host.goto(f"/nights/{night.pk}/")
    expect(host.locator("#digital li.dlink-claimed", has_text="Anna")).to_be_visible()

    # Her new phone: the table link, "This is my seat", her name.
    new = open_phone(locale=locale)
    new.goto(tv)
    fits_phone(new)
    shot(new, tmp_path / f"0-{lang}-new-phone-table-link.png")
    new.get_by_role("link", name=words["mine"]).click()
    expect(new.get_by_role("heading", name=words["mine"])).to_be_visible()
    fits_phone(new)
    shot(new, tmp_path / f"1-{lang}-new-phone-picks.png")
    new.get_by_role("button", name="Anna", exact=True).click()
    expect(new.get_by_text(words["waiting"])).to_be_visible()
    code = new.locator(".dcode strong").inner_text()
    assert len(code) == 4
    expect(new.locator(".pcard")).to_have_count(0)
    fits_phone(new)
    shot(new, tmp_path / f"2-{lang}-new-phone-asks.png")

    # The old phone is told, in case the new one is not Anna's.
    expect(old.get_by_text(words["warned"])).to_be_visible()
    shot(old, tmp_path / f"3-{lang}-old-phone-warned.png")

    # The host's prompt comes by itself, with the same code; approving shows no card.
    prompt = host.locator("#seat-moves .dmove")
    expect(prompt).to_contain_text(words["asks"])
    expect(prompt.locator(".dcode strong")).to_have_text(code)
    fits_phone(host)
    prompt.scroll_into_view_if_needed()
    shot(host, tmp_path / f"4-{lang}-host-prompt.png", full_page=False)
    prompt.get_by_role("button", name=words["approve"]).click()
    expect(host.locator("#seat-moves .dmove")).to_have_count(0)
    expect(host.locator(".dmoves-log")).to_contain_text(words["logged"])
    page = host.content()
    assert not any(card in page for card in cards)

    # The new phone goes to the seat by itself: Anna's cards, here now.
    expect(new.get_by_text(words["seat_of"])).to_be_visible()
    expect(new.locator(".dme .pcard")).to_have_count(len(cards))
    assert new.locator(".dme .pcard").all_inner_texts() == cards
    seat_path = new.url.removeprefix(live_server.url)
    assert seat_path.startswith("/s/")
    assert seat_path != links["Anna"]
    assert seat_path not in page
    fits_phone(new)
    shot(new, tmp_path / f"5-{lang}-new-phone-bound.png")

    # The old phone lost it at once and says so, by itself.
    expect(old.get_by_role("heading", name=words["moved"])).to_be_visible()
    expect(old.locator(".pcard")).to_have_count(0)
    fits_phone(old)
    shot(old, tmp_path / f"6-{lang}-old-phone-moved.png")

    host.locator(".dmoves-log summary").click()
    host.locator("#digital").screenshot(path=tmp_path / f"7-{lang}-host-log.png", caret="initial")
