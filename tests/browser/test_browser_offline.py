"""Recording through a Wi-Fi drop (issue 26): the service worker and the phone's outbox.

The host's phone loads the night page (the service worker keeps it and the
night's record forms), then loses the connection (Playwright's
``context.set_offline``; the worker's own fetches are cut too: offline_steps.go_offline).
Two hands are recorded offline, each from a kept record form, and wait on the
phone; the page is reloaded, still offline, and both still wait. Back online,
they are sent by themselves: each booked exactly once, the second on top of
the first, and the night page, loaded again by itself, shows the right stacks.

A hand recorded offline while another phone records one is refused when it
is sent, with the server's reason, and nothing of it is booked.
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_scan import axe_lines
from browser_steps import log_in, seat_row, stacks
from offline_steps import go_offline
from playwright.sync_api import expect

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Transaction, TransactionKind

PLAYERS = ("Anna", "Ben", "Carla", "Dan", "Eva")

_KEPT = """async (path) => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if (await cache.match(location.origin + path, {ignoreVary: true})) return true;
  }
  return false;
}"""


def _wait_kept(page: Any, path: str) -> None:
    """Until the service worker has kept the page (its caches are read as they are)."""
    for _ in range(200):
        if page.evaluate(_KEPT, path):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{path} was not kept")


def _ready_offline(page: Any, night_id: int, games: tuple[str, ...]) -> None:
    """The night page under the service worker, with its record forms kept."""
    page.goto(f"/nights/{night_id}/")
    page.wait_for_function(
        "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
    )
    for path in (f"/nights/{night_id}/", *(f"/nights/{night_id}/record/{g}/" for g in games)):
        _wait_kept(page, path)
    # The worker keeps a form's own scripts just after the form.
    _wait_kept(page, "/static/js/record_form.js")


def _record_offline(page: Any, game: str, winner: str) -> int:
    """Everyone antes and calls, ``winner`` shows the best hand, Confirm; the chips each."""
    page.locator(f'ul.games a[href$="/record/{game}/"]').click()
    expect(page.locator("html[data-offline-copy]")).to_have_count(1)
    expect(page.locator("#record-form")).to_be_visible()
    page.locator("#record-form button.fill").click()
    seat_row(page, winner).locator("button.order").click()
    chips = int(seat_row(page, winner).locator("input[name^=chips_]").input_value())
    page.locator("#record-bar button[name=confirm]").click()
    # Back on the night page (its kept copy), the hand listed as waiting.
    expect(page.locator("ul.games")).to_be_visible()
    return chips


def _no_axe_violation(page: Any) -> None:
    """The outbox and the offline note pass axe-core too, light and dark."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe_lines(page) == [], scheme


@pytest.fixture
def phone(page: Any, running_night: Any, live_server: Any) -> Any:
    log_in(page, running_night.host, live_server.url)
    return page


def test_two_hands_recorded_offline_are_booked_once_after_a_reload(
    phone: Any, running_night: Any
) -> None:
    night = running_night.night
    _ready_offline(phone, night.pk, ("baseball", "seven-card-stud"))
    before = stacks(phone)
    assert before == dict.fromkeys(PLAYERS, 100)

    go_offline(phone, True)
    first = _record_offline(phone, "baseball", "Anna")
    outbox = phone.locator("#outbox")
    expect(outbox.locator(".outbox-item")).to_have_count(1)
    second = _record_offline(phone, "seven-card-stud", "Ben")
    expect(outbox.locator(".outbox-item .outbox-state")).to_have_text(
        ["waiting to send", "waiting to send"]
    )
    expect(phone.locator("[data-connection]")).to_be_visible()
    # The kept night page's stacks and deal are from before both hands: it says so.
    expect(outbox.locator("[data-copy-note]")).to_contain_text("do not count the hands waiting")
    assert not Transaction.objects.filter(night=night, kind=TransactionKind.TABLE_HAND).exists()

    # Nothing recorded is lost when the phone reloads, offline.
    phone.reload()
    expect(outbox.locator(".outbox-item .outbox-state")).to_have_text(
        ["waiting to send", "waiting to send"]
    )
    _no_axe_violation(phone)
    assert not Transaction.objects.filter(night=night, kind=TransactionKind.TABLE_HAND).exists()

    go_offline(phone, False)
    expect(outbox.locator(".outbox-item .outbox-state")).to_have_text(["recorded", "recorded"])
    expect(phone.locator("[data-connection]")).to_be_hidden()
    expect(outbox.locator("[data-copy-note]")).to_be_hidden()
    hands = Transaction.objects.filter(night=night, kind=TransactionKind.TABLE_HAND)
    assert hands.count() == 2
    assert len({h.idempotency_key for h in hands}) == 2
    # Anna took the first pot, Ben the second: everyone else paid into both.
    others = len(PLAYERS) - 1
    expected = dict.fromkeys(PLAYERS, 100 - first - second)
    expected["Anna"] = 100 + others * first - second
    expected["Ben"] = 100 - first + others * second
    booked = {s.seat.player.name: s.stack for s in services.preview.read_table(night).seats}
    assert booked == expected
    # The night page loads itself again once they are booked: no stale stacks.
    anna = phone.locator("ol.seats li.seat", has_text="Anna").locator(".chips")
    expect(anna).to_have_text(str(expected["Anna"]))
    assert stacks(phone) == expected
    assert sum(expected.values()) == 100 * len(PLAYERS)


def test_a_hand_kept_while_another_phone_recorded_is_refused_with_the_reason(
    phone: Any, running_night: Any
) -> None:
    night, host, players = running_night.night, running_night.host, running_night.players
    _ready_offline(phone, night.pk, ("baseball",))
    go_offline(phone, True)
    _record_offline(phone, "baseball", "Carla")
    # Meanwhile another phone records a hand.
    services.record_table_hand(
        night_id=night.pk,
        by=host,
        key="other-phone",
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={p.pk: 1 for p in players.values()},
            folded=frozenset(p.pk for name, p in players.items() if name != "Dan"),
            showdown=HostRanking(groups=((players["Dan"].pk,),)),
        ),
    )
    go_offline(phone, False)
    item = phone.locator("#outbox .outbox-item")
    expect(item.locator(".outbox-state")).to_have_text("not recorded")
    expect(item.locator(".outbox-reason")).to_contain_text("The table changed since this preview")
    expect(item.locator(".outbox-reason")).to_contain_text("host recorded")
    _no_axe_violation(phone)
    hands = Transaction.objects.filter(night=night, kind=TransactionKind.TABLE_HAND)
    assert [h.idempotency_key for h in hands] == ["other-phone"]
    item.get_by_role("button", name="Dismiss").click()
    expect(phone.locator("#outbox")).to_be_hidden()


def test_chromium_finds_the_app_installable(phone: Any, running_night: Any) -> None:
    """What Chromium's "Install app" needs: a manifest it reads without an error, with
    its name, icons and start URL, and nothing it holds against installing."""
    phone.goto(f"/groups/{running_night.night.group_id}/")
    phone.wait_for_function(
        "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
    )
    cdp = phone.context.new_cdp_session(phone)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == []
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A Playwright context is a private window, where Chromium installs nothing.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
