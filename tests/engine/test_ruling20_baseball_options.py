"""Ruling 20: the Baseball family's house options.

- Football and Woolworth: a face-up 3 costs nothing unless pay-or-fold is on; it is
  always a face-up 3 that costs, and in Woolworth the paid 3 stays a natural card.
- A walk price that varies by street: the base price on the third street, plus the
  step for each street after it; setting a walk price turns buying the walk on.
- A fixed pot payment replaces paying the pot; a cap then has no effect, and the
  house-rules form refuses the two together.
- Face-down 4s claimed "before betting" are shown clockwise from the dealer's left;
  "any time" claims are open until the last betting round ends.

Dealt digitally from stacked decks (dealer Carla: Anna, Ben, Carla in turn) and
recorded from the table, with exact chips.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cards import Deck, parse_card, parse_cards
from engine.errors import SettlementError
from engine.games import ActionName, EventKind, HandOverError, HandState, make_rules
from engine.games.catalog import game_options
from engine.games.errors import GameOptionError
from engine.games.options import check_together, read_options
from engine.table_hand import settle_table_hand_json
from engine.table_hand.prices import walk_prices

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)


def _deal(game: str, deal: str, *, dealer: int = CARLA, **options: object) -> HandState:
    return HandState.start(
        make_rules(game, options),
        names=NAMES,
        stacks=[40] * 3,
        dealer=dealer,
        deck=Deck(random.Random(2), stacked=parse_cards(deal)),
        ante=2,
    )


def _checks(state: HandState) -> None:
    """Everyone checks through the betting round under way."""
    index = state.step_index
    while state.step_index == index and state.actor is not None and state.betting is not None:
        state.act(ActionName.CHECK, seat=state.actor)


# Anna's face-up 3♥ on third street, her 3♣ the seventh card (down); no 2 or other 3
# shows. Anna: kings and threes; Ben: queens and the 10♥; Carla: ace high.
THREE_UP = "K♠ Q♠ A♣ K♦ Q♦ 2♣ 3♥ 7♠ 8♣ J♦ 10♥ K♥ 6♣ 8♥ J♣ 9♠ 4♦ 7♥ 3♣ 9♦ Q♥"


@pytest.mark.parametrize("game", ["football", "woolworth"])
def test_a_face_up_3_costs_nothing_in_football_and_woolworth(game: str) -> None:
    state = _deal(game, THREE_UP)
    assert state.decision is None
    assert not [e for e in state.history if e.kind is EventKind.PAY_POT]


@pytest.mark.parametrize("game", ["football", "woolworth"])
def test_with_pay_or_fold_on_the_face_up_3_costs_the_pot(game: str) -> None:
    state = _deal(game, THREE_UP, pay_or_fold=True)
    assert state.decision is not None
    assert (state.decision.kind, state.decision.seat, state.decision.chips) == ("pay_pot", ANNA, 6)


def test_in_woolworth_the_paid_3_stays_a_natural_card() -> None:
    """Anna pays 6 for her 3♥ and shows kings and threes (5s and 10s are wild, not 3s);
    Ben's queens and a wild 10 are three queens and take the 12 in the pot."""
    state = _deal("woolworth", THREE_UP, pay_or_fold=True)
    state.act(ActionName.PAY_POT, seat=ANNA)
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        state.act(ActionName.CHECK, seat=seat)
    shows = {e.seat: e.text for e in state.history if e.kind is EventKind.SHOW}
    assert shows[ANNA] == "two pair, kings and threes"
    assert shows[BEN] == "three of a kind, queens"
    assert state.payouts == [0, 12, 0]


# Face-up 4s: Anna's on third street, Ben's on fourth.
FOURS_UP = "K♠ Q♠ A♣ K♦ Q♦ 10♣ 4♣ 9♥ 7♠ 8♣ J♠ 4♦ 6♣ 2♥ 5♠ J♥ 5♣ 6♦ J♣ 7♥ Q♣ 8♦ 2♣"


