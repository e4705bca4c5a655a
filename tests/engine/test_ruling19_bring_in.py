"""Ruling 19: seven-card stud with the house option "Bring-in".

On third street the lowest up card (aces high; ties broken clubs, diamonds, hearts,
spades, lowest first) posts the bring-in, by default half the smallest bet, or
completes to a full bet; a completion counts as the round's bet. The bring-in player
can neither check nor fold. Later streets are opened by the best hand showing.
Dealt from stacked decks, with exact chips.
"""

from __future__ import annotations

import random

import pytest

from engine.betting import FixedLimit, SpreadLimit
from engine.betting.opening import bring_in_seat
from engine.cards import Deck, parse_card, parse_cards
from engine.errors import IllegalActionError
from engine.games import ActionName, EventKind, HandState, make_rules
from engine.games.events import LegalAction

NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA, DAN = range(4)


FIXED_4 = FixedLimit(amount=4)


def _deal(up: str, *, limit: FixedLimit | SpreadLimit = FIXED_4) -> HandState:
    """Dealer Dan: Anna, Ben, Carla and Dan get two down cards, then ``up``; later
    streets give Anna the best hand showing."""
    deal = (
        "2♣ 3♣ 4♣ 5♣ 6♣ 8♣ 2♦ 3♦ "  # down
        f"{up} "
        "A♠ 2♠ 3♠ 4♠ "  # fourth street: Anna's ace shows best
        "5♠ 6♠ 8♠ 10♠ J♠ 4♥ 5♥ 6♥ 8♥ 10♥ J♥ 2♥"
    )
    return HandState.start(
        make_rules("seven-card-stud", {"bring_in": True}),
        names=NAMES,
        stacks=[60] * 4,
        dealer=DAN,
        deck=Deck(random.Random(4), stacked=parse_cards(deal)),
        limit=limit,
    )


def _kinds(state: HandState) -> list[ActionName]:
    return [a.kind for a in state.legal_actions()]


@pytest.mark.parametrize(
    ("up", "seat"),
    [
        ("K♣ 7♦ 9♣ Q♥", BEN),  # the lowest rank
        ("A♣ K♦ K♣ Q♥", DAN),  # aces high: the ace is not the lowest
        ("7♠ 7♥ 7♦ 7♣", DAN),  # a tie: clubs lowest
        ("7♠ 7♥ 7♦ 9♣", CARLA),  # then diamonds
        ("7♠ 7♥ K♦ 9♣", BEN),  # then hearts, spades last
    ],
)
def test_the_lowest_up_card_brings_it_in(up: str, seat: int) -> None:
    state = _deal(up)
    assert state.actor == seat
    assert _kinds(state) == [ActionName.BRING_IN, ActionName.BET]
    assert bring_in_seat(dict(enumerate(parse_cards(up)))) == seat


def test_the_bring_in_is_half_the_smallest_bet_by_default() -> None:
    state = _deal("K♣ 7♦ 9♣ Q♥")
    state.act(ActionName.BRING_IN, seat=BEN)
    assert state.put_in == [1, 3, 1, 1]  # the ante, and 2 of the fixed bet of 4
    spread = _deal("K♣ 7♦ 9♣ Q♥", limit=SpreadLimit(min_bet=2, max_bet=6))
    spread.act(ActionName.BRING_IN, seat=BEN)
    assert spread.put_in[BEN] == 2  # half of 2 would be 1: the smallest bet is 2


def test_the_bring_in_player_can_neither_check_nor_fold() -> None:
    state = _deal("K♣ 7♦ 9♣ Q♥")
    before = state.to_json()
    for action in (ActionName.CHECK, ActionName.FOLD):
        with pytest.raises(IllegalActionError):
            state.act(action, seat=BEN)
    assert state.to_json() == before


def test_a_completion_counts_as_the_rounds_bet_not_a_raise() -> None:
    """Ben brings it in for 2; Carla completes to 4; then three raises, the cap: Dan to
    8, Anna to 12, Ben to 16. Carla may only call: the completion was not a raise."""
    state = _deal("K♣ 7♦ 9♣ Q♥")
    state.act(ActionName.BRING_IN, seat=BEN)
    assert LegalAction(kind=ActionName.RAISE_BY, min_amount=2, max_amount=2) in (
        state.legal_actions()
    )
    state.act(ActionName.RAISE_BY, seat=CARLA, amount=2)  # completes to 4
    for seat in (DAN, ANNA, BEN):
        state.act(ActionName.RAISE_BY, seat=seat, amount=4)
    assert state.actor == CARLA
    assert ActionName.RAISE_BY not in _kinds(state)
    assert [e.kind for e in state.history if e.kind is EventKind.BRING_IN] == [EventKind.BRING_IN]


def test_the_bring_in_may_complete_at_once_and_later_streets_open_with_the_best_hand() -> None:
    """Ben completes at once (a bet of 4); everyone calls. On fourth street Anna's A♠
    with her K♣ is the best showing hand and she opens, though Ben's card is lowest."""
    state = _deal("K♣ 7♦ 9♣ Q♥")
    state.act(ActionName.BET, seat=BEN, amount=4)
    for seat in (CARLA, DAN, ANNA):
        state.act(ActionName.CALL, seat=seat)
    assert [len(c) for c in state.cards] == [4, 4, 4, 4]
    assert state.cards[ANNA][3] == (parse_card("A♠"), True)
    assert state.actor == ANNA
    assert ActionName.CHECK in _kinds(state)  # no bring-in after third street


def test_when_everyone_calls_the_bring_in_the_round_is_over() -> None:
    state = _deal("K♣ 7♦ 9♣ Q♥")
    state.act(ActionName.BRING_IN, seat=BEN)
    for seat in (CARLA, DAN, ANNA):
        state.act(ActionName.CALL, seat=seat)
    assert [len(c) for c in state.cards] == [4, 4, 4, 4]
    assert state.put_in == [3, 3, 3, 3]
