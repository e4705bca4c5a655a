"""Guts as a digital hand: one deal, settled like a physical deal (ruling 14).

Every house option of the ruling is an option here; the deal itself is the
plain two (or three) face-down cards each and a :class:`GutsDeclare` step.
The night's pot and reserve come in through ``HandState.start(carry=...)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.games.errors import GameOptionError
from engine.games.families.guts.settle import Declare, GutsOptions
from engine.games.options import GameSpec, OptionSpec
from engine.games.rules import Face, GameRules
from engine.games.steps.deal import Deal
from engine.games.steps.declare import GutsDeclare

_CARDS: Final[dict[int, tuple[Face, ...]]] = {2: ("down", "down"), 3: ("down", "down", "down")}

_OPTIONS: Final = (
    OptionSpec(
        name="limit",
        kind="count",
        default=None,
        least=1,
        help="the most a pot may hold; chips above it wait in the reserve (none: no limit)",
    ),
    OptionSpec(name="ante", kind="count", default=1, least=1, help="the ante of every player"),
    OptionSpec(
        name="declare",
        kind="choice",
        default="at_once",
        choices=tuple(d.value for d in Declare),
        help="in or out at once, in turn (dealer last, takes the pot if all before are out) "
        "or by dropping the cards",
    ),
    OptionSpec(
        name="one_loser_pays",
        kind="bool",
        default=False,
        help="only the weakest hand in pays the pot; everyone antes every deal",
    ),
    OptionSpec(
        name="no_split",
        kind="bool",
        default=False,
        help="tied best hands take and pay nothing; the pot stays",
    ),
    OptionSpec(
        name="ghost_hand",
        kind="bool",
        default=False,
        help="a hand nobody owns must be beaten; if it wins or ties, everyone in pays",
    ),
    OptionSpec(name="three_cards", kind="bool", default=False, help="three-card Guts"),
    OptionSpec(
        name="straight_flush_over_trips",
        kind="bool",
        default=False,
        help="three-card Guts: a straight flush beats three of a kind",
    ),
    OptionSpec(
        name="flush_over_straight",
        kind="bool",
        default=False,
        help="three-card Guts: a flush beats a straight",
    ),
)


def _build(values: Mapping[str, object]) -> GameRules:
    limit, ante = values["limit"], values["ante"]
    three = bool(values["three_cards"])
    if ante is None:
        raise GameOptionError("guts: every deal needs an ante of at least 1 chip, not none")
    options = GutsOptions(
        limit=limit if isinstance(limit, int) else None,
        ante=int(str(ante)),
        declare=Declare(str(values["declare"])),
        one_loser_pays=bool(values["one_loser_pays"]),
        no_split=bool(values["no_split"]),
        ghost_hand=bool(values["ghost_hand"]),
        three_cards=three,
        # Two cards make no straights or flushes: the orders of three-card Guts
        # mean nothing there, so they are kept as chosen but not applied.
        straight_flush_over_trips=three and bool(values["straight_flush_over_trips"]),
        flush_over_straight=three and bool(values["flush_over_straight"]),
    )
    return GameRules(
        name="guts",
        steps=(Deal(cards=_CARDS[options.cards_per_hand]), GutsDeclare(options=options)),
        ranking=options.ranking,
        min_players=2,
        max_players=10,
        antes=False,
        options=tuple(sorted(values.items())),
    )


SPECS: Final[dict[str, GameSpec]] = {"guts": GameSpec(options=_OPTIONS, build=_build)}
