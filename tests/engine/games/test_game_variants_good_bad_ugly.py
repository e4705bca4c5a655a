"""The Good, the Bad and the Ugly (ruling 16), replayed with a stacked deck.

Carla deals to Anna, Ben and herself. The table cards are the 7♣ (the Good:
7s wild), the K♦ (the Bad: kings leave every hand) and the 5♠ (the Ugly: a
face-up 5 folds). Anna shows the 5♥ and folds when the Ugly is turned; Ben
loses his two kings and holds 7♦ Q♣ Q♦ 8♣ J♠, three queens with the wild 7;
Carla's 10 10 10 4 4 full house wins the antes.
"""

from __future__ import annotations

import json
import random

from engine.cards import FIVE, SEVEN, Deck, parse_cards
from engine.games import GAMES, EventKind, GameRules, HandState, seat_view, table_view
from engine.games.events import ActionName
from engine.games.families.variants import GOOD_BAD_UGLY_STEPS
from engine.games.steps.variants import GbuState, WatchedDeal

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)

DEAL = parse_cards(
    # two down and one up each
    "A♠ K♠ 10♠ A♥ 7♦ 10♥ 5♥ K♥ 4♣ "
    # the three table cards, face down: the Good, the Bad, the Ugly
    "7♣ K♦ 5♠ "
    # 4th, 5th and 6th cards up, 7th down (Anna has folded by then)
    "9♣ Q♣ 4♦ 2♦ Q♦ 6♣ 3♠ 8♣ 2♠ J♠ 10♦"
)


def _start(rules: GameRules | None = None) -> HandState:
    deck = Deck(random.Random(0), stacked=DEAL)
    return HandState.start(
        rules or GAMES["good-bad-ugly"], names=NAMES, stacks=[100] * 3, dealer=CARLA, deck=deck
    )


def _check_round(state: HandState) -> None:
    """Everyone checks one betting round."""
    index = state.step_index
    while state.step_index == index and state.actor is not None:
        state.act(ActionName.CHECK, seat=state.actor)


def _table_events(state: HandState) -> list[str]:
    return [e.text for e in state.history if e.kind is EventKind.TABLE_CARD]


def test_three_table_cards_lie_face_down_and_no_view_names_them() -> None:
    state = _start()
    assert _table_events(state) == ["dealt face down to the table"] * 3
    assert state.table == []  # they are not shared cards
    for view in (table_view(state), seat_view(state, ANNA)):
        text = json.dumps(view)
        for card in parse_cards("7♣ K♦ 5♠"):
            assert f'"{card}"' not in text


def test_the_good_makes_sevens_wild_before_the_second_betting_round() -> None:
    state = _start()
    assert state.actor == BEN  # the K♥ showing opens
    _check_round(state)
    assert state.wild == [SEVEN]
    turned = [e for e in state.history if e.kind is EventKind.TABLE_CARD and e.face_up]
    assert [(e.card, e.text) for e in turned] == [(parse_cards("7♣")[0], "the Good")]
    assert any(
        e.kind is EventKind.WILD_CHANGE and e.text == "sevens are wild" for e in state.history
    )
    # Carla's 4♣ 4♦ is the best showing hand now.
    assert state.actor == CARLA


def test_the_bad_takes_bens_kings_out_of_his_hand() -> None:
    state = _start()
    _check_round(state)
    _check_round(state)
    discards = [(e.seat, e.card) for e in state.history if e.kind is EventKind.DISCARD]
    assert discards == [(BEN, parse_cards("K♠")[0]), (BEN, parse_cards("K♥")[0])]
    assert [card for card, _ in state.cards[BEN]] == parse_cards("7♦ Q♣ Q♦")
    assert parse_cards("K♠ K♥")[0] in state.set_aside


def test_the_ugly_folds_anna_for_her_face_up_five() -> None:
    state = _start()
    for _ in range(3):
        _check_round(state)
    assert state.kept(GbuState).ugly == FIVE
    assert state.folded == [True, False, False]
    fold = next(e for e in state.history if e.kind is EventKind.FOLD)
    assert (fold.seat, fold.text) == (ANNA, "the Ugly: a face-up five folds")


def test_carlas_full_house_beats_bens_three_queens() -> None:
    state = _start()
    while not state.is_over:
        _check_round(state)
    shows = [(e.seat, e.text) for e in state.history if e.kind is EventKind.SHOW]
    assert shows == [(BEN, "three of a kind, queens"), (CARLA, "full house, tens over fours")]
    assert state.payouts == [0, 0, 3]
    assert state.stacks == [99, 99, 102]
    held = [c for cards in state.cards for c, _ in cards]
    assert len(held) + len(state.set_aside) + len(state.deck) == 52


def test_a_face_up_card_of_the_uglys_rank_dealt_later_folds_its_holder() -> None:
    # The same game with a face-up 7th card: Carla's 5♦ folds her as it lands.
    steps = (*GOOD_BAD_UGLY_STEPS[:-2], WatchedDeal(cards=("up",), watch="ugly"))
    rules = GameRules(name="good-bad-ugly", steps=(*steps, GOOD_BAD_UGLY_STEPS[-1]))
    deck = Deck(random.Random(0), stacked=[*DEAL[:-2], *parse_cards("J♠ 5♦")])
    state = HandState.start(rules, names=NAMES, stacks=[100] * 3, dealer=CARLA, deck=deck)
    while not state.is_over:
        _check_round(state)
    assert state.folded == [True, False, True]
    assert state.payouts == [0, 3, 0]


def test_a_saved_hand_continues_identically() -> None:
    state = _start()
    _check_round(state)
    copy = HandState.from_json(state.to_json())
    for hand in (state, copy):
        while not hand.is_over:
            _check_round(hand)
    assert copy.to_json() == state.to_json()
