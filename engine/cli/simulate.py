"""``python -m engine simulate``: play many digital hands with random legal actions.

Prints how often each hand category won at the showdown (or that nobody had
to show), the average pot and the speed. Every hand starts from fresh stacks
(a game that carries chips between hands, Guts, goes on with the stacks, pot
and reserve of the hand before) and the deal moves one seat to the left each
hand; the seed makes a run repeatable.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import EngineError
from engine.games import GAMES, EventKind, HandState, make_rules
from engine.games.catalog import game_options
from engine.games.payout import rate_hands
from engine.games.random_play import play_out
from engine.hands.categories import Category, decode
from engine.hands.rankings import HighRanking

NO_SHOWDOWN = "no showdown"


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play random hands of a game",
        description=(
            "Play hands of a stud game with random legal actions and report which hands "
            "won, the average pot and hands per second."
        ),
        epilog=options_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", choices=sorted(GAMES), help="the game to play")
    parser.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    parser.add_argument("--players", type=int, default=5, help="players at the table (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--stack", type=int, default=100, help="chips each hand (default 100)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a house option, e.g. pot_cap=10 or extra_face=up (repeatable)",
    )


@dataclass(frozen=True, kw_only=True)
class Simulation:
    """What a run found: winning categories (by count), the pots, the time taken."""

    hands: int
    wins: Counter[str]
    pot_total: int
    seconds: float

    @property
    def average_pot(self) -> float:
        return self.pot_total / self.hands if self.hands else 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else float("inf")


def options_help() -> str:
    """Every game's house options for ``--help``, from the catalogue itself, so that a
    new option is listed without touching this module."""
    lines = ["house options (--option KEY=VALUE), by game:"]
    for game in sorted(GAMES):
        specs = game_options(game)
        lines.append(f"  {game}:" + ("" if specs else " none"))
        for spec in specs:
            if spec.kind == "bool":
                values = "yes|no"
            elif spec.kind == "face":
                values = "up|down"
            elif spec.kind == "choice":
                values = "|".join(spec.choices)
            else:
                values = "N|none"
            default = _default(spec.default)
            lines.append(f"    {spec.name}={values} (default {default}): {spec.help}")
    return "\n".join(lines)


def _default(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def parse_options(pairs: Sequence[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise EngineError(f"an option is written key=value, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def simulate(
    *, game: str, hands: int, players: int, seed: int, stack: int, options: dict[str, object]
) -> Simulation:
    """Play ``hands`` hands at random; raises EngineError for a bad game, option or table."""
    if hands < 1:
        raise EngineError(f"play at least one hand, not {hands}")
    rules = make_rules(game, options)
    rng = random.Random(seed)
    names = [f"P{seat + 1}" for seat in range(players)]
    wins: Counter[str] = Counter()
    pot_total = 0
    began = time.perf_counter()
    stacks = [stack] * players
    carry: dict[str, int] | None = None
    for number in range(hands):
        state = HandState.start(
            rules,
            names=names,
            stacks=stacks if carry is not None else [stack] * players,
            dealer=number % players,
            rng=rng,
            carry=carry,
        )
        play_out(state, rng)
        # A game that carries chips from hand to hand (the Guts pot and reserve)
        # keeps the night going: stacks and carried chips go on, and a player down
        # to a tenth of the starting stack rebuys, so the antes are always covered.
        carry = state.carry_out
        if carry is not None:
            short = max(1, stack // 10)
            stacks = [chips if chips >= short else stack for chips in state.stacks]
        pot_total += sum(state.put_in)
        wins[_winning_category(state)] += 1
    return Simulation(
        hands=hands, wins=wins, pot_total=pot_total, seconds=time.perf_counter() - began
    )


def _winning_category(state: HandState) -> str:
    """The category of the main pot's winning hand (the first winner named)."""
    if not state.shown:
        return NO_SHOWDOWN
    rated = rate_hands(state, state.shown)
    seat = next((e.seat for e in state.history if e.kind is EventKind.WIN), None)
    if seat is None:
        # A game settled by its own rules (Guts) records no WIN: take the best hand shown.
        seat = max(state.shown, key=lambda s: rated.scores[s])
    if not isinstance(state.ranking, HighRanking):
        return rated.names[seat]  # Guts rankings order categories their own way
    tier, _ = decode(rated.scores[seat])
    return Category(tier).name.lower().replace("_", " ")


def report(result: Simulation, *, game: str, players: int, seed: int) -> str:
    lines = [f"{game}: {result.hands} hands, {players} players, seed {seed}", "winning hands:"]
    for category, count in sorted(result.wins.items(), key=lambda item: (-item[1], item[0])):
        lines.append(f"  {category:<16} {100 * count / result.hands:6.2f}%  ({count})")
    lines.append(f"average pot: {result.average_pot:.2f} chips")
    lines.append(f"hands per second: {result.hands_per_second:.0f}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        result = simulate(
            game=args.game,
            hands=args.hands,
            players=args.players,
            seed=args.seed,
            stack=args.stack,
            options=parse_options(args.option),
        )
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report(result, game=args.game, players=args.players, seed=args.seed))
    return 0
