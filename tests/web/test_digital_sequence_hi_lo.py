"""Sequence played high/low with declaration, dealt digitally and played from the phones.

The English sheet (stud-home-variants.en.txt, Sequence): "Alternatively, the
game can be played high/low with declaration." The night turns the option on;
every player still in then declares high, low or both from their seat page, at
once and secretly: no page shows a declaration before all are in. The stacked
deck is the engine test's (tests/engine/games/test_game_variants_sequence_hi_lo.py):
Anna a flush with a 9-8 low, Ben a six-high straight with the wheel, Carla
two pair; no 2 face up, so nothing is wild.

Recording such a hand from the table (with declarations) is not offered yet:
the recording form of Sequence settles for high.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from helpers.clients import client_for
from ledger_helpers import Table, assert_ledger_consistent, stacks
from seat_phones import link_of, phone, post_move, seat_url

from engine.cards import Deck, parse_cards
from engine.games import ActionName, HandState
from engine.games.steps.hi_lo_declare import DeclareHighLow
from gamenight.models import DigitalHand, HandStatus
from gamenight.services import digital

# Dealt from the dealer's left: the night's first hand is dealt by Anna (asserted
# below), so each round goes to Ben, Carla, then Anna.
DEAL = "A♠ Q♣ A♥ 2♣ Q♦ K♥ 3♠ J♠ Q♥ 4♦ J♦ 9♥ 5♣ 10♣ 3♦ K♣ 9♣ 8♥ 6♦ 4♠ 7♣"
DECLARED = ("high", "low", "both ways")


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = ["sequence"]
    table.night.game_options = {"sequence": {"high_low": True}}
    table.night.save()
    return table


def _start(table: Table) -> DigitalHand:
    deck = Deck(random.Random(0), stacked=parse_cards(DEAL))
    return digital.start_hand(
        night_id=table.night.pk, by=table.owner, key="seq", game="sequence", deck=deck
    )


def _state(hand: DigitalHand) -> HandState:
    hand.refresh_from_db()
    return digital.hand_state(hand)


def _tap(hand: DigitalHand, seat: int, data: dict[str, Any]) -> Any:
    """``seat`` moves from the phone holding its link, as the seat page's form posts."""
    link = link_of(hand, seat)
    hand.refresh_from_db()
    sent = {**data, "version": str(hand.version), "key": f"v{hand.version}-s{seat}"}
    return post_move(phone(link), link, sent)


def _bet_to_the_declaration(hand: DigitalHand) -> HandState:
    """Everyone checks until the last round; there the first to act bets 4, all call."""
    state = _state(hand)
    last_bet = len(state.rules.steps) - 2
    while state.betting is not None:
        seat = state.actor
        assert seat is not None
        legal = {action.kind for action in state.legal_actions()}
        if state.step_index == last_bet and ActionName.BET in legal:
            data = {"action": ActionName.BET.value, "amount": "4"}
        elif ActionName.CALL in legal:
            data = {"action": ActionName.CALL.value}
        else:
            data = {"action": ActionName.CHECK.value}
        assert _tap(hand, seat, data).status_code == 302
        state = _state(hand)
    return state


def _page(client: Client, url: str, **headers: Any) -> str:
    page = client.get(url, **headers)
    assert page.status_code == 200
    return page.content.decode()


def _shown_declarations(html: str) -> list[str]:
    """The declarations the log on a page shows (a log line's words are "muted")."""
    return [word for word in DECLARED if f'<span class="muted">{word}</span>' in html]


def test_a_sequence_hi_lo_hand_is_declared_from_the_phones_and_paid_by_declaration(
    night: Table,
) -> None:
    hand = _start(night)
    state = _state(hand)
    assert list(state.names) == ["Anna", "Ben", "Carla"]
    assert state.dealer == 0, "the stacked deck is dealt from Anna's left"
    before = sum(stacks(night.night).values())
    state = _bet_to_the_declaration(hand)
    assert isinstance(state.step, DeclareHighLow)
    assert state.pot == 15
    # Every seat page offers the three declarations, in English and in German.
    anna, ben, carla = (phone(link_of(hand, s)) for s in range(3))
    urls = [seat_url(link_of(hand, s)) for s in range(3)]
    html = _page(ben, urls[1])
    for label in ("Declare high", "Declare low", "Declare both ways"):
        assert label in html
    german = _page(ben, urls[1], HTTP_ACCEPT_LANGUAGE="de")
    for label in ("High ansagen", "Low ansagen", "Beides ansagen"):
        assert label in german
    # Carla declares before Ben, the first from the dealer's left: at once, not in turn.
    assert _tap(hand, 2, {"action": ActionName.DECLARE_HIGH.value}).status_code == 302
    assert _tap(hand, 0, {"action": ActionName.DECLARE_BOTH.value}).status_code == 302
    # Two have declared: no page says what, the declarers' own included.
    table_url = reverse("digital_table", args=[night.night.pk, hand.pk])
    pages = [
        _page(anna, urls[0]),
        _page(ben, urls[1]),
        _page(carla, urls[2]),
        _page(client_for(night.viewer), table_url),
    ]
    for page in pages:
        assert _shown_declarations(page) == []
        assert '<span class="muted">declared</span>' in page
    assert "Declare high" not in pages[0]  # Anna has declared: no buttons left
    assert "Declare high" in pages[1]
    # Ben, last, declares low: all are revealed and the hand is paid.
    assert _tap(hand, 1, {"action": ActionName.DECLARE_LOW.value}).status_code == 302
    state = _state(hand)
    assert hand.status == HandStatus.FINISHED
    # Anna declared both but Ben's wheel beats her low: she gets nothing; Carla's two
    # pair is the only high left (8, the odd chip), Ben's wheel takes the low half (7).
    assert state.payouts == [0, 7, 8]
    after = _page(client_for(night.viewer), table_url)
    assert _shown_declarations(after) == ["high", "low", "both ways"]
    german = _page(client_for(night.viewer), table_url, HTTP_ACCEPT_LANGUAGE="de")
    for word in ("High", "Low", "beides"):
        assert f'<span class="muted">{word}</span>' in german
    assert sum(stacks(night.night).values()) == before
    assert stacks(night.night) == {"Anna": 45, "Ben": 52, "Carla": 53}
    assert_ledger_consistent(night.group)


def test_a_second_declaration_is_refused_in_the_pages_language(night: Table) -> None:
    hand = _start(night)
    _bet_to_the_declaration(hand)
    assert _tap(hand, 0, {"action": ActionName.DECLARE_LOW.value}).status_code == 302
    link = link_of(hand, 0)
    hand.refresh_from_db()
    sent = {
        "action": ActionName.DECLARE_HIGH.value,
        "version": str(hand.version),
        "key": "again",
    }
    version = hand.version
    page = post_move(phone(link), link, sent, HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code in (200, 422), page.status_code
    assert "Anna hat schon angesagt: die erste Ansage gilt" in page.content.decode()
    hand.refresh_from_db()
    assert hand.version == version  # nothing changed
