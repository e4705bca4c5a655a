"""A seat link belongs to one phone, in a real browser at 390x844.

The host deals a hand from the night page, where each seat's QR code waits to
be scanned. Anna's phone opens her link: it is hers now, and the host's page
shows her seat as "on a phone since" without its link, and with no button to
take it over: only Anna moves it, from her new phone
(test_browser_seat_move.py). A second phone (in German) that opens the same
link gets only the page saying the seat is open on another phone. Screenshots
of each step go to the test's tmp_path (run with ``--basetemp=/tmp/...`` to
look at them).
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from browser_steps import deal_on_the_phones, fits_phone, log_in, seat_links
from playwright.sync_api import expect

NAMES = ("Anna", "Ben", "Carla")


@pytest.fixture
def running_night(live_db: None) -> tuple[Any, Any]:
    """Anna, Ben and Carla at a running night (made by the services)."""
    from django.contrib.auth.models import User

    from gamenight import services

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
    return night, host


def test_a_seat_belongs_to_the_phone_that_opened_it(
    open_phone: Any, running_night: tuple[Any, Any], live_server: Any, tmp_path: Path
) -> None:
    night, host_user = running_night
    host = open_phone()
    log_in(host, host_user, live_server.url)
    host.goto(f"/nights/{night.pk}/")
    deal_on_the_phones(host, "Seven-card stud")
    links = seat_links(host)
    assert sorted(links) == sorted(NAMES)
    anna_row = host.locator("#digital ul.dlinks > li", has_text="Anna")
    anna_row.locator("summary").click()
    expect(anna_row.locator(".qr svg")).to_be_visible()
    host.locator("#digital").screenshot(path=tmp_path / "1-host-qr.png", caret="initial")

    # Anna's phone opens her link: her cards, her seat.
    anna = open_phone()
    anna.goto(links["Anna"])
    expect(anna.get_by_text("Seat of Anna")).to_be_visible()
    expect(anna.locator(".dme .pcard").first).to_be_visible()
    fits_phone(anna)
    anna.screenshot(path=tmp_path / "2-anna-phone.png", full_page=True, caret="initial")

    # The host's page: Anna's seat is on a phone, and her link is gone from it.
    host.reload()
    claimed = host.locator("#digital li.dlink-claimed", has_text="Anna")
    expect(claimed).to_contain_text("On a phone since")
    assert links["Anna"] not in host.content()
    assert links["Ben"] in host.content()
    fits_phone(host)
    host.locator("#digital").screenshot(path=tmp_path / "3-host-claimed.png", caret="initial")

    # Another phone, in German, with the same link: nothing of the seat.
    other = open_phone(locale="de-DE")
    other.goto(links["Anna"])
    expect(other.get_by_text("Dieser Platz ist auf einem anderen Handy offen.")).to_be_visible()
    expect(other.locator(".pcard")).to_have_count(0)
    expect(other.get_by_text("Anna")).to_have_count(0)
    fits_phone(other)
    other.screenshot(path=tmp_path / "4-other-phone-de.png", full_page=True, caret="initial")

    # The host's page has no way to move or renew Anna's seat: only Anna can.
    host.reload()
    claimed = host.locator("#digital li.dlink-claimed", has_text="Anna")
    expect(claimed).to_be_visible()
    expect(claimed.locator("button, form")).to_have_count(0)
    expect(host.get_by_role("button", name="Move to a new phone")).to_have_count(0)
    response = anna.goto(links["Anna"])
    assert response is not None
    assert response.status == 200
