"""The legal actions of a betting turn, as records a player's screen can offer."""

from __future__ import annotations

from engine.betting import BettingRound
from engine.games.events import ActionName, LegalAction


def betting_actions(betting: BettingRound, seat: int) -> list[LegalAction]:
    """The actions open to ``seat`` in the round, with the bet and raise sizes its stack allows.

    A short stack may still bet or raise all it has below the smallest size;
    then the smallest and largest amounts are both that all-in amount.

    Each possibility is verified by the round itself, once: this runs before
    every action of a simulated hand, so the all-in answer reuses the call,
    bet or raise it amounts to instead of verifying them again.
    """
    if betting.actor != seat:
        return []
    actions: list[LegalAction] = []
    owed = betting.owed(seat)
    stack = betting.stacks[seat]
    can_call = False
    if betting.bring_in_due:
        # Third street with a bring-in: post it, or complete (a bet) below.
        if betting.can_post_bring_in(seat=seat):
            chips = min(stack, betting.bring_in)
            actions.append(LegalAction(kind=ActionName.BRING_IN, chips=chips))
    elif owed == 0:
        if betting.can_check(seat=seat):
            actions.append(LegalAction(kind=ActionName.CHECK))
    else:
        can_call = betting.can_call(seat=seat)
        if can_call:
            actions.append(LegalAction(kind=ActionName.CALL, chips=min(stack, owed)))
        if betting.can_fold(seat=seat):
            actions.append(LegalAction(kind=ActionName.FOLD))
    all_in: bool
    if betting.current_bet == 0:
        low, high = betting.bet_sizes()
        least, most = min(low, stack), stack if high is None else min(high, stack)
        if betting.can_bet(seat=seat, amount=least):
            actions.append(LegalAction(kind=ActionName.BET, min_amount=least, max_amount=most))
            all_in = most == stack or betting.can_bet(seat=seat, amount=stack)
        else:
            all_in = False
    else:
        room = stack - owed
        low, high = betting.raise_sizes(seat)
        least, most = min(low, room), room if high is None else min(high, room)
        can_raise = least >= 1 and betting.can_raise_by(seat=seat, amount=least)
        if can_raise:
            actions.append(LegalAction(kind=ActionName.RAISE_BY, min_amount=least, max_amount=most))
        if stack <= owed:
            all_in = can_call
        elif can_raise and most == room:
            all_in = True
        else:
            all_in = room >= 1 and betting.can_raise_by(seat=seat, amount=room)
    if all_in:
        actions.append(LegalAction(kind=ActionName.ALL_IN, chips=stack))
    return actions
