"""Cards typed as the rule sheets write them: ranks alone, German letters and suit symbols.

The command line's ``rank`` gives a rank alone a free suit that never makes a flush;
the recording form does the same over the whole table, so that two players' bare
kings never become the same card.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from helpers.clients import client_for
from helpers.pages import record_url
from ledger_helpers import Table, make_table, stacks

from gamenight.models import Transaction

FIVE = ("Anna", "Ben", "Carla", "Dan", "Eva")


@pytest.fixture
def five(db: None) -> Table:
    return make_table(names=FIVE)


def _by_name(table: Table) -> dict[str, int]:
    return {p.name: p.pk for p in table.players}


def sheet(table: Table, cards: dict[str, str]) -> dict[str, Any]:
    """The Baseball sheet's hand: Anna pays the pot of 15, Dan and Eva fold."""
    ids = _by_name(table)
    data: dict[str, Any] = {"key": "ranks-1", f"paid_{ids['Anna']}": 15}
    # The chips bet: the form adds Anna's pot payment.
    for name in ("Anna", "Ben", "Carla", "Dan", "Eva"):
        data[f"chips_{ids[name]}"] = 3
    for name in ("Dan", "Eva"):
        data[f"state_{ids[name]}"] = "folded"
    for name, text in cards.items():
        data[f"cards_{ids[name]}"] = text
    return data


# As the sheet writes them: "Anna hat K K 9 3 B 5 8 ... Ben hat D D D 4 7 A 2 B".
SHEET_RANKS = {"Anna": "K K 9 3 B 5 8", "Ben": "D D D 4 7 A 2 B", "Carla": "2 2 5 6 7 8 10"}


def _german(table: Table) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(table.owner)
    return client


def _nets(html: str) -> list[str]:
    return re.findall(r'class="num net">([^<]+)<', html)


def test_the_sheet_written_with_ranks_alone_previews_annas_four_kings(five: Table) -> None:
    html = (
        client_for(five.owner)
        .post(record_url(five, "baseball"), {**sheet(five, SHEET_RANKS), "preview": "1"})
        .content.decode()
    )
    assert "is not a card" not in html
    assert "four of a kind, kings" in html
    assert _nets(html) == ["+12", "-3", "-3", "-3", "-3"]


def test_the_sheet_with_ranks_alone_is_recorded(five: Table) -> None:
    sent = client_for(five.owner).post(
        record_url(five, "baseball"), {**sheet(five, SHEET_RANKS), "confirm": "1"}
    )
    assert sent.status_code == 302
    assert stacks(five.night)["Anna"] == 62


def test_german_letters_and_suit_symbols_mixed_with_ranks_alone(five: Table) -> None:
    cards = {"Anna": "K♠ K♥ 9♣ 3♣ B♦ 5♥ 8♠", "Ben": "D♠ Dh D 4 7 A♦ 2 b", "Carla": "2 2 5 6 7 8 T"}
    html = (
        _german(five)
        .post(record_url(five, "baseball"), {**sheet(five, cards), "preview": "1"})
        .content.decode()
    )
    assert "Vierling, Könige" in html
    assert _nets(html) == ["+12", "-3", "-3", "-3", "-3"]


def test_bare_kings_in_two_hands_become_four_different_kings(db: None) -> None:
    table = make_table(names=("Anna", "Ben"))
    ids = _by_name(table)
    data = {
        "key": "kings",
        f"chips_{ids['Anna']}": 1,
        f"chips_{ids['Ben']}": 1,
        f"cards_{ids['Anna']}": "K K 9 9 5 4 2",
        f"cards_{ids['Ben']}": "K K 8 8 6 3 2",
        "preview": "1",
    }
    html = client_for(table.owner).post(record_url(table, "seven-card-stud"), data).content.decode()
    assert "appears twice" not in html
    assert "two pair, kings and nines" in html


def test_a_fifth_bare_king_at_the_table_is_refused_in_german(db: None) -> None:
    table = make_table(names=("Anna", "Ben"))
    ids = _by_name(table)
    data = {
        "key": "kings",
        f"chips_{ids['Anna']}": 1,
        f"chips_{ids['Ben']}": 1,
        f"cards_{ids['Anna']}": "K K K 9 5 4 2",
        f"cards_{ids['Ben']}": "K K 8 8 6 3 2",
        "confirm": "1",
    }
    html = _german(table).post(record_url(table, "seven-card-stud"), data).content.decode()
    # Anna deals: her row is the last, and her third king the fifth one read.
    assert "Anna: „K“: alle vier Karten dieses Rangs sind schon vergeben" in html
    assert not Transaction.objects.filter(idempotency_key="kings").exists()


