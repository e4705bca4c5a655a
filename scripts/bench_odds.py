#!/usr/bin/env python3
"""How long the TV's win odds take: every game that shows them, six players, each street.

    .venv/bin/python scripts/bench_odds.py              # the app's 4,000 trials
    .venv/bin/python scripts/bench_odds.py --trials 10000

A first pass over every game (other seeds) is untimed: the evaluator fills its
memo tables with the hand shapes it meets, as a web worker does in its first
hands of a night. Then one line a game: how many odds, median and slowest in ms,
by the wall clock and by the process's CPU time (on a shared machine the wall
clock also counts the wait for a core). Last ``odds_max_ms=N odds_cpu_max_ms=N
target_ms=100``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bench.stud_odds import TRIALS, first_call_ms, stud_odds_figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=TRIALS)
    parser.add_argument("--hands", type=int, default=3, help="hands a game (3)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    first = first_call_ms(trials=args.trials, seed=args.seed)
    print(f"odds, 6 players, {args.trials:,} trials; first call of the process {first:.0f} ms")
    cold = stud_odds_figures(trials=args.trials, seed=args.seed + 1, hands=args.hands)
    print(f"first pass (tables filling), slowest: {max(r['max_ms'] for r in cold):.0f} ms")
    rows = stud_odds_figures(trials=args.trials, seed=args.seed, hands=args.hands)
    for row in rows:
        print(
            f"  {row['game']:<20} {row['calls']:>3} odds  "
            f"p50 {row['p50_ms']:6.1f} ms  max {row['max_ms']:6.1f} ms  "
            f"(CPU p50 {row['cpu_p50_ms']:5.1f}  max {row['cpu_max_ms']:5.1f})"
        )
    worst = max(row["max_ms"] for row in rows)
    worst_cpu = max(row["cpu_max_ms"] for row in rows)
    print(f"odds_max_ms={worst:.0f} odds_cpu_max_ms={worst_cpu:.0f} target_ms=100")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
