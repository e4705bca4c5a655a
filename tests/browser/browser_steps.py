"""Steps a host takes in the browser, shared by the browser tests."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from gamenight.models import Night, Player, Transaction, TransactionKind

PLAYERS = ("Anna", "Ben", "Carla", "Dan", "Eva")
PASSWORD = "felt-table-4-chips"
PHONE_WIDTH = 390


def fits_phone(page: Any) -> None:
    """The page scrolls only up and down on a phone: nothing sticks out sideways."""
    page.wait_for_load_state()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} is {width}px wide on a {PHONE_WIDTH}px phone"


def log_in(page: Any, user: Any, origin: str) -> None:
    """Give the page's browser the user's session: no login form, no password."""
    from django.conf import settings
    from helpers.clients import client_for

    cookie = client_for(user).cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": origin}]
    )


def sign_up(page: Any, username: str = "host") -> None:
    page.goto("/")
    fits_phone(page)
    page.get_by_role("link", name="Sign up").first.click()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    fits_phone(page)
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", name="Your groups")).to_be_visible()
    fits_phone(page)


def create_group(page: Any, name: str = "Friday Felt") -> None:
    page.get_by_role("link", name="New group").click()
    expect(page.get_by_role("heading", name="New group")).to_be_visible()
    fits_phone(page)
    page.get_by_label("Name of the group").fill(name)
    page.get_by_role("button", name="Create group").click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    fits_phone(page)


def add_players(page: Any, names: tuple[str, ...] = PLAYERS) -> None:
    """All of them in one form: one name a line."""
    page.get_by_role("link", name="Add players").click()
    expect(page.get_by_role("heading", name="New players")).to_be_visible()
    fits_phone(page)
    page.get_by_label("Names, one per line").fill("\n".join(names))
    page.get_by_role("button", name="Add players").click()
    for name in names:
        expect(page.locator("section", has_text="Players").get_by_text(name)).to_be_visible()


def create_season(page: Any, name: str = "Spring", starts_on: str = "2025-03-01") -> None:
    page.get_by_role("link", name="New season").click()
    expect(page.get_by_role("heading", name="New season")).to_be_visible()
    fits_phone(page)
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Starts on").fill(starts_on)
    page.get_by_role("button", name="Create season").click()
    expect(page.get_by_role("listitem").filter(has_text=name)).to_be_visible()


def plan_night(
    page: Any, *, date: str = "2025-03-14", season: str | None = "Spring", guts_limit: int = 0
) -> Night:
    page.get_by_role("link", name="Plan the next night").click()
    expect(page.get_by_role("heading", name="Plan a night")).to_be_visible()
    fits_phone(page)
    page.get_by_label("Date", exact=True).fill(date)
    page.get_by_label("Place", exact=True).fill("Anna's kitchen")
    if season:
        page.get_by_label("Season", exact=True).select_option(label=season)
    if guts_limit:
        # A house option of the night: the Guts pot never holds more than the limit.
        guts = page.locator(
            "details.options", has=page.locator("summary", has_text=re.compile(r"^Guts$"))
        )
        guts.locator("summary").click()
        guts.locator("input[name=opt__guts__limit]").fill(str(guts_limit))
    page.get_by_role("button", name="Plan the night").click()
    # A day gone by is planned to be recorded afterwards: the form leads to its start.
    expect(page.get_by_role("heading", name="Start the night")).to_be_visible()
    fits_phone(page)
    return Night.objects.latest("pk")


def start_night(page: Any, names: tuple[str, ...] = PLAYERS, buy_in: int = 100) -> None:
    """Tick everyone present, seat them in the given order, each buying in for ``buy_in``."""
    presence = page.locator("fieldset.presence label.present")
    for box in presence.all():
        box.get_by_role("checkbox").set_checked(box.inner_text().strip() in names)
    page.locator("details.seat-details summary").click()
    for seat, name in enumerate(names, start=1):
        row = page.locator("fieldset.seat-row", has=page.get_by_text(name, exact=True))
        row.locator("input[name^=position_]").fill(str(seat))
        row.locator("input[name^=buy_in_]").fill(str(buy_in))
    page.get_by_role("button", name="Start the night").click()
    expect(page.get_by_role("heading", name="Table")).to_be_visible()
    fits_phone(page)


def stacks(page: Any) -> dict[str, int]:
    """The chips of each seated player, as the night page shows them."""
    result = {}
    for seat in page.locator("ol.seats li.seat").all():
        name = seat.locator(".seat-name").inner_text().split("\n")[0]
        name = re.sub(r"\s+deals$", "", name.strip())
        result[name] = int(seat.locator(".chips").inner_text())
    return result


def player_ids() -> dict[str, int]:
    return dict(Player.objects.values_list("name", "pk"))


def seat_row(page: Any, name: str) -> Any:
    """A player's row in the recording form."""
    return page.locator("#record-form li.seat").filter(
        has=page.locator(".seat-head strong", has_text=re.compile(rf"^(\d+ )?{name}$"))
    )


def open_game(page: Any, slug: str) -> None:
    """From the night page, the dealer's call: the recording form of that game."""
    page.locator(f'ul.games a[href$="/record/{slug}/"]').click()
    expect(page.locator("#record-form")).to_be_visible()
    fits_phone(page)


