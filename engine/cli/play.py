"""``python -m engine play``: one digital hand in the terminal, the device passed round the table.

Each turn shows only what the seat to act may see (``seat_view``): their own
face-down cards (none in No Peek), everyone's face-up cards, the pot and the
legal actions, numbered. Type the number or the action's name, with an amount
for a bet or raise (``2 3``, ``bet 3``) or the cards for a draw (``draw Kh 4s``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TextIO

from engine.cards import parse_card
from engine.cli.simulate import parse_options
from engine.errors import EngineError
from engine.games import (
    GAMES,
    ActionName,
    EventKind,
    HandState,
    LegalAction,
    make_rules,
    seat_view,
)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a hand in the terminal",
        description="Play one digital hand; each seat sees only what it may see.",
    )
    parser.add_argument("game", choices=sorted(GAMES), help="the game to play")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--seed", type=int, default=None, help="random seed: the same hand again")
    parser.add_argument("--stack", type=int, default=100, help="chips each (default 100)")
    parser.add_argument("--names", default="", help="comma-separated names (default P1, P2 ...)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a house option"
    )


def describe_action(action: LegalAction) -> str:
    """``bet 1-5``, ``call 3``, ``pay_pot 15``, ``fold``."""
    text = action.kind.value
    if action.min_amount is not None and action.max_amount is not None:
        amounts = (
            str(action.min_amount)
            if action.min_amount == action.max_amount
            else f"{action.min_amount}-{action.max_amount}"
        )
        return f"{text} {amounts}"
    return f"{text} {action.chips}" if action.chips else text


def render_seat(view: Mapping[str, Any], *, seat: int) -> str:
    """The screen of ``seat``: the table, every player's visible cards, the actions."""
    players = view["players"]
    lines = [f"--- {players[seat]['name']}, your turn (nobody else looking) ---"]
    if view.get("table"):
        lines.append("middle: " + " ".join(view["table"]))
    for index, player in enumerate(players):
        shown = [card["card"] if card["up"] else f"[{card['card']}]" for card in player["cards"]]
        hidden = player["down_count"] - sum(1 for card in player["cards"] if not card["up"])
        cards = " ".join(shown + ["??"] * hidden) or "-"
        state = " (folded)" if player["folded"] else ""
        marker = "*" if index == seat else " "
        lines.append(
            f"{marker} {player['name']:<8} {player['stack']:>5} chips  in {player['put_in']:>3}"
            f"  {cards}{state}"
        )
    lines.append(f"pot {view['pot']}, to call {view['current_bet']}")
    for number, action in enumerate(view["legal_actions"], start=1):
        lines.append(f"  {number}) {describe_legal(action)}")
    return "\n".join(lines)


def describe_legal(action: Mapping[str, Any]) -> str:
    return describe_action(
        LegalAction(
            kind=ActionName(action["kind"]),
            min_amount=action["min_amount"],
            max_amount=action["max_amount"],
            chips=action["chips"],
        )
    )


def parse_choice(
    text: str, actions: Sequence[LegalAction]
) -> tuple[ActionName, int | None, list[int] | None]:
    """``2 3`` or ``bet 3`` or ``draw Kh 4s`` → the action, its amount and its cards."""
    tokens = text.split()
    if not tokens:
        raise EngineError("type the number or the name of an action")
    head, rest = tokens[0], tokens[1:]
    if _number(head):
        index = int(head) - 1
        if not 0 <= index < len(actions):
            raise EngineError(f"choose 1 to {len(actions)}")
        action = actions[index]
    else:
        named = next((a for a in actions if a.kind.value == head.lower()), None)
        if named is None:
            raise EngineError(f"{head!r} is not one of the actions offered")
        action = named
    amount: int | None = None
    cards: list[int] | None = None
    if action.min_amount is not None:
        if not rest or not _number(rest[0]):
            raise EngineError(f"{action.kind.value} needs an amount: {describe_action(action)}")
        amount = int(rest[0])
    elif action.kind is ActionName.DRAW:
        cards = [int(parse_card(token)) for token in rest]
    return action.kind, amount, cards


def _number(token: str) -> bool:
    """ASCII digits: "²" passes ``isdigit()`` but not ``int()``, "٣" is no chip count."""
    return token.isascii() and token.isdigit()


def play(state: HandState, lines: Iterator[str], out: TextIO) -> int:
    """Prompt each actor until the hand ends; 1 if the input ran out first."""
    while not state.is_over:
        seat = state.actor
        assert seat is not None  # a hand that is not over has someone to act
        out.write(render_seat(seat_view(state, seat), seat=seat) + "\n> ")
        out.flush()
        line = next(lines, None)
        if line is None:
            out.write("\nstopped: no more input\n")
            return 1
        try:
            action, amount, cards = parse_choice(line, state.legal_actions())
            event = state.act(seat=seat, action=action, amount=amount, cards=cards)
        except EngineError as exc:
            out.write(f"not possible: {exc}\n")
            continue
        chips = f" {event.chips}" if event.chips else ""
        out.write(f"{state.names[seat]}: {event.kind.value}{chips}\n")
    out.write("--- the hand is over ---\n")
    for seat in state.shown:
        hand = next(
            (e.text for e in state.history if e.kind is EventKind.SHOW and e.seat == seat), ""
        )
        out.write(f"{state.names[seat]} shows {hand}\n")
    assert state.payouts is not None
    for seat, name in enumerate(state.names):
        net = state.payouts[seat] - state.put_in[seat]
        out.write(f"{name}: {net:+d}, stack {state.stacks[seat]}\n")
    return 0


def run(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.names.split(",") if n.strip()] or [
        f"P{seat + 1}" for seat in range(args.players)
    ]
    try:
        rules = make_rules(args.game, parse_options(args.option))
        state = HandState.start(
            rules,
            names=names,
            stacks=[args.stack] * len(names),
            dealer=len(names) - 1,
            rng=random.Random(args.seed),
        )
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return play(state, iter(sys.stdin), sys.stdout)