def test_a_walk_price_by_street_is_the_base_on_third_street_plus_a_step_after() -> None:
    state = _deal("baseball", FOURS_UP, walk_price=2, walk_price_per_street=3)
    assert state.decision is not None
    assert (state.decision.kind, state.decision.seat, state.decision.chips) == ("buy_walk", ANNA, 2)
    state.act(ActionName.BUY_WALK, seat=ANNA)
    assert state.cards[ANNA][-1] == (parse_card("9♥"), False)
    _checks(state)
    assert state.decision is not None
    assert (state.decision.seat, state.decision.chips) == (BEN, 5)  # fourth street: 2 + 3
    assert walk_prices(
        "baseball",
        read_options(
            "baseball", game_options("baseball"), {"walk_price": 2, "walk_price_per_street": 3}
        ),
    ) == (2, 5, 8, 11, 14)


def test_setting_a_walk_price_turns_buying_the_walk_on() -> None:
    state = _deal("baseball", FOURS_UP, walk_price=1)
    assert state.decision is not None
    assert (state.decision.kind, state.decision.chips) == ("buy_walk", 1)
    free = _deal("baseball", FOURS_UP)
    assert free.decision is None
    assert free.cards[ANNA][-1] == (parse_card("9♥"), False)  # dealt at once, free


# Face-down 4s among the first cards (dealer Carla: Ben's 4♠ and Carla's 4♥; dealer
# Anna: Carla's 4♠ and Anna's 4♥); the first player's seventh card is the 4♦.
FOURS_DOWN = "K♠ 4♠ 4♥ K♦ Q♦ 10♣ 7♥ 7♠ 8♣ 9♥ J♠ 6♥ 2♥ 5♠ J♥ 5♣ 6♦ J♣ 4♦ 8♦ 2♣ Q♣ 3♦ A♦ 9♣ 9♦"


def test_before_betting_claims_are_shown_clockwise_from_the_dealers_left() -> None:
    """Dealer Anna: Carla, after Ben on her left, shows her 4♠ before Anna, the dealer,
    shows her 4♥ (in seat order Anna would come first)."""
    state = _deal(
        "baseball", FOURS_DOWN, dealer=ANNA, down_extras=True, down_claim="before_betting"
    )
    reveals = [(e.seat, e.card) for e in state.history if e.kind is EventKind.REVEAL]
    assert reveals == [(CARLA, parse_card("4♠")), (ANNA, parse_card("4♥"))]


def test_an_any_time_claim_costs_the_price_of_the_street_under_way() -> None:
    """Ben claims his face-down 4♠ while the third street is bet: the base price, 2 (the
    walk was charged the fourth street's 3 before ruling 20)."""
    state = _deal(
        "baseball",
        FOURS_DOWN,
        down_extras=True,
        down_claim="any_time",
        walk_price=2,
        walk_price_per_street=1,
    )
    assert state.betting is not None
    state.act(ActionName.CLAIM_EXTRA, seat=BEN)
    assert state.decision is not None
    assert (state.decision.kind, state.decision.seat, state.decision.chips) == ("buy_walk", BEN, 2)


def test_any_time_claims_are_open_until_the_last_betting_round_ends() -> None:
    state = _deal("baseball", FOURS_DOWN, down_extras=True, down_claim="any_time")
    while not (state.step_index == len(state.rules.steps) - 1 and state.betting is not None):
        seat = state.actor
        assert seat is not None
        state.act(ActionName.CHECK, seat=seat)
    # The last betting round: Anna's 4♦ came as her seventh card, face down.
    assert state.cards[ANNA][6] == (parse_card("4♦"), False)
    state.act(ActionName.CLAIM_EXTRA, seat=ANNA)
    assert len(state.cards[ANNA]) == 8
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        state.act(ActionName.CHECK, seat=seat)
    with pytest.raises(HandOverError):
        state.act(ActionName.CLAIM_EXTRA, seat=CARLA)


