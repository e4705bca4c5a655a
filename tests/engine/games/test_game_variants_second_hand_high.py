"""Second Hand High (ruling 16): the second best hand wins, pot by pot.

A tie for best wins nothing and the next hand takes the pot; a tie for second
splits; if every hand ties they split; a lone survivor wins as usual.
"""

from __future__ import annotations

import random

import pytest

from engine.cards import Deck, parse_cards
from engine.chips.pots import best_scores, build_pots, second_best_scores, settle_pots
from engine.games import GAMES, EventKind, HandState
from engine.games.events import ActionName

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)

# Anna: three aces; Ben: a pair of kings; Carla: queen high. Ben's hand is second.
DEAL = parse_cards("A♠ K♠ 2♣ A♥ K♥ 3♦ A♦ 7♣ 5♥ 9♠ 8♦ J♣ 6♠ 4♥ Q♦ 10♣ 2♦ 9♥ 4♦ J♥ 7♠")


def _start() -> HandState:
    deck = Deck(random.Random(0), stacked=DEAL)
    return HandState.start(
        GAMES["second-hand-high"], names=NAMES, stacks=[100] * 3, dealer=CARLA, deck=deck
    )


def _check_round(state: HandState) -> None:
    index = state.step_index
    while state.step_index == index and state.actor is not None:
        state.act(ActionName.CHECK, seat=state.actor)


def test_the_second_best_hand_takes_the_pot() -> None:
    state = _start()
    while not state.is_over:
        _check_round(state)
    wins = [(e.seat, e.chips) for e in state.history if e.kind is EventKind.WIN]
    assert wins == [(BEN, 3)]
    assert state.stacks == [99, 102, 99]


def test_a_lone_survivor_wins() -> None:
    state = _start()
    state.act(ActionName.BET, seat=state.actor or 0, amount=2)
    while not state.is_over:
        state.act(ActionName.FOLD, seat=state.actor or 0)
    assert sum(1 for f in state.folded if not f) == 1
    assert state.stacks[ANNA] == 102


@pytest.mark.parametrize(
    ("scores", "winners"),
    [
        ({0: 9, 1: 5, 2: 1}, {1}),  # second best
        ({0: 9, 1: 9, 2: 5, 3: 1}, {2}),  # a tie for best wins nothing: the next hand
        ({0: 9, 1: 5, 2: 5}, {1, 2}),  # a tie for second splits
        ({0: 7, 1: 7, 2: 7}, {0, 1, 2}),  # everyone ties: they split
        ({0: 3}, {0}),  # one hand alone
    ],
)
def test_second_best_scores(scores: dict[int, int], winners: set[int]) -> None:
    assert second_best_scores(scores) == winners


def test_each_pot_goes_to_the_second_best_of_its_own_players() -> None:
    # Seat 1 is all-in for 4: the main pot (12) is contested by all three, the
    # side pot (12) by seats 0 and 2 only.
    split = build_pots(contributions={0: 10, 1: 4, 2: 10}, all_in={1})
    scores = {0: 9, 1: 5, 2: 1}
    result = settle_pots(split, scores=scores, order=[0, 1, 2], winners=second_best_scores)
    assert [award.winners for award in result.awards] == [(1,), (2,)]
    assert result.payouts() == {0: 0, 1: 12, 2: 12}
    usual = settle_pots(split, scores=scores, order=[0, 1, 2], winners=best_scores)
    assert usual.payouts() == {0: 24, 1: 0, 2: 0}


def test_a_split_second_place_gives_odd_chips_from_the_dealers_left() -> None:
    split = build_pots(contributions={0: 3, 1: 3, 2: 3, 3: 2})
    result = settle_pots(
        split, scores={0: 9, 1: 5, 2: 5, 3: 5}, order=[2, 3, 0, 1], winners=second_best_scores
    )
    # 11 chips among seats 1, 2 and 3: 3 each, the two odd chips to 2 and 3.
    assert result.payouts() == {0: 0, 1: 3, 2: 4, 3: 4}
