"""Issue 27, measured: a 7-player tournament from registration to the final chop, at an
accelerated clock, on phones and the TV, in German.

The host makes the night a tournament (buy-in 10, bounty 5, rebuys of 10 for 5,000
chips, two tables of five seats, the fast structure), starts it with six players
and registers Greta late; a member watches the clock on a phone, the TV by the
table link. A structure minute lasts 250 ms (settings.TOURNAMENT_MINUTE_MS), so a
level lasts 3 s: level 2 must show on all three screens within a second of each
other. Then the knockouts, with bounties (out, by): Greta by Anna, Finn by Ben
(Finn rebuys), Finn by Anna, Eva by Dan; the tables are balanced and the final
table drawn when the page asks; the last four chop by ICM.

Figures (the group's chip is worth 1 euro):
- pool: 7 entries of 10 and a rebuy of 10 = 80; 7 entries pay 50/30/20 %: 40, 24, 16;
- ICM with 20,000 / 10,000 / 5,000 / 5,000 chips on (40, 24, 16, 0): 29.79, 22.10,
  14.06, 14.06, in whole chips 30, 22, 14, 14 (tests/tournaments/test_icm.py checks
  the model by hand);
- bounties: Anna 2, Ben 1, Dan 1, and each of the four chopping gets their own back;
- final stacks: Anna 30+10+5 = 45, Ben 22+5+5 = 32, Carla 14+5 = 19, Dan 14+5+5 = 24;
  results (less 15 paid each, Finn 30): +30, +17, +4, +9, -15, -30, -15;
- places: Anna 1, Ben 2, Carla and Dan 3 (equal chips), Eva 5, Finn 6, Greta 7;
  the season scores The Tournament Director's linear formula n - r + 1 with n = 7:
  7, 6, 5, 5, 3, 2, 1 (Dan before Carla on the net).
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from browser_steps import fits_phone, log_in
from playwright.sync_api import expect

from gamenight import services
from gamenight.models import Account, AccountKind, Entrant, Group, Night, NightStatus
from gamenight.reports.build import build_night
from gamenight.services.ledger_check import find_violations
from gamenight.services.table_links import live_table_link

NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn", "Greta")
SHOTS = "/tmp"


@pytest.fixture
def planned(live_db: None, settings: Any) -> dict[str, Any]:
    from django.contrib.auth.models import User

    settings.TOURNAMENT_MINUTE_MS = 250
    host = User.objects.create_user(username="host", password="felt-table-4-chips")
    viewer = User.objects.create_user(username="eva", password="felt-table-4-chips")
    group = services.create_group(name="Friday Felt", host=host)
    services.join_group(token=group.invite_token, user=viewer)
    Group.objects.filter(pk=group.pk).update(chip_value_cents=100)
    season = services.create_season(
        group_id=group.pk,
        by=host,
        name="Winter",
        starts_on=datetime.date(2026, 1, 1),
        scoring={"formula": "linear"},
    )
    for name in NAMES:
        services.add_player(group_id=group.pk, by=host, name=name)
    night = services.create_night(
        group_id=group.pk, by=host, date=datetime.date(2026, 11, 27), season_id=season.pk
    )
    return {"host": host, "viewer": viewer, "night": night, "season": season}


def _set_up(page: Any, night: Night) -> None:
    page.goto(f"/nights/{night.pk}/")
    page.get_by_role("link", name="Ein Turnier daraus machen").click()
    expect(page.get_by_role("heading", name="Blindstruktur")).to_be_visible()
    expect(page.locator("#expected")).to_contain_text("Mit 8 Spielern: etwa 1 Std. 58 Min.")
    fits_phone(page)
    for label, value in (
        ("Einkauf", "10"),
        ("Kopfgeld", "5"),
        ("Nachkauf kostet", "10"),
        ("Ein Nachkauf gibt", "5000"),
        ("Nachkauf bis Stufe", "12"),
        ("Späte Anmeldung bis Stufe", "2"),
        ("Plätze an einem Tisch", "5"),
    ):
        page.get_by_label(label, exact=True).fill(value)
    page.get_by_label("Tische").select_option(label="zwei Tische")
    page.screenshot(path=f"{SHOTS}/tournament-setup-de.png", full_page=True, caret="initial")
    page.get_by_role("button", name="Turnier speichern").click()
    expect(page.get_by_role("heading", name="Turnier starten")).to_be_visible()


def _start(page: Any) -> None:
    page.get_by_label("Greta", exact=True).uncheck()
    page.get_by_role("button", name="Plätze auslosen und beginnen").click()
    expect(page.locator("#clock")).to_contain_text("Die Uhr läuft noch nicht")
    # Greta comes late: registration is open until level 2.
    page.get_by_label("Spieler", exact=True).select_option(label="Greta")
    page.get_by_role("button", name="Für 15,00 € anmelden").click()
    expect(page.locator("#players")).to_contain_text("Greta")
    expect(page.locator("#clock")).to_contain_text("7 / 7")
    fits_phone(page)


def _changed_at(page: Any) -> int:
    return int(page.locator("body").get_attribute("data-level-changed-at"))


def _knock_out(page: Any, out: str, by: str) -> None:
    page.get_by_label("Wer ist raus?").select_option(label=out)
    page.get_by_label("Ausgeschaltet von (bekommt das Kopfgeld)").select_option(label=by)
    page.get_by_role("button", name="Raus", exact=True).click()
    expect(page.locator("#players .knockouts li").first).to_have_text(
        f"{out} raus, ausgeschaltet von {by}"
    )
    _tables(page)


def _tables(page: Any) -> None:
    """Whatever the seat draw gave: balance when asked, draw the final table when due."""
    move = page.get_by_role("button", name="An den kleineren Tisch umziehen")
    if move.count():
        move.click()
        expect(move).to_have_count(0)
    final = page.get_by_role("button", name="Plätze am Finaltisch auslosen")
    if final.count():
        final.click()
        expect(final).to_have_count(0)
        expect(page.locator("#players")).not_to_contain_text("Tisch 2")


def test_a_seven_player_tournament_in_german(
    open_phone: Any, live_server: Any, planned: dict[str, Any]
) -> None:
    night: Night = planned["night"]
    host = open_phone(locale="de-DE")
    log_in(host, planned["host"], live_server.url)
    _set_up(host, night)
    _start(host)

    # The member's phone and the TV follow the clock.
    member = open_phone(locale="de-DE")
    log_in(member, planned["viewer"], live_server.url)
    member.goto(f"/nights/{night.pk}/clock/")
    tv = open_phone(locale="de-DE")
    tv.set_viewport_size({"width": 1280, "height": 720})
    tv.goto(f"/tv/{live_table_link(night).token}/")
    for screen in (member, tv):
        expect(screen.locator("[data-clock-title]")).to_have_text("Stufe 1")

    host.get_by_role("button", name="Uhr starten").click()
    expect(host.get_by_role("button", name="Anhalten")).to_be_visible()
    screens = (host, member, tv)
    for screen in screens:
        expect(screen.locator("[data-clock-title]")).to_have_text("Stufe 2", timeout=15_000)
        expect(screen.locator("body")).to_have_attribute("data-level-index", "1")
    moments = [_changed_at(screen) for screen in screens]
    assert max(moments) - min(moments) < 1000, moments
    for screen in screens:
        expect(screen.locator("[data-clock-blinds]")).to_have_text("50 / 100")
    tv.screenshot(path=f"{SHOTS}/tournament-tv-de.png", caret="initial")
    member.screenshot(path=f"{SHOTS}/tournament-clock-phone-de.png", caret="initial")

    _knock_out(host, "Greta", "Anna")
    _knock_out(host, "Finn", "Ben")
    host.locator("li.tplayer", has_text="Finn").get_by_role("button", name="Nachkaufen").click()
    expect(host.locator("li.tplayer", has_text="Finn")).to_contain_text("1 Nachkauf")
    _knock_out(host, "Finn", "Anna")
    _knock_out(host, "Eva", "Dan")
    expect(tv.locator("#clock")).to_contain_text("4 / 7")
    expect(tv.locator("#clock")).to_contain_text("80,00 €")
    host.screenshot(path=f"{SHOTS}/tournament-host-de.png", full_page=True, caret="initial")
    fits_phone(host)

    # The chop, by chip count: a preview first, then the booking.
    host.locator("#chop summary").click()
    ids = {e.player.name: e.pk for e in Entrant.objects.select_related("player")}
    for name, chips in (("Anna", 20000), ("Ben", 10000), ("Carla", 5000), ("Dan", 5000)):
        host.locator(f"#chips-{ids[name]}").fill(str(chips))
    host.get_by_role("button", name="Aufteilung zeigen").click()
    preview = host.locator("#chop .chop-preview li")
    expect(preview).to_have_count(7)
    expect(preview.nth(0)).to_contain_text("1. Anna")
    expect(preview.nth(0)).to_contain_text("30,00 € + eigenes Kopfgeld 5,00 €")
    host.get_by_role("button", name="Aufteilen und das Turnier beenden").click()
    expect(host.get_by_text("Das Turnier ist vorbei: Jeder Gewinn ist gebucht.")).to_be_visible()
    expect(tv.locator("#clock")).to_contain_text("Das Turnier ist vorbei")
    expect(tv.locator("#clock")).to_contain_text("Teilnehmer")
    tv.screenshot(path=f"{SHOTS}/tournament-tv-over-de.png", caret="initial")

    places = {e.player.name: e.place for e in Entrant.objects.select_related("player")}
    assert places == {
        "Anna": 1, "Ben": 2, "Carla": 3, "Dan": 3, "Eva": 5, "Finn": 6, "Greta": 7,
    }  # fmt: skip
    stacks = {
        a.player.name: a.balance
        for a in Account.objects.filter(night=night, kind=AccountKind.STACK).select_related(
            "player"
        )
        if a.player is not None
    }
    assert stacks == {
        "Anna": 45, "Ben": 32, "Carla": 19, "Dan": 24, "Eva": 0, "Finn": 0, "Greta": 0,
    }  # fmt: skip

    # The night ends: the ledger adds up, the report and the standings show it.
    host.goto(f"/nights/{night.pk}/")
    host.get_by_role("button", name="Abend beenden", exact=True).click()
    host.get_by_role("button", name="Ja, Abend beenden").click()
    expect(host.get_by_text("Der Abend ist vorbei.")).to_be_visible()
    night.refresh_from_db()
    assert night.status == NightStatus.CLOSED
    assert find_violations(group_id=night.group_id) == []
    # The TV's link dies with the night: it says so instead of polling into 404s.
    expect(tv.get_by_role("heading", name="Der Abend ist vorbei")).to_be_visible()
    build_night(night.pk)  # what the report worker does after the night ends
    host.goto(f"/nights/{night.pk}/report/")
    places = host.locator("#tournament tbody tr")
    expect(places).to_have_count(7)
    expect(places.nth(0)).to_contain_text("Anna")
    expect(places.nth(0).locator("td.prize")).to_have_text("45")

    host.goto(f"/groups/{night.group_id}/seasons/{planned['season'].pk}/standings/")
    rows = host.locator("#standings-table tbody tr")
    standings = [
        (
            row.locator("td.name a").inner_text(),
            int(row.locator("td.points").inner_text()),
            int(row.locator("td.net").inner_text()),
        )
        for row in rows.all()
    ]
    assert standings == [
        ("Anna", 7, 30),
        ("Ben", 6, 17),
        ("Dan", 5, 9),
        ("Carla", 5, 4),
        ("Eva", 3, -15),
        ("Finn", 2, -30),
        ("Greta", 1, -15),
    ]
    host.screenshot(path=f"{SHOTS}/tournament-standings-de.png", full_page=True, caret="initial")
    fits_phone(host)
