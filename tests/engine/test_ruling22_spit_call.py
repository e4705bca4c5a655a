"""Ruling 22: "Spit!" may be called after any card of the deal by default.

The German sheet lets anyone call *"jederzeit"* while the cards are dealt; calls
only between full rounds is the house option; if nobody calls, the spit card is
turned after the deal. Worked cases with exact payouts, dealt digitally.
"""

from __future__ import annotations

import random

from engine.cards import Deck, parse_card, parse_cards
from engine.games import ActionName, EventKind, HandState, game_options, make_rules

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)

# Anna deals to Ben, Carla and herself, five cards each.
DEAL = "K♠ 2♣ 9♦ K♥ 7♣ 4♦ 5♥ Q♠ 8♣ J♣ Q♦ 6♠ 2♦ 3♥ 10♠ 9♣ 4♥"


def _spit(**options: object) -> HandState:
    return HandState.start(
        make_rules("spit-in-the-ocean", {"spit_call": True, **options}),
        names=NAMES,
        stacks=[20] * 3,
        dealer=ANNA,
        deck=Deck(random.Random(3), stacked=parse_cards(DEAL)),
    )


def _to_showdown(state: HandState) -> None:
    """Everyone checks and stands pat."""
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        kinds = {a.kind for a in state.legal_actions()}
        if ActionName.DRAW in kinds:
            state.act(ActionName.DRAW, seat=seat, cards=[])
        else:
            state.act(ActionName.CHECK, seat=seat)


def test_a_call_may_come_after_any_card_by_default() -> None:
    spec = next(s for s in game_options("spit-in-the-ocean") if s.name == "spit_call_any_card")
    assert spec.default is True
    state = _spit()
    # The deal stops after the very first card: Ben, just dealt the K♠, is asked.
    assert [len(cards) for cards in state.cards] == [0, 1, 0]
    assert state.actor == BEN


def test_a_call_after_the_fourth_card_turns_the_fifth_and_wins_the_pot() -> None:
    """Ben, dealt his second card (K♥), calls: the 7♣ is the spit card, sevens are wild,
    and the deal goes on with Carla's 4♦. With the wild seven Ben's kings and queens are
    kings full, Anna's nines three nines, Carla's 2-4-6-8-10 a pair of tens. The antes,
    3, go to Ben."""
    state = _spit()
    for seat in (BEN, CARLA, ANNA):
        state.act(ActionName.PASS_SPIT, seat=seat)
    assert state.actor == BEN
    state.act(ActionName.CALL_SPIT, seat=BEN)
    assert state.table == [parse_card("7♣")]
    assert [len(cards) for cards in state.cards] == [5, 5, 5]
    held = {seat: [c for c, _ in state.cards[seat]] for seat in range(3)}
    assert held[BEN] == parse_cards("K♠ K♥ Q♠ Q♦ 3♥")
    assert held[CARLA] == parse_cards("2♣ 4♦ 8♣ 6♠ 10♠")
    assert held[ANNA] == parse_cards("9♦ 5♥ J♣ 2♦ 9♣")
    _to_showdown(state)
    shows = {e.seat: e.text for e in state.history if e.kind is EventKind.SHOW}
    assert shows == {
        BEN: "full house, kings over queens",
        CARLA: "pair of tens",
        ANNA: "three of a kind, nines",
    }
    assert state.payouts == [0, 3, 0]


def test_anyone_still_in_may_call_when_the_deal_stops() -> None:
    """Carla calls while Ben is the one asked, after the first card: the 2♣ that would
    have been hers is the spit card."""
    state = _spit()
    state.act(ActionName.CALL_SPIT, seat=CARLA)
    assert state.table == [parse_card("2♣")]
    assert state.cards[CARLA][0] == (parse_card("9♦"), False)


def test_between_full_rounds_only_is_the_house_option() -> None:
    state = _spit(spit_call_any_card=False)
    assert [len(cards) for cards in state.cards] == [1, 1, 1]
    assert state.actor == BEN


def test_if_nobody_calls_the_spit_card_is_turned_after_the_deal() -> None:
    state = _spit()
    asked = 0
    while not state.table:
        seat = state.actor
        assert seat is not None
        state.act(ActionName.PASS_SPIT, seat=seat)
        asked += 1
    assert asked == 14  # after each of the first 14 cards, not after the 15th
    assert state.table == [parse_card("9♣")]  # the 16th card, after the deal
    assert [len(cards) for cards in state.cards] == [5, 5, 5]
