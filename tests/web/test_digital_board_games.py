"""Hold'em and Omaha dealt digitally: the board on the table view, and no odds there.

Win odds from the table's point of view could use only the board: every hole card
is face down, so each player still in would get the same share, and odds that used
the hole cards would leak them. The table view shows no odds for these games.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from helpers.clients import client_for
from ledger_helpers import Table
from seat_phones import link_of, phone, post_move, start

from engine.cards import ALL_CARDS
from engine.games import GAMES, ActionName
from gamenight.services import digital


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


@pytest.mark.parametrize("game", ["texas-holdem", "omaha", "omaha-hi-lo"])
def test_the_table_shows_the_flop_and_no_odds(night: Table, game: str) -> None:
    hand = start(night, game=game)
    state = digital.hand_state(hand)
    # Everyone checks the first round, from their phones: the flop is turned.
    for step in range(len(state.names)):
        seat = state.actor
        assert seat is not None
        link = link_of(hand, seat)
        data = {"action": ActionName.CHECK.value, "version": str(hand.version), "key": f"c{step}"}
        assert post_move(phone(link), link, data).status_code == 302
        hand.refresh_from_db()
        state = digital.hand_state(hand)
    assert len(state.table) == 3
    assert digital.table_odds(hand, state) is None
    page = client_for(night.viewer).get(reverse("digital_table", args=[night.night.pk, hand.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "In the middle" in html
    assert "to win" not in html
    # As the templates write a card: a symbol face, a ten as "10".
    faces = [ALL_CARDS[card].format(symbols=True).replace("T", "10", 1) for card in state.table]
    assert all(face in html for face in faces)


def test_the_log_names_the_flop_in_german(night: Table) -> None:
    hand = start(night, game="texas-holdem")
    state = digital.hand_state(hand)
    for step in range(len(state.names)):
        seat = state.actor
        assert seat is not None
        link = link_of(hand, seat)
        data = {"action": ActionName.CHECK.value, "version": str(hand.version), "key": f"c{step}"}
        assert post_move(phone(link), link, data).status_code == 302
        hand.refresh_from_db()
        state = digital.hand_state(hand)
    url = reverse("digital_table", args=[night.night.pk, hand.pk])
    html = client_for(night.viewer).get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<span class="muted">Flop</span>' in html
