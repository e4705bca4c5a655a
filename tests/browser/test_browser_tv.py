"""The TV by the night's table link at a real table (issue 16): three phones and a TV.

Anna, Ben and Carla sit at a running night. The host's night page shows the
table link; a TV-sized browser with no login opens it before any hand and
waits; the host deals seven-card stud from the panel and the TV follows by
itself (never reloaded). Each player taps on their own phone from their seat
link; after every move the TV shows who moved as its banner, and whose turn it
is. The TV's layout fits 1280x720 with every seat inside the viewport and
nothing to scroll, and the same at 1920x1080. At the end the TV says it waits
for the next hand, and no page of the TV ever held a face-down card.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from browser_steps import deal_on_the_phones, log_in, seat_links, tap
from playwright.sync_api import expect

from engine.cards import ALL_CARDS
from engine.games import ActionName
from gamenight.models import DigitalHand, HandStatus
from gamenight.services import digital as digital_service
from gamenight.templatetags.digital_tags import card_face

NAMES = ("Anna", "Ben", "Carla")
SIZES = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})


@dataclass(frozen=True)
class TvNight:
    night: Any
    host: Any


@pytest.fixture
def tv_night(live_db: None) -> TvNight:
    """Anna, Ben and Carla at a running night, 100 chips each (made by the services)."""
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
    night.refresh_from_db()
    return TvNight(night=night, host=host)


@pytest.fixture
def tv(chromium: Any, live_server: Any) -> Iterator[Any]:
    """A TV's browser: landscape, no touch, no login; it may reach only the live server."""
    context = chromium.new_context(viewport=SIZES[0], base_url=live_server.url)
    context.set_default_timeout(10_000)
    outside: list[str] = []
    errors: list[str] = []

    def only_live_server(route: Any) -> None:
        if route.request.url.startswith((live_server.url, "data:")):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_live_server)
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not outside, f"the TV reached the network: {outside}"
    assert not errors, f"the TV's console: {errors}"


def fits_the_screen(tv: Any, size: dict[str, int]) -> None:
    """Every seat's box inside the viewport, none on another, and no scrolling."""
    tv.set_viewport_size(size)
    seats = tv.locator("#live .tv-seat")
    expect(seats).to_have_count(len(NAMES))
    scroll = tv.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert scroll == [size["width"], size["height"]], f"the TV scrolls at {size}: {scroll}"
    boxes = [seats.nth(i).bounding_box() for i in range(len(NAMES))]
    for name, box in zip(NAMES, boxes, strict=True):
        assert box is not None, f"{name}'s seat is not shown at {size}"
        assert box["x"] >= 0, f"{name}'s seat is cut at {size}: {box}"
        assert box["y"] >= 0, f"{name}'s seat is cut at {size}: {box}"
        assert box["x"] + box["width"] <= size["width"], f"{name} is cut at {size}: {box}"
        assert box["y"] + box["height"] <= size["height"], f"{name} is cut at {size}: {box}"
        expect(seats.filter(has_text=name)).to_be_visible()
    for i, one in enumerate(boxes):
        for other in boxes[i + 1 :]:
            apart = (
                one["x"] + one["width"] <= other["x"]
                or other["x"] + other["width"] <= one["x"]
                or one["y"] + one["height"] <= other["y"]
                or other["y"] + other["height"] <= one["y"]
            )
            assert apart, f"two seats overlap at {size}: {one} {other}"
    pot = tv.locator("#live .tv-pot").bounding_box()
    assert pot is not None
    assert pot["y"] >= 0
    assert pot["y"] + pot["height"] <= size["height"]


def no_face_down_card(tv: Any, hand: DigitalHand) -> None:
    """While the hand runs, the TV's page holds no card dealt face down, as it reads."""
    state = digital_service.hand_state(hand)
    html = tv.locator("#live").inner_html()
    faces = [card_face(str(ALL_CARDS[c])) for held in state.cards for c, up in held if not up]
    assert faces, "the hand has face-down cards"
    ups = [card_face(str(ALL_CARDS[c])) for held in state.cards for c, up in held if up]
    # The check reads cards as the page writes them: every face-up one is there.
    for face in ups:
        assert f">{face}<" in html, f"the TV misses the face-up {face}"
    for face in faces:
        assert f">{face}<" not in html, f"the TV shows the face-down {face}"


def test_a_hand_on_three_phones_and_a_tv_by_its_table_link(
    tv_night: TvNight, open_phone: Any, tv: Any, live_server: Any
) -> None:
    host = open_phone()
    log_in(host, tv_night.host, live_server.url)
    host.goto(f"/nights/{tv_night.night.pk}/")
    tv_path = host.locator("#tv-link .dlink-url a").get_attribute("href")
    assert tv_path
    assert tv_path.startswith("/tv/")

    # The TV opens the link with no login before any hand, and waits.
    tv.goto(tv_path)
    expect(tv.locator("#live")).to_contain_text("Waiting for the next hand")
    tv.evaluate("window.stillTheSamePage = true")

    deal_on_the_phones(host, "Seven-card stud")
    hand = DigitalHand.objects.get(night=tv_night.night, status=HandStatus.RUNNING)
    # The TV follows the deal by itself: every seat around the table.
    expect(tv.locator("#live .tv-seat")).to_have_count(len(NAMES))
    for size in SIZES:
        fits_the_screen(tv, size)
    tv.set_viewport_size(SIZES[0])
    expect(tv.locator("#live .tv-odds")).to_have_count(len(NAMES))
    expect(tv.locator("#live")).to_contain_text("Chances from the cards showing")

    links = seat_links(host)
    phones = {}
    for name in NAMES:
        phone = open_phone()
        phone.goto(links[name])
        phones[name] = phone

    for _ in range(40):
        hand.refresh_from_db()
        if hand.status != HandStatus.RUNNING:
            break
        state = digital_service.hand_state(hand)
        actor = state.actor
        assert actor is not None
        name = state.names[actor]
        expect(tv.locator("#live .tv-status")).to_contain_text(f"{name}'s turn")
        expect(tv.locator(f"#live .tv-seat.acting[aria-label='{name}']")).to_be_visible()
        legal = {a.kind: a for a in state.legal_actions()}
        if hand.version == 0 and ActionName.BET in legal:
            bet = legal[ActionName.BET].min_amount
            tap(phones[name], "bet", version=hand.version, amount=bet)
            moved = f"{name} bets {bet}"
        else:
            kind = ActionName.CHECK if ActionName.CHECK in legal else ActionName.CALL
            tap(phones[name], kind.value, version=hand.version)
            moved = f"{name} {'checks' if kind is ActionName.CHECK else 'calls'}"
        hand.refresh_from_db()
        # The banner shows the move, or once the last move ends the hand, who won.
        banner = tv.locator("#live .tv-banner")
        expect(banner).to_contain_text(moved if hand.is_running else "wins")
        if hand.is_running:
            no_face_down_card(tv, hand)
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED

    expect(tv.locator("#live")).to_contain_text("Waiting for the next hand")
    expect(tv.locator("#live .tv-seat .won").first).to_be_visible()
    assert tv.evaluate("window.stillTheSamePage === true"), "the TV was reloaded"
    for size in SIZES:
        fits_the_screen(tv, size)
