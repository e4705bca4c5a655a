"""The engine's command line: one module per subcommand.

Each subcommand module has ``add_parser(subparsers)`` and ``run(args) -> int``;
an exit status of 2 means bad input, with a message on standard error.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

# Subcommands are imported lazily so that ``rank`` does not pay for NumPy or
# the benchmark peers.
SUBCOMMANDS = ("rank", "settle", "bench")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine",
        description="Poker engine for home games: rank hands, settle pots, benchmark.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(f"engine.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"engine.cli.{name}":
                raise
            continue  # subcommand not built yet
        module.add_parser(subparsers)
        modules[name] = module
    args = parser.parse_args(argv)
    result: int = modules[args.command].run(args)
    return result
