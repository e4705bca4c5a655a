"""The worked example of the Spit in the Ocean rule sheet, replayed as a digital hand.

Four players ante 1; the spit card is the 6♦, all sixes wild. Ben opens with
1, Carla raises to 2, Dan folds, Anna and Ben call: 10 in the pot. Ben draws
two, Carla one, Anna one. Ben checks, Carla bets 2, Anna raises to 4, Ben
folds, Carla calls. Carla's D♣ D♥ 6♣ 4♠ with the spit card: four queens;
Anna's K♠ B♠ 9♠ 7♠: a flush, ace high. Carla wins the pot of 18.
"""

from __future__ import annotations

import random

from engine.betting import FixedLimit
from engine.cards import Deck, parse_card, parse_cards
from engine.games import GAMES, EventKind, HandState, make_rules, seat_view, table_view
from engine.games.events import ActionName

NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA, DAN = range(4)

# Anna deals, so Ben (on her left) gets the first card of each round.
DEAL = parse_cards(
    # four rounds: Ben, Carla, Dan, Anna
    "2♣ D♣ 3♦ 5♥ "
    "8♥ D♥ 9♣ K♠ "
    "10♣ 6♣ A♦ B♠ "
    "3♥ 2♦ 7♦ 9♠ "
    # the spit card
    "6♦ "
    # the draw: Ben's two, Carla's one, Anna's one
    "5♣ 4♥ 4♠ 7♠"
)


def _start() -> HandState:
    deck = Deck(random.Random(3), stacked=DEAL)
    return HandState.start(
        GAMES["spit-in-the-ocean"], names=NAMES, stacks=[50] * 4, dealer=ANNA, deck=deck
    )


def _before_the_draw(state: HandState) -> None:
    state.act(ActionName.BET, seat=BEN, amount=1)
    state.act(ActionName.RAISE_BY, seat=CARLA, amount=1)
    state.act(ActionName.FOLD, seat=DAN)
    state.act(ActionName.CALL, seat=ANNA)
    state.act(ActionName.CALL, seat=BEN)


def _the_draw(state: HandState) -> None:
    state.act(ActionName.DRAW, seat=BEN, cards=parse_cards("2♣ 8♥"))
    state.act(ActionName.DRAW, seat=CARLA, cards=parse_cards("2♦"))
    state.act(ActionName.DRAW, seat=ANNA, cards=parse_cards("5♥"))


def _after_the_draw(state: HandState) -> None:
    state.act(ActionName.CHECK, seat=BEN)
    state.act(ActionName.BET, seat=CARLA, amount=2)
    state.act(ActionName.RAISE_BY, seat=ANNA, amount=2)
    state.act(ActionName.FOLD, seat=BEN)
    state.act(ActionName.CALL, seat=CARLA)


def test_the_spit_card_is_in_the_middle_and_sixes_are_wild() -> None:
    state = _start()
    assert state.table == [parse_card("6♦")]
    assert state.wild == [parse_card("6♦").rank]
    assert state.pot == 4
    assert all(len(cards) == 4 for cards in state.cards)
    assert table_view(state)["table"] == ["6d"]


def test_bets_are_one_chip_before_the_draw_and_ben_opens() -> None:
    state = _start()
    assert state.actor == BEN
    bet = next(a for a in state.legal_actions() if a.kind.value == "bet")
    assert (bet.min_amount, bet.max_amount) == (1, 1)
    _before_the_draw(state)
    assert state.pot == 10


def test_the_draw_goes_ben_carla_anna_and_dan_is_skipped() -> None:
    state = _start()
    _before_the_draw(state)
    drawers = []
    for seat, thrown in ((BEN, "2♣ 8♥"), (CARLA, "2♦"), (ANNA, "5♥")):
        drawers.append(state.actor)
        state.act(ActionName.DRAW, seat=seat, cards=parse_cards(thrown))
    assert drawers == [BEN, CARLA, ANNA]
    assert [c for c, _ in state.cards[CARLA]] == parse_cards("D♣ D♥ 6♣ 4♠")
    assert [c for c, _ in state.cards[ANNA]] == parse_cards("K♠ B♠ 9♠ 7♠")
    assert sorted(c for c, _ in state.cards[BEN]) == sorted(parse_cards("10♣ 3♥ 5♣ 4♥"))
    draws = [e.seat for e in state.history if e.kind is EventKind.DRAW]
    assert draws == [BEN, BEN, CARLA, ANNA]


def test_bets_are_two_chips_after_the_draw_and_carla_wins_18() -> None:
    state = _start()
    _before_the_draw(state)
    _the_draw(state)
    assert state.actor == BEN
    _after_the_draw(state)
    assert state.is_over
    assert state.payouts == [0, 0, 18, 0]
    assert state.stacks == [50 - 1 - 2 - 4, 50 - 1 - 2, 50 - 1 - 2 - 4 + 18, 50 - 1]


def test_anna_raised_last_so_she_shows_first() -> None:
    state = _start()
    _before_the_draw(state)
    _the_draw(state)
    _after_the_draw(state)
    shows = [(e.seat, e.text) for e in state.history if e.kind is EventKind.SHOW]
    assert shows == [(ANNA, "flush, ace high"), (CARLA, "four of a kind, queens")]
    win = state.history[-1]
    assert (win.kind, win.seat, win.chips) == (EventKind.WIN, CARLA, 18)


def test_the_same_limits_given_by_the_night_replay_the_example() -> None:
    # fixed_limit=none: the night's limit, doubled after the draw.
    rules = make_rules("spit-in-the-ocean", {"fixed_limit": "none"})
    deck = Deck(random.Random(3), stacked=DEAL)
    state = HandState.start(
        rules,
        names=NAMES,
        stacks=[50] * 4,
        dealer=ANNA,
        deck=deck,
        limit=FixedLimit(amount=1),
    )
    _before_the_draw(state)
    _the_draw(state)
    _after_the_draw(state)
    assert state.payouts == [0, 0, 18, 0]


def test_discards_are_seen_only_by_their_owner() -> None:
    state = _start()
    _before_the_draw(state)
    _the_draw(state)
    table = [e for e in table_view(state)["log"] if e["kind"] == "draw"]
    assert [e["card"] for e in table] == [None] * 4
    ben = [e["card"] for e in seat_view(state, BEN)["log"] if e["kind"] == "draw"]
    assert ben == ["2c", "8h", None, None]


def test_a_save_before_the_draw_continues_identically() -> None:
    state = _start()
    _before_the_draw(state)
    restored = HandState.from_json(state.to_json())
    for hand in (state, restored):
        _the_draw(hand)
        _after_the_draw(hand)
    assert restored.to_json() == state.to_json()
