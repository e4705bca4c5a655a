"""A phone that drops its Wi-Fi catches up by itself (issue 25), in Chromium under `make run`.

The phone reaches the server through a proxy whose connection the test cuts
and restores (tests/helpers/cut_proxy.py). Its poller's fetches are refused
throughout, so what the page shows after the cut comes down the event stream:
on reconnecting, the page gets the current state at once; meanwhile it says
the connection is lost; a move tapped while the connection is down is kept,
said so, and sent once when it is back: one action in the hand, not two.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Phones
from helpers.cut_proxy import CutProxy, cut_proxy
from helpers.live_run import LiveRun, live_run


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveRun]:
    with live_run(tmp_path_factory.mktemp("live-reconnect")) as started:
        yield started


@pytest.fixture
def proxy(run: LiveRun) -> Iterator[CutProxy]:
    with cut_proxy(run.port) as started:
        yield started


@pytest.fixture
def phones(chromium: Any, proxy: CutProxy) -> Iterator[Phones]:
    opened = Phones(chromium, proxy.origin)
    yield opened
    for context, _page, watch in opened.opened:
        context.close()
        watch.check()


# After a cut, htmx's SSE extension reconnects with a back-off that doubles up to 64 s
# (a liveness bound on a loaded machine, not a speed target).
BACK_MS = 90_000

# The parts the stream brought (their tags), in the page.
COUNT_PUSHES = """
window.__pushed = [];
document.addEventListener("htmx:sseBeforeMessage", function (event) {
  window.__pushed.push(event.detail && event.detail.lastEventId);
});
"""


def _own_moves(run: LiveRun, seat_id: int) -> int:
    """The moves the seat made in the night's hands (its place differs from hand to hand)."""
    with sqlite3.connect(f"file:{run.db}?mode=ro", uri=True, timeout=10) as conn:
        rows = conn.execute(
            "SELECT a.seat, h.seat_ids FROM gamenight_handaction a "
            "JOIN gamenight_digitalhand h ON a.hand_id = h.id WHERE h.night_id = ?",
            [run.night],
        ).fetchall()
    return sum(
        1 for seat, ids in rows if seat is not None and int(json.loads(ids)[seat]) == seat_id
    )


def test_a_phone_back_from_a_cut_gets_the_state_at_once_and_its_move_lands_once(
    run: LiveRun, proxy: CutProxy, phones: Phones
) -> None:
    watcher = next(seat for seat in run.seats if seat != run.actor())
    others = {seat: run.open_seat(seat) for seat in run.seats if seat != watcher}
    mine = run.open_seat(watcher)
    page = phones(locale="de-DE")
    page.context.add_cookies(
        [{"name": k, "value": v, "url": proxy.origin} for k, v in mine.cookies.items()]
    )
    # Only the stream brings the page anything new: its poller's fetches are refused.
    page.route("**/state/", lambda route: route.abort())
    page.add_init_script(COUNT_PUSHES)
    shots = run.log.parent  # the screenshots, beside the run's log
    page.goto(f"/s/{run.seats[watcher]}/")
    page.wait_for_selector("[data-live-state][data-state=live]")
    page.screenshot(path=str(shots / "live-de.png"))

    # The Wi-Fi drops; the others play on until it is this phone's turn.
    proxy.cut()
    page.wait_for_selector("[data-live-state][data-state=reconnecting]")
    assert "Verbindung" in page.locator("[data-live-state]").inner_text()
    page.screenshot(path=str(shots / "reconnecting-de.png"))
    while run.actor() != watcher:
        run.move(others)
    assert page.locator(".your-turn").count() == 0

    # Back: the stream sends the current state at once (no fetch could).
    pushed = len(page.evaluate("() => window.__pushed"))
    proxy.restore()
    page.wait_for_selector("[data-live-state][data-state=live]", timeout=BACK_MS)
    page.wait_for_selector(".your-turn")
    assert len(page.evaluate("() => window.__pushed")) > pushed
    page.screenshot(path=str(shots / "back-your-turn-de.png"))

    # The Wi-Fi drops again as the player taps a move: kept and said so, not lost.
    before = _own_moves(run, watcher)
    proxy.cut()
    page.wait_for_selector("[data-live-state][data-state=reconnecting]")
    page.locator("form.daction button").first.click()
    page.wait_for_selector("[data-live-pending]:not([hidden])")
    assert "noch nicht gesendet" in page.locator("[data-live-pending]").inner_text()
    page.screenshot(path=str(shots / "move-waiting-de.png"))
    assert _own_moves(run, watcher) == before

    # Back: sent once, and the page shows the hand after it.
    proxy.restore()
    page.wait_for_selector("[data-live-pending]", state="hidden", timeout=BACK_MS)
    page.wait_for_function("() => !document.querySelector('.your-turn')", timeout=BACK_MS)
    assert _own_moves(run, watcher) == before + 1
    assert run.actor() != watcher
    # A later reconnect sends it no more.
    proxy.cut()
    page.wait_for_selector("[data-live-state][data-state=reconnecting]")
    proxy.restore()
    page.wait_for_selector("[data-live-state][data-state=live]", timeout=BACK_MS)
    assert _own_moves(run, watcher) == before + 1
    page.screenshot(path=str(shots / "moved-once-de.png"))
