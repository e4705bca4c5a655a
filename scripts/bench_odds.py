#!/usr/bin/env python3
"""How long the TV's win odds take: every game that shows them, six players, each street.

    .venv/bin/python scripts/bench_odds.py              # the app's 4,000 trials
    .venv/bin/python scripts/bench_odds.py --trials 10000
    .venv/bin/python scripts/bench_odds.py --no-pokerkit  # skip the slow comparison

First the first call of a process, in fresh processes: cold (the evaluator's memo
tables empty, as a web process had it before issue 16's warm-up) and after the
start-up warm-up (engine/games/odds_warm_up.py, which the web process runs in a
background thread), with the warm-up's own time. Then, after an untimed first
pass, one line a game: how many odds, median and slowest in ms, by the wall clock
and by the process's CPU time (on a shared machine the wall clock also counts the
wait for a core). Then PokerKit's equity of a six-player third street
(``pokerkit.calculate_equities``, its own sampler and evaluator) beside ours
(warm), for time and agreement. Last ``odds_first_ms=N odds_first_cold_ms=N odds_max_ms=N
odds_cpu_max_ms=N target_ms=100``.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.bench.stud_odds import TRIALS, first_call_ms, stud_odds_figures  # noqa: E402


def _first_call(*, warm: bool, trials: int, seed: int) -> dict[str, float]:
    """The first odds call of this process, after the warm-up or without it."""
    warm_up_ms = 0.0
    if warm:
        from engine.games.odds_warm_up import warm_odds_tables

        began = time.perf_counter()
        warm_odds_tables()
        warm_up_ms = (time.perf_counter() - began) * 1000
    first = first_call_ms(trials=trials, seed=seed)
    second = first_call_ms(trials=trials, seed=seed + 1)
    return {"warm_up_ms": warm_up_ms, "first_ms": first, "second_ms": second}


def _in_fresh_process(*, warm: bool, trials: int, seed: int) -> dict[str, float]:
    flag = "--measure-warm" if warm else "--measure-cold"
    out = subprocess.run(
        [sys.executable, __file__, flag, "--trials", str(trials), "--seed", str(seed)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout
    figures: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return figures


def _pokerkit_side_by_side(*, trials: int, samples: int, seed: int) -> str:
    """Our odds and PokerKit's equity of one six-player third street, timed."""
    from pokerkit import Card, Deck, StandardHighHand, calculate_equities

    from engine.cards import ALL_CARDS
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
    ours = odds(state, trials=trials, rng=random.Random(seed))
    ours_ms = (time.perf_counter() - began) * 1000
    # Each player's range is the one hand of their face-up cards; PokerKit deals the
    # rest up to seven cards from the cards nobody shows, as our odds do.
    ranges = [
        [tuple(Card.parse("".join(str(ALL_CARDS[c]) for c in state.up_cards(seat))))]
        for seat in range(6)
    ]
    random.seed(seed)  # PokerKit samples with the global random source
    began = time.perf_counter()
    theirs = calculate_equities(
        ranges, (), 7, 0, Deck.STANDARD, (StandardHighHand,), sample_count=samples
    )
    theirs_ms = (time.perf_counter() - began) * 1000
    gap = max(abs(ours[seat] - theirs[seat]) for seat in range(6))
    return (
        f"vs PokerKit, six at third street: ours {trials:,} trials {ours_ms:.0f} ms, "
        f"PokerKit {samples:,} samples {theirs_ms:.0f} ms; largest difference "
        f"{gap * 100:.1f} points\n"
        f"  ours     {' '.join(f'{ours[s]:.3f}' for s in range(6))}\n"
        f"  PokerKit {' '.join(f'{theirs[s]:.3f}' for s in range(6))}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--trials", type=int, default=TRIALS)
    parser.add_argument("--hands", type=int, default=3, help="hands a game (3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pokerkit-samples", type=int, default=1000)
    parser.add_argument("--no-pokerkit", action="store_true")
    parser.add_argument("--measure-cold", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--measure-warm", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure_cold or args.measure_warm:
        figures = _first_call(warm=args.measure_warm, trials=args.trials, seed=args.seed)
        print(json.dumps(figures))
        return 0
    cold = _in_fresh_process(warm=False, trials=args.trials, seed=args.seed)
    warm = _in_fresh_process(warm=True, trials=args.trials, seed=args.seed)
    print(f"odds, 6 players, {args.trials:,} trials; the first call of a process:")
    print(
        f"  cold (no warm-up)     first {cold['first_ms']:6.1f} ms, next {cold['second_ms']:6.1f}"
    )
    print(
        f"  after the warm-up     first {warm['first_ms']:6.1f} ms, next {warm['second_ms']:6.1f}"
        f"  (the warm-up itself {warm['warm_up_ms']:.0f} ms, in the background)"
    )
    first_pass = stud_odds_figures(trials=args.trials, seed=args.seed + 1, hands=args.hands)
    print(f"first pass (tables filling), slowest: {max(r['max_ms'] for r in first_pass):.0f} ms")
    rows = stud_odds_figures(trials=args.trials, seed=args.seed, hands=args.hands)
    for row in rows:
        print(
            f"  {row['game']:<20} {row['calls']:>3} odds  "
            f"p50 {row['p50_ms']:6.1f} ms  max {row['max_ms']:6.1f} ms  "
            f"(CPU p50 {row['cpu_p50_ms']:5.1f}  max {row['cpu_max_ms']:5.1f})"
        )
    if not args.no_pokerkit:
        from engine.games.odds_warm_up import warm_odds_tables

        warm_odds_tables()  # as the web process has them: ours timed warm
        print(
            _pokerkit_side_by_side(
                trials=args.trials, samples=args.pokerkit_samples, seed=args.seed
            )
        )
    worst = max(row["max_ms"] for row in rows)
    worst_cpu = max(row["cpu_max_ms"] for row in rows)
    print(
        f"odds_first_ms={warm['first_ms']:.0f} odds_first_cold_ms={cold['first_ms']:.0f} "
        f"odds_max_ms={worst:.0f} odds_cpu_max_ms={worst_cpu:.0f} target_ms=100"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
