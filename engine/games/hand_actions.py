"""The actions a hand answers itself, whatever the game: betting, and the questions
a dealt card asks (:class:`Decision`: pay the pot or fold, buy the walk or not).

Betting actions go to the betting round under way (:mod:`engine.betting.round`);
every other action is answered by the step in play. :data:`REFUSALS` holds,
for each step action, the error a hand gives when the step in play does not
answer it: each family words its own (:func:`~engine.games.steps.flip.refuse_flip` ...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from engine.betting import ActionKind, BettingAction, BettingRound
from engine.errors import EngineError, IllegalActionError, OutOfTurnError
from engine.games.errors import ForfeitError, NoDecisionError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.rules import Face
from engine.games.steps import (
    claims,
    declare,
    draw,
    flip,
    hi_lo_declare,
    shelby,
    spit_call,
    variants,
)
from engine.games.steps.actions import ActionArgs, Move

if TYPE_CHECKING:
    from engine.games.state import HandState

DecisionKind = Literal["pay_pot", "buy_walk"]


@dataclass(frozen=True, kw_only=True)
class Decision:
    """A question a dealt card put to one player; the deal waits for the answer.

    ``chips`` is the price (the pot, capped, or the walk), already cut to the stack.
    """

    kind: DecisionKind
    seat: int
    chips: int
    face: Face = "down"


def decision_actions(decision: Decision) -> list[LegalAction]:
    if decision.kind == "pay_pot":
        return [
            LegalAction(kind=ActionName.PAY_POT, chips=decision.chips),
            LegalAction(kind=ActionName.FOLD),
        ]
    return [
        LegalAction(kind=ActionName.BUY_WALK, chips=decision.chips),
        LegalAction(kind=ActionName.DECLINE_WALK),
    ]


# What a refusal says the player cannot do ("Anna cannot {verb}: the hand is over").
VERBS: Final[Mapping[ActionName, str]] = {
    ActionName.CHECK: "check",
    ActionName.CALL: "call",
    ActionName.BET: "bet",
    ActionName.RAISE_BY: "raise",
    ActionName.FOLD: "fold",
    ActionName.ALL_IN: "go all-in",
    ActionName.BRING_IN: "bring it in",
    ActionName.PAY_POT: "pay the pot",
    ActionName.BUY_WALK: "buy the extra card",
    ActionName.DECLINE_WALK: "decline the extra card",
    ActionName.FLIP: "flip",
    ActionName.DRAW: "draw",
    ActionName.DECLARE_IN: "be in",
    ActionName.DECLARE_OUT: "be out",
    ActionName.HOLD: "hold",
    ActionName.DROP: "drop",
    ActionName.SWITCH_GAME: "switch the game",
    ActionName.KEEP_GAME: "keep the game",
    ActionName.BUY_CARD: "buy an extra card",
    ActionName.DECLINE_CARD: "decline an extra card",
    ActionName.CALL_SPIT: "call Spit",
    ActionName.PASS_SPIT: "pass",
    ActionName.CLAIM_EXTRA: "claim the extra card",
    **hi_lo_declare.DECLARE_VERBS,
}

# The argument an action cannot do without.
NEEDS: Final[Mapping[ActionName, Literal["amount", "game"]]] = {
    ActionName.BET: "amount",
    ActionName.RAISE_BY: "amount",
    ActionName.SWITCH_GAME: "game",
}

# ---------------------------------------------------------------------- betting


def betting_for(state: HandState, seat: int, verb: str) -> BettingRound:
    """The round under way, unless a question or no round stands in the way."""
    name = state.names[seat]
    if state.decision is not None:
        asked = state.names[state.decision.seat]
        pay_pot = state.decision.kind == "pay_pot"
        what = "pay the pot or fold" if pay_pot else "buy or decline the extra card"
        raise OutOfTurnError(
            f"{name} cannot {verb}: {asked} must first {what}",
            code="act_waits_pay_pot" if pay_pot else "act_waits_walk",
            params={"name": name, "verb": verb, "asked": asked},
        )
    if state.betting is None:
        raise OutOfTurnError(
            f"{name} cannot {verb}: nobody is betting now",
            code="act_no_betting",
            params={"name": name, "verb": verb},
        )
    return state.betting


def _amount(args: ActionArgs) -> int:
    if args.amount is None:
        raise EngineError("a bet or a raise needs an amount", code="amount_missing")
    return args.amount


_EVENT_BY_ACTION: Final = {
    ActionKind.CHECK: EventKind.CHECK,
    ActionKind.BET: EventKind.BET,
    ActionKind.CALL: EventKind.CALL,
    ActionKind.RAISE: EventKind.RAISE,
    ActionKind.FOLD: EventKind.FOLD,
    ActionKind.BRING_IN: EventKind.BRING_IN,
}


def after_bet(state: HandState, action: BettingAction) -> Event:
    """The round's chips and folds become the hand's; the action becomes an event."""
    betting = state.betting
    assert betting is not None  # only called right after a betting action
    state.stacks = list(betting.stacks)
    state.put_in = betting.contributions
    state.folded = list(betting.folded)
    kind = _EVENT_BY_ACTION[action.kind]
    return state.record(kind, action.seat, chips=action.chips, all_in=action.all_in)


def _betting_move(
    verb: str,
    verify: Callable[[BettingRound, int, ActionArgs], object],
    apply: Callable[[BettingRound, int, ActionArgs], BettingAction],
) -> Move:
    def check(state: HandState, seat: int, args: ActionArgs) -> None:
        verify(betting_for(state, seat, verb), seat, args)

    def act(state: HandState, seat: int, args: ActionArgs) -> Event:
        return after_bet(state, apply(betting_for(state, seat, verb), seat, args))

    return Move(check, act)


# ---------------------------------------------------------------------- questions


def _verify_decision(state: HandState, seat: int, kind: DecisionKind, verb: str) -> Decision:
    name = state.names[seat]
    decision = state.decision
    if decision is None or decision.kind != kind or decision.seat != seat:
        why = (
            "only a face-up 3 asks for the pot"
            if kind == "pay_pot"
            else "nobody is offered an extra card"
        )
        raise NoDecisionError(
            f"{name} cannot {verb}: {name} was not asked to; {why}",
            code="not_asked_pay_pot" if kind == "pay_pot" else "not_asked_walk",
            params={"name": name, "verb": verb},
        )
    return decision


def _verify_fold(state: HandState, seat: int, args: ActionArgs) -> None:
    """Fold facing a bet, or instead of paying the pot for a face-up 3."""
    if state.decision is not None and state.decision.kind == "pay_pot":
        _verify_decision(state, seat, "pay_pot", "fold")
        return
    betting_for(state, seat, "fold").verify_fold(seat=seat)


def _fold(state: HandState, seat: int, args: ActionArgs) -> Event:
    if state.betting is not None and state.decision is None:
        return after_bet(state, state.betting.fold(seat=seat))
    state.folded[seat] = True
    if state.betting is not None:
        # A face-up 3 brought by an extra card claimed during a betting round: the
        # round must know the player is out.
        state.betting.forfeit(seat=seat)
    state.decision = None
    return state.record(EventKind.FOLD, seat)


def _verify_pay_pot(state: HandState, seat: int, args: ActionArgs) -> None:
    _verify_decision(state, seat, "pay_pot", "pay the pot")


def _pay_pot(state: HandState, seat: int, args: ActionArgs) -> Event:
    chips = _verify_decision(state, seat, "pay_pot", "pay the pot").chips
    state.move(seat, chips)
    state.decision = None
    return state.record(EventKind.PAY_POT, seat, chips=chips)


def _verify_buy_walk(state: HandState, seat: int, args: ActionArgs) -> None:
    _verify_decision(state, seat, "buy_walk", "buy the extra card")


def _buy_walk(state: HandState, seat: int, args: ActionArgs) -> Event:
    decision = _verify_decision(state, seat, "buy_walk", "buy the extra card")
    state.move(seat, decision.chips)
    state.decision = None
    state.to_deal.insert(0, (seat, decision.face))
    return state.record(EventKind.BUY_WALK, seat, chips=decision.chips)


def _verify_decline_walk(state: HandState, seat: int, args: ActionArgs) -> None:
    _verify_decision(state, seat, "buy_walk", "decline the extra card")


def _decline_walk(state: HandState, seat: int, args: ActionArgs) -> Event:
    state.decision = None
    return state.record(EventKind.DECLINE_WALK, seat)


HAND_MOVES: Final[Mapping[ActionName, Move]] = {
    ActionName.CHECK: _betting_move(
        "check", lambda b, s, a: b.verify_check(seat=s), lambda b, s, a: b.check(seat=s)
    ),
    ActionName.CALL: _betting_move(
        "call", lambda b, s, a: b.verify_call(seat=s), lambda b, s, a: b.call(seat=s)
    ),
    ActionName.BET: _betting_move(
        "bet",
        lambda b, s, a: b.verify_bet(seat=s, amount=_amount(a)),
        lambda b, s, a: b.bet(seat=s, amount=_amount(a)),
    ),
    ActionName.RAISE_BY: _betting_move(
        "raise",
        lambda b, s, a: b.verify_raise_by(seat=s, amount=_amount(a)),
        lambda b, s, a: b.raise_by(seat=s, amount=_amount(a)),
    ),
    ActionName.ALL_IN: _betting_move(
        "go all-in", lambda b, s, a: b.verify_all_in(seat=s), lambda b, s, a: b.all_in(seat=s)
    ),
    ActionName.BRING_IN: _betting_move(
        "bring it in",
        lambda b, s, a: b.verify_post_bring_in(seat=s),
        lambda b, s, a: b.post_bring_in(seat=s),
    ),
    ActionName.FOLD: Move(_verify_fold, _fold),
    ActionName.PAY_POT: Move(_verify_pay_pot, _pay_pot),
    ActionName.BUY_WALK: Move(_verify_buy_walk, _buy_walk),
    ActionName.DECLINE_WALK: Move(_verify_decline_walk, _decline_walk),
    # Whenever the holder wishes, whatever step is in play (steps.claims).
    ActionName.CLAIM_EXTRA: claims.CLAIM_MOVE,
}

# ---------------------------------------------------------------------- leaving


def verify_forfeit(state: HandState, seat: int) -> None:
    """A player may leave the hand at any moment, in turn or not, except in a game
    that settles everyone together at its end (Guts, Shelby)."""
    name = state.verify_not_over(seat, "leave the hand")
    if seat in state.departed:
        raise IllegalActionError(
            f"{name} has already left the hand", code="left_already", params={"name": name}
        )
    if not all(step.allows_forfeit for step in state.rules.steps):
        raise ForfeitError(
            f"{name} cannot leave during a hand of {state.rules.name}: "
            "its chips are settled only at the end",
            code="leave_not_now",
            params={"name": name, "game": state.rules.name},
        )


def forfeit(state: HandState, seat: int) -> Event:
    """``seat`` leaves the hand: folded, whatever they owe, wherever the hand is.

    Their chips in the pot stay there (they can win none of it back); the hand
    goes on without them, or ends if one player is left. Not a move of the game:
    for a player who goes home mid-hand, as the host decides.
    """
    state.departed.append(seat)
    if state.betting is not None:
        state.betting.forfeit(seat=seat)
    state.folded[seat] = True
    if state.decision is not None and state.decision.seat == seat:
        state.decision = None
    step = state.step
    if step is not None:
        step.forfeit(state, seat)
    return state.record(EventKind.LEAVE, seat)


# ---------------------------------------------------------------------- nobody answers


def _refusal(refuse: Callable[[HandState, int], None]) -> Move:
    def never(state: HandState, seat: int, args: ActionArgs) -> Event:
        raise AssertionError("a refused action is never applied")

    return Move(lambda state, seat, args: refuse(state, seat), never)


REFUSALS: Final[Mapping[ActionName, Move]] = {
    ActionName.FLIP: _refusal(flip.refuse_flip),
    ActionName.DRAW: _refusal(draw.refuse_draw),
    ActionName.DECLARE_IN: _refusal(declare.refuse("be in")),
    ActionName.DECLARE_OUT: _refusal(declare.refuse("be out")),
    ActionName.HOLD: _refusal(declare.refuse("hold")),
    ActionName.DROP: _refusal(declare.refuse("drop")),
    ActionName.SWITCH_GAME: _refusal(variants.refuse_switch),
    ActionName.KEEP_GAME: _refusal(variants.refuse_keep),
    ActionName.BUY_CARD: _refusal(shelby.refuse_offer("buy an extra card")),
    ActionName.DECLINE_CARD: _refusal(shelby.refuse_offer("decline an extra card")),
    ActionName.CALL_SPIT: _refusal(spit_call.refuse_call),
    ActionName.PASS_SPIT: _refusal(spit_call.refuse_pass),
    **{a: hi_lo_declare.refuse_declare(v) for a, v in hi_lo_declare.DECLARE_VERBS.items()},
}
