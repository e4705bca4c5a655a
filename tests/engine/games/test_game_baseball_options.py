"""Baseball's house options (ruling 11), each shown with a stacked deck.

Three players, Carla deals, so Anna gets the first card of each round. The
first street gives Anna the king showing, so she opens; everyone checks.
"""

from __future__ import annotations

import random

from engine.cards import ALL_CARDS, Deck, parse_cards
from engine.games import EventKind, HandState, make_rules
from engine.games.events import ActionName

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)
FIRST_STREET = "2♠ 5♠ 6♠ 2♥ 5♥ 6♥ K♣ 7♣ 8♣ "


def _start(cards: str, game: str = "baseball", **options: object) -> HandState:
    # The same random source shuffles the deck and seeds a Rainy Day redeal.
    rng = random.Random(3)
    deck = Deck(rng, stacked=parse_cards(cards))
    return HandState.start(
        make_rules(game, options), names=NAMES, stacks=[50] * 3, dealer=CARLA, deck=deck, rng=rng
    )


def _check_round(state: HandState) -> None:
    for seat in (ANNA, BEN, CARLA):
        state.act(ActionName.CHECK, seat=seat)


def _check_round_without(state: HandState, skipped: int) -> None:
    for seat in (ANNA, BEN, CARLA):
        if seat != skipped:
            state.act(ActionName.CHECK, seat=seat)


def _shown(state: HandState, seat: int) -> list[tuple[str, bool]]:
    return [(str(ALL_CARDS[card]), up) for card, up in state.cards[seat]]


def test_a_face_up_extra_card_that_is_a_four_brings_another() -> None:
    state = _start(FIRST_STREET + "4♦ 4♣ 7♥ 10♥ B♥", extra_face="up")
    _check_round(state)
    assert _shown(state, ANNA)[3:] == [("4d", True), ("4c", True), ("7h", True)]
    assert _shown(state, BEN)[3:] == [("Th", True)]


def test_a_face_down_extra_four_brings_nothing_by_default() -> None:
    state = _start(FIRST_STREET + "4♦ 4♣ 7♥ 10♥")
    _check_round(state)
    assert _shown(state, ANNA)[3:] == [("4d", True), ("4c", False)]
    assert _shown(state, BEN)[3:] == [("7h", True)]


def test_down_fours_also_give_an_extra_card() -> None:
    # The 4 is revealed as it is dealt (the English sheet's first way, the default).
    state = _start("4♠ 2♦ 5♠ 6♠ 2♥ 5♥ 6♥ K♣ 7♣ 8♣", down_extras=True)
    assert _shown(state, ANNA) == [("4s", True), ("2d", False), ("2h", False), ("Kc", True)]
    plain = _start("4♠ 2♦ 5♠ 6♠ 2♥ 5♥ 6♥ K♣ 7♣ 8♣")
    assert len(plain.cards[ANNA]) == 3


def test_the_walk_is_bought_at_the_top_bet() -> None:
    state = _start(FIRST_STREET + "4♦ 7♥ 10♥ B♥", buy_walk=True)
    _check_round(state)
    assert state.decision is not None
    assert (state.decision.kind, state.decision.seat, state.decision.chips) == ("buy_walk", ANNA, 5)
    state.act(ActionName.BUY_WALK, seat=ANNA)
    assert state.pot == 3 + 5
    assert _shown(state, ANNA)[3:] == [("4d", True), ("7h", False)]


def test_a_declined_walk_keeps_the_player_in_without_the_card() -> None:
    state = _start(FIRST_STREET + "4♦ 7♥ 10♥", buy_walk=True)
    _check_round(state)
    state.act(ActionName.DECLINE_WALK, seat=ANNA)
    assert not state.folded[ANNA]
    assert _shown(state, ANNA)[3:] == [("4d", True)]
    assert _shown(state, BEN)[3:] == [("7h", True)]
    assert state.pot == 3


def test_without_pay_or_fold_a_face_up_three_is_just_wild() -> None:
    state = _start(FIRST_STREET + "3♦ 7♥ 10♥", pay_or_fold=False)
    _check_round(state)
    assert state.decision is None
    assert state.actor == ANNA  # K and a wild 3: a pair of kings opens


def test_only_the_first_face_up_three_must_be_bought() -> None:
    state = _start(FIRST_STREET + "3♦ 3♥ 10♥", first_three_only=True)
    _check_round(state)
    state.act(ActionName.PAY_POT, seat=ANNA)
    assert state.decision is None
    assert _shown(state, BEN)[3:] == [("3h", True)]
    assert state.pot == 6


def test_the_pot_payment_is_capped() -> None:
    state = _start(FIRST_STREET + "3♦ 7♥ 10♥", pot_cap=2)
    _check_round(state)
    state.verify(ActionName.PAY_POT, seat=ANNA)  # Anna may pay: the price is the question's
    assert state.decision is not None
    assert state.decision.chips == 2


def test_a_player_all_in_is_not_asked_to_pay_the_pot() -> None:
    deck = Deck(random.Random(3), stacked=parse_cards(FIRST_STREET + "3♦ 7♥ 10♥"))
    state = HandState.start(
        make_rules("baseball", {}), names=NAMES, stacks=[1, 50, 50], dealer=CARLA, deck=deck
    )
    _check_round_without(state, ANNA)
    assert state.decision is None
    assert _shown(state, ANNA)[3:] == [("3d", True)]


def test_rainy_day_a_face_up_queen_of_spades_voids_the_deal_and_the_pot_stays() -> None:
    state = _start("2♠ 5♠ 6♠ 2♥ 5♥ 6♥ K♣ D♠ 8♣", game="rainy-day-baseball")
    voids = [e for e in state.history if e.kind is EventKind.VOID_DEAL]
    # Ben's queen voids the first deal; the fresh shuffle may rain again.
    assert (voids[0].seat, voids[0].card) == (BEN, parse_cards("D♠")[0])
    assert state.voids == len(voids)
    assert state.pot == 3  # no new ante
    assert state.stacks == [49, 49, 49]
    assert all(len(cards) >= 3 for cards in state.cards)
    assert not any(state.folded)
