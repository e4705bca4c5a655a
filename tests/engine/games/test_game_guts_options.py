"""Every Guts option of ruling 14 as a digital deal, and the moves a player may not make."""

from __future__ import annotations

import json
import random

import pytest

from engine.bench.games_guts import guts_figures
from engine.cards import Deck, parse_cards
from engine.cli.simulate import simulate
from engine.errors import IllegalActionError, OutOfTurnError, StackTooShortError
from engine.games import (
    ActionName,
    EventKind,
    GameOptionError,
    HandOverError,
    HandState,
    make_rules,
    table_view,
)
from engine.games.steps.declare import (
    AlreadyDeclaredError,
    GutsState,
    NotDeclaringError,
    PotNotCoveredError,
)

NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA, DAN = range(4)

# Dan deals: Anna, Ben, Carla, Dan get one card each, then the second;
# Anna K-K, Ben K-K (ties Anna), Carla 5-5, Dan 9-2; a ghost hand gets A-A.
DEAL = parse_cards("K♠ K♦ 5♠ 9♣ K♥ K♣ 5♥ 2♦ A♠ A♥")


def _start(
    options: dict[str, object] | None = None,
    *,
    game: str = "guts",
    pot: int = 10,
    reserve: int = 0,
    stacks: list[int] | None = None,
    cards: list[int] | None = None,
) -> HandState:
    return HandState.start(
        make_rules(game, options or {}),
        names=NAMES,
        stacks=stacks or [100] * 4,
        dealer=DAN,
        deck=Deck(random.Random(0), stacked=cards if cards is not None else DEAL),
        carry={"pot": pot, "reserve": reserve},
    )


def _declare(state: HandState, ins: set[int], *, stay: ActionName = ActionName.DECLARE_IN) -> None:
    leave = ActionName.DROP if stay is ActionName.HOLD else ActionName.DECLARE_OUT
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        state.act(seat=seat, action=stay if seat in ins else leave)


def _out(state: HandState) -> tuple[list[int], int, int]:
    carry = state.carry_out
    return state.stacks, carry["pot"], carry["reserve"]


def test_tied_best_hands_split_the_pot_and_pay_nothing() -> None:
    state = _start()
    _declare(state, {ANNA, BEN, CARLA})
    assert _out(state) == ([105, 105, 90, 100], 10, 0)


def test_no_split_tied_best_hands_leave_the_pot_as_it_is() -> None:
    state = _start({"no_split": True})
    _declare(state, {ANNA, BEN, CARLA})
    assert state.kept(GutsState).outcome == "tie_no_split"
    assert _out(state) == ([100, 100, 90, 100], 20, 0)


def test_one_loser_pays_only_the_weakest_hand_pays_and_everyone_antes() -> None:
    state = _start({"one_loser_pays": True})
    _declare(state, {ANNA, CARLA, DAN})
    # Pot 10 + 4 antes = 14; Anna takes it, only Dan (9-2) pays 14, Carla pays nothing.
    assert _out(state) == ([113, 99, 99, 85], 14, 0)


def test_nobody_in_the_pot_stays_and_everyone_antes_again() -> None:
    state = _start()
    _declare(state, set())
    assert state.kept(GutsState).outcome == "nobody_in"
    assert _out(state) == ([99] * 4, 14, 0)


def test_an_empty_pot_takes_an_ante_from_everyone_first() -> None:
    state = _start({"ante": 2}, pot=0)
    assert state.legal_actions()[0].chips == 8  # the pot a player in must cover
    _declare(state, {CARLA})
    assert _out(state) == ([98, 98, 106, 98], 0, 0)


def test_the_ghost_hand_is_dealt_hidden_and_beats_everyone_in() -> None:
    state = _start({"ghost_hand": True})
    assert "As" not in str(table_view(state))
    _declare(state, {CARLA})  # even alone, Carla must beat the ghost
    assert state.kept(GutsState).outcome == "ghost_won"
    assert _out(state) == ([100, 100, 90, 100], 20, 0)
    reveals = [e for e in state.history if e.kind is EventKind.REVEAL and e.card is not None]
    assert [e.text for e in reveals] == ["pair of aces", "pair of aces"]
    assert table_view(state)["table"] == ["As", "Ah"]


def test_a_ghost_hand_that_loses_leaves_the_game_as_usual() -> None:
    state = _start({"ghost_hand": True}, cards=parse_cards("K♠ K♦ 5♠ 9♣ K♥ K♣ 5♥ 2♦ 3♠ 7♥"))
    _declare(state, {CARLA})
    assert state.kept(GutsState).outcome == "won"
    assert _out(state) == ([100, 100, 110, 100], 0, 0)


def test_in_turn_the_dealer_takes_the_pot_if_everyone_before_is_out() -> None:
    state = _start({"declare": "in_turn"})
    for seat in (ANNA, BEN, CARLA):
        assert state.actor == seat
        state.act(ActionName.DECLARE_OUT, seat=seat)
    assert state.is_over  # Dan is not asked
    assert state.kept(GutsState).outcome == "dealer_by_default"
    assert _out(state) == ([100, 100, 100, 110], 0, 0)
    assert [e.text for e in state.history if e.kind is EventKind.DECLARE] == ["out"] * 3


