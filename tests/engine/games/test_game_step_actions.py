"""Steps own their actions (issue 12): the hand dispatches, the step in play answers.

HandState knows no game: it has no base classes from the steps and no
game-specific methods; ``verify``, ``can`` and ``act`` send a betting action
to the betting round, a pot payment or walk to the question a card asked, and
anything else to the step in play, or give the refusal of the action's family
when that step does not answer it. Each step keeps a typed state of its own.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from engine.cards import Deck, parse_cards
from engine.errors import EngineError, IllegalActionError, OutOfTurnError
from engine.games import GAMES, ActionName, HandState, make_rules
from engine.games.hand_actions import HAND_MOVES, REFUSALS, VERBS
from engine.games.serialise import hand_from_dict, hand_to_dict
from engine.games.steps.declare import (
    AlreadyDeclaredError,
    GutsState,
    NotDeclaringError,
    PotNotCoveredError,
)
from engine.games.steps.draw import DrawState
from engine.games.steps.flip import FlipState, NothingToFlipError
from engine.games.steps.shelby import NoExtraCardError, ShelbyDealState
from engine.games.steps.spit_call import SpitCallError
from engine.games.steps.variants import NoJackError

NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA, DAN = range(4)

STEP_ACTIONS = [action for action in ActionName if action not in HAND_MOVES]


def _guts(declare: str, stacks: list[int] | None = None) -> HandState:
    return HandState.start(
        make_rules("guts", {"declare": declare}),
        names=NAMES,
        stacks=stacks or [50] * 4,
        dealer=DAN,
        rng=random.Random(1),
        carry={"pot": 10, "reserve": 0},
    )


def _shelby(stacks: list[int] | None = None) -> HandState:
    return HandState.start(
        make_rules("shelby"),
        names=NAMES,
        stacks=stacks or [50] * 4,
        dealer=DAN,
        rng=random.Random(2),
        carry={"pot": 12},
    )


def test_the_hand_state_has_no_step_bases_and_no_game_methods() -> None:
    assert HandState.__bases__ == (object,)
    fields = {f.name for f in dataclasses.fields(HandState)}
    assert "phase" not in fields
    for action in STEP_ACTIONS:
        for prefix in ("", "verify_", "can_"):
            assert not hasattr(HandState, prefix + action.value), prefix + action.value


def test_every_action_has_a_verb_and_every_step_action_a_refusal() -> None:
    assert set(VERBS) == set(ActionName)
    assert set(REFUSALS) == set(STEP_ACTIONS)


def test_guts_and_shelby_each_answer_hold_and_drop_by_their_own_rule() -> None:
    """Hold and drop are actions of both families: the step in play answers, so a
    Guts deal and a Shelby round in the same process keep their own rules."""
    guts, shelby = _guts("drop", stacks=[50, 50, 5, 50]), _shelby(stacks=[50, 50, 5, 50])
    # Carla's 5 chips cover neither Guts' pot of 10 nor a Shelby loser's payment.
    assert "the pot is 10" in _refuses(guts, PotNotCoveredError, ActionName.HOLD, CARLA)
    assert "a loser pays 12" in _refuses(shelby, PotNotCoveredError, ActionName.HOLD, CARLA)
    guts.act(ActionName.HOLD, seat=ANNA)
    shelby.act(ActionName.HOLD, seat=ANNA)
    # Each step words a second decision its own way and keeps it in its own state.
    assert _refuses(guts, AlreadyDeclaredError, ActionName.DROP, ANNA) == (
        "Anna has already declared"
    )
    assert _refuses(shelby, AlreadyDeclaredError, ActionName.DROP, ANNA) == (
        "Anna has already decided this round"
    )
    assert guts.kept(GutsState).declared[ANNA] is True
    assert guts.find(ShelbyDealState) is None
    assert shelby.kept(ShelbyDealState).held[ANNA] is True
    assert shelby.find(GutsState) is None
    # Guts declaring in or out refuses hold and drop, and the other way round.
    in_or_out = _guts("at_once")
    message = _refuses(in_or_out, NotDeclaringError, ActionName.HOLD, ANNA)
    assert message == "Anna cannot hold: in this game players declare in or out"
    assert "hold or drop" in _refuses(guts, NotDeclaringError, ActionName.DECLARE_IN, BEN)
    # A Shelby round is no Guts declaration: in/out is refused as nobody declaring.
    assert _refuses(shelby, NotDeclaringError, ActionName.DECLARE_IN, BEN) == (
        "Ben cannot be in: nobody is declaring now"
    )


def _refuses(
    state: HandState, error: type[IllegalActionError], action: ActionName, seat: int
) -> str:
    before = state.to_json()
    assert not state.can(action, seat=seat)
    with pytest.raises(error) as caught:
        state.act(action, seat=seat)
    assert state.to_json() == before
    return str(caught.value)


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (
            ActionName.FLIP,
            NothingToFlipError,
            "Ben cannot flip: nobody flips cards in this game now",
        ),
        (ActionName.DRAW, OutOfTurnError, "Ben cannot draw: nobody is drawing now"),
        (ActionName.HOLD, NotDeclaringError, "Ben cannot hold: nobody is declaring now"),
        (ActionName.DECLARE_OUT, NotDeclaringError, "Ben cannot be out: nobody is declaring now"),
        (ActionName.BUY_CARD, NoExtraCardError, "Ben cannot buy an extra card: only a 4"),
        (ActionName.KEEP_GAME, NoJackError, "Ben cannot keep the game: Ben was not offered"),
        (ActionName.PASS_SPIT, SpitCallError, "Ben cannot pass: nobody is asked now"),
    ],
)
def test_an_action_the_step_in_play_does_not_answer_gets_its_familys_refusal(
    action: ActionName, error: type[IllegalActionError], message: str
) -> None:
    state = HandState.start(
        GAMES["seven-card-stud"], names=NAMES, stacks=[50] * 4, dealer=DAN, rng=random.Random(3)
    )
    assert _refuses(state, error, action, BEN).startswith(message)


def test_a_switch_without_a_game_is_refused_as_bad_input() -> None:
    deck = Deck(random.Random(0), stacked=parse_cards("2♣ 5♠ 8♠ J♦ 6♦ 9♣ K♠ J♠ Q♥"))
    state = HandState.start(
        make_rules("jack-the-shifter"), names=NAMES[:3], stacks=[50] * 3, dealer=2, deck=deck
    )
    assert state.actor == BEN  # his face-up J♠: switch or keep
    before = state.to_json()
    with pytest.raises(EngineError, match="switch_game needs a game"):
        state.act(seat=BEN, action=ActionName.SWITCH_GAME)
    assert state.to_json() == before


def test_a_saved_hand_keeps_each_step_state_typed_under_its_key() -> None:
    state = HandState.start(
        GAMES["no-peek"], names=NAMES, stacks=[50] * 4, dealer=DAN, rng=random.Random(4)
    )
    data = json.loads(state.to_json())
    assert data["version"] == 2
    assert "phase" not in data
    assert data["steps"]["flip"] == {"turn": ANNA, "betting": False, "last": ANNA}
    restored = hand_from_dict(data)
    assert restored.kept(FlipState) == state.kept(FlipState)
    assert restored.find(DrawState) is None


@pytest.mark.parametrize(
    "steps",
    [{"nonsense": {}}, {"flip": {"turn": 0, "colour": "red"}}, {"flip": ["not", "a", "dict"]}],
)
def test_a_saved_hand_with_a_bad_step_state_is_refused(steps: object) -> None:
    state = HandState.start(
        GAMES["no-peek"], names=NAMES, stacks=[50] * 4, dealer=DAN, rng=random.Random(4)
    )
    data = hand_to_dict(state)
    data["steps"] = steps
    with pytest.raises(EngineError):
        hand_from_dict(data)


def test_an_unknown_action_is_refused_as_bad_input() -> None:
    state = HandState.start(
        GAMES["seven-card-stud"], names=NAMES, stacks=[50] * 4, dealer=DAN, rng=random.Random(3)
    )
    before = state.to_json()
    with pytest.raises(EngineError, match="there is no action 'shuffle'"):
        state.act(seat=BEN, action="shuffle")  # type: ignore[arg-type]  # a form's raw value
    assert state.to_json() == before
