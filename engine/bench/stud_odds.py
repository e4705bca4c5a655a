"""The table's win odds in every game that shows them, timed street by street.

For each game :func:`~engine.games.odds.shows_odds` names, a six-player hand is
played with random legal moves that never fold (six players still in is the
slowest case), and :func:`~engine.games.odds.odds` is timed after every move
that dealt a card. The evaluator fills its memo tables as it meets new hand
shapes, so a process's first hands are slower than the rest of the night: the
script plays a pass untimed first (other seeds), then times a second pass.
Each time is the wall clock and the process's CPU time (on a shared machine
the wall clock also counts waiting for a core).

>>> figures = stud_odds_figures(games=("seven-card-stud",), trials=200, seed=1)
>>> sorted(figures[0])
['calls', 'cpu_max_ms', 'cpu_p50_ms', 'game', 'max_ms', 'p50_ms']
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

# The app's sample budget (gamenight.services.digital.ODDS_TRIALS).
TRIALS = 4000


def odds_games() -> list[str]:
    """Every game whose table shows odds and that six may play."""
    from engine.games import GAMES
    from engine.games.odds import shows_odds

    return [name for name, rules in GAMES.items() if shows_odds(rules) and rules.max_players >= 6]


def first_call_ms(*, trials: int = TRIALS, seed: int = 0) -> float:
    """The first call of a process (the evaluator's tables are filled then)."""
    from engine.games import HandState, make_rules
    from engine.games.odds import odds

    state = HandState.start(
        make_rules("seven-card-stud"),
        names=[f"P{seat + 1}" for seat in range(6)],
        stacks=[1000] * 6,
        dealer=0,
        rng=random.Random(seed),
    )
    began = time.perf_counter()
    odds(state, trials=trials, rng=random.Random(seed))
    return (time.perf_counter() - began) * 1000


def stud_odds_figures(
    *, games: tuple[str, ...] | None = None, trials: int = TRIALS, seed: int = 0, hands: int = 3
) -> list[dict[str, Any]]:
    """Per game: how many odds were worked out, their median and slowest time (ms)."""
    from engine.games import ActionName, HandState, make_rules
    from engine.games.odds import odds

    rows = []
    for game in games or tuple(odds_games()):
        times: list[float] = []
        cpu: list[float] = []
        for number in range(hands):
            rng = random.Random(seed * 1000 + number)
            state = HandState.start(
                make_rules(game),
                names=[f"P{seat + 1}" for seat in range(6)],
                stacks=[1000] * 6,
                dealer=0,
                rng=rng,
            )
            seen = -1
            for _ in range(500):
                if state.is_over or state.actor is None:
                    break
                dealt = sum(len(held) for held in state.cards) + len(state.table)
                if dealt != seen:
                    seen = dealt
                    began, began_cpu = time.perf_counter(), time.process_time()
                    odds(state, trials=trials, rng=random.Random(dealt))
                    times.append((time.perf_counter() - began) * 1000)
                    cpu.append((time.process_time() - began_cpu) * 1000)
                legal = [a for a in state.legal_actions() if a.kind is not ActionName.FOLD]
                choice = rng.choice(legal or state.legal_actions())
                amount = (
                    choice.min_amount
                    if choice.kind in (ActionName.BET, ActionName.RAISE_BY)
                    else None
                )
                state.act(choice.kind, seat=state.actor, amount=amount, game=choice.game)
        rows.append(
            {
                "game": game,
                "calls": len(times),
                "p50_ms": statistics.median(times) if times else 0.0,
                "max_ms": max(times, default=0.0),
                "cpu_p50_ms": statistics.median(cpu) if cpu else 0.0,
                "cpu_max_ms": max(cpu, default=0.0),
            }
        )
    return rows
