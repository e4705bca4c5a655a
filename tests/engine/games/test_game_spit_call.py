"""Spit in the Ocean's house rule "Spit!" (ruling 13): the spit card called during the deal.

Here with calls only between full rounds (ruling 22's house option; by default a call
may come after any card, tests/engine/test_ruling22_spit_call.py). Five cards each, a
round at a time; after each round but the last, every player
from the dealer's left may call "Spit!" or pass. The first call turns the next
card to the middle as the spit card and the deal goes on; if nobody calls, the
dealer turns it after the deal. A hand is the five cards plus the spit card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from engine.cards import ALL_CARDS, Deck, parse_card, parse_cards
from engine.errors import IllegalActionError, OutOfTurnError
from engine.games import (
    EventKind,
    HandOverError,
    HandState,
    game_options,
    make_rules,
    seat_view,
    table_view,
)
from engine.games.events import ActionName
from engine.games.steps.draw import DrawSizeError
from engine.games.steps.spit_call import SpitAlreadyCalledError, SpitCallError, SpitCallState

NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA, DAN = range(4)
IN_TURN = (BEN, CARLA, DAN, ANNA)  # Anna deals: Ben, on her left, is dealt and asked first

# Ben calls after the second round, so the 7♦ is the spit card (all sevens wild).
BEN_CALLS = parse_cards(
    # rounds one and two: Ben, Carla, Dan, Anna
    "A♠ Q♠ 7♣ K♥ "
    "A♥ J♠ 5♥ K♦ "
    # the spit card
    "7♦ "
    # rounds three to five
    "K♣ 10♠ 5♣ 6♠ "
    "4♦ 9♠ 8♦ 3♣ "
    "2♣ 3♥ 2♦ 4♠ "
    # the draw: Anna's three
    "K♠ 7♥ 2♥"
)
# Nobody calls: the same cards, the spit card only after the fifth round.
NOBODY_CALLS = [*BEN_CALLS[:8], *BEN_CALLS[9:21], BEN_CALLS[8], *BEN_CALLS[21:]]
SPIT = parse_card("7♦")


def _start(stacked: Sequence[int] | None = None, **options: object) -> HandState:
    deck = Deck(random.Random(7), stacked=BEN_CALLS if stacked is None else stacked)
    return HandState.start(
        make_rules(
            "spit-in-the-ocean", {"spit_call": True, "spit_call_any_card": False, **options}
        ),
        names=NAMES,
        stacks=[50] * 4,
        dealer=ANNA,
        deck=deck,
    )


def _pass_round(state: HandState) -> None:
    for seat in IN_TURN:
        state.act(ActionName.PASS_SPIT, seat=seat)


def _held(state: HandState, seat: int) -> list[str]:
    return [str(ALL_CARDS[card]) for card, _ in state.cards[seat]]


def _rejects(state: HandState, error: type[IllegalActionError], act: Callable[[], object]) -> str:
    before = state.to_json()
    with pytest.raises(error) as caught:
        act()
    assert state.to_json() == before
    return str(caught.value)


def test_the_option_is_a_house_option_of_spit_in_the_ocean() -> None:
    spec = next(s for s in game_options("spit-in-the-ocean") if s.name == "spit_call")
    assert (spec.kind, spec.default) == ("bool", False)
    assert make_rules("spit-in-the-ocean", {"spit_call": "yes"}).card_count == 5


def test_everyone_is_asked_after_the_first_round() -> None:
    state = _start()
    assert [len(cards) for cards in state.cards] == [1, 1, 1, 1]
    assert state.table == []
    for seat in IN_TURN:
        assert state.actor == seat
        kinds = [action.kind for action in state.legal_actions()]
        assert kinds == [ActionName.CALL_SPIT, ActionName.PASS_SPIT]
        assert state.can(ActionName.CALL_SPIT, seat=seat)
        assert state.can(ActionName.PASS_SPIT, seat=seat)
        state.act(ActionName.PASS_SPIT, seat=seat)
    # Round two dealt, Ben asked again.
    assert [len(cards) for cards in state.cards] == [2, 2, 2, 2]
    assert state.actor == BEN
    passes = [(e.seat, e.text) for e in state.history if e.kind is EventKind.DECLARE]
    assert passes == [(seat, "no Spit") for seat in IN_TURN]


def test_ben_calls_spit_after_the_second_round() -> None:
    state = _start()
    _pass_round(state)
    called = state.act(ActionName.CALL_SPIT, seat=BEN)
    assert (called.kind, called.seat, called.text) == (EventKind.DECLARE, BEN, "Spit!")
    # The ninth card is the spit card, in the middle, sevens wild; the deal went on.
    assert state.table == [SPIT]
    assert state.wild == [SPIT.rank]
    turned = state.history[state.history.index(called) + 1]
    assert (turned.kind, turned.seat, turned.card, turned.face_up, turned.text) == (
        EventKind.TABLE_CARD,
        ANNA,
        SPIT,
        True,
        "spit",
    )
    deals = [e.card for e in state.history if e.kind is EventKind.DEAL]
    assert deals == [*BEN_CALLS[:8], *BEN_CALLS[9:21]]
    assert [len(cards) for cards in state.cards] == [5, 5, 5, 5]
    assert _held(state, BEN) == ["As", "Ah", "Kc", "4d", "2c"]
    assert _held(state, ANNA) == ["Kh", "Kd", "6s", "3c", "4s"]
    # Nobody is asked again: the betting opens left of the dealer at the fixed limit of 1.
    assert state.actor == BEN
    bet = next(a for a in state.legal_actions() if a.kind is ActionName.BET)
    assert (bet.min_amount, bet.max_amount) == (1, 1)
    assert table_view(state)["table"] == ["7d"]

    state.act(ActionName.BET, seat=BEN, amount=1)
    for seat in (CARLA, DAN, ANNA):
        state.act(ActionName.CALL, seat=seat)
    assert state.pot == 8
    # The draw: at most four of the five cards.
    five = [card for card, _ in state.cards[BEN]]
    message = _rejects(
        state, DrawSizeError, lambda: state.act(ActionName.DRAW, seat=BEN, cards=five)
    )
    assert message == "Ben cannot draw 5: at most 4 cards"
    for seat in (BEN, CARLA, DAN):
        state.act(ActionName.DRAW, seat=seat, cards=[])
    state.act(ActionName.DRAW, seat=ANNA, cards=parse_cards("6♠ 3♣ 4♠"))
    assert _held(state, ANNA) == ["Kh", "Kd", "Ks", "7h", "2h"]

    # After the draw the limit doubles.
    state.act(ActionName.CHECK, seat=BEN)
    assert next(a for a in state.legal_actions() if a.kind is ActionName.BET).min_amount == 2
    state.act(ActionName.BET, seat=CARLA, amount=2)
    state.act(ActionName.CALL, seat=DAN)
    state.act(ActionName.RAISE_BY, seat=ANNA, amount=2)
    state.act(ActionName.FOLD, seat=BEN)
    state.act(ActionName.CALL, seat=CARLA)
    state.act(ActionName.CALL, seat=DAN)

    assert state.is_over
    # The best five of the five cards and the spit card; Anna raised last, so shows first.
    shows = [(e.seat, e.text) for e in state.history if e.kind is EventKind.SHOW]
    assert shows == [
        (ANNA, "five of a kind, kings"),  # K K K, the 7♥ and the spit card wild
        (CARLA, "straight flush, king high"),  # Q J 10 9 of spades, the spit card the K♠
        (DAN, "four of a kind, fives"),  # 5 5, the 7♣ and the spit card wild
    ]
    assert state.payouts == [20, 0, 0, 0]
    assert state.stacks == [64, 48, 44, 44]


def test_nobody_calls_and_the_dealer_turns_the_spit_card_after_the_deal() -> None:
    state = _start(NOBODY_CALLS)
    for _ in range(4):
        assert state.table == []
        _pass_round(state)
    # No question after the fifth round: the spit card is the 21st card.
    assert state.table == [SPIT]
    assert [len(cards) for cards in state.cards] == [5, 5, 5, 5]
    assert [e.text for e in state.history if e.kind is EventKind.DECLARE] == ["no Spit"] * 16
    dealt = [e.card for e in state.history if e.kind in (EventKind.DEAL, EventKind.TABLE_CARD)]
    assert dealt == NOBODY_CALLS[:21]
    assert state.kept(SpitCallState).caller is None
    assert state.actor == BEN
    assert {a.kind for a in state.legal_actions()} == {ActionName.CHECK, ActionName.BET}
    # The same hands as when Ben called.
    assert _held(state, CARLA) == ["Qs", "Js", "Ts", "9s", "3h"]


def test_only_the_spit_card_wild_with_calls() -> None:
    state = _start(only_spit_wild=True)
    state.act(ActionName.CALL_SPIT, seat=BEN)
    assert state.table == [parse_card("A♥")]  # the fifth card, right after round one
    assert state.wild_cards == [parse_card("A♥")]
    assert state.wild is None


def test_calling_or_passing_out_of_turn_is_refused() -> None:
    state = _start()
    message = _rejects(state, OutOfTurnError, lambda: state.act(ActionName.CALL_SPIT, seat=CARLA))
    assert message == "Carla cannot call Spit: it is Ben's turn to call or pass"
    message = _rejects(state, OutOfTurnError, lambda: state.act(ActionName.PASS_SPIT, seat=ANNA))
    assert message == "Anna cannot pass: it is Ben's turn to call or pass"
    assert not state.can(ActionName.CALL_SPIT, seat=CARLA)
    assert not state.can(ActionName.PASS_SPIT, seat=ANNA)
    _rejects(state, OutOfTurnError, lambda: state.act(ActionName.CALL_SPIT, seat=9))
    # Betting while the dealer asks is out of turn too.
    _rejects(state, OutOfTurnError, lambda: state.act(ActionName.CHECK, seat=BEN))


def test_a_second_call_is_refused() -> None:
    state = _start()
    state.act(ActionName.PASS_SPIT, seat=BEN)
    state.act(ActionName.CALL_SPIT, seat=CARLA)
    message = _rejects(
        state, SpitAlreadyCalledError, lambda: state.act(ActionName.CALL_SPIT, seat=DAN)
    )
    assert (
        message == "Dan cannot call Spit: the spit card is already in the middle (Carla called it)"
    )
    message = _rejects(state, SpitCallError, lambda: state.act(ActionName.PASS_SPIT, seat=BEN))
    assert message == (
        "Ben cannot pass: nobody is asked now; Spit! is called while the cards are dealt, "
        "before the spit card is turned"
    )
    assert not state.can(ActionName.CALL_SPIT, seat=BEN)


def test_a_call_when_not_offered_is_refused() -> None:
    # Five-card draw has no spit card to call.
    deck = Deck(random.Random(7), stacked=BEN_CALLS)
    draw = HandState.start(
        make_rules("five-card-draw"), names=NAMES, stacks=[50] * 4, dealer=ANNA, deck=deck
    )
    message = _rejects(draw, SpitCallError, lambda: draw.act(ActionName.CALL_SPIT, seat=BEN))
    assert message == (
        "Ben cannot call Spit: nobody is asked now; Spit! is called while the cards are "
        "dealt, before the spit card is turned"
    )
    # Plain Spit in the Ocean: the dealer turned the card already.
    plain = HandState.start(
        make_rules("spit-in-the-ocean"),
        names=NAMES,
        stacks=[50] * 4,
        dealer=ANNA,
        deck=Deck(random.Random(7), stacked=BEN_CALLS),
    )
    _rejects(plain, SpitAlreadyCalledError, lambda: plain.act(ActionName.CALL_SPIT, seat=BEN))
    _rejects(plain, SpitCallError, lambda: plain.act(ActionName.PASS_SPIT, seat=BEN))
    # Once the hand is over.
    over = _start()
    over.act(ActionName.CALL_SPIT, seat=BEN)
    over.act(ActionName.BET, seat=BEN, amount=1)
    for seat in (CARLA, DAN, ANNA):
        over.act(ActionName.FOLD, seat=seat)
    assert over.is_over
    _rejects(over, HandOverError, lambda: over.act(ActionName.PASS_SPIT, seat=CARLA))


def test_the_views_mid_deal_show_the_owner_only_their_own_cards() -> None:
    state = _start()
    _pass_round(state)
    view = seat_view(state, CARLA)
    assert [c["card"] for c in view["players"][CARLA]["cards"]] == ["Qs", "Js"]
    assert view["players"][BEN]["cards"] == []
    assert view["players"][BEN]["down_count"] == 2
    assert [a["kind"] for a in seat_view(state, BEN)["legal_actions"]] == [
        "call_spit",
        "pass_spit",
    ]
    table = table_view(state)
    assert all(player["cards"] == [] for player in table["players"])
    assert table["actor"] == BEN


def test_a_hand_saved_mid_deal_continues_identically() -> None:
    def script(state: HandState) -> None:
        state.act(ActionName.PASS_SPIT, seat=DAN)
        state.act(ActionName.PASS_SPIT, seat=ANNA)
        state.act(ActionName.PASS_SPIT, seat=BEN)
        state.act(ActionName.CALL_SPIT, seat=CARLA)
        state.act(ActionName.CHECK, seat=BEN)
        state.act(ActionName.BET, seat=CARLA, amount=1)
        for seat in (DAN, ANNA, BEN):
            state.act(ActionName.CALL, seat=seat)
        for seat in IN_TURN:
            state.act(ActionName.DRAW, seat=seat, cards=[])
        for seat in IN_TURN:
            state.act(ActionName.CHECK, seat=seat)

    state = _start()
    state.act(ActionName.PASS_SPIT, seat=BEN)
    state.act(ActionName.PASS_SPIT, seat=CARLA)
    saved = state.to_json()
    restored = HandState.from_json(saved)
    assert restored.to_json() == saved
    assert restored.actor == DAN
    script(state)
    script(restored)
    assert state.is_over
    assert restored.to_json() == state.to_json()
    assert restored.table == state.table == [SPIT]
