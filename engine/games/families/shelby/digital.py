"""Shelby and Psycho Shelby as digital hands: one deal of up to four rounds (ruling 15).

Each round deals more face-down cards, then everyone holds or drops at once
(:class:`~engine.games.steps.shelby.ShelbyHold`), settled like a physical
round by :func:`engine.games.families.shelby.settle.settle_shelby_round`. The night's pot and
Shelby markers come in through ``HandState.start(carry=...)`` and go on in
``HandState.carry_out``, as Guts deals chain (see :mod:`engine.games.steps.shelby`).
Which of the two games is played is the game's name, not an option.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.games.entry import GameEntry, GamePart, Recording
from engine.games.errors import GameOptionError
from engine.games.families.shelby.hands import PSYCHO_RANKINGS, SHELBY_RANKINGS
from engine.games.families.shelby.state import ShelbyOptions, ShelbyVariant
from engine.games.options import OptionSpec
from engine.games.rules import GameRules, Step
from engine.games.steps.deal import Deal
from engine.games.steps.shelby import ShelbyBuyCards, ShelbyHold
from engine.hands.rankings import BASEBALL_WILD, STANDARD, HighRanking, LowRanking
from engine.hands.size import HandSize

_ANTE: Final = OptionSpec(
    name="ante",
    kind="count",
    default=1,
    least=1,
    help="the ante of every player",
    rule="RULINGS 15",
)

_SHELBY_OPTIONS: Final = (
    OptionSpec(
        name="limit",
        kind="count",
        default=None,
        least=1,
        help="the most a loser pays the winner of a round (none: the whole pot)",
        rule="RULINGS 15",
    ),
    _ANTE,
)

_PSYCHO_OPTIONS: Final = (
    _ANTE,
    OptionSpec(
        name="extra_card_price",
        kind="count",
        default=1,
        help="what an extra card for a 4 costs in the last round, paid to the pot "
        "(none or 0: free)",
        rule="RULINGS 15",
    ),
    OptionSpec(
        name="flushes_count",
        kind="bool",
        default=False,
        help="round 2's low hand: a flush counts against you (ruling 6 option)",
        rule="RULINGS 6",
    ),
)


def _build_shelby(values: Mapping[str, object]) -> GameRules:
    limit = values["limit"]
    options = ShelbyOptions(
        variant=ShelbyVariant.SHELBY,
        ante=_ante("shelby", values),
        limit=limit if isinstance(limit, int) else None,
    )
    steps: tuple[Step, ...] = (
        Deal(cards=("down", "down")),
        ShelbyHold(options=options, round=1),
        Deal(cards=("down",)),
        ShelbyHold(options=options, round=2),
        Deal(cards=("down", "down")),
        ShelbyHold(options=options, round=3),
        Deal(cards=("down", "down")),
        ShelbyHold(options=options, round=4),
    )
    # The ranking of the last round: the one a simulation's summary uses.
    return _rules("shelby", steps, values, max_players=7, wild=False)


def _build_psycho(values: Mapping[str, object]) -> GameRules:
    price = values["extra_card_price"]
    options = ShelbyOptions(
        variant=ShelbyVariant.PSYCHO,
        ante=_ante("psycho-shelby", values),
        extra_card_price=price if isinstance(price, int) else 0,
        flushes_count=bool(values["flushes_count"]),
    )
    steps: tuple[Step, ...] = (
        Deal(cards=("down", "down", "down")),
        ShelbyHold(options=options, round=1),
        Deal(cards=("down", "down")),
        ShelbyHold(options=options, round=2),
        Deal(cards=("down", "down")),
        ShelbyBuyCards(options=options),
        ShelbyHold(options=options, round=3),
    )
    # Six players: 42 cards dealt leave enough for an extra card for every 4.
    return _rules("psycho-shelby", steps, values, max_players=6, wild=True)


def _ante(game: str, values: Mapping[str, object]) -> int:
    ante = values["ante"]
    if not isinstance(ante, int):
        raise GameOptionError(
            f"{game}: every game needs an ante of at least 1 chip, not none",
            code="ante_missing",
            params={"game": game},
        )
    return ante


def _rules(
    name: str,
    steps: tuple[Step, ...],
    values: Mapping[str, object],
    *,
    max_players: int,
    wild: bool,
) -> GameRules:
    return GameRules(
        name=name,
        steps=steps,
        ranking=HighRanking(wild=BASEBALL_WILD) if wild else STANDARD,
        min_players=2,
        max_players=max_players,
        antes=False,  # the settlement of each round takes them
        options=tuple(sorted(values.items())),
    )


# Each round is ranked and its cards counted by the settlement of a round
# (:mod:`engine.games.families.shelby.settle`), so neither game has one hand size.
ENTRIES: Final[tuple[GameEntry, ...]] = (
    GameEntry(
        name="shelby",
        family="shelby",
        title="Shelby",
        rule="RULINGS 15",
        ranking=None,
        round_rankings=SHELBY_RANKINGS,
        options=_SHELBY_OPTIONS,
        build=_build_shelby,
        recording=Recording(family="shelby"),
    ),
    GameEntry(
        name="psycho-shelby",
        family="shelby",
        title="Psycho Shelby",
        rule="RULINGS 15",
        ranking=None,
        round_rankings=PSYCHO_RANKINGS,
        options=_PSYCHO_OPTIONS,
        build=_build_psycho,
        recording=Recording(family="shelby"),
        parts=(
            # The second round: three cards and two more, the best low three.
            GamePart(
                name="shelby-low",
                title="Psycho Shelby's low round",
                ranking=LowRanking(size=3),
                hand_size=HandSize(dealt=5),
            ),
        ),
    ),
)
