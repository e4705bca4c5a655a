#!/usr/bin/env python3
"""How fast a host records a real-table hand on a phone (issue 14), and Confirm's server time.

    .venv/bin/python scripts/bench_recording.py              # 200 timed confirms
    .venv/bin/python scripts/bench_recording.py --confirms 20

Everything stays on this machine: a SQLite database in a temp dir seeded by
``manage.py seed_demo --running-night`` (a six-player night: Anna deals, ante 1,
bet size 1), gunicorn on a free port with DEBUG off (scripts/bench_web.py), and
Debian's Chromium driven by Playwright at a 390x844 phone viewport.

Two scripted hands of Baseball, each from the night page to the night page again:

- ``baseball_order``: everyone antes 1 and calls 2 more (3 each); Anna paid the
  pot (6, the antes) on a face-up 3; Dan folded at the end; Ben shows the best hand
  (recorded by finishing order).
- ``baseball_cards``: the same hand, every hand still in entered by its cards, typed.
- ``cards_picker``: the same, each hand tapped in with the card picker, ranks alone
  (a rank alone never makes a flush, and none of these hands is one).
- ``cards_picker_3``: the usual end of a hand, three players still in at the
  showdown (Carla and Eva fold too), their cards tapped in with the picker: the
  figure the "with cards" target (30 taps) is checked against.

For each it counts taps (clicks), typed characters and pixels scrolled, and
reads the form's height and Confirm's position on first sight. Then it times
``--confirms`` confirm POSTs of an ordinary hand over HTTP (each after a GET of
the form for its key and table version, not timed) and prints p50 and p95.

The form changed with issue 14; the script drives whichever form the page is
(the new one has ``#record-bar``). Its last line reads
``baseball_order_taps=N baseball_order_typed=N baseball_cards_taps=N confirm_p95_ms=N``.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_web import (
    HOST,
    Session,
    app_env,
    free_port,
    gunicorn,
    log_in,
    prepare,
    request,
)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
GAME = "baseball"
PLAYERS = ("Anna", "Ben", "Carla", "Dan", "Eva", "Felix")
CALLED = 3  # the ante and two bets of 1
POT_PAID = 6  # Anna's face-up 3: the pot then held the six antes
FOLDED = "Dan"
WINNER = "Ben"
# Seven cards each; Anna's face-up 3 is among hers. Ben's four aces with wild 3s and 9s win.
CARDS = {
    "Anna": "3c Kd Qh 7s 5d 2c 8h",
    "Ben": "As Ad Ah 9c Kc Td 6s",
    "Carla": "Js Jd Jh 4c 8d Ts 2s",
    "Eva": "Qs Qd 7h 7d 5c 4s 2h",
    "Felix": "Kh Ks 8s 8c 6h 6d 4h",
}
TARGETS = {"order_taps": 8, "cards_taps": 30, "confirm_p95_ms": 150.0}


@dataclass
class Count:
    """What the host did on the phone for one hand."""

    taps: int = 0
    typed: int = 0
    scrolled: int = 0
    form_height: int = 0
    confirm_y: int = 0
    server_ms: list[float] = field(default_factory=list)


class Phone:
    """A page whose every tap, keystroke and scroll is counted."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = Count()

    def _scroll_y(self) -> int:
        return int(self.page.evaluate("window.scrollY"))

    def tap(self, locator: Any) -> None:
        before = self._scroll_y()
        locator.scroll_into_view_if_needed()
        self.count.scrolled += abs(self._scroll_y() - before)
        locator.click()
        self.count.taps += 1
        if os.environ.get("BENCH_TAPS"):  # each tap listed, to see where they go
            print("tap", self.count.taps, locator)

    def type(self, locator: Any, text: str, *, clear: int = 0) -> None:
        """Tap the field, delete ``clear`` characters, type ``text``."""
        self.tap(locator)
        self.page.keyboard.press("End")
        for _ in range(clear):
            self.page.keyboard.press("Backspace")
        self.page.keyboard.type(text)
        self.count.typed += clear + len(text)

    def measure_form(self) -> None:
        """The form's height and where Confirm is (or the button that leads to it)."""
        self.count.form_height = int(self.page.evaluate("document.scrollingElement.scrollHeight"))
        button = self.page.locator(
            "button[name=confirm], button[name=preview]:not(.visually-hidden)"
        ).last
        box = button.bounding_box()
        self.count.confirm_y = int(box["y"] + self._scroll_y()) if box else -1

    def settle(self) -> None:
        self.page.wait_for_load_state("networkidle")


def _row(page: Any, name: str) -> Any:
    return page.locator("li.seat", has=page.locator("strong", has_text=name)).first


# ---------------------------------------------------------------- the form before issue 14


