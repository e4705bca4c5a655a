"""Shelby's house options, the stacks a deal needs, and the moves a player may not make."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.cards import Deck, parse_cards
from engine.cli.simulate import simulate
from engine.errors import (
    IllegalActionError,
    OutOfTurnError,
    SettlementError,
    StackTooShortError,
)
from engine.games import (
    ActionName,
    EventKind,
    GameOptionError,
    HandOverError,
    HandState,
    make_rules,
)
from engine.games.steps.declare import (
    AlreadyDeclaredError,
    GutsState,
    NotDeclaringError,
    PotNotCoveredError,
)
from engine.games.steps.shelby import NoExtraCardError, ShelbyDealState

NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA, DAN = range(4)

# The decks of test_game_shelby_sheet.py: Dan deals; in Psycho Shelby's last round
# Anna holds the 4♠ and Ben the 4♥, Carla and Dan no 4; the next card is the A♣.
SHELBY_DEAL = parse_cards(
    "A♠ K♠ 7♣ 9♠ A♥ D♥ 7♦ 2♦ 3♣ K♥ 7♥ 5♠ 4♦ 2♣ 7♠ 10♠ 8♦ 6♣ B♦ 10♥ B♣ 4♣ 2♥ 8♠ 3♥ 5♥ 6♦ D♠"
)
PSYCHO_DEAL = parse_cards(
    "A♠ K♠ 5♣ 6♠ A♥ K♥ 8♦ 7♦ 2♣ D♣ B♥ 10♣ K♦ 3♣ 2♦ A♦ D♦ 5♠ 3♦ 5♦ 4♠ 3♥ 6♥ B♣ 9♣ 4♥ 7♠ 8♥ A♣"
)


def _start(
    game: str = "shelby",
    *,
    options: dict[str, object] | None = None,
    stacks: list[int] | None = None,
    carry: dict[str, int] | None = None,
    cards: list[int] | None = None,
) -> HandState:
    return HandState.start(
        make_rules(game, options or {}),
        names=NAMES[: len(stacks or [50] * 4)],
        stacks=stacks or [50] * 4,
        dealer=len(stacks or [50] * 4) - 1,
        deck=Deck(random.Random(0), stacked=cards if cards is not None else SHELBY_DEAL),
        carry=carry if carry is not None else {"pot": 0},
    )


def _refused(state: HandState, action: Callable[[], object], error: type[Exception]) -> None:
    before = state.to_json()
    with pytest.raises(error):
        action()
    assert state.to_json() == before


def _all_drop(state: HandState) -> None:
    while state.actor is not None and state.step is not None and not state.is_over:
        state.act(ActionName.DROP, seat=state.actor)
        if state.legal_actions() and state.legal_actions()[0].kind is ActionName.BUY_CARD:
            return


def test_the_options_are_data_and_checked() -> None:
    assert dict(make_rules("shelby").options) == {"ante": 1, "limit": None}
    assert dict(make_rules("psycho-shelby").options) == {
        "ante": 1,
        "extra_card_price": 1,
        "flushes_count": False,
    }
    for game, bad in (
        ("shelby", {"ante": 0}),
        ("shelby", {"ante": None}),
        ("shelby", {"limit": 0}),
        ("shelby", {"extra_card_price": 2}),
        ("psycho-shelby", {"limit": 10}),  # Psycho Shelby has no cap
    ):
        with pytest.raises(GameOptionError):
            make_rules(game, bad)
    assert make_rules("psycho-shelby", {"extra_card_price": "none"}).name == "psycho-shelby"
    assert (make_rules("shelby").max_players, make_rules("psycho-shelby").max_players) == (7, 6)


def test_the_ante_option_is_what_each_player_antes() -> None:
    state = _start(options={"ante": 3}, stacks=[100] * 4)
    for seat in range(4):
        state.act(ActionName.DROP, seat=seat)
    assert state.carry_out == {"pot": 24}  # a new game and nobody held: 3 + 3 each
    assert state.stacks == [94] * 4


def test_the_extra_card_price_goes_to_the_pot() -> None:
    state = _start("psycho-shelby", options={"extra_card_price": 5}, cards=PSYCHO_DEAL)
    for _ in range(2):
        for seat in range(4):
            state.act(ActionName.DROP, seat=seat)
    assert state.legal_actions()[0].chips == 5
    state.act(ActionName.BUY_CARD, seat=ANNA)
    state.act(ActionName.DECLINE_CARD, seat=BEN)
    buys = [e.text for e in state.history if e.kind is EventKind.BUY_CARD]
    assert buys == ["an extra card for a 4: 5 to the pot"]
    for seat in range(4):
        state.act(ActionName.DROP, seat=seat)
    settles = [(e.seat, e.chips, e.text) for e in state.history if e.kind is EventKind.SETTLE]
    assert (ANNA, 5, "Anna → pot: extra cards for 4s") in settles


def test_a_larger_ante_needs_a_stack_for_every_ante_the_deal_may_ask() -> None:
    # A new game, four rounds nobody holds, the redeal: six antes of 2.
    with pytest.raises(StackTooShortError, match="Ben has 11 chips but this deal may ask for 12"):
        _start(options={"ante": 2}, stacks=[50, 11, 50, 50])
    _start(options={"ante": 2}, stacks=[50, 12, 50, 50])
    _start(options={"ante": 2}, stacks=[50, 10, 50, 50], carry={"pot": 8})  # no new game


def test_a_player_may_hold_only_if_the_stack_covers_a_losers_payment() -> None:
    state = _start(carry={"pot": 30}, stacks=[50, 29, 50, 50])
    _refused(state, lambda: state.act(ActionName.HOLD, seat=BEN), PotNotCoveredError)
    assert not state.can(ActionName.HOLD, seat=BEN)
    state.act(ActionName.DROP, seat=ANNA)
    assert [a.kind for a in state.legal_actions()] == [ActionName.DROP]


def test_with_a_larger_ante_a_holder_keeps_the_antes_still_to_come() -> None:
    # Pot 10: a loser pays 10 and must keep 2 x (3 later rounds + the redeal) = 8.
    state = _start(options={"ante": 2}, carry={"pot": 10}, stacks=[50, 17, 18, 50])
    assert not state.can(ActionName.HOLD, seat=BEN)
    assert state.can(ActionName.HOLD, seat=CARLA)
    message = (
        "Ben cannot hold: a loser pays 10 and keeps 8 for the antes still to come, and Ben has 17"
    )
    with pytest.raises(PotNotCoveredError, match=message):
        state.act(ActionName.HOLD, seat=BEN)


def test_deciding_twice_out_of_place_or_after_the_deal_is_refused() -> None:
    state = _start()
    state.act(ActionName.HOLD, seat=BEN)
    _refused(state, lambda: state.act(ActionName.DROP, seat=BEN), AlreadyDeclaredError)
    _refused(state, lambda: state.act(ActionName.DECLARE_IN, seat=ANNA), NotDeclaringError)
    _refused(state, lambda: state.act(ActionName.BUY_CARD, seat=ANNA), NoExtraCardError)
    _refused(state, lambda: state.act(ActionName.CHECK, seat=ANNA), OutOfTurnError)
    for _ in range(4):
        _all_drop(state)
    assert state.is_over
    _refused(state, lambda: state.act(ActionName.HOLD, seat=ANNA), HandOverError)


def test_the_extra_card_is_offered_in_turn_and_only_for_a_4() -> None:
    state = _start("psycho-shelby", cards=PSYCHO_DEAL)
    _refused(state, lambda: state.act(ActionName.DECLINE_CARD, seat=ANNA), NoExtraCardError)
    for _ in range(2):
        for seat in range(4):
            state.act(ActionName.DROP, seat=seat)
    assert state.actor == ANNA
    _refused(state, lambda: state.act(ActionName.BUY_CARD, seat=BEN), OutOfTurnError)
    _refused(state, lambda: state.act(ActionName.BUY_CARD, seat=CARLA), NoExtraCardError)  # no 4
    _refused(state, lambda: state.act(ActionName.HOLD, seat=ANNA), NotDeclaringError)  # buy first
    state.act(ActionName.DECLINE_CARD, seat=ANNA)
    _refused(state, lambda: state.act(ActionName.BUY_CARD, seat=ANNA), NoExtraCardError)  # declined
    assert state.can(ActionName.BUY_CARD, seat=BEN)


def test_an_extra_card_that_is_a_4_offers_another() -> None:
    cards = PSYCHO_DEAL[:-1] + parse_cards("4♣ 2♠")
    state = _start("psycho-shelby", cards=cards)
    for _ in range(2):
        for seat in range(4):
            state.act(ActionName.DROP, seat=seat)
    state.act(ActionName.BUY_CARD, seat=ANNA)  # the 4♣
    assert state.actor == ANNA
    state.act(ActionName.BUY_CARD, seat=ANNA)  # the 2♠
    assert state.actor == BEN
    assert len(state.cards[ANNA]) == 9


def test_an_extra_card_is_offered_only_if_the_stack_can_pay_it() -> None:
    state = _start(
        "psycho-shelby", options={"extra_card_price": 20}, cards=PSYCHO_DEAL, stacks=[20] * 4
    )
    for _ in range(2):
        for seat in range(4):
            state.act(ActionName.DROP, seat=seat)
    # A new game and a round nobody held took 2 each: 18 left, not enough for 20.
    assert state.actor == ANNA
    assert [a.kind for a in state.legal_actions()] == [ActionName.HOLD, ActionName.DROP]


def test_a_deal_nobody_can_ante_for_ends_unsettled() -> None:
    state = _start(stacks=[2, 2], carry={"pot": 0})
    for seat in (ANNA, BEN):
        state.act(ActionName.DROP, seat=seat)  # new game and nobody held: both down to 0, pot 4
    assert state.stacks == [0, 0]
    assert [a.kind for a in state.legal_actions()] == [ActionName.DROP]
    for seat in (ANNA, BEN):
        state.act(ActionName.DROP, seat=seat)
    assert state.is_over
    assert state.kept(ShelbyDealState).outcome == "no_ante"
    assert state.carry_out == {"pot": 4}


def test_the_carried_game_is_checked() -> None:
    for carry, message in (
        ({"pot": 5, "reserve": 3}, "not 'reserve'"),
        ({"pot": -1}, "cannot be negative"),
        ({"pot": 5, "shelbys_7": 1}, "seat 7 has Shelbys"),
        ({"pot": 5, "shelbys_1": 3}, "Ben has 3 Shelbys"),
    ):
        with pytest.raises(SettlementError, match=message):
            _start(carry=carry)


def test_hold_and_drop_still_answer_guts_with_the_drop_option() -> None:
    state = HandState.start(
        make_rules("guts", {"declare": "drop"}),
        names=NAMES,
        stacks=[50] * 4,
        dealer=DAN,
        rng=random.Random(1),
        carry={"pot": 10, "reserve": 0},
    )
    assert state.can(ActionName.HOLD, seat=ANNA)
    for seat in range(4):
        state.act(ActionName.DROP, seat=seat)
    assert state.kept(GutsState).outcome == "nobody_in"


def test_every_refusal_is_an_illegal_action() -> None:
    assert issubclass(NoExtraCardError, IllegalActionError)


def test_simulate_plays_a_night_of_shelby_deals() -> None:
    for game in ("shelby", "psycho-shelby"):
        result = simulate(game=game, hands=100, players=6, seed=1, stack=100, options={})
        assert result.hands == 100
