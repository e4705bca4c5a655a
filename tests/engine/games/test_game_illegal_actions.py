"""An illegal action raises its own error with a plain message and changes nothing."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.cards import Deck, parse_cards
from engine.errors import BetSizeError, IllegalActionError, OutOfTurnError, RaiseCapError
from engine.games import GAMES, HandOverError, HandState, NoDecisionError
from engine.games.events import ActionName

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)

# Carla deals; Anna shows the king and opens; Anna's 4th card is a 3, Ben's a 4.
DEAL = parse_cards("2♠ 5♠ 6♠ 2♥ 5♥ 6♥ K♣ 7♣ 8♣ 3♦ 4♦ A♥ 10♥")


def _start() -> HandState:
    deck = Deck(random.Random(1), stacked=DEAL)
    return HandState.start(GAMES["baseball"], names=NAMES, stacks=[50] * 3, dealer=CARLA, deck=deck)


def _at_pay_decision() -> HandState:
    state = _start()
    state.act(ActionName.CHECK, seat=ANNA)
    state.act(ActionName.CHECK, seat=BEN)
    state.act(ActionName.CHECK, seat=CARLA)
    return state


def _rejects(state: HandState, error: type[IllegalActionError], act: Callable[[], object]) -> str:
    before = state.to_json()
    with pytest.raises(error) as caught:
        act()
    assert state.to_json() == before
    return str(caught.value)


def test_acting_out_of_turn_is_refused() -> None:
    state = _start()
    message = _rejects(state, OutOfTurnError, lambda: state.act(ActionName.CHECK, seat=BEN))
    assert message == "Ben cannot check: it is Anna's turn"
    assert not state.can(ActionName.CHECK, seat=BEN)


def test_a_bet_above_the_limit_is_refused() -> None:
    state = _start()
    message = _rejects(state, BetSizeError, lambda: state.act(ActionName.BET, seat=ANNA, amount=6))
    assert message == "Anna cannot bet 6: bets are 1 to 5"


def test_a_fourth_raise_is_refused() -> None:
    state = _start()
    state.act(ActionName.BET, seat=ANNA, amount=1)
    state.act(ActionName.RAISE_BY, seat=BEN, amount=1)
    state.act(ActionName.RAISE_BY, seat=CARLA, amount=1)
    state.act(ActionName.RAISE_BY, seat=ANNA, amount=1)
    _rejects(state, RaiseCapError, lambda: state.act(ActionName.RAISE_BY, seat=BEN, amount=1))


def test_paying_the_pot_when_not_asked_is_refused() -> None:
    state = _start()
    message = _rejects(state, NoDecisionError, lambda: state.act(ActionName.PAY_POT, seat=ANNA))
    assert (
        message
        == "Anna cannot pay the pot: Anna was not asked to; only a face-up 3 asks for the pot"
    )


def test_only_the_player_with_the_three_answers_it() -> None:
    state = _at_pay_decision()
    assert state.decision is not None
    assert state.decision.seat == ANNA
    _rejects(state, NoDecisionError, lambda: state.act(ActionName.PAY_POT, seat=BEN))
    _rejects(state, NoDecisionError, lambda: state.act(ActionName.FOLD, seat=BEN))
    message = _rejects(state, OutOfTurnError, lambda: state.act(ActionName.CHECK, seat=ANNA))
    assert message == "Anna cannot check: Anna must first pay the pot or fold"
    _rejects(state, NoDecisionError, lambda: state.act(ActionName.BUY_WALK, seat=ANNA))


def test_folding_to_the_three_ends_the_deal_for_that_player_only() -> None:
    state = _at_pay_decision()
    state.act(ActionName.FOLD, seat=ANNA)
    assert state.folded == [True, False, False]
    assert len(state.cards[ANNA]) == 4
    assert len(state.cards[BEN]) == 5  # his 4 brought the extra card
    assert state.pot == 3


def test_nothing_is_legal_after_the_hand() -> None:
    state = _start()
    state.act(ActionName.BET, seat=ANNA, amount=1)
    state.act(ActionName.FOLD, seat=BEN)
    state.act(ActionName.FOLD, seat=CARLA)
    assert state.is_over
    assert state.stacks == [52, 49, 49]
    assert state.legal_actions() == []
    message = _rejects(state, HandOverError, lambda: state.act(ActionName.CHECK, seat=ANNA))
    assert message == "Anna cannot check: the hand is over"


def test_an_unknown_seat_is_refused() -> None:
    state = _start()
    _rejects(state, OutOfTurnError, lambda: state.act(ActionName.CHECK, seat=7))
