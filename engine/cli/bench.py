"""``python -m engine bench``: speed figures of the engine beside its peers."""

from __future__ import annotations

import argparse

from engine.bench.evaluation import Figure, evaluation_figures
from engine.bench.games import nopeek_figures
from engine.bench.games_guts import guts_figures


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "bench", help="measure speed", description="Measure the engine beside treys and eval7."
    )
    parser.add_argument("--hands", type=int, default=200_000, help="random hands (200,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure; best counts")
    parser.add_argument(
        "--no-games", action="store_true", help="only the hand evaluation, not the digital games"
    )


def _rate(figures: list[Figure], name_start: str) -> float | None:
    return next((f.hands_per_second for f in figures if f.name.startswith(name_start)), None)


def run(args: argparse.Namespace) -> int:
    print(f"hand evaluation: {args.hands:,} random 7-card hands, seed {args.seed}")
    figures = evaluation_figures(hands=args.hands, seed=args.seed, repeats=args.repeats)
    for figure in figures:
        rate = f"{figure.hands_per_second:,.0f} hands/s" if figure.hands_per_second else figure.note
        print(f"  {figure.name:<36} {rate}")
    if not args.no_games:
        _print_games(repeats=args.repeats, seed=args.seed)
    single, batch = _rate(figures, "ours single"), _rate(figures, "ours batch")
    treys, eval7 = _rate(figures, "treys"), _rate(figures, "eval7")
    if batch and eval7:
        print(f"batch_vs_eval7={batch / eval7:.2f}")
    print(f"ratio_vs_treys={single / treys:.2f}" if single and treys else "ratio_vs_treys=n/a")
    return 0


def _print_games(*, repeats: int, seed: int) -> None:
    """Digital hands played with random legal actions, and the No Peek win odds."""
    nopeek = nopeek_figures(seed=seed, repeats=repeats)
    guts = guts_figures(seed=seed, repeats=repeats)
    print("digital games (random legal actions, one core):")
    print(
        f"  {'no-peek-baseball, 6 players':<36} {nopeek['simulate_hands_per_second']:,.0f} hands/s"
    )
    print(f"  {'guts, 6 players, pot carried':<36} {guts:,.0f} deals/s")
    print(
        f"  {'odds, 10,000 trials, 6 No Peek':<36} {nopeek['odds_seconds']:.3f} s "
        f"(first call {nopeek['odds_first_seconds']:.2f} s)"
    )
