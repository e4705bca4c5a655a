"""The legal actions offered to a bettor agree with what the betting round accepts.

``betting_actions`` takes shortcuts (it reuses the call, bet or raise answer
for the all-in) because it runs before every simulated action; this checks
the shortcuts against the round's own ``can_*`` on thousands of random turns.
"""

from __future__ import annotations

import random

from engine.betting import BettingRound
from engine.betting.limits import FixedLimit, PotLimit, SpreadLimit
from engine.games.events import ActionName, LegalAction
from engine.games.legal_actions import betting_actions


def _play_random_round(rng: random.Random) -> int:
    seats = rng.randint(2, 6)
    betting = BettingRound.start(
        stacks=[rng.choice([1, 2, 3, 5, 10, 30]) for _ in range(seats)],
        opener=rng.randrange(seats),
        limit=rng.choice([SpreadLimit(), FixedLimit(amount=2), PotLimit()]),
        raise_cap=rng.choice([None, 1, 3]),
    )
    turns = 0
    while (seat := betting.actor) is not None:
        offered = betting_actions(betting, seat)
        kinds = {action.kind for action in offered}
        assert (ActionName.CHECK in kinds) == betting.can_check(seat=seat)
        assert (ActionName.CALL in kinds) == betting.can_call(seat=seat)
        assert (ActionName.FOLD in kinds) == betting.can_fold(seat=seat)
        assert (ActionName.ALL_IN in kinds) == betting.can_all_in(seat=seat)
        for action in offered:
            if action.min_amount is not None and action.max_amount is not None:
                verify = betting.can_bet if action.kind is ActionName.BET else betting.can_raise_by
                assert verify(seat=seat, amount=action.min_amount)
                assert verify(seat=seat, amount=action.max_amount)
        other = (seat + 1) % seats
        assert betting_actions(betting, other) == []
        _apply(betting, seat, rng.choice(offered), rng)
        turns += 1
    return turns


def _apply(betting: BettingRound, seat: int, action: LegalAction, rng: random.Random) -> None:
    if action.kind is ActionName.CHECK:
        betting.check(seat=seat)
    elif action.kind is ActionName.CALL:
        betting.call(seat=seat)
    elif action.kind is ActionName.FOLD:
        betting.fold(seat=seat)
    elif action.kind is ActionName.ALL_IN:
        betting.all_in(seat=seat)
    else:
        assert action.min_amount is not None
        assert action.max_amount is not None
        amount = rng.randint(action.min_amount, action.max_amount)
        if action.kind is ActionName.BET:
            betting.bet(seat=seat, amount=amount)
        else:
            betting.raise_by(seat=seat, amount=amount)


def test_offered_actions_are_exactly_the_ones_the_round_accepts() -> None:
    rng = random.Random(20261130)
    turns = sum(_play_random_round(rng) for _ in range(2000))
    assert turns > 5000
