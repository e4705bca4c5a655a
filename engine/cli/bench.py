"""``python -m engine bench``: speed figures of the engine beside its peers."""

from __future__ import annotations

import argparse

from engine.bench.evaluation import Figure, evaluation_figures


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "bench", help="measure speed", description="Measure the engine beside treys and eval7."
    )
    parser.add_argument("--hands", type=int, default=200_000, help="random hands (200,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure; best counts")


def _rate(figures: list[Figure], name_start: str) -> float | None:
    return next((f.hands_per_second for f in figures if f.name.startswith(name_start)), None)


def run(args: argparse.Namespace) -> int:
    print(f"hand evaluation: {args.hands:,} random 7-card hands, seed {args.seed}")
    figures = evaluation_figures(hands=args.hands, seed=args.seed, repeats=args.repeats)
    for figure in figures:
        rate = f"{figure.hands_per_second:,.0f} hands/s" if figure.hands_per_second else figure.note
        print(f"  {figure.name:<36} {rate}")
    single, batch = _rate(figures, "ours single"), _rate(figures, "ours batch")
    treys, eval7 = _rate(figures, "treys"), _rate(figures, "eval7")
    if batch and eval7:
        print(f"batch_vs_eval7={batch / eval7:.2f}")
    print(f"ratio_vs_treys={single / treys:.2f}" if single and treys else "ratio_vs_treys=n/a")
    return 0