def test_in_turn_a_player_out_of_turn_is_refused() -> None:
    state = _start({"declare": "in_turn"})
    before = state.to_json()
    with pytest.raises(OutOfTurnError, match="Anna's turn"):
        state.act(ActionName.DECLARE_IN, seat=CARLA)
    assert state.to_json() == before


def test_drop_players_hold_or_drop_their_cards() -> None:
    state = _start({"declare": "drop"})
    assert [a.kind for a in state.legal_actions()] == [ActionName.HOLD, ActionName.DROP]
    before = state.to_json()
    with pytest.raises(NotDeclaringError, match="hold or drop"):
        state.act(ActionName.DECLARE_IN, seat=ANNA)
    assert state.to_json() == before
    _declare(state, {CARLA, DAN}, stay=ActionName.HOLD)
    assert _out(state) == ([100, 100, 110, 90], 10, 0)


def test_three_card_guts_with_its_orders() -> None:
    # Anna a straight flush 5-6-7 of spades, Ben three jacks.
    cards = parse_cards("5♠ B♠ 2♣ 2♦ 6♠ B♥ 3♣ 4♦ 7♠ B♦ 8♥ 9♥")
    plain = _start(game="guts3", cards=cards)
    _declare(plain, {ANNA, BEN})
    assert _out(plain)[0][:2] == [90, 110]
    over = _start({"straight_flush_over_trips": True}, game="guts3", cards=cards)
    _declare(over, {ANNA, BEN})
    assert _out(over)[0][:2] == [110, 90]
    assert plain.rules.name == "guts3"
    assert plain.cards[ANNA] == [(card, False) for card in cards[0:12:4]]


def test_two_card_guts_has_no_orders_of_straights_and_flushes() -> None:
    # Two cards make no straights or flushes: the orders are three-card Guts' options.
    with pytest.raises(GameOptionError, match="guts has no option 'flush_over_straight'"):
        make_rules("guts", {"flush_over_straight": True})
    with pytest.raises(GameOptionError, match="guts has no option 'three_cards'"):
        make_rules("guts", {"three_cards": True})


def test_a_hand_saved_as_guts_with_three_cards_loads_as_three_card_guts() -> None:
    # Hands saved before guts3 was a game: the game "guts", every option, three_cards.
    cards = parse_cards("5♠ B♠ 2♣ 2♦ 6♠ B♥ 3♣ 4♦ 7♠ B♦ 8♥ 9♥")
    saved = json.loads(_start(game="guts3", cards=cards).to_json())
    saved["game"] = "guts"
    saved["options"] = {**saved["options"], "three_cards": True}
    old = HandState.from_json(json.dumps(saved))
    assert old.rules == make_rules("guts3")
    two = json.loads(_start().to_json())
    two["options"] = {
        **two["options"],
        "three_cards": False,
        "straight_flush_over_trips": False,
        "flush_over_straight": False,
    }
    assert HandState.from_json(json.dumps(two)).rules == make_rules("guts")


def test_a_player_must_cover_the_pot_to_be_in() -> None:
    state = _start(pot=50, stacks=[100, 40, 100, 100])
    before = state.to_json()
    with pytest.raises(PotNotCoveredError, match="the pot is 50 and Ben has 40 — rebuy first"):
        state.act(ActionName.DECLARE_IN, seat=BEN)
    assert state.to_json() == before
    assert not state.can(ActionName.DECLARE_IN, seat=BEN)
    state.act(ActionName.DECLARE_OUT, seat=ANNA)
    assert [a.kind for a in state.legal_actions()] == [ActionName.DECLARE_OUT]


def test_declaring_twice_or_after_the_deal_is_refused() -> None:
    state = _start()
    state.act(ActionName.DECLARE_IN, seat=BEN)
    before = state.to_json()
    with pytest.raises(AlreadyDeclaredError):
        state.act(ActionName.DECLARE_OUT, seat=BEN)
    assert state.to_json() == before
    _declare(state, set())
    with pytest.raises(HandOverError):
        state.act(ActionName.DECLARE_IN, seat=ANNA)


def test_the_options_are_checked() -> None:
    for bad in ({"ante": 0}, {"limit": 0}, {"declare": "shout"}):
        with pytest.raises(GameOptionError):
            make_rules("guts", bad)


def test_every_refusal_is_an_illegal_action() -> None:
    for error in (NotDeclaringError, AlreadyDeclaredError, PotNotCoveredError):
        assert issubclass(error, IllegalActionError)


def test_a_deal_whose_antes_a_stack_cannot_pay_is_refused_at_the_start() -> None:
    with pytest.raises(StackTooShortError, match="Ben has 3 chips but this deal may ask for 4"):
        _start({"ante": 2}, pot=0, stacks=[100, 3, 100, 100])


def test_simulate_plays_a_night_of_guts_deals_and_the_speed_is_measured() -> None:
    result = simulate(game="guts", hands=300, players=6, seed=1, stack=100, options={"ante": "2"})
    assert result.hands == 300
    assert guts_figures(deals=200, repeats=1) > 0
