"""``python -m engine settle``: settle one hand or one Guts/Shelby deal given as JSON on stdin.

``"kind": "hand"`` (or no kind) is a poker hand dealt with real cards
(:mod:`engine.table_hand.json_io` describes the format); ``"kind": "guts"`` and
``"kind": "shelby"`` go to the Guts and Shelby settlements. The answer is pretty
JSON on standard output; bad input exits with status 2 and a message naming
the problem on standard error.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from typing import Any

from engine.errors import EngineError

_EPILOG = """\
example (Baseball: Anna paid the pot of 15 on a face-up 3):
  echo '{"game": "baseball", "dealer": "Eva", "ante": 1,
         "players": ["Anna", "Ben", "Carla", "Dan", "Eva"],
         "put_in": {"Anna": 18, "Ben": 3, "Carla": 3, "Dan": 3, "Eva": 3},
         "pot_payments": [{"player": "Anna", "amount": 15}],
         "folded": ["Dan", "Eva"],
         "showdown": {"ranking": ["Anna", ["Ben", "Carla"]]}}' | python -m engine settle

example (Sequence high/low with declaration: each player who shows declares
high, low or both; Anna's royal flush declared both but loses the low, so she
gets nothing and Ben's high and Carla's low split the pot):
  echo '{"game": "sequence", "dealer": "Carla", "options": {"high_low": true},
         "players": ["Anna", "Ben", "Carla"],
         "put_in": {"Anna": 10, "Ben": 10, "Carla": 10},
         "declare": {"Anna": "both", "Ben": "high", "Carla": "low"},
         "showdown": {"cards": {"Anna": "Ah Kh Qh Jh Th 2c 3c",
                                "Ben": "As Ad Ac Kd Ks 9h 8h",
                                "Carla": "2d 3d 4s 5c 7h Qs Jd"}}}' | python -m engine settle

Jack the Shifter switched by a jack: "switched_to": "good-bad-ugly" (a game of the
options allow_<game>) sizes and ranks the hands shown as that game.
"""

# Each kind's settlement lives in the module that knows the game; imported on
# demand so that a hand never loads Guts code and the other way round.
_SETTLERS = {
    "hand": ("engine.table_hand", "settle_table_hand_json"),
    "guts": ("engine.games.families.guts.json_io", "settle_guts_json"),
    "shelby": ("engine.games.families.shelby.json_io", "settle_shelby_json"),
}


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    subparsers.add_parser(
        "settle",
        help="settle a hand or a Guts deal given as JSON on standard input",
        description=(
            'Read one hand (or one Guts or Shelby deal, with "kind": "guts" or "shelby") '
            "as JSON on standard input and print the pots, the winners and every player's "
            "net result as JSON. The README describes the format."
        ),
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def run(args: argparse.Namespace) -> int:
    del args  # the whole input comes on standard input
    try:
        data = json.load(sys.stdin)
    except json.JSONDecodeError as exc:
        return _fail(f"the input is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
    if not isinstance(data, dict):
        return _fail("the input must be one JSON object describing a hand or a deal")
    kind = data.get("kind", "hand")
    if kind not in _SETTLERS:
        return _fail(f"unknown kind {kind!r}: use {', '.join(_SETTLERS)}")
    settle = _settler(kind)
    if settle is None:
        return _fail(f"settling a {kind} deal is not available in this version of the engine")
    try:
        answer = settle(data)
    except EngineError as exc:
        return _fail(str(exc))
    json.dump(answer, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _settler(kind: str) -> Callable[[dict[str, Any]], dict[str, Any]] | None:
    module_name, function = _SETTLERS[kind]
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    settle: Callable[[dict[str, Any]], dict[str, Any]] | None = getattr(module, function, None)
    return settle


def _fail(message: str) -> int:
    print(f"settle: {message}", file=sys.stderr)
    return 2
