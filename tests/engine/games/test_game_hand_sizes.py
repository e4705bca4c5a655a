"""A digital hand checks, cheaply, that the cards it deals fit the game at the showdown.

The engine deals these hands itself, so a wrong count can only be a bug in a
step; the showdown refuses to pay out on such a hand rather than rate it.
"""

from __future__ import annotations

import random

import pytest

from engine.cards import Deck
from engine.games import GAMES, HandState
from engine.games.events import ActionName
from engine.games.random_play import play_out

NAMES = ["Anna", "Ben", "Carla"]


def _draw_hand() -> HandState:
    return HandState.start(
        GAMES["five-card-draw"],
        names=NAMES,
        stacks=[100] * 3,
        dealer=2,
        deck=Deck(random.Random(0)),
    )


def test_a_draw_hand_with_an_extra_card_slipped_in_is_refused_at_the_showdown() -> None:
    state = _draw_hand()
    state.cards[1].append((int(state.deck.deal_one()), False))
    with pytest.raises(AssertionError, match="Ben holds 6 cards: five-card-draw deals 5"):
        _check_to_the_end(state)


def test_a_hand_short_of_a_card_is_refused_at_the_showdown() -> None:
    state = _draw_hand()
    state.cards[0].pop()
    with pytest.raises(AssertionError, match="Anna holds 4 cards: five-card-draw deals 5"):
        _check_to_the_end(state)


def test_an_honest_hand_reaches_the_showdown() -> None:
    state = _draw_hand()
    _check_to_the_end(state)
    assert state.is_over


def _check_to_the_end(state: HandState) -> None:
    """Everyone checks, draws nothing and calls until the hand is over."""
    rng = random.Random(1)
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        if state.can(ActionName.CHECK, seat=seat):
            state.act(ActionName.CHECK, seat=seat)
        elif state.can(ActionName.DRAW, seat=seat, cards=[]):
            state.act(ActionName.DRAW, seat=seat, cards=[])
        else:
            play_out(state, rng)
