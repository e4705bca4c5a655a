"""Guts and three-card Guts as digital hands: one deal, settled like a physical deal
(ruling 14).

Every house option of the ruling is an option here; three-card Guts is a game of its
own (``guts3``) with the orders of straights and flushes as its options. The deal
itself is the plain two (or three) face-down cards each and a :class:`GutsDeclare`
step. The night's pot and reserve come in through ``HandState.start(carry=...)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.games.entry import GameEntry, Recording
from engine.games.errors import GameOptionError
from engine.games.families.guts.settle import Declare, GutsOptions
from engine.games.options import OptionSpec
from engine.games.rules import Face, GameRules
from engine.games.steps.deal import Deal
from engine.games.steps.declare import GutsDeclare
from engine.hands.rankings import Guts2Ranking, Guts3Ranking
from engine.hands.size import HandSize

_CARDS: Final[dict[int, tuple[Face, ...]]] = {2: ("down", "down"), 3: ("down", "down", "down")}

_OPTIONS: Final = (
    OptionSpec(
        name="limit",
        kind="count",
        default=None,
        least=1,
        help="the most a pot may hold; chips above it wait in the reserve (none: no limit)",
        rule="RULINGS 14",
    ),
    OptionSpec(
        name="ante",
        kind="count",
        default=1,
        least=1,
        help="the ante of every player",
        rule="RULINGS 14",
    ),
    OptionSpec(
        name="declare",
        kind="choice",
        default="at_once",
        choices=tuple(d.value for d in Declare),
        help="in or out at once, in turn (dealer last, takes the pot if all before are out) "
        "or by dropping the cards",
        rule="RULINGS 14",
    ),
    OptionSpec(
        name="one_loser_pays",
        kind="bool",
        default=False,
        help="only the weakest hand in pays the pot; everyone antes every deal",
        rule="RULINGS 14",
    ),
    OptionSpec(
        name="no_split",
        kind="bool",
        default=False,
        help="tied best hands take and pay nothing; the pot stays",
        rule="RULINGS 14",
    ),
    OptionSpec(
        name="ghost_hand",
        kind="bool",
        default=False,
        help="a hand nobody owns must be beaten; if it wins or ties, everyone in pays",
        rule="RULINGS 14",
    ),
)
_THREE_CARD_OPTIONS: Final = (
    OptionSpec(
        name="straight_flush_over_trips",
        kind="bool",
        default=False,
        help="a straight flush beats three of a kind",
        rule="guts.de.txt",
    ),
    OptionSpec(
        name="flush_over_straight",
        kind="bool",
        default=False,
        help="a flush beats a straight",
        rule="guts.de.txt",
    ),
)


def _build_two(values: Mapping[str, object]) -> GameRules:
    return _build("guts", values, three=False)


def _build_three(values: Mapping[str, object]) -> GameRules:
    return _build("guts3", values, three=True)


def _build(name: str, values: Mapping[str, object], *, three: bool) -> GameRules:
    limit, ante = values["limit"], values["ante"]
    if ante is None:
        raise GameOptionError(
            "guts: every deal needs an ante of at least 1 chip, not none",
            code="ante_missing",
            params={"game": name},
        )
    options = GutsOptions(
        limit=limit if isinstance(limit, int) else None,
        ante=int(str(ante)),
        declare=Declare(str(values["declare"])),
        one_loser_pays=bool(values["one_loser_pays"]),
        no_split=bool(values["no_split"]),
        ghost_hand=bool(values["ghost_hand"]),
        three_cards=three,
        straight_flush_over_trips=bool(values.get("straight_flush_over_trips")),
        flush_over_straight=bool(values.get("flush_over_straight")),
    )
    return GameRules(
        name=name,
        steps=(Deal(cards=_CARDS[options.cards_per_hand]), GutsDeclare(options=options)),
        ranking=options.ranking,
        min_players=2,
        max_players=10,
        antes=False,
        options=tuple(sorted(values.items())),
    )


ENTRIES: Final[tuple[GameEntry, ...]] = (
    GameEntry(
        name="guts",
        family="guts",
        title="Guts",
        rule="RULINGS 14",
        ranking=Guts2Ranking(),
        hand_size=HandSize(dealt=2),
        options=_OPTIONS,
        build=_build_two,
        recording=Recording(family="guts"),
    ),
    GameEntry(
        name="guts3",
        family="guts",
        title="Three-card Guts",
        rule="guts.de.txt",
        ranking=Guts3Ranking(),
        hand_size=HandSize(dealt=3),
        options=_OPTIONS + _THREE_CARD_OPTIONS,
        build=_build_three,
        recording=Recording(family="guts"),
    ),
)
