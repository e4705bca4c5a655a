"""The odds' tables warmed before the first TV asks (issue 16: up to 170 ms on a first call).

The batch evaluator memoises every rank shape it meets; a fresh web process met
thousands of new seven-card shapes in its first odds and filled them one by one
in Python. :func:`engine.games.odds_warm_up.warm_odds_tables` fills every
seven-card shape beforehand, so a first odds call meets none it does not know,
and the strengths it gives are the ones filling on first sight gives.
No timing here: scripts/bench_odds.py measures the first and warm calls.
"""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from engine.games import HandState, make_rules
from engine.games.odds import odds
from engine.games.odds_warm_up import WARM_WILDS, warm_odds_tables, warm_up_in_background
from engine.hands.fast_eval import FastEvaluator
from engine.hands.rankings import BASEBALL_WILD


def _six_at_third_street(game: str, seed: int) -> HandState:
    return HandState.start(
        make_rules(game),
        names=[f"P{seat}" for seat in range(6)],
        stacks=[1000] * 6,
        dealer=0,
        rng=random.Random(seed),
    )


@pytest.mark.parametrize("wild", [frozenset(), BASEBALL_WILD])
def test_a_warm_evaluator_meets_no_new_seven_card_shape(wild: frozenset[int]) -> None:
    warm = FastEvaluator(wild)
    filled = warm.warm(cards=7)
    assert filled == len(warm._plain) > 10_000
    rng = np.random.default_rng(3)
    hands = np.array([rng.choice(52, size=7, replace=False) for _ in range(5000)])
    before = (len(warm._plain), len(warm._flush))
    strengths = warm.batch(hands)
    assert (len(warm._plain), len(warm._flush)) == before
    # The same answers as an evaluator that fills its tables as it goes.
    assert (strengths == FastEvaluator(wild).batch(hands)).all()
    assert [warm.strength(list(h)) for h in hands[:200]] == list(strengths[:200])


def test_the_odds_after_the_warm_up_are_the_odds_before() -> None:
    state = _six_at_third_street("seven-card-stud", 4)
    cold = odds(state, trials=500, rng=random.Random(1))
    warm_odds_tables()
    assert odds(state, trials=500, rng=random.Random(1)) == cold


def test_the_warm_up_covers_stud_and_baseball() -> None:
    assert frozenset() in WARM_WILDS
    assert BASEBALL_WILD in WARM_WILDS


def test_the_background_warm_up_is_a_daemon_thread_that_ends() -> None:
    thread = warm_up_in_background()
    assert isinstance(thread, threading.Thread)
    assert thread.daemon
    thread.join()
    assert not thread.is_alive()