def old_form(phone: Phone, *, cards: bool) -> None:
    """Every chips field typed (the pot payment added in the head), the payment typed,
    Dan's fold ticked, then places or cards typed, Preview, Confirm."""
    page = phone.page
    for name in PLAYERS:
        row = _row(page, name)
        total = CALLED + (POT_PAID if name == "Anna" else 0)
        phone.type(row.locator("input[name^=chips_]"), str(total), clear=1)
    phone.type(_row(page, "Anna").locator("input[name^=paid_]"), str(POT_PAID))
    phone.tap(_row(page, FOLDED).locator("input[name^=folded_]"))
    if cards:
        for name, text in CARDS.items():
            phone.type(_row(page, name).locator("input[name^=cards_]"), text)
    else:
        # The old form wants a place for every hand still in.
        order = [WINNER, *(n for n in CARDS if n != WINNER)]
        for place, name in enumerate(order, start=1):
            phone.type(_row(page, name).locator("input[name^=place_]"), str(place))
    phone.tap(page.locator("button[name=preview]:not(.visually-hidden)"))
    try:
        page.locator("button[name=confirm]").wait_for()
    except Exception:
        errors = page.locator(".error, .errorlist").all_inner_texts()
        raise SystemExit(f"no Confirm after Preview: {errors}") from None
    phone.tap(page.locator("button[name=confirm]"))


# ---------------------------------------------------------------- the form of issue 14


def new_form(
    phone: Phone, *, cards: bool, picker: bool = False, folded: tuple[str, ...] = (FOLDED,)
) -> None:
    """One tap fills the table; Anna's pot payment ticked (the form adds the six antes),
    the folded players' state tapped to folded, then Ben's name tapped first in the
    finishing order, or the cards typed or tapped in with the picker (ranks alone: no
    hand here could be a flush), and Confirm in the bar at the bottom."""
    page = phone.page
    everyone = page.locator("#everyone")
    for _ in range(CALLED - _value(everyone.locator("input"))):
        phone.tap(everyone.locator("button.plus"))
    phone.tap(everyone.locator("button.fill"))
    phone.tap(page.locator("#paid-pot label.paid", has_text="Anna"))
    for name in folded:
        phone.tap(_row(page, name).locator("button.state"))
    if cards:
        phone.tap(page.locator("label", has=page.locator("#with-cards")))
        # In the rows' order (from the dealer's left, which moves each hand): a full
        # hand's picker goes on to the next row.
        for name in sorted(CARDS, key=lambda n: _row(page, n).evaluate(_INDEX)):
            text = CARDS[name]
            if name in folded:
                continue
            row = _row(page, name)
            if not picker:
                phone.type(row.locator("input[name^=cards_]"), text)
                continue
            # "cards instead" opened the first hand's picker, and a rank tapped into a
            # full hand's picker goes on to the next hand: the host taps into the open
            # picker, and opens one by hand only where none is open.
            picker_open = page.locator("[data-card-picker]:not([hidden])")
            if not picker_open.count():
                phone.tap(row.locator("[data-cards-open]"))
            for card in text.split():
                rank = card[:-1].replace("T", "10")
                phone.tap(picker_open.locator(f".pick-rank[data-token='{rank}']").first)
            if picker_open.count():
                # Each hand must land in its own field: the bench checks the picker did.
                got = row.locator("[data-cards-input]").input_value().split()
                if len(got) != len(text.split()):
                    raise SystemExit(f"{name}'s cards went astray: {got}")
    else:
        phone.tap(_row(page, WINNER).locator("button.order"))
    phone.settle()
    phone.tap(page.locator("#record-bar button[name=confirm]"))


