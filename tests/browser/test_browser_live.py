"""A seat page in Chromium against the app as `make run` serves it (issue 16).

The page holds its night's event stream open: a move made on another phone
shows up without a reload and without the page polling every second, the
connection's state says "Live", and when it is the player's turn the title is
marked. (tests/web/test_live_events.py checks the streams over HTTP.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Phones
from helpers.live_run import LiveRun, live_run


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveRun]:
    with live_run(tmp_path_factory.mktemp("live-browser")) as started:
        yield started


@pytest.fixture
def phones(chromium: Any, run: LiveRun) -> Iterator[Phones]:
    opened = Phones(chromium, run.origin)
    yield opened
    for context, _page, watch in opened.opened:
        context.close()
        watch.check()


# Counts the poller's requests, in the page: the timer's ticks, those the live script
# held back (window listeners run after live.js's on the document), and those sent.
COUNT_POLLS = """
window.__polls = {timer: 0, skipped: 0, fetched: 0};
function isPoller(el) { return el && el.classList && el.classList.contains("poller"); }
window.addEventListener("htmx:confirm", function (event) {
  if (!isPoller(event.target)) return;
  var trigger = event.detail && event.detail.triggeringEvent;
  if (trigger && trigger.type === "sse:changed") return;
  window.__polls.timer += 1;
  if (event.defaultPrevented) window.__polls.skipped += 1;
});
window.addEventListener("htmx:afterRequest", function (event) {
  if (isPoller(event.target)) window.__polls.fetched += 1;
});
"""


def _poll_counts(page: Any) -> dict[str, int]:
    return dict(page.evaluate("() => window.__polls"))


def _etag(page: Any) -> str:
    return str(page.locator(".poller").get_attribute("hx-headers"))


def test_a_move_on_another_phone_shows_without_a_reload_or_a_poll(
    run: LiveRun, phones: Phones
) -> None:
    watcher = next(seat for seat in run.seats if seat != run.actor())
    others = {seat: run.open_seat(seat) for seat in run.seats if seat != watcher}
    page = phones(locale="de-DE")
    page.add_init_script(COUNT_POLLS)
    page.goto(f"/s/{run.seats[watcher]}/")
    page.wait_for_selector("[data-live-state][data-state=live]")
    assert page.locator("[data-live-state]").inner_text() == "Live"
    # With nothing happening, the 1 s timer's polls are held back while the stream is
    # open: three ticks of it (counted, not timed) send at most one request.
    before, counts = _etag(page), _poll_counts(page)
    page.wait_for_function("n => window.__polls.timer >= n", arg=counts["timer"] + 3)
    after = _poll_counts(page)
    assert after["fetched"] - counts["fetched"] <= 1, (counts, after)
    assert after["skipped"] - counts["skipped"] >= 2, (counts, after)
    # Another phone moves: the page changes without a reload.
    navigations: list[str] = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url))
    while run.actor() != watcher:
        seen = _etag(page)
        run.move(others)
        page.wait_for_function(
            "seen => document.querySelector('.poller').getAttribute('hx-headers') !== seen",
            arg=seen,
        )
    assert _etag(page) != before
    assert navigations == []
    # Now it is this phone's turn: the page says so, in the title too.
    page.wait_for_selector(".your-turn")
    # The title is marked by the script once htmx has swapped the part in.
    page.wait_for_function("() => document.title.startsWith('\u25b6 ')", timeout=5000)
    assert page.title().startswith("\u25b6 ")
    page.screenshot(path=str(run.log.parent / "seat-live.png"))


def test_without_the_stream_the_page_polls_every_second(run: LiveRun, phones: Phones) -> None:
    """A stream that cannot open (here: refused) leaves the page polling as before."""
    page = phones()
    # The stream's address carries the version the page shows (?seen=...).
    page.route(re.compile(r"/events/(\?.*)?$"), lambda route: route.fulfill(status=503, body=""))
    # A seat whose phone (its cookies) the run holds: the first test bound the others.
    seat = next(iter(run.phones)) if run.phones else next(iter(run.seats))
    page.add_init_script(COUNT_POLLS)
    # Another browser than the seat's phone would get 403: use that phone's cookies.
    page.context.add_cookies(
        [{"name": k, "value": v, "url": run.origin} for k, v in run.open_seat(seat).cookies.items()]
    )
    page.goto(f"/s/{run.seats[seat]}/")
    # Two of the timer's polls reach the server, none held back.
    page.wait_for_function("() => window.__polls.fetched >= 2")
    assert _poll_counts(page)["skipped"] == 0
