"""Sequence (ruling 16): one wild rank at a time, started by a face-up 2 and moved
up by the next rank only; the English sheet's example replayed.

The sheet: "if the upcards are 6, 2, Q, 5, 3, 9, 4, A in that order, 4's are
wild." Carla deals to Anna, Ben and herself; the face-up cards come in exactly
that order (then a K and the 6th street's 10s, which change nothing). Anna's
down 2♣ does nothing: only face-up cards count.
"""

from __future__ import annotations

import random

from engine.cards import FOUR, THREE, TWO, Deck, parse_cards
from engine.games import GAMES, EventKind, HandState
from engine.games.events import ActionName
from engine.games.steps.sequence import next_sequence_wild

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)

DEAL = parse_cards(
    "2♣ 7♠ 8♠ J♣ J♦ 8♥ "  # down
    "6♥ 2♥ Q♠ "  # 3rd street up: 6, 2, Q
    "5♦ 3♥ 9♦ "  # 4th: 5, 3, 9
    "4♠ A♦ K♣ "  # 5th: 4, A, K
    "10♣ 10♦ 10♥ "  # 6th
    "9♠ 9♥ 3♣"  # 7th, down
)


def _start() -> HandState:
    deck = Deck(random.Random(0), stacked=DEAL)
    return HandState.start(
        GAMES["sequence"], names=NAMES, stacks=[100] * 3, dealer=CARLA, deck=deck
    )


def _check_round(state: HandState) -> None:
    index = state.step_index
    while state.step_index == index and state.actor is not None:
        state.act(ActionName.CHECK, seat=state.actor)


def _changes(state: HandState) -> list[tuple[int, str]]:
    return [(e.seat, e.text) for e in state.history if e.kind is EventKind.WILD_CHANGE]


def test_a_face_up_two_makes_twos_wild_and_a_down_two_does_nothing() -> None:
    state = _start()
    assert state.wild == [TWO]
    assert _changes(state) == [(BEN, "twos are wild")]


def test_the_sheets_example_ends_with_fours_wild() -> None:
    state = _start()
    _check_round(state)
    assert state.wild == [THREE]
    _check_round(state)
    assert state.wild == [FOUR]
    assert _changes(state) == [
        (BEN, "twos are wild"),
        (BEN, "threes are wild instead of twos"),
        (ANNA, "fours are wild instead of threes"),
    ]
    while not state.is_over:
        _check_round(state)
    assert state.wild == [FOUR]
    # Anna's wild 4♠ pairs her J♣; Ben holds no 4 (his 2♥ and 3♥ are wild no more).
    shows = [(e.seat, e.text) for e in state.history if e.kind is EventKind.SHOW]
    assert shows == [
        (ANNA, "pair of jacks"),
        (BEN, "high card, ace"),
        (CARLA, "pair of eights"),
    ]
    assert state.payouts == [3, 0, 0]


def test_the_opener_counts_the_wild_rank_in_force() -> None:
    state = _start()
    # 3rd street: Ben's 2♥ is wild and shows as an ace, so Ben opens over Carla's Q.
    assert state.actor == BEN


def test_ranks_out_of_order_do_nothing() -> None:
    assert next_sequence_wild(None, THREE) is None
    assert next_sequence_wild(TWO, FOUR) is None
    assert next_sequence_wild(TWO, TWO) is None
    assert next_sequence_wild(THREE, FOUR) == FOUR
    assert next_sequence_wild(12, 0) is None  # nothing comes after aces


def test_a_saved_hand_keeps_the_wild_rank() -> None:
    state = _start()
    _check_round(state)
    copy = HandState.from_json(state.to_json())
    assert copy.ranking == state.ranking
    for hand in (state, copy):
        while not hand.is_over:
            _check_round(hand)
    assert copy.to_json() == state.to_json()
