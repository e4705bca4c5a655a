"""The worked example of the No-Peek Baseball rule sheet, replayed as a digital hand.

Anna flips K♠ and bets 2; everyone calls. Ben flips 7♦ (the king beats a 7),
then B♣ (K still beats B-7), then 3♥, wild: a pair of jacks. He stops and
bets. Carla flips 4♠ and gets an extra card, then D♥ (D-4 loses to a pair),
then 9♣, wild: a pair of queens beats Ben's jacks. Carla opens the next
betting round. Now it is Anna's turn again, and she must beat the queens.
"""

from __future__ import annotations

import random

from engine.cards import Deck, parse_cards
from engine.games import GAMES, ActionName, EventKind, HandState, seat_view, table_view
from engine.games.steps.flip import bar_for, showing

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)

# Carla deals, so Anna (on her left) gets the first card of each round; each
# pile is flipped in the order it was dealt, but the extra card for a 4 goes on
# top of the pile and is flipped next (ruling 12): Carla's D♥.
DEAL = parse_cards(
    "K♠ 7♦ 4♠ "
    "2♠ B♣ 9♣ "
    "K♥ 3♥ 10♣ "
    "5♦ 2♦ 2♣ "
    "6♣ 5♣ 5♥ "
    "8♠ 6♦ 6♠ "
    "10♥ 8♣ 8♦ "
    # Carla's extra card for her 4♠
    "D♥"
)


def _card(text: str) -> int:
    return parse_cards(text)[0]


def _start() -> HandState:
    deck = Deck(random.Random(3), stacked=DEAL)
    return HandState.start(
        GAMES["no-peek-baseball"], names=NAMES, stacks=[100] * 3, dealer=CARLA, deck=deck
    )


def _flips(state: HandState) -> list[tuple[int, int | None]]:
    return [(e.seat, e.card) for e in state.history if e.kind is EventKind.FLIP]


def _anna_opens(state: HandState) -> None:
    assert state.actor == ANNA
    assert state.legal_actions()[0].kind is ActionName.FLIP
    state.act(ActionName.FLIP, seat=ANNA)
    assert state.actor == ANNA  # she beat the empty table: she opens
    state.act(ActionName.BET, seat=ANNA, amount=2)
    state.act(ActionName.CALL, seat=BEN)
    state.act(ActionName.CALL, seat=CARLA)


def _ben_beats_the_king(state: HandState) -> None:
    for _ in range(3):
        assert state.actor == BEN
        state.act(ActionName.FLIP, seat=BEN)
    state.act(ActionName.BET, seat=BEN, amount=1)
    state.act(ActionName.CALL, seat=CARLA)
    state.act(ActionName.CALL, seat=ANNA)


def _carla_beats_the_jacks(state: HandState) -> None:
    for _ in range(3):
        assert state.actor == CARLA
        state.act(ActionName.FLIP, seat=CARLA)


def test_nobody_sees_a_card_before_it_is_flipped() -> None:
    state = _start()
    assert [len(held) for held in state.cards] == [7, 7, 7]
    for seat in range(3):
        assert seat_view(state, seat)["players"][seat]["cards"] == []
        assert seat_view(state, seat)["players"][seat]["down_count"] == 7
    assert all(e["card"] is None for e in seat_view(state, ANNA)["log"] if e["kind"] == "deal")


def test_anna_flips_the_king_and_bets_2_everyone_calls() -> None:
    state = _start()
    _anna_opens(state)
    assert _flips(state) == [(ANNA, _card("K♠"))]
    assert state.pot == 3 + 6
    assert state.actor == BEN


def test_ben_flips_until_the_wild_three_makes_a_pair_of_jacks() -> None:
    state = _start()
    _anna_opens(state)
    state.act(ActionName.FLIP, seat=BEN)
    assert showing(state, BEN) < bar_for(state, BEN)  # K beats 7
    state.act(ActionName.FLIP, seat=BEN)
    assert showing(state, BEN) < bar_for(state, BEN)  # K still beats B-7
    assert state.actor == BEN
    state.act(ActionName.FLIP, seat=BEN)
    assert showing(state, BEN) > bar_for(state, BEN)  # 3♥ wild: a pair of jacks
    assert state.betting is not None  # he stops and bets
    assert state.actor == BEN
    assert ActionName.FLIP not in [a.kind for a in state.legal_actions()]
    state.act(ActionName.BET, seat=BEN, amount=1)
    state.act(ActionName.CALL, seat=CARLA)
    state.act(ActionName.CALL, seat=ANNA)
    assert state.pot == 12
    assert _flips(state)[1:] == [(BEN, _card("7♦")), (BEN, _card("B♣")), (BEN, _card("3♥"))]