def test_ranks_alone_never_make_a_flush(db: None) -> None:
    table = make_table(names=("Anna", "Ben"))
    ids = _by_name(table)
    data = {
        "key": "bare-ranks",
        f"chips_{ids['Anna']}": 1,
        f"chips_{ids['Ben']}": 1,
        f"cards_{ids['Anna']}": "A K Q J 9",
        f"cards_{ids['Ben']}": "2s 2h 5c 6d 7h",
        "preview": "1",
    }
    html = client_for(table.owner).post(record_url(table, "five-card-draw"), data).content.decode()
    names = re.findall(r'<span class="muted">\(([^)]*)\)</span>', html)
    assert len(names) == 2
    assert not [n for n in names if "flush" in n]
    assert _nets(html) == ["-1", "+1"]  # Ben's pair of twos beats Anna's ace high


def test_a_malformed_card_is_named_in_german(five: Table) -> None:
    cards = {**SHEET_RANKS, "Ben": "D D D 4 7 A 2 Zx"}
    html = (
        _german(five)
        .post(record_url(five, "baseball"), {**sheet(five, cards), "confirm": "1"})
        .content.decode()
    )
    assert "Ben: „Zx“ ist keine Karte" in html
    assert "is not a card" not in html
    assert not Transaction.objects.filter(idempotency_key="ranks-1").exists()


def test_the_same_card_in_two_hands_is_named_in_german(five: Table) -> None:
    cards = {**SHEET_RANKS, "Anna": "K♠ K K 9 3 B 5", "Ben": "D D D 4 7 A K♠ B"}
    html = (
        _german(five)
        .post(record_url(five, "baseball"), {**sheet(five, cards), "confirm": "1"})
        .content.decode()
    )
    # The rows go round from the dealer's left: Anna, who deals, is read last.
    assert "Anna: K♠ kommt zweimal vor: auch bei Ben" in html
    assert "appears twice" not in html
    assert not Transaction.objects.filter(idempotency_key="ranks-1").exists()


def test_the_same_card_twice_in_one_hand_is_named_in_german(five: Table) -> None:
    cards = {**SHEET_RANKS, "Anna": "Ks K♠ 9 3 B 5 8"}
    html = (
        _german(five)
        .post(record_url(five, "baseball"), {**sheet(five, cards), "confirm": "1"})
        .content.decode()
    )
    assert "Anna: „K♠“ ist dieselbe Karte wie „Ks“" in html
    assert not Transaction.objects.filter(idempotency_key="ranks-1").exists()


def test_a_spit_card_written_as_a_rank_alone_gets_a_suit_nobody_holds(db: None) -> None:
    """Spit "2" with Anna's 2♠ and 2♥: the spit card becomes another two, not the 2♠
    (card 0, the one card whose code is falsy)."""
    table = make_table(names=("Anna", "Ben"))
    ids = _by_name(table)
    data = {
        "key": "spit-two",
        "spit": "2",
        f"chips_{ids['Anna']}": 1,
        f"chips_{ids['Ben']}": 1,
        f"cards_{ids['Anna']}": "2s 2h K Q",
        f"cards_{ids['Ben']}": "A A 7 5",
        "preview": "1",
    }
    html = client_for(table.owner).post(record_url(table, "spit-in-the-ocean"), data).content
    text = html.decode()
    assert "appears twice" not in text
    # The twos are wild: Anna's two, the spit card and the king make four kings.
    assert "four of a kind, kings" in text


def test_a_spit_card_held_by_a_player_too_is_named(db: None) -> None:
    table = make_table(names=("Anna", "Ben"))
    ids = _by_name(table)
    data = {
        "key": "spit-twice",
        "spit": "2s",
        f"chips_{ids['Anna']}": 1,
        f"chips_{ids['Ben']}": 1,
        f"cards_{ids['Anna']}": "2s 2h K Q",
        f"cards_{ids['Ben']}": "A A 7 5",
        "preview": "1",
    }
    text = client_for(table.owner).post(record_url(table, "spit-in-the-ocean"), data).content
    assert "Anna: 2♠ appears twice: it is the card in the middle too" in text.decode()
