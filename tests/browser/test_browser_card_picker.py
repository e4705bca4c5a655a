"""A showdown tapped in with the card picker of the recording form, on a phone.

Six players at the table, everyone antes 1 and stays in to the showdown of a
Baseball hand; each hand's seven cards are tapped in: "cards instead" opens the
first hand's picker, one tap a rank (a rank alone gets a free suit), one more a
suit, and a full hand's next rank starts the next hand. The test counts the taps
(the figure reported for issue 14).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any

import pytest
from browser_steps import confirm, fits_phone, log_in, net_of, preview, seat_row, table_hands
from playwright.sync_api import expect

SIX = ("Anna", "Ben", "Carla", "Dan", "Eva", "Fritz")

# Ranks alone, as the sheet writes them, and Anna's two kings with their suits. No
# 3 or 9 (wild) but Anna's, so her four kings win; at most four cards of a rank.
HANDS = {
    "Anna": ["K", "♠", "K", "♥", "9", "3", "J", "5", "8"],
    "Ben": ["Q", "Q", "Q", "7", "6", "2", "A"],
    "Carla": ["2", "2", "5", "6", "7", "8", "10"],
    "Dan": ["A", "A", "4", "4", "10", "J", "Q"],
    "Eva": ["J", "J", "10", "10", "4", "4", "6"],
    "Fritz": ["K", "5", "6", "7", "8", "A", "2"],
}


@dataclass
class SixAtTheTable:
    night: Any
    host: Any


@pytest.fixture
def six_at_the_table(live_db: None) -> SixAtTheTable:
    from django.contrib.auth.models import User

    from gamenight import services
    from gamenight.forms.nights import all_games

    host = User.objects.create_user(username="host", password="felt-table-4-chips")
    group = services.create_group(name="Friday Felt", host=host)
    players = [services.add_player(group_id=group.pk, by=host, name=name) for name in SIX]
    night = services.create_night(
        group_id=group.pk,
        by=host,
        date=datetime.date(2025, 3, 14),
        allowed_games=all_games(),
        starting_stack=100,
    )
    # Fritz in the first seat deals: the rows go round from his left, Anna's first.
    seats = [players[-1].pk, *(p.pk for p in players[:-1])]
    services.start_night(night_id=night.pk, by=host, key="start", players=seats)
    night.refresh_from_db()
    return SixAtTheTable(night=night, host=host)


class Taps:
    """Every tap the host makes, counted."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, locator: Any) -> None:
        locator.click()
        self.count += 1


def _picker_button(row: Any, label: str) -> Any:
    kind = ".pick-suit" if label in "♠♥♦♣" else ".pick-rank"
    return row.locator(f".card-picker {kind}", has_text=re.compile(rf"^{re.escape(label)}$"))


def tap_in(row: Any, taps: Taps, labels: list[str]) -> None:
    taps(row.locator("[data-cards-open]"))
    expect(row.locator("[data-card-picker]")).to_be_visible()
    for label in labels:
        taps(_picker_button(row, label))


