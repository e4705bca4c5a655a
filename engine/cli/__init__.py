"""The engine's command line: one module per subcommand.

Each subcommand module has ``add_parser(subparsers)`` and ``run(args) -> int``;
an exit status of 2 means bad input, with a message on standard error.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

# Each subcommand module imports the heavy parts (NumPy, the benchmark peers)
# inside its ``run``, so ``rank`` starts fast.
SUBCOMMANDS = ("rank", "settle", "play", "simulate", "bench")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine",
        description="Poker engine for home games: rank hands, settle pots, benchmark.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"engine.cli.{name}")
        module.add_parser(subparsers)
        modules[name] = module
    args = parser.parse_args(argv)
    result: int = modules[args.command].run(args)
    return result
