"""Worked examples of Texas Hold'em, Omaha and Omaha high/low, dealt from stacked decks.

Hole cards go one at a time from the dealer's left, then the flop, turn and river
are turned face up in the middle; each player's hand is the best five of the
hole cards and the board (Hold'em) or exactly two hole cards and three board
cards (Omaha). Omaha high/low halves every pot between the best high and the
best eight-or-better low; without a qualifying low the high takes it all.
"""

from __future__ import annotations

import random

from engine.betting import SpreadLimit
from engine.cards import Deck, parse_cards
from engine.games import GAMES, EventKind, HandState, table_view
from engine.games.events import ActionName


def _start(game: str, deal: str, *, stacks: list[int], dealer: int, **kw: object) -> HandState:
    deck = Deck(random.Random(5), stacked=parse_cards(deal))
    names = ["Anna", "Ben", "Carla", "Dan"][: len(stacks)]
    return HandState.start(
        GAMES[game],
        names=names,
        stacks=stacks,
        dealer=dealer,
        deck=deck,
        **kw,  # type: ignore[arg-type]
    )


def _check_down(state: HandState) -> None:
    """Everyone still able to act checks until the showdown."""
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        state.act(ActionName.CHECK, seat=seat)


def test_holdem_the_board_plays_and_every_hand_ties() -> None:
    # Dealer Carla: Anna, Ben, Carla get their two cards; the board is a royal flush.
    state = _start(
        "texas-holdem",
        "2c 3d 4h 7c 8d 9h  As Ks Qs Js Ts",
        stacks=[20, 20, 20],
        dealer=2,
    )
    assert [len(c) for c in state.cards] == [2, 2, 2]
    assert state.table == []
    _check_down(state)
    assert state.table == list(parse_cards("As Ks Qs Js Ts"))
    assert state.payouts == [1, 1, 1]
    assert [e.text for e in state.history if e.kind is EventKind.TABLE_CARD] == [
        "flop",
        "flop",
        "flop",
        "turn",
        "river",
    ]


def test_holdem_best_five_of_seven_and_the_board_before_the_showdown() -> None:
    # Anna Ah Kh, Ben Qc Qd; board Qh Jh 2s 7h 3c: Anna's flush beats Ben's three queens.
    state = _start("texas-holdem", "Ah Qc Kh Qd  Qh Jh 2s 7h 3c", stacks=[20, 20], dealer=1)
    state.act(ActionName.BET, seat=0, amount=2)
    state.act(ActionName.CALL, seat=1)
    view = table_view(state)
    assert len(view["table"]) == 3
    # The table view shows the flop but no hole card before the showdown.
    assert all(p["cards"] == [] for p in view["players"])
    _check_down(state)
    assert state.payouts == [6, 0]
    assert state.stacks == [23, 17]


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # Board Qs Js Ts 5s 3s: Anna's one spade is no flush, her A K make a straight;
    # Ben's 9 9 make a pair of nines (two of his cards, three of the board).
    state = _start(
        "omaha",
        "As 9h Kd 9d 7c 4c 2h 4d  Qs Js Ts 5s 3s",
        stacks=[20, 20],
        dealer=1,
    )
    _check_down(state)
    shown = {e.seat: e.text for e in state.history if e.kind is EventKind.SHOW}
    assert "straight" in shown[0]
    assert state.payouts == [2, 0]


def test_omaha_hi_lo_splits_the_main_and_the_side_pot() -> None:
    # The worked example of engine.chips.hi_lo: board Ks Qs 8s 6s 2s, dealer Dan;
    # Ben all-in for 10, the others put in 25 each: payouts 43, 20, 22, 0.
    state = _start(
        "omaha-hi-lo",
        "As Ac 4c Qd  Js 3d 7d Qh  9d Kd Kh 9h  9c Jh Td Tc  Ks Qs 8s 6s 2s",
        stacks=[50, 10, 50, 50],
        dealer=3,
        limit=SpreadLimit(min_bet=1, max_bet=30),
        raise_cap=None,
    )
    state.act(ActionName.BET, seat=0, amount=9)
    state.act(ActionName.CALL, seat=1)  # all-in for 10
    state.act(ActionName.CALL, seat=2)
    state.act(ActionName.CALL, seat=3)
    state.act(ActionName.BET, seat=0, amount=15)
    state.act(ActionName.CALL, seat=2)
    state.act(ActionName.CALL, seat=3)
    _check_down(state)
    assert state.put_in == [25, 10, 25, 25]
    assert state.payouts == [43, 20, 22, 0]
    assert sum(state.stacks) == 160
    wins = [
        (e.seat, e.chips, e.text.split(",")[0]) for e in state.history if e.kind is EventKind.WIN
    ]
    assert wins == [
        (0, 20, "main pot (high)"),
        (1, 20, "main pot (low)"),
        (0, 23, "side pot 1 (high)"),
        (2, 22, "side pot 1 (low)"),
    ]


def test_omaha_hi_lo_without_a_qualifying_low_the_high_scoops() -> None:
    # Board Ks Qs Js 9d 8c has two low cards: nobody can make a low, not even Ben's
    # A 2 3 4. Anna (Kh Kd 5c 6c, dealt second each round) wins with three kings.
    state = _start(
        "omaha-hi-lo",
        "Ah Kh 2h Kd 3c 5c 4d 6c  Ks Qs Js 9d 8c",
        stacks=[20, 20],
        dealer=0,
    )
    _check_down(state)
    shown = {e.seat: e.text for e in state.history if e.kind is EventKind.SHOW}
    assert shown[0].endswith("; no low")
    assert shown[1].endswith("; no low")
    assert state.payouts == [2, 0]
    assert [e.text for e in state.history if e.kind is EventKind.WIN] == [
        "main pot (high), three of a kind, kings"
    ]


def test_holdem_a_short_all_in_wins_the_main_pot_and_the_side_pot_goes_on() -> None:
    # Dealer Carla. Anna (5 chips) goes all-in with A A; Ben raises, Carla calls.
    # Board 2c 7s 9h Jd 3c: Anna's aces take the main pot of 15, Ben's kings the side pot of 10.
    state = _start(
        "texas-holdem",
        "Ah Kh Qh Ad Kd Qd  2c 7s 9h Jd 3c",
        stacks=[5, 30, 30],
        dealer=2,
        limit=SpreadLimit(min_bet=1, max_bet=30),
        raise_cap=None,
    )
    state.act(ActionName.BET, seat=0, amount=4)  # all-in
    state.act(ActionName.RAISE_BY, seat=1, amount=5)
    state.act(ActionName.CALL, seat=2)
    _check_down(state)
    assert state.put_in == [5, 10, 10]
    assert state.payouts == [15, 10, 0]
    wins = [(e.seat, e.chips, e.text) for e in state.history if e.kind is EventKind.WIN]
    assert wins == [(0, 15, "main pot, pair of aces"), (1, 10, "side pot 1, pair of kings")]
