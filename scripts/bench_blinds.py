#!/usr/bin/env python3
"""Tournament-sized Hold'em and Omaha beside the home game: does anything grow with the chips?

    .venv/bin/python scripts/bench_blinds.py              # 1,000 hands a row, seed 1
    .venv/bin/python scripts/bench_blinds.py --hands 200

Plays the same number of random hands (engine.games.random_play, nine players)
in each row: the home game (stacks of 100, ante 1, spread limit 1 to 5), and
tournament levels of 25/50 and 2,000/4,000 with an ante of 500 (stacks of
10,000 to 60,000, no limit and pot limit). For each it prints the engine's
CPU time a hand and an action, the legal-action listing's time a call (the
seat page asks for it on every render, timed apart from the hand), and a
hand's saved JSON (size and
the time to read it back and write it again, as every move does). A row that
grew with the chips would show it here; none should.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from engine.betting import Blinds, Limit, NoLimit, PotLimit, SpreadLimit  # noqa: E402
from engine.games import HandState, make_rules  # noqa: E402
from engine.games.random_play import random_action  # noqa: E402

NAMES = [f"P{i}" for i in range(9)]


@dataclass(frozen=True)
class Row:
    label: str
    game: str
    limit: Limit
    blinds: Blinds | None
    stacks: tuple[int, ...]


ROWS = (
    Row("home game, ante 1, spread 1-5", "texas-holdem", SpreadLimit(), None, (100,)),
    Row("blinds 25/50, no limit", "texas-holdem", NoLimit(), Blinds(small=25, big=50), (10_000,)),
    Row(
        "blinds 2,000/4,000 ante 500, no limit",
        "texas-holdem",
        NoLimit(),
        Blinds(small=2_000, big=4_000, ante=500),
        (10_000, 25_000, 60_000),
    ),
    Row(
        "Omaha 2,000/4,000 ante 500, pot limit",
        "omaha",
        PotLimit(),
        Blinds(small=2_000, big=4_000, ante=500),
        (10_000, 25_000, 60_000),
    ),
)


def measure(row: Row, hands: int, seed: int) -> str:
    rng = random.Random(seed)
    rules = make_rules(row.game)
    play = listing = saving = 0.0
    actions = listings = size = 0
    for _ in range(hands):
        stacks = [rng.choice(row.stacks) for _ in NAMES]
        start = time.process_time()
        state = HandState.start(
            rules,
            names=NAMES,
            stacks=stacks,
            dealer=rng.randrange(len(NAMES)),
            rng=rng,
            limit=row.limit,
            raise_cap=None if row.blinds else 3,
            blinds=row.blinds,
        )
        listed = 0.0
        while not state.is_over:
            before = time.process_time()
            state.legal_actions()
            listed += time.process_time() - before
            listings += 1
            random_action(state, rng)
            actions += 1
        # The extra listings are timed on their own, not as part of the hand.
        play += time.process_time() - start - listed
        listing += listed
        start = time.process_time()
        text = state.to_json()
        HandState.from_json(text).to_json()
        saving += time.process_time() - start
        size += len(text)
    return (
        f"{row.label:<40} {1000 * play / hands:6.2f} ms a hand, "
        f"{1_000_000 * play / actions:6.0f} µs an action, "
        f"{actions / hands:4.1f} actions a hand, "
        f"{1_000_000 * listing / listings:5.0f} µs a listing, "
        f"JSON {size / hands / 1000:4.1f} kB read and written in "
        f"{1000 * saving / hands:5.2f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.hands:,} random nine-handed hands a row, seed {args.seed}, CPU time")
    for row in ROWS:
        print(measure(row, args.hands, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
