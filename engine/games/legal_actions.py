"""The legal actions of a betting turn, as records a player's screen can offer."""

from __future__ import annotations

from engine.betting import BettingRound
from engine.games.events import ActionName, LegalAction


def betting_actions(betting: BettingRound, seat: int) -> list[LegalAction]:
    """The actions open to ``seat`` in the round, with the bet and raise sizes its stack allows.

    A short stack may still bet or raise all it has below the smallest size;
    then the smallest and largest amounts are both that all-in amount.
    """
    actions: list[LegalAction] = []
    if betting.can_check(seat=seat):
        actions.append(LegalAction(kind=ActionName.CHECK))
    if betting.can_call(seat=seat):
        actions.append(LegalAction(kind=ActionName.CALL, chips=betting.verify_call(seat=seat)))
    if betting.can_fold(seat=seat):
        actions.append(LegalAction(kind=ActionName.FOLD))
    stack = betting.stacks[seat]
    if betting.current_bet == 0:
        low, high = betting.bet_sizes()
        least, most = min(low, stack), stack if high is None else min(high, stack)
        if betting.can_bet(seat=seat, amount=least):
            actions.append(LegalAction(kind=ActionName.BET, min_amount=least, max_amount=most))
    else:
        room = stack - betting.owed(seat)
        low, high = betting.raise_sizes(seat)
        least, most = min(low, room), room if high is None else min(high, room)
        if least >= 1 and betting.can_raise_by(seat=seat, amount=least):
            actions.append(LegalAction(kind=ActionName.RAISE_BY, min_amount=least, max_amount=most))
    if betting.can_all_in(seat=seat):
        actions.append(LegalAction(kind=ActionName.ALL_IN, chips=stack))
    return actions
