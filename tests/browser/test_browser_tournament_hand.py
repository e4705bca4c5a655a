"""Issue 27: a digital Hold'em hand on a tournament night, played on two phones.

Anna and Ben are in a tournament (level 1: blinds 25/50) with 6,000 and 4,000
tournament chips. The host (in German) deals Hold'em from the night page: the
picker names the level's blinds; Anna's phone (English) and Ben's (German) show
their blinds and their tournament stacks; both check or call to the river. The
stacks the phones show at the end are the tournament's (the host's player list
shows them too), they add up to 10,000, and the ledger has no new transaction.
"""

from __future__ import annotations

import datetime
import random
from pathlib import Path
from typing import Any

import pytest
from browser_steps import fits_phone, log_in, seat_links, tap
from playwright.sync_api import expect

from engine.games import ActionName
from gamenight import services
from gamenight.models import DigitalHand, Entrant, HandStatus, Night, Tournament, Transaction
from gamenight.services import digital
from gamenight.tournaments import clock_moves, play
from gamenight.tournaments.hooks import record_stacks
from gamenight.tournaments.payouts import DEFAULT_TABLE
from gamenight.tournaments.setup import Setup
from gamenight.tournaments.structures import READY

STACKS = {"Anna": 6_000, "Ben": 4_000}


@pytest.fixture
def tournament(live_db: None) -> dict[str, Any]:
    from django.contrib.auth.models import User

    host = User.objects.create_user(username="host", password="felt-table-4-chips")
    group = services.create_group(name="Friday Felt", host=host)
    players = {n: services.add_player(group_id=group.pk, by=host, name=n) for n in STACKS}
    night = services.create_night(group_id=group.pk, by=host, date=datetime.date(2026, 11, 27))
    play.set_up(
        night_id=night.pk,
        by=host,
        setup=Setup(buy_in=10, starting_chips=5_000),
        structure=READY[1].structure,
        table=DEFAULT_TABLE,
    )
    play.start_tournament(
        night_id=night.pk,
        by=host,
        key="start",
        players=[p.pk for p in players.values()],
        rng=random.Random(1),
    )
    version = Tournament.objects.get(night=night).version
    clock_moves.move_clock(night_id=night.pk, by=host, move="start", version=version)
    record_stacks(night, {players[n].pk: chips for n, chips in STACKS.items()})
    return {"host": host, "night": Night.objects.get(pk=night.pk)}


def test_a_tournament_hand_on_two_phones(
    open_phone: Any, live_server: Any, tournament: dict[str, Any], tmp_path: Path
) -> None:
    night: Night = tournament["night"]
    ledger = Transaction.objects.filter(night=night).count()
    host = open_phone(locale="de-DE")
    log_in(host, tournament["host"], live_server.url)
    host.goto(f"/nights/{night.pk}/")
    panel = host.locator("#digital")
    panel.locator("select[name=game]").select_option(label="Texas Hold'em (Blinds 25/50)")
    fits_phone(host)
    host.screenshot(path=tmp_path / "host-deal-de.png", full_page=True, caret="initial")
    panel.get_by_role("button", name="Auf die Handys geben").click()
    expect(panel.get_by_text("läuft")).to_be_visible()
    links = seat_links(host)
    assert sorted(links) == ["Anna", "Ben"]

    hand = DigitalHand.objects.get(night=night, status=HandStatus.RUNNING)
    state = digital.hand_state(hand)
    phones = {}
    for name, locale in (("Anna", "en-US"), ("Ben", "de-DE")):
        phone = open_phone(locale=locale)
        phone.goto(links[name])
        phones[name] = phone
    small = state.names[state.dealer]  # heads-up: the button posts the small blind
    big = next(n for n in STACKS if n != small)
    # Anna's phone speaks English, Ben's German.
    blind_word = {
        "Anna": ("small blind 25", "big blind 50"),
        "Ben": ("Small Blind 25", "Big Blind 50"),
    }
    expect(phones[small].locator(".badge", has_text=blind_word[small][0]).first).to_be_visible()
    expect(phones[big].locator(".badge", has_text=blind_word[big][1]).first).to_be_visible()
    fits_phone(phones["Anna"])
    phones["Anna"].screenshot(path=tmp_path / "seat-en.png", full_page=True, caret="initial")
    phones["Ben"].screenshot(path=tmp_path / "seat-de.png", full_page=True, caret="initial")

    # Check or call to the river: eight taps, on the phone whose turn it is.
    while True:
        hand.refresh_from_db()
        state = digital.hand_state(hand)
        if state.is_over:
            break
        actor = state.actor
        assert actor is not None
        kinds = {a.kind for a in state.legal_actions()}
        kind = ActionName.CHECK if ActionName.CHECK in kinds else ActionName.CALL
        tap(phones[state.names[actor]], kind.value, version=hand.version)

    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED
    booked = {e.player.name: e.chips for e in Entrant.objects.select_related("player")}
    assert booked == dict(zip(state.names, state.stacks, strict=True))
    assert sum(booked.values()) == 10_000
    assert Transaction.objects.filter(night=night).count() == ledger
    expect(phones["Anna"].locator(".dme")).to_contain_text(f"{booked['Anna']} chips behind")
    expect(phones["Ben"].locator(".dme")).to_contain_text(f"{booked['Ben']} Chips vor dir")
    phones["Ben"].screenshot(path=tmp_path / "seat-after-de.png", full_page=True, caret="initial")

    host.goto(f"/nights/{night.pk}/tournament/")
    for name, chips in booked.items():
        row = host.locator("li.tplayer", has_text=name)
        expect(row.locator(".tplayer-chips")).to_have_text(f"{chips:,} Chips".replace(",", "."))
    fits_phone(host)
    host.screenshot(path=tmp_path / "tournament-after-de.png", full_page=True, caret="initial")
    english = open_phone()
    log_in(english, tournament["host"], live_server.url)
    english.goto(f"/nights/{night.pk}/tournament/")
    for name, chips in booked.items():
        row = english.locator("li.tplayer", has_text=name)
        expect(row.locator(".tplayer-chips")).to_have_text(f"{chips:,} chips")
    english.screenshot(path=tmp_path / "tournament-after-en.png", full_page=True, caret="initial")