def test_a_fixed_payment_replaces_the_pot_and_a_cap_has_no_effect() -> None:
    state = _deal("baseball", THREE_UP, pay_fixed=4, pot_cap=1)
    assert state.decision is not None
    assert (state.decision.kind, state.decision.chips) == ("pay_pot", 4)
    specs = game_options("baseball")
    with pytest.raises(GameOptionError) as caught:
        check_together(
            "baseball", specs, read_options("baseball", specs, {"pay_fixed": 4, "pot_cap": 1})
        )
    assert caught.value.code == "option_overrides"
    assert dict(caught.value.params) == {
        "game": "baseball",
        "option": "pay_fixed",
        "overridden": "pot_cap",
    }
    check_together("baseball", specs, read_options("baseball", specs, {"pay_fixed": 4}))
    check_together("baseball", specs, read_options("baseball", specs, {"pot_cap": 4}))


# ---------------------------------------------------------------- recorded at the table


def _recorded(game: str, **more: Any) -> dict[str, Any]:
    return {
        "game": game,
        "dealer": "Carla",
        "players": NAMES,
        "put_in": {"Anna": 6, "Ben": 3, "Carla": 3},
        "showdown": {"ranking": ["Anna", "Ben", "Carla"]},
        **more,
    }


PAID = [{"player": "Anna", "amount": 3}]


@pytest.mark.parametrize(
    ("game", "options", "code"),
    [
        ("football", {}, "pay_pot_option_off"),
        ("woolworth", {}, "pay_pot_option_off"),
        ("baseball", {"pay_or_fold": False}, "pay_pot_option_off"),
        ("no-peek-baseball", {}, "pay_pot_option_off"),
        ("seven-card-stud", {}, "pay_pot_not_in_game"),
        ("sequence", {}, "pay_pot_not_in_game"),
    ],
)
def test_a_pot_payment_where_a_face_up_3_costs_nothing_is_refused(
    game: str, options: dict[str, object], code: str
) -> None:
    with pytest.raises(SettlementError) as caught:
        settle_table_hand_json(_recorded(game, options=options, pot_payments=PAID))
    assert caught.value.code == code
    assert dict(caught.value.params) == {"game": game, "name": "Anna"}


def test_the_refusal_says_why_in_a_sentence() -> None:
    with pytest.raises(SettlementError) as caught:
        settle_table_hand_json(
            _recorded("football", pot_payments=[{"player": "Ben", "amount": "fold"}])
        )
    assert str(caught.value) == (
        'Football: a face-up 3 costs nothing unless the house rule "pay the pot or fold" '
        "is on: leave Ben's pot payment out"
    )


@pytest.mark.parametrize("game", ["football", "woolworth", "baseball", "jack-the-shifter"])
def test_a_pot_payment_where_the_game_charges_for_a_3_is_settled(game: str) -> None:
    options = {"pay_or_fold": True} if game in ("football", "woolworth") else {}
    answer = settle_table_hand_json(_recorded(game, options=options, pot_payments=PAID))
    assert [p["net"] for p in answer["players"]] == [6, -3, -3]


def test_a_walk_in_a_game_without_extra_cards_is_refused() -> None:
    with pytest.raises(SettlementError) as caught:
        settle_table_hand_json(
            _recorded("seven-card-stud", walk_purchases=[{"player": "Anna", "amount": 3}])
        )
    assert caught.value.code == "walk_not_in_game"
    assert str(caught.value) == "seven-card stud has no extra card to buy: leave Anna's walk out"


@pytest.mark.parametrize("typed", ["²", "٣", "\uff13"])
def test_a_unicode_digit_as_an_option_is_refused_clearly(typed: str) -> None:
    with pytest.raises(GameOptionError) as caught:
        make_rules("baseball", {"pot_cap": typed})
    assert caught.value.code == "option_chips"
