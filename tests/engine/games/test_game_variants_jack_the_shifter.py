"""Jack the Shifter (ruling 16): a jack lets its holder switch the rest of the hand.

Carla deals to Anna, Ben and herself. Ben's face-up J♠ stops the deal: he
switches to Baseball before Carla gets her card. On her first betting turn
Anna shows her face-down J♦ and switches to Football, so her face-up 2♥ on
4th street brings her an extra card at once. Before the final betting round
everyone is asked in turn; Carla shows the J♥ she got as 7th card and switches
back to seven-card stud, in which her 8-9-10-J-Q straight wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.cards import NINE, SIX, THREE, Deck, parse_cards
from engine.errors import IllegalActionError, OutOfTurnError
from engine.games import ActionName, EventKind, HandState, make_rules
from engine.games.steps.variants import GameSwitchError, JackState, NoJackError

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)

DEAL = parse_cards(
    "2♣ 5♠ 8♠ J♦ 6♦ 9♣ "  # down: Anna's J♦
    "K♠ J♠ Q♥ "  # up: Ben's J♠
    "2♥ 7♣ 4♣ 10♦ "  # 4th: Anna's 2♥ (Football: her extra 7♣ at once)
    "3♠ 4♦ 5♦ 6♠ 7♦ 8♦ "  # 5th and 6th
    "9♦ 10♣ J♥"  # 7th, down: Carla's J♥
)


def _start(**options: object) -> HandState:
    deck = Deck(random.Random(0), stacked=DEAL)
    return HandState.start(
        make_rules("jack-the-shifter", options),
        names=NAMES,
        stacks=[100] * 3,
        dealer=CARLA,
        deck=deck,
    )


def _check_round(state: HandState) -> None:
    index = state.step_index
    while state.step_index == index and state.actor is not None and state.betting is not None:
        state.act(ActionName.CHECK, seat=state.actor)


def _rejects(state: HandState, error: type[IllegalActionError], act: Callable[[], object]) -> str:
    before = state.to_json()
    with pytest.raises(error) as caught:
        act()
    assert state.to_json() == before
    return str(caught.value)


def _games(state: HandState) -> list[str | None]:
    return [a.game for a in state.legal_actions() if a.kind is ActionName.SWITCH_GAME]


def test_a_face_up_jack_stops_the_deal_for_its_holders_choice() -> None:
    state = _start()
    assert state.actor == BEN
    assert len(state.cards[CARLA]) == 2  # her up card waits
    assert _games(state) == [
        "baseball",
        "football",
        "good-bad-ugly",
        "rainy-day-baseball",
        "second-hand-high",
        "sequence",
        "woolworth",
    ]
    assert state.legal_actions()[-1].kind is ActionName.KEEP_GAME


def test_keeping_the_game_deals_on() -> None:
    state = _start()
    event = state.act(ActionName.KEEP_GAME, seat=BEN)
    assert (event.kind, event.text) == (EventKind.KEEP_GAME, "seven-card-stud")
    assert len(state.cards[CARLA]) == 3
    assert state.kept(JackState).game is None


def test_the_whole_hand_as_told() -> None:
    state = _start()
    event = state.act(seat=BEN, action=ActionName.SWITCH_GAME, game="baseball")
    assert (event.kind, event.text) == (EventKind.SWITCH_GAME, "baseball")
    assert state.kept(JackState).game == "baseball"
    assert state.wild == [THREE, NINE]
    # Anna's K♠ opens; she may show her face-down jack on her turn.
    assert state.actor == ANNA
    assert _games(state) == [
        "football",
        "good-bad-ugly",
        "rainy-day-baseball",
        "second-hand-high",
        "sequence",
        "seven-card-stud",
        "woolworth",
    ]
    state.act(ActionName.SWITCH_GAME, seat=ANNA, game="football")
    reveal = state.history[-2]
    assert (reveal.kind, reveal.card) == (EventKind.REVEAL, parse_cards("J♦")[0])
    assert (parse_cards("J♦")[0], True) in state.cards[ANNA]
    assert state.wild == [THREE, SIX]
    assert state.actor == ANNA  # still her turn to bet
    _check_round(state)
    # Football: Anna's face-up 2♥ brings her the 7♣ face down at once.
    deals = [(e.seat, e.card, e.face_up) for e in state.history if e.kind is EventKind.DEAL]
    assert deals[9:13] == [
        (ANNA, parse_cards("2♥")[0], True),
        (ANNA, parse_cards("7♣")[0], False),
        (BEN, parse_cards("4♣")[0], True),
        (CARLA, parse_cards("10♦")[0], True),
    ]
    for _ in range(4):
        _check_round(state)
    # The final offer: everyone is asked in turn, from the dealer's left.
    assert state.actor == ANNA
    assert [a.kind for a in state.legal_actions()] == [ActionName.KEEP_GAME]
    state.act(ActionName.KEEP_GAME, seat=ANNA)
    state.act(ActionName.KEEP_GAME, seat=BEN)
    assert state.actor == CARLA
    state.act(ActionName.SWITCH_GAME, seat=CARLA, game="seven-card-stud")
    assert state.wild == []
    # The last betting round: nobody may switch any more.
    assert ActionName.SWITCH_GAME not in [a.kind for a in state.legal_actions()]
    _check_round(state)
    assert state.is_over
    shows = [(e.seat, e.text) for e in state.history if e.kind is EventKind.SHOW]
    assert shows[2] == (CARLA, "straight, queen high")
    assert state.payouts == [0, 0, 3]


def test_illegal_switches_raise_and_change_nothing() -> None:
    state = _start()
    assert "only the player" in _rejects(
        state, NoJackError, lambda: state.act(ActionName.SWITCH_GAME, seat=ANNA, game="baseball")
    )
    _rejects(state, NoJackError, lambda: state.act(ActionName.KEEP_GAME, seat=CARLA))
    assert "agreed on" in _rejects(
        state,
        GameSwitchError,
        lambda: state.act(ActionName.SWITCH_GAME, seat=BEN, game="texas-holdem"),
    )
    assert "already played" in _rejects(
        state,
        GameSwitchError,
        lambda: state.act(ActionName.SWITCH_GAME, seat=BEN, game="seven-card-stud"),
    )
    _rejects(state, OutOfTurnError, lambda: state.act(ActionName.CHECK, seat=ANNA))
    state.act(ActionName.KEEP_GAME, seat=BEN)
    # Ben has no face-down jack; Anna may not switch out of turn.
    assert state.actor == ANNA
    state.act(ActionName.CHECK, seat=ANNA)
    _rejects(
        state, NoJackError, lambda: state.act(ActionName.SWITCH_GAME, seat=ANNA, game="baseball")
    )
    _rejects(
        state, NoJackError, lambda: state.act(ActionName.SWITCH_GAME, seat=BEN, game="baseball")
    )


def test_a_game_left_off_the_list_cannot_be_chosen() -> None:
    state = _start(allow_baseball=False, allow_rainy_day_baseball="no", allow_sequence=False)
    assert _games(state) == ["football", "good-bad-ugly", "second-hand-high", "woolworth"]
    _rejects(
        state, GameSwitchError, lambda: state.act(ActionName.SWITCH_GAME, seat=BEN, game="baseball")
    )


def test_without_baseball_games_seven_players_may_play() -> None:
    rules = make_rules(
        "jack-the-shifter",
        {f"allow_{g}": False for g in ("baseball", "football", "woolworth", "rainy_day_baseball")},
    )
    assert (rules.min_players, rules.max_players) == (2, 7)
    assert (
        make_rules("jack-the-shifter").min_players,
        make_rules("jack-the-shifter").max_players,
    ) == (3, 6)


def test_a_saved_hand_remembers_the_game_and_the_offer() -> None:
    state = _start()
    state.act(ActionName.SWITCH_GAME, seat=BEN, game="baseball")
    copy = HandState.from_json(state.to_json())
    assert copy.kept(JackState).game == "baseball"
    assert copy.legal_actions() == state.legal_actions()
    for hand in (state, copy):
        hand.act(ActionName.SWITCH_GAME, seat=ANNA, game="woolworth")
    assert copy.to_json() == state.to_json()
