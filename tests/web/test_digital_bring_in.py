"""Seven-card stud with the house's bring-in, played from the phones (issue 16).

The lowest up card's phone offers the bring-in with its price and the completion
to a full bet, worded as such, never a check; the host may post the forced
bring-in for an absent player; the table's log says who brought it in.
"""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from helpers.clients import client_for
from ledger_helpers import Table
from seat_phones import link_of, phone, post_move, seat_url, start

from engine.betting import FixedLimit
from engine.games import GAMES, ActionName, HandState, make_rules
from gamenight.models.nights import LimitStructure
from gamenight.pages.host_panel import _timeout_prompt
from gamenight.services import digital


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.game_options = {"seven-card-stud": {"bring_in": True}, "betting": {"low": 4}}
    table.night.limit_structure = LimitStructure.FIXED
    table.night.save()
    return table


def test_the_lowest_card_is_offered_the_bring_in_or_the_completion(night: Table) -> None:
    hand = start(night)
    state = digital.hand_state(hand)
    link = link_of(hand, state.actor)
    html = phone(link).get(seat_url(link)).content.decode()
    assert 'value="bring_in"' in html
    assert "Bring it in · 2 chips" in html
    assert "Complete to a full bet" in html
    assert 'value="check"' not in html
    german = phone(link).get(seat_url(link), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Bring-in setzen · 2 Chips" in german
    assert "Auf einen vollen Einsatz ergänzen" in german


def test_a_bring_in_from_the_phone_is_logged_on_the_table(night: Table) -> None:
    hand = start(night)
    state = digital.hand_state(hand)
    link = link_of(hand, state.actor)
    data = {"action": "bring_in", "version": str(hand.version), "key": "b1"}
    assert post_move(phone(link), link, data).status_code == 302
    hand.refresh_from_db()
    after = digital.hand_state(hand)
    assert after.put_in[state.actor] == state.put_in[state.actor] + 2
    url = reverse("digital_table", args=[hand.night_id, hand.pk])
    table = client_for(night.viewer).get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "setzt das Bring-in:" in table


def test_the_host_may_bring_it_in_for_an_absent_player(night: Table) -> None:
    assert ActionName.BRING_IN in digital.HOST_ACTIONS
    assert ActionName.BET not in digital.HOST_ACTIONS


def test_when_the_bring_in_players_time_is_up_the_host_is_offered_the_bring_in() -> None:
    """Neither check nor fold is open to them: the forced bring-in is the least move."""
    state = HandState.start(
        make_rules("seven-card-stud", {"bring_in": True}),
        names=["A", "B", "C"],
        stacks=[50] * 3,
        dealer=0,
        rng=random.Random(1),
        limit=FixedLimit(amount=4),
    )
    assert state.actor is not None
    prompt = _timeout_prompt(state, state.actor)
    assert [a["kind"] for a in prompt["actions"]] == [ActionName.BRING_IN]
