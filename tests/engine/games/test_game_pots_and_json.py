"""Pots of a digital hand: odd chips (ruling 9), an all-in player's side pot (ruling 8), JSON."""

from __future__ import annotations

import json
import random

import pytest

from engine.cards import Deck, parse_cards
from engine.errors import EngineError
from engine.games import GAMES, EventKind, HandState
from engine.games.events import ActionName

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)


def _start(cards: str, stacks: list[int]) -> HandState:
    deck = Deck(random.Random(5), stacked=parse_cards(cards))
    return HandState.start(
        GAMES["seven-card-stud"], names=NAMES, stacks=stacks, dealer=CARLA, deck=deck
    )


def _check_to_the_end(state: HandState) -> None:
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        state.act(ActionName.CHECK, seat=seat)


# Anna and Ben both hold A K Q J 9 high; Carla folds after the first round.
TIE = "A♠ A♥ 5♠ K♥ K♦ 6♥ D♦ D♣ 7♦ B♣ B♠ 9♠ 9♥ 2♦ 2♣ 3♣ 3♦"


def test_the_odd_chip_of_a_split_pot_goes_to_the_first_winner_left_of_the_dealer() -> None:
    state = _start(TIE, [10, 10, 10])
    assert state.actor == ANNA  # equal queens showing: nearest the dealer's left opens
    state.act(ActionName.BET, seat=ANNA, amount=1)
    state.act(ActionName.CALL, seat=BEN)
    state.act(ActionName.FOLD, seat=CARLA)
    _check_to_the_end(state)
    wins = [(e.seat, e.chips) for e in state.history if e.kind is EventKind.WIN]
    assert wins == [(ANNA, 3), (BEN, 2)]
    assert state.stacks == [11, 10, 9]


# Anna three aces, Ben a pair of kings, Carla queen high.
ALL_IN = "A♠ K♠ D♠ A♥ K♥ 10♥ A♦ 3♦ 2♦ 2♣ 5♣ 4♣ 4♦ 7♦ 6♦ 6♠ 9♠ 8♠ 8♥ B♥ 5♥"


def test_an_all_in_player_stays_to_the_showdown_and_wins_only_the_main_pot() -> None:
    state = _start(ALL_IN, [3, 20, 20])
    event = state.act(ActionName.ALL_IN, seat=ANNA)
    assert (event.kind, event.chips, event.all_in) == (EventKind.BET, 2, True)
    state.act(ActionName.RAISE_BY, seat=BEN, amount=3)
    state.act(ActionName.CALL, seat=CARLA)
    assert state.actor == BEN  # Anna shows the ace but has nothing left to bet
    _check_to_the_end(state)
    assert len(state.cards[ANNA]) == 7
    wins = [(e.seat, e.chips, e.text) for e in state.history if e.kind is EventKind.WIN]
    assert wins == [
        (ANNA, 9, "main pot, three of a kind, aces"),
        (BEN, 6, "side pot 1, pair of kings"),
    ]
    assert state.stacks == [9, 20, 14]


def test_a_hand_restored_from_json_continues_identically() -> None:
    original = _start(ALL_IN, [3, 20, 20])
    original.act(ActionName.ALL_IN, seat=ANNA)
    restored = HandState.from_json(original.to_json())
    for state in (original, restored):
        state.act(ActionName.RAISE_BY, seat=BEN, amount=3)
        state.act(ActionName.CALL, seat=CARLA)
        _check_to_the_end(state)
    assert restored.to_json() == original.to_json()


def test_the_same_stacked_deck_replays_the_same_hand_without_a_random_source() -> None:
    def play() -> str:
        deck = Deck(random.Random(11))
        state = HandState.start(
            GAMES["rainy-day-baseball"], names=NAMES, stacks=[30] * 3, dealer=0, deck=deck
        )
        _check_to_the_end_or_pay(state)
        return state.to_json()

    assert play() == play()


def _check_to_the_end_or_pay(state: HandState) -> None:
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        if state.can(ActionName.PAY_POT, seat=seat):
            state.act(ActionName.PAY_POT, seat=seat)
        else:
            state.act(ActionName.CHECK, seat=seat)


@pytest.mark.parametrize(
    "text",
    [
        '{"version": 99}',
        '{"version": 1, "game": "baseball"}',
    ],
)
def test_a_damaged_saved_hand_is_refused(text: str) -> None:
    with pytest.raises(EngineError):
        HandState.from_json(text)


def test_a_saved_hand_is_plain_json() -> None:
    state = _start(TIE, [10, 10, 10])
    data = json.loads(state.to_json())
    assert data["game"] == "seven-card-stud"
    assert data["deck"][:2] == [int(c) for c in parse_cards("B♣ B♠")]
