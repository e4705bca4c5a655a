"""The worked example of the Baseball rule sheet, replayed as a digital hand.

Five players ante 1; after the first betting round 15 are in the pot. Anna gets
the 3♣ face up as her 4th card and pays the pot, 15, making 30. Ben gets the
4♦ face up and at once a face-down extra card. At the showdown Anna has
K K 9 3 B 5 8 (four kings), Ben D D D 4 7 A 2 B (three queens): Anna wins.
"""

from __future__ import annotations

import random

import pytest

from engine.cards import Deck, parse_cards
from engine.games import GAMES, EventKind, HandState, seat_view, table_view
from engine.games.events import ActionName

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]
ANNA, BEN, CARLA, DORA, EMIL = range(5)

# In deal order: Emil deals, so Anna (on his left) gets the first card of each round.
DEAL = parse_cards(
    # two down and one up each
    "K♠ D♠ 2♥ 7♦ 10♦ "
    "9♥ D♥ 6♦ 8♥ B♥ "
    "K♥ D♦ 7♣ 6♠ 5♣ "
    # 4th card: Anna's 3♣ (she pays the pot), Ben's 4♦ and at once his extra 7♥
    "3♣ 4♦ 7♥ 8♠ 10♥ 2♦ "
    # 5th, 6th and 7th card for Anna and Ben, the others have folded
    "B♠ A♠ 5♥ 2♠ 8♦ B♦"
)


def _start() -> HandState:
    deck = Deck(random.Random(7), stacked=DEAL)
    return HandState.start(GAMES["baseball"], names=NAMES, stacks=[100] * 5, dealer=EMIL, deck=deck)


def _first_round(state: HandState) -> None:
    assert state.actor == ANNA  # the king showing opens
    state.act(ActionName.BET, seat=ANNA, amount=2)
    for seat in (BEN, CARLA, DORA, EMIL):
        state.act(ActionName.CALL, seat=seat)


def test_the_pot_is_15_after_the_first_betting_round() -> None:
    state = _start()
    assert state.pot == 5
    _first_round(state)
    assert state.pot == 15


def test_anna_pays_the_pot_for_her_face_up_three_making_30() -> None:
    state = _start()
    _first_round(state)
    assert state.actor == ANNA
    assert state.decision is not None
    assert state.decision.kind == "pay_pot"
    state.verify(ActionName.PAY_POT, seat=ANNA)  # Anna may pay: the price is the question's
    assert state.decision is not None
    assert state.decision.chips == 15
    # The deal waits for her answer: Ben has no 4th card yet.
    assert len(state.cards[BEN]) == 3
    event = state.act(ActionName.PAY_POT, seat=ANNA)
    assert (event.kind, event.chips) == (EventKind.PAY_POT, 15)
    assert state.pot == 30
    assert state.stacks[ANNA] == 100 - 1 - 2 - 15


def test_ben_gets_his_extra_card_face_down_at_once() -> None:
    state = _start()
    _first_round(state)
    state.act(ActionName.PAY_POT, seat=ANNA)
    deals = [e for e in state.history if e.kind is EventKind.DEAL][15:18]
    assert [(e.seat, e.card, e.face_up) for e in deals] == [
        (ANNA, parse_cards("3♣")[0], True),
        (BEN, parse_cards("4♦")[0], True),
        (BEN, parse_cards("7♥")[0], False),
    ]


def _play_to_the_end() -> HandState:
    state = _start()
    _first_round(state)
    state.act(ActionName.PAY_POT, seat=ANNA)
    assert state.actor == ANNA  # a king and a wild 3 showing: a pair of kings opens
    state.act(ActionName.BET, seat=ANNA, amount=1)
    state.act(ActionName.CALL, seat=BEN)
    for seat in (CARLA, DORA, EMIL):
        state.act(ActionName.FOLD, seat=seat)
    for _ in range(3):
        state.act(ActionName.CHECK, seat=ANNA)
        state.act(ActionName.CHECK, seat=BEN)
    return state


def test_annas_four_kings_beat_bens_three_queens() -> None:
    state = _play_to_the_end()
    assert state.is_over
    shows = {e.seat: e.text for e in state.history if e.kind is EventKind.SHOW}
    assert shows == {ANNA: "four of a kind, kings", BEN: "three of a kind, queens"}
    wins = [(e.seat, e.chips) for e in state.history if e.kind is EventKind.WIN]
    assert wins == [(ANNA, 32)]


def test_the_chips_at_the_end() -> None:
    state = _play_to_the_end()
    assert state.stacks == [113, 96, 97, 97, 97]
    assert sum(state.stacks) == 500
    assert state.pot == 0


def test_anna_sees_her_down_cards_and_the_table_does_not() -> None:
    state = _start()
    hers = [c["card"] for c in seat_view(state, ANNA)["players"][ANNA]["cards"]]
    assert hers == ["Ks", "9h", "Kh"]
    bens_in_annas_view = seat_view(state, ANNA)["players"][BEN]["cards"]
    assert bens_in_annas_view == [{"card": "Qd", "up": True}]
    table = table_view(state)["players"]
    assert [p["cards"] for p in table][ANNA] == [{"card": "Kh", "up": True}]
    assert table[ANNA]["down_count"] == 2


def test_the_showdown_hands_are_public() -> None:
    state = _play_to_the_end()
    table = table_view(state)["players"]
    assert len(table[ANNA]["cards"]) == 7
    assert len(table[BEN]["cards"]) == 8
    assert [c["up"] for c in table[CARLA]["cards"]] == [True, True]  # folded: down cards hidden


@pytest.mark.parametrize("seat", [ANNA, BEN])
def test_only_the_actor_gets_legal_actions(seat: int) -> None:
    state = _start()
    actions = seat_view(state, seat)["legal_actions"]
    assert bool(actions) == (seat == state.actor)
