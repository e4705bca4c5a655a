"""Seat pages that read at a glance (issue 16): one's private cards apart from the
face-up ones, No Peek's pile and what to flip, a payment's cost on its button, and
amount controls that step by the night's bet size."""

from __future__ import annotations

import random
import re

import pytest
from ledger_helpers import Table
from seat_phones import link_of, phone, seat_url, start

from engine.cards import Deck, parse_cards
from engine.games import GAMES, seat_view
from gamenight.models import DigitalHand
from gamenight.services import digital

# Three players' first two (face-down) cards, then three face-up 3s: the first asks
# its holder to pay the pot.
_UP_THREES = "2♠ 5♥ 6♣ 7♠ 8♥ 9♣ 3♠ 3♥ 3♦"


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def _section(html: str, css: str) -> str:
    found = re.search(rf'<div class="drow {css}">(.*?)</div>', html, re.S)
    assert found, f"no {css} row"
    return found.group(1)


def _seat_html(hand: DigitalHand, seat: int) -> str:
    link = link_of(hand, seat)
    response = phone(link).get(seat_url(link))
    assert response.status_code == 200
    return str(response.content.decode())


def test_private_cards_sit_in_a_row_of_their_own(night: Table) -> None:
    hand = start(night, game="seven-card-stud")
    state = digital.hand_state(hand)
    me = seat_view(state, 0)["players"][0]["cards"]
    html = _seat_html(hand, 0)
    private = _section(html, "drow-private")
    public = _section(html, "drow-public")
    assert "Only you see these" in private
    assert "Everyone sees these" in public
    downs = [c["card"] for c in me if not c["up"]]
    ups = [c["card"] for c in me if c["up"]]
    assert len(downs) == 2
    assert len(ups) == 1
    # Each card in its own row, shown with a face (class) that is not a colour alone.
    assert private.count('class="pcard private') == 2
    assert public.count('class="pcard ') == 1
    assert "private" not in public
    assert 'class="eye"' in private
    assert 'class="eye"' in public


def test_no_peek_shows_the_pile_and_what_to_flip(night: Table) -> None:
    hand = start(night, game="no-peek")
    state = digital.hand_state(hand)
    actor = state.actor
    assert actor is not None
    pile = seat_view(state, actor)["players"][actor]["down_count"]
    html = _seat_html(hand, actor)
    row = _section(html, "drow-pile")
    assert f"{pile} face down" in row
    assert "Next: flip the top card of your pile, until your face-up cards beat" in row
    assert 'value="flip"' in html
    # After the flip, the flipped card is in the face-up row and the pile is one less.
    link = link_of(hand, actor)
    flipped = phone(link).post(
        seat_url(link, "seat_act"),
        {"key": "f1", "hand": str(hand.pk), "version": "0", "action": "flip"},
    )
    assert flipped.status_code in (200, 302)
    hand.refresh_from_db()
    up = [c["card"] for c in seat_view(digital.hand_state(hand), actor)["players"][actor]["cards"]]
    html = _seat_html(hand, actor)
    assert f"{pile - 1} face down" in _section(html, "drow-pile")
    assert len(up) == 1
    assert _section(html, "drow-public").count('class="pcard ') == 1


def test_a_pot_payment_says_its_cost_on_the_button(night: Table) -> None:
    hand = digital.start_hand(
        night_id=night.night.pk,
        by=night.owner,
        key="bb",
        game="baseball",
        deck=Deck(random.Random(0), stacked=parse_cards(_UP_THREES)),
    )
    state = digital.hand_state(hand)
    assert state.decision is not None
    assert state.decision.kind == "pay_pot"
    price = state.decision.chips
    html = _seat_html(hand, state.decision.seat)
    button = re.search(r'value="pay_pot">.*?<button[^>]*>(.*?)</button>', html, re.S)
    assert button, "no pay-the-pot button"
    assert re.sub(r"\s+", " ", button.group(1)).strip() == f"Pay the pot · {price} chips"
    assert f"pay {price} chips to stay in, or fold" in html


def test_the_amount_steps_by_the_nights_bet_size(night: Table) -> None:
    night.night.game_options = {"betting": {"low": 2, "high": 10}}
    night.night.save()
    hand = start(night, game="five-card-draw")
    actor = digital.hand_state(hand).actor
    assert actor is not None
    html = _seat_html(hand, actor)
    amount = re.search(r'<input id="amount-bet"[^>]*>', html)
    assert amount, "no bet amount"
    assert 'data-step="2"' in amount.group(0)
    assert 'min="2"' in amount.group(0)


def test_the_seat_page_reads_at_a_glance_in_german(night: Table) -> None:
    hand = digital.start_hand(
        night_id=night.night.pk,
        by=night.owner,
        key="bb-de",
        game="baseball",
        deck=Deck(random.Random(0), stacked=parse_cards(_UP_THREES)),
    )
    state = digital.hand_state(hand)
    assert state.decision is not None
    link = link_of(hand, state.decision.seat)
    html = phone(link, HTTP_ACCEPT_LANGUAGE="de").get(seat_url(link)).content.decode()
    assert "Nur du siehst diese" in html
    assert "Alle sehen diese" in html
    assert f"Pot bezahlen · {state.decision.chips} Chips" in html
    assert f"zahl {state.decision.chips} Chips, um drinzubleiben" in html
