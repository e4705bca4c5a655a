"""A control that takes the keyboard's focus is in sight, and thumb-sized (issue 26).

On the record form the bar with Confirm is fixed to the bottom of the phone and
the top bar sticks to the top: tabbing through every control of a Baseball form
(a keyboard, a switch device), none of them may be covered, even in part, by
either bar (WCAG 2.2's 2.4.11, and 2.4.12's stricter "no part of it"). The
taps where the thumb goes on that form, the steppers, the state, the names and
Confirm, are 44 px or more each way.
"""

from __future__ import annotations

from typing import Any

from browser_steps import log_in

TAP = 44

# The focused element's box and, for each bar, how far it reaches into it (0: clear).
_FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect();
  const bar = document.getElementById("record-bar");
  const top = document.querySelector(".topbar");
  const inBar = bar && bar.contains(e);
  const under = (b) => {
    if (!b || inBar || b.contains(e)) return 0;
    const o = b.getBoundingClientRect();
    const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
    const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
    return h > 0.5 && w > 0.5 ? Math.round(h) : 0;
  };
  const name = (e.getAttribute("aria-label") || e.innerText || e.name || e.tagName).trim();
  return {name: name.slice(0, 40), bottom: under(bar), top: under(top),
          key: e.tagName + (e.name || "") + (e.value || "") + r.left};
}"""


def _tab_through(page: Any) -> tuple[int, list[str]]:
    """Tab through the whole page once; the controls seen and those covered."""
    seen: set[str] = set()
    covered: list[str] = []
    for _ in range(300):
        page.keyboard.press("Tab")
        focused = page.evaluate(_FOCUSED)
        if focused is None:
            continue
        if focused["key"] in seen:
            break
        seen.add(focused["key"])
        if focused["bottom"] or focused["top"]:
            covered.append(
                f"{focused['name']!r}: {focused['bottom']}px under the bottom bar, "
                f"{focused['top']}px under the top bar"
            )
    return len(seen), covered


def test_no_focused_control_of_the_record_form_is_under_a_bar(
    page: Any, running_night: Any, live_server: Any
) -> None:
    night = running_night.night
    log_in(page, running_night.host, live_server.url)
    page.goto(f"/nights/{night.pk}/record/baseball/")
    page.locator("#record-bar").wait_for()
    count, covered = _tab_through(page)
    assert count > 40, f"only {count} controls took the focus"
    # And backwards, which brings controls up under the top bar.
    backwards: list[str] = []
    for _ in range(count):
        page.keyboard.press("Shift+Tab")
        focused = page.evaluate(_FOCUSED)
        if focused and (focused["bottom"] or focused["top"]):
            backwards.append(f"{focused['name']!r} (Shift+Tab)")
    assert not covered + backwards, f"{len(covered + backwards)} of {count}: {covered + backwards}"


_BOXES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.checkVisibility())
  .map((e) => {
    const r = e.getBoundingClientRect();
    const name = (e.getAttribute("aria-label") || e.innerText || e.tagName).trim();
    return {name: e.tagName + "." + e.className + " " + name.slice(0, 40),
            w: Math.floor(r.width + 0.5), h: Math.floor(r.height + 0.5)};
  })"""

THUMB = (
    "#record-form .seats button, #record-form .seats input[type=number], "
    "#record-form .everyone button, #record-form label.toggle, #record-bar button"
)


def test_the_record_form_s_taps_are_thumb_sized(
    page: Any, running_night: Any, live_server: Any
) -> None:
    night = running_night.night
    log_in(page, running_night.host, live_server.url)
    page.goto(f"/nights/{night.pk}/record/baseball/")
    boxes = page.evaluate(_BOXES, THUMB)
    assert len(boxes) > 30, boxes
    small = [f"{b['name']!r}: {b['w']}x{b['h']}" for b in boxes if min(b["w"], b["h"]) < TAP]
    assert not small, "\n".join(small)