def test_carlas_four_brings_an_extra_card_and_her_queens_beat_the_jacks() -> None:
    state = _start()
    _anna_opens(state)
    _ben_beats_the_king(state)
    state.act(ActionName.FLIP, seat=CARLA)
    # The 4♠ brings an extra card at once, face down on top of her pile.
    assert state.history[-1].kind is EventKind.DEAL
    assert (state.history[-1].seat, state.history[-1].face_up) == (CARLA, False)
    assert state.cards[CARLA][1] == (_card("D♥"), False)
    assert len(state.cards[CARLA]) == 8
    assert state.act(ActionName.FLIP, seat=CARLA).card == _card("D♥")  # the extra card
    assert showing(state, CARLA) < bar_for(state, CARLA)  # D-4 loses to a pair
    state.act(ActionName.FLIP, seat=CARLA)
    assert showing(state, CARLA) > bar_for(state, CARLA)  # 9♣ wild: a pair of queens
    assert state.betting is not None
    assert state.actor == CARLA  # Carla opens the next betting round


def test_then_it_is_annas_turn_and_she_must_beat_the_queens() -> None:
    state = _start()
    _anna_opens(state)
    _ben_beats_the_king(state)
    _carla_beats_the_jacks(state)
    state.act(ActionName.CHECK, seat=CARLA)
    state.act(ActionName.CHECK, seat=ANNA)
    state.act(ActionName.CHECK, seat=BEN)
    assert state.actor == ANNA
    assert bar_for(state, ANNA) == showing(state, CARLA)
    state.act(ActionName.FLIP, seat=ANNA)  # 2♠: K-2 does not beat the queens
    assert state.actor == ANNA
    assert state.betting is None
    state.act(ActionName.FLIP, seat=ANNA)  # K♥: a pair of kings does
    assert state.betting is not None
    assert state.actor == ANNA


def test_the_table_sees_only_flipped_cards() -> None:
    state = _start()
    _anna_opens(state)
    _ben_beats_the_king(state)
    _carla_beats_the_jacks(state)
    players = table_view(state)["players"]
    assert [c["card"] for c in players[CARLA]["cards"]] == ["4s", "Qh", "9c"]
    assert players[CARLA]["down_count"] == 5  # four of the seven, and the extra card
    assert seat_view(state, CARLA)["players"][CARLA]["cards"] == players[CARLA]["cards"]
    extra = [e for e in table_view(state)["log"] if e["kind"] == "deal"][-1]
    assert extra["card"] is None


def test_played_to_the_end_every_card_is_shown_and_chips_add_up() -> None:
    state = _start()
    _anna_opens(state)
    _ben_beats_the_king(state)
    _carla_beats_the_jacks(state)
    for _ in range(200):
        if state.is_over:
            break
        seat = state.actor
        assert seat is not None
        kinds = [a.kind for a in state.legal_actions()]
        action = ActionName.FLIP if ActionName.FLIP in kinds else ActionName.CHECK
        state.act(seat=seat, action=action)
    assert state.is_over
    assert sum(state.stacks) == 300
    for seat in state.live_seats:
        assert all(up for _, up in state.cards[seat])


def test_a_hand_saved_mid_turn_continues_identically() -> None:
    state = _start()
    _anna_opens(state)
    _ben_beats_the_king(state)
    state.act(ActionName.FLIP, seat=CARLA)  # the 4♠ and its extra card; Carla flips on
    restored = HandState.from_json(state.to_json())
    assert restored.actor == CARLA
    for hand in (state, restored):
        hand.act(ActionName.FLIP, seat=CARLA)
        hand.act(ActionName.FLIP, seat=CARLA)
        hand.act(ActionName.CHECK, seat=CARLA)
    assert restored.to_json() == state.to_json()
