"""``python -m engine rank``: name and rank hands given as arguments or one a line on stdin."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from engine.cards import parse_cards
from engine.errors import EngineError
from engine.games.catalog import GAMES_WITH_TABLE_WILD, RANKING_BY_GAME
from engine.hands.evaluate import HandValue, evaluate
from engine.hands.rankings import STANDARD, HighRanking, Ranking, parse_wild


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "rank",
        help="rank hands",
        description=(
            "Rank each hand given as an argument, or one hand a line on standard input. "
            "Cards like As 10h Td D♠ B♣ 3♥; a rank alone (K K 9 3) gets a free suit "
            "and never makes a flush."
        ),
    )
    parser.add_argument(
        "--game",
        choices=sorted(RANKING_BY_GAME),
        help="use the game's ranking and wild cards (baseball: 3s and 9s wild)",
    )
    parser.add_argument(
        "--wild",
        metavar="RANKS",
        help="wild ranks, e.g. 3,9 or 6 (with --game only for "
        f"{', '.join(sorted(GAMES_WITH_TABLE_WILD))})",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object a hand")
    parser.add_argument("--lang", choices=("en", "de"), default="en", help="language of names")
    parser.add_argument("hands", nargs="*", metavar="HAND", help='a hand, e.g. "K K 9 3"')


def ranking_from_args(game: str | None, wild: str | None) -> Ranking:
    """The ranking for ``--game`` and ``--wild``; raises EngineError on a bad combination."""
    wild_ranks = parse_wild(wild) if wild else None
    if game is None:
        return HighRanking(wild=wild_ranks) if wild_ranks else STANDARD
    ranking = RANKING_BY_GAME[game]
    if wild_ranks is None:
        if game in GAMES_WITH_TABLE_WILD:
            raise EngineError(f"{game}: give the wild rank of the card in the middle with --wild")
        return ranking
    if game not in GAMES_WITH_TABLE_WILD:
        raise EngineError(f"{game} has its own wild cards; use --game or --wild, not both")
    return HighRanking(wild=wild_ranks)


def as_json(value: HandValue, lang: str) -> str:
    return json.dumps(
        {
            "cards": [str(c) for c in value.cards],
            "category": value.category.key,
            "name": value.name(lang),
            "strength": value.strength,
            "best": [str(b.stands_for) for b in value.best],
        },
        ensure_ascii=False,
    )


def as_text(value: HandValue, lang: str) -> str:
    cards = " ".join(c.format(lang=lang) for c in value.cards)
    best = " ".join(b.format(lang=lang) for b in value.best)
    return f"{cards}: {value.name(lang)} [{best}] {value.strength}"


def rank_lines(
    lines: Iterable[str], ranking: Ranking, *, use_json: bool, lang: str, out: TextIO, err: TextIO
) -> int:
    """Answer every line; a bad hand is reported on ``err`` and makes the status 2."""
    status = 0
    render = as_json if use_json else as_text
    batch: list[str] = []
    for number, line in enumerate(lines, start=1):
        hand = line.strip()
        if not hand:
            continue
        try:
            batch.append(render(evaluate(parse_cards(hand, fill_suits=True), ranking), lang))
        except EngineError as exc:
            status = 2
            err.write(f"hand {number}: {hand!r}: {exc}\n")
        if len(batch) >= 1024:
            out.write("\n".join(batch) + "\n")
            batch.clear()
    if batch:
        out.write("\n".join(batch) + "\n")
    return status


def run(args: argparse.Namespace) -> int:
    try:
        ranking = ranking_from_args(args.game, args.wild)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    lines: Iterable[str] = args.hands if args.hands else sys.stdin
    return rank_lines(
        lines, ranking, use_json=args.json, lang=args.lang, out=sys.stdout, err=sys.stderr
    )
