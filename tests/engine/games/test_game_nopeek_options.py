"""The house options of the No Peek family, each in a short stacked hand, and the
moves the flips refuse."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.cards import Deck, parse_cards
from engine.errors import BetSizeError, IllegalActionError, OutOfTurnError
from engine.games import ActionName, EventKind, HandState, make_rules
from engine.games.steps.flip import NothingToFlipError, bar_for, showing

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)


def _start(game: str, deal: str, options: dict[str, object] | None = None) -> HandState:
    """Carla deals; ``deal`` is in dealing order (seven rounds of three, then the rest)."""
    deck = Deck(random.Random(5), stacked=parse_cards(deal))
    return HandState.start(
        make_rules(game, options), names=NAMES, stacks=[50] * 3, dealer=CARLA, deck=deck
    )


def _card(text: str) -> int:
    return parse_cards(text)[0]


def _rejects(state: HandState, error: type[IllegalActionError], act: Callable[[], object]) -> str:
    before = state.to_json()
    with pytest.raises(error) as caught:
        act()
    assert state.to_json() == before
    return str(caught.value)


# Anna's K, Ben's 7 J 2 ..., Carla's A: plain cards, no 3s, 4s or 9s early.
PLAIN = "K♠ 7♦ A♠ 5♠ B♣ 6♥ 8♥ 2♦ 10♦ 5♦ 6♣ 7♣ 8♣ 10♣ B♦ 10♠ 5♣ 6♠ 2♣ 7♥ 8♠"


def test_flipping_out_of_turn_is_refused() -> None:
    state = _start("no-peek", PLAIN)
    message = _rejects(state, OutOfTurnError, lambda: state.act(ActionName.FLIP, seat=BEN))
    assert message == "Ben cannot flip: it is Anna's turn"
    assert not state.can(ActionName.FLIP, seat=BEN)
    assert state.can(ActionName.FLIP, seat=ANNA)


def test_flipping_during_the_betting_is_refused() -> None:
    state = _start("no-peek", PLAIN)
    state.act(ActionName.FLIP, seat=ANNA)
    message = _rejects(state, NothingToFlipError, lambda: state.act(ActionName.FLIP, seat=ANNA))
    assert message == "Anna cannot flip now: finish the betting first"


def test_betting_while_someone_must_flip_is_refused() -> None:
    state = _start("no-peek", PLAIN)
    message = _rejects(
        state, OutOfTurnError, lambda: state.act(ActionName.BET, seat=ANNA, amount=1)
    )
    assert message == "Anna cannot bet: nobody is betting now"


def test_a_flip_after_the_hand_is_refused() -> None:
    state = _start("no-peek", PLAIN)
    state.act(ActionName.FLIP, seat=ANNA)
    state.act(ActionName.BET, seat=ANNA, amount=1)
    state.act(ActionName.FOLD, seat=BEN)
    state.act(ActionName.FOLD, seat=CARLA)
    assert state.is_over
    _rejects(state, IllegalActionError, lambda: state.act(ActionName.FLIP, seat=ANNA))


def test_a_better_hand_that_folds_need_not_be_beaten() -> None:
    # Ben's A-7 beats Anna's king; he folds to her raise, and Carla must beat the king.
    state = _start("no-peek", "K♠ 7♦ 2♥ 5♠ A♣ 6♥ 8♥ 2♦ 10♦ " + " ".join(PLAIN.split()[9:]))
    state.act(ActionName.FLIP, seat=ANNA)
    for seat in (ANNA, BEN, CARLA):
        state.act(ActionName.CHECK, seat=seat)
    state.act(ActionName.FLIP, seat=BEN)  # 7: loses to the king
    state.act(ActionName.FLIP, seat=BEN)  # A-7 beats it
    state.act(ActionName.BET, seat=BEN, amount=1)
    state.act(ActionName.CALL, seat=CARLA)
    state.act(ActionName.RAISE_BY, seat=ANNA, amount=1)
    state.act(ActionName.FOLD, seat=BEN)
    state.act(ActionName.CALL, seat=CARLA)
    assert state.actor == CARLA
    assert bar_for(state, CARLA) == showing(state, ANNA)
    state.act(ActionName.FLIP, seat=CARLA)  # 2♥: loses to the king
    assert state.actor == CARLA


def test_simple_no_peek_baseball_has_no_wild_cards_and_no_extras() -> None:
    rules = make_rules("no-peek-baseball", {"simple": True})
    assert rules.triggers == ()
    assert rules.ranking == make_rules("no-peek").ranking


def test_pay_or_fold_on_a_flipped_three() -> None:
    deal = "3♠ 7♦ A♠ " + " ".join(PLAIN.split()[3:])
    state = _start("no-peek-baseball", deal, {"pay_or_fold": True})
    state.act(ActionName.FLIP, seat=ANNA)
    assert state.decision is not None
    assert state.decision.kind == "pay_pot"
    state.verify(ActionName.PAY_POT, seat=ANNA)  # Anna may pay: the price is the question's
    assert state.decision is not None
    assert state.decision.chips == 3
    state.act(ActionName.FOLD, seat=ANNA)
    assert state.folded[ANNA]
    assert state.actor == BEN  # the turn passes, no betting round
    assert state.betting is None


def test_paying_for_a_flipped_three_keeps_the_player_flipping() -> None:
    deal = "3♠ 7♦ A♠ " + " ".join(PLAIN.split()[3:])
    state = _start("no-peek-baseball", deal, {"pay_or_fold": True})
    state.act(ActionName.FLIP, seat=ANNA)
    state.act(ActionName.PAY_POT, seat=ANNA)
    assert state.pot == 6
    assert state.betting is not None
    assert state.actor == ANNA


def test_buying_the_walk() -> None:
    deal = "4♠ 7♦ A♠ " + " ".join(PLAIN.split()[3:]) + " 2♥"
    state = _start("no-peek-baseball", deal, {"buy_walk": True})
    state.act(ActionName.FLIP, seat=ANNA)
    assert state.decision is not None
    assert state.decision.kind == "buy_walk"
    assert state.act(ActionName.BUY_WALK, seat=ANNA).chips == 5
    # The bought card goes on top of her pile (ruling 12), flipped next.
    assert state.cards[ANNA][1] == (_card("2♥"), False)
    assert len(state.cards[ANNA]) == 8


def test_declining_the_walk_brings_no_card() -> None:
    deal = "4♠ 7♦ A♠ " + " ".join(PLAIN.split()[3:])
    state = _start("no-peek-baseball", deal, {"buy_walk": True})
    state.act(ActionName.FLIP, seat=ANNA)
    state.act(ActionName.DECLINE_WALK, seat=ANNA)
    assert len(state.cards[ANNA]) == 7
    assert state.actor == ANNA
    assert state.betting is not None


def test_a_start_card_must_be_beaten_before_the_first_betting_round() -> None:
    # The start card is the Q♥; Anna flips K♠ and beats it at once.
    state = _start("no-peek", PLAIN + " D♥", {"start_card": True})
    assert state.table == [_card("D♥")]
    assert [e.kind for e in state.history].count(EventKind.TABLE_CARD) == 1
    state.act(ActionName.FLIP, seat=ANNA)
    assert state.betting is not None


def test_a_start_card_that_is_not_beaten_makes_the_first_player_flip_on() -> None:
    state = _start("no-peek", PLAIN + " A♥", {"start_card": True})
    state.act(ActionName.FLIP, seat=ANNA)  # K loses to the ace in the middle
    assert state.betting is None
    assert state.actor == ANNA
    state.act(ActionName.FLIP, seat=ANNA)  # K-5 still loses
    assert state.actor == ANNA


def test_the_start_card_is_no_part_of_anyones_hand_at_the_showdown() -> None:
    rules = make_rules("no-peek", {"start_card": True})
    assert not rules.table_shared


def _strike_out_deal() -> str:
    # Anna shows A♠ first; Ben flips 2 4 6 8 10 D K in mixed suits, which never beat it.
    return "A♠ 2♦ K♣ 3♠ 4♣ 5♣ 5♠ 6♦ 7♣ 6♠ 8♣ 7♦ 7♠ 10♦ 9♣ 8♠ D♣ 9♦ 10♠ K♥ B♣"


def _to_bens_last_flip(state: HandState) -> None:
    state.act(ActionName.FLIP, seat=ANNA)
    for seat in (ANNA, BEN, CARLA):
        state.act(ActionName.CHECK, seat=seat)
    for _ in range(7):
        state.act(ActionName.FLIP, seat=BEN)


def test_a_player_who_flips_everything_without_beating_the_table_is_out() -> None:
    state = _start("no-peek", _strike_out_deal())
    _to_bens_last_flip(state)
    assert state.folded[BEN]
    assert state.history[-1].text == "struck out"
    assert state.betting is None
    assert state.actor == CARLA


def test_back_betting_opens_a_round_by_the_best_hand_after_a_strike_out() -> None:
    state = _start("no-peek", _strike_out_deal(), {"back_betting": True})
    _to_bens_last_flip(state)
    assert state.folded[BEN]
    assert state.betting is not None
    assert state.actor == ANNA


def test_a_tie_with_every_card_flipped_stays_in_and_shares_the_pot() -> None:
    # Anna and Ben hold the same ranks; Carla folds. Ben ties Anna's seven cards.
    anna = ["A♠", "K♠", "D♠", "B♠", "9♦", "7♠", "5♦"]
    ben = ["A♥", "K♥", "D♥", "B♥", "9♣", "7♥", "5♣"]
    carla = ["2♠", "2♥", "2♦", "2♣", "6♠", "6♥", "6♦"]
    deal = " ".join(" ".join(trio) for trio in zip(anna, ben, carla, strict=True))
    state = _start("no-peek", deal)
    state.act(ActionName.FLIP, seat=ANNA)
    state.act(ActionName.BET, seat=ANNA, amount=1)
    state.act(ActionName.CALL, seat=BEN)
    state.act(ActionName.FOLD, seat=CARLA)
    # Ben needs A-K to beat the ace; he then bets and Anna must flip on, and so on.
    for _ in range(40):
        if state.is_over:
            break
        seat = state.actor
        assert seat is not None
        kinds = [a.kind for a in state.legal_actions()]
        state.act(
            seat=seat, action=ActionName.FLIP if ActionName.FLIP in kinds else ActionName.CHECK
        )
    assert state.is_over
    assert not state.folded[ANNA]
    assert not state.folded[BEN]
    wins = {e.seat: e.chips for e in state.history if e.kind is EventKind.WIN}
    assert wins == {ANNA: 3, BEN: 2}  # 5 chips: the odd chip to the dealer's left


def test_mexican_sweat_folds_a_player_who_flips_the_middle_cards_rank() -> None:
    state = _start("mexican-sweat", "4♠ " + " ".join(PLAIN.split()[1:]) + " 4♥")
    assert state.table == [_card("4♥")]
    state.act(ActionName.FLIP, seat=ANNA)  # 4♠: the middle card's rank
    assert state.folded[ANNA]
    assert state.history[-1].kind is EventKind.FOLD
    assert state.actor == BEN
    assert state.betting is None


def test_mexican_sweat_bet_after_fold_opens_a_round_by_the_best_hand() -> None:
    deal = "K♠ 7♦ A♠ 5♠ B♣ 6♥ 8♥ 2♥ 10♦ " + " ".join(PLAIN.split()[9:]) + " 2♠"
    state = _start("mexican-sweat", deal, {"bet_after_fold": True})
    state.act(ActionName.FLIP, seat=ANNA)  # K beats the 2 in the middle
    for seat in (ANNA, BEN, CARLA):
        state.act(ActionName.CHECK, seat=seat)
    state.act(ActionName.FLIP, seat=BEN)  # 7
    state.act(ActionName.FLIP, seat=BEN)  # B-7
    state.act(ActionName.FLIP, seat=BEN)  # 2♥: the middle card's rank, Ben folds
    assert state.folded[BEN]
    assert state.betting is not None
    assert state.actor == ANNA


def test_mexican_sweat_first_player_must_beat_the_middle_card() -> None:
    state = _start("mexican-sweat", PLAIN + " A♥")
    state.act(ActionName.FLIP, seat=ANNA)  # K does not beat the ace in the middle
    assert state.betting is None
    assert state.actor == ANNA


def test_a_bet_above_the_limit_in_a_round_the_flips_opened_is_refused() -> None:
    state = _start("no-peek", PLAIN)
    state.act(ActionName.FLIP, seat=ANNA)
    message = _rejects(state, BetSizeError, lambda: state.act(ActionName.BET, seat=ANNA, amount=6))
    assert message == "Anna cannot bet 6: bets are 1 to 5"


def test_nobody_flips_in_a_stud_game() -> None:
    state = HandState.start(
        make_rules("baseball"), names=NAMES, stacks=[50] * 3, dealer=CARLA, rng=random.Random(0)
    )
    seat = state.actor
    assert seat is not None
    message = _rejects(state, NothingToFlipError, lambda: state.act(ActionName.FLIP, seat=seat))
    assert message.endswith("cannot flip: nobody flips cards in this game now")
