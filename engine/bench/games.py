"""No Peek speed: hands per second of ``simulate no-peek-baseball`` and the time of
:func:`engine.games.odds.odds` for six players.

Each figure is the best of ``repeats`` runs (the least disturbed one). The odds
are timed after one untimed call, as the evaluator fills its memo tables once
a process (about a second); that first call is reported too.

>>> figures = nopeek_figures(hands=50, trials=500, repeats=1)
>>> sorted(figures)
['odds_first_seconds', 'odds_seconds', 'simulate_hands_per_second']
"""

from __future__ import annotations

import random
import time


def nopeek_figures(
    *, hands: int = 2_000, trials: int = 10_000, seed: int = 0, repeats: int = 3
) -> dict[str, float]:
    """``simulate_hands_per_second``: six-player No-Peek Baseball hands played at random;
    ``odds_seconds``: :func:`~engine.games.odds.odds` with ``trials`` trials for six
    No Peek players at the start of a hand (``odds_first_seconds``: the first call)."""
    from engine.cli.simulate import simulate
    from engine.games import HandState, make_rules
    from engine.games.odds import odds

    rate = 0.0
    for _ in range(repeats):
        result = simulate(
            game="no-peek-baseball", hands=hands, players=6, seed=seed, stack=100, options={}
        )
        rate = max(rate, result.hands_per_second)
    state = HandState.start(
        make_rules("no-peek"),
        names=[f"P{seat + 1}" for seat in range(6)],
        stacks=[100] * 6,
        dealer=0,
        rng=random.Random(seed),
    )
    began = time.perf_counter()
    odds(state, trials=trials, rng=random.Random(seed))
    first = time.perf_counter() - began
    best = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        odds(state, trials=trials, rng=random.Random(seed))
        best = min(best, time.perf_counter() - began)
    return {
        "simulate_hands_per_second": rate,
        "odds_seconds": best,
        "odds_first_seconds": first,
    }