def picker_form(browser: Any, base: str, session: Session, night: int) -> bool:
    """Whether the form has the tap card picker (the form before issue 14 had none)."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_cookies([{"name": k, "value": v, "url": base} for k, v in session.cookies.items()])
    page = context.new_page()
    page.goto(f"{base}/nights/{night}/record/{GAME}/")
    found = page.locator("[data-cards-open]").count() > 0
    context.close()
    return found


_INDEX = "row => Array.prototype.indexOf.call(row.parentNode.children, row)"


def _value(locator: Any) -> int:
    return int(locator.input_value() or 0)


# ---------------------------------------------------------------- driving the phone


def record_hand(
    browser: Any,
    base: str,
    session: Session,
    night: int,
    *,
    cards: bool,
    picker: bool = False,
    folded: tuple[str, ...] = (FOLDED,),
) -> Count:
    # No service worker: on a phone it keeps the night's record forms once, the first
    # time the night page opens (issue 26); the bench's fresh phone for each hand would
    # fetch them all again under its taps.
    context = browser.new_context(
        viewport=PHONE, has_touch=True, locale="en-GB", service_workers="block"
    )
    context.add_cookies([{"name": k, "value": v, "url": base} for k, v in session.cookies.items()])
    page = context.new_page()
    page.set_default_timeout(15_000)
    phone = Phone(page)
    timings = phone.count.server_ms
    page.on(
        "requestfinished",
        lambda r: (
            timings.append(r.timing["responseEnd"] - r.timing["requestStart"])
            if r.method == "POST"
            else None
        ),
    )
    page.goto(f"{base}/nights/{night}/")
    phone.tap(page.locator(f"a[href$='/record/{GAME}/']").first)
    page.wait_for_url(f"**/record/{GAME}/")
    phone.settle()
    phone.measure_form()
    if page.locator("#record-bar").count():
        new_form(phone, cards=cards, picker=picker, folded=folded)
    else:
        old_form(phone, cards=cards)
    page.wait_for_url(re.compile(rf".*/nights/{night}/(\?.*)?$"))
    phone.settle()
    context.close()
    return phone.count


# ---------------------------------------------------------------- Confirm's server time


def _field(page: bytes, name: str) -> str:
    found = re.search(rb'name="' + name.encode() + rb'" value="([^"]*)"', page)
    return found.group(1).decode() if found else ""


def confirm_form(page: bytes, n: int) -> dict[str, str]:
    """An ordinary hand on the form's own field names: everyone in for 3, one folds,
    the winner goes round the table so that the stacks stay where they were."""
    players = [int(i) for i in dict.fromkeys(re.findall(rb'name="chips_(\d+)"', page))]
    form = {"key": _field(page, "key") or uuid.uuid4().hex, "confirm": "1"}
    form["table"] = _field(page, "table")
    new = b'name="state_' in page
    winner, folder = players[n % len(players)], players[(n + 3) % len(players)]
    for pid in players:
        form[f"chips_{pid}"] = str(CALLED)
        if pid == folder:
            form[f"state_{pid}" if new else f"folded_{pid}"] = "folded" if new else "on"
    if new:
        form["order"] = str(winner)
    else:
        for place, pid in enumerate([winner, *(p for p in players if p != winner)], start=1):
            if pid != folder:
                form[f"place_{pid}"] = str(place)
    return form


def time_confirms(port: int, session: Session, night: int, n: int) -> list[float]:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    path = f"/nights/{night}/record/{GAME}/"
    times = []
    for i in range(n):
        status, page = request(conn, session, "GET", path)
        if status != 200:
            raise SystemExit(f"the form answered {status}")
        form = confirm_form(page, i)
        started = time.perf_counter()
        status, body = request(conn, session, "POST", path, form)
        times.append((time.perf_counter() - started) * 1000)
        if status not in (302, 303):
            raise SystemExit(f"confirm {i} answered {status}: {body[:2000]!r}")
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--confirms", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="gamenight-bench-rec-") as tmp:
        db = Path(tmp) / "bench.sqlite3"
        env = {**app_env(f"sqlite:///{db}"), "AXES_ENABLED": "0"}
        sizes = ["--seasons", "1", "--nights", "2", "--games", "5", "--players", "6"]
        seed = prepare(db, env, sizes)
        port = free_port()
        base = f"http://{HOST}:{port}"
        night = seed["running_night_id"]
        with gunicorn(env, port, args.workers):
            session = log_in(port, seed["username"], seed["password"])
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                hands = {
                    "baseball_order": record_hand(browser, base, session, night, cards=False),
                    "baseball_cards": record_hand(browser, base, session, night, cards=True),
                }
                if picker_form(browser, base, session, night):
                    hands["cards_picker"] = record_hand(
                        browser, base, session, night, cards=True, picker=True
                    )
                    # The usual end of a hand: three players still in at the showdown.
                    hands["cards_picker_3"] = record_hand(
                        browser,
                        base,
                        session,
                        night,
                        cards=True,
                        picker=True,
                        folded=(FOLDED, "Carla", "Eva"),
                    )
                browser.close()
            times = time_confirms(port, session, night, args.confirms)
    print(
        f"{'hand':<16}{'taps':>6}{'typed':>7}{'scrolled':>10}{'form px':>9}"
        f"{'confirm y':>11}{'server ms':>11}"
    )
    for name, c in hands.items():
        server = f"{sum(c.server_ms):.0f}" if c.server_ms else "-"
        print(
            f"{name:<16}{c.taps:>6}{c.typed:>7}{c.scrolled:>10}{c.form_height:>9}"
            f"{c.confirm_y:>11}{server:>11}"
        )
    p50, p95 = statistics.median(times), percentile(times, 0.95)
    print(f"confirm POST x{len(times)}: p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(times):.1f}")
    order = hands["baseball_order"]
    # With cards: the picker's three-hand showdown where the form has one, else typed.
    with_cards = hands.get("cards_picker_3") or hands["baseball_cards"]
    met = (
        order.taps <= TARGETS["order_taps"]
        and order.typed == 0
        and order.scrolled == 0
        and with_cards.taps <= TARGETS["cards_taps"]
        and with_cards.typed == 0
        and p95 < TARGETS["confirm_p95_ms"]
    )
    print(
        f"targets (order <= 8 taps, no typing, no scroll; cards <= 30 taps; p95 < 150 ms): "
        f"{'met' if met else 'NOT met'}"
    )
    print(
        f"baseball_order_taps={order.taps} baseball_order_typed={order.typed} "
        f"baseball_cards_taps={with_cards.taps} confirm_p95_ms={p95:.0f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
