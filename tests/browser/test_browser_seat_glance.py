"""The seat page at a glance on a 390x844 phone (issue 16): one's own face-down cards
in a row of their own, told apart by words, an eye and a striped face (not colour
alone); the amount's minus and plus step by the night's bet size; the turn timer shows."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from browser_steps import fits_phone, log_in
from playwright.sync_api import expect

from gamenight.models import DigitalHand, SeatLink
from gamenight.services import digital


def test_the_seat_page_reads_at_a_glance_on_a_phone(
    open_phone: Any, running_night: Any, tmp_path: Path
) -> None:
    night = running_night.night
    night.game_options = {**night.game_options, "betting": {"low": 2, "high": 10}, "turn_timer": 60}
    night.save()
    hand = digital.start_hand(
        night_id=night.pk, by=running_night.host, key="glance", game="five-card-draw"
    )
    actor = digital.hand_state(hand).actor
    link = SeatLink.objects.get(seat_id=hand.seat_ids[actor], hand=None, revoked=False)
    phone = open_phone()
    phone.goto(f"/s/{link.token}/")

    private = phone.locator(".drow-private")
    expect(private.get_by_text("Only you see these")).to_be_visible()
    expect(private.locator(".pcard")).to_have_count(5)
    expect(private.locator("svg.eye")).to_be_visible()
    # Not colour alone: a striped face and a dashed edge.
    card = private.locator(".pcard").first
    assert "repeating-linear-gradient" in card.evaluate("e => getComputedStyle(e).backgroundImage")
    assert card.evaluate("e => getComputedStyle(e).borderTopStyle") == "dashed"
    public = phone.locator(".drow-public")
    expect(public.get_by_text("Everyone sees these")).to_be_visible()
    expect(public.get_by_text("No face-up card yet.")).to_be_visible()
    # The two rows sit one below the other, apart.
    top = private.bounding_box()
    below = public.bounding_box()
    assert top is not None
    assert below is not None
    assert below["y"] >= top["y"] + top["height"]

    expect(phone.locator("[data-turn-timer]")).to_contain_text("Time left")

    amount = phone.locator("#amount-bet")
    expect(amount).to_have_value("2")
    box = phone.locator(".stepper", has=amount)
    box.get_by_role("button", name="2 more").click()
    expect(amount).to_have_value("4")
    amount.fill("9")
    box.get_by_role("button", name="2 more").click()
    expect(amount).to_have_value("10")
    box.get_by_role("button", name="2 less").click()
    expect(amount).to_have_value("8")
    fits_phone(phone)
    phone.screenshot(path=tmp_path / "seat-glance.png", full_page=True, caret="initial")


def test_the_hosts_page_asks_to_act_when_the_time_runs_out(
    open_phone: Any, running_night: Any, live_server: Any
) -> None:
    night = running_night.night
    night.game_options = {**night.game_options, "turn_timer": 30}
    night.save()
    hand = digital.start_hand(
        night_id=night.pk, by=running_night.host, key="timer", game="seven-card-stud"
    )
    state = digital.hand_state(hand)
    name = state.names[state.actor]
    host = open_phone()
    # The page's clock is the test's to move: no waiting out the 30 seconds.
    host.clock.install()
    log_in(host, running_night.host, live_server.url)
    host.goto(f"/nights/{night.pk}/")
    timer = host.locator("#digital [data-turn-timer]")
    expect(timer).to_contain_text("Time left")
    expect(host.locator("#digital .dtimeout")).to_have_count(0)
    # The server's clock passes the deadline (the turn began 31 s ago), then the page's.
    DigitalHand.objects.filter(pk=hand.pk).update(
        updated_at=hand.updated_at - datetime.timedelta(seconds=31)
    )
    host.clock.run_for("00:32")
    # At zero the page asks the server again, by itself: the server's prompt appears.
    prompt = host.locator("#digital .dtimeout")
    expect(prompt).to_contain_text(f"Time is up for {name}.")
    expect(prompt.locator("button")).to_have_count(1)
