"""Recording Texas Hold'em and Omaha from the table: the board field and hi/lo splits."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation
from helpers.clients import client_for
from helpers.pages import alerts, record_url
from ledger_helpers import Table, assert_ledger_consistent, make_table, stacks

from gamenight.models import Deal

FOUR = ("Anna", "Ben", "Carla", "Dan")


@pytest.fixture
def four(db: None) -> Table:
    return make_table(names=FOUR)


def _hand(table: Table, board: str, **per_player: dict[str, Any]) -> dict[str, Any]:
    by_name = {p.name: p.pk for p in table.players}
    data: dict[str, Any] = {"key": "board-1", "board": board}
    for field, values in per_player.items():
        for name, value in values.items():
            data[f"{field}_{by_name[name]}"] = value
    return data


def _hi_lo_sheet(table: Table) -> dict[str, Any]:
    """Board Ks Qs 8s 6s 2s; Dan folds after 5, the others put in 10: a pot of 35.
    Anna's flush takes the high half (18, the odd chip), Ben's 8-6-3-2-A the low (17)."""
    return _hand(
        table,
        "Ks Qs 8s 6s 2s",
        chips={"Anna": 10, "Ben": 10, "Carla": 10, "Dan": 5},
        state={"Dan": "folded"},
        cards={"Anna": "As Js 9d 9c", "Ben": "Ac 3d Kd Jh", "Carla": "4c 7d Kh Td"},
    )


def test_an_omaha_hi_lo_split_is_recorded_in_the_ledger(four: Table) -> None:
    client = client_for(four.owner)
    preview = client.post(record_url(four, "omaha-hi-lo"), {**_hi_lo_sheet(four), "preview": "1"})
    html = preview.content.decode()
    assert alerts(html) == []
    assert "Main pot (high): 18" in html
    assert "Main pot (low): 17" in html
    assert "won 17 from the low half of the main pot (8-6-3-2-A low)" in html
    assert re.findall(r'class="num net">([^<]+)<', html) == ["+8", "+7", "-10", "-5"]
    sent = client.post(record_url(four, "omaha-hi-lo"), {**_hi_lo_sheet(four), "confirm": "1"})
    assert sent.status_code == 302
    assert Deal.objects.filter(night=four.night, game="omaha-hi-lo").count() == 1
    assert stacks(four.night) == {"Anna": 58, "Ben": 57, "Carla": 40, "Dan": 45}
    assert_ledger_consistent(four.group)


def test_the_german_preview_names_the_halves(four: Table) -> None:
    client = client_for(four.owner)
    with translation.override("de"):
        preview = client.post(
            record_url(four, "omaha-hi-lo"),
            {**_hi_lo_sheet(four), "preview": "1"},
            headers={"accept-language": "de"},
        )
    html = preview.content.decode()
    assert "Low 8-6-3-2-A" in html
    assert "low half" not in html


def test_cards_without_the_board_are_refused_and_nothing_is_recorded(four: Table) -> None:
    data = {**_hi_lo_sheet(four), "board": "", "confirm": "1"}
    sent = client_for(four.owner).post(record_url(four, "omaha-hi-lo"), data)
    assert sent.status_code == 200
    assert "Enter the board: its cards count for every hand." in sent.content.decode()
    assert not Deal.objects.filter(night=four.night).exists()


def test_a_board_of_four_cards_is_refused(four: Table) -> None:
    data = {**_hi_lo_sheet(four), "board": "Ks Qs 8s 6s", "confirm": "1"}
    sent = client_for(four.owner).post(record_url(four, "omaha-hi-lo"), data)
    assert sent.status_code == 200
    assert "The board is five cards" in sent.content.decode()
    assert not Deal.objects.filter(night=four.night).exists()


def test_a_holdem_hand_shows_two_cards_each(four: Table) -> None:
    data = _hand(
        four,
        "Qh Jh 2s 7h 3c",
        chips={"Anna": 4, "Ben": 4, "Carla": 1, "Dan": 1},
        state={"Carla": "folded", "Dan": "folded"},
        cards={"Anna": "Ah Kh 5d", "Ben": "Qc Qd"},
    )
    sent = client_for(four.owner).post(record_url(four, "texas-holdem"), {**data, "confirm": "1"})
    assert sent.status_code == 200
    assert "Anna shows 3 cards: Texas Hold&#x27;em takes 2" in sent.content.decode()
    assert not Deal.objects.filter(night=four.night).exists()


@pytest.mark.parametrize(
    ("board", "message"),
    # The card is named in the reader's notation (issue 15), whatever was typed.
    [("Zz Qs 8s 6s 2s", "is not a card"), ("As Qs 8s 6s 2s", "A♠ appears twice")],
)
def test_a_malformed_or_doubled_board_card_is_refused(
    four: Table, board: str, message: str
) -> None:
    # Zz is no card; As is in Anna's hand too.
    data = {**_hi_lo_sheet(four), "board": board, "confirm": "1"}
    sent = client_for(four.owner).post(record_url(four, "omaha-hi-lo"), data)
    assert sent.status_code == 200
    assert message in sent.content.decode()
    assert not Deal.objects.filter(night=four.night).exists()


@pytest.mark.parametrize(
    ("game", "field", "language", "message"),
    [
        (
            "baseball",
            "board",
            "en",
            "Baseball shares no card in the middle, not 5: only Hold&#x27;em and Omaha have "
            "a board, and Spit in the Ocean its spit card",
        ),
        (
            "seven-card-stud",
            "spit",
            "de",
            "Bei Seven-Card Stud liegt keine Karte für alle in der Mitte, nicht 1: nur "
            "Hold&#x27;em und Omaha haben ein Board, und Spit in the Ocean seine Spit-Karte",
        ),
    ],
)
def test_a_board_posted_for_a_game_without_one_is_refused(
    four: Table, game: str, field: str, language: str, message: str
) -> None:
    """Ruling 17: a board (or a spit card) sent with a game that has none, by a script
    or a tab of another game, is refused in the engine's words, never counted or dropped."""
    data = _hand(
        four,
        "Ks Qs 8s 6s 2s" if field == "board" else "",
        chips={"Anna": 2, "Ben": 2, "Carla": 1, "Dan": 1},
        state={"Carla": "folded", "Dan": "folded"},
        cards={"Anna": "Kh Kd", "Ben": "Ah Ad"},
    )
    if field == "spit":
        data["spit"] = "9h"
    with translation.override(language):
        sent = client_for(four.owner).post(
            record_url(four, game), {**data, "confirm": "1"}, headers={"accept-language": language}
        )
    assert sent.status_code == 200
    assert message in sent.content.decode()
    assert not Deal.objects.filter(night=four.night).exists()