# The places given to fill_row, tapped in finishing order by preview() (per page).
_PLACES: dict[int, dict[str, int]] = {}


def fill_row(
    page: Any,
    name: str,
    *,
    chips: int | None = None,
    folded: bool = False,
    all_in: bool = False,
    is_in: bool = False,
    place: int | None = None,
) -> None:
    """One player's row of the recording form; the place is tapped with the others."""
    row = seat_row(page, name)
    if chips is not None:
        row.locator("input[name^=chips_]").fill(str(chips))
    # The one state control: in, folded, all-in, sat out, a tap each.
    for _ in range(1 if folded else 2 if all_in else 0):
        row.locator("button.state").click()
        page.wait_for_load_state()
    if is_in:
        row.locator("input[name^=in_]").check()
    if place is not None:
        _PLACES.setdefault(id(page), {})[name] = place


def tap_finishing_order(page: Any, places: dict[str, int]) -> None:
    """Tap the names best first; a place shared with the one before is a tie."""
    previous = None
    for name, place in sorted(places.items(), key=lambda item: item[1]):
        if place == previous:
            page.locator("#tie-next").check()
        seat_row(page, name).locator("button.order").click()
        page.wait_for_load_state()
        previous = place


def preview(page: Any) -> Any:
    """Tap the showdown, then open what the bar at the bottom shows would be recorded."""
    tap_finishing_order(page, _PLACES.pop(id(page), {}))
    bar = page.locator("#record-bar")
    # With JavaScript the bar follows every change; without it, Enter in a field asks.
    if not page.locator("html.js").count():
        page.locator("#record-form input[type=number]").first.press("Enter")
    # The bar is busy until it shows the last change.
    expect(page.locator("#record-bar:not([aria-busy])")).to_have_count(1)
    details = bar.locator("details.bar-preview")
    expect(details).to_be_visible()
    details.locator("summary").click()
    section = bar.locator("section.preview")
    expect(section).to_be_visible()
    fits_phone(page)
    return section


def confirm(page: Any) -> None:
    """Record the game from the bar; the app goes back to the night page."""
    page.locator("#record-bar").get_by_role("button", name="Confirm and record").click()
    expect(page.get_by_role("heading", name="Table")).to_be_visible()
    fits_phone(page)


def net_of(preview_section: Any, name: str) -> int:
    row = preview_section.locator("table.nets tbody tr").filter(has_text=name)
    return int(row.locator("td.net").inner_text())


def pot_line(page: Any) -> tuple[int, int]:
    """The Guts pot and reserve shown above the recording form."""
    line = page.locator("#record-form > p.pot-line")
    numbers = [int(n) for n in line.locator("strong").all_inner_texts()]
    return numbers[0], numbers[1]


# ---------------------------------------------------------------- digital hands


def deal_on_the_phones(page: Any, game_title: str) -> None:
    """From the night page's host panel: deal a digital hand of the game."""
    panel = page.locator("#digital")
    panel.locator("select[name=game]").select_option(label=game_title)
    panel.get_by_role("button", name="Deal on the phones").click()
    expect(panel.get_by_text("in play")).to_be_visible()


def seat_links(page: Any) -> dict[str, str]:
    """Each player's seat link (its path) as the host panel lists it under the QR code."""
    links = {}
    for row in page.locator("#digital ul.dlinks > li").all():
        name = row.locator("summary").inner_text().strip()
        links[name] = row.locator(".dlink-url a").get_attribute("href")
    return links


def tap(page: Any, action: str, *, version: int, amount: int | None = None) -> None:
    """On a seat page: wait until it shows ``version`` of the hand with ``action``
    among its big buttons (polling brings it), then tap that button."""
    form = page.locator(
        "form.daction",
        has=page.locator(f"input[name=action][value='{action}']"),
    ).filter(has=page.locator(f"input[name=version][value='{version}']"))
    expect(form).to_have_count(1)
    if amount is not None:
        form.locator("input[name=amount]").fill(str(amount))
    form.locator("button[type=submit]").click()
    # The tap's answer replaces the live part: this version's buttons are gone.
    expect(page.locator(f"form.daction input[name=version][value='{version}']")).to_have_count(0)


def night_pots(page: Any) -> dict[str, int]:
    """The chips in the middle the night page lists (the Guts pot and reserve ...)."""
    result = {}
    for text in page.locator("#pots li").all_inner_texts():
        label, _sep, chips = text.rpartition(":")
        result[label.strip()] = int(chips)
    return result


def table_hands(night: Any) -> int:
    """How many table hands the night has recorded."""
    return Transaction.objects.filter(night=night, kind=TransactionKind.TABLE_HAND).count()


def preview_a_hand(page: Any, running_night: Any, origin: str) -> None:
    """The host previews a hand of stud: Anna and Ben put in 10, Ben second, the rest fold."""
    log_in(page, running_night.host, origin)
    page.goto(f"/nights/{running_night.night.pk}/record/seven-card-stud/")
    for name in ("Carla", "Dan", "Eva"):
        fill_row(page, name, folded=True)
    fill_row(page, "Anna", chips=10, place=1)
    fill_row(page, "Ben", chips=10, place=2)
    preview(page)