def test_a_six_player_baseball_showdown_tapped_in_with_the_picker(
    page: Any, six_at_the_table: SixAtTheTable, live_server: Any
) -> None:
    log_in(page, six_at_the_table.host, live_server.url)
    page.goto(f"/nights/{six_at_the_table.night.pk}/record/baseball/")
    fits_phone(page)
    taps = Taps()

    # "Cards instead" of the finishing order opens the first hand's picker.
    taps(page.locator("label", has=page.locator("#with-cards")))
    anna = seat_row(page, "Anna")
    expect(anna.locator("[data-card-picker]")).to_be_visible()
    for label in HANDS["Anna"]:
        taps(_picker_button(anna, label))
    expect(anna.locator("input[name^=cards_]")).to_have_value("Ks Kh 9 3 J 5 8")
    expect(anna.locator(".hand-name")).to_have_text("four of a kind, kings")
    fits_phone(page)

    # Anna's hand is full: the next rank tapped into her picker starts Ben's hand, and
    # so on round the table, without opening each picker.
    for name in ("Ben", "Carla", "Dan", "Eva"):
        for label in HANDS[name]:
            taps(
                page.locator("[data-card-picker]:not([hidden])").locator(
                    ".pick-rank", has_text=re.compile(rf"^{re.escape(label)}$")
                )
            )
        expect(seat_row(page, name).locator("input[name^=cards_]")).to_have_value(
            " ".join(HANDS[name])
        )
    expect(seat_row(page, "Ben").locator(".hand-name")).to_have_text("three of a kind, queens")
    # One picker open at a time: Eva's, whose hand was tapped in last.
    expect(anna.locator("[data-card-picker]")).to_be_hidden()
    expect(seat_row(page, "Eva").locator("[data-card-picker]")).to_be_visible()

    fritz = seat_row(page, "Fritz")
    taps(page.locator("[data-card-picker]:not([hidden])").locator(".pick-rank", has_text="K"))
    expect(fritz.locator("[data-card-picker]")).to_be_visible()
    # Anna holds the king of spades and of hearts: greyed out for Fritz's king.
    suits = fritz.locator(".card-picker .pick-suit")
    assert [s.is_disabled() for s in suits.all()] == [True, True, False, False]
    for label in HANDS["Fritz"][1:]:
        taps(_picker_button(fritz, label))
    # The backspace takes the last card back; the two is tapped in again.
    fritz.locator("[data-pick-back]").click()
    expect(fritz.locator("input[name^=cards_]")).to_have_value("K 5 6 7 8 A")
    _picker_button(fritz, "2").click()
    expect(fritz.locator("input[name^=cards_]")).to_have_value("K 5 6 7 8 A 2")

    section = preview(page)
    assert net_of(section, "Anna") == 5
    for name in SIX[1:]:
        assert net_of(section, name) == -1
    taps.count += 1  # the Confirm tap inside confirm()
    confirm(page)
    assert table_hands(six_at_the_table.night) == 1
    # "Cards instead", 42 ranks, Anna's 2 suits and Confirm: the chips are the ante
    # the form fills in. The backspace and its repair are not counted.
    assert taps.count == 1 + 42 + 2 + 1
    print(f"\nbaseball_cards_taps={taps.count} (6 players, 7 cards each)")


def test_the_german_picker_reads_german_ranks_and_names_the_hand(
    open_phone: Any, six_at_the_table: SixAtTheTable, live_server: Any
) -> None:
    page = open_phone(locale="de-DE")
    log_in(page, six_at_the_table.host, live_server.url)
    page.goto(f"/nights/{six_at_the_table.night.pk}/record/baseball/")
    anna = seat_row(page, "Anna")
    page.locator("label", has=page.locator("#with-cards")).click()
    expect(anna.get_by_role("button", name="Karten tippen")).to_be_visible()
    expect(anna.locator("[data-card-picker]")).to_be_visible()
    ranks = anna.locator(".card-picker .pick-rank").all_inner_texts()
    assert ranks == ["A", "K", "D", "B", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    taps = Taps()
    for label in ["K", "♠", "K", "9", "3", "B", "5", "8"]:
        taps(_picker_button(anna, label))
    expect(anna.locator("input[name^=cards_]")).to_have_value("K♠ K 9 3 B 5 8")
    expect(anna.locator(".hand-name")).to_have_text("Vierling, Könige")
    # Every button of the picker is a big tap target on the phone.
    for button in anna.locator(".card-picker button").all():
        box = button.bounding_box()
        assert box is not None
        assert box["width"] >= 44
        assert box["height"] >= 44
    fits_phone(page)


def test_without_javascript_the_cards_are_typed(
    open_phone: Any, six_at_the_table: SixAtTheTable, live_server: Any
) -> None:
    page = open_phone(javascript=False)
    log_in(page, six_at_the_table.host, live_server.url)
    page.goto(f"/nights/{six_at_the_table.night.pk}/record/baseball/")
    anna = seat_row(page, "Anna")
    page.locator("#with-cards").check()  # the form's own CSS shows the cards fields
    expect(anna.locator("[data-cards-open]")).to_be_hidden()
    expect(anna.locator("[data-card-picker]")).to_be_hidden()
    anna.locator("input[name^=cards_]").fill("K K 9 3 B 5 8")
    expect(anna.locator("input[name^=cards_]")).to_have_value("K K 9 3 B 5 8")
